import Foundation
import XCTest

/// `wave join` of large parts stops on SIGINT, SIGTERM and SIGHUP as render does: the
/// signal's exit status, the existing output untouched, no temporary file left.
final class JoinSignalTests: XCTestCase {
    func testASignalStopsAJoinAndLeavesTheOutputAlone() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("big.wave").path
        try "scene 1280x720 { background #123456 duration 1s }\nlayer c: circle { center (100, 100) radius 50 fill #fff }\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("big.y4m").path
        for shard in ["0/2", "1/2"] {
            let r = try WaveBinary.run(["render", script, "-o", out, "--shard", shard, "-q"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        // Two parts of about 41 MB: reading, joining and writing them takes far longer than
        // the moment between the handlers' installation and the signal.
        try "the old output".write(toFile: out, atomically: true, encoding: .utf8)
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 143), (SIGHUP, 129)] {
            let p = Process()
            p.executableURL = WaveBinary.url
            p.arguments = ["join", out]
            let err = Pipe()
            p.standardError = err
            try p.run()
            XCTAssertTrue(WaveBinary.waitUntilCatching(signal, pid: p.processIdentifier), "handlers installed")
            kill(p.processIdentifier, signal)
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationReason, .exit, "signal \(signal) was caught")
            XCTAssertEqual(p.terminationStatus, status, "signal \(signal): \(message)")
            XCTAssertTrue(message.contains("no partial file was left"), message)
            XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "the old output")
            let temporaries = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
            XCTAssertEqual(temporaries, [])
        }
        let r = try WaveBinary.run(["join", out, "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let whole = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertTrue(whole.starts(with: Array("YUV4MPEG2 W1280 H720".utf8)))
        let headerLength = (whole.firstIndex(of: 0x0A) ?? 0) + 1
        XCTAssertEqual(whole.count, headerLength + 60 * ("FRAME\n".count + 1280 * 720 * 3 / 2), "60 frames of 4:2:0")
    }
}
