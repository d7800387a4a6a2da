import Foundation
import XCTest

/// Issue 53's reproducers through the binary: `wave check` ends (under `timeout 60`, so a
/// regression fails instead of hanging the suite) with a located script error.
final class CompileWorkCLITests: XCTestCase {
    func check(_ text: String) throws -> Run {
        let f = try temporaryDirectory().appendingPathComponent("work.wave")
        try text.write(to: f, atomically: true, encoding: .utf8)
        return try WaveBinary.runProcess("/usr/bin/timeout", ["60", WaveBinary.url.path, "check", f.path])
    }

    func testDoublyRecursiveFunctionEndsWithTooMuchWork() throws {
        let r = try check("""
            scene 100x100
            func f(n) = n <= 0 ? 1 : f(n - 1) + f(n - 1)
            let x = f(40)
            layer c: circle { center (50, 50) radius x }
            """)
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("work.wave:3:9: error[E0702]: too much work"), r.stderr)
    }

    func testLetChainChecks() throws {
        let r = try check("scene 100x100\nlet k0 = 1\n" + (1...60).map { "let k\($0) = k\($0 - 1) + k\($0 - 1)" }.joined(separator: "\n")
                          + "\nlayer c: circle { center (50, 50) radius k60 / 1e16 }\n")
        XCTAssertEqual(r.status, 0, r.stderr)
    }
}

/// Issue 53: copies past the live-layer limit are a script error at `wave check`.
final class LayerCountCLITests: XCTestCase {
    func testReplicatePastTheLayerLimitFailsTheCheck() throws {
        let f = try temporaryDirectory().appendingPathComponent("many.wave")
        try "scene 100x100\nlayer d: group {\n  replicate 1000000\n  layer c: circle { center (1, 1) radius 1 }\n}\n"
            .write(to: f, atomically: true, encoding: .utf8)
        let r = try WaveBinary.runProcess("/usr/bin/timeout", ["60", WaveBinary.url.path, "check", f.path])
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("many.wave:4:3: error[E0701]"), r.stderr)
    }
}
