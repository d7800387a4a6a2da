import WaveCompiler
import WaveSyntax

/// Rename and document highlight: every occurrence of a declared name (a layer, template,
/// variable, function or parameter), found by `SymbolIndex` as go-to-definition and
/// find-references find them, so a local that hides a global of the same spelling is
/// renamed alone.
enum Renaming {
    struct Refusal: Error { var message: String }

    /// The name at `offset` and its range, when it is a declared name.
    static func prepare(_ analysis: Analysis, offset: Int) -> (range: SourceRange, name: String)? {
        let symbols = analysis.symbols
        guard let d = symbols.definition(at: offset) else { return nil }
        let holds = { (r: SourceRange) in r.start <= offset && offset <= r.end }
        guard let range = symbols.occurrences(of: d).first(where: holds) else { return nil }
        return (range, d.name)
    }

    /// The ranges to replace with `newName`; throws when the new name is not a name, is a
    /// word of the language, or is already declared where the old one is seen.
    static func ranges(_ analysis: Analysis, offset: Int, newName: String) throws -> [SourceRange] {
        let symbols = analysis.symbols
        guard let d = symbols.definition(at: offset) else { throw Refusal(message: "nothing to rename here: put the cursor on a declared name") }
        guard isName(newName) else { throw Refusal(message: "'\(newName)' is not a name: a letter or '_', then letters, digits or '_'") }
        if reserved.contains(newName) { throw Refusal(message: "'\(newName)' is a word of the language: choose another name") }
        if newName != d.name {
            let clash = d.scope == nil ? symbols.definitions[newName]
                : symbols.definition(of: newName, at: d.nameRange.start).flatMap { $0.scope == d.scope ? $0 : nil }
            if let clash {
                let line = analysis.file.location(of: clash.nameRange.start).line
                throw Refusal(message: "'\(newName)' is already declared (line \(line)): choose another name")
            }
        }
        return symbols.occurrences(of: d)
    }

    /// The declaration (written) and uses (read) of the name at `offset`.
    static func highlights(_ analysis: Analysis, offset: Int) -> [(range: SourceRange, write: Bool)] {
        let symbols = analysis.symbols
        guard let d = symbols.definition(at: offset) else { return [] }
        return symbols.occurrences(of: d).map { ($0, $0 == d.nameRange) }
    }

    /// Statement keywords, layer kinds and built-in names, which a declared name must not be.
    static let reserved: Set<String> = Set(CompletionWords.keywords).union(LayerKind.allCases.map(\.rawValue))
        .union(CompletionWords.functions).union(["true", "false", "pi", "width", "height", "tick", "time"])

    /// A name as the lexer reads one: a letter or `_`, then letters, digits or `_` (a `-`
    /// would read as a minus: only the language's own words hold one).
    static func isName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
