import WaveCompiler
import WaveSyntax
import XCTest
@testable import WaveFuzzSupport

final class ScriptMutatorTests: XCTestCase {
    let seed = Array("scene 100x100\nlayer a: circle { at 50 50  radius 10 + 2  fill #fff }\nevery tick { a.x = a.x + 1 }\n".utf8)

    func testTheDictionaryHoldsTheVocabularyOperatorsAndExtremeNumbers() {
        let words = Set(ScriptMutator.dictionary)
        for word in ["layer", "animate", "spring", "ease-in-out", "stroke-width", "&&", "..<", "1e400", "0/0"] {
            XCTAssertTrue(words.contains(word), word)
        }
        XCTAssertTrue(Vocabulary.words.isSubset(of: words))
        // libFuzzer's format: one quoted entry a line, only printable ASCII inside.
        let lines = ScriptMutator.dictionaryFile().split(separator: "\n")
        XCTAssertEqual(lines.count, words.count)
        for line in lines {
            XCTAssertTrue(line.hasPrefix("\"") && line.hasSuffix("\"") && line.count >= 3, String(line))
            XCTAssertTrue(line.utf8.allSatisfy { (0x20..<0x7F).contains($0) }, String(line))
        }
        XCTAssertTrue(lines.contains("\"\\x0A\""), "a newline is escaped")
    }

    /// Runs `count` mutations from the seed script, each from the previous result.
    private func mutations(seed: UInt32, count: Int, maxSize: Int) -> [[UInt8]] {
        var bytes = self.seed
        var out: [[UInt8]] = []
        for i in 0..<count {
            var mutator = ScriptMutator(seed: seed &+ UInt32(i))
            mutator.mutate(&bytes, maxSize: maxSize) { bytes, _ in bytes.reverse() }
            out.append(bytes)
            if bytes.count > maxSize / 2 { bytes = self.seed }
        }
        return out
    }

    func testMutationsAreDeterministicAndStayWithinTheMaximumSize() {
        XCTAssertEqual(mutations(seed: 7, count: 200, maxSize: 4096), mutations(seed: 7, count: 200, maxSize: 4096))
        XCTAssertNotEqual(mutations(seed: 7, count: 50, maxSize: 4096), mutations(seed: 8, count: 50, maxSize: 4096))
        for bytes in mutations(seed: 1, count: 500, maxSize: 4096) { XCTAssertLessThanOrEqual(bytes.count, 4096) }
    }

    /// The point of the mutator: long chains and deep nesting, which byte flips never build,
    /// and the compiler meets them with diagnostics, not a crash.
    func testItBuildsLongChainsAndDeepNestingThatTheCompilerSurvives() {
        let outputs = mutations(seed: 3, count: 300, maxSize: 1 << 20)
        let long = outputs.filter { $0.count > 20_000 }
        XCTAssertGreaterThan(long.count, 5, "some mutations repeat a link thousands of times")
        let deep = outputs.filter { bytes in
            var depth = 0, most = 0
            for b in bytes { if b == 0x28 || b == 0x7B || b == 0x5B { depth += 1; most = max(most, depth) } else if b == 0x29 || b == 0x7D || b == 0x5D { depth -= 1 } }
            return most > 500
        }
        XCTAssertFalse(deep.isEmpty, "some mutations nest hundreds deep")
        var rejected = 0
        for bytes in long.prefix(8) + deep.prefix(4) {
            let (program, diagnostics) = Compiler.compile(SourceFile(name: "m", text: String(decoding: bytes, as: UTF8.self)))
            if program == nil { XCTAssertFalse(diagnostics.isEmpty); rejected += 1 }
        }
        XCTAssertGreaterThan(rejected, 0)
    }
}
