/// Units a number literal may carry. The compiler lowers them: time to ticks or seconds,
/// angles to radians, `%` to a fraction, `px` to a plain length.
public enum NumberUnit: String, Sendable, CaseIterable {
    case seconds = "s", milliseconds = "ms", ticks = "t", degrees = "deg", radians = "rad"
    case percent = "%", pixels = "px"

    /// Units as people spell them out (`1sec`, `90degrees`), for did-you-mean; the engine
    /// makes no guesses for words this short, so these are listed.
    public static let spelledOut: [String: NumberUnit] = [
        "sec": .seconds, "secs": .seconds, "second": .seconds, "seconds": .seconds,
        "msec": .milliseconds, "millis": .milliseconds, "millisecond": .milliseconds, "milliseconds": .milliseconds,
        "tick": .ticks, "ticks": .ticks, "f": .ticks, "frames": .ticks,
        "degree": .degrees, "degrees": .degrees, "radian": .radians, "radians": .radians,
        "pixel": .pixels, "pixels": .pixels, "pct": .percent, "percent": .percent,
    ]
}

public enum TokenKind: Equatable, Sendable {
    case identifier(String)
    case number(Double, NumberUnit?)
    /// `360x160`: a size literal used by the scene header.
    case size(Int, Int)
    case string(String)
    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, as straight RGBA in 0...1.
    case color(r: Double, g: Double, b: Double, a: Double)
    case punct(String)
    /// A character or literal the lexer could not read: its catalogue code (an `E00xx`
    /// lexical entry) and a message saying why.
    case error(DiagnosticCode, String)
    case eof
}

/// A token with its source range. `newlineBefore` and `spaceBefore` let the parser treat
/// `f(x)` (a call) differently from `f (x)` (a name then a tuple), and stop an expression at
/// a line break before `-` or `(`.
public struct Token: Equatable, Sendable {
    public var kind: TokenKind
    public var range: SourceRange
    public var newlineBefore: Bool
    public var spaceBefore: Bool

    public init(_ kind: TokenKind, _ range: SourceRange, newlineBefore: Bool = false, spaceBefore: Bool = false) {
        self.kind = kind; self.range = range; self.newlineBefore = newlineBefore; self.spaceBefore = spaceBefore
    }

    public var identifier: String? { if case .identifier(let s) = kind { return s }; return nil }
    public func isPunct(_ p: String) -> Bool { if case .punct(let q) = kind { return q == p }; return false }
    public func isWord(_ w: String) -> Bool { identifier == w }
    public func isWord(_ w: StatementWord) -> Bool { identifier == w.rawValue }
    public var isEOF: Bool { kind == .eof }

    /// How the token reads in a message: `'foo'`, `number 3`, `end of file`.
    public var describe: String {
        switch kind {
        case .identifier(let s): return "'\(s)'"
        case .number(let v, let u): return "number '\(Token.formatNumber(v))\(u?.rawValue ?? "")'"
        case .size(let w, let h): return "size '\(w)x\(h)'"
        case .string(let s): return "string \"\(s)\""
        case .color: return "colour"
        case .punct(let p): return "'\(p)'"
        case .error(_, let m): return m
        case .eof: return "end of file"
        }
    }

    public static func formatNumber(_ v: Double) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }
}
