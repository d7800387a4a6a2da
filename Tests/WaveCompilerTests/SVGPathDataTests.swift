import XCTest
import Foundation
import WaveSyntax
@testable import WaveCompiler

/// SVG path data's elliptical arcs (A a), read into cubic Béziers: checked against the
/// ellipse's own parametric form, not against the conversion's formulas.
final class SVGPathDataTests: XCTestCase {
    /// The cubics of path data, as (start, c1, c2, end) in order.
    func cubics(_ data: String) throws -> [[(Double, Double)]] {
        guard case .success(let commands) = SVGPathData.parse(data, range: .none) else {
            XCTFail("did not parse: \(data)")
            return []
        }
        var current = (0.0, 0.0), out: [[(Double, Double)]] = []
        for c in commands {
            let points = c.operands.map { op -> (Double, Double) in
                guard case .constant(.point(let x, let y)) = op else { return (.nan, .nan) }
                return (x, y)
            }
            if c.verb == .cubic { out.append([current, points[1], points[2], points[0]]) }
            if let end = points.first { current = end }
        }
        return out
    }

    func bezier(_ b: [(Double, Double)], _ t: Double) -> (Double, Double) {
        let u = 1 - t
        let w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
        return (zip(w, b).reduce(0) { $0 + $1.0 * $1.1.0 }, zip(w, b).reduce(0) { $0 + $1.0 * $1.1.1 })
    }

    func testAQuarterCircleIsOneCubicWithTheCircleConstant() throws {
        // From 3 o'clock to 6 o'clock of the circle of radius 10 about (0, 0), sweep 1:
        // increasing angles, clockwise on a y-down screen.
        let c = try cubics("M 10 0 A 10 10 0 0 1 0 10")
        XCTAssertEqual(c.count, 1)
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1) * 10
        XCTAssertEqual(c[0][1].0, 10, accuracy: 1e-9); XCTAssertEqual(c[0][1].1, k, accuracy: 1e-9)
        XCTAssertEqual(c[0][2].0, k, accuracy: 1e-9); XCTAssertEqual(c[0][2].1, 10, accuracy: 1e-9)
        XCTAssertEqual(c[0][3].0, 0); XCTAssertEqual(c[0][3].1, 10)
    }

    func testARotatedEllipseArcStaysOnItsEllipseBothWaysRound() throws {
        // Centre (50, 50), radii 20 and 10, turned 30°: P(t) = C + R(30°)·(20 cos t, 10 sin t).
        let phi = 30.0 * .pi / 180
        func p(_ t: Double) -> (Double, Double) {
            let x = 20 * cos(t), y = 10 * sin(t)
            return (50 + x * cos(phi) - y * sin(phi), 50 + x * sin(phi) + y * cos(phi))
        }
        /// How far q lies off the ellipse, as |ellipse equation − 1|.
        func off(_ q: (Double, Double)) -> Double {
            let dx = q.0 - 50, dy = q.1 - 50
            let x = dx * cos(phi) + dy * sin(phi), y = -dx * sin(phi) + dy * cos(phi)
            return abs(x * x / 400 + y * y / 100 - 1)
        }
        let a = p(0.3), b = p(2.5)
        let f = { (v: Double) in String(format: "%.12f", v) }
        // Small arc with sweep 1 runs t = 0.3 → 2.5 (through t = 1.4); large arc with sweep 0
        // runs the other way round (through t = 0.3 − π).
        for (flags, through) in [("0 1", 1.4), ("1 0", 1.4 - .pi)] {
            let c = try cubics("M \(f(a.0)) \(f(a.1)) A 20 10 30 \(flags) \(f(b.0)) \(f(b.1))")
            XCTAssertFalse(c.isEmpty)
            var nearest = Double.infinity
            for cubic in c {
                for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                    let q = bezier(cubic, t)
                    XCTAssertLessThan(off(q), 1e-3, "flags \(flags) t \(t)")   // a cubic per ≤ 90° is within 0.03 %
                    let m = p(through)
                    nearest = min(nearest, hypot(q.0 - m.0, q.1 - m.1))
                }
            }
            XCTAssertLessThan(nearest, 2, "flags \(flags): the arc passes the ellipse point between its ends on its side")
            XCTAssertEqual(c.last?[3].0 ?? 0, b.0, accuracy: 1e-9)
            XCTAssertEqual(c.count, flags == "0 1" ? 2 : 3, "one cubic per quarter turn or less")
        }
    }

    func testRadiiTooSmallAreScaledUpAndCompactFlagsRead() throws {
        // From (0, 0) to (10, 0) radius 1 cannot reach: it grows to 5, a half circle about (5, 0).
        let c = try cubics("M0 0a1 1 0 0010 0")
        XCTAssertEqual(c.count, 2)
        for cubic in c {
            for t in stride(from: 0.0, through: 1.0, by: 0.25) {
                let q = bezier(cubic, t)
                XCTAssertEqual(hypot(q.0 - 5, q.1), 5, accuracy: 5e-3)
            }
        }
        XCTAssertEqual(c[0][3].0, 5, accuracy: 1e-9)
        XCTAssertEqual(abs(c[0][3].1), 5, accuracy: 1e-9)
        // A zero radius is a straight segment; coinciding ends draw nothing.
        XCTAssertEqual(try cubics("M 0 0 A 0 5 0 0 1 10 0").count, 1)
        XCTAssertEqual(try cubics("M 3 3 A 5 5 0 0 1 3 3").count, 0)
    }

    func testAPathLayerTakesPathDataAmongItsCommands() throws {
        let (p, diags) = Compiler.compile(SourceFile(name: "t.wave", text: """
        layer icon: path { move (0, 0) d "M 0 0 L 10 0 a 5 5 0 0 1 0 10 Z" fill red }
        layer bad: path { d "M 0 0 Q 1" }
        """))
        XCTAssertNil(p)
        XCTAssertEqual(diags.map(\.message), ["bad path data at character 10: expected a number"])
        let (good, _) = Compiler.compile(SourceFile(name: "t.wave", text: "layer icon: path { circle (5, 5) radius 2 d \"m 0 0 L 10 0 a 5 5 0 0 1 0 10 Z\" fill red }"))
        XCTAssertEqual(try XCTUnwrap(good).layers[0].pathCommands.map(\.verb), [.circle, .move, .line, .cubic, .cubic, .close])
    }
}
