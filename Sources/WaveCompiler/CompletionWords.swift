import WaveSyntax

/// What can be typed where: the completion candidates the REPL's Tab and the language
/// server's `textDocument/completion` both offer, read from the one vocabulary table.
public enum CompletionWords {
    /// Words that are neither statement keywords nor vocabulary rows but read as keywords:
    /// the keyword labels of the clause table (each followed by the words its value may be,
    /// `repeat forever`), the other statement words (`then`, placement, timer words), `every`
    /// and the boolean literals.
    public static let clauseWords: [String] = {
        let labels = ClauseLabel.keywords.flatMap { [$0.rawValue] + $0.valueWords(in: .animate) }
        return labels + StatementWord.allCases.map(\.rawValue).filter { !labels.contains($0) } + ["every", "true", "false"]
    }()

    /// Statement keywords and clause words, sorted.
    public static var keywords: [String] { Array(Set(Parser.statementKeywords).union(clauseWords)).sorted() }

    public static var layerKinds: [String] { LayerKind.allCases.map(\.rawValue) }
    public static var curveNames: [String] { TimingCurveName.allCases.map(\.rawValue) + EasingFunction.allCases.map(\.rawValue) }
    public static var functions: [String] {
        Builtin.allCases.map(\.rawValue) + Vocabulary.specialFunctions.filter { Builtin(rawValue: $0) == nil }
    }
    public static var colorNames: [String] { namedColors.keys.sorted() }
    public static var units: [String] { NumberUnit.allCases.map(\.rawValue) }

    /// The properties a layer of `kind` has, in table order.
    public static func properties(of kind: LayerKind) -> [Property] {
        Property.allCases.filter { $0.applies(to: kind) }
    }

    /// Words for a statement or an expression: keywords, kinds, curves, functions, and the
    /// script's own layer and variable names. Sorted, without repeats.
    public static func statementWords(layerNames: [String], variableNames: [String]) -> [String] {
        Array(Set(keywords + layerKinds + TimingCurveName.allCases.map(\.rawValue) + Builtin.allCases.map(\.rawValue)
                  + layerNames + variableNames)).sorted()
    }

    /// `name.member` completions: the properties of the layer `base` names (nil when it is
    /// not a layer of `environment`).
    public static func members(of base: String, in environment: Environment) -> [Property]? {
        guard let index = environment.layer(named: base) else { return nil }
        return properties(of: environment.layers[index].kind)
    }

    /// `name.member` completions for a variable or `let` holding a point or a rectangle:
    /// its components (`x`, `y`, `width`, `height`); nil when `base` names none.
    public static func components(of base: String, in environment: Environment) -> [String]? {
        let type = environment.lets[base]?.type ?? environment.global(named: base).map { environment.globals[$0].type }
        guard let names = type?.componentNames, !names.isEmpty else { return nil }
        return names
    }
}
