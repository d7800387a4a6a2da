import Foundation
import WaveCompiler
import WaveSyntax

/// The TextMate grammar of `.wave` files (editors/vscode/syntaxes/wave.tmLanguage.json),
/// generated from the vocabulary so its word lists cannot drift: `wave lsp --grammar`
/// prints it, and a test checks the file in the repository is exactly this.
public enum TextMateGrammar {
    /// The word lists the grammar colours, by scope.
    public static var wordLists: [(scope: String, words: [String])] {
        let keywords = Set(CompletionWords.keywords).subtracting(["true", "false"])
        // The labels of statements and of `replicate` (the clause table's); a mask's and the
        // path commands' labels are left to the other lists.
        let labels = [ClauseOwner.animate, .spring, .effect, .group, .replicate].flatMap { $0.labels.map(\.label.rawValue) }
        let properties = Set(Vocabulary.clauseHeads).union(labels).union(Vocabulary.emitterKeys)
            .subtracting(keywords).subtracting(LayerKind.allCases.map(\.rawValue))
        // `ease` is the clause word; `ease ease` colours the second as a keyword too.
        let curves = Set(TimingCurveName.allCases.map(\.rawValue)).union(StepPosition.allCases.map(\.rawValue)).subtracting(keywords)
        let functions = Set(CompletionWords.functions)
        var constants = Set(Property.allCases.flatMap(\.spec.words)).union(FillMode.allCases.map(\.rawValue))
            .union(KeyframeMode.allCases.map(\.rawValue)).union(EffectKind.allCases.map(\.rawValue))
            .union(GradientDirection.allCases.map(\.rawValue)).union(PathCommand.allCases.map(\.rawValue))
            .union(MotionRotation.allCases.map(\.rawValue)).union(Vocabulary.emitterShapes)
        // A function name is also a word when no `(` follows (`cap round`).
        constants.subtract(properties.union(curves).union(keywords).union(LayerKind.allCases.map(\.rawValue)))
        return [
            ("keyword.control.wave", keywords.sorted()),
            ("constant.language.boolean.wave", ["false", "true"]),
            ("storage.type.layer-kind.wave", LayerKind.allCases.map(\.rawValue).sorted()),
            ("support.constant.curve.wave", curves.sorted()),
            ("variable.other.property.wave", properties.sorted()),
            ("support.function.wave", functions.sorted()),
            ("support.constant.color.wave", CompletionWords.colorNames),
            ("support.constant.word.wave", constants.subtracting(CompletionWords.colorNames).sorted()),
        ]
    }

    /// A regular expression matching exactly these words, whole (words may hold `-`).
    static func alternation(_ words: [String]) -> String {
        // Longest first, so `ease-in-out` wins over `ease`.
        let sorted = words.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        return "(?<![\\w-])(?:" + sorted.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|") + ")(?![\\w-])"
    }

    public static func json() -> String {
        let units = NumberUnit.allCases.map(\.rawValue).sorted { $0.count > $1.count }
            .map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        var patterns: [JSON] = [
            ["name": "comment.line.double-slash.wave", "match": "//.*$"],
            ["name": "constant.other.color.wave", "match": "#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})(?![\\w])"],
            ["name": "comment.line.number-sign.wave", "match": "#.*$"],
            ["name": "string.quoted.double.wave", "begin": "\"", "end": "\"|$",
             "patterns": [["name": "constant.character.escape.wave", "match": "\\\\(?:u\\{[0-9a-fA-F]+\\}|.)"]]],
            ["name": "constant.numeric.size.wave", "match": "\\b[0-9]+x[0-9]+\\b"],
            ["match": "(?<![\\w#])([0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)(\(units))?(?![\\w])",
             "captures": ["1": ["name": "constant.numeric.wave"], "2": ["name": "keyword.other.unit.wave"]]],
        ]
        // Names by their place, whatever word they are: the member after `.` is a property
        // (`icon.path`), a declaration's name is a name (`layer line: line`), and a line
        // layer's `from` and `to` are its properties, not `animate`'s keywords.
        let name = "[A-Za-z_][\\w-]*"
        patterns.append(["match": "(\\.)(\(name))", "captures": ["2": ["name": "variable.other.property.wave"]]])
        patterns.append(["match": "(?<![\\w-])(rotate)\\s+(auto)(?![\\w-])",
                         "captures": ["1": ["name": "variable.other.property.wave"], "2": ["name": "keyword.control.wave"]]])
        patterns.append(["match": "(?<![\\w-])(layer|template|var|let|func)\\s+(\(name))",
                         "captures": ["1": ["name": "keyword.control.wave"], "2": ["name": "entity.name.wave"]]])
        patterns.append(["begin": "(?<![\\w-])(line)(?=\\s*\\{)", "end": "\\}",
                         "beginCaptures": ["1": ["name": "storage.type.layer-kind.wave"]],
                         "patterns": [["name": "variable.other.property.wave", "match": "(?<![\\w.-])(?:from|to)(?![\\w-])"],
                                      ["include": "$self"]]])
        // `effect NAME KIND`: the kind is a word even where it is also a label (`bounce`).
        patterns.append(["match": "(?<![\\w-])(effect)\\s+([A-Za-z_]\\w*)\\s+(" + alternation(EffectKind.allCases.map(\.rawValue)) + ")",
                         "captures": ["1": ["name": "keyword.control.wave"], "3": ["name": "support.constant.word.wave"]]])
        for (scope, words) in wordLists {
            // Functions only when called: `round(x)`, but `cap round`.
            let lookahead = scope == "support.function.wave" ? "(?=\\s*\\()" : ""
            // A kind word is a name as an argument or before `.`: `text-width(line, line.x)`.
            let asName = scope == "storage.type.layer-kind.wave" ? ("(?<![(,]|[(,]\\s)", "(?!\\s*[,.)\\]])") : ("", "")
            patterns.append(["name": scope, "match": asName.0 + alternation(words) + lookahead + asName.1])
        }
        patterns.append(["name": "keyword.operator.wave", "match": "->|&&|\\|\\||[-+*/]=?|[<>!=]=?|\\?|:"])
        let grammar: JSON = [
            "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
            "name": "wave",
            "scopeName": "source.wave",
            "fileTypes": ["wave"],
            "comment": "Generated by `wave lsp --grammar` from the vocabulary table; do not edit by hand.",
            "patterns": patterns,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: grammar, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
