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
}
