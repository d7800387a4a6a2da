extension Parser {
    /// statement -> scene | variable | layer | timer | animate | spring | group | effect
    ///            | if | spawn | remove | stop | assignment | expression
    mutating func parseStatement() -> Stmt? {
        let start = current.range
        if case .error = current.kind { reportErrorToken(); synchronize(); return nil }
        guard let word = current.identifier else { return parseSimpleStatement() }
        switch word {
        case "scene": return parseScene()
        case "let", "var": return parseVariable()
        case "layer", "template":
            guard let decl = parseLayer() else { return nil }
            return Stmt(.layer(decl), decl.range)
        case "every", "at", "after": return parseTimer()
        case "animate", "spring": return parseAnimate().map { Stmt(.animate($0), $0.range) }
        case "sequence", "parallel":
            let kind = Identifier(word, start)
            advance()
            let args = parseArgs(Vocabulary.groupLabels, context: word)
            let body = parseBlock(word)
            return Stmt(.animationGroup(kind: kind, args: args, body: body), start.to(previous.range))
        case "effect": return parseEffect()
        case "if": return parseIf()
        case "spawn": return parseSpawn()
        case "remove":
            advance()
            var target: Expr? = nil
            if !current.newlineBefore, canStartExpression, !atStrongToken, !isPunct("}") { target = parseExpression() }
            return Stmt(.remove(target), start.to(previous.range))
        case "stop":
            advance()
            return Stmt(.stop, start)
        default:
            return parseSimpleStatement()
        }
    }

    /// scene -> 'scene' SIZE? ('{' clause* '}')?
    mutating func parseScene() -> Stmt {
        let start = current.range
        advance()
        var size: Expr? = nil
        if case .size(let w, let h) = current.kind {
            size = Expr(.tuple([Expr(.number(Double(w), nil), current.range), Expr(.number(Double(h), nil), current.range)]), current.range)
            advance()
        } else if case .error = current.kind {
            reportErrorToken()
        } else if isPunct("-"), case .size(let w, let h) = peek().kind, !current.newlineBefore {
            // `scene -1x5` would otherwise be a scene of the default size and a stray `-1x5`.
            error(.outOfRange, "scene size -\(w)x\(h) is out of range: a side cannot be negative", at: current.range.to(peek().range))
            advance(); advance()
        } else if !current.newlineBefore, !current.isEOF, !isPunct("{"), !isPunct(";") {
            error(.expectedToken, "expected a scene size such as 320x240 or '{' after 'scene', found \(current.describe)", at: current.range)
            synchronize()
        }
        var clauses: [Clause] = []
        if isPunct("{") { clauses = parseClauseBlock(owner: "scene", kind: "scene") }
        return Stmt(.scene(size: size, clauses: clauses), start.to(previous.range))
    }

    /// variable -> ('let' | 'var') IDENT '=' expr
    mutating func parseVariable() -> Stmt? {
        let start = current.range
        let isMutable = isWord("var")
        advance()
        guard let name = expectIdentifier("a variable name after '\(isMutable ? "var" : "let")'") else { synchronize(); return nil }
        guard expectPunct("=", "after '\(name.name)' in its declaration") else { synchronize(); return nil }
        let value = parseExpression()
        return Stmt(.variable(isMutable: isMutable, name: name, value: value), start.to(previous.range))
    }

    /// timer -> 'every' ('tick' | expr 'ticks' | expr) block | ('at' | 'after') expr block
    mutating func parseTimer() -> Stmt? {
        let start = current.range
        guard let word = current.identifier, let kind = TimerKind(rawValue: word) else { return nil }
        advance()
        var time: Expr? = nil
        var countsTicks = false
        if kind == .every && isWord("tick") {
            advance()
        } else {
            time = parseExpression()
            if kind == .every && (isWord("ticks") || isWord("tick")) { advance(); countsTicks = true }
        }
        let body = parseBlock("\(word)")
        let timer = Timer(kind: kind, time: time, countsTicks: countsTicks, body: body, range: start.to(previous.range))
        return Stmt(.timer(timer), timer.range)
    }

    /// animate -> 'animate' target (',' target)* anim_arg* ('then' then_clause)?
    /// spring  -> 'spring' target (',' target)* spring_arg* ('{' clause* '}')? ('then' then_clause)?
    mutating func parseAnimate() -> Animate? {
        let start = current.range
        let isSpring = isWord("spring")
        advance()
        var targets: [Expr] = []
        repeat {
            let t = parseExpression()
            targets.append(t)
        } while acceptPunct(",")
        let labels = isSpring ? Vocabulary.springLabels : Vocabulary.animateLabels
        var args = parseArgs(labels, context: isSpring ? "spring" : "animate")
        if isSpring && isPunct("{") && !current.newlineBefore {
            for c in parseClauseBlock(owner: "spring", kind: "spring") {
                args.append(Arg(label: c.head, values: c.value.map { [$0] } ?? []))
            }
        }
        var then: [Stmt]? = nil
        if isWord("then") {
            advance()
            if isPunct("{") { then = parseBlock("then") }
            else if enterChainLink("'then' chain") {
                defer { depth -= 1 }
                if let s = parseStatement() { then = [s] }
            }
        }
        return Animate(isSpring: isSpring, targets: targets, args: args, then: then, range: start.to(previous.range))
    }

    /// Enters one more level for a link of a statement chain (`else if`, `then animate`).
    /// Past `maxDepth` it reports the chain, skips the rest of it and returns false
    /// (leaving `depth` as it was); otherwise the caller must leave the level again.
    mutating func enterChainLink(_ what: String) -> Bool {
        depth += 1
        // A link holds at least an expression and a block: leave room for them, so the
        // chain, not its last link's contents, is what gets reported.
        guard depth + 3 > Parser.maxDepth else { return true }
        depth -= 1
        error(.nestedTooDeeply, "\(what) too long (more than \(Parser.maxDepth) levels of nesting)", at: current.range)
        synchronize()
        return false
    }

    /// effect -> 'effect' expr IDENT effect_arg*
    mutating func parseEffect() -> Stmt? {
        let start = current.range
        advance()
        let layer = parseExpression()
        guard let name = expectIdentifier("an effect name (typewriter, shine, fade, wave, …)") else { synchronize(); return nil }
        let args = parseArgs(Vocabulary.effectLabels, context: "effect")
        return Stmt(.effect(layer: layer, name: name, args: args), start.to(previous.range))
    }

    /// if -> 'if' expr block ('else' (if | block))?
    mutating func parseIf() -> Stmt? {
        let start = current.range
        advance()
        let condition = parseExpression()
        if case .error = condition.kind, diagnostics.last?.code == .nestedTooDeeply {
            synchronize()   // the rest of a too-deep statement would only repeat the error
            return nil
        }
        let body = parseBlock("if")
        var elseBody: [Stmt]? = nil
        if isWord("else") {
            advance()
            if isWord("if") {
                // Each link of an `else if` chain nests one level, like a block.
                guard enterChainLink("'else if' chain") else { return Stmt(.ifElse(condition: condition, then: body, else: nil), start.to(previous.range)) }
                defer { depth -= 1 }
                if let s = parseIf() { elseBody = [s] }
            } else {
                elseBody = parseBlock("else")
            }
        }
        return Stmt(.ifElse(condition: condition, then: body, else: elseBody), start.to(previous.range))
    }

    /// spawn -> 'spawn' IDENT placement? block?
    mutating func parseSpawn() -> Stmt? {
        let start = current.range
        advance()
        guard let name = expectIdentifier("a template name after 'spawn'") else { synchronize(); return nil }
        let placement = parsePlacement()
        var body: [Stmt] = []
        if isPunct("{") { body = parseBlock("spawn \(name.name)") }
        return Stmt(.spawn(template: name, placement: placement, body: body), start.to(previous.range))
    }

    /// placement -> ('below' | 'above') IDENT
    mutating func parsePlacement() -> Placement? {
        if isWord("below") || isWord("above") {
            let below = isWord("below")
            advance()
            guard let target = expectIdentifier("a layer name after '\(below ? "below" : "above")'") else { return nil }
            return below ? .below(target) : .above(target)
        }
        return nil
    }

    /// assignment -> target ('=' | '+=' | '-=' | '*=' | '/=') expr ; expression statement otherwise
    mutating func parseSimpleStatement() -> Stmt? {
        let start = current.range
        guard canStartExpression else {
            error(.expectedToken, "expected a statement, found \(current.describe)", at: current.range)
            advance()
            synchronize()
            return nil
        }
        let target = parseExpression()
        if case .punct(let op) = current.kind, ["=", "+=", "-=", "*=", "/="].contains(op) {
            advance()
            let value = parseExpression()
            return Stmt(.assign(target: target, op: op, value: value), start.to(previous.range))
        }
        return Stmt(.expression(target), start.to(previous.range))
    }

    /// arg -> LABEL value{n}, with n from the table; stops at the first word that is not a label.
    mutating func parseArgs(_ labels: [String: Int], context: String) -> [Arg] {
        var args: [Arg] = []
        while let w = current.identifier, let count = labels[w], !(current.newlineBefore && Parser.statementKeywords.contains(w)) {
            let label = Identifier(w, current.range)
            advance()
            var values: [Expr] = []
            for _ in 0..<count {
                guard canStartExpression, !isPunct("{") || w == "then" else {
                    error(.missingValue, "'\(w)' in '\(context)' needs a value, found \(current.describe)", at: label.range)
                    break
                }
                values.append(parseExpression())
            }
            args.append(Arg(label: label, values: values))
        }
        return args
    }
}
