import Foundation
import XCTest

/// A PNG gallery (`wave render FILES --out-dir D --format png`) shows each script at a tick
/// where something is on stage: its first `# golden:` tick after 0, else the middle of its
/// duration; --frame still chooses.
final class GalleryStillTickTests: XCTestCase {
    func testEachCardShowsAGoldenTickOrTheMiddle() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let golden = dir.appendingPathComponent("golden.wave"), plain = dir.appendingPathComponent("plain.wave")
        let moving = "var x = 0\nlayer dot: circle { center (x, 10) radius 3  fill #e03030 }\nevery tick { x += 1 }\n"
        try "# golden: 0 25 70\nscene 100x20 { background #ffffff }\n\(moving)".write(to: golden, atomically: true, encoding: .utf8)
        try "scene 100x20 { background #ffffff  duration 1.5s }\n\(moving)".write(to: plain, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("gallery")
        let r = try WaveBinary.run(["render", golden.path, plain.path, "--out-dir", out.path, "--format", "png", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        func still(_ script: URL, _ tick: Int) throws -> Data {
            let png = dir.appendingPathComponent("\(script.lastPathComponent)-\(tick).png")
            XCTAssertEqual(try WaveBinary.run(["render", script.path, "--frame", "\(tick)", "-o", png.path, "-q"]).status, 0)
            return try Data(contentsOf: png)
        }
        let goldenCard = try Data(contentsOf: out.appendingPathComponent("golden.png"))
        let plainCard = try Data(contentsOf: out.appendingPathComponent("plain.png"))
        XCTAssertEqual(goldenCard, try still(golden, 25), "the first golden tick after 0")
        XCTAssertEqual(plainCard, try still(plain, 45), "the middle of 90 ticks")
        XCTAssertNotEqual(plainCard, try still(plain, 0))

        let chosen = dir.appendingPathComponent("chosen")
        XCTAssertEqual(try WaveBinary.run(["render", plain.path, "--out-dir", chosen.path, "--format", "png", "--frame", "3", "-q"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: chosen.appendingPathComponent("plain.png")), try still(plain, 3))
    }
}
