import Foundation
import XCTest

/// `wave state` and `wave render --state-from` through the binary: a render started from a
/// saved state writes the bytes of one stepped from tick 0, and a state that does not fit is
/// refused with its exit code and the file's name.
final class StateCLITests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try temporaryDirectory() }
    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    func example(_ name: String) -> String { WaveBinary.packageRoot.appendingPathComponent("examples/\(name)").path }

    func ok(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try WaveBinary.run(args)
        XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)", file: file, line: line)
    }

    /// Shards of two examples rendered from saved states (at the chunk's start, and
    /// 1.5 s before it) are byte-identical to the same shards stepped from tick 0, for
    /// every animated format.
    func testShardsFromASavedStateMatchShardsFromTickZero() throws {
        for name in ["sonar.wave", "morph.wave"] {
            for at in [150, 60] {
                try ok(["state", example(name), "--at", "\(at)t", "-o", path("s.state"), "-q"])
                for ext in ["gif", "apng", "y4m"] {
                    let common = ["render", example(name), "-q", "--to", "210t", "--ticks", "150..210", "--scale", "0.5"]
                    try ok(common + ["-o", path("zero.\(ext)")])
                    try ok(common + ["-o", path("state.\(ext)"), "--state-from", path("s.state")])
                    let fromState = try RenderFixtures.bytes(dir.appendingPathComponent("state.\(ext).150-210.part"))
                    let fromZero = try RenderFixtures.bytes(dir.appendingPathComponent("zero.\(ext).150-210.part"))
                    XCTAssertTrue(fromState == fromZero, "\(name) from tick \(at), \(ext): \(fromState.count) bytes, \(fromZero.count) from tick 0")
                }
            }
        }
    }

    /// A chain: each shard writes the state the next one starts from (--state-to), at the
    /// tick that shard first steps to; the joined parts are the whole render's bytes.
    func testShardsChainedThroughStateToJoinIntoTheWholeRender() throws {
        for ext in ["apng", "gif", "y4m"] {
            let common = ["render", example("sonar.wave"), "-q", "--to", "180t", "--scale", "0.5", "-o", path("out.\(ext)")]
            try ok(common + ["--shard", "0/3", "--state-to", path("s0.state")])
            let head = String(decoding: try Data(contentsOf: dir.appendingPathComponent("s0.state")).prefix(200), as: UTF8.self)
            let tick = Int(head.split(separator: "\n")[4].dropFirst("tick ".count)) ?? -1
            switch ext {
            case "apng": XCTAssertEqual(tick, 59, "APNG: the tick before the next shard's first")
            case "gif": XCTAssertTrue((54...60).contains(tick), "GIF: the frame before the next shard's first whole second, not \(tick)")
            default: XCTAssertEqual(tick, 60)
            }
            try ok(common + ["--shard", "1/3", "--state-from", path("s0.state"), "--state-to", path("s1.state")])
            try ok(common + ["--shard", "2/3", "--state-from", path("s1.state")])
            try ok(["join", path("out.\(ext)"), "-q"])
            try ok(["render", example("sonar.wave"), "-q", "--to", "180t", "--scale", "0.5", "-o", path("whole.\(ext)")])
            let joined = try RenderFixtures.bytes(dir.appendingPathComponent("out.\(ext)"))
            let whole = try RenderFixtures.bytes(dir.appendingPathComponent("whole.\(ext)"))
            XCTAssertTrue(joined == whole, "\(ext): joined \(joined.count) bytes, whole \(whole.count)")
        }
        let r = try WaveBinary.run(["render", example("sonar.wave"), "--time", "1s", "-o", path("x.png"), "--state-to", path("x.state")])
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertTrue(r.stderr.contains("--state-to"), r.stderr)
    }

    func testAStillFrameFromAStateMatches() throws {
        try ok(["state", example("ocean.wave"), "--at", "2s", "-o", path("o.state"), "-q"])
        try ok(["render", example("ocean.wave"), "-q", "--time", "2.5s", "-o", path("zero.png")])
        try ok(["render", example("ocean.wave"), "-q", "--time", "2.5s", "-o", path("state.png"), "--state-from", path("o.state")])
        XCTAssertTrue(try RenderFixtures.bytes(dir.appendingPathComponent("state.png"))
                      == RenderFixtures.bytes(dir.appendingPathComponent("zero.png")))
    }

    func testStatesThatDoNotFitAreRefusedNamingTheFile() throws {
        try ok(["state", example("sonar.wave"), "--at", "100t", "-o", path("s.state"), "-q"])
        // Another script.
        var r = try WaveBinary.run(["render", example("spinner.wave"), "-o", path("x.gif"), "--ticks", "120..180", "--state-from", path("s.state")])
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains(path("s.state")) && r.stderr.contains("another script"), r.stderr)
        // Truncated and corrupt.
        let bytes = try Data(contentsOf: dir.appendingPathComponent("s.state"))
        for (label, broken) in [("truncated", bytes.prefix(bytes.count / 2)), ("corrupt", { var b = bytes; b[b.count - 40] ^= 1; return b }())] {
            try Data(broken).write(to: dir.appendingPathComponent("bad.state"))
            r = try WaveBinary.run(["render", example("sonar.wave"), "-o", path("x.gif"), "--ticks", "120..180", "--state-from", path("bad.state")])
            XCTAssertEqual(r.status, 65, "\(label): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(path("bad.state") + ": byte "), r.stderr)
        }
        // A state past the chunk's first tick.
        r = try WaveBinary.run(["render", example("sonar.wave"), "-o", path("x.gif"), "--ticks", "60..120", "--state-from", path("s.state")])
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertTrue(r.stderr.contains("--at 60t"), r.stderr)
        // A missing file.
        r = try WaveBinary.run(["render", example("sonar.wave"), "-o", path("x.gif"), "--ticks", "120..180", "--state-from", path("none.state")])
        XCTAssertEqual(r.status, 74, r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.gif.120-180.part")), "nothing is written after a refusal")
    }
}
