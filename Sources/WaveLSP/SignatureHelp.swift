import WaveCompiler
import WaveSyntax

/// Signature help: inside the parentheses of a call, the called function's form with the
/// parameter the cursor is on: built-in functions and paints (`mix(a, b, f)`), timing curves
/// (`cubic-bezier(x1, y1, x2, y2)`), and the script's own `func`s with their parameters.
enum SignatureHelp {
    struct Signature: Equatable {
        /// `mix(a, b, f)`.
        var label: String
        var documentation: String
        /// Each parameter's place in `label` (UTF-16 offsets, as LSP counts them).
        var parameters: [(start: Int, end: Int)]
        var active: Int

        static func == (a: Signature, b: Signature) -> Bool {
            a.label == b.label && a.active == b.active && a.parameters.map { [$0.start, $0.end] } == b.parameters.map { [$0.start, $0.end] }
        }
    }

    /// The call around `offset`: the innermost `(` not closed before it, right after a name.
    static func at(_ analysis: Analysis, offset: Int) -> Signature? {
        let tokens = analysis.lexed.tokens
        guard var i = analysis.lastTokenIndex(before: offset) else { return nil }
        var depth = 0, commas = 0
        while i >= 0 {
            let t = tokens[i]
            if t.isPunct(")") || t.isPunct("]") { depth += 1 }
            else if t.isPunct("(") || t.isPunct("[") {
                if depth == 0 {
                    guard t.isPunct("("), i > 0, let name = tokens[i - 1].identifier,
                          tokens[i - 1].range.end == t.range.start else { return nil }
                    return signature(of: name, analysis, active: commas)
                }
                depth -= 1
            } else if t.isPunct(","), depth == 0 { commas += 1 }
            else if t.isPunct("{") || t.isPunct("}") { return nil }
            i -= 1
        }
        return nil
    }

    static func signature(of name: String, _ analysis: Analysis, active: Int) -> Signature? {
        if let d = analysis.symbols.definitions[name], d.kind == .function {
            let params = analysis.symbols.locals.filter { $0.kind == .parameter && $0.owner == name }
                .sorted { $0.nameRange.start < $1.nameRange.start }.map(\.name)
            return make("\(name)(\(params.joined(separator: ", ")))", "function of this script", active: active)
        }
        if let e = EasingFunction(rawValue: name) { return make(e.form, e.meaning, active: active) }
        if let (form, meaning) = Explanation.functions[name] {
            // `random() / random(a, b)`: the form with arguments.
            let label = form.components(separatedBy: " / ").last ?? form
            return make(label, meaning, active: active)
        }
        return nil
    }

    /// The signature of `label`, its parameters split at the top-level commas of its
    /// parentheses (`[dir,] stops…` gives `[dir,]` and `stops…`).
    static func make(_ label: String, _ documentation: String, active: Int) -> Signature {
        let units = Array(label.utf16)
        guard let open = units.firstIndex(of: UInt16(UInt8(ascii: "("))), let close = units.lastIndex(of: UInt16(UInt8(ascii: ")"))), open < close else {
            return Signature(label: label, documentation: documentation, parameters: [], active: 0)
        }
        var parameters: [(Int, Int)] = []
        var start = open + 1, depth = 0
        for k in (open + 1)..<close {
            let u = units[k]
            if u == UInt16(UInt8(ascii: "[")) { depth += 1 }
            if u == UInt16(UInt8(ascii: "]")) { depth -= 1 }
            if u == UInt16(UInt8(ascii: ",")), depth == 0 {
                parameters.append((start, k))
                start = k + 1
                while start < close, units[start] == UInt16(UInt8(ascii: " ")) { start += 1 }
            }
        }
        if close > start { parameters.append((start, close)) }
        // A bracketed optional parameter holds its comma: `[dir,]` ends after it.
        let last = max(0, parameters.count - 1)
        return Signature(label: label, documentation: documentation, parameters: parameters.map { (start: $0.0, end: $0.1) },
                         active: label.hasSuffix("…)") ? min(active, last) : active)
    }
}
