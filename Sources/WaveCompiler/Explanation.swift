import WaveSyntax

/// What a word of the language is, in a few lines of light Markdown (`**name**`, code in
/// backticks): the REPL's `:help NAME` prints it plain, the language server's hover shows
/// it. Built from the vocabulary's own tables (properties, statement keywords, clause
/// labels, layer kinds, timing curves, colours) and the function table below, so the two
/// say the same.
public enum Explanation {
    /// The explanation of `word`, or nil when it is no word of the language. A word that is
    /// several things (`tick`: the built-in count and the unit of `every 3 ticks`) gets each.
    public static func of(_ word: String) -> String? {
        var said: [String] = []
        if let p = Property.named(word) { said.append(property(p, kind: nil)) }
        if let f = function(word) { said.append(f) }
        if let k = StatementKeyword(rawValue: word) { said.append("**\(word)** — statement: `\(k.form)`\n\n\(k.meaning)") }
        if let meaning = Compiler.builtinNameMeanings[word] { said.append("**\(word)** — built-in: \(meaning)") }
        if let w = StatementWord(rawValue: word) { said.append("**\(word)** — \(w.meaning)") }
        if let kind = LayerKind(rawValue: word) {
            let names = Property.allCases.filter { $0.applies(to: kind) }.map(\.rawValue).joined(separator: ", ")
            said.append("**\(kind.rawValue)** — layer kind\n\nProperties: \(names)")
        }
        if let curve = TimingCurveName(rawValue: word) { said.append("**\(word)** — timing curve: \(curve.meaning)") }
        if let label = ClauseLabel(rawValue: word), Property.named(word) == nil {
            let owners: [(String, ClauseOwner)] = [("animation option", .animate), ("spring key", .spring)]
            said += owners.compactMap { name, owner in label.meaning(in: owner).map { "**\(word)** — \(name): \($0)" } }
        }
        if let c = namedColors[word] { said.append("**\(word)** — colour \(Value.hex(c))") }
        return said.isEmpty ? nil : said.joined(separator: "\n\n")
    }

    /// `**radius**: length, default `10` (on circle)`, then what it does and its words.
    public static func property(_ p: Property, kind: LayerKind?) -> String {
        let byDefault = kind.map { p.defaultText(for: $0) } ?? p.spec.defaultText
        let kinds = p.spec.kinds.map { " (on \($0.map(\.rawValue).sorted().joined(separator: ", ")))" } ?? " (on every layer)"
        var text = "**\(p.rawValue)**: \(p.spec.type.rawValue), default `\(byDefault)`\(kinds)\n\n\(p.meaning)"
        if !p.spec.words.isEmpty { text += "\n\nWords: " + p.spec.words.joined(separator: ", ") }
        return text
    }

    /// A built-in function: how it is called and what it gives (grammar.md §3's table).
    public static func function(_ name: String) -> String? {
        if let f = EasingFunction(rawValue: name) { return "**\(name)** — timing curve: `\(f.form)`\n\n\(f.meaning)" }
        guard let (form, meaning) = functions[name] else { return nil }
        return "**\(name)** — function: `\(form)`\n\n\(meaning)"
    }

    /// The functions' forms and meanings, for every `Builtin` and every special function
    /// (`Vocabulary.specialFunctions` but the timing curves).
    public static let functions: [String: (form: String, meaning: String)] = {
        var table: [String: (String, String)] = [:]
        for f in Builtin.allCases {
            let n = f.rawValue
            switch f {
            case .sin, .cos, .tan: table[n] = ("\(n)(x)", "of an angle or a plain number (radians)")
            case .asin, .acos, .atan: table[n] = ("\(n)(x)", "gives an angle")
            case .atan2: table[n] = ("atan2(y, x)", "the angle of the point (x, y)")
            case .abs, .floor, .ceil, .round, .sign: table[n] = ("\(n)(x)", "keeps the unit")
            case .min, .max: table[n] = ("\(n)(a, b, …)", "the \(f == .min ? "least" : "greatest") of numbers of one unit")
            case .clamp: table[n] = ("clamp(x, lo, hi)", "x held between lo and hi")
            case .mix: table[n] = ("mix(a, b, f)", "a to b by the fraction f: numbers, points or colours")
            case .sqrt, .exp, .log: table[n] = ("\(n)(x)", f == .sqrt ? "the square root" : f == .exp ? "e to the power x" : "the natural logarithm")
            case .pow: table[n] = ("pow(a, b)", "a to the power b")
            case .mod: table[n] = ("mod(a, b)", "the remainder of a / b, with the sign of b")
            case .random: table[n] = ("random() / random(a, b)", "uniform in [0, 1) / [a, b), seeded per scene ('seed' in the header)")
            case .rgb: table[n] = ("rgb(r, g, b)", "a colour, components from 0 to 255")
            case .rgba: table[n] = ("rgba(r, g, b, a)", "a colour, components from 0 to 255 and alpha from 0 to 1")
            case .hsl: table[n] = ("hsl(h, s, l)", "a colour from hue (an angle), saturation and lightness (0 to 1)")
            case .point: table[n] = ("point(x, y)", "a point")
            case .substring: table[n] = ("substring(s, from[, count])", "count characters (default: the rest) from index from (0 the first)")
            case .charCount: table[n] = ("char-count(s)", "the number of characters (grapheme clusters)")
            }
        }
        table["linear-gradient"] = ("linear-gradient([dir,] stops…)", "a paint: dir a direction word (down, up-right …), an angle, or two points in the layer's unit box")
        table["radial-gradient"] = ("radial-gradient([centre,] stops…)", "a paint: centre in the layer's unit box, default (0.5, 0.5)")
        table["conic-gradient"] = ("conic-gradient([angle,] [centre,] stops…)", "a paint sweeping clockwise around the centre from the angle (0deg up)")
        table["linear"] = ("linear(output [position [position]], …)", "CSS's piecewise-linear timing curve: straight lines through the points (positions as percentages)")
        table["path-length"] = ("path-length(L)", "the length of layer L's outline, in L's own units")
        for m in TextMeasure.allCases { table[m.rawValue] = (m.signature, m.summary) }
        return table
    }()

    /// `text` without the Markdown: for a terminal.
    public static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "'")
    }
}
