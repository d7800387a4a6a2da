import Foundation
import XCTest

/// `wave trace --live --plot` plots the live column it would print.
final class TraceLivePlotTests: XCTestCase {
    func testLiveAloneIsPlotted() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("l.svg")
        let r = try WaveBinary.run(["trace", "examples/confetti.wave", "--live", "--to", "3s", "--plot", svg.path], in: WaveBinary.packageRoot)
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try String(contentsOf: svg, encoding: .utf8)
        XCTAssertTrue(text.contains("data-name=\"live\""), text.prefix(400).description)
        XCTAssertTrue(text.contains(">live layers</text>"))
    }

    /// Positions and angles of one layer land on two axes.
    func testALayersPositionAndRotationGetTwoAxes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("spin.wave"), svg = dir.appendingPathComponent("s.svg")
        try "scene 100x100 {}\nlayer bar: rect { frame (40, 45, 20, 10) }\nanimate bar.rotation from 0deg to 360deg over 1s\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let r = try WaveBinary.run(["trace", script.path, "--layer", "bar", "--to", "1s", "--plot", svg.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try String(contentsOf: svg, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "class=\"panel\"").count - 1, 2, text)
        XCTAssertTrue(text.contains("data-name=\"bar.rotation\" data-unit=\"degrees\""))
        XCTAssertTrue(text.contains("data-name=\"bar.position.x\" data-unit=\"px\""))
    }
}
