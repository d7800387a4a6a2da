import Foundation
import XCTest
import WaveSyntax
@testable import WaveCompiler

/// The clause table (Sources/WaveSyntax/ClauseTable.swift) and grammar.md agree: the EBNF's
/// `anim_arg`, `spring_arg` and `group` rules, the `effect` and `replicate` forms, the path
/// commands' forms, `mask`'s row and the paragraph of timing curves name exactly the table's
/// labels, value counts, value words, curves and control points, both ways.
final class ClauseTableTests: XCTestCase {
    func grammarText() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("grammar.md"), encoding: .utf8)
    }

    // MARK: - Reading grammar.md

    /// The rules of the ```ebnf block by name, each body on one line, comments dropped.
    func ebnfRules(_ text: String) -> [String: String] {
        guard let open = text.range(of: "```ebnf\n"), let close = text[open.upperBound...].range(of: "\n```") else {
            XCTFail("grammar.md has no ```ebnf block")
            return [:]
        }
        var rules: [String: String] = [:]
        var current: String? = nil
        for var line in text[open.upperBound..<close.lowerBound].components(separatedBy: "\n") {
            while let c = line.range(of: "(*"), let e = line[c.upperBound...].range(of: "*)") { line.removeSubrange(c.lowerBound..<e.upperBound) }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if !line.hasPrefix(" "), parts.count == 2, parts[0].allSatisfy({ $0.isLetter || $0 == "_" }) {
                current = parts[0]
                rules[parts[0]] = parts[1]
            } else if let name = current {
                rules[name, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        return rules.mapValues { body in
            var b = body.trimmingCharacters(in: .whitespaces)
            if b.hasSuffix(";") { b.removeLast() }
            return b.trimmingCharacters(in: .whitespaces)
        }
    }

    /// Items of an EBNF body: quoted literals (`'over'`), symbols (`expr`), and the
    /// punctuation `( ) | * + ?` each on its own.
    func ebnfItems(_ body: String) -> [String] {
        var items: [String] = []
        var i = body.startIndex
        while i < body.endIndex {
            let c = body[i]
            if c == "'" {
                let end = body[body.index(after: i)...].firstIndex(of: "'") ?? body.endIndex
                items.append(String(body[i...min(end, body.index(before: body.endIndex))]))
                i = end < body.endIndex ? body.index(after: end) : end
            } else if "()|*+?".contains(c) {
                items.append(String(c))
                i = body.index(after: i)
            } else if c.isWhitespace {
                i = body.index(after: i)
            } else {
                var j = i
                while j < body.endIndex, !body[j].isWhitespace, !"()|*+?'".contains(body[j]) { j = body.index(after: j) }
                items.append(String(body[i..<j]))
                i = j
            }
        }
        return items
    }

    func quoted(_ item: String) -> String? {
        item.count >= 2 && item.hasPrefix("'") && item.hasSuffix("'") ? String(item.dropFirst().dropLast()) : nil
    }

    /// What a rule of labelled arguments (`anim_arg = 'from' expr | ( 'over' | 'duration' ) expr | 'autoreverse' …`)
    /// says of each label: how many values follow it (0 or 1) and the words its value may be.
    struct DocumentedLabel: Equatable { var values: Int; var words: [String] }

    func labelRule(_ body: String) -> [String: DocumentedLabel] {
        // Split at the top-level '|'.
        var alternatives: [[String]] = [[]]
        var depth = 0
        for item in ebnfItems(body) {
            if item == "(" { depth += 1 }
            if item == ")" { depth -= 1 }
            if item == "|" && depth == 0 { alternatives.append([]); continue }
            alternatives[alternatives.count - 1].append(item)
        }
        var out: [String: DocumentedLabel] = [:]
        for alternative in alternatives {
            // The labels: a literal, or a parenthesised choice of literals; then the value.
            var labels: [String] = [], rest = ArraySlice(alternative)
            if let first = alternative.first, let label = quoted(first) {
                labels = [label]
                rest = alternative.dropFirst()
            } else if alternative.first == "(", let close = alternative.firstIndex(of: ")") {
                labels = alternative[1..<close].compactMap(quoted)
                rest = alternative[(close + 1)...]
            }
            XCTAssertFalse(labels.isEmpty, "an alternative without a label: \(alternative)")
            let doc = DocumentedLabel(values: rest.isEmpty ? 0 : 1, words: rest.compactMap(quoted))
            for label in labels {
                XCTAssertNil(out[label], "'\(label)' is documented twice")
                out[label] = doc
            }
        }
        return out
    }

    /// The labels of a written form (`effect LAYER NAME over D [delay D] …`,
    /// `arc (cx, cy) radius r from a0 to a1 [clockwise]`) after its first `skip` words, with
    /// how many values each takes: a label is a lower-case word of two letters or more, a
    /// value any other word or parenthesised group.
    func formLabels(_ form: String, skip: Int) -> [String: Int] {
        var words: [String] = []
        var depth = 0, word = ""
        for c in form where c != "[" && c != "]" {
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1 }
            if c.isWhitespace && depth == 0 {
                if !word.isEmpty { words.append(word); word = "" }
            } else {
                word.append(c)
            }
        }
        if !word.isEmpty { words.append(word) }
        var out: [String: Int] = [:]
        var last: String? = nil
        for w in words.dropFirst(skip) {
            if w.count >= 2, w.allSatisfy({ $0.isLowercase || $0 == "-" }) {
                XCTAssertNil(out[w], "'\(w)' is written twice in '\(form)'")
                out[w] = 0
                last = w
            } else if let l = last {
                out[l, default: 0] += 1
            }
        }
        return out
    }

    /// Backticked spans of a piece of markdown.
    func codeSpans(_ text: Substring) -> [Substring] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// The table's labels of `owner` that grammar.md documents, with their value counts.
    func tableLabels(_ owner: ClauseOwner) -> [String: Int] {
        owner.arities.filter { !owner.undocumented.contains(ClauseLabel(rawValue: $0.key)!) }
    }

    // MARK: - The checks

    func testTheEBNFRulesNameExactlyTheTablesLabels() throws {
        let rules = ebnfRules(try grammarText())
        for (owner, rule) in [(ClauseOwner.animate, "anim_arg"), (.spring, "spring_arg")] {
            guard let body = rules[rule] else { XCTFail("grammar.md's EBNF has no '\(rule)'"); continue }
            let documented = labelRule(body)
            let expected = Dictionary(uniqueKeysWithValues: tableLabels(owner).map { label, values in
                (label, DocumentedLabel(values: values, words: ClauseLabel(rawValue: label)!.valueWords(in: owner)))
            })
            for (label, doc) in expected.sorted(by: { $0.key < $1.key }) {
                XCTAssertEqual(documented[label], doc, "'\(label)' of \(owner.word): grammar.md's \(rule) and the clause table differ")
            }
            let extra = Set(documented.keys).subtracting(expected.keys)
            XCTAssertEqual(extra, [], "grammar.md's \(rule) has labels the clause table lacks for \(owner.word)")
        }
        // group = ( 'sequence' | 'parallel' ) ( ( 'stagger' | 'delay' ) expr )* '{' … '}'
        let group = try XCTUnwrap(rules["group"], "grammar.md's EBNF has no 'group'")
        let groupWords = Set(ebnfItems(group).compactMap(quoted).filter { $0.first?.isLetter == true })
            .subtracting(Parser.statementKeywords)
        XCTAssertEqual(groupWords, Set(tableLabels(.group).keys), "grammar.md's group rule and the clause table differ")
    }

    func testTheEffectAndReplicateFormsNameExactlyTheTablesLabels() throws {
        let text = try grammarText()
        let spans = codeSpans(text[...])
        for (owner, start, skip) in [(ClauseOwner.effect, "effect LAYER NAME ", 3), (.replicate, "replicate N ", 2)] {
            guard let form = spans.first(where: { $0.hasPrefix(start) }) else { XCTFail("grammar.md has no form '\(start)…'"); continue }
            XCTAssertEqual(formLabels(String(form), skip: skip), tableLabels(owner), "grammar.md's '\(form)' and the clause table differ")
        }
    }

    func testThePathCommandFormsAndTheMaskRowNameExactlyTheTablesLabels() throws {
        let text = try grammarText()
        guard let table = text.range(of: "| command | form |") else { return XCTFail("grammar.md has no table of path commands") }
        let rows = text[table.upperBound...].components(separatedBy: "\n").dropFirst(2).prefix { $0.hasPrefix("|") }
        var forms: [String: String] = [:]
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let form = codeSpans(cells[1][...]).first,
                  let command = PathCommand(rawValue: String(form.prefix { $0 != " " })) else { continue }
            forms[command.rawValue] = String(form)
        }
        XCTAssertEqual(Set(forms.keys), Set(PathCommand.allCases.map(\.rawValue)), "grammar.md's path commands")
        for command in PathCommand.allCases {
            guard let form = forms[command.rawValue] else { continue }
            XCTAssertEqual(formLabels(form, skip: 1), ClauseOwner.path(command).arities, "labels of '\(form)'")
        }
        // | `mask` | layer name, then optionally `inverted` | … |
        let maskRow = try XCTUnwrap(text.components(separatedBy: "\n").first { $0.hasPrefix("| `\(Vocabulary.maskClause)` |") })
        let maskCells = maskRow.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(Set(codeSpans(maskCells[1][...]).map(String.init)), Set(ClauseOwner.mask.arities.keys), "mask's labels")
        XCTAssertEqual(ClauseOwner.mask.arities.values.sorted(), [0])
    }

    /// "Timing curves: `linear`, `ease-in` (0.42, 0, 1, 1), … `default` and `ease` (0.25, …),
    /// `cubic-bezier(x1, y1, x2, y2)` (…), and `steps(n[, jump-start|…])`": the names and
    /// their control points, the curve functions and the step positions.
    func testTheTimingCurvesParagraphNamesExactlyTheTablesCurves() throws {
        let text = try grammarText()
        guard let start = text.range(of: "Timing curves: ") else { return XCTFail("grammar.md has no 'Timing curves:' paragraph") }
        // Up to the form of `steps` (the prose after it speaks of CSS's words and examples).
        var paragraph = text[start.upperBound...].components(separatedBy: "\n\n")[0][...]
        if let steps = paragraph.range(of: "`" + EasingFunction.steps.rawValue + "("),
           let close = paragraph[steps.upperBound...].firstIndex(of: "`") {
            paragraph = paragraph[..<paragraph.index(after: close)]
        }
        var names: [String: [Double]?] = [:], functions: [String: String] = [:], pending: [String] = []
        let pieces = paragraph.split(separator: "`", omittingEmptySubsequences: false)
        for k in stride(from: 1, to: pieces.count, by: 2) {
            let span = String(pieces[k]), after = k + 1 < pieces.count ? pieces[k + 1] : ""
            if let open = span.firstIndex(of: "(") {
                functions[String(span[..<open])] = span
                continue
            }
            pending.append(span)
            if after.hasPrefix(" ("), let close = after.firstIndex(of: ")") {
                let numbers = after[after.index(after.startIndex, offsetBy: 2)..<close].split(separator: ",")
                    .compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                for n in pending { names[n] = numbers }
                pending = []
            } else if !after.hasPrefix(" and ") {
                for n in pending { names[n] = .some(nil) }
                pending = []
            }
        }
        XCTAssertEqual(Set(names.keys), Set(TimingCurveName.allCases.map(\.rawValue)), "grammar.md's timing curves")
        for curve in TimingCurveName.allCases {
            guard let documented = names[curve.rawValue] else { continue }
            let points = curve.controlPoints.map { [$0.x1, $0.y1, $0.x2, $0.y2] }
            XCTAssertEqual(documented, points, "control points of '\(curve.rawValue)'")
        }
        XCTAssertEqual(functions, Dictionary(uniqueKeysWithValues: EasingFunction.allCases.map { ($0.rawValue, $0.form) }),
                       "grammar.md's curve functions")
    }

    func testStatementWordsAreInTheirRulesAndEveryLabelHasAnOwner() throws {
        let rules = ebnfRules(try grammarText())
        for word in StatementWord.allCases {
            let body = try XCTUnwrap(rules[word.grammarRule], "grammar.md's EBNF has no '\(word.grammarRule)'")
            XCTAssertTrue(ebnfItems(body).contains("'\(word.rawValue)'"), "grammar.md's \(word.grammarRule) lacks '\(word.rawValue)'")
        }
        for label in ClauseLabel.allCases {
            XCTAssertTrue(ClauseOwner.allCases.contains { $0.takes(label) }, "'\(label.rawValue)' belongs to no statement or clause")
        }
        for owner in [ClauseOwner.animate, .spring] {
            for (label, _) in owner.labels { XCTAssertNotNil(label.meaning(in: owner), "'\(label.rawValue)' of \(owner.word) has no meaning") }
        }
        XCTAssertEqual(Set(Timing.named.keys), Set(TimingCurveName.allCases.map(\.rawValue)))
    }
}
