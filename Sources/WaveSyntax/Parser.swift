/// Recursive-descent parser. It never stops at the first error: each mistake is reported once,
/// and recovery skips to a strong token (a statement keyword starting a line, or a closing
/// brace) so one typo gives one diagnostic. Every loop proves progress.
public struct Parser {
    var tokens: TokenList
    var index = 0
    public internal(set) var diagnostics: [Diagnostic] = []
    let file: SourceFile
    var depth = 0
    /// While a statement's target is parsed, the expression depth at its top: there a `++`
    /// or `--` ends the expression, for the statement to report (`x++`).
    var incrementTargetDepth: Int? = nil
    /// Whether the script has more '{' than '}' (`leavesBracesOpen`), once asked. (Last, in
    /// the padding after the optional above: a larger parser overflowed the stack of a debug
    /// build at the deepest nesting allowed.)
    var bracesOpenAtEnd: Bool? = nil

    /// Deepest nesting of expressions and blocks accepted before reporting an error instead
    /// of recursing further (protects the stack from hostile input).
    public static let maxDepth = 200

    /// Words that start a statement. After an error the parser skips to one of these.
    public static let statementKeywords: Set<String> = Set(StatementKeyword.allCases.map(\.rawValue))
    /// Words that start a declaration; they are only valid at the top level of a script.
    static let declarationKeywords: Set<String> = Set(StatementKeyword.allCases.filter(\.isDeclaration).map(\.rawValue))

    public init(file: SourceFile, meter: WorkMeter = WorkMeter()) {
        self.file = file
        self.tokens = TokenList(Lexer.tokenize(file), meter: meter)
    }

    /// A file holding one expression and nothing else (the vocabulary's default texts);
    /// nil if it does not parse cleanly.
    public static func standaloneExpression(_ file: SourceFile) -> Expr? {
        var p = Parser(file: file)
        let e = p.parseExpression()
        return p.diagnostics.isEmpty && p.current.isEOF ? e : nil
    }

    /// script -> statement* EOF
    public static func parse(_ file: SourceFile, meter: WorkMeter = WorkMeter()) -> Script {
        var p = Parser(file: file, meter: meter)
        var statements: [Stmt] = []
        while !p.current.isEOF {
            let before = p.index
            if p.acceptPunct(";") { continue }   // an optional statement separator
            if p.current.isPunct("}") {
                // A run of stray braces is one mistake: one error, at the first.
                var run = p.current.range
                while p.current.isPunct("}") { run = run.to(p.current.range); p.advance() }
                p.error(.unexpectedClose, "unexpected '}' with no open block", at: run,
                        help: "delete it, or add the '{' it should close", fix: .init(run, ""))
                continue
            }
            if let s = p.parseStatement() { statements.append(s) }
            if p.index == before { p.advance() }   // progress guarantee
        }
        return Script(file: file, statements: statements, diagnostics: p.diagnostics)
    }

    // MARK: - Token access

    public var current: Token { tokens[index] }
    func peek(_ k: Int = 1) -> Token { tokens[min(index + k, tokens.count - 1)] }
    var previous: Token { tokens[max(0, index - 1)] }

    mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    mutating func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [],
                        help: String? = nil, fix: Diagnostic.FixIt? = nil) {
        // One error per spot: a second error at the same place is a cascade.
        if let last = diagnostics.last, last.severity == .error, last.range.start == range.start { return }
        diagnostics.append(Diagnostic.error(code, message, at: range, notes: notes).with(help: help, fix: fix))
    }

    /// Marks the error just reported at `range` as read as its fix (`Diagnostic.readAsMeant`).
    mutating func readAsMeant(at range: SourceRange) {
        guard let last = diagnostics.indices.last, diagnostics[last].range.start == range.start else { return }
        diagnostics[last].readAsMeant = true
    }

    /// Reports a word that is not in `valid` (an unknown label or block key) with the closest
    /// valid word as did-you-mean and fix-it, or the valid words when they are few.
    /// The message reads "\(what) 'word' \(place)" and then the suggestion.
    mutating func unknownWord(_ code: DiagnosticCode, _ what: String, _ word: Identifier, _ place: String, valid: [String]) {
        let head = "\(what) '\(word.name)' \(place)"
        if let s = Suggestion.best(for: word.name, among: valid) {
            error(code, "\(head); did you mean '\(s)'?", at: word.range,
                  help: "replace '\(word.name)' with '\(s)'", fix: .init(word.range, s))
        } else {
            error(code, head + (valid.count <= Suggestion.maxListed ? Suggestion.listing(valid.sorted()) : ""), at: word.range)
        }
    }

    /// Reports `word` (at `range`), another tool's name for wave's `meant`, with the fix that
    /// renames it: "unknown WHAT 'word'PLACE; wave calls it 'meant'". The caller reads the
    /// word as `meant`, so nothing cascades.
    mutating func calledOtherwise(_ code: DiagnosticCode, _ what: String, _ word: String, at range: SourceRange, place: String = "",
                                  meant: String) {
        error(code, "unknown \(what) '\(word)'\(place); wave calls it '\(meant)'", at: range,
              help: "replace '\(word)' with '\(meant)'", fix: .init(range, meant))
        readAsMeant(at: range)
    }

    /// Reports a lexer error token once and steps over it.
    mutating func reportErrorToken() {
        if case .error(let code, let m) = current.kind { error(code, m, at: current.range) }
        advance()
    }

    func isWord(_ w: String) -> Bool { current.isWord(w) }
    func isWord(_ w: StatementWord) -> Bool { current.isWord(w.rawValue) }
    func isPunct(_ p: String) -> Bool { current.isPunct(p) }

    mutating func acceptWord(_ w: String) -> Bool {
        if isWord(w) { advance(); return true }
        return false
    }
    mutating func acceptPunct(_ p: String) -> Bool {
        if isPunct(p) { advance(); return true }
        return false
    }

    mutating func expectIdentifier(_ what: String) -> Identifier? {
        if let name = current.identifier {
            let id = Identifier(name, current.range)
            advance()
            return id
        }
        if case .error = current.kind { reportErrorToken(); return nil }
        error(.expectedToken, "expected \(what), found \(current.describe)", at: current.range)
        return nil
    }

    mutating func expectPunct(_ p: String, _ context: String) -> Bool {
        if acceptPunct(p) { return true }
        if case .error = current.kind { reportErrorToken(); return false }
        error(.expectedToken, "expected '\(p)' \(context), found \(current.describe)", at: current.range)
        return false
    }

    /// True when the current token is a statement keyword that begins a line: the strong
    /// token recovery stops at.
    var atStrongToken: Bool { Parser.isStrong(current, at: index) }

    /// Whether `token`, at index `i`, is a statement keyword that begins a line.
    static func isStrong(_ token: Token, at i: Int) -> Bool {
        guard let w = token.identifier, statementKeywords.contains(w) else { return false }
        return token.newlineBefore || i == 0
    }

    /// Skips to the next strong token, `}` or end of file, without consuming it.
    mutating func synchronize() {
        if let stop = tokens.syncPoint(from: index) { index = stop; return }
        var nesting = 0
        while !current.isEOF {
            if isPunct("{") { nesting += 1 }
            if isPunct("}") {
                if nesting == 0 { return }
                nesting -= 1
            }
            if nesting == 0, atStrongToken { return }
            advance()
        }
    }

    // MARK: - Blocks

    /// block -> '{' statement* '}'
    mutating func parseBlock(_ owner: String) -> [Stmt] {
        let open = current.range
        guard expectPunct("{", "to open the body of '\(owner)'") else { synchronize(); _ = acceptPunct("}"); return [] }
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maxDepth {
            error(.nestedTooDeeply, "blocks nested too deeply (more than \(Parser.maxDepth) levels)", at: open)
            skipToClose()
            return []
        }
        var body: [Stmt] = []
        var closes: Bool? = nil   // whether this block's '}' comes before the end of the file
        while !isPunct("}") {
            if current.isEOF {
                unclosedBlock("unclosed '{' of '\(owner)': expected '}' before the end of the file", at: open, help: "add '}' to close it", fix: .init(SourceRange(current.range.start, current.range.start), "}\n"))
                return body
            }
            if let w = current.identifier, Parser.declarationKeywords.contains(w), current.newlineBefore {
                // A declaration inside a block that is closed later is misplaced (the compiler
                // says so); inside one never closed, the '}' is what is missing.
                if closes == nil { closes = blockCloses() }
                if closes == false {
                    unclosedBlock("unclosed '{' of '\(owner)': expected '}' before this declaration", at: open, notes: [.init("'\(w)' declarations belong at the top level", current.range)],
                          help: "add '}' before '\(w)'", fix: .init(SourceRange(current.range.start, current.range.start), "}\n"))
                    return body
                }
            }
            if acceptPunct(";") { continue }
            let before = index
            if let s = parseStatement() { body.append(s) }
            if index == before { advance() }
        }
        advance()
        return body
    }

    /// Whether the block being parsed is closed before the end of the file (a `}` ahead of
    /// the current token, braces balanced in between). One look-up in a table made with the
    /// tokens: a scan to the end of the file for each block left open was quadratic.
    func blockCloses() -> Bool { tokens.closesOpenBlock(from: index) }

    /// Skips a balanced `{ … }` after an error inside it.
    mutating func skipToClose() {
        var nesting = 1
        while !current.isEOF {
            if isPunct("{") { nesting += 1 }
            if isPunct("}") { nesting -= 1; if nesting == 0 { advance(); return } }
            advance()
        }
    }
}

extension Parser {
    /// Reports the '{' at `open` left open (the parser stands where its '}' was due). When a
    /// '}' after it starts its line to the left of the line holding the '{' it closes, that
    /// '}' was most likely meant for an outer block, and the inner block is the one missing
    /// its '}': the one error goes there, with the '}' to add before that line. Otherwise it
    /// is `message` at `open`.
    mutating func unclosedBlock(_ message: String, at open: SourceRange, notes: [Diagnostic.Note] = [], help: String? = nil, fix: Diagnostic.FixIt? = nil) {
        guard let (closer, opener) = misindentedCloser(after: open) else {
            error(.unclosedBracket, message, at: open, notes: notes, help: help, fix: fix)
            return
        }
        let head = tokens.lineHead(of: opener, in: file)
        let owner: String
        if let w = tokens[head].identifier, w == "layer" || w == "template", let name = tokens[min(head + 1, opener)].identifier {
            owner = "layer '\(name)'"
        } else {
            owner = "'\(tokens[head].identifier ?? file.text(of: tokens[head].range))'"
        }
        let (line, column) = file.location(of: tokens[closer].range.start)
        let indent = String(repeating: " ", count: file.location(of: tokens[head].range.start).column - 1)
        let lineStart = file.base + file.lineStarts[line - 1]
        error(.unclosedBracket, "unclosed '{' of \(owner): expected '}' before line \(line), whose '}' at \(line):\(column) lines up with an outer block "
              + "but closes this one", at: tokens[opener].range,
              help: "add '}' on a line of its own before line \(line)", fix: .init(SourceRange(lineStart, lineStart), indent + "}\n"))
    }

    /// For a '{' left open: the first '}' after it that starts its line to the left of the
    /// line holding the '{' it closes, and that '{' (token indices).
    func misindentedCloser(after open: SourceRange) -> (closer: Int, opener: Int)? {
        guard let first = tokens.index(startingAt: open.start) else { return nil }
        var openers: [Int] = []
        for i in (first + 1)..<max(first + 1, index) {
            let t = tokens[i]
            if t.isPunct("{") {
                openers.append(i)
            } else if t.isPunct("}") {
                guard let opener = openers.popLast() else { return nil }
                guard t.newlineBefore else { continue }
                let head = tokens.lineHead(of: opener, in: file)
                if file.location(of: t.range.start).column < file.location(of: tokens[head].range.start).column { return (i, opener) }
            }
        }
        return nil
    }
}
