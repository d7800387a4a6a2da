import Foundation
import XCTest
import WaveCompiler
import WaveSyntax
@testable import WaveLSP

final class TextMateGrammarTests: XCTestCase {
    static let grammarPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("editors/vscode/syntaxes/wave.tmLanguage.json")

    /// The grammar in editors/ is the one generated from the vocabulary (regenerate with
    /// `wave lsp --grammar > editors/vscode/syntaxes/wave.tmLanguage.json`).
    func testTheGrammarFileIsGeneratedFromTheVocabulary() throws {
        let onDisk = try String(contentsOf: Self.grammarPath, encoding: .utf8)
        XCTAssertEqual(onDisk, TextMateGrammar.json(),
                       "regenerate: wave lsp --grammar > editors/vscode/syntaxes/wave.tmLanguage.json")
    }

    /// Every vocabulary word, kind, keyword and curve is in exactly one of the grammar's lists.
    func testTheWordListsCoverTheVocabularyOnce() {
        // Functions are coloured only when called, so a function name may also be a word.
        let lists = TextMateGrammar.wordLists.filter { $0.scope != "support.function.wave" }.map(\.words)
        let all = lists.flatMap { $0 } + CompletionWords.functions.filter { !lists.joined().contains($0) }
        XCTAssertEqual(all.count, Set(all).count, "a word in two lists")
        let expected = Vocabulary.words.union(CompletionWords.keywords).union(CompletionWords.functions)
            .union(CompletionWords.colorNames).union(LayerKind.allCases.map(\.rawValue))
        XCTAssertEqual(Set(all), expected)
    }

    func testAlternationMatchesWholeWordsLongestFirst() throws {
        let re = try NSRegularExpression(pattern: TextMateGrammar.alternation(["ease", "ease-in-out", "in"]))
        func matches(_ s: String) -> [String] {
            re.matches(in: s, range: NSRange(s.startIndex..., in: s)).map { String(s[Range($0.range, in: s)!]) }
        }
        XCTAssertEqual(matches("ease ease-in-out easel in-x win"), ["ease", "ease-in-out"])
    }
}
