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

    /// Words of printable ASCII are compared as bytes; that must give what comparing
    /// characters gives, for every pair: mixed case, hyphenated parts, swaps, non-ASCII.
    func testBytesAndCharactersGiveTheSameDistances() {
        let bases = ["stiffness", "skew", "skew-x", "rotation-y", "to", "too", "t", "Blue", "corner-radius",
                     "straße", "İris", "café", "e\u{301}", "tab\there", "", "-", "a-", "x-y-z"]
        var seed: UInt64 = 0x5EED
        func next(_ n: Int) -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int((seed >> 33) % UInt64(n)) }
        let letters = Array("abeEsSt-yxK")
        var words = bases
        for base in bases where !base.isEmpty {
            for _ in 0..<12 {
                var w = Array(base)
                for _ in 0...next(3) {
                    switch next(4) {
                    case 0: w.insert(letters[next(letters.count)], at: next(w.count + 1))
                    case 1: if !w.isEmpty { w.remove(at: next(w.count)) }
                    case 2: if !w.isEmpty { w[next(w.count)] = letters[next(letters.count)] }
                    default: if w.count > 1 { let i = next(w.count - 1); w.swapAt(i, i + 1) }
                    }
                }
                words.append(String(w))
            }
        }
        var scratch: [UInt8] = [], compared = 0, close = 0
        for word in words {
            let fast = Suggestion.Query(word), slow = Suggestion.Query(word, asBytes: false)
            for candidate in words {
                let d = fast.distance(to: candidate, scratch: &scratch)
                XCTAssertEqual(d, slow.distance(to: candidate, scratch: &scratch), "\(word) → \(candidate)")
                compared += 1
                if d != nil { close += 1 }
            }
            XCTAssertEqual(fast.closest(words).map { "\($0.0) \($0.1)" }, slow.closest(words).map { "\($0.0) \($0.1)" }, word)
        }
        XCTAssertGreaterThan(close, 500)   // the pairs cover suggestions, not only misses
        XCTAssertGreaterThan(compared, 40_000)
    }
}
