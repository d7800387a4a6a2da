import Foundation
import XCTest
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
import WaveRuntime
import WaveSyntax

/// NaN and ±infinity reach every built-in function and every property of every layer kind,
/// as constants (folded by the compiler) and as bindings (evaluated by the runtime). Each
/// script must compile, run and render, or end with a located error; a trap (an `Int(_:)`
/// of NaN, say) kills the test process.
final class NonFiniteInputTests: XCTestCase {
    /// `z` is 0: `z / z` is NaN, `1 / z` is +infinity, `-1 / z` is -infinity.
    static let specials = ["z / z", "1 / z", "-1 / z", "sqrt(-1)", "log(0)"]
    /// `let z` folds at compile time; `var z` makes every use a binding.
    static let declarations = ["let z = 0", "var z = 0\nevery tick { z = 0 }"]

    enum Outcome: Equatable { case rendered, compileErrors, runtimeError(DiagnosticCode) }

    static func run(_ text: String) -> Outcome {
        let (program, _) = Compiler.compile(SourceFile(name: "nan.wave", text: text))
        guard let program else { return .compileErrors }
        do {
            var runtime = try SceneRuntime(program: program)
            for _ in 0..<2 {
                try runtime.step()
                let frame = try runtime.frame()
                _ = Renderer().render(frame.items, width: frame.width, height: frame.height, background: frame.background)
                _ = try runtime.frame(scale: 0.5)
            }
            return .rendered
        } catch let e as RuntimeError {
            return .runtimeError(e.code)
        } catch {
            return .runtimeError(.tooMuchWork)
        }
    }

    func testEveryBuiltinTakesNaNAndInfinity() {
        var compiled = 0
        for f in Builtin.allCases {
            for declaration in Self.declarations {
                for special in Self.specials {
                    for count in 1...4 {
                        let args = Array(repeating: special, count: count).joined(separator: ", ")
                        let text = "scene 100x100\n\(declaration)\nvar v = \(f.rawValue)(\(args))\nlayer label: text \"v\" + v { position (10, 50) }\n"
                        let outcome = Self.run(text)
                        if outcome != .compileErrors { compiled += 1 }
                        if case .runtimeError(let code) = outcome {
                            XCTAssertTrue(code.code.hasPrefix("E07"), "\(text): \(code)")
                        }
                    }
                }
            }
        }
        // Most functions take numbers: a typo in the scripts above would compile nothing.
        XCTAssertGreaterThan(compiled, Builtin.allCases.count * Self.declarations.count * Self.specials.count / 2)
    }

    /// Colour functions clamp components to 0...1 (an infinity to its end) but keep a NaN,
    /// which a variable may hold and a layer may not (E0706, `NonFiniteGeometryTests`).
    func testColourFunctionsClampInfinitiesAndKeepNaN() throws {
        for declaration in Self.declarations {
            let text = "scene 10x10\n\(declaration)\nvar a = hsl(z / z * 1deg, 0.5, 0.5)\nvar b = rgba(z / z, 255, 1 / z, sqrt(-1))\n"
            let program = try TestScenes.program(text)
            let runtime = try SceneRuntime(program: program)
            // hsl with a NaN hue falls in the first sector: (c, x, 0) + m with x NaN.
            guard case .color(let a)? = runtime.value(ofGlobal: "a"), case .color(let b)? = runtime.value(ofGlobal: "b") else {
                return XCTFail(declaration)
            }
            XCTAssertEqual([a.r, a.b, a.a], [0.75, 0.25, 1], declaration)
            XCTAssertTrue(a.g.isNaN, declaration)
            XCTAssertTrue(b.r.isNaN && b.a.isNaN, declaration)
            XCTAssertEqual([b.g, b.b], [1, 1], declaration)
        }
    }

    /// The value each property type is given, built from a special number `s`.
    static func value(_ type: PropertyType, _ s: String) -> String? {
        switch type {
        case .number, .length, .angle: return s
        case .point: return "(\(s), \(s))"
        case .rect: return "(\(s), \(s), \(s), \(s))"
        case .paint, .color: return "rgba(\(s), \(s), \(s), \(s))"
        case .list: return "[\(s), \(s)]"
        case .bool, .string, .word: return nil
        }
    }

    func testEveryPropertyOfEveryKindTakesNaNAndInfinity() {
        var tried = 0
        for kind in LayerKind.allCases {
            for property in Property.allCases where property.applies(to: kind) {
                guard Self.value(property.spec.type, "s") != nil else { continue }
                for declaration in Self.declarations {
                    for special in Self.specials {
                        let value = Self.value(property.spec.type, special)!
                        let head = kind == .text ? "text \"Ab\"" : kind.rawValue
                        let text = "scene 100x100\n\(declaration)\nlayer l: \(head) { \(property.rawValue) \(value) }\n"
                        let outcome = Self.run(text)
                        if outcome != .compileErrors { tried += 1 }
                        if case .runtimeError(let code) = outcome {
                            XCTAssertTrue(code.code.hasPrefix("E07"), "\(text): \(code)")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(tried, 100)
    }
}

/// A layer whose placement or size is not a finite number stops the run with a located
/// runtime error naming the layer and property, instead of vanishing from the frame.
final class NonFiniteGeometryTests: XCTestCase {
    func testNaNPlacementIsARuntimeErrorNotAHiddenLayer() throws {
        let cases = ["rotation z / z": "rotation", "scale z / z": "scale", "anchor (z / z, 0)": "anchor",
                     "opacity z / z": "opacity", "position (1 / z, 0)": "position", "radius log(z)": "radius"]
        for (clause, named) in cases {
            let text = "scene 100x100\nvar z = 0\nlayer dot: circle { center (50, 50) \(named == "radius" ? "" : "radius 5 ")fill #fff \(clause) }\n"
            let program = try TestScenes.program(text)
            XCTAssertThrowsError(try SceneRuntime(program: program).frame(), clause) { error in
                guard let e = error as? RuntimeError else { return XCTFail("\(clause): \(error)") }
                XCTAssertEqual(e.code, .nonFiniteGeometry, clause)
                XCTAssertTrue(e.message.contains("layer 'dot'") && e.message.contains(named), "\(clause): \(e.message)")
                // Located at the clause that gave the value, not at the layer.
                let at = SourceFile(name: "t", text: text).location(of: e.range.start)
                XCTAssertEqual(at.line, 3, clause)
                XCTAssertEqual(at.column, text.components(separatedBy: "\n")[2].utf8.count - clause.utf8.count - 1, clause)
            }
        }
    }

    /// A colour component or a gradient stop location that is NaN or infinite is refused
    /// the same way (the layer was drawn hidden, or its stops misplaced), whether a binding,
    /// a statement or an animation gives it; finite colours made by the same functions pass.
    func testNaNColoursAndStopLocationsAreRuntimeErrors() throws {
        let bad = ["fill rgba(255, 0, 0, 0 / z)", "fill rgb(z / z, 0, 0)", "fill mix(red, blue, 1 / z)", "fill hsl(z / z, 0.5, 0.5)",
                   "fill linear-gradient(right, red (1 / z), blue)", "fill conic-gradient(red, blue (log(z) * 1deg))",
                   "stroke rgba(0, 0, 0, 0 / z)  stroke-width 2", "shadow-color rgba(0, 0, 0, z / z)  shadow-opacity 1"]
        for clause in bad {
            let text = "scene 100x100\nvar z = 0\nlayer dot: rect { frame (10, 10, 50, 50) \(clause) }\n"
            let program = try TestScenes.program(text)
            XCTAssertThrowsError(try SceneRuntime(program: program).frame(), clause) { error in
                guard let e = error as? RuntimeError else { return XCTFail("\(clause): \(error)") }
                XCTAssertEqual(e.code, .nonFiniteGeometry, clause)
                XCTAssertTrue(e.message.contains("layer 'dot'") && e.message.contains("not a finite number"), "\(clause): \(e.message)")
                XCTAssertEqual(SourceFile(name: "t", text: text).location(of: e.range.start).line, 3, clause)
            }
        }
        // From statements too, at the statement; a rect's or an ellipse's frame as well.
        let statements = [("rect", "every tick { dot.fill = rgba(0, 0, 0, z / z) }"),
                          ("rect", "after 0.1s { animate dot.fill to mix(red, blue, z / z) over 1s }"),
                          ("rect", "at 0.5s { dot.frame = (0, 0, sqrt(-1), 10) }"),
                          ("ellipse", "after 0.1s { animate dot.frame to (0, 0, 0 / z, 5) over 1s }")]
        for (kind, statement) in statements {
            let text = "scene 100x100\nvar z = 0\nlayer dot: \(kind) { frame (10, 10, 50, 50) fill red }\n\(statement)\n"
            let program = try TestScenes.program(text)
            XCTAssertThrowsError(try playFrames(program, ticks: 40), statement) { error in
                XCTAssertEqual((error as? RuntimeError)?.code, .nonFiniteGeometry, statement)
                XCTAssertEqual((error as? RuntimeError).map { SourceFile(name: "t", text: text).location(of: $0.range.start).line }, 4, statement)
            }
        }
        let fine = "scene 100x100\nvar z = 1\nlayer dot: rect { frame (10, 10, 50, 50) fill rgba(255, 0, 0, 2 * z)  stroke hsl(z, 2, -1) }\n"
        XCTAssertNoThrow(try SceneRuntime(program: try TestScenes.program(fine)).frame())
    }

    /// A statement, a binding or an animation that produces NaN is named by its own line.
    func testTheErrorNamesTheStatementThatProducedTheValue() throws {
        let cases = [
            ("every tick {\n  z = z + 0\n  dot.radius = 1 / z * 0\n}", 6, "radius"),
            ("at 0.1s {\n  dot.center.x = log(z)\n}", 5, "center"),
            ("after 0.1s {\n\n  animate dot.opacity to z / z over 1s\n}", 6, "opacity"),
            ("after 0.1s {\n  animate dot.rotation values [0, 1, z / z] over 1s\n}", 5, "rotation"),
        ]
        for (handler, line, named) in cases {
            // The handler starts on line 4.
            let text = "scene 100x100\nvar z = 0\nlayer dot: circle { center (50, 50) radius 5 fill #fff }\n\(handler)\n"
            let program = try TestScenes.program(text)
            XCTAssertThrowsError(try playFrames(program, ticks: 30), handler) { error in
                guard let e = error as? RuntimeError else { return XCTFail("\(handler): \(error)") }
                XCTAssertEqual(e.code, .nonFiniteGeometry, handler)
                XCTAssertTrue(e.message.contains(named) && e.message.contains("'dot'"), e.message)
                XCTAssertEqual(SourceFile(name: "t", text: text).location(of: e.range.start).line, line, handler)
            }
        }
    }

    func testFiniteValuesStillDraw() throws {
        let program = try TestScenes.program("scene 100x100\nvar z = 2\nlayer dot: circle { center (50, 50) radius 5 fill #fff rotation z / z opacity z / 4 }\n")
        let frame = try SceneRuntime(program: program).frame()
        XCTAssertEqual(frame.items.count, 1)
    }

    func testNegativeSceneSizeIsAnError() {
        let (program, diagnostics) = Compiler.compile(SourceFile(name: "s.wave", text: "scene -1x5\n"))
        XCTAssertNil(program)
        XCTAssertEqual(diagnostics.map(\.code), [.outOfRange])
        XCTAssertEqual(diagnostics.first?.range.start, 6)
        let (_, other) = Compiler.compile(SourceFile(name: "s.wave", text: "scene x\n"))
        XCTAssertEqual(other.map(\.code), [.expectedToken])
    }
}

final class WorkLimitLocationTests: XCTestCase {
    /// A binding too costly for the work limit is blamed, at its own line, as a binding.
    func testTheWorkLimitPointsAtTheBindingThatCausedIt() throws {
        let sum = Array(repeating: "v", count: 150).joined(separator: " + ")
        let text = "scene 100x100\nvar v = 1\nlayer dot: circle {\n  center (50, 50)\n  radius \(sum)\n}\nevery tick { v = 2 }\n"
        let program = try TestScenes.program(text)
        var limits = RuntimeLimits(environment: [:])
        limits.maxWorkPerTick = 100
        XCTAssertThrowsError(try SceneRuntime(program: program, limits: limits)) { error in
            guard let e = error as? RuntimeError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.code, .tooMuchWork)
            XCTAssertEqual(SourceFile(name: "t", text: text).location(of: e.range.start).line, 5)
            XCTAssertTrue(e.message.contains("binding of 'radius' on layer 'dot'"), e.message)
            XCTAssertFalse(e.message.contains("handler"), e.message)
        }
    }
}

/// Strings and text have budgets checked before allocating (grammar.md §10).
final class MemoryBudgetTests: XCTestCase {
    func testAStringDoubledEveryTickStopsAtTheLimitAtItsStatement() throws {
        let text = "scene 100x100\nvar s = \"ab\"\nlayer label: text \"x\" { position (10, 50) }\nevery tick {\n  s = s + s\n}\n"
        let program = try TestScenes.program(text)
        var limits = RuntimeLimits(environment: [:])
        limits.maxStringBytes = 1000
        var runtime = try SceneRuntime(program: program, limits: limits)
        var ticks = 0
        XCTAssertThrowsError(try { while true { try runtime.step(); ticks += 1 } }()) { error in
            guard let e = error as? RuntimeError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.code, .stringTooLong)
            XCTAssertEqual(SourceFile(name: "t", text: text).location(of: e.range.start).line, 5)
            XCTAssertTrue(e.message.contains("1024 bytes"), e.message)
        }
        // 2, 4, …, 512 bytes fit; doubling 512 would make 1024 > 1000.
        XCTAssertEqual(runtime.value(ofGlobal: "s").map { if case .string(let s) = $0 { return s.count } else { return -1 } }, 512)
        _ = ticks
    }

    func testATextLayerPastTheTextLimitIsALocatedError() throws {
        let text = "scene 100x100\nlayer long: text \"\(String(repeating: "w", count: 30))\" { position (0, 50) }\n"
        var limits = RuntimeLimits(environment: [:])
        limits.maxTextCharacters = 29
        let runtime = try SceneRuntime(program: try TestScenes.program(text), limits: limits)
        XCTAssertThrowsError(try runtime.frame()) { error in
            guard let e = error as? RuntimeError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.code, .tooMuchText)
            XCTAssertTrue(e.message.contains("'long' draws 30 characters"), e.message)
        }
        limits.maxTextCharacters = 30
        XCTAssertNoThrow(try SceneRuntime(program: try TestScenes.program(text), limits: limits).frame())
    }

    func testTheBudgetsHaveVariables() {
        let env = ["WAVE_MAX_STRING": "2000", "WAVE_MAX_TEXT": "77"]
        let limits = RuntimeLimits(environment: env)
        XCTAssertEqual(limits.maxStringBytes, 2000)
        XCTAssertEqual(limits.maxTextCharacters, 77)
        XCTAssertEqual(RuntimeLimits.problems(in: ["WAVE_MAX_TEXT": "0"]).count, 1)
    }
}

/// Steps a fresh runtime of `program` for `ticks` ticks, building each frame.
private func playFrames(_ program: Program, ticks: Int) throws {
    var runtime = try SceneRuntime(program: program)
    for _ in 0..<ticks { try runtime.step(); _ = try runtime.frame() }
}
