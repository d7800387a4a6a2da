import XCTest
import WaveCompiler
import WaveSyntax
@testable import WaveDriver

/// Text whose characters the chosen face lacks is said before it renders as empty boxes.
final class FontWarningTests: XCTestCase {
    /// U+E000 and U+E001 are private-use characters, which no installed face draws.
    func testCharactersTheFaceLacksAreNamedOnceAtTheText() throws {
        let file = SourceFile(name: "t.wave", text: """
        layer a: text "Hi \u{E000}\u{E001}\u{E000}" { size 20 }
        layer b: text "Hi" { size 20 }
        let s = "\u{E000}"
        layer c: text s + "x" { size 20 }
        """)
        let (program, diagnostics) = ScriptLoader.check(file)
        XCTAssertNotNil(program)
        let glyphs = diagnostics.filter { $0.code == .missingGlyph }
        XCTAssertEqual(glyphs.count, 2, "\(diagnostics)")   // a and c (s + "x" is folded to a constant); not b
        XCTAssertEqual(glyphs.first?.severity, .warning)
        XCTAssertTrue(glyphs.first?.message.hasSuffix("has no glyph for '\\u{E000}', '\\u{E001}' in layer 'a': each draws as an empty box") == true, "\(glyphs)")
        XCTAssertEqual(glyphs.first.map { file.location(of: $0.range.start).0 }, 1)
    }

    /// Hebrew and Arabic letters are said to be laid out left to right, unjoined (W0018);
    /// Latin text, digits and a right-to-left punctuation-free string of numbers are not.
    func testRightToLeftLettersAreNamed() throws {
        let file = SourceFile(name: "t.wave", text: """
        layer a: text "\u{05E9}\u{05DC}\u{05D5}\u{05DD}" { size 20 }
        layer b: text "Hello 123" { size 20 }
        layer c: text "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}" { size 20 }
        """)
        let warned = ScriptLoader.check(file).1.filter { $0.code == .rightToLeft }
        XCTAssertEqual(warned.map { file.location(of: $0.range.start).0 }, [1, 3])
        XCTAssertEqual(warned.first?.severity, .warning)
        XCTAssertTrue(warned.first?.message.contains("layer 'a' has right-to-left letters") == true, "\(warned)")
    }
}
