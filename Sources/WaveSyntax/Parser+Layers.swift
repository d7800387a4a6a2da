extension Parser {
    /// Property names of layers (with aliases and `mask`) and of the scene header, from the
    /// vocabulary. The parser uses them only to notice a property written without a value
    /// (`radius fill #fff`).
    public static let propertyNames: Set<String> = Vocabulary.clauseHeads

    /// Labels each clause head accepts after its value (`mask contour inverted`,
    /// `quad (0, 9) control (5, 1)`), with how many values each label takes.
    static func clauseLabels(kind: String, head: String) -> [String: Int] {
        clauseOwner(kind: kind, head: head)?.arities ?? [:]
    }

    /// The table's owner of a clause's labels: `mask`, `replicate`, or a path command.
    static func clauseOwner(kind: String, head: String) -> ClauseOwner? {
        switch head {
        case Vocabulary.maskClause: return .mask
        case Vocabulary.replicateClause: return .replicate
        default: return kind == LayerKind.path.rawValue ? PathCommand(rawValue: head).map { .path($0) } : nil
        }
    }

    /// Path commands: heads that only appear inside a `path` layer.
    public static let pathCommands: Set<String> = Set(PathCommand.allCases.map(\.rawValue) + [PathCommand.dataClause])

    /// layer -> ('layer' | 'template') IDENT ('[' expr ']')? ':' KIND STRING? placement? '{' (clause | layer)* '}'
    mutating func parseLayer() -> LayerDecl? {
        let start = current.range
        let isTemplate = isWord("template")
        advance()
        guard let name = expectIdentifier("a layer name after '\(isTemplate ? "template" : "layer")'") else {
            synchronize(); skipBodyIfAny(); return nil
        }
        var count: Expr? = nil
        if isPunct("["), !current.spaceBefore {
            // `layer bar[12]: rect { … }`: twelve copies, each with its `index`.
            let open = current.range
            advance()
            count = parseExpression()
            if !acceptPunct("]") {
                let (line, column) = file.location(of: open.start)
                error(.unclosedBracket, "expected ']' to close '[' at \(line):\(column), found \(current.describe)", at: current.range)
                synchronize(); skipBodyIfAny(); return nil
            }
        }
        var params: [Arg] = []
        if isPunct("("), !current.spaceBefore {
            // `template piece(vx = 0, vy = 0): …`: each instance's own variables.
            let open = current.range
            advance()
            if !acceptPunct(")") {
                repeat {
                    guard let p = expectIdentifier("a parameter name") else { synchronize(); skipBodyIfAny(); return nil }
                    guard expectPunct("=", "after parameter '\(p.name)' (its default, as in '\(p.name) = 0')") else { synchronize(); skipBodyIfAny(); return nil }
                    params.append(Arg(label: p, values: [parseExpression()]))
                } while acceptPunct(",")
                guard expectPunct(")", "to close the parameters of '\(name.name)'") else { synchronize(); skipBodyIfAny(); return nil }
            }
            if !isTemplate {
                error(.wrongLayerUse, "only a template takes parameters: write 'template \(name.name)(…): …' and 'spawn \(name.name)'", at: open)
            }
        }
        if !isPunct(":"), let w = current.identifier, !current.newlineBefore, LayerKind(rawValue: w) != nil {
            // `layer ball circle { … }`: read as if the ':' were there, so 'ball' exists.
            let end = SourceRange(previous.range.end, previous.range.end)
            error(.expectedToken, "expected ':' after layer name '\(name.name)', found '\(w)'", at: current.range,
                  help: "add ':' before '\(w)'", fix: .init(end, ":"))
            readAsMeant(at: current.range)
        } else {
            guard expectPunct(":", "after layer name '\(name.name)'") else { synchronize(); skipBodyIfAny(); return nil }
        }
        guard let kind = expectIdentifier(Parser.layerKindExpectation) else {
            synchronize(); skipBodyIfAny(); return nil
        }
        var argument: Expr? = nil
        // `layer a: circle radius 5 }`: a property name where the body should open means
        // the '{' is missing; read the body as if it were there.
        var missingOpen = false
        if let w = current.identifier, isClauseHead(w, kind.name), !Parser.valueWords.contains(w), !current.newlineBefore,
           startsValue(peek(), kind.name), !peek().isPunct("{") {
            error(.expectedToken, "expected '{' to open the body of layer '\(name.name)', found '\(w)'", at: current.range,
                  help: "add '{' before '\(w)'", fix: .init(SourceRange(current.range.start, current.range.start), "{ "))
            missingOpen = true
        } else if !isPunct("{"), !isWord(.below), !isWord(.above), canStartExpression, !atStrongToken {
            argument = parseExpression()
        }
        let placement = missingOpen ? nil : parsePlacement()
        var clauses: [Clause] = []
        var children: [LayerDecl] = []
        let open = current.range
        if missingOpen || expectPunct("{", "to open the body of layer '\(name.name)'") {
            parseLayerBody(kind: kind.name, owner: name.name, open: open, clauses: &clauses, children: &children)
        } else {
            synchronize()
        }
        var decl = LayerDecl(isTemplate: isTemplate, name: name, kind: kind, argument: argument, placement: placement,
                             clauses: clauses, children: children, range: start.to(previous.range), count: count)
        decl.params = params
        return decl
    }

    static let layerKindExpectation = "a layer kind (\(LayerKind.allCases.map(\.rawValue).joined(separator: ", ")))"

    private mutating func skipBodyIfAny() {
        if isPunct("{") { advance(); skipToClose() }
    }

    /// layer_body -> (clause | layer)* '}'  (child layers only in a group)
    mutating func parseLayerBody(kind: String, owner: String, open: SourceRange,
                                 clauses: inout [Clause], children: inout [LayerDecl]) {
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maxDepth {
            error(.nestedTooDeeply, "layers nested too deeply (more than \(Parser.maxDepth) levels)", at: open)
            skipToClose()
            return
        }
        var closes: Bool? = nil   // whether this body's '}' comes before the end of the file
        var indented = false      // a line of this body started right of the layer's own line
        while !acceptPunct("}") {
            if current.isEOF {
                unclosedBlock("unclosed '{' of layer '\(owner)': expected '}' before the end of the file", at: open, help: "add '}' to close it", fix: .init(SourceRange(current.range.start, current.range.start), "}\n"))
                return
            }
            if current.newlineBefore, !indented { indented = isIndented(beyondLineOf: open) }
            if kind == "group" && isWord("layer") {
                // In a script that leaves a '{' open, a child indented like the group itself,
                // after children indented deeper, is the group's sibling: its '}' is missing.
                if indented, current.newlineBefore, !isIndented(beyondLineOf: open), leavesBracesOpen() {
                    let line = file.base + file.lineStarts[file.location(of: current.range.start).line - 1]
                    unclosedBlock("unclosed '{' of layer '\(owner)': expected '}' before the next declaration", at: open,
                                  help: "add '}' before it", fix: .init(SourceRange(line, line), lineIndent(of: open) + "}\n"))
                    return
                }
                if let child = parseLayer() { children.append(child) }
                continue
            }
            if let w = current.identifier, current.newlineBefore, Parser.declarationKeywords.contains(w) || Parser.statementKeywords.contains(w) {
                // Inside a body that is closed later, a declaration or statement is misplaced
                // (one error, and it is skipped); in one never closed, the '}' is missing.
                if closes == nil { closes = blockCloses() }
                // A declaration indented no deeper than this layer's own line is its sibling:
                // this body's '}' is the one missing, whichever '}' closes it later.
                if closes == true, Parser.declarationKeywords.contains(w), !isIndented(beyondLineOf: open) { closes = false }
                if closes == true {
                    let start = current.range
                    let where_ = kind == "group" ? "group '\(owner)'" : "layer '\(owner)'"
                    let what = w == "layer" ? "only a group holds child layers"
                        : Parser.declarationKeywords.contains(w) ? "'\(w)' declarations belong at the top level"
                        : "'\(w)' goes at the top level or in a timer's body, not among a layer's properties"
                    let mark = diagnostics.count
                    _ = parseStatement()
                    // What is left of its line (`spawn p: circle { … }` stops at ':') goes
                    // with it, braces and all.
                    while !current.isEOF, !current.newlineBefore, !isPunct("}") {
                        if acceptPunct("{") { skipToClose() } else { advance() }
                    }
                    diagnostics.removeSubrange(mark...)   // its own errors would follow from being here
                    error(.misplacedStatement, "'\(w)' inside \(where_): \(what)", at: start.to(previous.range))
                    continue
                }
            }
            if isWord("layer") || isWord("template") {
                if current.newlineBefore {
                    let line = file.base + file.lineStarts[file.location(of: current.range.start).line - 1]
                    unclosedBlock("unclosed '{' of layer '\(owner)': expected '}' before the next declaration", at: open,
                                  help: "add '}' before it", fix: .init(SourceRange(line, line), lineIndent(of: open) + "}\n"))
                    return
                }
            }
            if atStrongToken, current.identifier != "layer" {
                unclosedBlock("unclosed '{' of layer '\(owner)': expected '}' before '\(current.identifier ?? "")'", at: open)
                return
            }
            if acceptPunct(";") { continue }
            let before = index
            if var clause = parseClause(kind: kind) {
                joinPositionWords(&clause)
                clauses.append(clause)
            }
            if index == before { advance() }
        }
    }

    /// Whether the script has more '{' than '}' (counted once, on first asking).
    @inline(never)
    mutating func leavesBracesOpen() -> Bool {
        if let known = bracesOpenAtEnd { return known }
        let balance = tokens.reduce(0) { $0 + ($1.isPunct("{") ? 1 : $1.isPunct("}") ? -1 : 0) }
        bracesOpenAtEnd = balance > 0
        return balance > 0
    }

    /// Whether the current token starts its line to the right of where the line holding
    /// `open` starts.
    func isIndented(beyondLineOf open: SourceRange) -> Bool {
        file.location(of: current.range.start).column > lineIndent(of: open).count + 1
    }

    /// Spaces as wide as the indentation of the line holding `range` (its first token's column).
    func lineIndent(of range: SourceRange) -> String {
        guard let token = tokens.index(startingAt: range.start) else { return "" }
        let head = tokens.lineHead(of: token, in: file)
        return String(repeating: " ", count: file.location(of: tokens[head].range.start).column - 1)
    }

    /// `anchor bottom center`, `gravity top left`: a position in two words (CSS's
    /// `transform-origin: bottom center`), read as wave's one word with an error that says it.
    private mutating func joinPositionWords(_ clause: inout Clause) {
        guard clause.head.name == "anchor" || clause.head.name == "gravity", let v = clause.value, case .name(let first) = v.kind,
              let second = current.identifier, !current.newlineBefore,
              peek().newlineBefore || peek().isPunct("}") || peek().identifier != nil || peek().isEOF,
              let word = Vocabulary.positionWord([first, second]) else { return }
        let whole = v.range.to(current.range)
        error(.unknownWord, "'\(clause.head.name)' takes one word: '\(file.text(of: whole))' is '\(word)'", at: whole,
              help: "write '\(clause.head.name) \(word)'", fix: .init(whole, word))
        readAsMeant(at: whole)
        advance()
        clause = Clause(head: clause.head, value: Expr(.name(word), whole), args: clause.args, range: clause.range.to(whole))
    }

    /// clause_block -> '{' clause* '}'
    mutating func parseClauseBlock(owner: String, kind: String) -> [Clause] {
        let open = current.range
        guard expectPunct("{", "to open the body of '\(owner)'") else { return [] }
        var clauses: [Clause] = []
        while !acceptPunct("}") {
            if current.isEOF {
                unclosedBlock("unclosed '{' of '\(owner)': expected '}' before the end of the file", at: open)
                return clauses
            }
            if atStrongToken {
                unclosedBlock("unclosed '{' of '\(owner)': expected '}' before '\(current.identifier ?? "")'", at: open)
                return clauses
            }
            if acceptPunct(";") { continue }   // as between a layer's properties (CSS habit)
            let before = index
            if let c = parseClause(kind: kind) { clauses.append(c) }
            if index == before { advance() }
        }
        return clauses
    }

    /// clause -> IDENT value? (LABEL value*)*
    mutating func parseClause(kind: String) -> Clause? {
        if case .error = current.kind {
            reportErrorToken()
            return nil
        }
        if isPunct(","), previous.range.end <= current.range.start, !current.newlineBefore, peek().identifier != nil {
            // `center (10, 10), radius 5`: a list separator between properties.
            error(.expectedToken, "properties are separated by spaces or new lines, not ','", at: current.range,
                  help: "delete the ','", fix: .init(current.range, ""))
            advance()
            return nil
        }
        if case .color = current.kind {
            colourMeantAsComment()
            return nil
        }
        if isPunct(","), !current.newlineBefore, case .number = previous.kind, case .number = peek().kind {
            // `center 50, 50`: a point without its parentheses.
            error(.expectedToken, "expected a property name, found ','", at: current.range,
                  help: "a point or a size goes in parentheses: '(x, y)'")
            advance()
            skipToNextClause(kind: kind)
            return nil
        }
        guard let first = current.identifier else {
            error(.expectedToken, "expected a property name, found \(current.describe)", at: current.range)
            advance()
            skipToNextClause(kind: kind)
            return nil
        }
        if Parser.statementKeywords.contains(first) {
            // `layer a: circle { radius 3 let y = 1 }`: a statement where properties go.
            error(.misplacedStatement, "'\(first)' cannot stand inside \(kind == "emit" ? "an emit body" : kind == "scene" || kind == "spring" ? "a " + kind + " body" : "a layer body"); only properties go here",
                  at: current.range, help: "move it out of the braces")
            advance()
            skipToNextClause(kind: kind)
            return nil
        }
        var headID = Identifier(first, current.range)
        advance()
        // `line-width`, `skew-x`: a hyphenated word written where a property name goes is
        // one (unknown) name, not a subtraction; the compiler says it is unknown.
        while isPunct("-"), !current.spaceBefore, let next = peek().identifier, !peek().spaceBefore {
            advance()
            headID = Identifier(headID.name + "-" + next, headID.range.to(current.range))
            advance()
        }
        if kind == "path", let meant = PathCommand.synonyms[headID.name] {
            // `moveTo (0, 0)`, `curveTo …`: wave's command, and its labels (`control`) are read.
            calledOtherwise(.unknownProperty, "path command", headID.name, at: headID.range, meant: meant)
            headID = Identifier(meant, headID.range)
        }
        let head = headID.name
        // CSS's `filter: blur(4px)` in a layer body (the colon, if any, is part of it).
        let colon = isPunct(":") && !current.newlineBefore ? 1 : 0
        let cssFilter = head == "filter" && kind != "scene" && peek(colon).identifier == "blur" && peek(colon + 1).isPunct("(")
            && !peek(colon).newlineBefore
        if cssFilter, colon == 1 { advance() }
        if head == "transform", kind != "scene", peek(colon).identifier != nil, peek(colon + 1).isPunct("("), !peek(colon).newlineBefore {
            return parseCSSTransform(headID, colon: colon)
        }
        if head == "filter", kind != "scene", peek(colon).identifier == "drop", peek(colon + 1).isPunct("-"), peek(colon + 2).identifier == "shadow",
           peek(colon + 3).isPunct("("), !peek(colon).newlineBefore {
            return parseCSSDropShadow(headID, colon: colon)
        }
        if !cssFilter, isPunct(":") || isPunct("="), !current.newlineBefore, case .punct(let p) = current.kind {
            // `center: (10, 10)` (CSS, JSON), `radius = 5`: one error, and the value is read.
            // Under wave's name: `background-color: red` is also reported as wave's 'fill',
            // which this message must not contradict; an unknown word is not repeated.
            let name = isClauseHead(head, kind) ? head : kind == "spring" || kind == "emit" ? nil : Vocabulary.propertySynonyms[head]
            let write = name.map { ": write '\($0) …'" } ?? ""
            error(.expectedToken, "a property takes its value without '\(p)'\(write)", at: current.range,
                  help: "delete the '\(p)'", fix: .init(current.range, ""))
            readAsMeant(at: current.range)   // the property itself is still checked
            advance()
        }
        var value: Expr? = nil
        if cssFilter {
            // Wave's `blur` is a radius, twice CSS's σ.
            let call = parseExpression()
            let range = SourceRange(headID.range.start, call.range.end)
            if case .call(_, let args) = call.kind, args.count == 1, case .number(let n, let unit) = args[0].kind, unit == nil || unit == .pixels {
                let radius = Token.formatNumber(2 * n)
                error(.unknownProperty, "CSS's filter is wave's 'blur' property, whose radius is twice CSS's blur(): 'blur \(radius)'", at: range,
                      help: "replace with 'blur \(radius)'", fix: .init(range, "blur \(radius)"))
                return Clause(head: Identifier("blur", headID.range), value: Expr(.number(2 * n, nil), args[0].range), args: [], range: range)
            }
            error(.unknownProperty, "CSS's filter is wave's 'blur' property: 'blur R', where R is twice CSS's blur()", at: range)
            return nil
        }
        let takesNoValue = head == "close"
        if !takesNoValue {
            if let w = current.identifier, !Parser.valueWords.contains(w), isClauseHead(w, kind), startsValue(peek(), kind),
               // `anchor bottom` at the end of its line: a word of the property, not the next property.
               !(peek().newlineBefore && Property.named(head)?.spec.words.contains(w) == true) {
                // `radius fill red`: 'fill' starts the next property, so 'radius' has no value.
                // (`amplitude amplitude wavelength …` reads a variable named like a property.)
                error(.missingValue, "property '\(head)' needs a value before '\(w)'", at: headID.range,
                      help: "write the value of '\(head)' after it, or delete it")
            } else if isPunct("}") || current.isEOF {
                error(.missingValue, "property '\(head)' needs a value", at: headID.range,
                      help: "write the value of '\(head)' after it, or delete it")
            } else if case .error = current.kind {
                reportErrorToken()
                value = Expr(.error, previous.range)
            } else if canStartExpression {
                value = parseExpression()
                if Parser.cssShorthands.contains(head) {
                    // `box-shadow 0 2px 4px rgba(…)`: CSS's values in a row, read with it, so the
                    // unknown property is the one error.
                    while !current.newlineBefore, canStartExpression, !isPunct("{"),
                          !(current.identifier.map { isClauseHead($0, kind) } ?? false) { _ = parseExpression() }
                }
            } else {
                error(.missingValue, "property '\(head)' needs a value, found \(current.describe)", at: current.range)
                advance()
            }
        }
        let labels = Parser.clauseLabels(kind: kind, head: head)
        var args: [Arg] = []
        while true {
            // The labels of `replicate` stay on its line: `scale` on the next is the group's.
            while let w = current.identifier, let count = labels[w], !(head == Vocabulary.replicateClause && current.newlineBefore) {
                let label = Identifier(w, current.range)
                advance()
                var values: [Expr] = []
                for _ in 0..<count {
                    guard canStartExpression else {
                        error(.missingValue, "'\(w)' needs a value, found \(current.describe)", at: label.range)
                        break
                    }
                    values.append(parseExpression())
                }
                args.append(Arg(label: label, values: values))
            }
            // `radius 5 px`, `quad (1, 1) contrl (2, 2)`, `mask m invertd`: a word on the same
            // line that is a unit, or a misspelt label of this head (read as the label meant).
            guard current.identifier != nil, !current.newlineBefore else { break }
            if reportDetachedUnit() { continue }
            guard let w = current.identifier, !labels.isEmpty, !isClauseHead(w, kind), !Parser.statementKeywords.contains(w),
                  !(kind == "path" && PathCommand.synonyms[w] != nil), Vocabulary.propertySynonym(w) == nil else { break }
            let word = Identifier(w, current.range)
            var meant: String?
            if let synonym = Vocabulary.optionSynonyms[w]?.rawValue ?? Vocabulary.hyphenated(w), labels[synonym] != nil {
                // CAReplicatorLayer's `instanceDelay`: wave's label, read as it.
                calledOtherwise(.unknownOption, "option", w, at: word.range, place: " for '\(head)'", meant: synonym)
                meant = synonym
            } else {
                unknownWord(.unknownOption, "unknown option", word, "for '\(head)'", valid: Array(labels.keys))
                meant = Suggestion.best(for: w, among: labels.keys.sorted())
            }
            advance()
            var values: [Expr] = []
            for _ in 0..<(meant.flatMap { labels[$0] } ?? 1) where canStartExpression && !startsClause { values.append(parseExpression()) }
            if let meant { args.append(Arg(label: Identifier(meant, word.range), values: values)) }
        }
        return Clause(head: headID, value: value, args: args, range: headID.range.to(previous.range))
    }

    /// Whether a token begins a property value (so the word before it is a property name):
    /// a literal, a bracket, or a word that is not itself a property.
    func startsValue(_ t: Token, _ kind: String) -> Bool {
        switch t.kind {
        case .number, .string, .color, .size: return true
        case .punct(let p): return p == "(" || p == "[" || p == "!"
        case .identifier(let w): return !isClauseHead(w, kind)
        case .error, .eof: return false
        }
    }

    /// Whether the current token is a property name that starts the next clause.
    var startsClause: Bool { current.identifier.map { isClauseHead($0, "") } ?? false }

    func isClauseHead(_ w: String, _ kind: String) -> Bool {
        if kind == "spring" { return Vocabulary.springLabels[w] != nil }
        if kind == "emit" { return Vocabulary.emitterKeys.contains(w) }
        return Parser.propertyNames.contains(w) || (kind == "path" && Parser.pathCommands.contains(w))
    }

    /// `#cafe note` where a property or a statement goes: a comment without the space after
    /// '#', which reads as a colour when hex digits follow. One error, and the rest of the
    /// line is skipped (up to a '}' on it).
    mutating func colourMeantAsComment() {
        let at = current.range
        let word = file.text(of: at)
        error(.expectedToken, "'\(word)' reads as a colour, which does nothing here; a comment needs a space after '#'",
              at: at, help: "write '# \(word.dropFirst()) …'", fix: .init(SourceRange(at.start + 1, at.start + 1), " "))
        advance()
        while !current.isEOF, !current.newlineBefore, !isPunct("}") { advance() }
    }

    /// Recovery inside a body of clauses: skips to the next property name of the same block,
    /// its closing brace, or a statement keyword starting a line (nested braces balanced).
    mutating func skipToNextClause(kind: String) {
        var nesting = 0
        while !current.isEOF {
            if nesting == 0 {
                if isPunct("}") || atStrongToken { return }
                if let w = current.identifier, isClauseHead(w, kind) { return }
            }
            if isPunct("{") { nesting += 1 }
            if isPunct("}") { nesting -= 1 }
            advance()
        }
    }

    /// Property names that are also words a value may be (`anchor center`, `level height`,
    /// `join miter`).
    static let valueWords: Set<String> = ["center", "width", "height", "miter"]
}
