import WaveSyntax

/// Where a cursor sits, read from the tokens before it (the script may be half typed and
/// not parse): the innermost open block, and where in its clause the cursor is.
struct CursorContext {
    enum Block: Equatable {
        case topLevel
        /// The body of `layer NAME: KIND { … }` or a template.
        case layer(LayerKind?)
        case scene
        /// The key block of `emit TEMPLATE { … }`.
        case emit
        /// The key block of `spring TARGET … { … }`.
        case spring
        /// Any other block: handlers, `if`, `spawn`, `sequence`.
        case code
    }

    var block: Block = .topLevel
    /// The cursor starts a clause of a layer or scene body (first word on its line, or
    /// right after `{` or `;`).
    var startsClause = false
    /// The head word of the clause the cursor is in, when it is not the first word.
    var clauseHead: String?
    /// The token just before the word being typed.
    var previous: Token?
    /// The token before `previous`.
    var beforePrevious: Token?

    /// The context at `offset`, where the word being typed (if any) starts at `wordStart`.
    /// `lineBreakBefore`: a line break lies between the previous token and the word.
    init(tokens: [Token], wordStart: Int, lineBreakBefore: Bool) {
        var stack: [Block] = []
        var lastBrace = -1
        var i = 0
        var clauseHead: String?
        var clauseStart = true
        while i < tokens.count, tokens[i].range.end <= wordStart {
            let t = tokens[i]
            if t.newlineBefore || t.isPunct(";") { clauseStart = true }
            if t.isPunct("{") {
                stack.append(CursorContext.opener(tokens, brace: i, after: lastBrace))
                lastBrace = i
                clauseStart = true
                clauseHead = nil
            } else if t.isPunct("}") {
                _ = stack.popLast()
                lastBrace = i
                clauseStart = true
                clauseHead = nil
            } else if clauseStart, !t.isPunct(";") {
                clauseHead = t.identifier
                clauseStart = false
            } else if let w = t.identifier, Vocabulary.clauseHeads.contains(w), i > 0, !tokens[i - 1].isPunct("."),
                      stack.last != nil, stack.last != .code {
                // Clauses of a layer or scene body may share a line: `radius 10  fill red`.
                clauseHead = w
            }
            i += 1
        }
        block = stack.last ?? .topLevel
        previous = i > 0 ? tokens[i - 1] : nil
        beforePrevious = i > 1 ? tokens[i - 2] : nil
        // Does the word being typed start a new clause?
        startsClause = clauseStart || lineBreakBefore || previous == nil
        self.clauseHead = startsClause ? nil : clauseHead
    }

    /// What the `{` at `brace` opens: a layer body when `layer|template NAME : KIND` comes
    /// after the previous brace.
    static func opener(_ tokens: [Token], brace: Int, after lastBrace: Int) -> Block {
        var k = brace - 1
        while k > lastBrace {
            let t = tokens[k]
            if t.isWord("layer") || t.isWord("template") {
                // `template NAME(params): KIND {`: past the parameters to the colon.
                var colon = k + 2
                if colon < brace, tokens[colon].isPunct("(") {
                    var depth = 0
                    repeat {
                        if tokens[colon].isPunct("(") { depth += 1 } else if tokens[colon].isPunct(")") { depth -= 1 }
                        colon += 1
                    } while colon < brace && depth > 0
                }
                if colon + 1 < brace, tokens[colon].isPunct(":") {
                    return .layer(tokens[colon + 1].identifier.flatMap(LayerKind.init(rawValue:)))
                }
                return .layer(nil)
            }
            if t.isWord("scene") { return .scene }
            if t.isWord(.then) { return .code }   // `spring … then { … }`: statements
            if t.isWord("emit") { return .emit }
            if t.isWord("spring") { return .spring }
            k -= 1
        }
        return .code
    }
}
