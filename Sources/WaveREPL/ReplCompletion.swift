import WaveCompiler
import WaveSyntax

/// What Tab offers at the prompt: `:commands`, file names after the commands that take one,
/// words `:help` explains, properties after `layer.` and inside a layer's body (a block
/// still being typed over several lines included), and otherwise keywords, kinds,
/// functions and the session's own names.
enum ReplCompletion {
    /// Candidates for the word `text` being completed, with `before` everything typed
    /// before it in the input (the open block's earlier lines, then the line up to the word).
    static func candidates(for text: String, before: String, session: ReplSession) -> [String] {
        let line = before.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        let command = line.split(separator: " ").first.map(String.init)
        if let command, ReplController.fileCommands.contains(command), line.contains(" ") {
            return ReplController.fileCandidates(for: text)
        }
        if let command, ReplController.helpCommands.contains(command), line.contains(" ") {
            return ReplController.helpTopics(session: session)
        }
        if (line + text).hasPrefix(":") && !line.contains(" ") {
            return ReplController.commandNames
        }
        let environment = session.environment
        if let dot = text.lastIndex(of: ".") {
            let base = String(text[..<dot])
            if let components = CompletionWords.components(of: base, in: environment) {
                return components.map { base + "." + $0 }
            }
            guard let members = CompletionWords.members(of: base, in: environment) else { return [] }
            return members.map { base + "." + $0.rawValue }
        }
        let names = environment.layerNames + environment.variableNames
        if let kind = layerBody(before: before) {
            // A property (or a clause of the body), or a value naming something of the session.
            var words = CompletionWords.properties(of: kind).map(\.rawValue) + [Vocabulary.maskClause]
            if kind == .group { words += [StatementKeyword.layer.rawValue, Vocabulary.replicateClause] }
            if kind == .path { words += Parser.pathCommands }
            return Array(Set(words + names + Builtin.allCases.map(\.rawValue))).sorted()
        }
        return CompletionWords.statementWords(layerNames: environment.layerNames, variableNames: environment.variableNames)
    }

    /// The kind of the layer whose body the end of `text` is in (`layer q: circle { fi`), or
    /// nil at the top level or in any other block.
    static func layerBody(before text: String) -> LayerKind? {
        let tokens = Lexer.tokenize(SourceFile(name: "", text: text))
        var open: [LayerKind?] = []   // per open '{': the kind for a layer body, nil for another block
        var lastBrace = -1
        for (i, t) in tokens.enumerated() {
            if t.isPunct("{") {
                open.append(layerKind(tokens, brace: i, after: lastBrace))
                lastBrace = i
            } else if t.isPunct("}") {
                _ = open.popLast()
                lastBrace = i
            }
        }
        return open.last ?? nil
    }

    /// The kind of the layer whose body the `{` at `brace` opens, when `layer|template NAME
    /// … : KIND` stands after the previous brace; nil for any other block.
    static func layerKind(_ tokens: [Token], brace: Int, after lastBrace: Int) -> LayerKind? {
        guard let start = (max(0, lastBrace + 1)..<brace).last(where: { tokens[$0].isWord("layer") || tokens[$0].isWord("template") }),
              let colon = (start..<brace).first(where: { tokens[$0].isPunct(":") }), colon + 1 < brace else { return nil }
        return tokens[colon + 1].identifier.flatMap(LayerKind.init(rawValue:))
    }
}
