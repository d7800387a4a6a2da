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
            if after == "```console" { continue }   // checked whole by the test below
            XCTAssertEqual(formatted.first, after)
        }
    }

    /// A ```wave-error block followed by a ```console block: the console block is exactly
    /// what the diagnostic printer shows for the script (as `t.wave`, without colour).
    func testDiagnosticsShownInTheGrammarAreWhatUsersSee() throws {
        let lines = try grammarText().components(separatedBy: "\n")
        var checked = 0
        var i = 0
        func block(at start: Int) -> (text: String, end: Int) {
            var k = start + 1, body: [String] = []
            while k < lines.count, lines[k] != "```" { body.append(lines[k]); k += 1 }
            return (body.joined(separator: "\n"), k)
        }
        while i < lines.count {
            if lines[i] == "```wave-error" {
                let script = block(at: i)
                if script.end + 1 < lines.count, lines[script.end + 1] == "```console" {
                    let shown = block(at: script.end + 1)
                    let file = SourceFile(name: "t.wave", text: script.text)
                    let (_, diags) = Compiler.compile(file)
                    XCTAssertEqual(DiagnosticFormatter(useColor: false).format(all: diags, in: file), shown.text + "\n")
                    checked += 1
                    i = shown.end
                }
            }
            i += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 2)
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

    // MARK: - The vocabulary table and grammar.md's tables agree

    /// The rows of the markdown table that follows `heading`, split into trimmed cells.
    func tableRows(after heading: String, in text: String) -> [[String]] {
        guard let start = text.range(of: heading) else { XCTFail("grammar.md lacks '\(heading)'"); return [] }
        var rows: [[String]] = []
        var inTable = false
        for line in text[start.upperBound...].components(separatedBy: "\n") {
            if line.hasPrefix("|") {
                inTable = true
                let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                if cells.first != "---", !cells.allSatisfy({ $0.hasPrefix("---") }) { rows.append(cells) }
            } else if inTable {
                break
            }
        }
        return Array(rows.dropFirst())   // the header
    }

    /// Backticked spans of a cell: "`none`; line: `black`" gives ["none", "black"].
    func code(_ cell: String) -> [String] {
        cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// What grammar.md says of one property.
    struct Documented { var kinds: Set<LayerKind>?; var aliases: [String]; var typeWords: Set<String>; var defaults: [String] }

    func documentedProperties() throws -> [String: Documented] {
        let text = try grammarText()
        var out: [String: Documented] = [:]
        func add(_ nameCell: String, _ typeCell: String, _ defaultCell: String, kinds: Set<LayerKind>?) {
            guard let name = code(nameCell).first else { return XCTFail("no property name in '\(nameCell)'") }
            if name == Vocabulary.maskClause { return }
            let aliases = nameCell.components(separatedBy: "also `").dropFirst().compactMap { $0.split(separator: "`").first.map(String.init) }
            let typeWords = Set(code(typeCell).flatMap { $0.split(separator: " ").map(String.init) })
            var doc = out[name] ?? Documented(kinds: kinds, aliases: aliases, typeWords: typeWords, defaults: code(defaultCell))
            if let k = kinds, out[name] != nil { doc.kinds = (doc.kinds ?? []).union(k) }
            out[name] = doc
        }
        for row in tableRows(after: "Properties of every layer", in: text) { add(row[0], row[1], row[2], kinds: nil) }
        for row in tableRows(after: "Properties of shapes", in: text) { add(row[0], row[1], row[2], kinds: LayerKind.shapes) }
        for row in tableRows(after: "Kind-specific properties", in: text) {
            let kinds = Set(row[0].split(separator: ",").compactMap { LayerKind(rawValue: $0.trimmingCharacters(in: .whitespaces)) })
            XCTAssertFalse(kinds.isEmpty, "unknown kind in '\(row[0])'")
            add(row[1], row[2], row[3], kinds: kinds)
        }
        return out
    }

    func testGrammarDocumentsExactlyTheVocabularysProperties() throws {
        var documented = try documentedProperties()
        for p in Property.allCases {
            guard let doc = documented.removeValue(forKey: p.rawValue) else { XCTFail("grammar.md §4 lacks property '\(p.rawValue)'"); continue }
            let spec = p.spec
            XCTAssertEqual(doc.kinds, spec.kinds, "kinds of '\(p.rawValue)'")
            XCTAssertEqual(doc.aliases, spec.aliases, "aliases of '\(p.rawValue)'")
            if !spec.words.isEmpty { XCTAssertEqual(doc.typeWords, Set(spec.words), "words of '\(p.rawValue)'") }
            // "`none`; line: `black`": the default, then per-kind defaults in table order.
            let kindDefaults = LayerKind.allCases.compactMap { spec.kindDefaults[$0] }
            XCTAssertEqual(doc.defaults, [spec.defaultText] + kindDefaults, "default of '\(p.rawValue)'")
        }
        XCTAssertEqual(Array(documented.keys), [], "grammar.md documents properties the vocabulary lacks")
    }

    func testGrammarListsTheVocabularysKindsSceneAndHyphenatedWords() throws {
        let text = try grammarText()
        let kinds = text.components(separatedBy: "Kinds: `").dropFirst().first?.split(separator: "`").first ?? ""
        XCTAssertEqual(kinds.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init), LayerKind.allCases.map(\.rawValue))
        let scene = tableRows(after: "## 4. The scene header and layers", in: text)
        XCTAssertEqual(scene.compactMap { code($0[0]).first }, SceneProperty.allCases.map(\.rawValue))
        let paragraph = text.components(separatedBy: "Hyphenated words are single identifiers").dropFirst().first?
            .components(separatedBy: "Everywhere else").first ?? ""
        XCTAssertEqual(Set(code(paragraph)), Vocabulary.hyphenatedWords)
    }
}
