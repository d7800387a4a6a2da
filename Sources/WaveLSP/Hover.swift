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
        if context.block == .spring, let meaning = springKeyMeaning(word) {
            return ("**\(word)** — spring key: \(meaning)", token.range)
        }
        if context.block == .emit, Vocabulary.emitterKeys.contains(word) {
            return ("**\(word)** — emit key (Core Animation's CAEmitterCell/CAEmitterLayer; grammar.md, Emitters)", token.range)
        }
        if !afterDot, let statement = animationKeyword(tokens, before: i) {
            // `fill forwards` in an animation is its fill mode, not the fill property.
            if statement == "spring", let meaning = springKeyMeaning(word) {
                return ("**\(word)** — spring key: \(meaning)", token.range)
            }
            if let meaning = animationLabelMeanings[word], Vocabulary.animateLabels[word] != nil {
                return ("**\(word)** — animation option: \(meaning)", token.range)
            }
        }
        if let kind = LayerKind(rawValue: word) {
            let names = CompletionWords.properties(of: kind).map(\.rawValue).joined(separator: ", ")
            return ("**\(kind.rawValue)** — layer kind\n\nProperties: \(names)", token.range)
        }
        if let c = namedColors[word] { return (colour(c, written: word), token.range) }
        if TimingCurveName(rawValue: word) != nil { return ("**\(word)** — timing curve", token.range) }
        if Builtin(rawValue: word) != nil || Vocabulary.specialFunctions.contains(word) {
            return ("**\(word)** — function", token.range)
        }
        if let property = Property.named(word) { return (propertyText(property, kind: nil), token.range) }
        return nil
    }

    /// Animation labels whose word is also a property's or a layer kind's.
    static let animationLabelMeanings: [String: String] = [
        "from": "the start value (default: the current value)",
        "to": "the end value",
        "by": "the end relative to the start (to = from + by)",
        "over": "the duration of one pass (2s, 500ms, 90t)",
        "duration": "the duration of one pass, as 'over'",
        "begin": "how long after the statement runs it starts, as 'delay'",
        "autoreverse": "each pass runs forwards then backwards",
        "repeat-for": "repeats for this long in all",
        "stagger": "each copy or target starts this much after the one before",
        "eases": "one timing curve per keyframe segment",
        "along": "moves the position along a layer's outline or SVG path data",
        "fill": "fill mode, what shows outside the active time (none, forwards, backwards, both; default forwards)",
        "rotate": "along a motion path, how the layer turns (none, auto, auto-reverse)",
        "mode": "how keyframe values are joined (discrete, linear, cubic, paced)",
        "repeat": "how many times it plays (a number, or forever)",
        "delay": "how long after the statement runs it starts",
        "ease": "the timing curve",
        "values": "keyframe values",
        "times": "keyframe times, fractions of the duration",
    ]

    /// Keys of a spring (`spring x to 1 { … }` or on its line).
    static let springKeyMeanings: [String: String] = [
        "mass": "the mass m (Core Animation's; default 1)",
        "stiffness": "the spring constant k (default 100)",
        "damping": "the damping coefficient c (Core Animation's, not UIKit's ratio; default 10)",
        "velocity": "the initial velocity, in whole distances a second (default 0)",
        "initial-velocity": "the initial velocity, as 'velocity'",
        "response": "SwiftUI's response: the period of the undamped spring, in seconds",
        "duration": "the response, as 'response'",
        "damping-fraction": "the damping ratio ζ (UIKit's usingSpringWithDamping; 1 is critically damped)",
        "bounce": "SwiftUI's bounce: ζ = 1 − bounce",
        "over": "how long the animation lasts, cutting the spring short",
        "to": "the value the spring settles at",
    ]

    /// A spring's key: its own meaning, or the one it shares with `animate` (from, by,
    /// delay, fill).
    static func springKeyMeaning(_ word: String) -> String? {
        springKeyMeanings[word] ?? (Vocabulary.springLabels[word] != nil ? animationLabelMeanings[word] : nil)
    }

    /// "animate" or "spring" when token `i` is in such a statement (read back to the start
    /// of its line, or to a `then` link's keyword), else nil.
    static func animationKeyword(_ tokens: [Token], before i: Int) -> String? {
        var k = i - 1
        while k >= 0 {
            if tokens[k].isWord("animate") { return "animate" }
            if tokens[k].isWord("spring") { return "spring" }
            if tokens[k].newlineBefore || tokens[k].isPunct("{") || tokens[k].isPunct("}") || tokens[k].isPunct(";") { return nil }
            k -= 1
        }
        return nil
    }

    /// `**radius**: length, default `10` — the circle's radius`.
    static func propertyText(_ p: Property, kind: LayerKind?) -> String {
        let byDefault = kind.map { p.defaultText(for: $0) } ?? p.spec.defaultText
        let kinds = p.spec.kinds.map { " (on \($0.map(\.rawValue).sorted().joined(separator: ", ")))" } ?? " (on every layer)"
        var text = "**\(p.rawValue)**: \(p.spec.type.rawValue), default `\(byDefault)`\(kinds)\n\n\(p.meaning)"
        if !p.spec.words.isEmpty { text += "\n\nWords: " + p.spec.words.joined(separator: ", ") }
        return text
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
