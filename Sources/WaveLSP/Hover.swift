import Foundation
import WaveCompiler
import WaveRuntime
import WaveSyntax

/// `textDocument/hover`: Markdown about the word under the cursor.
enum Hover {
    /// The hover text and the range it is about, or nil when there is nothing to say.
    static func at(_ analysis: Analysis, offset: Int) -> (markdown: String, range: SourceRange)? {
        let tokens = analysis.lexed.tokens
        guard let i = analysis.tokenIndex(at: offset) else { return nil }
        let token = tokens[i]
        if case .color(let r, let g, let b, let a) = token.kind {
            return (colour(RGBA(r, g, b, a), written: analysis.file.text(of: token.range)), token.range)
        }
        guard let word = token.identifier else { return nil }
        let afterDot = i > 0 && tokens[i - 1].isPunct(".") && tokens[i - 1].range.end == token.range.start

        if !afterDot, let d = analysis.symbols.definition(of: word, at: token.range.start) {
            return (declaration(d, analysis), token.range)
        }
        if afterDot, i > 1, let base = tokens[i - 2].identifier, let property = Property.named(word),
           let d = analysis.symbols.definitions[base], let kind = d.layerKind.flatMap(LayerKind.init(rawValue:)) {
            return (propertyText(property, kind: kind), token.range)
        }
        let context = CursorContext(tokens: tokens, wordStart: token.range.start, lineBreakBefore: token.newlineBefore)
        let startsLayerClause: Bool = { if case .layer = context.block { return context.startsClause }; return false }()
        if let property = Property.named(word), case .layer(let kind) = context.block, context.startsClause {
            return (propertyText(property, kind: kind), token.range)
        }
        if !afterDot, !startsLayerClause, let meaning = Compiler.builtinNameMeanings[word] {
            // `width` in an expression is the scene's, not the stroke-width alias.
            return ("**\(word)** — built-in: \(meaning)", token.range)
        }
        if case .layer(.path?) = context.block, !afterDot, let command = PathCommand(rawValue: word),
           context.startsClause || i == 0 || Completion.endsValue(tokens[i - 1]) {
            // A path body holds no child layers: `line` after a value is the next command.
            return ("**\(word)** — path command\n\n```wave\n\(command.form)\n```", token.range)
        }
        let label = ClauseLabel(rawValue: word)
        if context.block == .spring, let meaning = label?.meaning(in: .spring) {
            return ("**\(word)** — spring key: \(meaning)", token.range)
        }
        if context.block == .emit, Vocabulary.emitterKeys.contains(word) {
            return ("**\(word)** — emit key (Core Animation's CAEmitterCell/CAEmitterLayer; grammar.md, Emitters)", token.range)
        }
        if !afterDot, let statement = animationKeyword(tokens, before: i) {
            // `fill forwards` in an animation is its fill mode, not the fill property.
            if statement == .spring, let meaning = label?.meaning(in: .spring) {
                return ("**\(word)** — spring key: \(meaning)", token.range)
            }
            if let meaning = label?.meaning(in: .animate) {
                return ("**\(word)** — animation option: \(meaning)", token.range)
            }
        }
        if !afterDot, let keyword = StatementKeyword(rawValue: word),
           i == 0 || token.newlineBefore || tokens[i - 1].isPunct("{") || tokens[i - 1].isPunct(";") || tokens[i - 1].isWord(StatementWord.then.rawValue) {
            // A statement's first word: its form and meaning (the table `:help` prints too).
            return ("**\(word)** — statement: `\(keyword.form)`\n\n\(keyword.meaning)", token.range)
        }
        if let kind = LayerKind(rawValue: word) {
            let names = CompletionWords.properties(of: kind).map(\.rawValue).joined(separator: ", ")
            return ("**\(kind.rawValue)** — layer kind\n\nProperties: \(names)", token.range)
        }
        if let c = namedColors[word] { return (colour(c, written: word), token.range) }
        if TimingCurveName(rawValue: word) != nil { return ("**\(word)** — timing curve", token.range) }
        if Builtin(rawValue: word) != nil || Vocabulary.specialFunctions.contains(word) {
            return (Explanation.function(word) ?? "**\(word)** — function", token.range)
        }
        if let property = Property.named(word) { return (propertyText(property, kind: nil), token.range) }
        return nil
    }

    /// `.animate` or `.spring` when token `i` is in such a statement (read back to the start
    /// of its line, or to a `then` link's keyword), else nil. The labels' meanings are the
    /// clause table's (`ClauseLabel.meaning(in:)`).
    static func animationKeyword(_ tokens: [Token], before i: Int) -> ClauseOwner? {
        var k = i - 1
        while k >= 0 {
            if tokens[k].isWord(ClauseOwner.animate.word) { return .animate }
            if tokens[k].isWord(ClauseOwner.spring.word) { return .spring }
            if tokens[k].newlineBefore || tokens[k].isPunct("{") || tokens[k].isPunct("}") || tokens[k].isPunct(";") { return nil }
            k -= 1
        }
        return nil
    }

    /// `**radius**: length, default `10` (on circle)`, then what it does (`Explanation`,
    /// which the REPL's `:help` prints too).
    static func propertyText(_ p: Property, kind: LayerKind?) -> String {
        Explanation.property(p, kind: kind)
    }

    static func colour(_ c: RGBA, written: String) -> String {
        "**\(written)** — colour \(Value.hex(c))"
    }

    /// A layer's kind and declaration line; a variable's declaration and value at tick 0.
    static func declaration(_ d: SymbolIndex.Definition, _ analysis: Analysis) -> String {
        let file = analysis.file
        let firstLine = file.lineText(file.location(of: d.range.start).line).trimmingCharacters(in: .whitespaces)
        switch d.kind {
        case .layer, .template:
            return "**\(d.name)** — \(d.kind.rawValue), kind \(d.layerKind ?? "?")\n\n```wave\n\(firstLine)\n```"
        case .variable, .constant:
            if d.scope != nil { return "**\(d.name)** — loop variable\n\n```wave\n\(firstLine)\n```" }
            var text = "**\(d.name)** — \(d.kind == .variable ? "var" : "let")\n\n```wave\n\(firstLine)\n```"
            if let v = valueAtTickZero(d.name, analysis) { text += "\n\nAt tick 0: `\(v)`" }
            return text
        case .function:
            return "**\(d.name)** — function\n\n```wave\n\(file.text(of: d.range))\n```"
        case .parameter:
            let written = file.text(of: d.range)
            return "**\(d.name)** — parameter of '\(d.owner ?? "?")'\(written.contains("=") ? ", default `\(written.split(separator: "=", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces))`" : "")\n\n```wave\n\(firstLine)\n```"
        }
    }

    /// The value a variable or constant has at tick 0 (after tick 0's handlers ran, as
    /// the first frame shows it), evaluated by the runtime; nil when the script does not compile.
    static func valueAtTickZero(_ name: String, _ analysis: Analysis) -> String? {
        // The runtime, like the compiler, runs on one thread at a time (`Analysis.compiling`).
        Analysis.compiling.lock()
        defer { Analysis.compiling.unlock() }
        guard let program = analysis.checked.program, var runtime = try? SceneRuntime(program: program),
              let (ir, type) = Compiler.compileExpression(SourceFile(name: "hover", text: name), environment: analysis.environment),
              let value = try? runtime.evaluate(ir) else { return nil }
        // A time or an angle with its unit, as the script writes one (angles are held in radians).
        if case .number(let v) = value {
            if type == .number(.time) { return Value.format(v) + "s" }
            if type == .number(.angle) { return Value.format((v * 180 / .pi * 1e6).rounded() / 1e6) + "deg" }
        }
        return value.description
    }
}
