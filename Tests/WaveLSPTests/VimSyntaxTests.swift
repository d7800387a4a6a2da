import Foundation
import XCTest
@testable import WaveLSP

final class VimSyntaxTests: XCTestCase {
    static let syntaxPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("editors/vim/syntax/wave.vim")

    /// The syntax file in editors/ is the one generated from the vocabulary (regenerate with
    /// `wave lsp --vim-syntax > editors/vim/syntax/wave.vim`).
    func testTheSyntaxFileIsGeneratedFromTheVocabulary() throws {
        let onDisk = try String(contentsOf: Self.syntaxPath, encoding: .utf8)
        XCTAssertEqual(onDisk, VimSyntax.text(), "regenerate: wave lsp --vim-syntax > editors/vim/syntax/wave.vim")
    }

    /// Every word of the TextMate grammar's lists is in the Vim file, as a keyword of the
    /// matching group or in a match of its own (the words whose rule starts before them).
    func testEveryWordOfTheGrammarIsInItsGroup() {
        let text = VimSyntax.text()
        let keywordLines = text.split(separator: "\n").filter { $0.hasPrefix("syn keyword ") }
        var groupOf: [String: String] = [:]
        for line in keywordLines {
            let parts = line.split(separator: " ")
            for w in parts.dropFirst(3) { XCTAssertNil(groupOf.updateValue(String(parts[2]), forKey: String(w)), "\(w) twice") }
        }
        for (scope, words) in TextMateGrammar.wordLists where scope != "support.function.wave" {
            let group = VimSyntax.groups[scope]!.group
            for w in words {
                if VimSyntax.contextWords.contains(w) || VimSyntax.keywordOptions.contains(w) || group == "waveLayerKind" {
                    let inAMatch = text.split(separator: "\n").contains { line in
                        line.hasPrefix("syn match \(group) ")
                            && ["%(\(w)\\|", "\\|\(w)\\|", "\\|\(w)\\)", "%(\(w)\\)"].contains { line.contains($0) }
                    }
                    XCTAssertTrue(inAMatch, "\(w) is in no match of \(group)")
                } else {
                    XCTAssertEqual(groupOf[w], group, "\(w) should be in \(group)")
                }
            }
        }
        // `syn keyword` would read these as its own options, not as words.
        XCTAssertTrue(VimSyntax.keywordOptions.isDisjoint(with: groupOf.keys), "a vocabulary word is a :syn keyword option")
        XCTAssertTrue(text.contains(#"syn match waveColorName "\<\%(transparent\)\>""#))
    }

    func testPatternsEscapeVimsMagicCharacters() {
        XCTAssertEqual(VimSyntax.vimEscaped("a.b*c~d"), "a\\.b\\*c\\~d")
        XCTAssertEqual(VimSyntax.vimEscaped("%"), "%")
    }
}
