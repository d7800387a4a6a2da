import XCTest
import Foundation

/// `wave trace` on copies: `--prop 'bar[3].opacity'` and the `--live` column.
final class TraceCopiesTests: XCTestCase {
    func testAMisspeltPropGetsTheCompilersReasonAndSuggestion() throws {
        let dir = try temporaryDirectory()
        let url = dir.appendingPathComponent("s.wave")
        try "scene 100x100\nlayer ball: circle { radius 5 }\n".write(to: url, atomically: true, encoding: .utf8)
        let r = try WaveBinary.run(["trace", url.path, "--prop", "ball.positon.y"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("--prop 'ball.positon.y': unknown property 'positon' on circle layer 'ball'; did you mean 'position'?"), r.stderr)
        let negative = try WaveBinary.run(["trace", url.path, "--prop", "ball.radius", "--to", "-1s"])
        XCTAssertEqual(negative.status, 64)
        XCTAssertTrue(negative.stderr.contains("a time cannot be negative"), negative.stderr)
        // The time left out: the next option is named as what was taken for it.
        let missing = try WaveBinary.run(["trace", url.path, "--to", "--prop", "ball.radius"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("the time is missing: '--prop' is the next option"), missing.stderr)
    }

    func testTraceNamesACopyAndCountsLiveLayers() throws {
        let dir = try temporaryDirectory()
        let url = dir.appendingPathComponent("s.wave")
        try """
        scene 100x100
        layer dot[3]: circle { radius 2 + index }
        template ring: circle { }
        every 2t { spawn ring { animate opacity to 0 over 3t then remove } }
        animate dot.radius by 10 over 10t delay index * 2t
        """.write(to: url, atomically: true, encoding: .utf8)
        let r = try WaveBinary.run(["trace", url.path, "--live", "--prop", "dot[2].radius", "--to", "5t"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // 3 copies, plus spawned rings: one every 2 ticks from tick 0, each removed 3 ticks
        // later; dot[2] starts growing at tick 4 (delay index * 2t), by 1 a tick.
        XCTAssertEqual(r.stdout, """
        tick,time,live,dot[2].radius
        0,0,4,4
        1,0.016666666666666666,4,4
        2,0.03333333333333333,5,4
        3,0.05,4,4
        4,0.06666666666666667,5,4
        5,0.08333333333333333,4,5

        """)
        let bad = try WaveBinary.run(["trace", url.path, "--prop", "dot[3].radius"])
        XCTAssertEqual(bad.status, 64)
    }
}
