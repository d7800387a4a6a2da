import XCTest
@testable import WaveSyntax

/// Diagnostics as "line:col message" for compact assertions.
func parseErrors(_ text: String) -> [String] {
    let file = SourceFile(name: "t.wave", text: text)
    let script = Parser.parse(file)
    return script.diagnostics.map { d in
        let (l, c) = file.location(of: d.range.start)
        return "\(l):\(c) \(d.message)"
    }
}

final class ParserTests: XCTestCase {
    func testThreeIndependentMistakesGiveThreeLocatedErrors() {
        let errors = parseErrors("""
        scene 100x100 { background #fff }
        layer a: circle { center (50, 50) radius 10 fill #12345 }
        layer b: circle { center (20, 20) radius }
        layer c: circle { center (10, 20 radius 5 fill red }
        """)
        XCTAssertEqual(errors, [
            "2:50 bad colour '#12345': expected 3, 4, 6 or 8 hex digits",
            "3:35 property 'radius' needs a value",
            "4:34 expected ')' to close '(' at 4:26, found 'radius'",
        ])
    }

    func testUnclosedBlockPointsAtItsOpener() {
        let errors = parseErrors("""
        every tick {
          x += 1

        layer a: circle { radius 3 }
        """)
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors[0].hasPrefix("1:12 unclosed '{' of 'every'"), errors[0])
    }

    /// The '}' meant for an outer block closed an inner one: the inner block is the one
    /// reported unclosed, once, with the '}' to add before the line of the '}' that went to it
    /// (that '}' lines up with the outer block).
    func testAMissingInnerBraceIsReportedAtTheInnerBlock() {
        func errors(_ text: String) -> [String] {
            let file = SourceFile(name: "t.wave", text: text)
            return Parser.parse(file).diagnostics.map { d in
                let (l, c) = file.location(of: d.range.start)
                return "\(l):\(c) \(d.message)" + d.fixIts.map { " => '\($0.replacement)' @\(file.location(of: $0.range.start).line)" }.joined()
            }
        }
        XCTAssertEqual(errors("""
        layer g: group {
          position (10, 10)
          layer a: circle { radius 5 }
          layer b: circle { radius 8
        }
        animate g.scale to 2 over 1s
        """), ["4:19 unclosed '{' of layer 'b': expected '}' before line 5, whose '}' at 5:1 lines up with an outer block but closes this one => '  }\n' @5"])
        XCTAssertEqual(errors("every 1s {\n  if x > 1 {\n    x = 0\n}\n"), [
            "2:12 unclosed '{' of 'if': expected '}' before line 4, whose '}' at 4:1 lines up with an outer block but closes this one => '  }\n' @4"])
        // Braces that line up say nothing more.
        XCTAssertEqual(errors("every 1s {\n  if x > 1 {\n    x = 0\n  }\n"), ["1:10 unclosed '{' of 'every': expected '}' before the end of the file => '}\n' @5"])
        // A sibling declaration (indented as the layer) ends a body left open: one error there,
        // not one for the sibling read as a child and one for the outermost layer.
        XCTAssertEqual(errors("""
        layer card: group {
          layer face: group {
            layer eye: circle { radius 5
            layer nose: circle { radius 2 }
          }
        }
        animate card.opacity to 0 over 1s
        """), ["3:23 unclosed '{' of layer 'eye': expected '}' before the next declaration => '    }\n' @4"])
    }

    func testUnclosedLayerBodyBeforeNextDeclaration() {
        let errors = parseErrors("layer a: circle { radius 3\nlayer b: circle { radius 4 }\n")
        XCTAssertEqual(errors, ["1:17 unclosed '{' of layer 'a': expected '}' before the next declaration"])
    }

    func testPropertyFollowedByAnotherPropertyNeedsAValue() {
        XCTAssertEqual(parseErrors("layer a: circle { radius fill red }"), ["1:19 property 'radius' needs a value before 'fill'"])
    }

    func testAnimateStatementShape() {
        let script = Parser.parse(SourceFile(name: "t", text: "animate a.level, b.level from 170 to -10 over 5s ease ease-in-out then remove"))
        XCTAssertTrue(script.diagnostics.isEmpty, "\(script.diagnostics)")
        guard case .animate(let a) = script.statements.first?.kind else { return XCTFail("not an animate") }
        XCTAssertEqual(a.targets.count, 2)
        XCTAssertEqual(a.args.map(\.label.name), ["from", "to", "over", "ease"])
        XCTAssertEqual(a.arg(.to)?.value?.kind, .unary("-", Expr(.number(10, nil), SourceRange(38, 40))))
        XCTAssertNotNil(a.then)
    }

    func testSemicolonsMaySeparatePropertiesInEveryBody() {
        XCTAssertEqual(parseErrors("scene 100x100 { background red; duration 1s; }\nlayer a: circle { center (5, 5); radius 1 }\nspring a.radius to 2 { stiffness 100; damping 10 }"), [])
        let script = Parser.parse(SourceFile(name: "t", text: "scene 100x100 { background red; duration 1s }"))
        guard case .scene(_, let clauses)? = script.statements.first?.kind else { return XCTFail("no scene") }
        XCTAssertEqual(clauses.map(\.head.name), ["background", "duration"])
    }

    func testPrecedence() {
        let script = Parser.parse(SourceFile(name: "t", text: "x = 1 + 2 * 3 > 4 && y"))
        guard case .assign(_, "=", let v) = script.statements.first?.kind else { return XCTFail() }
        guard case .binary("&&", let lhs, _) = v.kind, case .binary(">", let sum, _) = lhs.kind,
              case .binary("+", _, let product) = sum.kind, case .binary("*", _, _) = product.kind else {
            return XCTFail("wrong tree: \(v.kind)")
        }
    }

    func testMinusAtLineStartStartsANewStatement() {
        let script = Parser.parse(SourceFile(name: "t", text: "every tick {\n x = y\n -z\n}"))
        guard case .timer(let t) = script.statements.first?.kind else { return XCTFail() }
        XCTAssertEqual(t.body.count, 2)
    }

    func testPathCommands() {
        let script = Parser.parse(SourceFile(name: "t", text: "layer p: path { move (0, 0) quad (10, 0) control (5, 5) cubic (1, 1) control (2, 2) (3, 3) close }"))
        XCTAssertTrue(script.diagnostics.isEmpty, "\(script.diagnostics)")
        guard case .layer(let l) = script.statements.first?.kind else { return XCTFail() }
        XCTAssertEqual(l.clauses.map(\.head.name), ["move", "quad", "cubic", "close"])
        XCTAssertEqual(l.clauses[2].arg(.control)?.values.count, 2)
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = "x = " + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        let errors = parseErrors(text)
        XCTAssertFalse(errors.isEmpty)
        XCTAssertTrue(errors[0].contains("nested too deeply"), errors[0])
        let minus = "x = " + String(repeating: "-", count: 5000) + "1"
        XCTAssertTrue(parseErrors(minus).first?.contains("nested too deeply") ?? false)
    }

    func testEveryParseLoopProgressesOnGarbage() {
        let garbage = "} ) ] , . : ; { layer : : every { at } @ # \"x"
        _ = parseErrors(garbage)   // must terminate
        XCTAssertFalse(parseErrors(garbage).isEmpty)
    }
}
