import Foundation
import WaveCompiler
import WaveSyntax

/// Colour swatches and the colour picker: each colour written as a literal (`#1d3557`,
/// `#fff8`) or a named colour (`coral`) where a value stands, with its RGBA; and the ways
/// to write a picked colour back (`#rrggbb`, `#rrggbbaa`, `rgb(…)`, `rgba(…)`).
enum DocumentColors {
    static func colors(_ analysis: Analysis) -> [(range: SourceRange, rgba: RGBA)] {
        let tokens = analysis.lexed.tokens
        let definitions = analysis.symbols.definitions
        var out: [(SourceRange, RGBA)] = []
        for (i, t) in tokens.enumerated() {
            switch t.kind {
            case .color(let r, let g, let b, let a):
                out.append((t.range, RGBA(r, g, b, a)))
            case .identifier(let w):
                // A named colour, not a member (`x.red`), a call or a name declared in the script.
                guard let c = namedColors[w], definitions[w] == nil,
                      !(i > 0 && tokens[i - 1].isPunct(".")), !(i + 1 < tokens.count && tokens[i + 1].isPunct("(")) else { continue }
                out.append((t.range, c))
            default: continue
            }
        }
        return out
    }

    /// The labels a picked colour can be written as, the first the editor's default.
    static func presentations(red: Double, green: Double, blue: Double, alpha: Double) -> [String] {
        presentations(RGBA(red, green, blue, alpha))
    }

    static func presentations(_ c: RGBA) -> [String] {
        func byte(_ x: Double) -> Int { Int((min(1, max(0, x.isNaN ? 0 : x)) * 255).rounded()) }
        let r = byte(c.r), g = byte(c.g), b = byte(c.b), a = byte(c.a)
        let hex = String(format: "#%02x%02x%02x", r, g, b)
        if a == 255 { return [hex, "rgb(\(r), \(g), \(b))"] }
        let alpha = (Double(a) / 255 * 100).rounded() / 100
        return [hex + String(format: "%02x", a), "rgba(\(r), \(g), \(b), \(alpha))"]
    }
}
