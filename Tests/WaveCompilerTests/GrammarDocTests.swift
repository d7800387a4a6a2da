import Foundation
import XCTest
import WaveSyntax
@testable import WaveCompiler

/// grammar.md is the spec: every ```wave block in it must compile without errors, and every
/// ```wave-error block must fail with the message quoted on the line after it.
final class GrammarDocTests: XCTestCase {
    func blocks(_ fence: String, in text: String) -> [(code: String, after: String)] {
        var out: [(String, String)] = []
        let lines = text.components(separatedBy: "\n")
        var i = 0
        while i < lines.count {
            if lines[i] == "```" + fence {
                var code: [String] = []
                i += 1
                while i < lines.count, lines[i] != "```" { code.append(lines[i]); i += 1 }
                out.append((code.joined(separator: "\n"), i + 1 < lines.count ? lines[i + 1] : ""))
            }
            i += 1
        }
        return out
    }

    func grammarText() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("grammar.md"), encoding: .utf8)
    }

    func testEveryWaveBlockCompiles() throws {
        let examples = blocks("wave", in: try grammarText())
        XCTAssertGreaterThanOrEqual(examples.count, 12)
        for (code, _) in examples {
            let (program, diags) = Compiler.compile(SourceFile(name: "t.wave", text: code))
            XCTAssertNotNil(program, "grammar.md block failed:\n\(code)\n\(diags)")
        }
    }

    func testEveryErrorBlockFailsWithItsMessage() throws {
        let examples = blocks("wave-error", in: try grammarText())
        XCTAssertFalse(examples.isEmpty)
        for (code, after) in examples {
            let file = SourceFile(name: "t.wave", text: code)
            let (program, diags) = Compiler.compile(file)
            XCTAssertNil(program)
            let formatted = diags.map { d -> String in
                let (l, c) = file.location(of: d.range.start)
                return "`t.wave:\(l):\(c): error[\(d.code.code)]: \(d.message)`"
            }
            XCTAssertEqual(formatted.first, after)
        }
    }

    func testTheEBNFNamesEveryStatementKeyword() throws {
        let text = try grammarText()
        for keyword in Parser.statementKeywords { XCTAssertTrue(text.contains("'\(keyword)'"), "grammar.md's EBNF lacks '\(keyword)'") }
        for p in Property.allCases { XCTAssertTrue(text.contains("`\(p.rawValue)`"), "grammar.md does not document property '\(p.rawValue)'") }
    }

    /// §9's catalogue table lists every diagnostic code with its name and meaning, and
    /// nothing else: `| `E0202` | `unknown-property` | meaning |`.
    func testTheDiagnosticCatalogueIsDocumented() throws {
        var documented: [String: (name: String, meaning: String)] = [:]
        for line in try grammarText().components(separatedBy: "\n") where line.hasPrefix("| `E") || line.hasPrefix("| `W") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else { XCTFail("malformed catalogue row: \(line)"); continue }
            let code = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            XCTAssertNil(documented[code], "\(code) is documented twice")
            documented[code] = (cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[2])
        }
        for code in DiagnosticCode.allCases {
            guard let doc = documented.removeValue(forKey: code.code) else { XCTFail("grammar.md §9 lacks \(code.code) \(code.name)"); continue }
            XCTAssertEqual(doc.name, code.name, "name of \(code.code)")
            XCTAssertEqual(doc.meaning, code.entry.meaning, "meaning of \(code.code)")
        }
        XCTAssertEqual(Array(documented.keys), [], "grammar.md documents codes the catalogue lacks")
    }
}
