import Foundation
import XCTest
@testable import WaveSinks

/// Outputs are whole or absent, and nothing that is not ours is ever replaced.
final class AtomicFileTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-atomic-\(getpid())-\(name.hashValue)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func testADeviceIsWrittenInPlaceNotReplaced() throws {
        try AtomicFile.write([1, 2, 3], to: "/dev/null")
        var st = stat()
        XCTAssertEqual(stat("/dev/null", &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFCHR, "/dev/null is still a character device")
    }

    func testAFIFOIsWrittenThroughToItsReader() throws {
        let fifo = dir + "/pipe"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let received = LockedBytes()
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 64)
            while fd >= 0 {
                let n = read(fd, &chunk, chunk.count)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            close(fd)
            received.set(bytes)
        }
        reader.start()
        try AtomicFile.write(Array("frames".utf8), to: fifo)
        for _ in 0..<200 where received.get() == nil { usleep(10_000) }
        XCTAssertEqual(received.get(), Array("frames".utf8))
        var st = stat()
        XCTAssertEqual(lstat(fifo, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
    }

    func testASymbolicLinkIsFollowedAndKept() throws {
        let real = dir + "/real.png", link = dir + "/link.png"
        try Data([9]).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        try AtomicFile.write([4, 5], to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), real)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: real))), [4, 5])
    }

    /// A link to a file not made yet (relative, through a second link) is written through:
    /// the links stay, and the file appears where they point.
    func testADanglingSymbolicLinkIsWrittenThrough() throws {
        try FileManager.default.createDirectory(atPath: dir + "/renders", withIntermediateDirectories: true)
        let link = dir + "/link.png", hop = dir + "/hop.png", real = dir + "/renders/new.png"
        try FileManager.default.createSymbolicLink(atPath: hop, withDestinationPath: "renders/new.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "hop.png")
        try AtomicFile.write([6, 7], to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "hop.png")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: hop), "renders/new.png")
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: real))), [6, 7])
    }

    func testAReplacedFileKeepsItsPermissions() throws {
        let path = dir + "/private.png"
        try Data([1]).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(chmod(path, 0o600), 0)
        try AtomicFile.write([2, 3], to: path)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), [2, 3])
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)
    }

    func testAnAbortLeavesTheOldFileAndNoTemporary() throws {
        let path = dir + "/out.gif"
        try Data([7]).write(to: URL(fileURLWithPath: path))
        let f = try AtomicFile(path: path)
        try f.write([1, 2, 3])
        f.abort()
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), [7])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out.gif"])
    }

    func testNamesUpTo255BytesCanBeWritten() throws {
        for length in [200, 229, 250, 255] {
            let name = String(repeating: "é", count: (length - 4) / 2) + String(repeating: "x", count: (length - 4) % 2) + ".png"
            XCTAssertEqual(name.utf8.count, length)
            try AtomicFile.write([1], to: dir + "/" + name)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/" + name))
            let temp = AtomicFile.temporaryName(for: name, pid: 123456, random: .max)
            XCTAssertLessThanOrEqual(temp.utf8.count, 255)
            XCTAssertNotNil(String(validatingCString: temp), "cut at a character boundary")
        }
    }

    func testTemporariesOfDeadProcessesAreCleanedUpButNotThoseOfLiveOnes() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let dead = child.processIdentifier
        let stale = dir + "/" + AtomicFile.temporaryName(for: "anim.apng", pid: dead, random: 42)
        let live = dir + "/" + AtomicFile.temporaryName(for: "anim.apng", pid: getppid(), random: 43)
        let other = dir + "/" + AtomicFile.temporaryName(for: "other.png", pid: dead, random: 44)
        for p in [stale, live, other] { try Data([0]).write(to: URL(fileURLWithPath: p)) }
        try AtomicFile.write([1], to: dir + "/anim.apng")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live))
        XCTAssertTrue(FileManager.default.fileExists(atPath: other), "another file's temporary is left to its own writer")
    }
}

final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var value: [UInt8]?
    func set(_ v: [UInt8]) { lock.lock(); value = v; lock.unlock() }
    func get() -> [UInt8]? { lock.lock(); defer { lock.unlock() }; return value }
}
