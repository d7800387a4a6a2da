import Foundation
import XCTest
import WaveSyntax

/// Formats `source`, failing the test if the formatter refuses it.
private func fmt(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    switch ScriptFormatter.format(SourceFile(name: "t.wave", text: source)) {
    case .formatted(let text): return text
    case .failed(let diagnostics):
        XCTFail("not formatted: \(diagnostics.map(\.message))", file: file, line: line)
        return ""
    }
}

/// The statements of a script with every source range cleared, so that two layouts of one
/// script compare equal exactly when they parse to the same tree.
private enum Unranged {
    static func statements(_ text: String) -> [Stmt] {
        Parser.parse(SourceFile(name: "t.wave", text: text)).statements.map(stmt)
    }

    static func stmt(_ s: Stmt) -> Stmt {
        let kind: Stmt.Kind
        switch s.kind {
        case .scene(let size, let clauses): kind = .scene(size: size.map(expr), clauses: clauses.map(clause))
        case .variable(let isMutable, let name, let value): kind = .variable(isMutable: isMutable, name: id(name), value: expr(value))
        case .layer(let decl): kind = .layer(layer(decl))
        case .timer(var t):
            t.time = t.time.map(expr); t.body = t.body.map(stmt); t.range = .none
            kind = .timer(t)
        case .animate(var a):
            a.targets = a.targets.map(expr); a.args = a.args.map(arg); a.then = a.then.map { $0.map(stmt) }; a.reached = a.reached.map { $0.map(stmt) }; a.range = .none
            kind = .animate(a)
        case .animationGroup(let k, let args, let body): kind = .animationGroup(kind: id(k), args: args.map(arg), body: body.map(stmt))
        case .effect(let layer, let name, let args): kind = .effect(layer: expr(layer), name: id(name), args: args.map(arg))
        case .assign(let target, let op, let value): kind = .assign(target: expr(target), op: op, value: expr(value))
        case .ifElse(let c, let then, let otherwise):
            kind = .ifElse(condition: expr(c), then: then.map(stmt), else: otherwise.map { $0.map(stmt) })
        case .spawn(let template, let placement, let body):
            kind = .spawn(template: id(template), placement: placement.map(self.placement), body: body.map(stmt))
        case .emit(let template, let placement, let clauses):
            kind = .emit(template: id(template), placement: placement.map(self.placement), clauses: clauses.map(clause))
        case .remove(let target): kind = .remove(target.map(expr))
        case .function(let n, let ps, let body): kind = .function(name: id(n), params: ps.map(id), body: expr(body))
        case .forLoop(let v, let a, let b, let body): kind = .forLoop(variable: id(v), from: expr(a), to: expr(b), body: body.map(stmt))
        case .stop: kind = .stop
        case .expression(let e): kind = .expression(expr(e))
        }
        return Stmt(kind, .none)
    }

    static func expr(_ e: Expr) -> Expr {
        let kind: Expr.Kind
        switch e.kind {
        case .number, .string, .color, .bool, .name, .error: kind = e.kind
        case .member(let base, let name): kind = .member(expr(base), id(name))
        case .call(let name, let args): kind = .call(id(name), args.map(expr))
        case .unary(let op, let x): kind = .unary(op, expr(x))
        case .binary(let op, let a, let b): kind = .binary(op, expr(a), expr(b))
        case .ternary(let a, let b, let c): kind = .ternary(expr(a), expr(b), expr(c))
        case .tuple(let items): kind = .tuple(items.map(expr))
        case .list(let items): kind = .list(items.map(expr))
        case .stop(let colour, let location): kind = .stop(expr(colour), expr(location))
        case .index(let base, let i): kind = .index(expr(base), expr(i))
        }
        return Expr(kind, .none)
    }

    static func id(_ i: Identifier) -> Identifier { Identifier(i.name, .none) }
    static func arg(_ a: Arg) -> Arg { Arg(label: id(a.label), values: a.values.map(expr)) }
    static func clause(_ c: Clause) -> Clause {
        Clause(head: id(c.head), value: c.value.map(expr), args: c.args.map(arg), range: .none)
    }
    static func placement(_ p: Placement) -> Placement {
        switch p {
        case .below(let n): return .below(id(n))
        case .above(let n): return .above(id(n))
        }
    }
    static func layer(_ d: LayerDecl) -> LayerDecl {
        LayerDecl(isTemplate: d.isTemplate, name: id(d.name), kind: id(d.kind), argument: d.argument.map(expr),
                  placement: d.placement.map(placement), clauses: d.clauses.map(clause), children: d.children.map(layer),
                  range: .none, count: d.count.map(expr))
    }
}

final class FormatterTests: XCTestCase {
    // MARK: - Messy input, exact output

    func testSpacingAroundOperatorsCallsPointsAndColons() {
        XCTAssertEqual(fmt("""
        scene 200x100{background #fff duration 2s}
        let  k=sin( t*2 )+ -3
        var on=!visible&&k>=1||false
        var x=on?k:-k
        layer   ball :circle{center(1,2) radius 5+k fill rgb( 1,2 ,3 ) dash[ 4,8 ]}
        animate ball . position.x from -10 to 10*2 over 1.5s ease ease-in-out
        x+=1
        """), """
        scene 200x100 { background #fff duration 2s }
        let k = sin(t * 2) + -3
        var on = !visible && k >= 1 || false
        var x = on ? k : -k
        layer ball: circle { center (1, 2) radius 5 + k fill rgb(1, 2, 3) dash [4, 8] }
        animate ball.position.x from -10 to 10 * 2 over 1.5s ease ease-in-out
        x += 1

        """)
    }

    func testANegativeGradientStopKeepsItsMinusOnTheNumber() {
        // `#ccc -20%` is the stop at −20% (CSS's reading), not a subtraction: no space after
        // the '-', wherever the author put one; subtraction elsewhere is spaced as ever.
        XCTAssertEqual(fmt("layer s: rect { fill linear-gradient(right, #e6e6e6 -20%, #f8f8f8 - 10%, #eee 0%) }\nlet q = 3 -1\n"),
                       "layer s: rect { fill linear-gradient(right, #e6e6e6 -20%, #f8f8f8 -10%, #eee 0%) }\nlet q = 3 - 1\n")
    }

    func testSpawnArgumentsStayInLineAgainstTheName() {
        XCTAssertEqual(fmt("""
        template bit(vx=0,vy=0):rect{frame(0,0,4,4)}
        every 2t{spawn bit ( vx=random(-3,3),vy=-2 ) below x{every tick{position+=(vx,vy)}}
        spawn bit(vx=1)
        spawn bit()}
        """), """
        template bit(vx = 0, vy = 0): rect { frame (0, 0, 4, 4) }
        every 2t {
          spawn bit(vx = random(-3, 3), vy = -2) below x { every tick { position += (vx, vy) } }
          spawn bit(vx = 1)
          spawn bit()
        }

        """)
    }

    func testLiteralsAreCopiedAsWritten() {
        let source = "let a = 1.50 + .5 + 1e3 + 10%\nlet c = #FFF\nlet s = \"tab\\there \\u{1F600}\"\nscene 360x160\n"
        XCTAssertEqual(fmt(source), source)
    }

    /// A `;` that separates nothing is dropped, and a comment before one takes the
    /// indentation of the code after it, not a continuation's (which made formatting twice
    /// change the file again).
    func testSemicolonsThatSeparateNothingAreDropped() {
        XCTAssertEqual(fmt("# c\n;\n"), "# c\n")
        XCTAssertEqual(fmt("# a\n# b\n;\nvar x = 1\n"), "# a\n# b\nvar x = 1\n")
        XCTAssertEqual(fmt("every tick {\n  # c\n  ;\n  x = 1\n}\n"), "every tick {\n  # c\n  x = 1\n}\n")
        XCTAssertEqual(fmt("every tick {; }\n"), "every tick {}\n")
        XCTAssertEqual(fmt("every tick { x = 1; ; y = 2; }\n"), "every tick { x = 1; y = 2 }\n")
        for text in ["# c\r;", "every tick {;;}", "if a { # n\n; }"] {
            let once = fmt(text)
            XCTAssertEqual(fmt(once), once, "formatting twice changes nothing: \(text.debugDescription)")
        }
    }

    func testIndentationOneStatementPerLineAndJoinedBraces() {
        XCTAssertEqual(fmt("""
        var x = 0 var y = 1
        every tick
        {
        if x>1 {
              x -= 1
        }
        else
        if x < 0 { x = 0 }
        else
        {
        y = 0 }
        }
        at 1s { stop } after 2s { stop }
        """), """
        var x = 0
        var y = 1
        every tick {
          if x > 1 {
            x -= 1
          } else if x < 0 { x = 0 } else {
            y = 0
          }
        }
        at 1s { stop }
        after 2s { stop }

        """)
    }

    func testOneLineBlocksStayUnlessTooLong() {
        let long = "every tick { if surface.level > height * (1 - percent) { surface.level -= 1 } else { surface.amplitude -= 0.066 } phase += 0.4 / pi }"
        XCTAssertGreaterThan(long.count, ScriptFormatter.maxLineWidth)
        XCTAssertEqual(fmt("every tick { a += 1 b += 1 }\nspawn ring {}\n\(long)\n"), """
        every tick { a += 1 b += 1 }
        spawn ring {}
        every tick {
          if surface.level > height * (1 - percent) { surface.level -= 1 } else { surface.amplitude -= 0.066 }
          phase += 0.4 / pi
        }

        """)
    }

    func testBlockWrittenOverSeveralLinesOpensFully() {
        XCTAssertEqual(fmt("""
        layer contour: text "du" { font "sans:bold"  size 150
                                   fill none  stroke #3a7bd5  width 2 }
        spring x to 1 { damping 7
        } then { remove }
        """), """
        layer contour: text "du" {
          font "sans:bold"  size 150
          fill none  stroke #3a7bd5  width 2
        }
        spring x to 1 {
          damping 7
        } then { remove }

        """)
    }

    func testPropertiesKeepTheirLinesAndTwoSpaceSeparators() {
        XCTAssertEqual(fmt("""
        layer sea: wave {
            amplitude 6    wavelength 120 level 50
                fill #3a7bd5  opacity 0.5
        }
        layer g: group { rotation 15deg
          opacity 0.8 layer a: circle { radius 5 }  layer b: circle { radius 6 }
        }
        spring x to 1{damping 7   mass 2}
        layer figure: path {
          circle (150, 60) radius 25
          move (150, 85)  line(150, 160)
          stroke rgb(147, 231, 182)  width 5
        }
        """), """
        layer sea: wave {
          amplitude 6  wavelength 120 level 50
          fill #3a7bd5  opacity 0.5
        }
        layer g: group {
          rotation 15deg
          opacity 0.8
          layer a: circle { radius 5 }
          layer b: circle { radius 6 }
        }
        spring x to 1 { damping 7  mass 2 }
        layer figure: path {
          circle (150, 60) radius 25
          move (150, 85)  line (150, 160)
          stroke rgb(147, 231, 182)  width 5
        }

        """)
    }

    func testSpacesThatAlignAColumnStay() {
        let aligned = """
        let a     = 1
        let bbbbb = 2
        layer l1: text "typewriter" { size 34  position (20, 45)   anchor left }
        layer l2: text "shine"      { size 34  position (20, 115)  anchor left }

        """
        XCTAssertEqual(fmt(aligned), aligned)
        XCTAssertEqual(fmt("let a     = 1\n\nlet bbbbb = 2\n"), "let a = 1\n\nlet bbbbb = 2\n")
        // Extra spaces dropped earlier on the line go to the padded `=`, which keeps its column.
        XCTAssertEqual(fmt("let  a   = 1\nlet bb   = 2\nlet ccc  = 3\n"), "let a    = 1\nlet bb   = 2\nlet ccc  = 3\n")
        // Unpadded, the `=` takes nothing: `let  a = 1` is just `let a = 1`.
        XCTAssertEqual(fmt("let  a = 1\nlet bb   = 2\n"), "let a = 1\nlet bb = 2\n")
    }

    func testCommentsOfBothKinds() {
        XCTAssertEqual(fmt("""
        # header

        let a = 1   # trailing, kept at its column
        let bb = 22 # too close: two spaces
        every tick {  # on the brace line
            # full line, re-indented
          a += 1      // slashes too
                # before the closing brace
        }
        animate a from 0 to 1
        # between the parts of a statement
        over 1s
        every tick  # before the brace
        { a += 1 }
        # end
        """), """
        # header

        let a = 1   # trailing, kept at its column
        let bb = 22  # too close: two spaces
        every tick {  # on the brace line
          # full line, re-indented
          a += 1      // slashes too
          # before the closing brace
        }
        animate a from 0 to 1
          # between the parts of a statement
          over 1s
        every tick  # before the brace
        { a += 1 }
        # end

        """)
    }

    func testBlankLines() {
        XCTAssertEqual(fmt("\n\nlet a = 1\n\n\n\nlet b = 2\nevery tick {\n\n  a += 1\n\n\n  b += 1\n\n}\n\n\n"), """
        let a = 1

        let b = 2
        every tick {
          a += 1

          b += 1
        }

        """)
        XCTAssertEqual(fmt(""), "")
        XCTAssertEqual(fmt("let a = 1"), "let a = 1\n")
        XCTAssertEqual(fmt("let a = 1\r\n"), "let a = 1\n")
        // A lone CR (old Mac line ends) is a line break too: an own-line comment stays on
        // its line, and a block written over lines is not joined.
        XCTAssertEqual(fmt("scene 100x100\r# a comment\rlayer a: rect {\r  radius 2\r}\r"),
                       "scene 100x100\n# a comment\nlayer a: rect {\n  radius 2\n}\n")
    }

    func testSyntaxErrorsAreReturnedNotFormatted() {
        let file = SourceFile(name: "t.wave", text: "layer b: circle { center (20, 20) radius }\n")
        XCTAssertEqual(ScriptFormatter.format(file), .failed(Parser.parse(file).diagnostics))
    }

    func testAMisplacedDeclarationKeepsItsMeaningOnItsOwnLine() {
        // On its own line inside a block that is closed later, `let` no longer ends the block:
        // it stays a (misplaced) statement of the block, so the canonical layout reads the same
        // and the compiler, not the formatter, rejects the script (E0214).
        let file = SourceFile(name: "t.wave", text: "var x = 0\nevery tick { let y = 1\n  x += y }\n")
        XCTAssertEqual(fmt(file.text), "var x = 0\nevery tick {\n  let y = 1\n  x += y\n}\n")
        let relaid = Parser.parse(SourceFile(name: "t.wave", text: fmt(file.text)))
        XCTAssertEqual(relaid.diagnostics, [])
    }

    // MARK: - Properties over real scripts

    func testExamplesAndGrammarBlocksAreStableAndMeanTheSame() throws {
        var scripts: [(String, String)] = []
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let examples = root.appendingPathComponent("examples")
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() where name.hasSuffix(".wave") {
            scripts.append((name, try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)))
        }
        let grammar = try String(contentsOf: root.appendingPathComponent("grammar.md"), encoding: .utf8)
        for (i, block) in grammar.components(separatedBy: "```wave\n").dropFirst().enumerated() {
            scripts.append(("grammar.md block \(i + 1)", block.components(separatedBy: "```").first ?? ""))
        }
        XCTAssertGreaterThan(scripts.count, 15)
        for (name, source) in scripts {
            let once = fmt(source)
            XCTAssertEqual(fmt(once), once, "\(name): formatting twice changes the text")
            XCTAssertEqual(Unranged.statements(once), Unranged.statements(source), "\(name): the formatted script parses differently")
        }
    }

    func testLexerKeepsCommentsOnlyWhenAsked() {
        let file = SourceFile(name: "t.wave", text: "let a = #fff # white\n// note\nlet b = 1\n")
        let (tokens, comments) = Lexer.tokenizeKeepingComments(file)
        XCTAssertEqual(tokens, Lexer.tokenize(file))
        XCTAssertEqual(comments.map { file.text(of: $0.range) }, ["# white", "// note"])
    }

    // MARK: - Diff

    func testUnifiedDiff() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk"
        let new = "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
        XCTAssertEqual(ScriptFormatter.unifiedDiff(from: old, to: new, name: "x.wave"), """
        --- x.wave
        +++ x.wave (formatted)
        @@ -1,5 +1,5 @@
         a
        -b
        +B
         c
         d
         e
        @@ -8,4 +8,4 @@
         h
         i
         j
        -k
        \\ No newline at end of file
        +k

        """)
        XCTAssertEqual(ScriptFormatter.unifiedDiff(from: "same\n", to: "same\n", name: "x"), "")
        XCTAssertEqual(ScriptFormatter.unifiedDiff(from: "", to: "a\n", name: "x"), "--- x\n+++ x (formatted)\n@@ -0,0 +1,1 @@\n+a\n")
    }
}
