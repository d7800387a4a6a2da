/// Binary operators by precedence level, lowest first (ternary `?:` sits below all of them).
let binaryLevels: [[String]] = [
    ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/"],
]

extension Parser {
    var canStartExpression: Bool { Parser.canStartExpression(current) }

    static func canStartExpression(_ token: Token) -> Bool {
        switch token.kind {
        case .number, .string, .color, .identifier, .size: return true
        case .punct(let p): return p == "(" || p == "[" || p == "-" || p == "!"
        case .error, .eof: return false
        }
    }

    /// expr -> logic_or ('?' expr ':' expr)?
    public mutating func parseExpression() -> Expr {
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maxDepth {
            error(.nestedTooDeeply, "expression nested too deeply (more than \(Parser.maxDepth) levels, counting the blocks around it)", at: current.range)
            let r = current.range
            skipExpressionTail()
            return Expr(.error, r)
        }
        let condition = parseBinary(level: 0)
        guard isPunct("?") else { return condition }
        advance()
        let a = parseExpression()
        if case .error = a.kind, diagnostics.last?.code == .nestedTooDeeply { return a }
        guard expectPunct(":", "in conditional expression") else { return Expr(.error, condition.range.to(previous.range)) }
        let b = parseExpression()
        return Expr(.ternary(condition, a, b), condition.range.to(b.range))
    }

    /// False (after reporting it and skipping the rest of the expression) when `e`, parsed
    /// `depth` levels down, makes the tree deeper than `maxDepth`. Links of a flat chain
    /// (`1 + 1 + …`, `a.b.c…`) count as levels: every later walk recurses once per link.
    mutating func withinDepth(_ e: Expr, at range: SourceRange) -> Bool {
        guard depth + e.height > Parser.maxDepth else { return true }
        error(.nestedTooDeeply, "expression nested too deeply (more than \(Parser.maxDepth) levels, counting the blocks around it; each operator of a chain counts as one)", at: range)
        skipExpressionTail()
        return false
    }

    /// Skips the rest of a too-deep expression: up to a brace, a line break or end of file.
    mutating func skipExpressionTail() {
        var parens = 0
        while !current.isEOF {
            if isPunct("(") || isPunct("[") { parens += 1 }
            if isPunct(")") || isPunct("]") { parens -= 1; if parens < 0 { return } }
            if parens == 0 && (isPunct("{") || isPunct("}") || current.newlineBefore && index > 0) { return }
            advance()
        }
    }

    /// Whether the current token starts `++` or `--` written against each other and ending a
    /// statement (a line break, `}`, `;` or the end of the file after it): C's increment.
    var isIncrement: Bool {
        guard case .punct(let op) = current.kind, op == "+" || op == "-", !current.newlineBefore,
              peek().isPunct(op), !peek().spaceBefore else { return false }
        let after = peek(2)
        return after.isEOF || after.newlineBefore || after.isPunct("}") || after.isPunct(";")
    }

    /// binary(level) -> binary(level+1) (OP binary(level+1))*
    mutating func parseBinary(level: Int) -> Expr {
        guard level < binaryLevels.count else { return parseUnary() }
        var lhs = parseBinary(level: level + 1)
        while case .punct(let op) = current.kind, binaryLevels[level].contains(op) {
            // A minus that starts a new line begins a new statement, not a subtraction.
            if op == "-" && current.newlineBefore { break }
            // `x++` / `x--` at the end of a statement: a statement's own target leaves it for
            // the statement to report and read as `x += 1`; anywhere else it is reported here
            // and ends the value, so the next line stays a statement of its own.
            if isIncrement, case .punct(let sign) = current.kind {
                if incrementTargetDepth == depth { break }
                error(.expectedToken, "wave has no '\(sign)\(sign)': change the variable in a statement of its own ('x \(sign)= 1')",
                      at: current.range.to(peek().range))
                advance()
                advance()
                break
            }
            let opRange = current.range
            advance()
            let rhs = parseBinary(level: level + 1)
            lhs = Expr(.binary(op, lhs, rhs), lhs.range.to(rhs.range))
            if !withinDepth(lhs, at: opRange) { return Expr(.error, lhs.range) }
        }
        return lhs
    }

    /// unary -> ('-' | '!') unary | postfix
    mutating func parseUnary() -> Expr {
        if isPunct("-") || isPunct("!") {
            let start = current.range
            let op = isPunct("-") ? "-" : "!"
            advance()
            depth += 1
            defer { depth -= 1 }
            if depth > Parser.maxDepth {
                error(.nestedTooDeeply, "expression nested too deeply (more than \(Parser.maxDepth) levels, counting the blocks around it)", at: start)
                skipExpressionTail()
                return Expr(.error, start)
            }
            let operand = parseUnary()
            return Expr(.unary(op, operand), start.to(operand.range))
        }
        return parsePostfix()
    }

    // The two reports below stay out of line: the expression parser recurses once a level,
    // and their strings would make every level's stack frame larger (a debug build must
    // still reach the nesting limit, `maxDepth`, before the stack runs out).

    /// `colours [index]`: an index written with a space, which makes it a list.
    @inline(never)
    mutating func reportSpacedIndex(_ e: Expr) {
        guard case .name(let n) = e.kind else { return }
        let gap = SourceRange(e.range.end, current.range.start)
        error(.expectedToken, "an index follows its name without a space: '\(n)[…]'; with the space it is a new list", at: current.range,
              help: "delete the space before '['", fix: .init(gap, ""))
        readAsMeant(at: current.range)
    }

    /// A '.' after `e` not followed by a name on its line: `animate card.` still being typed
    /// reports the missing name at the dot (the next line is its own statement); `a.(` and
    /// the like report what stands there instead.
    @inline(never)
    mutating func reportMissingMember(after e: Expr) -> Expr {
        if peek().isEOF || peek().newlineBefore {
            let dot = current.range
            advance()
            error(.expectedToken, "expected a property name after '.', found the end of the line", at: dot)
            return Expr(.error, e.range.to(dot))
        }
        if !peek().isPunct(".") {
            advance()
            error(.expectedToken, "expected a property name after '.', found \(current.describe)", at: current.range)
        }
        return e
    }

    /// A list's missing `close`, reported where it was expected with a note at the opener.
    @inline(never)
    mutating func reportUnclosed(close: String, opener: SourceRange) {
        let (line, column) = file.location(of: opener.start)
        let openText = close == ")" ? "(" : "["
        if case .error = current.kind { reportErrorToken() }
        let end = SourceRange(previous.range.end, previous.range.end)
        var itemFollows = false
        switch current.kind {
        case .number, .string, .color: itemFollows = !current.newlineBefore
        default: break   // a word may be the next property (`center (1, 2 radius 3`): the ')' is missing
        }
        if itemFollows {
            // `(50 50)`: the next item is already there, so the ',' between is what is missing.
            error(.expectedToken, "expected ',' between the items of '\(openText)…\(close)' at \(line):\(column), found \(current.describe)",
                  at: current.range, notes: [Diagnostic.Note("'\(openText)' opened here", opener)],
                  help: "add ',' before it", fix: .init(end, ","))
            return
        }
        error(.unclosedBracket, "expected '\(close)' to close '\(openText)' at \(line):\(column), found \(current.describe)", at: current.range,
              notes: [Diagnostic.Note("'\(openText)' opened here", opener)],
              help: "add '\(close)' after the last \(close == ")" ? "argument or coordinate" : "item")", fix: .init(end, close))
    }

    /// At '[': whether a single item and its ']' follow on this line (`[index]`, not `[a, b]`
    /// or `[]`).
    var isSingleIndexAhead: Bool {
        var i = index + 1, depth = 0
        guard i < tokens.count, !tokens[i].isPunct("]") else { return false }
        while i < tokens.count, !tokens[i].isEOF, !tokens[i].newlineBefore {
            let t = tokens[i]
            if t.isPunct("(") || t.isPunct("[") { depth += 1 }
            if t.isPunct(")") { depth -= 1 }
            if t.isPunct("]") { if depth == 0 { return true }; depth -= 1 }
            if t.isPunct(","), depth == 0 { return false }
            i += 1
        }
        return false
    }

    /// postfix -> primary ('.' IDENT | '[' expr ']')*   (no space before '[')
    mutating func parsePostfix() -> Expr {
        var e = parsePrimary()
        while true {
            if isPunct("["), current.spaceBefore, !current.newlineBefore, case .name = e.kind, isSingleIndexAhead { reportSpacedIndex(e) }
            if isPunct("["), !current.newlineBefore, !current.spaceBefore || diagnostics.last?.range == current.range {
                let open = current.range
                advance()
                let i = parseExpression()
                if !acceptPunct("]") {
                    let (line, column) = file.location(of: open.start)
                    error(.unclosedBracket, "expected ']' to close '[' at \(line):\(column), found \(current.describe)", at: current.range,
                          help: "add ']' after the index", fix: .init(SourceRange(previous.range.end, previous.range.end), "]"))
                    return Expr(.error, e.range.to(previous.range))
                }
                e = Expr(.index(e, i), e.range.to(previous.range))
                if !withinDepth(e, at: open) { return Expr(.error, e.range) }
                continue
            }
            // The name after a dot is on its line: `animate card.` typed above `layer card: …`
            // does not take the next line's keyword as a property.
            guard isPunct("."), let name = peek().identifier, !peek().newlineBefore else { break }
            advance()
            let id = Identifier(name, current.range)
            advance()
            e = Expr(.member(e, id), e.range.to(id.range))
            if !withinDepth(e, at: id.range) { return Expr(.error, e.range) }
        }
        if isPunct(".") { return reportMissingMember(after: e) }
        return e
    }

    /// primary -> NUMBER | STRING | COLOR | 'true' | 'false' | IDENT | call
    ///          | '(' expr (',' expr)* ')' | '[' (expr (',' expr)*)? ']'
    /// call -> IDENT '(' (arg (',' arg)*)? ')'   with no space before '('; arg -> expr expr?
    mutating func parsePrimary() -> Expr {
        let t = current
        switch t.kind {
        case .number(let v, let u):
            advance()
            return Expr(.number(v, u), t.range)
        case .size(let w, let h):
            advance()
            return Expr(.tuple([Expr(.number(Double(w), nil), t.range), Expr(.number(Double(h), nil), t.range)]), t.range)
        case .string(let s):
            advance()
            return Expr(.string(s), t.range)
        case .color(let r, let g, let b, let a):
            advance()
            return Expr(.color(r: r, g: g, b: b, a: a), t.range)
        case .identifier(var name):
            advance()
            if name == "true" || name == "false" { return Expr(.bool(name == "true"), t.range) }
            // `conic-gradient(…)`, `linear-gradiant(…)`: written like a hyphenated function,
            // it is one unknown function name, not a subtraction of two unknown names.
            var nameRange = t.range
            if isPunct("-"), !current.spaceBefore, let second = peek().identifier, !peek().spaceBefore,
               peek(2).isPunct("("), !peek(2).spaceBefore,
               second == "gradient" || Suggestion.best(for: name + "-" + second, among: Vocabulary.specialFunctions) != nil {
                advance()
                name += "-" + second
                nameRange = nameRange.to(current.range)
                advance()
                return parseCall(Identifier(name, nameRange))
            }
            if isPunct("("), !current.spaceBefore {
                return parseCall(Identifier(name, t.range))
            }
            return Expr(.name(name), t.range)
        case .punct("("):
            advance()
            let items = parseList(close: ")", opener: t.range, allowStops: false)
            if items.count == 1 { return Expr(items[0].kind, t.range.to(previous.range)) }
            return Expr(.tuple(items), t.range.to(previous.range))
        case .punct("["):
            advance()
            let items = parseList(close: "]", opener: t.range, allowStops: false)
            return Expr(.list(items), t.range.to(previous.range))
        case .error:
            reportErrorToken()
            return Expr(.error, t.range)
        default:
            if t.isPunct("+") || t.isPunct("*") || t.isPunct("/"), previous.isPunct("="), previous.range.end == t.range.start,
               case let op = file.text(of: t.range) {
                // `x =+ 1`: the operator written after the '=' instead of before it.
                let both = previous.range.to(t.range)
                error(.expectedToken, "'=\(op)' is not an operator: did you mean '\(op)='?", at: both, help: "write '\(op)='",
                      fix: .init(both, op + "="))
            } else {
                error(.expectedToken, "expected a value, found \(t.describe)", at: t.range)
            }
            return Expr(.error, t.range)
        }
    }

    mutating func parseCall(_ name: Identifier) -> Expr {
        let open = current.range
        advance()
        // CSS's linear() gives a point two positions (`0.5 25% 75%`): one more location.
        let args = parseList(close: ")", opener: open, allowStops: true, secondLocation: name.name == "linear")
        return Expr(.call(name, args), name.range.to(previous.range))
    }

    /// CSS's centre, `30deg at (0.5, 0.5)` or `from 30deg at center`: kept whole in the
    /// stop, for the compiler to explain (wave gives the centre as an argument). Apart from
    /// `parseList`, which nests deeply and keeps its frame small.
    @inline(never)
    mutating func cssCentre(after stop: Expr, close: String) -> Expr {
        var item = stop
        if current.identifier == "at", !current.newlineBefore {
            let at = parseExpression()
            item = Expr(.stop(item, at), item.range.to(at.range))
        }
        guard case .stop(_, let last) = item.kind, case .name("at") = last.kind else { return item }
        while canStartExpression, !isPunct(","), !isPunct(close), !current.newlineBefore {
            let before = index
            let position = parseExpression()
            item = Expr(.stop(item, position), item.range.to(position.range))
            if index == before { break }   // nothing read (too deep): stop here
        }
        return item
    }

    /// A second position after a point's first in CSS's `linear(…)` (`0.5 25% 75%`), if one
    /// follows. Apart from `parseList`, as `cssCentre` is.
    @inline(never)
    mutating func anotherLocation(after stop: Expr, close: String) -> Expr {
        guard canStartExpression, !isPunct(","), !isPunct(close), !current.newlineBefore else { return stop }
        let location = parseExpression()
        return Expr(.stop(stop, location), stop.range.to(location.range))
    }

    /// Comma-separated expressions up to `close`. A missing closer is reported at the
    /// opener's position as well as where it was expected.
    mutating func parseList(close: String, opener: SourceRange, allowStops: Bool, secondLocation: Bool = false) -> [Expr] {
        var items: [Expr] = []
        if acceptPunct(close) { return items }
        while true {
            var item = parseExpression()
            if allowStops, canStartExpression, !isPunct(","), !isPunct(close), !current.newlineBefore {
                let location = parseExpression()
                item = Expr(.stop(item, location), item.range.to(location.range))
                // CSS's `to bottom right`: one more word, for the compiler to explain.
                if case .stop(let head, _) = item.kind, case .name("to") = head.kind, current.identifier != nil, !current.newlineBefore {
                    let corner = parseExpression()
                    item = Expr(.stop(item, corner), item.range.to(corner.range))
                }
                item = cssCentre(after: item, close: close)
                if secondLocation { item = anotherLocation(after: item, close: close) }
            }
            items.append(item)
            if acceptPunct(",") { continue }
            if acceptPunct(close) { return items }
            reportUnclosed(close: close, opener: opener)
            return items
        }
    }
}
