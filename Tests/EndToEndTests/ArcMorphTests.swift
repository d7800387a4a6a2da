import Foundation
import XCTest
import WaveCodecs

/// grammar.md, "Path morphing": between two arcs with the same end points, a morph moves the
/// cubics the arcs are drawn with, so half way the bulge is the mean of the two bulges
/// (11.8 px), not the bulge of the mean radius a CSS `d` transition draws (10.7 px).
final class ArcMorphTests: XCTestCase {
    func testHalfWayTheBulgeIsTheMeanOfTheTwoBulges() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script("""
        scene 200x200 { background #ffffff  duration 2s }
        layer lid: path { d "M 60 100 A 60 60 0 0 1 140 100"  fill none  stroke #000000  width 2 }
        template flat: path { d "M 60 100 A 100 100 0 0 1 140 100" }
        animate lid.path to flat over 2s ease linear
        """, name: "lid.wave", in: dir).path
        func apex(at tick: Int) throws -> Double {
            let png = dir.appendingPathComponent("t\(tick).png")
            let r = try WaveBinary.run(["render", script, "-o", png.path, "--frame", "\(tick)", "-q"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let image = try PNGDecoder.decode([UInt8](try Data(contentsOf: png)))
            // The stroke's centre in column x = 100 (the chord's middle): ink-weighted mean row.
            var weight = 0.0, sum = 0.0
            for y in 0..<image.height {
                let i = (y * image.width + 100) * 4
                let ink = 1 - Double(image.rgba[i]) / 255
                weight += ink
                sum += ink * (Double(y) + 0.5)
            }
            return 100 - sum / weight
        }
        func bulge(_ r: Double) -> Double { r - (r * r - 40 * 40).squareRoot() }
        XCTAssertEqual(try apex(at: 0), bulge(60), accuracy: 0.15)
        XCTAssertEqual(try apex(at: 120), bulge(100), accuracy: 0.15)
        let half = try apex(at: 60)
        XCTAssertEqual(half, (bulge(60) + bulge(100)) / 2, accuracy: 0.15, "the mean of the bulges")
        XCTAssertGreaterThan(abs(half - bulge(80)), 0.8, "not the arc of the mean radius (CSS)")
    }
}
