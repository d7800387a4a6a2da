import XCTest
@testable import WaveSyntax

/// The printer: help lines, safe output for hostile scripts, long lines and many errors.
final class DiagnosticFormatterTests: XCTestCase {
    let plain = DiagnosticFormatter(useColor: false)

    func testHelpLineFollowsTheCaret() {
        let file = SourceFile(name: "t.wave", text: "evry 1s { }\n")
        let d = Diagnostic.error(.unknownStatement, "unknown statement 'evry'; did you mean 'every'?", at: SourceRange(0, 4))
            .with(help: "replace 'evry' with 'every'", fix: .init(SourceRange(0, 4), "every"))
        XCTAssertEqual(plain.format(d, in: file), """
            t.wave:1:1: error[E0219]: unknown statement 'evry'; did you mean 'every'?
              evry 1s { }
              ^~~~
              help: replace 'evry' with 'every'

            """)
        XCTAssertEqual(d.fixIts, [.init(SourceRange(0, 4), "every")])
    }

    func testControlAndInvisibleCharactersAreEscapedNeverSentRaw() {
        // A script cannot drive the user's terminal through its diagnostics.
        let text = "var \u{1B}[2Jx = 1 \u{FEFF}\u{0}"
        let file = SourceFile(name: "t\u{1B}.wave", text: text)
        let at = Array("var ".utf8).count
        let d = Diagnostic.error(.unexpectedCharacter, "unexpected character '\u{1B}'", at: SourceRange(at, at + 1))
        let out = plain.format(d, in: file)
        XCTAssertFalse(out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, out.debugDescription)
        XCTAssertFalse(out.contains("\u{FEFF}"))
        XCTAssertEqual(out, """
            t\\u{1B}.wave:1:5: error[E0001]: unexpected character '\\u{1B}'
              var \\u{1B}[2Jx = 1 \\u{FEFF}\\u{0}
                  ^~~~~~

            """)
    }

    func testLongLinesAreCutAroundTheCaret() {
        let text = String(repeating: "a + ", count: 500) + "@"
        let file = SourceFile(name: "t.wave", text: text)
        let d = Diagnostic.error(.unexpectedCharacter, "unexpected character '@'", at: SourceRange(2000, 2001))
        let lines = plain.format(d, in: file).split(separator: "\n")
        XCTAssertLessThanOrEqual(lines[1].count, DiagnosticFormatter.maxLineShown + 4)
        XCTAssertTrue(lines[1].hasPrefix("  …"))
        // The caret still sits under the '@'.
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        let at = lines[1].firstIndex(of: "@").map { lines[1].distance(from: lines[1].startIndex, to: $0) }
        XCTAssertEqual(caret, at)
    }

    func testAtMostFiftyDiagnosticsArePrintedThenACount() {
        let file = SourceFile(name: "t.wave", text: String(repeating: "x\n", count: 80))
        let diags = (0..<80).map { i -> Diagnostic in
            i < 75 ? .error(.unknownName, "unknown name 'x'", at: SourceRange(2 * i, 2 * i + 1))
                   : .warning(.unusedVariable, "variable 'x' is never used", at: SourceRange(2 * i, 2 * i + 1))
        }
        let out = plain.format(all: diags, in: file)
        XCTAssertEqual(out.components(separatedBy: "error[E0201]").count - 1, 50)
        XCTAssertTrue(out.hasSuffix("t.wave: 25 more errors and 5 more warnings not shown (only the first 50 are printed)\n"), out)
    }
}
