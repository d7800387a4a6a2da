import Foundation
import XCTest
import WaveCodecs
import WaveDriver
@testable import WavePreview

/// The preview's frames are `wave render --frame N`'s pixels, in whatever order ticks are
/// asked for, and a save is a new version at the same tick.
final class PreviewFrameTests: XCTestCase {
    static var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// The PNG `wave render FILE --frame tick` writes, decoded.
    func rendered(_ path: String, tick: Int, scale: Double = 1) throws -> DecodedImage {
        let out = NSTemporaryDirectory() + "wave-preview-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        var request = RenderRequest(files: [path])
        request.output = out
        request.frame = tick
        request.scale = scale
        request.quiet = true
        let (_, status) = try request.run()
        XCTAssertNil(status)
        return try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
    }

    func testFramesInAnyOrderEqualWaveRender() throws {
        for (name, scale) in [("sonar.wave", 1.0), ("progress-ball.wave", 1.0), ("checkmark.wave", 0.5)] {
            let path = PreviewFrameTests.root + "/examples/" + name
            let script = PreviewScript(name: name, path: path, scale: scale)
            // Forward, back across a snapshot, and again: seeking is stepping.
            for tick in [37, 5, 301, 0, 37] {
                let (version, png) = try script.frame(at: tick)
                XCTAssertEqual(version, 1)
                let expected = try rendered(path, tick: tick, scale: scale)
                XCTAssertEqual(try PNGDecoder.decode(png), expected, "\(name) tick \(tick) at scale \(scale)")
            }
        }
    }

    func testASaveIsANewVersionAndABrokenSaveKeepsTheLastGood() throws {
        let path = NSTemporaryDirectory() + "wave-preview-\(UUID().uuidString).wave"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let good = "scene 40x30 { background #102030 }\nlayer r: rect { frame (5, 5, 10, 10)  fill #ff0000 }\nanimate r.position to (20, 10) over 1s\n"
        try good.write(toFile: path, atomically: false, encoding: .utf8)
        let script = PreviewScript(name: "s.wave", path: path, scale: 1)
        XCTAssertEqual(script.info.version, 1)
        XCTAssertFalse(script.reloadIfChanged(), "nothing changed yet")
        let first = try script.frame(at: 30).png

        try good.replacingOccurrences(of: "#ff0000", with: "#00ff00").write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(script.reloadIfChanged())
        XCTAssertEqual(script.info.version, 2)
        let (version, second) = try script.frame(at: 30)
        XCTAssertEqual(version, 2)
        XCTAssertNotEqual(try PNGDecoder.decode(second), try PNGDecoder.decode(first))
        XCTAssertEqual(try PNGDecoder.decode(second), try rendered(path, tick: 30))

        try good.replacingOccurrences(of: "fill #ff0000 }", with: "fill #ff0000").write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(script.reloadIfChanged())
        let info = script.info
        XCTAssertTrue(info.failed)
        XCTAssertEqual(info.version, 2, "the last good version stays")
        XCTAssertTrue(info.diagnostics.hasPrefix("\(path):2:"), info.diagnostics)
        XCTAssertTrue(info.diagnostics.contains("layer r: rect { frame (5, 5, 10, 10)  fill #ff0000\n"), "the source line, as wave check shows it")
        let kept = try script.frame(at: 30)
        XCTAssertEqual(kept.version, 2)
        XCTAssertEqual(kept.png, second)

        try good.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(script.reloadIfChanged())
        XCTAssertFalse(script.info.failed)
        XCTAssertEqual(script.info.diagnostics, "")
        XCTAssertEqual(script.info.version, 3)
    }

    func testFramesLargerThanRenderAllowsAreRefused() throws {
        let path = NSTemporaryDirectory() + "wave-preview-\(UUID().uuidString).wave"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "scene 4000x10 {}\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertFalse(PreviewScript(name: "s.wave", path: path, scale: 2).info.failed)
        let info = PreviewScript(name: "s.wave", path: path, scale: 3).info
        XCTAssertTrue(info.failed)
        XCTAssertEqual(info.version, 0)
        XCTAssertTrue(info.diagnostics.contains("frames would be 12000 px on a side; the limit is 8192"), info.diagnostics)
    }
}
