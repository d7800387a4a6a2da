/// How many colours the terminal shows, and so how cell colours are sent.
public enum ColorMode: String, CaseIterable, Sendable {
    /// 24-bit colour: `38;2;r;g;b`.
    case truecolor
    /// The xterm 256-colour palette (6×6×6 cube and grey ramp): `38;5;n`.
    case palette256 = "256"
    /// The 16 standard ANSI colours: 30–37 and 90–97.
    case ansi16 = "16"
    /// The 8 basic ANSI colours only, 30–37 (terminfo `colors#8`, as for TERM=xterm or
    /// linux): no bright 90–97 codes, which such a terminal need not show.
    case ansi8 = "8"
    /// No colour escape codes at all: shapes are drawn from the character alone.
    case none

    /// The mode the environment asks for: `NO_COLOR` set and non-empty gives `none`;
    /// `COLORTERM=truecolor` or `24bit` gives truecolor; a `TERM` ending in `-256color`
    /// (or `COLORTERM` set to anything else) gives 256; `TERM=dumb` gives none; anything
    /// else gives 16.
    public static func detect(environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.hasSuffix("-256color") || !colorterm.isEmpty { return .palette256 }
        if term == "dumb" { return .none }
        return .ansi16
    }
}
