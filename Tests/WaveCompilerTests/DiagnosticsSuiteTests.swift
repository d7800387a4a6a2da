import XCTest
import WaveSyntax
@testable import WaveCompiler

/// Thirty-odd bad scripts, each with exactly the one diagnostic a person should see:
/// the message and its line:column. One mistake, one error — no cascades.
final class DiagnosticsSuiteTests: XCTestCase {
    let cases: [(String, String)] = [
        // Lexical
        ("layer a: circle { fill #12345 }", "1:24 bad colour '#12345': expected 3, 4, 6 or 8 hex digits"),
        ("var x = 3kg", "1:9 unknown unit 'kg' after 3; units are s, ms, t, deg, rad, %, px"),
        ("layer s: text \"open { }", "1:15 unterminated string: expected '\"' before the end of the line"),
        ("var x = 1 @ 2", "1:11 unexpected character '@'"),
        ("layer s: text \"a\\qb\" { }", "1:15 unknown escape '\\q' in string; escapes are \\n \\t \\\" \\\\ \\u{…}"),
        // Syntax
        ("layer a: circle { radius }", "1:19 property 'radius' needs a value"),
        ("layer a: circle { center (1, 2 radius 3 }", "1:32 expected ')' to close '(' at 1:26, found 'radius'"),
        ("var x = 0\nevery tick {\n  x += 1\n", "2:12 unclosed '{' of 'every': expected '}' before the end of the file"),
        ("layer a circle { }", "1:9 expected ':' after layer name 'a', found 'circle'"),
        ("var = 3", "1:5 expected a variable name after 'var', found '='"),
        ("var x 3", "1:7 expected '=' after 'x' in its declaration, found number '3'"),
        ("}", "1:1 unexpected '}' with no open block"),
        ("var x = (1 + 2", "1:15 expected ')' to close '(' at 1:9, found end of file"),
        ("var x = 1 +", "1:12 expected a value, found end of file"),
        ("layer a: circle { radius fill red }", "1:19 property 'radius' needs a value before 'fill'"),
        ("var x = 0\nanimate x from 0 to 1 over", "2:23 'over' in 'animate' needs a value, found end of file"),
        // Names, with suggestions
        ("layer s: wave { amplitde 5 }", "1:17 unknown property 'amplitde' on wave; did you mean 'amplitude'?"),
        ("var phase = 0\nevery tick { phse += 1 }", "2:14 unknown name 'phse'; did you mean 'phase'?"),
        ("layer b: circel { }", "1:10 unknown layer kind 'circel'; did you mean 'circle'?"),
        ("layer ball: circle { }\nevery tick { bal.radius += 1 }", "2:14 unknown name 'bal'; did you mean 'ball'?"),
        ("layer ball: circle { }\nevery tick { ball.radus += 1 }", "2:19 unknown property 'radus' on circle layer 'ball'; did you mean 'radius'?"),
        ("template ring: circle { }\nevery 1s { spawn rign }", "2:18 unknown template 'rign'; did you mean 'ring'?"),
        ("var x = 0\nanimate x to 1 over 1s ease ease-inout", "2:29 unknown timing curve 'ease-inout'; did you mean 'ease-in-out'?"),
        ("var x = sine(1)", "1:9 unknown function 'sine'; did you mean 'sin'?"),
        ("layer a: rect { join rund }", "1:22 'join' is one of miter, round, bevel; did you mean 'round'?"),
        ("layer m: circle { }\nlayer a: rect { mask n }", "2:22 unknown layer 'n' for mask; did you mean 'm'?"),
        // Types and units
        ("var a = 1s + 3px", "1:9 cannot add length to time: units differ"),
        ("layer c: circle { radius 2s }", "1:26 'radius' needs a length, found a time"),
        ("var x = 1\nevery tick { if \"s\" { x = 1 } }", "2:17 an 'if' condition must be a bool, found string"),
        ("layer c: circle { fill 3 }", "1:24 'fill' needs a paint or one of none, found number"),
        ("var x = (1, 2, 3)", "1:9 a tuple is a point (x, y) or a rect (x, y, width, height); found 3 values"),
        ("var x = 0\nanimate x from 0 to 1 over 2", "2:28 an animation's duration must be a duration such as 2s, 500ms or 90t, found number"),
        ("var x = sin(1s)", "1:13 'sin' needs an angle or a plain number, found a time"),
        ("var x = min(1s, 2deg)", "1:9 'min' arguments have different units"),
        // Semantics
        ("let k = 1\nevery tick { k = 2 }", "2:14 cannot assign to 'k': it is a 'let' constant; declare it with 'var' to change it"),
        ("layer a: rect { }\nlayer a: circle { }", "2:7 layer 'a' is already declared at 1:1"),
        ("scene 100000x10", "1:7 scene size 100000x10 is out of range: each side must be 1 to 8192 px"),
        ("var x = 1\nscene 10x10\nevery tick { x += 1 }", "2:1 the scene header must come first: 'width' and 'height' are read from it"),
        ("every 0t { }", "1:7 the period of 'every' must be at least one tick (1t)"),
        ("layer a: rect { mask a }", "1:22 a layer cannot mask itself"),
        ("every tick { remove }", "1:14 'remove' without a layer name only works inside 'spawn … { }'"),
        ("layer c: circle { }\neffect c typewriter over 1s", "2:8 text effects apply to text layers; 'c' is a circle"),
        ("layer s: text \"x\" { }\neffect s shinne over 1s", "2:10 unknown text effect 'shinne'; did you mean 'shine'?"),
        ("layer c: circle { }\nanimate c.visible to false over 1s", "2:9 'visible' cannot be animated; assign it instead"),
        ("every tick { var y = 1 }", "1:14 declarations (scene, layer, template, let, var) belong at the top level of a script"),
    ]

    func testEachBadScriptGivesItsOneLocatedError() {
        XCTAssertGreaterThanOrEqual(cases.count, 30)
        for (script, expected) in cases {
            let file = SourceFile(name: "t.wave", text: script)
            let (program, diags) = Compiler.compile(file)
            XCTAssertNil(program, "should not compile: \(script)")
            let errors = diags.filter { $0.severity == .error }.map { d -> String in
                let (l, c) = file.location(of: d.range.start)
                return "\(l):\(c) \(d.message)"
            }
            XCTAssertEqual(errors, [expected], "for script:\n\(script)")
        }
    }
}
