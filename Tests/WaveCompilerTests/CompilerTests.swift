import XCTest
import WaveSyntax
@testable import WaveCompiler

func compileErrors(_ text: String) -> [String] {
    let file = SourceFile(name: "t.wave", text: text)
    let (_, diags) = Compiler.compile(file)
    return diags.filter { $0.severity == .error }.map { d in
        let (l, c) = file.location(of: d.range.start)
        return "\(l):\(c) \(d.message)"
    }
}

func compileOK(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Program? {
    let (p, diags) = Compiler.compile(SourceFile(name: "t.wave", text: text))
    let errors = diags.filter { $0.severity == .error }
    XCTAssertTrue(errors.isEmpty, "\(errors)", file: file, line: line)
    return p
}

final class CompilerTests: XCTestCase {
    func testUnknownPropertyWithSuggestion() {
        XCTAssertEqual(compileErrors("layer s: wave { amplitde 5 }"),
                       ["1:17 unknown property 'amplitde' on wave; did you mean 'amplitude'?"])
    }

    func testUnknownNameWithSuggestion() {
        XCTAssertEqual(compileErrors("var phase = 0\nevery tick { phse += 1 }"),
                       ["2:14 unknown name 'phse'; did you mean 'phase'?"])
    }

    func testUnknownLayerInMemberAndKind() {
        XCTAssertEqual(compileErrors("layer ball: circle { radius 3 }\nevery tick { bal.radius += 1 }"),
                       ["2:14 unknown layer 'bal'; did you mean 'ball'?"])
        XCTAssertEqual(compileErrors("layer ball: circle { radius 3 }\nvar r = bal.radius * 2"),
                       ["2:9 unknown layer 'bal'; did you mean 'ball'?"])
        // A point's or rect's member after an unknown name: the name may be a variable's.
        XCTAssertEqual(compileErrors("var pos = (1, 2)\nvar a = poss.x"), ["2:9 unknown name 'poss'; did you mean 'pos'?"])
        XCTAssertEqual(compileErrors("layer b: circel { }"), ["1:10 unknown layer kind 'circel'; did you mean 'circle'?"])
    }

    func testUnitsMustAgree() {
        XCTAssertEqual(compileErrors("let a = 1s + 3px"), ["1:9 cannot add length to time: units differ"])
        XCTAssertEqual(compileErrors("layer c: circle { radius 2s }"), ["1:26 'radius' needs a length, found a time"])
    }

    func testUnitsLowerToBaseUnits() throws {
        let p = try XCTUnwrap(compileOK("scene 100x50 { duration 2s }\nvar a = 90deg\nvar b = 500ms\nvar c = 30t\nvar d = 50%\nvar e = width"))
        XCTAssertEqual(p.scene.durationTicks, 120)
        XCTAssertEqual(p.globals.map(\.initial), [.constant(.number(Double.pi / 2)), .constant(.number(0.5)), .constant(.number(0.5)),
                                                  .constant(.number(0.5)), .constant(.number(100))])
    }

    func testTypeErrors() {
        XCTAssertEqual(compileErrors("var x = 1\nevery tick { if \"s\" { x = 1 } }"), ["2:17 an 'if' condition must be a bool, found string"])
        XCTAssertEqual(compileErrors("layer a: rect { corner round }"), ["1:24 'round' is a function: call it as round(…)"])
        XCTAssertEqual(compileErrors("layer a: rect { join rund }"), ["1:22 'join' is one of miter, round, bevel; did you mean 'round'?"])
    }

    func testAssigningToLetIsAnError() {
        XCTAssertEqual(compileErrors("let k = 1\nevery tick { k = 2 }"),
                       ["2:14 cannot assign to 'k': it is a 'let' constant; declare it with 'var' to change it"])
    }

    func testMasksAreMarkedAndNotDrawn() throws {
        let p = try XCTUnwrap(compileOK("layer m: circle { radius 5 }\nlayer a: rect { mask m inverted }"))
        XCTAssertTrue(p.layers[0].usedAsMask)
        XCTAssertEqual(p.layers[1].mask, 0)
        XCTAssertTrue(p.layers[1].maskInverted)
    }

    func testMaskCycleIsAnError() {
        XCTAssertEqual(compileErrors("layer a: rect { mask b }\nlayer b: rect { mask a }"),
                       ["1:1 mask cycle: layer 'a' is masked, through its masks, by itself"])
    }

    func testBindingsStayExpressionsConstantsFold() throws {
        let p = try XCTUnwrap(compileOK("var v = 1\nlayer s: wave { amplitude 5 * v  wavelength 200 / 0.8 }"))
        XCTAssertEqual(p.layers[0].properties[.wavelength], .constant(.number(250)))
        XCTAssertEqual(p.layers[0].properties[.amplitude], .binary(.mul, .constant(.number(5)), .global(0)))
    }

    /// CSS's percentages in rgb and rgba are fractions of 255; plain numbers are 0–255.
    func testRGBPercentagesAreFractionsOf255() throws {
        let p = try XCTUnwrap(compileOK("""
        layer a: rect { fill rgb(100%, 50%, 0%) }
        layer b: rect { fill rgba(20%, 255, 10, 0.5) }
        layer c: rect { fill rgb(255, 127.5, 0) }
        """))
        func rgba(_ i: Int) -> [Double]? {
            guard case .constant(.paint(.color(let c)))? = p.layers[i].properties[.fill] else { return nil }
            return [c.r, c.g, c.b, c.a]
        }
        XCTAssertEqual(rgba(0), [1, 0.5, 0, 1])
        XCTAssertEqual(rgba(0), rgba(2), "100% is 255, 50% is 127.5")
        XCTAssertEqual(rgba(1), [0.2, 1, 10.0 / 255, 0.5], "the alpha stays a fraction")
    }

    func testDurationNeedsAUnit() {
        XCTAssertEqual(compileErrors("var x = 0\nanimate x from 0 to 1 over 2"),
                       ["2:28 an animation's duration must be a duration such as 2s, 500ms or 90t, found number"])
    }

    func testSpawnUnknownTemplate() {
        XCTAssertEqual(compileErrors("template ring: circle { }\nevery 1s { spawn rign }"),
                       ["2:18 unknown template 'rign'; did you mean 'ring'?"])
    }

    func testUnusedVariableWarning() {
        let (_, d) = Compiler.compile(SourceFile(name: "t", text: "var unused = 3"))
        XCTAssertEqual(d.map(\.message), ["variable 'unused' is never used"])
        XCTAssertEqual(d.first?.severity, .warning)
    }

    func testCanvasSizeLimit() {
        XCTAssertEqual(compileErrors("scene 100000x10"), ["1:7 scene size 100000x10 is out of range: each side must be 1 to 8192 px"])
    }

    func testSceneMustComeFirst() {
        XCTAssertEqual(compileErrors("var x = 1\nscene 10x10\nevery tick { x += 1 }"),
                       ["2:1 the scene header must come first: 'width' and 'height' are read from it"])
    }
}

final class RepetitionCompileTests: XCTestCase {
    func testMistakesWithRepeatedLayersAreLocated() {
        let head = "layer bar[4]: rect { }\n"
        XCTAssertEqual(compileErrors(head + "var y = bar.opacity"),
                       ["2:9 'bar' has 4 copies: name one ('bar[0].opacity'), or use 'bar.opacity' as the target of an assignment or animation to change every copy"])
        XCTAssertEqual(compileErrors(head + "var y = bar[4].opacity"), ["2:13 'bar' has 4 copies, numbered 0 to 3; there is no bar[4]"])
        XCTAssertEqual(compileErrors(head + "var k = 1\nvar y = bar[k].opacity"), ["3:13 a copy index must be a constant whole number of 0 or more"])
        XCTAssertEqual(compileErrors("layer a: rect { }\nvar y = a[1].opacity"), ["2:9 'a' is a single layer, not a repeated one; write 'layer a[N]: …' for copies"])
        XCTAssertEqual(compileErrors("var y = index"), ["1:9 'index' is the copy number inside a repeated layer ('layer bar[12]: …') and in statements over its copies; there is none here"])
        XCTAssertEqual(compileErrors("layer bar[-1]: rect { }"), ["1:11 the number of copies must be a whole number from 0 to 1000000, found -1"])
        XCTAssertEqual(compileErrors("template tp[3]: rect { }\nspawn tp"), ["1:13 a template is copied by 'spawn'; it cannot be repeated with '[3]' (its children can)"])
        XCTAssertEqual(compileErrors(head + "layer m: rect { mask bar }"), ["2:22 'bar' cannot be a mask: it is repeated, so it has many copies"])
    }

    func testTimingExpressionsCompileToDynamicTiming() throws {
        let p = try XCTUnwrap(compileOK("var d = 1s\nvar x = 0\nanimate x to 1 over d delay -d / 2 repeat x + 1"))
        guard case .animate(let a) = p.statements.first else { return XCTFail() }
        XCTAssertNotNil(a.dynamicTiming.duration)
        XCTAssertNotNil(a.dynamicTiming.delay)
        XCTAssertNotNil(a.dynamicTiming.repeatCount)
        let c = try XCTUnwrap(compileOK("var x = 0\nanimate x to 1 over 1s delay -0.5s"))
        guard case .animate(let b) = c.statements.first else { return XCTFail() }
        XCTAssertEqual(b.delayTicks, -30)
        XCTAssertTrue(b.dynamicTiming.isEmpty)
        XCTAssertEqual(compileErrors("var x = 0\nanimate x to 1 over -1s"), ["2:21 an animation's duration must be a finite duration of zero or more"])
        XCTAssertEqual(compileErrors("var x = 0\nvar n = 2px\nanimate x to 1 over 1s repeat n"), ["3:31 a repeat count must be a plain number, found length"])
    }
}

final class GradientStopSyntaxTests: XCTestCase {
    /// The IR text of a one-layer script.
    private func ir(_ script: String) throws -> String {
        let file = SourceFile(name: "t.wave", text: script)
        let program = try XCTUnwrap(compileOK(script))
        return IRPrinter(program: program, file: file).render()
    }

    func testAColourMinusAPercentageIsAStopWithANegativeLocation() throws {
        let written = try ir("layer a: rect { fill linear-gradient(right, #cccccc -20%, #ffffff (-10%), #cccccc 0%) }")
        XCTAssertTrue(written.contains("#cccccc -20%, #ffffff -10%, #cccccc 0%"), written)
        // Numbers still subtract where no colour is involved.
        let numbers = try ir("var k = 0.5\nlayer a: rect { fill linear-gradient(right, red k - 0.25, blue) }")
        XCTAssertFalse(numbers.contains("-25%"), numbers)
    }
}

final class GradientStopResolutionTests: XCTestCase {
    /// CSS's order: positions below an earlier one are raised first, then missing ones are
    /// spread between their (raised) neighbours: `red 80%, blue 20%, lime, black 100%` puts
    /// blue at 80 % and lime half-way to black, at 90 %.
    func testOutOfOrderLocationsAreRaisedBeforeMissingOnesAreSpread() {
        let c = RGBA(0, 0, 0)
        let stops = [GradientStopValue(location: 0.8, color: c), GradientStopValue(location: 0.2, color: c),
                     GradientStopValue(location: nil, color: c), GradientStopValue(location: 1, color: c)]
        XCTAssertEqual(GradientStopValue.resolved(stops).map(\.location), [0.8, 0.8, 0.9, 1])
    }
}

/// `wave check`'s "ok (N layers, M templates)": copies counted, nested ones multiplied.
final class LayerSummaryTests: XCTestCase {
    func testCopiesCountAndNestedCopiesMultiply() {
        XCTAssertEqual(compileOK("layer a: rect { }")?.layerSummary, "1 layer")
        XCTAssertEqual(compileOK("layer bar[12]: rect { }\ntemplate dot: circle { }\nevery 1s { spawn dot }")?.layerSummary, "12 layers, 1 template")
        let grid = """
        layer grid: group {
          replicate 3 translate (0, 30)
          layer row: group {
            replicate 4 translate (30, 0)
            layer cell: rect { }
          }
        }
        """
        // The grid, its 3 rows, and 4 cells in each.
        XCTAssertEqual(compileOK(grid)?.layerSummary, "16 layers")
        XCTAssertEqual(compileOK("template a: circle { }\ntemplate b: circle { }\nemit a { birth-rate 1 lifetime 1s }\nemit b { birth-rate 1 lifetime 1s }")?.layerSummary, "0 layers, 2 templates")
    }
}

/// Warnings and notes for the mistakes new users make most.
final class AuditDiagnosticsTests: XCTestCase {
    func diagnostics(_ text: String) -> [Diagnostic] { Compiler.compile(SourceFile(name: "t.wave", text: text)).1 }

    /// A hidden text layer kept only to measure (`text-width`), or a shape measured by
    /// `path-length`, is not "never seen" (W0002); one nothing reads still is.
    func testAMeasuredLayerIsNotSaidToBeInvisible() {
        let measured = """
        layer measure: text "Hello" { opacity 0 }
        layer outline: path { move (0, 0) line (40, 0) fill none stroke none }
        layer caret: rect { frame (text-width(measure, 2), 0, 2, 20) }
        var total = path-length(outline)
        every tick { caret.opacity = total > 0 ? 1 : 0 }
        """
        XCTAssertEqual(diagnostics(measured).filter { $0.code == .invisibleLayer }.map(\.message), [])
        let unread = "layer measure: text \"Hello\" { opacity 0 }"
        XCTAssertEqual(diagnostics(unread).map(\.code), [.invisibleLayer])
    }

    /// A property set twice points back at the first setting by its name, also when the
    /// first is the layer header's value (`text ""`).
    func testASecondSettingNotesTheFirstByItsName() {
        let d = diagnostics("layer label: text \"\" { text \"a\" }")
        XCTAssertEqual(d.map(\.code), [.duplicateProperty])
        XCTAssertEqual(d.first?.notes.map(\.message), ["'text' is first set here"])
    }
}
