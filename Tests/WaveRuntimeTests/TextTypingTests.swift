import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// Text you can measure and type: `visible-chars`, `text-width`, `text-bounds`,
/// `substring`, `char-count` and the `type` effect.
final class TextTypingTests: XCTestCase {
    static var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples")
    }

    func value(_ r: inout SceneRuntime, _ expression: String, _ environment: Environment) throws -> Value {
        let (ir, _) = try XCTUnwrap(Compiler.compileExpression(SourceFile(name: "e", text: expression), environment: environment))
        return try r.evaluate(ir)
    }

    /// The typing example, tick by tick, against counts from its two periods in integers:
    /// 80 ms per character is 4.8 ticks, so n ticks show ⌊n·1000 / (60·80)⌋ characters; the
    /// caret shows in the first 500 ms (30 ticks) of every second.
    func testTheTypingExampleMatchesItsPeriods() throws {
        let text = try String(contentsOf: TextTypingTests.examples.appendingPathComponent("typing.wave"), encoding: .utf8)
        let file = SourceFile(name: "typing.wave", text: text)
        let (compiled, diagnostics, environment) = Compiler.compileKeepingEnvironment(file)
        let program = try XCTUnwrap(compiled, "\(diagnostics)")
        var r = try SceneRuntime(program: program)
        guard case .string(let caption) = r.value(ofLayer: "line", .text) else { return XCTFail("no caption") }
        let total = caption.count
        let font = FontDescriptor.parse("mono")
        for n in 0...179 {
            let expected = min(total, n * 1000 / (60 * 80))
            XCTAssertEqual(r.value(ofLayer: "line", .visibleChars)?.number, Double(expected), "tick \(n)")
            XCTAssertEqual(r.value(ofLayer: "caret", .visible)?.bool, n % 60 < 30, "tick \(n)")
            // The caret stands after the typed characters: the advance of that prefix laid out alone.
            let prefix = String(caption.prefix(expected))
            let advance = prefix.isEmpty ? 0 : try FontLibrary.shared.layout(prefix, font: font, size: 18).width
            XCTAssertEqual(try XCTUnwrap(r.value(ofLayer: "caret", .position)).point.0, 22 + advance, accuracy: 1e-9, "tick \(n)")
            // Exactly the typed characters are drawn.
            let drawn = try r.frameWithTextCells(scale: 1, maxLineHeight: 100).runs.first { $0.layer == "line" }
            XCTAssertEqual(drawn?.glyphs.filter { $0.color.a > 0 }.count, expected, "tick \(n)")
            try r.step()
        }
        _ = environment
    }

    /// A back ease undershoots below 0 at its start; `visible-chars` animated from 0 holds
    /// at 0 there instead of passing a negative count (which shows the whole text), and an
    /// animation to a negative count still reaches it.
    func testAnUndershootingCurveHoldsVisibleCharsAtZero() throws {
        let text = "layer title: text \"Hello, world\" { size 20  visible-chars 0 }\n"
            + "animate title.visible-chars from 0 to 12 over 2s ease cubic-bezier(0.68, -0.55, 0.27, 1.55)"
        var r = try SceneRuntime(program: try program(text))
        var seen: [Double] = []
        for _ in 0..<20 { try r.step(); seen.append(r.value(ofLayer: "title", .visibleChars)?.number ?? .nan) }
        XCTAssertTrue(seen.allSatisfy { $0 >= 0 }, "\(seen)")
        XCTAssertEqual(seen.first, 0)
        var down = try SceneRuntime(program: try program("layer hi: text \"Hi\" { }\nanimate hi.visible-chars from 2 to -1 over 10t"))
        for _ in 0..<12 { try down.step() }
        XCTAssertEqual(down.value(ofLayer: "hi", .visibleChars)?.number, -1)
    }

    func testVisibleCharsDrawsAPrefixAndKeepsTheLineBox() throws {
        let text = """
        layer a: text "Wave" { size 40  position (100, 50)  anchor left  visible-chars 2 }
        layer b: text "Wa" { size 40  position (100, 50)  anchor left }
        """
        let r = try SceneRuntime(program: try program(text))
        let frame = try r.frame()
        guard frame.items.count == 2, case .fill(let pa, _, _, _) = frame.items[0], case .fill(let pb, _, _, _) = frame.items[1] else {
            return XCTFail("\(frame.items)")
        }
        XCTAssertEqual(pa, pb, "the first two glyphs, in place")
        // Animated: steps by whole characters.
        var s = try SceneRuntime(program: try program("layer a: text \"Wave\" { }\nanimate a.visible-chars from 0 to 4 over 8t"))
        var seen: [Double] = []
        for _ in 0...8 { seen.append(s.value(ofLayer: "a", .visibleChars)!.number); try s.step() }
        XCTAssertEqual(seen, [0, 0, 1, 1, 2, 2, 3, 3, 4])
    }

    func testTextWidthIsTheRasterizersAdvanceWithKerningAndSpacing() throws {
        let text = """
        layer a: text "AVA" { size 50  spacing 3 }
        layer s: text "A" { size 50 }
        """
        let (compiled, diags, env) = Compiler.compileKeepingEnvironment(SourceFile(name: "t.wave", text: text))
        var r = try SceneRuntime(program: try XCTUnwrap(compiled, "\(diags)"))
        let run = try FontLibrary.shared.layout("AVA", font: FontDescriptor.parse("sans"), size: 50)
        XCTAssertEqual(try value(&r, "text-width(a)", env), .number(run.width + 6))
        XCTAssertEqual(try value(&r, "text-width(a, 2)", env), .number(run.origins[1].x + run.advances[1] + 3))
        XCTAssertEqual(try value(&r, "text-width(a, 0)", env), .number(0))
        XCTAssertEqual(try value(&r, "text-width(a, 99)", env), .number(run.width + 6))
        let pair = run.origins[1].x - run.advances[0]   // kerning of A, V: the same as the layout's
        XCTAssertEqual(try value(&r, "text-width(a, 2)", env).number, 2 * run.advances[0] + pair + 3, accuracy: 1e-9)
        XCTAssertEqual(try value(&r, "text-width(s)", env), .number(run.advances[0]))
    }

    func testTextBoundsIsTheLineBoxInTheScene() throws {
        let text = """
        layer a: text "Hi" { size 40  position (100, 60)  anchor left  scale 2 }
        """
        let (compiled, _, env) = Compiler.compileKeepingEnvironment(SourceFile(name: "t.wave", text: text))
        var r = try SceneRuntime(program: try XCTUnwrap(compiled))
        let run = try FontLibrary.shared.layout("Hi", font: FontDescriptor.parse("sans"), size: 40)
        // Anchor left: (0, 0.5) of the line box (from −ascent to +descent) sits at (100, 60), scaled 2× about it.
        let h = run.ascent + run.descent
        guard case .rect(let x, let y, let w, let hh) = try value(&r, "text-bounds(a)", env) else { return XCTFail() }
        XCTAssertEqual(x, 100, accuracy: 1e-9)
        XCTAssertEqual(y, 60 - h, accuracy: 1e-9)
        XCTAssertEqual(w, 2 * run.width, accuracy: 1e-9)
        XCTAssertEqual(hh, 2 * h, accuracy: 1e-9)
    }

    func testSubstringAndCharCountCountCharacters() throws {
        let cases: [(String, Value)] = [
            ("char-count(\"héllo 👋🏽\")", .number(7)),
            ("substring(\"héllo 👋🏽!\", 1, 3)", .string("éll")),
            ("substring(\"héllo 👋🏽!\", 6)", .string("👋🏽!")),
            ("substring(\"abc\", -2, 2)", .string("ab")),
            ("substring(\"abc\", 5, 2)", .string("")),
            ("substring(\"abc\", 1, 1.9)", .string("b")),
        ]
        for (e, expected) in cases {
            let (ir, _) = try XCTUnwrap(Compiler.compileExpression(SourceFile(name: "e", text: e), environment: Environment()), e)
            var r = try SceneRuntime(program: Program())
            XCTAssertEqual(try r.evaluate(ir), expected, e)
        }
    }

    func testTheTypeEffectShowsLettersInPlaceOnePerShare() throws {
        // 4 letters over 10 ticks: letter i appears at tick ⌈(i + 1)·10/4⌉ = 3, 5, 8, 10.
        var r = try SceneRuntime(program: try program("layer a: text \"abcd\" { size 20  position (50, 50) }\neffect a type over 10t"))
        var counts: [Int] = []
        for _ in 0...10 {
            let runs = try r.frameWithTextCells(scale: 1, maxLineHeight: 100).runs
            counts.append(runs.first?.glyphs.filter { $0.color.a > 0 }.count ?? -1)
            try r.step()
        }
        XCTAssertEqual(counts, [0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 4])
        // In place: at tick 5 the outlines are the first two glyphs of the plain text, unmoved.
        let typed = try SceneRuntime.seek(try program("layer a: text \"abcd\" { size 20  position (50, 50) }\neffect a type over 10t"), to: 5)
        let plain = try SceneRuntime(program: try program("layer a: text \"abcd\" { size 20  position (50, 50)  visible-chars 2 }"))
        func outline(_ items: [DisplayItem]) -> [PathElement] {
            items.flatMap { item -> [PathElement] in
                switch item {
                case .fill(let path, _, _, _): return path.elements
                case .group(let inner, _, _): return outline(inner)
                case .effect(let inner, _): return outline(inner)
                }
            }
        }
        XCTAssertEqual(outline(try typed.frame().items), outline(try plain.frame().items))
        XCTAssertFalse(outline(try plain.frame().items).isEmpty)
    }

    func testMeasuringMistakesAreLocated() {
        let cases: [(String, String)] = [
            ("layer c: circle { }\nlet w = text-width(c)", "2:20 E0216"),
            ("let w = text-width(nope)", "1:20 E0204"),
            ("layer a: text \"x\" { }\nlet w = text-bounds(a, 2)", "2:9 E0303"),
            ("let n = char-count(3)", "1:20 E0301"),
            ("let s = substring(\"abc\", \"b\")", "1:26 E0301"),
        ]
        for (text, expected) in cases {
            let file = SourceFile(name: "t.wave", text: text)
            let (_, diags) = Compiler.compile(file)
            let got = diags.filter { $0.severity == .error }.map { d -> String in
                let (l, c) = file.location(of: d.range.start)
                return "\(l):\(c) \(d.code.code) \(d.message)"
            }
            XCTAssertEqual(got.count, 1, "\(text): \(got)")
            XCTAssertTrue(got.first?.hasPrefix(expected) == true, "\(text): \(got)")
        }
    }
}
