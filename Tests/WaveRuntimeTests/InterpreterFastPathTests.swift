import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// The interpreter calls one-number built-ins (`sin`, `abs`, …) and three-argument `mix`
/// without building argument arrays. On seeded random arguments of every kind a value can
/// have (numbers with NaN and infinities, booleans, points, rects, colours, strings), each
/// call must give exactly what the general `Ops.call` gives for the same values.
final class InterpreterFastPathTests: XCTestCase {
    func testFastCallsMatchTheGeneralCall() throws {
        var seed: UInt64 = 0x5851_F42D_4C95_7F2D
        func next() -> Double {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return Double(seed % 2_000_001) / 1_000 - 1_000   // -1000 ... 1000
        }
        func value() -> Value {
            switch Int(abs(next())) % 9 {
            case 0: return .number([Double.nan, .infinity, -.infinity, 0, -0.0][Int(abs(next())) % 5])
            case 1: return .bool(next() > 0)
            case 2: return .point(next(), next())
            case 3: return .rect(next(), next(), next(), next())
            case 4: return .color(RGBA(abs(next()) / 1000, abs(next()) / 1000, abs(next()) / 1000, abs(next()) / 1000))
            case 5: return .string("s")
            default: return .number(next() / [1, 10, 1000][Int(abs(next())) % 3])
            }
        }
        var runtime = try SceneRuntime(program: try program("var x = 0"))
        let unary = Builtin.allCases.filter(Ops.isUnary)
        XCTAssertEqual(unary.count, 14)
        var checked = 0
        for _ in 0..<4000 {
            for f in unary {
                let v = value()
                let fast = try runtime.evaluate(.call(f, [.constant(v)]))
                XCTAssertTrue(same(fast, Ops.call(f, [v])), "\(f.rawValue)(\(v)): \(fast) vs \(Ops.call(f, [v]))")
                checked += 1
            }
            let a = value(), b = value(), c = value()
            let fast = try runtime.evaluate(.call(.mix, [.constant(a), .constant(b), .constant(c)]))
            XCTAssertTrue(same(fast, Ops.call(.mix, [a, b, c])), "mix(\(a), \(b), \(c))")
            let clamped = try runtime.evaluate(.call(.clamp, [.constant(a), .constant(b), .constant(c)]))
            XCTAssertTrue(same(clamped, Ops.call(.clamp, [a, b, c])), "clamp(\(a), \(b), \(c))")
            for f in [Builtin.min, .max, .atan2, .pow, .mod] {
                let fast = try runtime.evaluate(.call(f, [.constant(a), .constant(b)]))
                XCTAssertTrue(same(fast, Ops.call(f, [a, b])), "\(f.rawValue)(\(a), \(b)): \(fast) vs \(Ops.call(f, [a, b]))")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 4000 * 19)
        // random(a, b) draws the same number as a + (b − a) · random() from the same generator.
        var twin = try SceneRuntime(program: try program("var x = 0"))
        var general = try SceneRuntime(program: try program("var x = 0"))
        for _ in 0..<1000 {
            let a = next(), b = next()
            // `eval`, as the scene's code runs: each draw moves the stream on (`evaluate`, an
            // observation, leaves it where it was).
            let fast = try twin.eval(.call(.random, [.constant(.number(a)), .constant(.number(b))]), .top)
            let u = try general.eval(.call(.random, []), .top).number
            XCTAssertTrue(same(fast, .number(a + (b - a) * u)), "random(\(a), \(b))")
        }
    }

    /// Tracing or printing an expression that draws random numbers does not change the
    /// scene's own draws.
    func testEvaluatingRandomLeavesTheScenesStreamAlone() throws {
        let text = "scene 100x100 { seed 5 }\nvar x = 0\nlet r = random(0, 100)\nevery tick { x = random(0, 100) }"
        var watched = try SceneRuntime(program: try program(text))
        var alone = try SceneRuntime(program: try program(text))
        var seen: [Double] = []
        for _ in 0..<5 {
            try watched.step()
            try alone.step()
            let a = try watched.evaluate(.call(.random, [])).number, b = try watched.evaluate(.call(.random, [])).number
            XCTAssertEqual(a, b)   // the same draw both times: nothing moved the stream
            seen.append(watched.value(ofGlobal: "x")?.number ?? .nan)
            XCTAssertEqual(watched.value(ofGlobal: "x"), alone.value(ofGlobal: "x"))
        }
        XCTAssertEqual(Set(seen).count, 5)   // the scene's draws still differ tick by tick
    }

    /// A let of the clock alone is evaluated once a tick and kept (`IRExpr.tickCached`): a
    /// script using such lets must step exactly like the same script with each let written
    /// out where it is used (the general path), value for value, in fewer interpreter steps
    /// (a kept let costs one step at each read after its first in a tick).
    func testLetsOfTheClockMatchTheLetsWrittenOut() throws {
        let a = "(sin(t * 3.1) * 40 + width / 4)"
        let b = "(\(a) * 2 + abs(cos(tick * 0.07)))"
        func script(_ inlined: Bool) -> String {
            let (ua, ub) = inlined ? (a, b) : ("a", "b")
            return """
            scene 200x100 { duration 4s }
            \(inlined ? "" : "let a = \(a)\nlet b = \(b)")
            var x = 0
            var y = 0
            layer s: rect { frame (\(ua), \(ub), \(ua) + 1, 2 * \(ub))  fill mix(#ff0000, #00ff00, abs(sin(t))) }
            every tick { x = \(ua) + \(ub) * 3
              y = y + \(ua) }
            """
        }
        var cached = try SceneRuntime(program: try program(script(false)))
        var written = try SceneRuntime(program: try program(script(true)))
        XCTAssertTrue(cached.program.layers[0].properties[.frame].map { "\($0)".contains("tickCached") } ?? false)
        var saved = 0
        for tick in 0..<240 {
            XCTAssertEqual(cached.value(ofGlobal: "x"), written.value(ofGlobal: "x"), "tick \(tick)")
            XCTAssertEqual(cached.value(ofGlobal: "y"), written.value(ofGlobal: "y"), "tick \(tick)")
            XCTAssertEqual(cached.value(ofLayer: "s", .frame), written.value(ofLayer: "s", .frame), "tick \(tick)")
            XCTAssertLessThanOrEqual(cached.work, written.work, "tick \(tick)")
            saved += written.work - cached.work
            try cached.step()
            try written.step()
        }
        XCTAssertNotEqual(cached.value(ofGlobal: "x"), .number(0))
        XCTAssertGreaterThan(saved, 0)
    }

    /// Lets that read anything but the clock are not kept: `random()` draws anew at each
    /// use, `index` differs per copy, a `var` may change between reads.
    func testLetsOfMoreThanTheClockAreEvaluatedAtEachUse() throws {
        var r = try SceneRuntime(program: try program("""
            let r = random(0, 1)
            var v = 1
            let w = v * 2
            var x = 0
            var y = 0
            every tick { x = r - r
              y = w
              v = v + 1
              y = y + w }
            """))
        var differing = 0
        for _ in 0..<50 {
            try r.step()
            if r.value(ofGlobal: "x") != .number(0) { differing += 1 }
            // y = 2v + 2(v + 1) with v before the step's increment.
            let v = r.value(ofGlobal: "v")?.number ?? 0
            XCTAssertEqual(r.value(ofGlobal: "y"), .number(2 * (v - 1) + 2 * v))
        }
        XCTAssertGreaterThan(differing, 45)
    }

    /// Equal values, NaN equal to NaN in the same place.
    private func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.point(let x1, let y1), .point(let x2, let y2)): return same(.number(x1), .number(x2)) && same(.number(y1), .number(y2))
        case (.rect(let a1, let b1, let c1, let d1), .rect(let a2, let b2, let c2, let d2)):
            return [(a1, a2), (b1, b2), (c1, c2), (d1, d2)].allSatisfy { same(.number($0.0), .number($0.1)) }
        case (.color(let c1), .color(let c2)):
            return [(c1.r, c2.r), (c1.g, c2.g), (c1.b, c2.b), (c1.a, c2.a)].allSatisfy { same(.number($0.0), .number($0.1)) }
        default: return a == b
        }
    }
}
