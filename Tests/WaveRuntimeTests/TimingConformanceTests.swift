import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// The timing cases of grammar.md §8's conformance table, each against the reference it
/// follows. Expected values come from integer arithmetic on ticks, never from the code under
/// test.
final class TimingConformanceTests: XCTestCase {
    // MARK: 1. Discrete keyframes

    /// SVG 1.1 §19.2.9 (calcMode="discrete": with no keyTimes the n values split the
    /// duration equally) and Core Animation's kCAAnimationDiscrete: 3 values over 60 ticks
    /// show 20 ticks each, and the last one is not saved for the end.
    func testDiscreteKeyframesShareTheDurationEqually() throws {
        let xs = try trace("var x = 0\nanimate x values [0, 50, 100] mode discrete over 1s", ticks: 61)
        XCTAssertEqual(Array(xs[0..<20]), Array(repeating: 0, count: 20))
        XCTAssertEqual(Array(xs[20..<40]), Array(repeating: 50, count: 20))
        XCTAssertEqual(Array(xs[40...61]), Array(repeating: 100, count: 22))
    }

    /// n values over d ticks: value i shows from tick ⌈i·d/n⌉, the tick where rational
    /// arithmetic puts its share's start, for every n and d in a sweep.
    func testDiscreteShareBoundariesAreExactTicks() throws {
        for n in 2...7 {
            for d in [1, 3, 7, 10, 29, 30, 45, 49, 60] {
                let values = (0..<n).map { String($0) }.joined(separator: ", ")
                let xs = try trace("var x = -1\nanimate x values [\(values)] mode discrete over \(d)t", ticks: d + 1)
                for t in 0...(d + 1) {
                    let want = t >= d ? n - 1 : t * n / d   // ⌊t·n/d⌋ in integers
                    XCTAssertEqual(xs[t], Double(want), "n \(n), d \(d), tick \(t)")
                }
            }
        }
    }

    /// SVG 1.1 §19.2.9: with keyTimes each discrete value holds from its key time until the
    /// next, and the last key time may be below 1.
    func testDiscreteKeyTimesHoldUntilTheNext() throws {
        let xs = try trace("var x = 0\nanimate x values [1, 2, 3] times [0, 0.25, 0.5] mode discrete over 8t", ticks: 9)
        XCTAssertEqual(xs, [1, 1, 2, 2, 3, 3, 3, 3, 3, 3])
    }

    // MARK: 2. steps() and the before flag

    /// CSS Easing Level 1 (step easing functions, the before flag) and Web Animations
    /// Level 1 (calculating the transformed progress): in a delay filled backwards,
    /// steps(3, jump-start) is in its before phase at progress 0, so it shows 0, not 30.
    func testJumpStartShowsZeroInABackwardsFilledDelay() throws {
        let xs = try trace("var x = -1\nanimate x from 0 to 90 over 30t ease steps(3, jump-start) delay 10t fill backwards", ticks: 11)
        XCTAssertEqual(Array(xs[0..<10]), Array(repeating: 0, count: 10))
        XCTAssertEqual(xs[10], 30, "the active phase starts on the first step")
    }

    /// Same references: after an autoreversed last pass, which ran backwards, the after
    /// phase sets the before flag, so jump-start ends on 0, not 25.
    func testJumpStartEndsOnZeroAfterAnAutoreversedPass() throws {
        let xs = try trace("var x = -1\nanimate x from 0 to 100 over 4t ease steps(4, jump-start) autoreverse", ticks: 9)
        XCTAssertEqual(xs, [25, 50, 75, 100, 100, 100, 75, 50, 0, 0])
    }

    // MARK: 3. Step boundaries in later repeats

    /// CSS Easing Level 1 steps() on an integer clock: `steps(3) repeat 3` over 30 ticks
    /// changes step on exactly the ticks 10, 20, 30, 40 … in every repeat.
    func testStepBoundariesInLaterRepeatsLandOnTheirTick() throws {
        let xs = try trace("var x = 0\nanimate x from 0 to 90 over 30t ease steps(3) repeat 3", ticks: 91)
        for t in 0..<90 { XCTAssertEqual(xs[t], Double(30 * (t % 30 / 10)), "tick \(t)") }
        XCTAssertEqual(xs[40], 30)
        XCTAssertEqual(xs[80], 60)
        XCTAssertEqual(xs[90], 90)
    }

    /// Every step boundary of steps(n) over d ticks, in each of 4 repeats, lands on the tick
    /// ⌊(t mod d)·n/d⌋ gives.
    func testEveryStepBoundaryInEveryRepeatIsExact() throws {
        for n in 1...7 {
            for d in [3, 7, 10, 29, 30, 45, 49, 50] {
                let xs = try trace("var x = 0\nanimate x from 0 to 1 over \(d)t ease steps(\(n)) repeat 4", ticks: 4 * d)
                for t in 0..<(4 * d) {
                    XCTAssertEqual(xs[t], Double(t % d * n / d) / Double(n), "steps(\(n)) over \(d)t, tick \(t)")
                }
            }
        }
    }

    /// Core Animation's repeatCount with exact ticks: 1.1 repeats of 50 ticks end at tick
    /// 55 (55.00000000000001 in floating point would end one tick late).
    func testFractionalRepeatCountEndsOnTheExactTick() throws {
        let xs = try trace("var x = 0\nanimate x from 0 to 100 over 50t repeat 1.1 fill none", ticks: 56)
        XCTAssertEqual(xs[54], 8)
        XCTAssertEqual(xs[55], 0, "ended: back to the model value")
    }

    // MARK: 5. Overshooting curves in keyframe animations

    /// Web Animations Level 1 (the effect value of a keyframe effect): an iteration progress
    /// outside 0...1 extrapolates along the first or last interval, so an overshooting curve
    /// on evenly spaced keyframes 0, 100, 200 gives the same values as on `from 0 to 200`.
    func testOvershootingCurveExtrapolatesKeyframesLikeABasicAnimation() throws {
        let curve = "cubic-bezier(0.3, -0.6, 0.7, 1.6)"
        let keyed = try trace("var x = 0\nanimate x values [0, 100, 200] over 20t ease \(curve)", ticks: 20)
        let basic = try trace("var x = 0\nanimate x from 0 to 200 over 20t ease \(curve)", ticks: 20)
        XCTAssertLessThan(basic.min() ?? 0, -1, "the curve undershoots")
        XCTAssertGreaterThan(basic.max() ?? 0, 201, "and overshoots")
        for (k, b) in zip(keyed, basic) { XCTAssertEqual(k, b, accuracy: 1e-9) }
    }

    /// Same reference, with the eased progress computed independently: below 0 along
    /// 0 → 100 (the first interval, 0…0.5), above 1 along 100 → 0 (the last, 0.5…1).
    func testOvershootingCurveUsesTheFirstAndLastIntervals() throws {
        let xs = try trace("var x = 0\nanimate x values [0, 100, 0] over 20t ease cubic-bezier(0.3, -0.6, 0.7, 1.6)", ticks: 20)
        for t in 0...20 {
            let p = Timing.cubicBezier(0.3, -0.6, 0.7, 1.6, Double(t) / 20)
            let want = p < 0.5 ? 100 * p / 0.5 : 100 * (1 - (p - 0.5) / 0.5)
            XCTAssertEqual(xs[t], want, accuracy: 1e-9, "tick \(t), eased \(p)")
        }
        XCTAssertLessThan(xs.min() ?? 0, -1)
    }
}
