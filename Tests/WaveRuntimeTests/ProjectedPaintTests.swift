import XCTest
import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// A gradient on a layer seen in perspective is mapped through the projection itself, per
/// pixel (issue 52 item 12), as CSS and Core Animation map a layer's content: each pixel
/// centre is taken back onto the card's plane, and the colour there is the gradient's.
final class ProjectedPaintTests: XCTestCase {
    func testGradientColoursLandWhereTheProjectionPutsThem() throws {
        let source = """
            scene 240x160 { background #ffffff }
            layer card: rect { frame (70, 45, 100, 70) fill linear-gradient(right, #ff595e, #ffca3a, #1982c4) rotation-y -60deg perspective 200 }
            """
        let r = try SceneRuntime.seek(try program(source), to: 0)
        let frame = try r.frame()
        let pixmap = Renderer().render(frame.items, width: frame.width, height: frame.height, background: frame.background)
        // Core Animation's map of the card's plane (rotation θ about y at the anchor (120, 80),
        // m34 = −1/d): a point u = x − 120, v = y − 80 of the card lands at
        // X = 120 + u·cos θ / w, Y = 80 + v / w, with w = 1 + u·sin θ / d. Taken back:
        // u = (X − 120) / (cos θ − (X − 120)·sin θ / d), v = (Y − 80)·w.
        let theta = -60 * Double.pi / 180, d = 200.0
        let stops: [(Double, [Double])] = [(0, [255, 89, 94]), (0.5, [255, 202, 58]), (1, [25, 130, 196])]
        func colour(_ t: Double) -> [Double] {
            let (a, b) = t < 0.5 ? (stops[0], stops[1]) : (stops[1], stops[2])
            let f = (t - a.0) / (b.0 - a.0)
            return (0..<3).map { a.1[$0] + (b.1[$0] - a.1[$0]) * f }
        }
        var checked = 0, worst = 0.0
        for y in 0..<160 {
            for x in 0..<240 {
                let dx = Double(x) + 0.5 - 120, dy = Double(y) + 0.5 - 80
                let u = dx / (cos(theta) - dx * sin(theta) / d)
                let w = 1 + u * sin(theta) / d
                let v = dy * w
                // Pixels wholly inside the card: a pixel spans at most about 2 card units here.
                guard w > 0, abs(u) < 48, abs(v) < 33 else { continue }
                let want = colour((u + 50) / 100)
                let p = pixmap.pixel(x, y)
                for (got, exact) in zip([p.r, p.g, p.b], want) { worst = max(worst, abs(Double(got) - exact)) }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1500)
        // Dithering moves a channel by less than 1 and the ramp's entries by a quarter at most;
        // the tangent map at the centre put colours 1.3 px off and was 20 levels out.
        XCTAssertLessThan(worst, 1.5, "a pixel is \(worst) levels from the colour at its point of the card")
    }
}
