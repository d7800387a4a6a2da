import XCTest
@testable import WaveSyntax

final class LexerTests: XCTestCase {
    func lex(_ s: String) -> [Token] { Lexer.tokenize(SourceFile(name: "t", text: s)) }

    func testNumbersWithUnitsAndRanges() {
        let toks = lex("1.5s 500ms 90t 8deg 2rad 70% 3px .5 1e3")
        let kinds = toks.map(\.kind)
        XCTAssertEqual(kinds, [
            .number(1.5, .seconds), .number(500, .milliseconds), .number(90, .ticks), .number(8, .degrees),
            .number(2, .radians), .number(70, .percent), .number(3, .pixels), .number(0.5, nil), .number(1000, nil), .eof,
        ])
        XCTAssertEqual(toks[0].range, SourceRange(0, 4))
        XCTAssertEqual(toks[1].range, SourceRange(5, 10))
        XCTAssertEqual(toks[5].range, SourceRange(25, 28))
    }

    /// A UTF-8 byte-order mark as the first bytes (some Windows editors save one) is
    /// skipped and is not a column; anywhere else it is an unexpected character.
    func testALeadingByteOrderMarkIsSkipped() {
        let file = SourceFile(name: "t", text: "\u{FEFF}scene 100x100\nlayer a: rect { }")
        let toks = Lexer.tokenize(file)
        XCTAssertEqual(toks.map(\.kind).prefix(3), [.identifier("scene"), .size(100, 100), .identifier("layer")])
        XCTAssertEqual(toks[0].range, SourceRange(3, 8))
        XCTAssertTrue(file.location(of: toks[0].range.start) == (1, 1))
        XCTAssertTrue(file.location(of: toks[1].range.start) == (1, 7))
        XCTAssertEqual(file.lineText(1), "scene 100x100")
        XCTAssertTrue(file.location(of: toks[2].range.start) == (2, 1))
        let later = lex("scene 100x100\n\u{FEFF}layer")
        guard case .error = later[2].kind else { return XCTFail("a BOM inside the file: \(later[2].kind)") }
    }

    func testSizeLiteral() {
        XCTAssertEqual(lex("scene 360x160").map(\.kind), [.identifier("scene"), .size(360, 160), .eof])
    }

    func testColours() {
        let toks = lex("#fff #11223344 #102030 #abcd")
        guard case .color(let r, let g, let b, let a) = toks[0].kind else { return XCTFail("not a colour") }
        XCTAssertEqual([r, g, b, a], [1, 1, 1, 1])
        guard case .color(let r2, let g2, let b2, let a2) = toks[1].kind else { return XCTFail("not a colour") }
        XCTAssertEqual(r2, 0x11 / 255.0, accuracy: 1e-12)
        XCTAssertEqual(g2, 0x22 / 255.0, accuracy: 1e-12)
        XCTAssertEqual(b2, 0x33 / 255.0, accuracy: 1e-12)
        XCTAssertEqual(a2, 0x44 / 255.0, accuracy: 1e-12)
        guard case .color(_, _, _, let a4) = toks[3].kind else { return XCTFail("not a colour") }
        XCTAssertEqual(a4, 0xdd / 255.0, accuracy: 1e-12)
    }

    func testBadColourIsAnErrorTokenWithItsRange() {
        let toks = lex("fill #12345 x")
        guard case .error(.badColour, let m) = toks[1].kind else { return XCTFail("expected an error token") }
        XCTAssertTrue(m.contains("bad colour '#12345'"), m)
        XCTAssertEqual(toks[1].range, SourceRange(5, 11))
        XCTAssertEqual(toks[2].kind, .identifier("x"))
    }

    func testCommentsAreSkipped() {
        XCTAssertEqual(lex("a # a comment\n// another\nb").map(\.kind), [.identifier("a"), .identifier("b"), .eof])
        XCTAssertTrue(lex("a\nb")[1].newlineBefore)
    }

    func testStringsWithEscapes() {
        XCTAssertEqual(lex(#""a\"b\n\u{41}""#)[0].kind, .string("a\"b\nA"))
        guard case .error(.unterminatedString, let m) = lex("\"open")[0].kind else { return XCTFail("expected an error") }
        XCTAssertTrue(m.contains("unterminated string"))
        guard case .error(.badEscape, _) = lex(#""bad \q escape""#)[0].kind else { return XCTFail("expected an error") }
    }

    func testHyphenatedWordsOnlyFromTheList() {
        XCTAssertEqual(lex("ease-in-out").map(\.kind), [.identifier("ease-in-out"), .eof])
        XCTAssertEqual(lex("width-x").map(\.kind), [.identifier("width"), .punct("-"), .identifier("x"), .eof])
        XCTAssertEqual(lex("ease-in x").map(\.kind), [.identifier("ease-in"), .identifier("x"), .eof])
    }

    func testOperators() {
        XCTAssertEqual(lex("a += b <= c && !d").map(\.kind), [
            .identifier("a"), .punct("+="), .identifier("b"), .punct("<="), .identifier("c"), .punct("&&"), .punct("!"), .identifier("d"), .eof,
        ])
    }

    func testBadCharactersBecomeErrorTokensAndLexingGoesOn() {
        let toks = lex("a @ é b")
        guard case .error(.unexpectedCharacter, let m1) = toks[1].kind, case .error(.unexpectedCharacter, let m2) = toks[2].kind else { return XCTFail("expected error tokens") }
        XCTAssertTrue(m1.contains("'@'"))
        XCTAssertTrue(m2.contains("'é'"))
        XCTAssertEqual(toks[3].kind, .identifier("b"))
    }

    /// A terminal's colour codes pasted into a script are one mistake, one error token; a
    /// lone ESC is one character, as any other.
    func testATerminalEscapeSequenceIsOneErrorToken() {
        let toks = lex("radius 3 \u{1B}[31m fill")
        guard case .error(.unexpectedCharacter, let m) = toks[2].kind else { return XCTFail("\(toks)") }
        XCTAssertTrue(m.contains("'\\e[31m'"), m)
        XCTAssertEqual(toks[2].range, SourceRange(9, 14))
        XCTAssertEqual(toks[3].kind, .identifier("fill"))
        let lone = lex("a \u{1B} b")
        guard case .error(.unexpectedCharacter, _) = lone[1].kind else { return XCTFail("\(lone)") }
        XCTAssertEqual(lone[2].kind, .identifier("b"))
    }

    func testUnknownUnit() {
        guard case .error(.unknownUnit, let m) = lex("3kg")[0].kind else { return XCTFail("expected an error") }
        XCTAssertTrue(m.contains("unknown unit 'kg'"), m)
    }

    func testLineAndColumnCountCharactersNotBytes() {
        let f = SourceFile(name: "t", text: "é = 1\n  x")
        let (l, c) = f.location(of: Array("é = 1\n  ".utf8).count)
        XCTAssertEqual(l, 2)
        XCTAssertEqual(c, 3)
        XCTAssertEqual(f.location(of: 3).column, 3)   // after "é " (é is 2 bytes)
    }

    func testHashWithALetterOrDigitIsAColourNeverAComment() {
        // `#ff00gg` used to start a comment that swallowed the rest of the line, `}` included.
        let toks = lex("fill #ff00gg }")
        guard case .error(.badColour, let m) = toks[1].kind else { return XCTFail("expected a bad colour, got \(toks)") }
        XCTAssertEqual(m, "bad colour '#ff00gg': expected 3, 4, 6 or 8 hex digits")
        XCTAssertEqual(toks[1].range, SourceRange(5, 12))   // only the word
        XCTAssertTrue(toks[2].isPunct("}"))
        for word in ["#zzzzzz", "#red", "#1", "#g"] {
            guard case .error(.badColour, _) = lex(word)[0].kind else { return XCTFail("\(word) is not a bad colour") }
        }
    }

    func testCommentsStartWithHashAndSpaceTabHashBangOrEndOfLine() {
        for text in ["# note\nb", "#\tnote\nb", "## note\nb", "#! wave\nb", "#\nb", "// note\nb", "# golden: 0 60\nb"] {
            XCTAssertEqual(lex(text).map(\.kind), [.identifier("b"), .eof], text)
        }
        XCTAssertEqual(lex("a #").map(\.kind), [.identifier("a"), .eof])   // `#` at the end of the file
        guard case .error(.unexpectedCharacter, _) = lex("#(x)")[0].kind else { return XCTFail("'#(' is neither") }
    }

    func testCarriageReturnsEndLines() {
        // Old Mac (CR only) and Windows (CRLF) files: comments end at the line's end, and
        // positions count lines the same way as with LF.
        for eol in ["\r", "\r\n", "\n"] {
            let text = ["# a comment", "var x = 1", "  y"].joined(separator: eol)
            let file = SourceFile(name: "t", text: text)
            let toks = Lexer.tokenize(file)
            XCTAssertEqual(toks.map(\.kind), [.identifier("var"), .identifier("x"), .punct("="), .number(1, nil), .identifier("y"), .eof], eol.debugDescription)
            XCTAssertTrue(toks[4].newlineBefore)
            XCTAssertEqual(file.location(of: toks[0].range.start).line, 2)
            XCTAssertEqual(file.location(of: toks[4].range.start).line, 3)
            XCTAssertEqual(file.location(of: toks[4].range.start).column, 3)
            XCTAssertEqual(file.lineText(2), "var x = 1")
        }
        guard case .error(.unterminatedString, _) = lex("\"open\rnext")[0].kind else { return XCTFail("a string ends at CR") }
    }

    func testSpelledOutUnitsAreSuggested() {
        guard case .error(.unknownUnit, let m) = lex("1sec")[0].kind else { return XCTFail("expected an error") }
        XCTAssertTrue(m.hasSuffix("did you mean '1s'?"), m)
    }
}

/// Columns come from a block table of continuation bytes, not a scan of the whole line:
/// they must equal a character count from the line start everywhere, across blocks.
final class SourceFileColumnTests: XCTestCase {
    func testColumnsEqualACharacterCountAcrossBlockBoundaries() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) }
        let pieces = ["a", "é", "👋🏽", "\n", "日本", " ", "\r\n", "x = 1", "\r"]
        for _ in 0..<5 {
            var text = ""
            while text.utf8.count < 5_000 { text += pieces[next() % pieces.count] }
            let file = SourceFile(name: "t", text: text)
            let bytes = Array(text.utf8)
            for offset in stride(from: 0, through: bytes.count, by: 7) {
                let (line, column) = file.location(of: offset)
                let start = file.lineStarts[line - 1]
                let naive = bytes[start..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
                XCTAssertEqual(column, naive, "offset \(offset)")
            }
        }
    }
}
