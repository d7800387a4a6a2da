import XCTest
import WaveSyntax
@testable import WaveCompiler

/// Past `Compiler.suggestionLimit` diagnostics, errors come without a did-you-mean: a
/// megabyte of mistakes (a fuzzer's input of 174,729 errors took 3 s to check in release and
/// over 35 s under the address sanitizer, most of it finding nearest words) is checked in
/// time in proportion to its size with a small constant.
final class SuggestionLimitTests: XCTestCase {
    func testErrorsPastTheLimitComeWithoutSuggestions() {
        let count = Compiler.suggestionLimit + 200
        let text = "scene 100x100\nlayer a: circle {\n" + String(repeating: "  radiuss 3\n", count: count) + "}\n"
        let file = SourceFile(name: "many.wave", text: text)
        let (_, diagnostics) = Compiler.compile(file)
        let unknown = diagnostics.filter { $0.code == .unknownProperty }
        XCTAssertEqual(unknown.count, count, "every mistake is still reported")
        // The first ones say what was meant, with the edit.
        XCTAssertTrue(unknown[0].message.contains("radius"), unknown[0].message)
        XCTAssertEqual(unknown[0].fixIts.map(\.replacement), ["radius"])
        // Past the limit: the same error, located, without the search.
        let late = unknown[count - 1]
        XCTAssertEqual(late.message, "unknown property 'radiuss' on circle")
        XCTAssertEqual(late.fixIts.count, 0)
        XCTAssertTrue(file.location(of: late.range.start) == (count + 2, 3), "\(file.location(of: late.range.start))")
    }
}
