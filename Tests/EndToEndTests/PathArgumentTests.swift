import Foundation
import XCTest
import WaveCodecs

/// Every place a path is taken, with one-character names, `.`, `..`, trailing slashes and
/// symbolic links, run from a folder where those names are relative (Foundation's path
/// methods trapped on these: exit 132).
final class PathArgumentTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try temporaryDirectory()
        try """
        scene 40x30 { duration 0.1s }
        layer c: circle { center (20, 15) radius 8 fill #3af }
        """.write(to: dir.appendingPathComponent("s"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("s"), to: dir.appendingPathComponent("s.wave"))
    }

    private func wave(_ args: [String]) throws -> Run { try WaveBinary.run(args, in: dir) }

    private func isPNG(_ path: String) -> Bool {
        let bytes = (try? Data(contentsOf: dir.appendingPathComponent(path))).map { [UInt8]($0) } ?? []
        return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
    }

    func testOutputFoldersOfOneCharacterDotsAndTrailingSlashes() throws {
        for outDir in ["g", "g/", "h//", ".", "./k", "m/n", "../" + dir.lastPathComponent + "/p"] {
            let r = try wave(["render", "s.wave", "--out-dir", outDir, "--format", "png", "--quiet"])
            XCTAssertEqual(r.status, 0, "--out-dir \(outDir): \(r.stderr)")
            XCTAssertTrue(isPNG(outDir + "/s.png"), "--out-dir \(outDir) holds s.png")
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(outDir + "/index.html").path))
        }
    }

    func testOneCharacterOutputsAndSymbolicLinks() throws {
        // A plain one-character name, with the format said.
        var r = try wave(["render", "s.wave", "-o", "o", "--format", "png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(isPNG("o"))
        // A one-character symbolic link to a file: the file is replaced, the link kept.
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("l").path, withDestinationPath: "t.png")
        r = try wave(["render", "s.wave", "-o", "l", "--format", "png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(isPNG("t.png"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("l").path), "t.png")
        // A link to a folder's file through a one-character folder.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("d/k").path, withDestinationPath: "u.png")
        r = try wave(["render", "s.wave", "-o", "d/k", "--format", "png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(isPNG("d/u.png"), "a relative link is followed from its own folder")
        // Folders are refused with a clear error, never a crash.
        for target in [".", "..", "/", "d/", "d"] {
            r = try wave(["render", "s.wave", "-o", target, "--format", "png"])
            XCTAssertEqual(r.status, 74, "-o \(target): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("directory") || r.stderr.contains("folder"), "-o \(target): \(r.stderr)")
        }
    }

    func testOneCharacterScriptsImagesPartsAndGoldens() throws {
        // A script named with one character and no extension.
        var r = try wave(["check", "s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        r = try wave(["fmt", "--check", "s"])
        XCTAssertNotEqual(r.status, 132, r.stderr)
        // An image beside a one-character script, named by a one-character path.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("i"), withIntermediateDirectories: true)
        r = try wave(["render", "s.wave", "-o", "i/p.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("i/p.png"), to: dir.appendingPathComponent("p"))
        try """
        scene 40x30
        layer pic: image { source "p" position (20, 15) }
        """.write(to: dir.appendingPathComponent("j"), atomically: true, encoding: .utf8)
        r = try wave(["render", "j", "-o", "q.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(isPNG("q.png"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("e"), withIntermediateDirectories: true)
        // Shards of an output in a one-character folder, joined there.
        for shard in ["0/2", "1/2"] {
            r = try wave(["render", "s.wave", "-o", "e/a.gif", "--shard", shard, "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        r = try wave(["join", "e/a.gif"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let gif = (try? Data(contentsOf: dir.appendingPathComponent("e/a.gif"))).map { [UInt8]($0) } ?? []
        XCTAssertTrue(gif.starts(with: Array("GIF89a".utf8)))
        // Goldens in a one-character folder.
        r = try wave(["test", "s.wave", "--goldens", "z", "--record"])
        XCTAssertNotEqual(r.status, 132, r.stderr)
    }
}
