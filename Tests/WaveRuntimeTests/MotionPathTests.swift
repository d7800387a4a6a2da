import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// Motion along a path (`animate L.position along PATH …`), checked against Bézier maths
/// written out here, independently of `PathMeasure`.
final class MotionPathTests: XCTestCase {
    /// The figure eight of examples/paper-plane.wave, as cubic control points.
    static let eight: [[(Double, Double)]] = [
        [(160, 100), (200, 40), (280, 40), (280, 100)],
        [(280, 100), (280, 160), (200, 160), (160, 100)],
        [(160, 100), (120, 40), (40, 40), (40, 100)],
        [(40, 100), (40, 160), (120, 160), (160, 100)],
    ]

    func script(_ options: String) -> String {
        """
        scene 320x200 { duration 4s }
        layer route: path {
          move (160, 100)
          cubic (280, 100) control (200, 40) (280, 40)
          cubic (160, 100) control (280, 160) (200, 160)
          cubic (40, 100) control (120, 40) (40, 40)
          cubic (160, 100) control (40, 160) (120, 160)
          fill none  stroke black
        }
        layer plane: polygon { points [(14, 0), (-14, -11), (-8, 0), (-14, 11)] }
        animate plane.position along route over 4s \(options)
        """
    }

    /// Position and rotation of `plane` at ticks 0...last.
    func run(_ text: String, ticks last: Int) throws -> [(x: Double, y: Double, angle: Double)] {
        var r = try SceneRuntime(program: try program(text))
        var out: [(Double, Double, Double)] = []
        for _ in 0...last {
            let (x, y) = try XCTUnwrap(r.value(ofLayer: "plane", .position)).point
            out.append((x, y, r.value(ofLayer: "plane", .rotation)?.number ?? .nan))
            try r.step()
        }
        return out
    }

    static func bezier(_ c: [(Double, Double)], _ t: Double) -> (Double, Double) {
        let u = 1 - t
        let w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
        return (zip(w, c).map { $0 * $1.0 }.reduce(0, +), zip(w, c).map { $0 * $1.1 }.reduce(0, +))
    }

    static func velocity(_ c: [(Double, Double)], _ t: Double) -> (Double, Double) {
        let u = 1 - t
        let w = [3 * u * u, 6 * u * t, 3 * t * t]
        let d = [(c[1].0 - c[0].0, c[1].1 - c[0].1), (c[2].0 - c[1].0, c[2].1 - c[1].1), (c[3].0 - c[2].0, c[3].1 - c[2].1)]
        return (zip(w, d).map { $0 * $1.0 }.reduce(0, +), zip(w, d).map { $0 * $1.1 }.reduce(0, +))
    }

    /// The curve parameter nearest to (x, y) on the curve of `segments` it lies on: a coarse
    /// scan, then Newton's method on the squared distance. Returns the distance too.
    static func nearest(_ x: Double, _ y: Double, among candidates: [Int] = [0, 1, 2, 3]) -> (segment: Int, t: Double, distance: Double) {
        var best = (0, 0.0, Double.infinity)
        for s in candidates {
            let c = eight[s]
            for i in 0...300 {
                let t = Double(i) / 300
                let p = bezier(c, t)
                let d = hypot(p.0 - x, p.1 - y)
                if d < best.2 { best = (s, t, d) }
            }
        }
        let c = eight[best.0]
        var t = best.1
        for _ in 0..<30 {
            let p = bezier(c, t), v = velocity(c, t)
            let h = 1e-6
            let v2 = velocity(c, min(1, t + h)), v1 = velocity(c, max(0, t - h))
            let a = ((v2.0 - v1.0) / (min(1, t + h) - max(0, t - h)), (v2.1 - v1.1) / (min(1, t + h) - max(0, t - h)))
            let f = (p.0 - x) * v.0 + (p.1 - y) * v.1
            let df = v.0 * v.0 + v.1 * v.1 + (p.0 - x) * a.0 + (p.1 - y) * a.1
            guard df != 0 else { break }
            t = min(1, max(0, t - f / df))
        }
        let p = bezier(c, t)
        return (best.0, t, hypot(p.0 - x, p.1 - y))
    }

    static func angleDifference(_ a: Double, _ b: Double) -> Double {
        let d = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
        return min(abs(d), 2 * .pi - abs(d))
    }

    func testPacedMotionMovesAnEqualDistanceEveryTick() throws {
        let poses = try run(script("mode paced"), ticks: 240)
        let steps = zip(poses, poses.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        let mean = steps.reduce(0, +) / Double(steps.count)
        let spread = (steps.max()! - steps.min()!) / mean
        XCTAssertLessThan(spread, 0.01, "tick-to-tick distance varies by \(spread * 100) %")
        // Closed loop: it ends where it started, and the length is what 240 steps cover.
        XCTAssertEqual(poses[240].x, 160, accuracy: 1e-9)
        XCTAssertEqual(poses[240].y, 100, accuracy: 1e-9)
        // Every position lies on the curve.
        for p in poses.enumerated() where p.offset % 4 == 0 { XCTAssertLessThan(MotionPathTests.nearest(p.element.x, p.element.y).distance, 1e-6) }
    }

    func testRotateAutoFollowsTheTangent() throws {
        let poses = try run(script("mode paced rotate auto"), ticks: 239)
        for (tick, p) in poses.enumerated() {
            // The four cubics are congruent, so at constant speed each takes 60 ticks; the
            // figure eight crosses itself, so the nearest point is looked for on the segment
            // the plane is on (at a boundary the two segments share their tangent).
            let (s, t, _) = MotionPathTests.nearest(p.x, p.y, among: [tick / 60])
            let v = MotionPathTests.velocity(MotionPathTests.eight[s], t)
            XCTAssertLessThan(MotionPathTests.angleDifference(p.angle, atan2(v.1, v.0)), 1e-6, "tick \(tick)")
        }
    }

    func testRotateAutoReverseAddsAHalfTurnToTheStartingRotation() throws {
        let text = script("mode paced rotate auto-reverse").replacingOccurrences(of: "(-14, 11)] }", with: "(-14, 11)]  rotation 10deg }")
        let poses = try run(text, ticks: 100)
        for (tick, p) in poses.enumerated() {
            let (s, t, _) = MotionPathTests.nearest(p.x, p.y, among: [tick / 60])
            let v = MotionPathTests.velocity(MotionPathTests.eight[s], t)
            XCTAssertLessThan(MotionPathTests.angleDifference(p.angle, atan2(v.1, v.0) + .pi + 10 * .pi / 180), 1e-6)
        }
    }

    func testWithoutRotateTheRotationIsLeftAlone() throws {
        for p in try run(script("mode paced"), ticks: 30) { XCTAssertEqual(p.angle, 0) }
    }

    func testLinearModeGivesEverySegmentAnEqualShareOrItsKeyTimes() throws {
        // Four segments over 240 ticks: a segment boundary every 60 ticks.
        let equal = try run(script(""), ticks: 240)
        for (tick, corner) in [(60, (280.0, 100.0)), (120, (160, 100)), (180, (40, 100))] {
            XCTAssertEqual(equal[tick].x, corner.0, accuracy: 1e-9, "tick \(tick)")
            XCTAssertEqual(equal[tick].y, corner.1, accuracy: 1e-9, "tick \(tick)")
        }
        let keyed = try run(script("times [0, 0.5, 0.75, 0.875, 1]"), ticks: 240)
        XCTAssertEqual(keyed[120].x, 280, accuracy: 1e-9)
        XCTAssertEqual(keyed[180].x, 160, accuracy: 1e-9)
        XCTAssertEqual(keyed[210].x, 40, accuracy: 1e-9)
        // Within a segment the speed is constant: ticks 0–120 cover segment 0 evenly.
        let steps = (0..<120).map { hypot(keyed[$0 + 1].x - keyed[$0].x, keyed[$0 + 1].y - keyed[$0].y) }
        XCTAssertLessThan((steps.max()! - steps.min()!) / steps.max()!, 0.01)
    }

    func testTimingCurvesRepeatAndAutoreverseApplyAlongThePath() throws {
        let text = """
        scene 200x100
        layer dot: circle { radius 4 }
        animate dot.position along "M 0 0 L 100 0 L 100 50" over 60t mode paced autoreverse repeat 2 ease ease-in
        """
        var r = try SceneRuntime(program: try program(text))
        var xs: [(Double, Double)] = []
        for _ in 0...240 { xs.append(r.value(ofLayer: "dot", .position)!.point); try r.step() }
        // Length 150: at progress p the distance is 150·ease-in(p).
        let eased = Timing.apply(.cubicBezier(0.42, 0, 1, 1), 0.5)
        XCTAssertEqual(xs[30].0, 150 * eased, accuracy: 1e-9)
        XCTAssertEqual(xs[60].0, 100); XCTAssertEqual(xs[60].1, 50)    // the end of the path
        XCTAssertEqual(xs[90].0, xs[30].0, accuracy: 1e-9)             // coming back
        XCTAssertEqual(xs[120].0, 0); XCTAssertEqual(xs[180].1, 50)    // second repetition
        XCTAssertEqual(xs[240].0, 0); XCTAssertEqual(xs[240].1, 0)     // committed where it ended
    }

    func testInlinePathDataReadsRelativeAndSmoothCommands() throws {
        let text = """
        layer dot: circle { radius 4 }
        animate dot.position along "m 10 10 h 90 v 40 l -90 0 z" over 4t
        """
        var r = try SceneRuntime(program: try program(text))
        var points: [(Double, Double)] = []
        for _ in 0...4 { points.append(r.value(ofLayer: "dot", .position)!.point); try r.step() }
        XCTAssertEqual(points.map(\.0), [10, 100, 100, 10, 10])
        XCTAssertEqual(points.map(\.1), [10, 10, 50, 50, 10])
    }

    func testThePathIsTheOutlineAsDrawnInTheMovingLayersParentSpace() throws {
        let text = """
        layer track: line { from (0, 0) to (100, 0)  position (10, 20) }
        layer g: group {
          position (5, 5)
          layer dot: circle { radius 4 }
        }
        animate dot.position along track over 2t
        """
        var r = try SceneRuntime(program: try program(text))
        XCTAssertEqual(r.value(ofLayer: "dot", .position)?.point.0, 5)    // (10, 20) in the scene is (5, 15) in g
        XCTAssertEqual(r.value(ofLayer: "dot", .position)?.point.1, 15)
        try r.step(); try r.step()
        XCTAssertEqual(r.value(ofLayer: "dot", .position)?.point.0, 105)
    }

    func testMistakesAreLocatedErrors() {
        let cases: [(String, String)] = [
            ("layer a: circle { }\nlayer p: line { }\nanimate a.radius along p over 1s", "3:9 E0301"),
            ("layer a: circle { }\nanimate a.position along \"M 0 0 X 3\" over 1s", "2:26 E0420 bad path data at character 7: unknown path command 'X'"),
            ("layer a: circle { }\nanimate a.position along \"M 0 0 A 1 1 0 2 1 5 5\" over 1s", "2:26 E0420 bad path data at character 15: expected an arc flag, 0 or 1"),
            ("layer a: circle { }\nlayer tx: text \"x\" { }\nanimate a.position along tx over 1s", "3:26 E0216"),
            ("layer a: circle { }\nlayer p: line { }\nanimate a.position along p to (1, 1) over 1s", "3:28 E0218"),
            ("layer a: circle { }\nlayer p: line { }\nanimate a.position along p rotate sideways over 1s", "3:35 E0212"),
            ("layer a: circle { }\nanimate a.position to (1, 1) rotate auto over 1s", "2:30 E0218"),
            ("layer a: circle { }\nlayer p: line { }\nspring a.position along p", "3:19 E0218"),
            ("layer a: circle { }\nanimate a.position along rout over 1s", "2:26 E0204"),
        ]
        for (text, expected) in cases {
            let (_, diags) = Compiler.compile(SourceFile(name: "t.wave", text: text))
            let file = SourceFile(name: "t.wave", text: text)
            let got = diags.filter { $0.severity == .error }.map { d -> String in
                let (l, c) = file.location(of: d.range.start)
                return "\(l):\(c) \(d.code.code) \(d.message)"
            }
            XCTAssertEqual(got.count, 1, "\(text): \(got)")
            XCTAssertTrue(got.first?.hasPrefix(expected) == true, "\(text): \(got)")
        }
    }

    func testKeyTimesThatDoNotMatchTheSegmentsAreARuntimeError() throws {
        let text = "layer a: circle { }\nlayer p: line { }\nanimate a.position along p times [0, 0.5, 1] over 1s"
        XCTAssertThrowsError(try SceneRuntime(program: try program(text))) { error in
            let e = error as? RuntimeError
            XCTAssertEqual(e?.code, .badMotion)
            XCTAssertEqual(e?.message, "'times' has 3 key times, but 'p' has 1 segment, so it needs 2")
        }
    }

    func testPathMeasureLengthsAgreeWithAnIndependentIntegral() {
        // Arc length of one cubic by Simpson's rule on |B'(t)| with 20 000 intervals.
        let c = MotionPathTests.eight[0]
        var integral = 0.0
        let n = 20_000
        for i in 0...n {
            let t = Double(i) / Double(n)
            let v = MotionPathTests.velocity(c, t)
            let w: Double = i == 0 || i == n ? 1 : (i % 2 == 1 ? 4 : 2)
            integral += w * hypot(v.0, v.1)
        }
        integral /= 3 * Double(n)
        var path = Path()
        path.move(to: Point(c[0].0, c[0].1))
        path.cubic(to: Point(c[3].0, c[3].1), control1: Point(c[1].0, c[1].1), control2: Point(c[2].0, c[2].1))
        let m = PathMeasure(path)
        XCTAssertEqual(m.totalLength, integral, accuracy: integral * 1e-5)
        XCTAssertEqual(m.segmentCount, 1)
        // A close adds the line back only when it has length.
        var closed = Path()
        closed.move(to: Point(0, 0)); closed.line(to: Point(3, 0)); closed.line(to: Point(3, 4)); closed.close()
        XCTAssertEqual(PathMeasure(closed).totalLength, 12, accuracy: 1e-12)
        closed.line(to: Point(0, 0))
        XCTAssertEqual(PathMeasure(closed).segmentCount, 4)
    }
}
