import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// `ink-bounds`, `baseline`, `cap-height` and `x-height` in a running scene: against the
/// pixels drawn, the layer's transform, and a text, font and size that change.
final class InkMetricsTests: XCTestCase {
    private let bold = FontDescriptor.parse("sans:bold")

    private func start(_ text: String) throws -> (SceneRuntime, Environment) {
        let (compiled, diagnostics, environment) = Compiler.compileKeepingEnvironment(SourceFile(name: "t.wave", text: text))
        return (try SceneRuntime(program: try XCTUnwrap(compiled, "\(diagnostics)")), environment)
    }

    private func value(_ r: inout SceneRuntime, _ expression: String, _ environment: Environment) throws -> Value {
        let (ir, _) = try XCTUnwrap(Compiler.compileExpression(SourceFile(name: "e", text: expression), environment: environment))
        return try r.evaluate(ir)
    }

    private func rect(_ v: Value) throws -> Rect {
        guard case .rect(let x, let y, let w, let h) = v else { throw XCTSkip("not a rect: \(v)") }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// The columns and rows holding any ink (a pixel darker than the white background).
    private func inkExtent(_ r: SceneRuntime) throws -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        let f = try r.frame()
        let pixmap = Renderer().render(f.items, width: f.width, height: f.height, background: f.background)
        var e = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
        for y in 0..<f.height {
            for x in 0..<f.width where pixmap.pixel(x, y).r < 255 {
                e = (min(e.minX, x), min(e.minY, y), max(e.maxX, x), max(e.maxY, y))
            }
        }
        return e
    }

    /// Every inked pixel lies inside `ink-bounds` (pixel x covers [x, x + 1)), and the ink
    /// reaches each of its four sides (the outermost pixel row or column it crosses, or the
    /// one inside it when the box barely enters a pixel, giving it no visible coverage):
    /// plain, turned and scaled, and for the first characters while the rest are not shown.
    func testRenderedInkFillsInkBoundsToItsEdges() throws {
        for (body, range) in [("position (250, 160)", ""),
                              ("position (250, 160)  rotation 25deg  scale 1.3", ""),
                              ("position (230, 160)  spacing 6  visible-chars 3", ", 0, 3")] {
            var (r, env) = try start("""
                scene 500x320 { background #ffffff }
                layer word: text "Wavy Ink" { font "sans:bold"  size 56  fill #000000  \(body) }
                """)
            let box = try rect(try value(&r, "ink-bounds(word\(range))", env))
            let e = try inkExtent(r)
            let x0 = Int(box.minX.rounded(.down)), x1 = Int(box.maxX.rounded(.up)) - 1
            let y0 = Int(box.minY.rounded(.down)), y1 = Int(box.maxY.rounded(.up)) - 1
            XCTAssertTrue((x0...x0 + 1).contains(e.minX), "\(body): left ink \(e.minX), box \(box)")
            XCTAssertTrue((x1 - 1...x1).contains(e.maxX), "\(body): right ink \(e.maxX), box \(box)")
            XCTAssertTrue((y0...y0 + 1).contains(e.minY), "\(body): top ink \(e.minY), box \(box)")
            XCTAssertTrue((y1 - 1...y1).contains(e.maxY), "\(body): bottom ink \(e.maxY), box \(box)")
        }
    }

    /// The baseline is where the layer's transform puts y = 0 of its line (the line box's
    /// top plus the ascent), and the heights are the run's, scaled as the layer is, even
    /// when it is turned.
    func testBaselineAndHeightsFollowTheTransform() throws {
        let run = try FontLibrary.shared.layout("Hx", font: bold, size: 40)
        for (scale, rotation) in [(1.0, "0deg"), (2.5, "0deg"), (2.0, "90deg")] {
            var (r, env) = try start("""
                scene 400x300
                layer g: group { position (20, 10)  scale \(scale)
                  layer title: text "Hx" { font "sans:bold"  size 40  position (100, 90)  anchor left  rotation \(rotation) }
                }
                """)
            let capHeight = try value(&r, "cap-height(title)", env).number, xHeight = try value(&r, "x-height(title)", env).number
            XCTAssertEqual(capHeight, scale * run.capHeight, accuracy: 1e-9, "scale \(scale) rotation \(rotation)")
            XCTAssertEqual(xHeight, scale * run.xHeight, accuracy: 1e-9, "scale \(scale) rotation \(rotation)")
            guard rotation == "0deg" else { continue }
            let line = try rect(try value(&r, "text-bounds(title)", env))
            XCTAssertEqual(try value(&r, "baseline(title)", env).number, line.minY + scale * run.ascent, accuracy: 1e-9, "scale \(scale)")
        }
    }

    /// The measures read the text, font and size of the tick they are read at: text from a
    /// variable that changes, a size that is animated, a font assigned.
    func testMetricsFollowTextFontAndSize() throws {
        var (r, env) = try start("""
            scene 300x120
            var label = "x"
            layer title: text label { font "sans:bold"  size 20  position (150, 60)  anchor left }
            animate title.size from 20 to 40 over 10t
            every tick {
              if tick == 4 { label = "Hxy" }
              if tick == 12 { title.font = "serif" }
            }
            """)
        func expect(_ text: String, _ font: String, _ size: Double, _ when: String) throws {
            let run = try FontLibrary.shared.layout(text, font: FontDescriptor.parse(font), size: size)
            XCTAssertEqual(try value(&r, "cap-height(title)", env).number, run.capHeight, accuracy: 1e-9, when)
            XCTAssertEqual(try value(&r, "x-height(title)", env).number, run.xHeight, accuracy: 1e-9, when)
            let ink = try rect(try value(&r, "ink-bounds(title)", env)), own = run.inkBounds(0..<run.characters.count)
            XCTAssertEqual(ink.width, own.width, accuracy: 1e-9, when)
            XCTAssertEqual(ink.height, own.height, accuracy: 1e-9, when)
            let baseline = try value(&r, "baseline(title)", env).number
            XCTAssertEqual(ink.minY - baseline, own.minY, accuracy: 1e-9, when)
        }
        try expect("x", "sans:bold", 20, "tick 0")
        for _ in 0..<10 { try r.step() }
        try expect("Hxy", "sans:bold", 40, "tick 10")
        for _ in 0..<3 { try r.step() }
        try expect("Hxy", "serif", 40, "tick 13")
        XCTAssertNotEqual(try FontLibrary.shared.layout("Hxy", font: .parse("serif"), size: 40).inkBounds(0..<3).width,
                          try FontLibrary.shared.layout("Hxy", font: bold, size: 40).inkBounds(0..<3).width, "the fonts differ")
    }

    /// `x-height` without a call, with a variable `x`, is still `x - height`: the name
    /// `x-height` did not take that subtraction away.
    func testAFunctionNameWithoutItsCallIsASubtraction() throws {
        var (r, env) = try start("""
            scene 100x50
            var x = 80
            layer label: text "x" { font "sans"  size 20 }
            layer a: rect { frame (0, 0, x-height, x-height(label)) }
            """)
        XCTAssertEqual(try value(&r, "x-height", env), .number(30))
        let run = try FontLibrary.shared.layout("x", font: .parse("sans"), size: 20)
        XCTAssertEqual(r.value(ofLayer: "a", .frame), .rect(0, 0, 30, run.xHeight))
    }

    /// A rect framed by `ink-bounds` of a range covers exactly those letters, and reading
    /// the measures in per-tick code works as in a binding.
    func testInkBoundsFramesALayerAndIsReadInPerTickCode() throws {
        var (r, env) = try start("""
            scene 300x120
            var top = 0
            layer title: text "Hello" { font "sans:bold"  size 48  position (150, 60) }
            layer box: rect { frame ink-bounds(title, 1, 2) }
            every tick { top = baseline(title) - cap-height(title) }
            """)
        try r.step()
        let frame = try XCTUnwrap(r.value(ofLayer: "box", .frame))
        XCTAssertEqual(frame, try value(&r, "ink-bounds(title, 1, 2)", env))
        let run = try FontLibrary.shared.layout("Hello", font: bold, size: 48)
        XCTAssertEqual(try rect(frame).width, run.inkBounds(1..<3).width, accuracy: 1e-9)
        let baseline = try value(&r, "baseline(title)", env).number
        XCTAssertEqual(try value(&r, "top", env).number, baseline - run.capHeight, accuracy: 1e-9)
    }
}
