import Foundation
import XCTest

/// Every limit ends in a clear error that points at the script, never a hang or a trap.
final class LimitTests: XCTestCase {
    /// This test's own output directory: every run given a path in it fails, so it stays empty.
    var outputs = FileManager.default.temporaryDirectory
    var never: String { outputs.appendingPathComponent("never.png").path }

    override func setUpWithError() throws {
        outputs = try temporaryDirectory()
        // Registered after the folder's removal, so it runs before it (last in, first out).
        addTeardownBlock { [outputs] in
            XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: outputs.path)) ?? ["(gone)"], [], "a failing run wrote output")
        }
    }

    func script(_ text: String) throws -> String {
        let f = try temporaryDirectory().appendingPathComponent("limit.wave")
        try text.write(to: f, atomically: true, encoding: .utf8)
        return f.path
    }

    func testMaximumCanvasSize() throws {
        let r = try WaveBinary.run(["check", try script("scene 9000x10\n")])
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains(":1:7: error[E0306]: scene size 9000x10 is out of range: each side must be 1 to 8192 px"), r.stderr)
        let scaled = try WaveBinary.run(["render", try script("scene 4000x10\n"), "-o", never, "--scale", "4"])
        XCTAssertEqual(scaled.status, 64, scaled.stderr)
    }

    func testSpawnStormHitsTheLayerLimitAtTheSpawn() throws {
        let path = try script("template r: circle { radius 1 }\nevery tick { spawn r; spawn r; spawn r }\n")
        let r = try WaveBinary.run(["render", path, "-o", never, "--frame", "30"], environment: ["WAVE_MAX_LAYERS": "20"])
        XCTAssertEqual(r.status, 70)
        XCTAssertTrue(r.stderr.contains("limit.wave:2:32: error[E0701]: too many live layers (more than 20)"), r.stderr)
    }

    func testRunawayWorkInOneTickIsStopped() throws {
        let body = Array(repeating: "x += 1", count: 200).joined(separator: "; ")
        let path = try script("var x = 0\nevery tick { \(body) }\nlayer c: circle { radius 5 + x * 0 }\n")
        let r = try WaveBinary.run(["render", path, "-o", never], environment: ["WAVE_MAX_WORK": "300"])
        XCTAssertEqual(r.status, 70)
        XCTAssertTrue(r.stderr.contains("error[E0702]: too much work in one tick (more than 300 steps); a handler runs away"), r.stderr)
        XCTAssertTrue(r.stderr.contains("limit.wave:2:"), "points at the handler: \(r.stderr)")
    }

    func testTooManyTimers() throws {
        let path = try script("var x = 0\nevery tick { every tick { x += 1 } }\n")
        let r = try WaveBinary.run(["render", path, "-o", never, "--frame", "60"], environment: ["WAVE_MAX_TIMERS": "50"])
        XCTAssertEqual(r.status, 70)
        XCTAssertTrue(r.stderr.contains("limit.wave:2:14: error[E0703]: too many timers at once (more than 50)"), r.stderr)
    }

    func testPathPointLimit() throws {
        let points = (0..<40).map { "(\($0), \($0 % 7))" }.joined(separator: ", ")
        let path = try script("layer p: polygon { points [\(points)] }\n")
        let r = try WaveBinary.run(["render", path, "-o", never], environment: ["WAVE_MAX_PATH_ELEMENTS": "10"])
        XCTAssertEqual(r.status, 70)
        XCTAssertTrue(r.stderr.contains("limit.wave:1:1: error[E0705]: layer 'p' has too many path elements"), r.stderr)
    }

    func testExpressionDepthLimit() throws {
        let deep = String(repeating: "(", count: 400) + "1" + String(repeating: ")", count: 400)
        let r = try WaveBinary.run(["check", try script("var x = \(deep)\n")])
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains("error[E0105]: expression nested too deeply (more than 200 levels, counting the blocks around it)"), r.stderr)
    }

    func testRenderLengthLimit() throws {
        let r = try WaveBinary.run(["render", "examples/stickman.wave", "-o", outputs.appendingPathComponent("%04d.png").path, "--to", "40000s"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("--to"), r.stderr)
    }

    func testNumericTroubleNeverTraps() throws {
        // Division by zero, infinities and NaN in expressions: values, not traps; NaN in
        // geometry is a located runtime error.
        let ok = try WaveBinary.run(["repl"], stdin: "var z = 0\n1 / z\n-1 / z\n0 / z\nsqrt(-1)\npow(10, 400)\n")
        XCTAssertEqual(ok.stdout, "inf\n-inf\nnan\nnan\ninf\n")
        XCTAssertEqual(ok.status, 0)
    }

    func testEmptyAndHugeScripts() throws {
        let empty = try WaveBinary.run(["render", try script(""), "-o", try temporaryDirectory().appendingPathComponent("e.png").path])
        XCTAssertEqual(empty.status, 0, empty.stderr)
        // A 10 MB script of comments and small layers checks.
        var big = "scene 100x100\n"
        let line = "layer l\(0): circle { center (1, 2) radius 3 }  # padding padding padding padding padding\n"
        while big.utf8.count < 10_000_000 { big += "# " + String(repeating: "x", count: 500) + "\n" }
        big += line
        // Bounded, not timed: `timeout` ends a check that would never finish (status 124).
        let r = try WaveBinary.runProcess("/usr/bin/timeout", ["600", WaveBinary.url.path, "check", try script(big)])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testALimitVariableItCannotHonourIsAUsageError() throws {
        let r = try WaveBinary.run(["check", try script("scene 10x10\n")], environment: ["WAVE_MAX_LAYERS": "-1"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("WAVE_MAX_LAYERS='-1' is not a limit"), r.stderr)
    }
}

final class FailureTests: XCTestCase {
    /// A missing font is a warning naming the layer; the text still renders with
    /// fontconfig's substitute.
    func testMissingFontWarnsAndStillRenders() throws {
        let dir = try temporaryDirectory()
        let f = dir.appendingPathComponent("font.wave")
        try "layer title: text \"hi\" { font \"Nonexistent Sans:bold\"  size 20  position (50, 50) }\n".write(to: f, atomically: true, encoding: .utf8)
        let r = try WaveBinary.run(["render", f.path, "-o", dir.appendingPathComponent("f.png").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("font.wave:1:1: warning[W0005]: font family 'Nonexistent Sans' is not installed; layer 'title' uses 'DejaVu Sans' instead"), r.stderr)
    }
}
