import XCTest
import WaveCompiler
import WaveGeometry
import WaveRuntime
import WaveSyntax
@testable import WaveExport

/// Long runs of lines in a changing path (a wave's surface, sampled every pixel) are
/// written as a few cubics, every point of the polyline staying within the pixel tolerance.
final class PolylineFitTests: XCTestCase {
    /// The distance from `p` to the path `coordinates` of `kinds`, each curve flattened finely.
    func distance(_ p: Point, to path: Path) -> Double {
        var best = Double.infinity, last = Point(0, 0), start = Point(0, 0)
        func segment(_ a: Point, _ b: Point) {
            let dx = b.x - a.x, dy = b.y - a.y, l = dx * dx + dy * dy
            let t = l == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l))
            let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
            best = min(best, (x * x + y * y).squareRoot())
        }
        for e in path.elements {
            switch e {
            case .move(let q): last = q; start = q
            case .line(let q): segment(last, q); last = q
            case .quad(let c, let q): segment(last, c); segment(c, q); last = q   // none here
            case .cubic(let c1, let c2, let q):
                var prev = last
                for i in 1...256 {
                    let u = Double(i) / 256, v = 1 - u
                    let x = v * v * v * last.x + 3 * v * v * u * c1.x + 3 * v * u * u * c2.x + u * u * u * q.x
                    let y = v * v * v * last.y + 3 * v * v * u * c1.y + 3 * v * u * u * c2.y + u * u * u * q.y
                    segment(prev, Point(x, y)); prev = Point(x, y)
                }
                last = q
            case .close: segment(last, start); last = start
            }
        }
        return best
    }

    func testAMovingWaveSurfaceIsAFewCubicsWithinTheTolerance() throws {
        let text = """
        scene 200x100 { background #000000 }
        layer w: wave { amplitude 8  wavelength 120  level 50  fill #3366ff }
        every tick { w.phase += 0.13  w.level -= 0.5 }
        """
        let file = SourceFile(name: "t.wave", text: text)
        let program = try XCTUnwrap(Compiler.compile(file).0)
        let scene = try Baker(program: program, source: file, name: "t", target: .svg).bake(ticks: 0..<40)
        XCTAssertEqual(scene.layers.count, 1)
        guard case .morphing(let structures, _) = scene.layers[0].shape else { return XCTFail("not morphing") }
        XCTAssertEqual(structures.count, 1)
        XCTAssertLessThan(structures[0].count, 30, "201 points of the surface as a few cubics: \(structures[0])")
        XCTAssertTrue(structures[0].contains(.cubic))
        var runtime = try SceneRuntime(program: program)
        for t in 0..<40 {
            while runtime.tick < t { try runtime.step() }
            guard case .fill(let path, _, _, _) = try runtime.frame().items[0] else { return XCTFail() }
            let baked = scene.layers[0].shape.path(at: t)
            for case .line(let p) in path.elements {
                XCTAssertLessThanOrEqual(distance(p, to: baked), Baker.pixelTolerance, "tick \(t), point \(p)")
            }
        }
    }

    func testACornerInARunIsKeptAsABreakpoint() throws {
        // A polyline of 41 points bending sharply at the 21st, at two ticks.
        func points(_ dy: Double) -> [Double] {
            (0...40).flatMap { i -> [Double] in let x = Double(i); return [x, i <= 20 ? dy : dy + (x - 20) * 1.5] }
        }
        let kinds: [PathElementKind] = [.move] + Array(repeating: .line, count: 40)
        let fitted = try XCTUnwrap(PolylineFit.simplify(kinds: kinds, samples: [points(0), points(3)]))
        XCTAssertLessThan(fitted.kinds.count, 10)
        for (s, dy) in zip(fitted.samples, [0.0, 3]) {
            let path = Path(kinds: fitted.kinds, coordinates: s)
            let original = points(dy)
            for i in stride(from: 0, to: original.count, by: 2) {
                XCTAssertLessThanOrEqual(distance(Point(original[i], original[i + 1]), to: path), PolylineFit.tolerance + 1e-9, "point \(i / 2)")
            }
        }
    }

    func testALongLineAmongShortOnesStaysOnItsLine() throws {
        // An arc of 12 short lines, one line of 80 px, another arc: a cubic through the points
        // at evenly spaced parameters would pass them all and bulge along the long line.
        var xs: [Double] = []
        for i in 0...12 { let a = Double(i) / 12 * Double.pi / 2; xs += [10 - 10 * cos(a), 10 * sin(a)] }
        for i in 0...12 { let a = Double(i) / 12 * Double.pi / 2; xs += [90 + 10 * sin(a), 10 + 10 * sin(a) * 0.3] }
        let kinds: [PathElementKind] = [.move] + Array(repeating: .line, count: xs.count / 2 - 1)
        let fitted = PolylineFit.simplify(kinds: kinds, samples: [xs])
        let path = Path(kinds: fitted?.kinds ?? kinds, coordinates: fitted?.samples[0] ?? xs)
        for i in stride(from: 0, to: xs.count - 2, by: 2) {
            for k in 0...8 {
                let f = Double(k) / 8
                let p = Point(xs[i] + (xs[i + 2] - xs[i]) * f, xs[i + 1] + (xs[i + 3] - xs[i + 1]) * f)
                XCTAssertLessThanOrEqual(distance(p, to: path), 1.25 * PolylineFit.tolerance, "line \(i / 2) at \(f)")
            }
        }
    }
}
