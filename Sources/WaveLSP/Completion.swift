import Foundation
import WaveCompiler
import WaveSyntax

/// `textDocument/completion`: the candidates of `CompletionWords` (shared with the REPL)
/// that fit where the cursor is.
struct Completion {
    /// LSP `CompletionItemKind` values.
    enum ItemKind: Int { case function = 3, field = 5, variable = 6, `class` = 7, property = 10, unit = 11, keyword = 14, color = 16, enumMember = 20 }

    struct Item: Equatable {
        var label: String
        var kind: ItemKind
        var detail: String?
        var documentation: String?

        var json: JSON {
            var o: JSON = ["label": label, "kind": kind.rawValue]
            if let detail { o["detail"] = detail }
            if let documentation { o["documentation"] = documentation }
            return o
        }
    }

    /// The range of the word being typed at byte `offset`: letters, digits, '_', '-' and '%'
    /// back from the cursor. A completion replaces all of it, so `stroke-e` becomes
    /// `stroke-end` in editors whose words stop at '-'.
    /// After a number (`3`, `45de`) the word is its unit, so a unit item replaces only that
    /// and the number stays (`over 3` → `over 3s`).
    static func wordRange(_ analysis: Analysis, at offset: Int) -> SourceRange {
        let bytes = analysis.file.bytes
        var start = wordStart(analysis, at: offset)
        if start < offset, isDigit(bytes[start]) {
            while start < offset, isDigit(bytes[start]) || bytes[start] == UInt8(ascii: ".") { start += 1 }
        }
        return SourceRange(start, offset)
    }

    /// Where the run of word bytes that ends at `offset` starts (a number included).
    static func wordStart(_ analysis: Analysis, at offset: Int) -> Int {
        let bytes = analysis.file.bytes
        var start = offset
        while start > 0, Completion.isWordByte(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// The items for the cursor at byte `offset` of `analysis`.
    static func items(_ analysis: Analysis, at offset: Int) -> [Item] {
        let bytes = analysis.file.bytes
        // Nothing inside a comment or a string (a `#` comment's text is prose; a string's
        // is text to show).
        if analysis.lexed.comments.contains(where: { $0.range.start < offset && offset <= $0.range.end }) { return [] }
        let tokens = analysis.lexed.tokens, before = analysis.lastTokenIndex(before: offset)
        /// A string token, or one the lexer refused because its line ended before the quote.
        func isString(_ t: Token) -> Bool {
            switch t.kind {
            case .string: return true
            case .error(let code, _): return code == .unterminatedString
            default: return false
            }
        }
        if let i = Optional((before ?? -1) + 1), i < tokens.count, isString(tokens[i]), tokens[i].range.start < offset {
            return []   // inside a string
        }
        if let i = before, isString(tokens[i]), tokens[i].range.end == offset,
           tokens[i].range.end - tokens[i].range.start < 2 || bytes[offset - 1] != UInt8(ascii: "\"") {
            return []   // at the end of a string not closed yet
        }
        let wordStart = wordStart(analysis, at: offset)
        // A number being typed takes a unit (`3`, `3s`, `45de`); a hex colour takes nothing.
        if wordStart < offset, isDigit(bytes[wordStart]) {
            return CompletionWords.units.map { Item(label: $0, kind: .unit, detail: "unit") }
        }
        if wordStart > 0, bytes[wordStart - 1] == UInt8(ascii: "#") { return [] }
        let lineBreak: Bool = {
            let before = analysis.lastTokenIndex(before: wordStart).map { tokens[$0].range.end } ?? 0
            return bytes[min(before, wordStart)..<wordStart].contains(10)
        }()
        let context = CursorContext(tokens: tokens, wordStart: wordStart, lineBreakBefore: lineBreak)
        let environment = analysis.environment

        // `name.` and `name[i].` members.
        if let dot = context.previous, dot.isPunct("."), dot.range.end == wordStart,
           let baseIndex = memberBase(tokens, dot: analysis.lastTokenIndex(before: dot.range.end) ?? 0),
           let base = tokens[baseIndex].identifier {
            if let components = CompletionWords.components(of: base, in: environment) {
                return components.map { Item(label: $0, kind: .field, detail: "component") }
            }
            guard let members = CompletionWords.members(of: base, in: environment) else { return [] }
            // `animate ball.` and `spring ball.`: only what can be animated.
            let animating = baseIndex > 0 && (tokens[baseIndex - 1].isWord("animate") || tokens[baseIndex - 1].isWord("spring"))
            return members.filter { !animating || $0.isAnimatable }.map(propertyItem)
        }
        // `layer NAME: ` takes a kind.
        if let colon = context.previous, colon.isPunct(":"), context.beforePrevious?.identifier != nil {
            return CompletionWords.layerKinds.map { Item(label: $0, kind: .class, detail: "layer kind") }
        }
        // After `ease` (or a spring's `eases`): a curve.
        if let p = context.previous?.identifier.flatMap(ClauseLabel.init(rawValue:)), p == .ease || p == .eases {
            return CompletionWords.curveNames.map { Item(label: $0, kind: .enumMember, detail: "timing curve") }
        }
        // After `then`: a statement (what runs when the animation ends).
        if let p = context.previous, p.isWord(.then) {
            return Parser.statementKeywords.sorted().map { Item(label: $0, kind: .keyword) } + nameItems(analysis)
        }
        // `mask |`: a layer (the one whose alpha shows this one), before anything else a
        // value could be.
        if let p = context.previous, p.isWord(Vocabulary.maskClause), case .layer = context.block {
            let layers = nameItems(analysis).filter { analysis.symbols.definitions[$0.label]?.kind == .layer }
            return layers + nameItems(analysis).filter { analysis.symbols.definitions[$0.label]?.kind != .layer }
        }
        // `layer b: rect below |`: the layer it is placed against.
        if let p = context.previous, p.isWord(.below) || p.isWord(.above) {
            return nameItems(analysis).filter { analysis.symbols.definitions[$0.label]?.kind == .layer }
        }
        // In an `animate` or `spring` statement: the words an option takes, or the options
        // not given yet.
        if !context.startsClause, let last = analysis.lastTokenIndex(before: wordStart),
           let statement = Hover.animationKeyword(tokens, before: last + 1),
           let items = animationItems(statement, tokens: tokens, last: last) {
            return items
        }
        // `effect LAYER |`: an effect; `spawn |` and `emit |`: a template.
        if let p = context.previous, let before = context.beforePrevious, before.isWord("effect"), p.identifier != nil {
            return EffectKind.allCases.map { Item(label: $0.rawValue, kind: .enumMember, detail: "text effect") }
        }
        if let p = context.previous, p.isWord("spawn") || p.isWord("emit") {
            return nameItems(analysis).filter { analysis.symbols.definitions[$0.label]?.kind == .template }
        }
        // `spawn t(|` and `spawn t(a = 1, |`: the template's parameters.
        if let p = context.previous, p.isPunct("(") || p.isPunct(","), let last = analysis.lastTokenIndex(before: wordStart),
           let template = spawnedTemplate(tokens, openBefore: last) {
            return analysis.symbols.locals.filter { $0.kind == .parameter && $0.owner == template }
                .sorted { $0.nameRange.start < $1.nameRange.start }
                .map { Item(label: $0.name, kind: .variable, detail: "parameter of \(template)") }
        }
        // The first argument of a gradient: its direction words, then colours.
        if let open = context.previous, open.isPunct("("), let g = context.beforePrevious?.identifier,
           let kind = GradientKind(rawValue: g), kind == .linear {
            return GradientDirection.allCases.map { Item(label: $0.rawValue, kind: .enumMember, detail: "gradient direction") } + colorItems()
        }
        // After a whole value and a space, the next key of a block may start on the same
        // line (`birth-rate 5  lifetime 2`).
        func nextKey(_ keys: Set<String>) -> Bool {
            guard let p = context.previous, p.range.end < wordStart, Completion.endsValue(p) else { return false }
            return !(p.identifier.map(keys.contains) ?? false)
        }
        switch context.block {
        case .emit where context.startsClause || nextKey(Set(Vocabulary.emitterKeys)):
            return Vocabulary.emitterKeys.map { Item(label: $0, kind: .property, detail: "emit key") }
        case .spring where context.startsClause || nextKey(Set(ClauseOwner.spring.arities.keys)):
            return ClauseOwner.spring.arities.keys.sorted().map { Item(label: $0, kind: .property, detail: "spring key") }
        case .layer(let kind) where context.startsClause:
            let properties = kind.map(CompletionWords.properties(of:)) ?? Property.allCases
            return properties.map(propertyItem) + [
                Item(label: Vocabulary.maskClause, kind: .keyword, detail: "mask LAYER [inverted]"),
                Item(label: "layer", kind: .keyword, detail: "a child layer"),
            ]
        case .scene where context.startsClause:
            return SceneProperty.allCases.map { Item(label: $0.rawValue, kind: .property, detail: "scene property") }
        default:
            break
        }
        // A value: the words the clause's property takes, then names, colours and functions.
        var items: [Item] = []
        if let head = context.clauseHead, let property = Property.named(head) {
            items += property.spec.words.map { Item(label: $0, kind: .enumMember, detail: "\(property.rawValue) word") }
            if property.spec.type == .paint {
                items += colorItems()
            }
            if case .layer(let kind) = context.block {
                // After a whole value and a space (`radius 4  |`), the next property may
                // start on the same line: its names come too.
                var next: [Item] = []
                if let p = context.previous, p.range.end < wordStart, Completion.endsValue(p), p.identifier != head {
                    next = (kind.map(CompletionWords.properties(of:)) ?? Property.allCases).map(propertyItem)
                }
                // After a whole value the next property is the likelier word: it comes first.
                return next + items + nameItems(analysis) + builtinItems() + functionItems()
            }
        }
        if context.startsClause, context.block == .topLevel || context.block == .code {
            // A statement starts here: its keywords, not an animation's options (`from`, `ease`).
            items += Parser.statementKeywords.sorted().map { Item(label: $0, kind: .keyword) }
        } else {
            items += CompletionWords.clauseWords.map { Item(label: $0, kind: .keyword) }
        }
        items += nameItems(analysis) + builtinItems() + functionItems()
        items += TimingCurveName.allCases.map { Item(label: $0.rawValue, kind: .enumMember, detail: "timing curve") }
        items += colorItems()
        var seen: Set<String> = []
        return items.filter { seen.insert($0.label).inserted }
    }

    /// In an `animate` (or `spring`) statement whose last token is `tokens[last]`: after
    /// `fill`, `mode`, `rotate` or `repeat` the words they take; after a whole value (or
    /// `autoreverse`) the options not given yet; nil where a value comes next.
    static func animationItems(_ owner: ClauseOwner, tokens: [Token], last: Int) -> [Item]? {
        let statement = owner.word
        func label(_ i: Int) -> ClauseLabel? {
            guard let w = tokens[i].identifier, let l = ClauseLabel(rawValue: w), owner.takes(l),
                  i == 0 || !tokens[i - 1].isPunct(".") else { return nil }
            return l
        }
        let p = tokens[last]
        if let l = label(last) {
            func words(_ all: [String], _ detail: String) -> [Item] { all.map { Item(label: $0, kind: .enumMember, detail: detail) } }
            switch l {
            case .fill: return words(FillMode.allCases.map(\.rawValue), "fill mode")
            case .mode: return words(KeyframeMode.allCases.map(\.rawValue), "keyframe mode")
            case .rotate: return words(MotionRotation.allCases.map(\.rawValue), "rotation along the path")
            case .repeat: return [Item(label: StatementWord.forever.rawValue, kind: .keyword, detail: "repeat without end")]
            default: if owner.arity(l) != 0 { return nil }
            }
        } else if p.isWord(statement) || p.isWord(.then) || !Completion.endsValue(p) {
            return nil
        }
        var given: Set<ClauseLabel> = []
        var k = last
        while k >= 0, !tokens[k].isWord(statement) {
            if let l = label(k) { given.insert(l) }
            k -= 1
        }
        return owner.labels.map(\.label).sorted { $0.rawValue < $1.rawValue }.filter { !given.contains($0) }.map {
            Item(label: $0.rawValue, kind: .keyword, detail: "\(statement) option", documentation: $0.meaning(in: owner))
        }
    }

    /// The name a member access ends in `.` at token `dot` reads from: `ball.` or `bar[i + 1].`
    /// (the name before the brackets), with nothing between; nil otherwise.
    static func memberBase(_ tokens: [Token], dot: Int) -> Int? {
        var k = dot - 1
        guard k >= 0, tokens[k].range.end == tokens[dot].range.start else { return nil }
        if tokens[k].isPunct("]") {
            var depth = 0
            while k >= 0 {
                if tokens[k].isPunct("]") { depth += 1 } else if tokens[k].isPunct("[") { depth -= 1 }
                if depth == 0 { break }
                k -= 1
            }
            k -= 1
            guard k >= 0, tokens[k].range.end == tokens[k + 1].range.start else { return nil }
        }
        return tokens[k].identifier == nil ? nil : k
    }

    /// The built-in names a value may use (`t`, `width`, `index` …).
    static func builtinItems() -> [Item] {
        Compiler.builtinNameMeanings.keys.sorted().map {
            Item(label: $0, kind: .variable, detail: "built-in", documentation: Compiler.builtinNameMeanings[$0])
        }
    }

    /// Whether `t` can end a value: a literal, a name, or a closing bracket.
    static func endsValue(_ t: Token) -> Bool {
        switch t.kind {
        case .number, .string, .color, .size, .identifier: return true
        case .punct(let p): return p == ")" || p == "]"
        default: return false
        }
    }

    static func propertyItem(_ p: Property) -> Item {
        Item(label: p.rawValue, kind: .property, detail: "\(p.spec.type.rawValue), default \(p.spec.defaultText)", documentation: p.meaning)
    }

    static func colorItems() -> [Item] {
        CompletionWords.colorNames.compactMap { name in
            namedColors[name].map { Item(label: name, kind: .color, detail: "colour", documentation: Value.hex($0)) }
        }
    }

    static func functionItems() -> [Item] {
        CompletionWords.functions.map { Item(label: $0, kind: .function, detail: "function") }
    }

    /// The script's layers, templates and variables.
    /// The template of `spawn NAME(` when `tokens[last]` is inside its argument list (no
    /// bracket closed or opened since, on the same line).
    static func spawnedTemplate(_ tokens: [Token], openBefore last: Int) -> String? {
        var k = last, nesting = 0
        while k >= 2 {
            let t = tokens[k]
            if t.isPunct(")") || t.isPunct("]") { nesting += 1 }
            if t.isPunct("[") { nesting -= 1 }
            if t.isPunct("{") || t.isPunct("}") { return nil }
            if t.isPunct("(") {
                if nesting == 0 { return tokens[k - 2].isWord("spawn") ? tokens[k - 1].identifier : nil }
                nesting -= 1
            }
            if t.newlineBefore { return nil }
            k -= 1
        }
        return nil
    }

    static func nameItems(_ analysis: Analysis) -> [Item] {
        analysis.symbols.definitions.values.sorted { $0.nameRange.start < $1.nameRange.start }.map { d in
            switch d.kind {
            case .layer, .template: return Item(label: d.name, kind: .class, detail: "\(d.kind.rawValue) \(d.name): \(d.layerKind ?? "?")")
            case .variable, .constant: return Item(label: d.name, kind: .variable, detail: d.kind == .variable ? "var" : "let")
            case .function: return Item(label: d.name, kind: .function, detail: "func")
            case .parameter: return Item(label: d.name, kind: .variable, detail: "parameter of \(d.owner ?? "?")")
            }
        }
    }

    static func isWordByte(_ b: UInt8) -> Bool {
        (b | 0x20 >= 97 && b | 0x20 <= 122) || isDigit(b) || b == 95 || b == 45 || b == 37
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
