import XCTest
import WaveSyntax
@testable import WaveCompiler

/// Thirty-odd bad scripts, each with exactly the one diagnostic a person should see:
/// its catalogue code, the message and its line:column. One mistake, one error — no cascades.
final class DiagnosticsSuiteTests: XCTestCase {
    let cases: [(String, String)] = [
        // Lexical
        ("layer a: circle { fill #12345 }", "1:24 E0002 bad colour '#12345': expected 3, 4, 6 or 8 hex digits"),
        ("var x = 3kg", "1:9 E0005 unknown unit 'kg' after 3; units are s, ms, t, deg, rad, %, px"),
        ("layer s: text \"open { }", "1:15 E0007 unterminated string: expected '\"' before the end of the line"),
        ("var x = 1 @ 2", "1:11 E0001 unexpected character '@'"),
        ("layer s: text \"a\\qb\" { }", "1:15 E0006 unknown escape '\\q' in string; escapes are \\n \\t \\\" \\\\ \\u{…}"),
        // Syntax
        ("layer a: circle { radius }", "1:19 E0104 property 'radius' needs a value"),
        ("layer a: circle { center (1, 2 radius 3 }", "1:32 E0102 expected ')' to close '(' at 1:26, found 'radius'"),
        ("var x = 0\nevery tick {\n  x += 1\n", "2:12 E0102 unclosed '{' of 'every': expected '}' before the end of the file"),
        ("layer a circle { }", "1:9 E0101 expected ':' after layer name 'a', found 'circle'"),
        ("var = 3", "1:5 E0101 expected a variable name after 'var', found '='"),
        ("var x 3", "1:7 E0101 expected '=' after 'x' in its declaration, found number '3'"),
        ("}", "1:1 E0103 unexpected '}' with no open block"),
        ("var x = (1 + 2", "1:15 E0102 expected ')' to close '(' at 1:9, found end of file"),
        ("var x = 1 +", "1:12 E0101 expected a value, found end of file"),
        ("layer a: circle { radius fill red }", "1:19 E0104 property 'radius' needs a value before 'fill'"),
        ("var x = 0\nanimate x from 0 to 1 over", "2:23 E0104 'over' in 'animate' needs a value, found end of file"),
        // Names, with suggestions
        ("layer s: wave { amplitde 5 }", "1:17 E0202 unknown property 'amplitde' on wave; did you mean 'amplitude'?"),
        ("var phase = 0\nevery tick { phse += 1 }", "2:14 E0201 unknown name 'phse'; did you mean 'phase'?"),
        ("layer b: circel { }", "1:10 E0203 unknown layer kind 'circel'; did you mean 'circle'?"),
        ("layer ball: circle { }\nevery tick { bal.radius += 1 }", "2:14 E0204 unknown layer 'bal'; did you mean 'ball'?"),
        ("layer ball: circle { }\nevery tick { ball.radus += 1 }", "2:19 E0202 unknown property 'radus' on circle layer 'ball'; did you mean 'radius'?"),
        ("template ring: circle { }\nevery 1s { spawn rign }", "2:18 E0205 unknown template 'rign'; did you mean 'ring'?"),
        ("var x = 0\nanimate x to 1 over 1s ease ease-inout", "2:29 E0401 unknown timing curve 'ease-inout'; did you mean 'ease-in-out'?"),
        ("var x = sine(1)", "1:9 E0206 unknown function 'sine'; did you mean 'sin'?"),
        ("layer a: rect { join rund }", "1:22 E0212 'join' is one of miter, round, bevel; did you mean 'round'?"),
        ("layer m: circle { }\nlayer a: rect { mask n }", "2:22 E0204 unknown layer 'n' for mask; expected one of: m"),   // no guess for one letter
        // Types and units
        ("var a = 1s + 3px", "1:9 E0302 cannot add length to time: units differ"),
        ("layer c: circle { radius 2s }", "1:26 E0301 'radius' needs a length, found a time"),
        ("var x = 1\nevery tick { if \"s\" { x = 1 } }", "2:17 E0301 an 'if' condition must be a bool, found string"),
        ("layer c: circle { fill 3 }", "1:24 E0301 'fill' needs a paint or one of none, found number"),
        ("var x = (1, 2, 3)", "1:9 E0301 a tuple is a point (x, y) or a rect (x, y, width, height); found 3 values"),
        ("var x = 0\nanimate x from 0 to 1 over 2", "2:28 E0402 an animation's duration must be a duration such as 2s, 500ms or 90t, found number"),
        ("var x = sin(1s)", "1:13 E0301 'sin' needs an angle or a plain number, found a time"),
        ("var x = min(1s, 2deg)", "1:9 E0302 'min' arguments have different units"),
        // Semantics
        ("let k = 1\nevery tick { k = 2 }", "2:14 E0308 cannot assign to 'k': it is a 'let' constant; declare it with 'var' to change it"),
        ("layer a: rect { }\nlayer a: circle { }", "2:7 E0211 layer 'a' is already declared at 1:1"),
        ("scene 100000x10", "1:7 E0306 scene size 100000x10 is out of range: each side must be 1 to 8192 px"),
        ("var x = 1\nscene 10x10\nevery tick { x += 1 }", "2:1 E0214 the scene header must come first: 'width' and 'height' are read from it"),
        ("every 0t { }", "1:7 E0402 the period of 'every' must be at least one tick (1t)"),
        ("layer a: rect { mask a }", "1:22 E0215 a layer cannot mask itself"),
        ("every tick { remove }", "1:14 E0216 'remove' without a layer name only works inside 'spawn … { }'"),
        ("layer c: circle { }\neffect c typewriter over 1s", "2:8 E0216 text effects apply to text layers; 'c' is a circle"),
        ("layer s: text \"x\" { }\neffect s shinne over 1s", "2:10 E0207 unknown text effect 'shinne'; did you mean 'shine'?"),
        ("layer c: circle { }\nanimate c.visible to false over 1s", "2:9 E0304 'visible' cannot be animated; assign it instead"),
        ("every tick { var y = 1 }", "1:14 E0214 declarations (scene, layer, template, let, var) belong at the top level of a script"),
    ]

    func testEachBadScriptGivesItsOneLocatedError() {
        XCTAssertGreaterThanOrEqual(cases.count, 30)
        for (script, expected) in cases {
            let file = SourceFile(name: "t.wave", text: script)
            let (program, diags) = Compiler.compile(file)
            XCTAssertNil(program, "should not compile: \(script)")
            let errors = diags.filter { $0.severity == .error }.map { d -> String in
                let (l, c) = file.location(of: d.range.start)
                return "\(l):\(c) \(d.code.code) \(d.message)"
            }
            XCTAssertEqual(errors, [expected], "for script:\n\(script)")
        }
    }

    func testTheFormatterPrintsTheCodeAfterTheSeverity() {
        let file = SourceFile(name: "t.wave", text: "var unused = 1\nlayer s: wave { amplitde 5 }")
        let (_, diags) = Compiler.compile(file)
        let text = diags.map { DiagnosticFormatter(useColor: false).format($0, in: file) }.joined()
        XCTAssertTrue(text.contains("t.wave:2:17: error[E0202]: unknown property 'amplitde' on wave; did you mean 'amplitude'?\n"), text)
        XCTAssertEqual(diags.filter { $0.severity == .error }.map(\.code), [.unknownProperty])
        let (_, warnings) = Compiler.compile(SourceFile(name: "t.wave", text: "var unused = 1"))
        XCTAssertEqual(warnings.map(\.code), [.unusedVariable])
        XCTAssertEqual(warnings.map(\.severity), [.warning])
        let w = DiagnosticFormatter(useColor: false).format(warnings[0], in: SourceFile(name: "t.wave", text: "var unused = 1"))
        XCTAssertTrue(w.hasPrefix("t.wave:1:5: warning[W0001]: variable 'unused' is never used\n"), w)
    }

    /// Mistakes whose message alone leaves the fix to guess: the `help:` line under the
    /// caret says what to write.
    let helpCases: [(String, String)] = [
        ("layer a: circle { }\nanimate a.opacity values [0, 1, 0.5] times [0, 0.3, 0.6] over 1s",
         "2:44 E0404 the keys end at 0.6: add the value to hold at time 1 ('values [0, 1, 0.5, 0.5] times [0, 0.3, 0.6, 1]'), "
            + "or write 'mode discrete' to hold each value from its key time"),
        ("var n = 3\nlayer s: text \"x\" { text \"score \" + n }",
         "2:21 E0210 the value after 'text' in 'layer s: text …' is this layer's 'text' property, and may be any expression "
            + "('layer s: text \"score \" + n { … }'); set it there or in the body, not both"),
        ("layer b: rect { frame (0, 0) }", "1:23 E0301 'frame': the box (x, y, width, height) the shape fills; for example 'frame (0, 0, 100, 100)'"),
        ("layer b: rect { }\nanimate b.frame to (10, 20) over 1s", "2:20 E0301 'frame': the box (x, y, width, height) the shape fills; for example 'frame (0, 0, 100, 100)'"),
        ("layer c: circle { }\nc.radius = 2s", "2:12 E0301 'radius': the circle's radius; for example 'radius 10'"),
        ("layer a: rect { filter drop-shadow(2px -3px 4px #00000080) }",
         "1:17 E0202 replace with 'shadow-offset (2, -3)  shadow-radius 8  shadow-color #00000080  shadow-opacity 1'"),
    ]

    func testEachHelpLineSaysWhatToWrite() {
        for (script, expected) in helpCases {
            let file = SourceFile(name: "t.wave", text: script)
            let errors = Compiler.compile(file).1.filter { $0.severity == .error }.map { d -> String in
                let (l, c) = file.location(of: d.range.start)
                return "\(l):\(c) \(d.code.code) \(d.help ?? "(no help)")"
            }
            XCTAssertEqual(errors, [expected], "for script:\n\(script)")
        }
        // Only where the header gave the text: twice in the body is a plain repeat.
        let twice = Compiler.compile(SourceFile(name: "t.wave", text: "layer s: text { text \"a\" text \"b\" }")).1
        XCTAssertEqual(twice.map(\.code), [.duplicateProperty])
        XCTAssertNil(twice.first?.help)
    }

    func testTheCatalogueHasUniqueNamesAndGroupedCodes() {
        XCTAssertEqual(Set(DiagnosticCode.allCases.map(\.name)).count, DiagnosticCode.allCases.count)
        for code in DiagnosticCode.allCases {
            XCTAssertNotNil(code.code.range(of: #"^[EW]\d{4}$"#, options: .regularExpression), code.code)
            XCTAssertNotNil(code.name.range(of: #"^[a-z]+(-[a-z0-9]+)*$"#, options: .regularExpression), code.name)
        }
    }
}
