import Foundation
import XCTest
import WaveSyntax
@testable import WaveCompiler

final class TimingTests: XCTestCase {
    /// Issue reference values for m=1, k=100, c=10, v=0.
    func testSpringReferenceValues() {
        let s = Spring(SpringParameters())
        XCTAssertEqual(s.progress(0.5), 1.0745905665950333, accuracy: 1e-9)
        XCTAssertEqual(s.progress(1.0), 1.0021701167393262, accuracy: 1e-9)
        XCTAssertEqual(s.progress(0), 0)
    }

    /// Integrates m·x'' = −k(x−1) − c·x' with RK4 at a fine step and compares with the
    /// closed form for all three damping regimes.
    func testSpringMatchesNumericalIntegration() {
        let cases = [SpringParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0),
                     SpringParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0),
                     SpringParameters(mass: 2, stiffness: 50, damping: 40, initialVelocity: 3),
                     SpringParameters(mass: 1, stiffness: 300, damping: 7, initialVelocity: -2)]
        for p in cases {
            let spring = Spring(p)
            var x = 0.0, v = p.initialVelocity, t = 0.0
            let h = 1e-4
            func acc(_ x: Double, _ v: Double) -> Double { (-p.stiffness * (x - 1) - p.damping * v) / p.mass }
            for step in 1...20000 {
                let k1x = v, k1v = acc(x, v)
                let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
                if step % 2500 == 0 { XCTAssertEqual(spring.progress(t), x, accuracy: 1e-7, "\(p) at \(t)") }
            }
        }
    }

    func testSettlingTimeIsWhereItStaysWithinOneThousandth() {
        let s = Spring(SpringParameters())
        let settle = s.settlingTime
        let ticks = Int((settle * 60).rounded())
        XCTAssertGreaterThanOrEqual(abs(1 - s.progress(Double(ticks - 1) / 60)), 0.001)
        for n in ticks...(ticks + 600) { XCTAssertLessThan(abs(1 - s.progress(Double(n) / 60)), 0.001) }
    }

    /// A spring without damping never settles: it runs the longest a spring may and `wave
    /// ir` says it does not settle, instead of a settling time.
    func testAnUndampedSpringIsSaidNotToSettle() throws {
        XCTAssertGreaterThan(Spring(SpringParameters(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0)).settlingTime, Spring.longest)
        let (p, diags) = Compiler.compile(SourceFile(name: "t", text: "var x = 0\nspring x to 1 { damping 0 }\nspring x to 2 { damping 20 }"))
        let text = IRPrinter(program: try XCTUnwrap(p, "\(diags)")).render()
        XCTAssertTrue(text.contains("does not settle within 600s: it ends there, at its target"), text)
        XCTAssertTrue(text.contains("settles in 0.933333s = 56t"), text)
    }

    func testPerceptualMapping() {
        let p = Spring.perceptual(response: 0.5, dampingFraction: 0.7)
        XCTAssertEqual(p.stiffness, pow(2 * Double.pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(p.damping, 4 * Double.pi * 0.7 / 0.5, accuracy: 1e-9)
    }

    /// Checks the solver by evaluating the Bézier forwards: for parameters s, the point
    /// (x(s), y(s)) must map x(s) to y(s).
    func testCubicBezierInvertsTheCurve() {
        let curves: [(Double, Double, Double, Double)] = [(0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1), (0.9, -0.5, 0.1, 1.5)]
        for (x1, y1, x2, y2) in curves {
            for i in 0...100 {
                let s = Double(i) / 100
                let bx = 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s
                let by = 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s
                XCTAssertEqual(Timing.cubicBezier(x1, y1, x2, y2, bx), by, accuracy: 1e-5)
            }
        }
        XCTAssertEqual(Timing.cubicBezier(0.42, 0, 0.58, 1, 0.5), 0.5, accuracy: 1e-9)
    }

    func testSteps() {
        XCTAssertEqual(Timing.steps(4, .jumpEnd, 0.3), 0.25)
        XCTAssertEqual(Timing.steps(4, .jumpStart, 0.3), 0.5)
        XCTAssertEqual(Timing.steps(4, .jumpNone, 0.3), 1.0 / 3)
        XCTAssertEqual(Timing.steps(4, .jumpBoth, 0.3), 0.4)
        XCTAssertEqual(Timing.steps(4, .jumpEnd, 1), 1)
        XCTAssertEqual(Timing.steps(4, .jumpEnd, 0), 0)
    }

    /// CSS Easing Level 1, step easing functions: with the before flag set and x·n whole,
    /// the step drops back by one (jump-start at 0 gives 0, not 1/n); elsewhere the flag
    /// changes nothing.
    func testStepsBeforeFlag() {
        XCTAssertEqual(Timing.steps(4, .jumpStart, 0, before: true), 0)
        XCTAssertEqual(Timing.steps(4, .jumpStart, 0, before: false), 0.25)
        XCTAssertEqual(Timing.steps(4, .jumpBoth, 0, before: true), 0)
        XCTAssertEqual(Timing.steps(4, .jumpEnd, 0.5, before: true), 0.25)
        XCTAssertEqual(Timing.steps(4, .jumpEnd, 0.3, before: true), 0.25, "not on a boundary")
        XCTAssertEqual(Timing.steps(4, .jumpEnd, 0, before: true), 0, "not below 0 for x ≥ 0")
    }

    /// Exact ratios stay exact: 1/3 of the way through steps(3) is the second step, where
    /// the Double 1/3 times 3 could round either way.
    func testStepsOfAnExactRatio() {
        XCTAssertEqual(Timing.steps(3, .jumpEnd, .ratio(10, over: 30), before: false), .ratio(1, over: 3))
        XCTAssertEqual(Timing.steps(49, .jumpEnd, .ratio(1, over: 49), before: false), .ratio(1, over: 49))
        XCTAssertEqual(Timing.steps(3, .jumpEnd, .ratio(9, over: 30), before: false), .ratio(0, over: 3))
        XCTAssertEqual(PassProgress.ratio(40 % 30, over: 30).scaledFloor(3).floor, 1)
    }

    /// CSS Easing Level 1, cubic Bézier easing functions: outside 0...1 the curve follows
    /// its end tangents (P0→P1 before 0, P2→P3 after 1).
    func testCubicBezierExtrapolatesAlongItsEndTangents() {
        XCTAssertEqual(Timing.cubicBezier(0.3, -0.6, 0.7, 1.6, -0.1), -0.6 / 0.3 * -0.1, accuracy: 1e-12)
        XCTAssertEqual(Timing.cubicBezier(0.3, -0.6, 0.7, 1.6, 1.1), 1 + (1 - 1.6) / (1 - 0.7) * 0.1, accuracy: 1e-12)
        XCTAssertEqual(Timing.cubicBezier(0, 0, 0.58, 1, -0.5), 1 / 0.58 * -0.5, accuracy: 1e-12, "x1 = 0: the tangent is P0→P2")
        XCTAssertEqual(Timing.cubicBezier(0.42, 0, 1, 1, 1.5), 1 + 1 / (1 - 0.42) * 0.5, accuracy: 1e-12, "x2 = 1: the tangent is P1→P3")
        XCTAssertEqual(Timing.cubicBezier(0, 0.5, 0, 0.5, -1), 0, "x1 = x2 = 0: flat before 0")
    }

    func testFractionsOfDecimalLiterals() {
        XCTAssertEqual(PassProgress.fraction(approximating: 1.1).map { [$0.num, $0.den] }, [11, 10])
        XCTAssertEqual(PassProgress.fraction(approximating: 2.3).map { [$0.num, $0.den] }, [23, 10])
        XCTAssertEqual(PassProgress.fraction(approximating: 1.0 / 3).map { [$0.num, $0.den] }, [1, 3])
        XCTAssertEqual(PassProgress.fraction(approximating: 0).map { [$0.num, $0.den] }, [0, 1])
        XCTAssertNil(PassProgress.fraction(approximating: .infinity))
        XCTAssertTrue(PassProgress.ratio(3, over: 10).isAtLeast(0.3))
        XCTAssertFalse(PassProgress.ratio(299, over: 1000).isAtLeast(0.3))
    }

    // MARK: grammar.md says what the code does

    func grammarText() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("grammar.md"), encoding: .utf8)
    }

    func animation(_ script: String) throws -> AnimationIR {
        let (p, diags) = Compiler.compile(SourceFile(name: "t.wave", text: script))
        guard let p, case .animate(let a)? = p.statements.last else {
            XCTFail("\(diags)")
            throw XCTSkip("did not compile")
        }
        return a
    }

    /// The default fill is `forwards` (CA's model-value convention; a delay shows the model
    /// value as in CSS and CA), and grammar.md's fill table says so.
    func testGrammarStatesTheDefaultFill() throws {
        XCTAssertEqual(try animation("var x = 0\nanimate x to 1 over 1s delay 1s").fill, .forwards)
        let text = try grammarText()
        XCTAssertTrue(text.contains("| `forwards` (the default) | the model value | the final value becomes the model value |"))
        XCTAssertFalse(text.contains("`both`, the default"))
    }

    /// SwiftUI's Spring(duration:bounce:): ζ = 1 − b for b ≥ 0 and 1/(1 + b) below 0, with
    /// damping 4πζ/r; grammar.md states both halves.
    /// SwiftUI's `.spring(dampingFraction:)` alone keeps its default response, 0.55 s:
    /// stiffness (2π / 0.55)², damping 4π · 0.6 / 0.55.
    func testADampingFractionWithoutAResponseTakesSwiftUIsDefaultResponse() throws {
        let a = try animation("var x = 0\nspring x to 1 { damping-fraction 0.6 }")
        guard case .spring(let p) = a.timing else { return XCTFail("\(a.timing)") }
        XCTAssertEqual(p.stiffness, pow(2 * .pi / 0.55, 2), accuracy: 1e-9)
        XCTAssertEqual(p.damping, 4 * .pi * 0.6 / 0.55, accuracy: 1e-9)
    }

    func testGrammarStatesTheBounceMapping() throws {
        for (b, zeta) in [(0.3, 0.7), (0.0, 1.0), (-0.5, 2.0)] {
            let a = try animation("var x = 0\nspring x to 1 { response 0.5  bounce \(b) }")
            guard case .spring(let p) = a.timing else { return XCTFail("\(a.timing)") }
            XCTAssertEqual(p.damping, 4 * Double.pi * zeta / 0.5, accuracy: 1e-9, "bounce \(b)")
            XCTAssertEqual(p.stiffness, pow(2 * Double.pi / 0.5, 2), accuracy: 1e-9)
        }
        let text = try grammarText()
        XCTAssertTrue(text.contains("ζ = 1 − b for b ≥ 0"))
        XCTAssertTrue(text.contains("ζ = 1/(1 + b) for b < 0"))
        XCTAssertTrue(text.contains("### Timing conformance"))
    }

    /// easeOutBounce stays on one side: never above 1, touching it at the four landings
    /// (x = 1/2.75, 2/2.75, 2.5/2.75, 1), with the dips easings.net's formula gives.
    func testTheBounceNeverPassesTheEnd() {
        for k in 0...10_000 {
            let x = Double(k) / 10_000
            XCTAssertLessThanOrEqual(Timing.bounce(x), 1 + 1e-12, "at \(x)")
            XCTAssertGreaterThanOrEqual(Timing.bounce(x), 0, "at \(x)")
        }
        for landing in [1 / 2.75, 2 / 2.75, 2.5 / 2.75, 1] { XCTAssertEqual(Timing.bounce(landing), 1, accuracy: 1e-12) }
        XCTAssertEqual(Timing.bounce(1.5 / 2.75), 0.75, accuracy: 1e-12)
        XCTAssertEqual(Timing.bounce(2.25 / 2.75), 0.9375, accuracy: 1e-12)
        XCTAssertEqual(Timing.bounce(2.625 / 2.75), 0.984375, accuracy: 1e-12)
        XCTAssertEqual(Timing.bounce(0.2), 7.5625 * 0.04, accuracy: 1e-12)
        XCTAssertEqual(Timing.apply(Timing.named["ease-out-bounce"] ?? .linear, 0.4), 0.91, accuracy: 1e-12)
    }

    func compiledCurve(_ written: String) -> TimingFunction? {
        let file = SourceFile(name: "t.wave", text: "var x = 0\nanimate x to 1 over 1s ease \(written)")
        guard let program = Compiler.compile(file).0, case .animate(let a)? = program.statements.last else { return nil }
        return a.timing
    }

    /// CSS Easing Level 2's linear(): positions as CSS canonicalises them, and outputs on
    /// the lines between (the specification's own example, `linear(0, 0.25 75%, 1)`).
    func testLinearPointsAreCanonicalisedAndJoinedAsCSSDoes() throws {
        func points(_ written: String) -> [[Double]] {
            guard case .points(let ps)? = compiledCurve(written) else { return [] }
            return ps.map { [$0.input, $0.output] }
        }
        XCTAssertEqual(points("linear(0, 0.25 75%, 1)"), [[0, 0], [0.75, 0.25], [1, 1]])
        // Unplaced points spread evenly between their neighbours; two positions, two points.
        XCTAssertEqual(points("linear(0, 0.2, 0.4 80%, 1)"), [[0, 0], [0.4, 0.2], [0.8, 0.4], [1, 1]])
        XCTAssertEqual(points("linear(0, 0.5 25% 75%, 1)"), [[0, 0], [0.25, 0.5], [0.75, 0.5], [1, 1]])
        // A position below an earlier one is raised to it: a jump.
        XCTAssertEqual(points("linear(0, 0 60%, 1 40%, 1)"), [[0, 0], [0.6, 0], [0.6, 1], [1, 1]])
        let f = try XCTUnwrap(compiledCurve("linear(0, 0.25 75%, 1)"))
        XCTAssertEqual(Timing.apply(f, 0.375), 0.125, accuracy: 1e-12)
        XCTAssertEqual(Timing.apply(f, 0.875), 0.625, accuracy: 1e-12)
        // Beyond the ends the end segments extend.
        XCTAssertEqual(Timing.apply(f, 1.25), 1.75, accuracy: 1e-12)
        XCTAssertEqual(Timing.apply(f, -0.75), -0.25, accuracy: 1e-12)
        let jump = try XCTUnwrap(compiledCurve("linear(0, 0 60%, 1 40%, 1)"))
        XCTAssertEqual(Timing.apply(jump, 0.5999), 0)
        XCTAssertEqual(Timing.apply(jump, 0.6), 1)
    }
}
