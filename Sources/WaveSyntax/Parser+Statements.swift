extension Parser {
    /// statement -> scene | variable | layer | timer | animate | spring | group | effect
    ///            | if | spawn | remove | stop | assignment | expression
    mutating func parseStatement() -> Stmt? {
        let start = current.range
        if case .error = current.kind { reportErrorToken(); synchronize(); return nil }
        // `var a = 1 s`: the statement before ended at the number; its unit, written apart,
        // is that mistake, not a statement naming an unknown 's'.
        if !current.newlineBefore, reportDetachedUnit() { return nil }
        if case .color = current.kind, !peek().newlineBefore, peek().identifier != nil {
            // `#cafe note`: a comment missing its space (a colour alone is W0011's, and the
            // REPL prints one).
            colourMeantAsComment()
            return nil
        }
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
            let args = parseArgs(.group, context: word)
            let body = parseBlock(word)
            return Stmt(.animationGroup(kind: kind, args: args, body: body), start.to(previous.range))
        case "effect": return parseEffect()
        case "if": return parseIf()
        case "spawn": return parseSpawn()
        case "emit": return parseEmit()
        case "for": return parseFor()
        case "func": return parseFunction()
        case "remove":
            advance()
            var target: Expr? = nil
            if !current.newlineBefore, canStartExpression, !atStrongToken, !isPunct("}") { target = parseExpression() }
            return Stmt(.remove(target), start.to(previous.range))
        case "stop":
            advance()
            return Stmt(.stop, start)
        default:
            if startsNoStatement { return parseUnknownStatement() }
            return parseSimpleStatement()
        }
    }

    /// Words of other languages that wave does not have, with what to use instead.
    static let missingFeatures: [String: String] = [
        "while": "to loop over numbers use 'for i in 0..<n { … }'; to repeat over time while a condition holds, 'every tick { if … { … } }' ('stop' halts the whole scene)",
        "loop": "to loop over numbers use 'for i in 0..<n { … }'; to repeat over time, 'every' or 'animate … repeat'",
        "repeat": "'repeat' is a label of 'animate' and 'sequence' ('animate x to 1 over 1s repeat 3')",
        "fn": "a user function is declared with 'func name(a, b) = expression'",
        "function": "a user function is declared with 'func name(a, b) = expression'",
        "def": "a user function is declared with 'func name(a, b) = expression'",
        "return": "a function is one expression, which is its value ('func name(a, b) = expression'); 'stop' ends the running timer",
        "else": "'else' must follow the '}' of an 'if' block",
        "then": "'then' follows an animation: 'animate x to 1 over 1s then { … }'",
        "import": "a script is one file; wave has no 'import'",
        "const": "declare constants with 'let'",
        "keyframes": "an animation's keyframes go in its 'animate': 'animate L.P values [a, b, c] times [0, 0.4, 1] over D' (CSS's percentages are the times)",
        "transition": "wave has no implicit transitions: animate each change, 'animate L.P to V over D' (or 'spring L.P to V')",
    ].merging(["elif", "elsif", "elseif"].map { ($0, "wave writes it 'else if' ('if a { … } else if b { … }')") }) { a, _ in a }

    /// A word starting a line's statement that cannot begin an expression statement: a word
    /// followed, on the same line, by a value or '{' with no operator between (`evry 1s { }`,
    /// `for i in …`). Assignments and calls (`x = 1`, `f(x)`) never match.
    var startsNoStatement: Bool {
        guard let w = current.identifier else { return false }
        if Parser.missingFeatures[w] != nil { return true }
        let next = peek()
        guard !next.newlineBefore, next.spaceBefore else { return false }
        switch next.kind {
        case .number, .string, .color, .size, .identifier: return true
        case .punct(let p): return p == "{"
        case .error, .eof: return false
        }
    }

    /// unknown_statement -> IDENT …  (reported once; the rest of the statement is skipped)
    mutating func parseUnknownStatement() -> Stmt? {
        let word = Identifier(current.identifier ?? "", current.range)
        let keywords = Parser.statementKeywords.sorted()
        if word.name == StatementWord.then.rawValue, previous.isPunct("}"), !current.newlineBefore {
            // `sequence { … } then { … }`: a group has no 'then'; its last animation's does.
            error(.unknownStatement, "'then' follows an animation ('animate x to 1 over 1s then { … }'), once; a 'sequence' or 'parallel' "
                  + "group has none: put it on the animation inside that ends last", at: word.range)
        } else if previous.isPunct("}"), !current.newlineBefore, !Parser.statementKeywords.contains(word.name),
                  Vocabulary.springLabels[word.name] != nil || Vocabulary.animateLabels[word.name] != nil {
            // `spring x to 0 { … } delay 0.5s`: an option after the spring's body.
            error(.unknownStatement, "'\(word.name)' after a body's '}' is no statement: an option goes before the '{' "
                  + "(for a spring, 'spring x to 0 \(word.name) … { … }', or inside its body)", at: word.range)
        } else if let reason = Parser.missingFeatures[word.name] {
            error(.unknownStatement, "'\(word.name)' is not a statement in wave; \(reason)", at: word.range)
        } else if StatementWord(rawValue: word.name).map({ $0 == .below || $0 == .above }) == true, previous.isPunct("}"), !current.newlineBefore,
                  let target = peek().identifier {
            // `layer a: rect { … } below b`: the placement written after the body.
            error(.unknownStatement, "'\(word.name) \(target)' goes after the layer's kind, before its body: 'layer NAME: KIND \(word.name) \(target) { … }'",
                  at: word.range.to(peek().range))
        } else if let s = Suggestion.best(for: word.name, among: keywords) {
            error(.unknownStatement, "unknown statement '\(word.name)'; did you mean '\(s)'?", at: word.range,
                  help: "replace '\(word.name)' with '\(s)'", fix: .init(word.range, s))
            // A declaration is read as the keyword meant, so what it declares exists and its
            // uses do not cascade (`tempalte dot: …` then `spawn dot`). Other statements are
            // skipped: nothing refers to them.
            guard Parser.declarationKeywords.contains(s), depth == 0 else {
                advance()
                skipStatementRest()
                return nil
            }
            // Read as the keyword meant; when that does not even give a statement the guess
            // was wrong: back to the misspelt word, its other errors dropped, and skipped.
            let (saved, said, original) = (index, diagnostics.count, tokens[index].kind)
            tokens[index].kind = .identifier(s)
            if let statement = parseStatement() { return statement }
            tokens[saved].kind = original
            index = saved
            diagnostics.removeSubrange(said...)
            advance()
            skipStatementRest()
            return nil
        } else {
            error(.unknownStatement, "unknown statement '\(word.name)': a statement starts with a keyword (\(keywords.joined(separator: ", "))), or is an assignment such as 'x = 1'", at: word.range)
        }
        advance()
        skipStatementRest()
        return nil
    }

    /// `over 1 s`: a unit word after a number, apart from it. Reports it (with the fix that
    /// joins them) and steps over it; false when the current token is no such word.
    /// `at 1 s { … }`: a time whose unit is written apart is one error (`reportDetachedUnit`)
    /// and read with its unit, so the body that follows is still the timer's. Its own
    /// function: the timer's frame is repeated at every level of nested blocks.
    @inline(never)
    mutating func joiningDetachedUnit(_ time: Expr) -> Expr {
        guard case .number(let v, nil) = time.kind, let w = current.identifier,
              let unit = NumberUnit(rawValue: w) ?? NumberUnit.spelledOut[w], reportDetachedUnit() else { return time }
        readAsMeant(at: previous.range)
        return Expr(.number(v, unit), time.range.to(previous.range))
    }

    mutating func reportDetachedUnit() -> Bool {
        guard let w = current.identifier, let unit = NumberUnit(rawValue: w) ?? NumberUnit.spelledOut[w],
              case .number(let v, nil) = previous.kind, !current.newlineBefore else { return false }
        let joined = Token.formatNumber(v) + unit.rawValue
        error(.expectedToken, "a unit is written right after its number: '\(joined)', not '\(file.text(of: previous.range.to(current.range)))'",
              at: current.range, help: "write '\(joined)'", fix: .init(previous.range.to(current.range), joined))
        advance()
        return true
    }

    /// Skips the rest of a broken statement: to the end of its line, or past the balanced
    /// block that follows on it, stopping at an unbalanced '}' (the enclosing block's).
    mutating func skipStatementRest() {
        var nesting = 0
        while !current.isEOF {
            if nesting == 0 && current.newlineBefore { return }
            if isPunct("{") { nesting += 1 }
            if isPunct("}") {
                if nesting == 0 { return }
                nesting -= 1
                if nesting == 0 { advance(); return }
            }
            advance()
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
        } else if case .number(let w, nil) = current.kind, !current.newlineBefore, peek().isPunct(",") || peek().isWord("x") || peek().isWord("X"),
                  case .number(let h, nil) = peek(2).kind, !peek(2).newlineBefore {
            // `scene 200 x 200`, `scene 200, 200`: the size is one word.
            let at = current.range.to(peek(2).range)
            let text = "\(Token.formatNumber(w))x\(Token.formatNumber(h))"
            error(.expectedToken, "a scene size is written as one word, \(text)", at: at, help: "write '\(text)'", fix: .init(at, text))
            size = Expr(.tuple([Expr(.number(w, nil), at), Expr(.number(h, nil), at)]), at)
            advance(); advance(); advance()
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
        if !current.newlineBefore, isPunct("==") || isPunct(":") {
            // `var filled == 0`, `var x := 1`, `var x: 3`: read as '=', so later uses of the
            // variable do not cascade.
            var sign = current.range
            if isPunct(":"), peek().isPunct("="), !peek().spaceBefore { advance(); sign = sign.to(current.range) }
            let written = file.text(of: sign)
            error(.expectedToken, "a declaration gives its value with '=', not '\(written)': '\(isMutable ? "var" : "let") \(name.name) = …'",
                  at: sign, help: "replace '\(written)' with '='", fix: .init(sign, "="))
            readAsMeant(at: sign)
            advance()
        } else {
            guard expectPunct("=", "after '\(name.name)' in its declaration") else { synchronize(); return nil }
        }
        if current.newlineBefore, current.identifier.map(Parser.statementKeywords.contains) == true || current.kind == .eof || isPunct("}") {
            // `let k =` with the value left out: the next line is a statement of its own.
            error(.missingValue, "'\(isMutable ? "var" : "let") \(name.name)' needs a value after '='", at: previous.range,
                  help: "write its value after '='")
            return Stmt(.variable(isMutable: isMutable, name: name, value: Expr(.error, previous.range)), start.to(previous.range))
        }
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
        if kind == .every && isWord(.tick) {
            advance()
        } else {
            time = parseExpression()
            if kind == .every && (isWord(.ticks) || isWord(.tick)) { advance(); countsTicks = true }
            else if let t = time { time = joiningDetachedUnit(t) }
        }
        let body = bodyOrStatement(word)   // `at 1s x = 1`: one error, read as the body
        let timer = Timer(kind: kind, time: time, countsTicks: countsTicks, body: body, range: start.to(previous.range))
        return Stmt(.timer(timer), timer.range)
    }

    /// animate -> 'animate' target (',' target)* anim_arg* ('then' then_clause)?
    /// spring  -> 'spring' target (',' target)* spring_arg* ('{' clause* '}')? ('reached' then_clause)? ('then' then_clause)?
    mutating func parseAnimate() -> Animate? {
        let start = current.range
        let isSpring = isWord("spring")
        advance()
        var targets: [Expr] = []
        repeat {
            let t = parseExpression()
            targets.append(t)
        } while acceptPunct(",")
        let owner: ClauseOwner = isSpring ? .spring : .animate
        let labels = owner.arities
        var args = parseArgs(owner, context: owner.word)
        if args.isEmpty, !current.newlineBefore, current.identifier == nil, canStartExpression {
            // `animate a.opacity 0 to 1`: a start value without 'from'; read as one.
            let at = current.range
            error(.expectedToken, "expected 'from' before \(current.describe): the values of \(isSpring ? "a spring" : "an animation") follow 'from', 'to' or 'by'",
                  at: at, help: "write 'from' before the start value", fix: .init(SourceRange(at.start, at.start), "from "))
            readAsMeant(at: at)
            let value = parseExpression()
            args = [Arg(label: Identifier(ClauseLabel.from.rawValue, at), values: [value])] + parseArgs(owner, context: owner.word)
        }
        strayValueAfterOptions(args, context: owner.word)
        if isSpring && isPunct("{") && !current.newlineBefore {
            for c in parseClauseBlock(owner: "spring", kind: "spring") {
                var head = c.head
                if labels[head.name] == nil {
                    // A camelCase name (`initialVelocity`) or another tool's word, read as wave's.
                    guard let meant = Vocabulary.optionSynonyms[head.name]?.rawValue ?? Vocabulary.hyphenated(head.name), labels[meant] != nil else {
                        unknownWord(.unknownOption, "unknown key", c.head, "in a spring body", valid: Array(labels.keys))
                        continue
                    }
                    calledOtherwise(.unknownOption, "key", head.name, at: head.range, place: " in a spring body", meant: meant)
                    head = Identifier(meant, head.range)
                }
                args.append(Arg(label: head, values: c.value.map { [$0] } ?? []))
            }
        }
        // `reached { … }` on the spring's line: when it first reaches its target.
        var reached: [Stmt]? = nil
        if isWord(.reached), !current.newlineBefore {
            let word = current.range
            advance()
            if !isSpring {
                error(.unknownStatement, "'reached' follows a spring; an 'animate' reaches its target when it ends: use 'then'", at: word)
            }
            if isPunct("{") { reached = parseBlock(StatementWord.reached.rawValue) }
            else if enterChainLink("'reached' chain") {
                defer { depth -= 1 }
                if let s = parseStatement() { reached = [s] }
            }
            if !isSpring { reached = nil }
        }
        var then: [Stmt]? = nil
        if isWord(.then) {
            advance()
            if isPunct("{") { then = parseBlock(StatementWord.then.rawValue) }
            else if enterChainLink("'then' chain") {
                defer { depth -= 1 }
                if let s = parseStatement() { then = [s] }
            }
        }
        var animate = Animate(isSpring: isSpring, targets: targets, args: args, then: then, range: start.to(previous.range))
        animate.reached = reached
        return animate
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
        if case .member(let base, let effect) = layer.kind, EffectKind(rawValue: effect.name) != nil {
            // `effect label.typewriter over 2s`: the layer and the effect are two words.
            let dot = SourceRange(base.range.end, effect.range.start)
            error(.expectedToken, "the layer and the effect are two words: 'effect \(file.text(of: base.range)) \(effect.name) …'", at: dot,
                  help: "replace '.' with a space", fix: .init(dot, " "))
            let args = parseArgs(.effect, context: ClauseOwner.effect.word)
            return Stmt(.effect(layer: base, name: effect, args: args), start.to(previous.range))
        }
        guard let name = expectIdentifier("an effect name (typewriter, shine, fade, wave, …)") else { synchronize(); return nil }
        let args = parseArgs(.effect, context: ClauseOwner.effect.word)
        strayValueAfterOptions(args, context: ClauseOwner.effect.word)
        return Stmt(.effect(layer: layer, name: name, args: args), start.to(previous.range))
    }

    /// A value left on the line after a statement's options (`ease ease-in 5`), which no
    /// option takes: one error here, and the rest of the line skipped, instead of a
    /// separate statement that "does nothing" (W0011).
    mutating func strayValueAfterOptions(_ args: [Arg], context: String) {
        guard let last = args.last, !current.newlineBefore, !current.isEOF, canStartExpression, !isPunct("{"), !isPunct("}"),
              !isWord(.then), !isWord(.reached), current.identifier == nil else { return }
        let at = current.range
        error(.unknownOption, "\(current.describe) after '\(file.text(of: last.label.range))' belongs to no option of '\(context)': "
              + "each value follows its option's word ('repeat 3', 'delay 0.5s')", at: at,
              help: "give the value its option's word, or delete it")
        while !current.isEOF, !current.newlineBefore, !isPunct("}"), !isPunct("{"), !isWord(.then) { advance() }
    }

    /// The block of an `if`, an `else` or a timer. A single statement written without braces on the line
    /// (`else x += 1`, as C and Swift without braces write it) is one error, and is read as
    /// the block's one statement, so the enclosing block still closes where it should.
    /// `reported`: a mistake on the same spot was just reported (`if c then x = 1`).
    mutating func bodyOrStatement(_ owner: String, reported: Bool = false) -> [Stmt] {
        guard !isPunct("{"), !current.newlineBefore, !current.isEOF, !isPunct("}"), canStartExpression || current.identifier != nil else {
            return parseBlock(owner)
        }
        let at = current.range
        if !reported {
            error(.expectedToken, "expected '{' to open the body of '\(owner)', found \(current.describe)", at: at,
                  help: "put the statement in braces: '\(owner == "else" ? "else" : owner + " …") { … }'")
        }
        guard enterChainLink("'\(owner)' body") else { return [] }
        defer { depth -= 1 }
        return parseStatement().map { [$0] } ?? []
    }

    /// if -> 'if' expr block ('else' (if | block))?
    mutating func parseIf() -> Stmt? {
        let start = current.range
        advance()
        var condition = parseExpression()
        if case .error = condition.kind, diagnostics.last?.code == .nestedTooDeeply {
            synchronize()   // the rest of a too-deep statement would only repeat the error
            return nil
        }
        if isPunct("="), !current.newlineBefore { condition = assignmentAsComparison(condition) }
        while isWord("and") || isWord("or"), !current.newlineBefore { condition = wordAsLogic(condition) }
        var saidThen = false
        if isWord(.then), !current.newlineBefore {
            // `if c then { … }`: wave's `if` has no `then`.
            error(.expectedToken, "wave's 'if' has no 'then': the block follows the condition", at: current.range,
                  help: "delete 'then'", fix: .init(current.range, ""))
            advance()
            saidThen = true
        }
        let body = bodyOrStatement("if", reported: saidThen)
        var elseBody: [Stmt]? = nil
        if isWord("else") {
            advance()
            if isWord("if") {
                // Each link of an `else if` chain nests one level, like a block.
                guard enterChainLink("'else if' chain") else { return Stmt(.ifElse(condition: condition, then: body, else: nil), start.to(previous.range)) }
                defer { depth -= 1 }
                if let s = parseIf() { elseBody = [s] }
            } else {
                elseBody = bodyOrStatement("else")
            }
        }
        return Stmt(.ifElse(condition: condition, then: body, else: elseBody), start.to(previous.range))
    }

    /// `if x = 3 {`: one error at the `=` (a comparison is `==`; `=>` meant `>=`), and the
    /// condition read as that comparison, so the block that follows parses as the body.
    private mutating func assignmentAsComparison(_ lhs: Expr) -> Expr {
        var written = current.range
        advance()
        var op = "=="
        if isPunct(">"), current.range.start == written.end {
            op = ">="
            written = written.to(current.range)
            advance()
        }
        let message = op == "==" ? "'=' assigns a value; a condition compares with '=='" : "'=>' is not an operator: did you mean '>='?"
        return readAs(op, after: lhs, written: written, message)
    }

    /// `if a > 1 and b < 2 {` (Python, SQL): one error at the word, with `&&` or `||` for it,
    /// and the condition read with that operator.
    private mutating func wordAsLogic(_ lhs: Expr) -> Expr {
        let written = current.range, word = isWord("and") ? "and" : "or", op = word == "and" ? "&&" : "||"
        advance()
        return readAs(op, after: lhs, written: written, "wave writes '\(word)' as '\(op)'")
    }

    /// Reports `written` (already read) with the fix that makes it `op`, and reads the rest
    /// of the condition as `lhs op rhs`.
    private mutating func readAs(_ op: String, after lhs: Expr, written: SourceRange, _ message: String) -> Expr {
        error(.expectedToken, message, at: written, help: "write '\(op)'", fix: .init(written, op))
        let rhs = parseExpression()
        return Expr(.binary(op, lhs, rhs), lhs.range.to(rhs.range))
    }

    /// spawn -> 'spawn' IDENT arguments? placement? block?
    /// arguments -> '(' ( IDENT '=' expr ( ',' IDENT '=' expr )* )? ')'   (on the line of the name)
    ///
    /// The arguments are the template's parameters as its declaration writes them
    /// (`template bit(vx = 0): …` … `spawn bit(vx = 2)`); each becomes an assignment at the
    /// start of the block, which is what passes an argument (`spawn bit { vx = 2 }`).
    mutating func parseSpawn() -> Stmt? {
        let start = current.range
        advance()
        guard let name = expectIdentifier("a template name after 'spawn'") else { synchronize(); return nil }
        var arguments: [Stmt] = []
        if isPunct("("), !current.newlineBefore { arguments = parseSpawnArguments(of: name) }
        let placement = parsePlacement()
        var body: [Stmt] = []
        if isPunct("{") { body = parseBlock("spawn \(name.name)") }
        return Stmt(.spawn(template: name, placement: placement, body: arguments + body), start.to(previous.range))
    }

    /// The operator of an assignment written as a `spawn` argument: a plain `=` whose target
    /// must be a parameter of the template (or a property of the copy).
    public static let argumentAssignment = "(=)"

    /// `(a = 1, b = 2)` after `spawn T`, as assignments. After a mistake (reported) the rest
    /// of the list on that line is skipped and the statement goes on, so the template still
    /// counts as spawned and nothing cascades.
    private mutating func parseSpawnArguments(of template: Identifier) -> [Stmt] {
        let open = current.range
        advance()
        var assignments: [Stmt] = []
        if acceptPunct(")") { return [] }
        func skipRest() {
            var nesting = 0
            while !current.isEOF, !current.newlineBefore, !(nesting == 0 && (isPunct(")") || isPunct("{"))) {
                if isPunct("(") || isPunct("[") { nesting += 1 }
                if isPunct(")") || isPunct("]") { nesting -= 1 }
                advance()
            }
            _ = acceptPunct(")")
        }
        repeat {
            let at = current.range
            guard let parameter = current.identifier, peek().isPunct("=") else {
                if case .error = current.kind { reportErrorToken(); skipRest(); return assignments }
                let help = current.identifier.flatMap { peek().isPunct("(") || peek().isPunct(".") ? nil : "write '\($0) = value'" }
                    ?? "name the template parameter each value is for, as its declaration does: 'spawn \(template.name)(name = value, …)'"
                error(.expectedToken, "expected an argument 'name = value' in 'spawn \(template.name)(…)', found \(current.describe)",
                      at: at, help: help)
                skipRest()
                return assignments
            }
            advance()
            advance()
            let value = parseExpression()
            assignments.append(Stmt(.assign(target: Expr(.name(parameter), at), op: Parser.argumentAssignment, value: value), at.to(value.range)))
        } while acceptPunct(",")
        guard acceptPunct(")") else {
            if case .error = current.kind { reportErrorToken(); skipRest(); return assignments }
            let (line, column) = file.location(of: open.start)
            error(.unclosedBracket, "expected ')' to close the arguments of 'spawn \(template.name)' at \(line):\(column), found \(current.describe)",
                  at: current.range, help: "separate the arguments with ',' and close them with ')'")
            skipRest()
            return assignments
        }
        return assignments
    }

    /// emit -> 'emit' IDENT placement? '{' clause* '}'   (clause heads: Vocabulary.emitterKeys)
    mutating func parseEmit() -> Stmt? {
        let start = current.range
        advance()
        guard let name = expectIdentifier("a template name after 'emit'") else { synchronize(); return nil }
        let placement = parsePlacement()
        let clauses = parseClauseBlock(owner: "emit \(name.name)", kind: "emit")
        return Stmt(.emit(template: name, placement: placement, clauses: clauses), start.to(previous.range))
    }

    /// for -> 'for' IDENT 'in' expr '..<' expr block
    mutating func parseFor() -> Stmt? {
        let start = current.range
        advance()
        guard let name = expectIdentifier("a loop variable after 'for'") else { synchronize(); return nil }
        guard acceptWord("in") else {
            error(.expectedToken, "expected 'in' after 'for \(name.name)', found \(current.describe)", at: current.range,
                  help: "write 'for \(name.name) in 0..<n { … }'")
            synchronize(); return nil
        }
        if let (problem, help) = forRangeProblem(variable: name.name) {
            let header = current.range
            var last = current.range
            while !current.isEOF, !isPunct("{"), !atStrongToken { last = current.range; advance() }
            error(.expectedToken, problem, at: header.to(last), help: help)
            if isPunct("{") { _ = parseBlock("for") }
            return nil
        }
        let from = parseExpression()
        guard isPunct("."), peek().isPunct("."), peek(2).isPunct("<") else {
            error(.expectedToken, "expected '..<' between the bounds of 'for', found \(current.describe)", at: current.range,
                  help: "write 'for \(name.name) in 0..<n { … }'")
            synchronize(); return nil
        }
        advance(); advance(); advance()
        let to = parseExpression()
        let body = parseBlock("for")
        return Stmt(.forLoop(variable: name, from: from, to: to, body: body), start.to(previous.range))
    }

    /// What another language's range looks like where `for`'s `a..<b` goes (`0..10`, Swift's
    /// `0...10`, `0 to 10`, Python's `range(10)`, a list), with wave's way to write it; nil
    /// when the header has `..<` or is none of these.
    private func forRangeProblem(variable v: String) -> (String, String)? {
        var i = index, end = current.range.start
        while i < tokens.count, !tokens[i].isEOF, !tokens[i].isPunct("{"), i == index || !tokens[i].newlineBefore {
            end = tokens[i].range.end
            i += 1
        }
        func trim(_ t: Substring) -> String { String(t.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        let header = trim(file.text(of: SourceRange(current.range.start, end))[...])
        guard !header.isEmpty, !header.contains("..<") || header.contains("..<=") else { return nil }
        func bounds(_ separator: String) -> (String, String)? {
            guard let r = header.firstRange(of: separator) else { return nil }
            let a = trim(header[..<r.lowerBound]), b = trim(header[r.upperBound...])
            return a.isEmpty || b.isEmpty ? nil : (a, b)
        }
        let upTo = "wave's range is 'a..<b': whole numbers from a up to, not including, b"
        // The end that includes b: b + 1, worked out when b is a whole number.
        func past(_ b: String) -> String { Int(b).map { String($0 + 1) } ?? "\(b) + 1" }
        for closed in ["..<=", "...", "..=", " through "] {
            if let (a, b) = bounds(closed) {
                return ("'\(header)' is not a range in wave; \(upTo)", "to include \(b), write 'for \(v) in \(a)..<\(past(b)) { … }'")
            }
        }
        for open in ["..", " to ", " until "] {
            if let (a, b) = bounds(open) {
                return ("'\(header)' is not a range in wave; \(upTo)",
                        "write 'for \(v) in \(a)..<\(b) { … }' (or '\(a)..<\(past(b))' to include \(b))")
            }
        }
        if header.hasPrefix("range("), header.hasSuffix(")") {
            let args = header.dropFirst(6).dropLast().split(separator: ",").map { trim($0) }
            let (a, b) = args.count >= 2 ? (args[0], args[1]) : ("0", args.first ?? "n")
            return ("'\(header)' is Python's; \(upTo)", "write 'for \(v) in \(a)..<\(b) { … }'")
        }
        if header.hasPrefix("["), header.hasSuffix("]") {
            // Its elements: commas outside brackets and parentheses, plus one.
            var depth = 0, count = header == "[]" ? 0 : 1
            for c in header.dropFirst().dropLast() {
                if c == "[" || c == "(" { depth += 1 } else if c == "]" || c == ")" { depth -= 1 } else if c == ",", depth == 0 { count += 1 }
            }
            return ("'for' runs over whole numbers, not over a list; \(upTo)",
                    "loop over the indices: 'let xs = \(header)' at the top level, then 'for \(v) in 0..<\(count) { … xs[\(v)] … }'")
        }
        return nil
    }

    /// function -> 'func' IDENT '(' ( IDENT ( ',' IDENT )* )? ')' '=' expr
    mutating func parseFunction() -> Stmt? {
        let start = current.range
        advance()
        guard let name = expectIdentifier("a function name after 'func'") else { synchronize(); return nil }
        guard expectPunct("(", "after the function name '\(name.name)' (its parameters, as in 'func \(name.name)(x) = …')") else { synchronize(); return nil }
        var params: [Identifier] = []
        if !acceptPunct(")") {
            repeat {
                guard let p = expectIdentifier("a parameter name") else { synchronize(); return nil }
                params.append(p)
            } while acceptPunct(",")
            guard expectPunct(")", "to close the parameters of '\(name.name)'") else { synchronize(); return nil }
        }
        guard expectPunct("=", "before the body of '\(name.name)' (func \(name.name)(…) = expression)") else { synchronize(); return nil }
        let body = parseExpression()
        return Stmt(.function(name: name, params: params, body: body), start.to(previous.range))
    }

    /// placement -> ('below' | 'above') IDENT
    mutating func parsePlacement() -> Placement? {
        if isWord(.below) || isWord(.above) {
            let below = isWord(.below)
            advance()
            guard let target = expectIdentifier("a layer name after '\((below ? StatementWord.below : .above).rawValue)'") else { return nil }
            return below ? .below(target) : .above(target)
        }
        return nil
    }

    /// assignment -> target ('=' | '+=' | '-=' | '*=' | '/=') expr ; expression statement otherwise
    mutating func parseSimpleStatement() -> Stmt? {
        let start = current.range
        guard canStartExpression else {
            error(.expectedToken, "expected a statement, found \(current.describe)", at: current.range)
            // A stray block is skipped whole, its '}' included.
            if acceptPunct("{") { skipToClose(); return nil }
            advance()
            synchronize()
            return nil
        }
        incrementTargetDepth = depth + 1
        let target = parseExpression()
        incrementTargetDepth = nil
        if isIncrement, case .punct(let sign) = current.kind {
            // `x++`: wave has no increment operator; read as `x += 1`.
            let at = current.range.to(peek().range)
            error(.expectedToken, "wave has no '\(sign)\(sign)': write '\(file.text(of: target.range)) \(sign)= 1'", at: at,
                  help: "replace '\(sign)\(sign)' with ' \(sign)= 1'", fix: .init(at, " \(sign)= 1"))
            advance()
            advance()
            return Stmt(.assign(target: target, op: sign + "=", value: Expr(.number(1, nil), at)), start.to(at))
        }
        if case .punct(let op) = current.kind, ["=", "+=", "-=", "*=", "/="].contains(op) {
            advance()
            let value = parseExpression()
            // A value that failed to parse (`x =` then '}') still belongs to this statement.
            return Stmt(.assign(target: target, op: op, value: value), start.to(previous.range).to(value.range))
        }
        return Stmt(.expression(target), start.to(previous.range))
    }

    /// arg -> LABEL value{n}, with n from the table; stops at the first word that is not a
    /// label. A word on the same line that is no label is a misspelt one (`ovr 1s`): it is
    /// reported, and its value is read as the suggested label's, so nothing cascades.
    mutating func parseArgs(_ owner: ClauseOwner, context: String) -> [Arg] {
        let labels = owner.arities
        // The labels given so far, beside the list: a statement may hold many thousands of
        // arguments (a megabyte of one repeated), and looking one up in the list each time
        // made the parse quadratic.
        var args: [Arg] = [], given: Set<String> = []
        func add(_ arg: Arg) { args.append(arg); given.insert(arg.label.name) }
        while true {
            while let w = current.identifier, let count = labels[w], !(current.newlineBefore && Parser.statementKeywords.contains(w)) {
                let label = Identifier(w, current.range)
                advance()
                if count > 0 { skipOptionColon(w) }
                var values: [Expr] = []
                for _ in 0..<count {
                    if case .error = current.kind {   // `over 1sec`: the value itself is the mistake
                        reportErrorToken()
                        values.append(Expr(.error, previous.range))
                        continue
                    }
                    // `from to 1`: the next label followed by its own value, not a value
                    // named like a label (`let to = 3` … `from to over 1s` is one) or a
                    // hyphenated word (`ease ease-in`).
                    let labelWithValue = current.identifier.map { (labels[$0] ?? 0) > 0 } == true && !current.newlineBefore
                        && !peek().newlineBefore && peek().spaceBefore && Parser.canStartExpression(peek())
                        && peek().identifier.flatMap({ labels[$0] }) == nil
                    guard canStartExpression, !isPunct("{") || w == StatementWord.then.rawValue, !labelWithValue else {
                        error(.missingValue, "'\(w)' in '\(context)' needs a value, found \(current.describe)", at: label.range,
                              help: "give '\(w)' a value, or delete it")
                        break
                    }
                    values.append(parseExpression())
                }
                if count == 0, (isWord("true") || isWord("false")), !current.newlineBefore {
                    // `autoreverse true` (Core Animation's autoreverses = true): the word alone says it.
                    let on = isWord("true")
                    error(.unknownOption, on ? "'\(w)' takes no value: the word alone turns it on"
                                             : "'\(w) false' is the default: leave '\(w)' out", at: current.range,
                          help: on ? "delete 'true'" : "delete '\(w) false'",
                          fix: on ? .init(current.range, "") : .init(label.range.to(current.range), ""))
                    advance()
                    if !on { continue }
                }
                add(Arg(label: label, values: values))
            }
            if owner.takes(.autoreverse), let read = parseCSSDirection(context: context) {
                if let arg = read { add(arg) }
                continue
            }
            if let arg = parseSynonymArg(owner, context: context, keyframed: given.contains(ClauseLabel.values.rawValue)) {
                add(arg)
                continue
            }
            if !current.newlineBefore, owner.takes(.over), !given.contains(ClauseLabel.over.rawValue), !given.contains(ClauseLabel.duration.rawValue),
               case .number(_, let unit?) = current.kind, [.seconds, .milliseconds, .ticks].contains(unit) {
                // `animate a.opacity from 0 to 1 1s` (CSS's `transition: opacity 1s`): the
                // duration without its 'over'; read as it.
                let at = current.range
                error(.expectedToken, "a duration in '\(context)' follows 'over': write 'over \(file.text(of: at))'", at: at,
                      help: "write 'over' before it", fix: .init(SourceRange(at.start, at.start), "over "))
                readAsMeant(at: at)
                add(Arg(label: Identifier(ClauseLabel.over.rawValue, at), values: [parseExpression()]))
                continue
            }
            if isPunct(","), !current.newlineBefore, let last = args.last, [ClauseLabel.from, .to, .by].contains(where: last.isLabel),
               last.values.count == 1, case .number = last.values[0].kind, case .number = peek().kind {
                // `to 10, 20`: a point without its parentheses; read as the point.
                let first = last.values[0]
                advance()
                let second = parseExpression()
                let whole = first.range.to(second.range)
                error(.expectedToken, "a point is written in parentheses: '\(last.label.name) (\(file.text(of: whole)))'", at: whole,
                      help: "put the two numbers in parentheses", fix: .init(whole, "(\(file.text(of: whole)))"))
                readAsMeant(at: whole)
                args[args.count - 1] = Arg(label: last.label, values: [Expr(.tuple([first, second]), whole)])
                continue
            }
            guard let w = current.identifier, !current.newlineBefore, !Parser.statementKeywords.contains(w),
                  w != StatementWord.then.rawValue, w != StatementWord.reached.rawValue, w != "else" else { return args }
            let word = Identifier(w, current.range)
            if reportDetachedUnit() { continue }
            unknownWord(.unknownOption, "unknown option", word, "for '\(context)'", valid: Array(labels.keys))
            advance()
            if let s = Suggestion.best(for: w, among: labels.keys.sorted()), let count = labels[s] {
                readAsMeant(at: word.range)
                var values: [Expr] = []
                for _ in 0..<count where canStartExpression && !isPunct("{") { values.append(parseExpression()) }
                add(Arg(label: Identifier(s, word.range), values: values))
            } else {
                while !current.isEOF, !current.newlineBefore, !isPunct("{"), !isPunct("}"),
                      !(current.identifier.map { labels[$0] != nil } ?? false) { advance() }
            }
        }
    }

    /// CSS's `direction alternate` (`animation-direction`), at the option's name: one error
    /// whose fix is `autoreverse`, the word after it read too. `normal` is wave's default;
    /// `reverse` and `alternate-reverse` have no option (swap the ends).
    /// Nil when the option here is not a direction; else the option read (`autoreverse`, or
    /// nothing).
    mutating func parseCSSDirection(context: String) -> Arg?? {
        guard !current.newlineBefore, let first = current.identifier else { return nil }
        let name: SourceRange, w: String
        if first == "direction" {
            (name, w) = (current.range, first)
            advance()
        } else if first == "animation", peek().isPunct("-"), !peek().spaceBefore, peek(2).isWord("direction"), !peek(2).spaceBefore {
            (name, w) = (current.range.to(peek(2).range), "animation-direction")
            advance(); advance(); advance()
        } else {
            return nil
        }
        var value = current.identifier ?? "", span = name
        if !current.newlineBefore, current.identifier != nil {
            span = name.to(current.range)
            advance()
            if value == "alternate", isPunct("-"), !current.spaceBefore, peek().isWord("reverse"), !peek().spaceBefore {
                value = "alternate-reverse"
                advance()
                span = span.to(current.range)
                advance()
            }
        }
        switch value {
        case "alternate":
            error(.unknownOption, "CSS's '\(w) alternate' is 'autoreverse' in wave (a repeat then counts there-and-back cycles: "
                  + "CSS's 2 alternating iterations are 'repeat 1 autoreverse')", at: span, help: "write 'autoreverse'", fix: .init(span, ClauseLabel.autoreverse.rawValue))
            readAsMeant(at: span)
            return Arg(label: Identifier(ClauseLabel.autoreverse.rawValue, span), values: [])
        case "normal":
            error(.unknownOption, "'\(w) normal' is what '\(context)' does anyway; delete it", at: span, help: "delete it", fix: .init(span, ""))
            readAsMeant(at: span)
        default:
            error(.unknownOption, "'\(context)' has no '\(w)': to run it backwards swap its 'from' and 'to'; CSS's 'alternate' is 'autoreverse'", at: span)
        }
        return .some(nil)
    }

    /// An option written with another tool's word (`wait 1s`, `for 1s`, `timing linear`,
    /// `repeat` spelt `loop`; see `Vocabulary.optionSynonyms`) or a timing curve without
    /// `ease` (`ease-in-out`): reported with wave's spelling and read as that option, so one
    /// slip gives one error. `after` and `for` on the line stay statements when they are
    /// one: `after 2s { … }`, `for i in …`.
    /// `over: 1s` (CSS's `animation-duration: 1s`): a ':' between an option and its value on
    /// one line is one error, and the value is read as the option's.
    mutating func skipOptionColon(_ option: String) {
        guard isPunct(":"), !current.newlineBefore, !peek().newlineBefore, Parser.canStartExpression(peek()) else { return }
        error(.expectedToken, "an option takes its value without ':': write '\(option) …'", at: current.range,
              help: "delete the ':'", fix: .init(current.range, ""))
        readAsMeant(at: current.range)
        advance()
    }

    mutating func parseSynonymArg(_ owner: ClauseOwner, context: String, keyframed: Bool = false) -> Arg? {
        let labels = owner.arities
        guard let first = current.identifier, !current.newlineBefore, labels[first] == nil else { return nil }
        let firstRange = current.range
        if first == StatementWord.forever.rawValue || Vocabulary.foreverSynonyms.contains(first), owner.takes(.repeat) {
            // CSS's `animation: … infinite`: the count alone, without 'repeat'.
            error(.unknownOption, "'\(first)' alone is no option: an endless repeat is 'repeat forever'", at: firstRange,
                  help: "write 'repeat forever'", fix: .init(firstRange, "repeat forever"))
            readAsMeant(at: firstRange)
            advance()
            return Arg(label: Identifier(ClauseLabel.repeat.rawValue, firstRange), values: [Expr(.name(StatementWord.forever.rawValue), firstRange)])
        }
        if TimingCurveName(rawValue: first) != nil, owner.arity(.ease) == 1 {   // `ease` itself is a label
            error(.unknownOption, "'\(first)' is a timing curve: in '\(context)' it follows 'ease'", at: firstRange,
                  help: "write 'ease \(first)'", fix: .init(firstRange, "ease \(first)"))
            return Arg(label: Identifier(ClauseLabel.ease.rawValue, firstRange), values: [parseExpression()])
        }
        // CSS's hyphenated names (`animation-delay`, `timing-function`): `-` and a word
        // written against it belong to the name.
        var w = first, word = firstRange, parts = 1
        while peek(2 * parts - 1).isPunct("-"), !peek(2 * parts - 1).spaceBefore, let next = peek(2 * parts).identifier,
              !peek(2 * parts).spaceBefore {
            let longer = w + "-" + next
            guard Vocabulary.optionSynonyms.keys.contains(where: { $0 == longer || $0.hasPrefix(longer + "-") }) else { break }
            w = longer
            word = word.to(peek(2 * parts).range)
            parts += 1
        }
        guard let target = Vocabulary.optionSynonyms[w]?.rawValue ?? Vocabulary.hyphenated(w), let count = labels[target] else { return nil }
        if w == "for", peek().identifier != nil, peek(2).isWord("in") { return nil }   // a loop
        let (saved, said) = (index, diagnostics.count)
        for _ in 0..<(2 * parts - 1) { advance() }
        if count > 0 { skipOptionColon(target) }
        var values: [Expr] = []
        for _ in 0..<count where canStartExpression && !isPunct("{") { values.append(parseExpression()) }
        if Parser.statementKeywords.contains(w), isPunct("{") || values.count < count {   // a statement after all
            index = saved
            diagnostics.removeSubrange(said...)
            return nil
        }
        if keyframed, target == ClauseLabel.ease.rawValue, w.hasSuffix("timing-function"), owner.takes(.eases), values.count == 1 {
            // CSS's animation-timing-function times each keyframe segment: with 'values' that
            // is 'eases [curve]', not 'ease' (which times the whole list).
            let curve = file.text(of: values[0].range), whole = word.to(values[0].range)
            error(.unknownOption, "CSS's '\(w)' times each keyframe segment: with 'values' wave writes 'eases [\(curve)]' ('ease' would time the whole list)",
                  at: word, help: "write 'eases [\(curve)]'", fix: .init(whole, "eases [\(curve)]"))
            readAsMeant(at: word)
            return Arg(label: Identifier(ClauseLabel.eases.rawValue, word), values: [Expr(.list(values), values[0].range)])
        }
        calledOtherwise(.unknownOption, "option", w, at: word, place: " for '\(context)'", meant: target)
        return Arg(label: Identifier(target, word), values: values)
    }
}
