import XCTest
@testable import WaveSyntax

/// The did-you-mean engine: close words are suggested, far ones never (the wrong guesses
/// issue 14 found: `len` → 'sin', `for` → 'cos', `conic` → 'corner', `rotation-y` → 't', when it was not a property).
final class SuggestionTests: XCTestCase {
    let names = ["sin", "cos", "t", "y", "corner", "rotation", "blue", "every", "values", "over", "stiffness", "to"]

    func testCloseWordsAreSuggested() {
        XCTAssertEqual(Suggestion.best(for: "blu", among: names), "blue")
        XCTAssertEqual(Suggestion.best(for: "evry", among: names), "every")
        XCTAssertEqual(Suggestion.best(for: "valeus", among: names), "values")   // a swap is one edit
        XCTAssertEqual(Suggestion.best(for: "ovr", among: names), "over")
        XCTAssertEqual(Suggestion.best(for: "stifness", among: names), "stiffness")
        XCTAssertEqual(Suggestion.best(for: "too", among: names), "to")
        XCTAssertEqual(Suggestion.best(for: "Blue", among: names), "blue")        // case does not count
    }

    func testFarOrShortWordsAreNot() {
        for word in ["len", "for", "conic", "rotation-w", "k", "x", "rotate-x", "zz"] {
            XCTAssertNil(Suggestion.best(for: word, among: names), word)
        }
    }

    func testThePreferredGroupWinsTiesAndTiesAreAlphabetical() {
        XCTAssertEqual(Suggestion.best(for: "rad", among: ["red"], others: ["rag"]), "red")
        XCTAssertEqual(Suggestion.best(for: "rad", among: ["rid"], others: ["rat"]), "rid")
        XCTAssertEqual(Suggestion.best(for: "rad", among: ["rax", "rab"]), "rab")
        XCTAssertEqual(Suggestion.best(for: "rad", among: ["rxx"], others: ["rat"]), "rat")   // closer wins
    }

    func testShortListsAreListedWhenNothingIsClose() {
        XCTAssertEqual(Suggestion.tail(for: "bt", among: ["butt", "round", "square"], listIfShort: true),
                       "; expected one of: butt, round, square")
        XCTAssertEqual(Suggestion.tail(for: "rond", among: ["butt", "round", "square"], listIfShort: true), "; did you mean 'round'?")
        XCTAssertEqual(Suggestion.tail(for: "zzz", among: (0..<20).map { "word\($0)" }, listIfShort: true), "")
    }

    func testDistanceCountsEditsAndSwaps() {
        func d(_ a: String, _ b: String) -> Int { Suggestion.distance(Array(a), Array(b)) }
        XCTAssertEqual(d("kitten", "sitting"), 3)
        XCTAssertEqual(d("ab", "ba"), 1)
        XCTAssertEqual(d("", "abc"), 3)
        XCTAssertEqual(d("same", "same"), 0)
    }
}
