import XCTest
import Foundation

/// The confetti example through the binary: two runs write the same bytes, and a frame
/// rendered alone equals the same frame in a sequence rendered from tick 0 (`--to` is
/// exclusive: 46t writes ticks 0…45).
final class ConfettiRenderTests: XCTestCase {
    func testTwoRunsWriteTheSameBytesAndSeekEqualsStep() throws {
        let dir = try temporaryDirectory()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/confetti.wave").path
        var outputs: [Data] = []
        for name in ["a.png", "b.png"] {
            let path = dir.appendingPathComponent(name).path
            let r = try WaveBinary.run(["render", script, "-o", path, "--frame", "45"])
            XCTAssertEqual(r.status, 0, r.stderr)
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        XCTAssertEqual(outputs[0], outputs[1], "same script, same bytes")
        let frames = dir.appendingPathComponent("f").path
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        let r = try WaveBinary.run(["render", script, "-o", frames + "/%04d.png", "--to", "46t"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: frames + "/0045.png")), outputs[0],
                       "tick 45 drawn after ticks 0…44 is tick 45 drawn alone")
    }
}
