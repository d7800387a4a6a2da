import WaveCompiler
import WaveSyntax

/// `textDocument/semanticTokens/full`: the real lexer's tokens and comments, each given a
/// type from the vocabulary and the script's own declarations.
enum SemanticTokens {
    /// The legend, in index order.
    enum TokenType: Int, CaseIterable {
        case keyword, type, property, variable, function, number, string, comment, `operator`, enumMember, `class`

        var name: String { self == .operator ? "operator" : self == .class ? "class" : "\(self)" }
    }

    static var legend: JSON { ["tokenTypes": TokenType.allCases.map(\.name), "tokenModifiers": [String]()] }

    private static let keywords = Set(CompletionWords.keywords)
    private static let enumWords: Set<String> = {
        var w = Set(TimingCurveName.allCases.map(\.rawValue))
        w.formUnion(Property.allCases.flatMap(\.spec.words))
        w.formUnion(namedColors.keys)
        w.formUnion(FillMode.allCases.map(\.rawValue))
        w.formUnion(KeyframeMode.allCases.map(\.rawValue))
        w.formUnion(EffectKind.allCases.map(\.rawValue))
        w.formUnion(GradientDirection.allCases.map(\.rawValue))
        w.formUnion(StepPosition.allCases.map(\.rawValue))
        return w
    }()
    private static let functions = Set(CompletionWords.functions)
    /// The statements whose clause labels read as properties (`stiffness 300`, `spin-range 1`).
    static let labelOwners: [ClauseOwner] = [.animate, .spring, .effect, .group, .replicate]

    /// The type of each token and comment, in source order, as (range, type).
    static func classify(_ analysis: Analysis) -> [(SourceRange, TokenType)] {
        let (tokens, comments) = analysis.lexed
        let definitions = analysis.symbols.definitions
        var out: [(SourceRange, TokenType)] = []
        var c = 0
        // The blocks open at each token, to read a path body's commands as commands.
        var blocks: [CursorContext.Block] = [], lastBrace = -1
        for (i, t) in tokens.enumerated() {
            while c < comments.count, comments[c].range.start < t.range.start { out.append((comments[c].range, .comment)); c += 1 }
            if t.isPunct("{") {
                blocks.append(CursorContext.opener(tokens, brace: i, after: lastBrace))
                lastBrace = i
            } else if t.isPunct("}") {
                _ = blocks.popLast()
                lastBrace = i
            }
            let type: TokenType?
            switch t.kind {
            case .number, .size, .color: type = .number
            case .string: type = .string
            case .punct(let p): type = "{}()[],;:.".contains(p) ? nil : .operator
            case .error, .eof: type = nil
            case .identifier(let w):
                let afterDot = i > 0 && tokens[i - 1].isPunct(".")
                let starts = t.newlineBefore || i == 0 || tokens[i - 1].isPunct("{") || tokens[i - 1].isPunct(";")
                let inPath = blocks.last == .layer(.path)
                if afterDot { type = Property.named(w) != nil ? .property : .variable }
                else if inPath, PathCommand(rawValue: w) != nil, starts || Completion.endsValue(tokens[i - 1]) {
                    // `move (0, 0)  line (10, 0)  close` on one line: each word a command
                    // wherever it stands, as the editors' grammar scopes it (a word of the
                    // vocabulary; `line`, `circle`, `rect` … as the layer kinds they also are).
                    type = LayerKind(rawValue: w) != nil ? .type : .enumMember
                }
                else if i >= 2, tokens[i - 2].isWord("effect"), EffectKind(rawValue: w) != nil { type = .enumMember }
                // `layer l: text {`: the kind after the name's ':' (`text` is a property too).
                else if LayerKind(rawValue: w) != nil, i >= 1, tokens[i - 1].isPunct(":"), SemanticTokens.declaresLayer(tokens, before: i - 1) {
                    type = .type
                }
                // A line layer's `from (x, y)  to (x, y)` are its properties.
                else if blocks.last == .layer(.line), w == "from" || w == "to" { type = .property }
                else if let d = definitions[w], !(starts && Vocabulary.clauseHeads.contains(w)) {
                    type = d.kind == .layer || d.kind == .template ? .class : d.kind == .function ? .function : .variable
                }
                else if keywords.contains(w) && !(starts && Vocabulary.clauseHeads.contains(w)) { type = .keyword }
                // `rotate auto`: the word is the clause's keyword, not a name.
                else if w == "auto", i >= 1, tokens[i - 1].isWord("rotate") { type = .keyword }
                else if Vocabulary.clauseHeads.contains(w) || Vocabulary.emitterKeys.contains(w)
                    || ClauseLabel(rawValue: w).map({ label in SemanticTokens.labelOwners.contains { $0.takes(label) } }) == true {
                    type = .property
                }
                else if LayerKind(rawValue: w) != nil { type = .type }
                else if functions.contains(w) && i + 1 < tokens.count && tokens[i + 1].isPunct("(") { type = .function }
                else if enumWords.contains(w) { type = .enumMember }
                else { type = .variable }
            }
            if let type { out.append((t.range, type)) }
        }
        out += comments[c...].map { ($0.range, .comment) }
        return out
    }

    /// Whether the statement holding `tokens[colon]` (a ':') starts with `layer` or
    /// `template` on its line: `layer w[3]: text`, `template t(size = 3): circle`.
    static func declaresLayer(_ tokens: [Token], before colon: Int) -> Bool {
        var k = colon
        while k > 0, !tokens[k].newlineBefore { k -= 1 }
        return tokens[k].isWord("layer") || tokens[k].isWord("template")
    }

    /// The LSP encoding: five integers a token, positions relative to the previous token.
    /// A token spanning lines (none does today) is cut at its first line's end.
    /// With `within`, only the tokens that overlap it (`semanticTokens/range`: an editor asks
    /// for what is on screen); positions stay relative to the file's start.
    static func encode(_ analysis: Analysis, _ mapper: PositionMapper, in within: SourceRange? = nil) -> [Int] {
        var data: [Int] = []
        var lastLine = 0, lastStart = 0
        for (range, type) in classify(analysis) {
            if let w = within, range.end <= w.start || range.start >= w.end { continue }
            let s = mapper.position(of: range.start)
            var e = mapper.position(of: range.end)
            if e.line != s.line { e = mapper.position(of: min(range.end, lineEnd(analysis.file, s.line))) }
            let length = e.character - s.character
            guard length > 0 else { continue }
            data += [s.line - lastLine, s.line == lastLine ? s.character - lastStart : s.character, length, type.rawValue, 0]
            lastLine = s.line
            lastStart = s.character
        }
        return data
    }

    static func lineEnd(_ file: SourceFile, _ line: Int) -> Int {
        line + 1 < file.lineStarts.count ? file.lineStarts[line + 1] - 1 : file.bytes.count
    }
}
