import XCTest
import WaveGeometry
@testable import WaveExport

/// Reducing per-tick samples to keyframes: every tick reproduced within the tolerance,
/// straight runs merged, constants static, structure changes held.
final class TrackTests: XCTestCase {
    func testAConstantTrackIsStatic() {
        let t = Track.reduce(Array(repeating: [0.5, 2], count: 40), tolerance: [0.01])
        XCTAssertTrue(t.isStatic)
        XCTAssertEqual(t.first, [0.5, 2])
    }

    func testALinearRunIsTwoKeys() {
        let samples = (0..<61).map { [Double($0) * 1.5] }
        let t = Track.reduce(samples, tolerance: [0.05])
        XCTAssertEqual(t.keys.map(\.tick), [0, 60])
    }

    func testAnEasedRunIsReproducedAtEveryTickWithinTheTolerance() {
        let samples = (0..<90).map { i -> [Double] in let x = Double(i) / 89; return [100 * x * x * (3 - 2 * x), sin(x * 6)] }
        let t = Track.reduce(samples, tolerance: [0.05, 0.001])
        XCTAssertLessThan(t.keys.count, 89, "an eased curve merges some runs")
        XCTAssertGreaterThan(t.keys.count, 2)
        for (i, s) in samples.enumerated() {
            let v = t.value(at: i)
            XCTAssertEqual(v[0], s[0], accuracy: 0.05, "tick \(i)")
            XCTAssertEqual(v[1], s[1], accuracy: 0.001, "tick \(i)")
        }
    }

    func testAStructureChangeIsAHold() {
        let samples: [[Double]] = [[0, 0], [1, 1], [2, 2], [5, 5, 5, 5], [6, 6, 6, 6]]
        let t = Track.reduce(samples, structures: [0, 0, 0, 1, 1], tolerance: [0.05])
        XCTAssertEqual(t.keys.map(\.tick), [0, 2, 3, 4])
        XCTAssertEqual(t.keys.map(\.hold), [false, true, false, false])
        XCTAssertEqual(t.value(at: 2), [2, 2])
        XCTAssertEqual(t.value(at: 3), [5, 5, 5, 5])
    }

    func testRigidMotionFindsATurnAndAScaleAndRefusesAShear() {
        let q: [Double] = [-10, -5, 10, -5, 10, 5, -10, 5]
        let m = [30.0, 40, 75, 2, 0.5]
        let t = RigidMotion.transform(m)
        var p: [Double] = []
        for i in stride(from: 0, to: q.count, by: 2) { let r = t.apply(Point(q[i], q[i + 1])); p += [r.x, r.y] }
        let fit = RigidMotion.fit(reference: q, points: p, previousDegrees: 360 + 70)
        XCTAssertNotNil(fit)
        let expected: [Double] = [30, 40, 360 + 75, 2, 0.5]
        for (a, b) in zip(fit ?? [], expected) { XCTAssertEqual(a, b, accuracy: 1e-9) }
        let sheared = [-10.0, -5, 10, -5, 20, 5, 0, 5]
        XCTAssertNil(RigidMotion.fit(reference: q, points: sheared, previousDegrees: nil))
    }

    /// A run eased by a curve the reducer is not given (a baked animation) is fitted with a
    /// timing curve of its own: two keys, reproduced within the tolerance at every tick.
    func testAnEasedRunWithoutItsCurveIsOneFittedSegment() {
        let samples = (0...60).map { i -> [Double] in
            let p = Track.Curve(0.42, 0, 0.58, 1).progress(Double(i) / 60)
            return [10 + 150 * p, 40 - 20 * p]
        }
        let t = Track.reduce(samples, tolerance: [0.05])
        XCTAssertEqual(t.keys.map(\.tick), [0, 60])
        for (i, s) in samples.enumerated() {
            XCTAssertEqual(t.value(at: i)[0], s[0], accuracy: 0.05, "tick \(i)")
            XCTAssertEqual(t.value(at: i)[1], s[1], accuracy: 0.05, "tick \(i)")
        }
    }

    func testAFittedCurveFollowsTheProgressItWasFittedTo() throws {
        let ease = Track.Curve(0.25, 0.1, 0.25, 1)
        let progress = (0...40).map { ease.progress(Double($0) / 40) }
        let fitted = try XCTUnwrap(Track.Curve.fit(progress: progress))
        for (m, p) in progress.enumerated() { XCTAssertEqual(fitted.progress(Double(m) / 40), p, accuracy: 2e-4, "sample \(m)") }
        XCTAssertTrue([fitted.x1, fitted.y1, fitted.x2, fitted.y2].allSatisfy { (0...1).contains($0) }, "in the unit square: \(fitted)")
    }
}
