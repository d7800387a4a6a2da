import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// Animation timing at the exact ticks where things change: begin, end, repeat and
/// autoreverse turns, delays and every fill mode.
final class AnimationTests: XCTestCase {
    func testFromToByCombinations() throws {
        XCTAssertEqual(try trace("var x = 5\nanimate x from 10 by 4 over 4t", ticks: 4), [10, 11, 12, 13, 14])
        XCTAssertEqual(try trace("var x = 5\nanimate x by 4 to 10 over 4t", ticks: 4), [6, 7, 8, 9, 10])
        XCTAssertEqual(try trace("var x = 5\nanimate x to 9 over 4t", ticks: 4), [5, 6, 7, 8, 9])
        XCTAssertEqual(try trace("var x = 5\nanimate x by 4 over 4t", ticks: 4), [5, 6, 7, 8, 9])
        XCTAssertEqual(try trace("var x = 5\nanimate x from 1 over 4t", ticks: 4), [1, 2, 3, 4, 5])
    }

    func testDelayAndFillModes() throws {
        // Model value 0; animation 10 → 20 over 4 ticks, starting at tick 2.
        let base = "var x = 0\nanimate x from 10 to 20 over 4t delay 2t"
        XCTAssertEqual(try trace(base + " fill none", ticks: 8), [0, 0, 10, 12.5, 15, 17.5, 0, 0, 0])
        XCTAssertEqual(try trace(base + " fill backwards", ticks: 8), [10, 10, 10, 12.5, 15, 17.5, 0, 0, 0])
        XCTAssertEqual(try trace(base + " fill forwards", ticks: 8), [0, 0, 10, 12.5, 15, 17.5, 20, 20, 20])
        XCTAssertEqual(try trace(base + " fill both", ticks: 8), [10, 10, 10, 12.5, 15, 17.5, 20, 20, 20])
        XCTAssertEqual(try trace(base, ticks: 8), try trace(base + " fill forwards", ticks: 8), "forwards is the default")
    }

    func testRepeatAndAutoreverseTurns() throws {
        XCTAssertEqual(try trace("var x = 0\nanimate x from 0 to 4 over 4t repeat 2", ticks: 9), [0, 1, 2, 3, 0, 1, 2, 3, 4, 4])
        XCTAssertEqual(try trace("var x = 0\nanimate x from 0 to 4 over 4t autoreverse", ticks: 9), [0, 1, 2, 3, 4, 3, 2, 1, 0, 0])
        // A fractional count ends part-way: 1.5 passes end at 2 (half of 0 → 4).
        XCTAssertEqual(try trace("var x = 0\nanimate x from 0 to 4 over 4t repeat 1.5", ticks: 7), [0, 1, 2, 3, 0, 1, 2, 2])
        XCTAssertEqual(try trace("var x = 0\nanimate x from 0 to 4 over 4t repeat-for 6t", ticks: 7), [0, 1, 2, 3, 0, 1, 2, 2])
        let forever = try trace("var x = 0\nanimate x from 0 to 4 over 4t autoreverse repeat forever", ticks: 400)
        XCTAssertEqual(Array(forever[392...400]), [0, 1, 2, 3, 4, 3, 2, 1, 0])
    }

    func testEasingCurvesThroughTheRuntime() throws {
        let xs = try trace("var x = 0\nanimate x from 0 to 1 over 10t ease ease-in-out", ticks: 10)
        for (n, v) in xs.enumerated() {
            XCTAssertEqual(v, Timing.cubicBezier(0.42, 0, 0.58, 1, Double(n) / 10), accuracy: 1e-12)
        }
        XCTAssertEqual(try trace("var x = 0\nanimate x from 0 to 4 over 4t ease steps(2)", ticks: 4), [0, 0, 2, 2, 4])
    }

    /// `eases [c]` is the curve c on every segment, as CSS's animation-timing-function is.
    func testOneEaseServesEverySegment() throws {
        let one = try trace("var x = 0\nanimate x values [0, 10, 4, 20] times [0, 0.2, 0.5, 1] over 1s eases [ease-in-out]", ticks: 60)
        let each = try trace("var x = 0\nanimate x values [0, 10, 4, 20] times [0, 0.2, 0.5, 1] over 1s eases [ease-in-out, ease-in-out, ease-in-out]", ticks: 60)
        let whole = try trace("var x = 0\nanimate x values [0, 10, 4, 20] times [0, 0.2, 0.5, 1] over 1s ease ease-in-out", ticks: 60)
        XCTAssertEqual(one, each)
        XCTAssertNotEqual(one, whole)
        XCTAssertEqual(one[12], 10, accuracy: 1e-9)   // the first key is reached at 0.2 of the pass
        XCTAssertEqual(one[6], 5, accuracy: 1e-6)     // half-way through an ease-in-out segment
    }

    func testKeyframesLinearDiscreteCubicPaced() throws {
        XCTAssertEqual(try trace("var x = 0\nanimate x values [0, 10, 0] over 4t", ticks: 4), [0, 5, 10, 5, 0])
        let timed = try trace("var x = 0\nanimate x values [0, 10, 20] times [0, 0.75, 1] over 4t", ticks: 4)
        for (v, want) in zip(timed, [0, 10.0 / 3, 20.0 / 3, 10, 20]) { XCTAssertEqual(v, want, accuracy: 1e-12) }
        // Discrete: each of 3 values holds for a third of 4 ticks (from ticks 0, 4/3 and 8/3).
        XCTAssertEqual(try trace("var x = 0\nanimate x values [0, 10, 0] over 4t mode discrete", ticks: 4), [0, 0, 10, 0, 0])
        // Paced: equal speed along total distance 30 (0 → 10 → 30 → ... ), ignoring times.
        XCTAssertEqual(try trace("var x = 0\nanimate x values [0, 10, 30] mode paced over 3t", ticks: 3), [0, 10, 20, 30])
        // Cubic (Catmull-Rom) passes through the keys; between them it differs from linear.
        let cubic = try trace("var x = 0\nanimate x values [0, 10, 0, 10] mode cubic over 6t", ticks: 6)
        XCTAssertEqual(cubic[0], 0); XCTAssertEqual(cubic[2], 10); XCTAssertEqual(cubic[4], 0); XCTAssertEqual(cubic[6], 10)
        XCTAssertEqual(cubic[1], 5.625, accuracy: 1e-12)   // 0.5·(2·0 + 10·0.5 + (−5·0 + 4·10 − 0)·0.25 + (3·0 − 3·10 + 0)·0.125)
    }

    func testSequenceAndParallelWithStagger() throws {
        let seq = try trace("var x = 0\nsequence { animate x from 0 to 2 over 2t\n animate x from 10 to 12 over 2t }", ticks: 5)
        XCTAssertEqual(seq, [0, 1, 10, 11, 12, 12])
        let par = try trace("var x = 0\nparallel stagger 2t { animate x from 0 to 2 over 2t\n animate x from 10 to 12 over 2t fill both }", ticks: 4)
        XCTAssertEqual(par, [10, 10, 10, 11, 12])
    }

    /// A zero-length animation repeated forever lasts no time: it sets its end and its
    /// `then` runs at once (it never did).
    func testAZeroLengthAnimationRepeatedForeverEndsAtOnce() throws {
        let x = try trace("var x = 0\nanimate x to 5 over 0s repeat forever then { animate x to 9 over 2t }", ticks: 3)
        XCTAssertEqual(x, [5, 7, 9, 9])
        // With autoreverse each pass ends where it began.
        let back = try trace("var x = 0\nanimate x to 5 over 0s autoreverse repeat forever then { animate x to 9 over 2t }", ticks: 3)
        XCTAssertEqual(back, [0, 4.5, 9, 9])
    }

    /// An animation that interrupts a running one on the same target starts where that one
    /// is at this tick (no frame shown twice), with `animate` and with a spring; one with a
    /// delay starts from the value shown when it begins.
    func testAnInterruptingAnimationStartsFromTheValueShownThisTick() throws {
        let x = try trace("var x = 0\nanimate x from 0 to 100 over 60t\nat 30t { animate x to 0 over 30t }", ticks: 32)
        XCTAssertEqual(x[29], 100.0 * 29 / 60, accuracy: 1e-9)
        XCTAssertEqual(x[30], 50, accuracy: 1e-9, "the new animation's first value is the old one's at tick 30")
        XCTAssertEqual(x[31], 50 - 50.0 / 30, accuracy: 1e-9)
        let s = try trace("var x = 0\nspring x to 1\nat 18t { spring x to 0 }", ticks: 20)
        XCTAssertNotEqual(s[17], s[18], "no repeated frame when a spring is interrupted")
        let spring = Spring(SpringParameters())
        XCTAssertEqual(s[18], spring.progress(18.0 / 60), accuracy: 1e-9, "the interrupting spring starts at the first one's value at tick 18")
        let delayed = try trace("var x = 0\nanimate x to 10 over 2t delay 3t\nat 1t { x = 5 }", ticks: 5)
        XCTAssertEqual(delayed, [0, 5, 5, 5, 7.5, 10], "from 5, the value when it begins at tick 3")
    }

    /// A later animation of a sequence with an end left to the current value takes it when
    /// it begins, where the one before left off, as `then` does: not the value at tick 0.
    func testASequencesMissingEndsAreTheValueWhenEachBegins() throws {
        XCTAssertEqual(try trace("var x = 0\nsequence { animate x to 4 over 2t\n animate x to 0 over 2t }", ticks: 5), [0, 2, 4, 2, 0, 0])
        XCTAssertEqual(try trace("var x = 0\nsequence { animate x to 4 over 2t\n animate x by 2 over 2t\n animate x from 10 over 2t }", ticks: 7),
                       [0, 2, 4, 5, 10, 8, 6, 6], "by adds to where the last left off; from runs from 10 to there")
        // After a zero-length member ("set, then animate"), and not in a parallel group.
        XCTAssertEqual(try trace("var x = 0\nsequence { animate x to 100 over 0s\n animate x by 10 over 2t }", ticks: 3), [100, 105, 110, 110])
        XCTAssertEqual(try trace("var x = 0\nparallel stagger 2t { animate x to 4 over 2t\n animate x to 0 over 2t }", ticks: 4), [0, 2, 4, 2, 0],
                       "a staggered member of a parallel group too takes its end when it begins: the second runs 4 → 0")
        // An end that would not be finite is the animation's runtime error, as at its start.
        var overflowing = try SceneRuntime(program: try program("layer a: circle { }\nsequence { animate a.position.x to 1e308 over 1t\n animate a.position.x by 1e308 over 2t }"))
        XCTAssertThrowsError(try { for _ in 0..<3 { try overflowing.step() } }()) { e in
            XCTAssertEqual((e as? RuntimeError)?.code, .nonFiniteGeometry, "\(e)")
        }
        // The same, saved in the middle (before the second begins) and resumed.
        let script = "var x = 0\nsequence { animate x to 4 over 2t\n animate x to 0 over 2t }"
        let compiled = try program(script)
        var r = try SceneRuntime(program: compiled)
        try r.step()
        let saved = try r.savedState(of: compiled, script: "f00d")
        var resumed = try SceneRuntime.loading(saved, program: compiled, script: "f00d")
        var out: [Double] = []
        for _ in 0..<4 { try resumed.step(); out.append(resumed.value(ofGlobal: "x")?.number ?? .nan) }
        XCTAssertEqual(out, [4, 2, 0, 0])
    }

    func testAGroupsDelayStartsItsFirstAnimationLater() throws {
        XCTAssertEqual(try trace("var x = 0\nsequence delay 2t { animate x from 0 to 2 over 2t\n animate x from 10 to 12 over 2t }", ticks: 7),
                       [0, 0, 0, 1, 10, 11, 12, 12])
        XCTAssertEqual(try trace("var x = 0\nparallel delay 1t stagger 1t { animate x from 0 to 2 over 2t\n animate x from 10 to 12 over 2t }", ticks: 4),
                       [0, 0, 10, 11, 12])
    }

    func testThenChainsWithoutAGap() throws {
        XCTAssertEqual(try trace("var x = 0\nanimate x from 0 to 2 over 2t then animate x to 0 over 2t", ticks: 5), [0, 1, 2, 1, 0, 0])
    }

    func testColourAndPointInterpolation() throws {
        var r = try SceneRuntime(program: try program("layer c: circle { fill #000000 }\nanimate c.fill to #ff8000 over 2t\nanimate c.center from (0, 0) to (10, 20) over 2t"))
        try r.step()
        XCTAssertEqual(r.value(ofLayer: "c", .center), .point(5, 10))
        guard case .paint(.color(let col))? = r.value(ofLayer: "c", .fill) else { return XCTFail("\(String(describing: r.value(ofLayer: "c", .fill)))") }
        XCTAssertEqual(col.r, 0.5, accuracy: 1e-12)
        XCTAssertEqual(col.g, 128.0 / 255 / 2, accuracy: 1e-12)
        XCTAssertEqual(col.b, 0, accuracy: 1e-12)
    }

    func testAssignmentEndsABinding() throws {
        var r = try SceneRuntime(program: try program("var v = 1\nlayer s: wave { amplitude 5 * v }\nevery tick { v += 1 }\nat 3t { s.amplitude = 0 }"))
        XCTAssertEqual(r.value(ofLayer: "s", .amplitude), .number(10))
        for _ in 0..<2 { try r.step() }
        XCTAssertEqual(r.value(ofLayer: "s", .amplitude), .number(20))
        try r.step()
        XCTAssertEqual(r.value(ofLayer: "s", .amplitude), .number(0))
        try r.step()
        XCTAssertEqual(r.value(ofLayer: "s", .amplitude), .number(0), "the binding to v is gone")
    }

    func testTimerKinds() throws {
        XCTAssertEqual(try trace("var x = 0\nevery 3 ticks { x += 1 }", ticks: 7), [1, 1, 1, 2, 2, 2, 3, 3])
        XCTAssertEqual(try trace("var x = 0\nat 2t { x = 5 }", ticks: 3), [0, 0, 5, 5])
        XCTAssertEqual(try trace("var x = 0\nat 1t { after 2t { x = 7 } }", ticks: 4), [0, 0, 0, 7, 7])
    }

    func testRandomIsSeededAndReproducible() throws {
        let a = try trace("scene 10x10 { seed 3 }\nvar x = 0\nevery tick { x = random() }", ticks: 5)
        let b = try trace("scene 10x10 { seed 3 }\nvar x = 0\nevery tick { x = random() }", ticks: 5)
        let c = try trace("scene 10x10 { seed 4 }\nvar x = 0\nevery tick { x = random() }", ticks: 5)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
        XCTAssertTrue(a.allSatisfy { $0 >= 0 && $0 < 1 })
    }
}

final class StaggerTests: XCTestCase {
    func testStaggerAcrossTheChildrenOfAGroup() throws {
        var r = try SceneRuntime(program: try program("""
        layer dots: group {
          layer a: circle { radius 8 }
          layer b: circle { radius 8 }
          layer c: rect { frame (0, 0, 4, 4) }
        }
        animate dots.children.radius from 0 to 10 over 10t stagger 5t fill both
        """))
        for _ in 0..<7 { try r.step() }
        XCTAssertEqual(r.value(ofLayer: "a", .radius), .number(7))
        XCTAssertEqual(r.value(ofLayer: "b", .radius), .number(2))
        XCTAssertEqual(r.value(ofLayer: "c", .frame), .rect(0, 0, 4, 4), "a rect has no radius and is left out")
    }

    /// `G.children.P.c` animates one component of each child's property, staggered or as a
    /// sequence step (it was "unknown property 'children'", and with a stagger "one target
    /// has nothing to spread").
    func testChildrenTakeAComponent() throws {
        var r = try SceneRuntime(program: try program("""
        layer dots: group {
          layer a: circle { center (20, 20)  radius 5 }
          layer b[2]: circle { center (40, 20)  radius 5 }
        }
        animate dots.children.position.y from 0 to 10 over 10t stagger 2t fill both
        """))
        for _ in 0..<6 { try r.step() }
        XCTAssertEqual(r.value(ofLayer: "a", .position), .point(0, 6))
        XCTAssertEqual(r.value(ofLayer: "b", copy: 0, .position), .point(0, 4))
        XCTAssertEqual(r.value(ofLayer: "b", copy: 1, .position), .point(0, 2))

        var s = try SceneRuntime(program: try program("""
        layer dots: group {
          layer a: circle { center (20, 20)  radius 5 }
          layer b: circle { center (40, 20)  radius 5 }
        }
        sequence {
          animate dots.children.position.x from 0 to 8 over 4t
        }
        """))
        for _ in 0..<2 { try s.step() }
        XCTAssertEqual(s.value(ofLayer: "a", .position), .point(4, 0))
        XCTAssertEqual(s.value(ofLayer: "b", .position), .point(4, 0))
    }

    /// A repeated child's copies are children of the group too, each in its turn, in a
    /// stagger and in a sequence step; a group with copies (or one copy's children) is an
    /// error that says what to write, not "unknown property 'children'".
    func testARepeatedChildsCopiesAreStaggeredOneByOne() throws {
        var r = try SceneRuntime(program: try program("""
        layer row: group {
          layer dot[3]: circle { radius 8 }
          layer big: circle { radius 8 }
        }
        animate row.children.radius from 0 to 10 over 10t stagger 2t fill both
        """))
        for _ in 0..<7 { try r.step() }
        XCTAssertEqual(r.value(ofLayer: "dot", copy: 0, .radius), .number(7))
        XCTAssertEqual(r.value(ofLayer: "dot", copy: 1, .radius), .number(5))
        XCTAssertEqual(r.value(ofLayer: "dot", copy: 2, .radius), .number(3))
        XCTAssertEqual(r.value(ofLayer: "big", .radius), .number(1))

        var s = try SceneRuntime(program: try program("""
        layer row: group {
          layer dot[2]: circle { radius 8 }
        }
        sequence {
          animate row.children.radius to 0 over 4t
        }
        """))
        for _ in 0..<2 { try s.step() }
        XCTAssertEqual(s.value(ofLayer: "dot", copy: 0, .radius), .number(4))
        XCTAssertEqual(s.value(ofLayer: "dot", copy: 1, .radius), .number(4))

        for (script, message) in [
            ("animate row.children.opacity from 0 to 1 over 1s stagger 0.1s", "'row' has copies, so 'row.children'"),
            ("animate row[1].children.opacity from 0 to 1 over 1s", "the children of one copy of 'row' cannot be named"),
            // The same inside a sequence or parallel (once said "name one ('row[0].children')").
            ("sequence {\n  animate row.children.opacity from 0 to 1 over 1s\n}", "'row' has copies, so 'row.children'"),
            ("parallel {\n  animate row[1].children.opacity from 0 to 1 over 1s\n}", "the children of one copy of 'row' cannot be named"),
        ] {
            let diagnostics = Compiler.compile(SourceFile(name: "t", text: """
            layer row[3]: group {
              layer dot[4]: circle { radius 5 }
            }
            \(script)
            """)).1
            XCTAssertEqual(diagnostics.map(\.code), [.wrongLayerUse], script)
            XCTAssertTrue(diagnostics.first?.message.contains(message) ?? false, "\(diagnostics.first?.message ?? "none")")
            XCTAssertTrue(diagnostics.first?.help?.contains("animate dot.opacity") ?? false, script)
        }
    }
}

extension AnimationTests {
    /// An animation that ends (fill forwards) shows its last value on its last tick even where
    /// an animation earlier in the list wrote the same property from the model before the
    /// commit: x reached 10 at tick 5, not 0 for one tick.
    func testACommittedComponentShowsOnItsLastTickBesideAnotherComponentsAnimation() throws {
        let script = """
        layer dot: circle { center (0, 0) radius 3 }
        animate dot.position.y from 0 to 30 over 10t
        sequence { animate dot.position.x to 10 over 5t; animate dot.position.y by 7 over 5t }
        """
        var r = try SceneRuntime(program: try program(script))
        var xs: [Double] = []
        for _ in 0..<8 {
            try r.step()
            guard let dot = r.instances.values.first(where: { r.program.layers[$0.decl].name == "dot" }) else { return XCTFail("no dot") }
            xs.append(dot.present(.position).point.0)
        }
        XCTAssertEqual(xs, [2, 4, 6, 8, 10, 10, 10, 10])
    }
}
