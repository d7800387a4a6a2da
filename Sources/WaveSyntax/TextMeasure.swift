/// Measures of a text layer, laid out with the font the rasterizer draws it with: the
/// functions `text-width(L[, n])`, `text-bounds(L)`, `ink-bounds(L[, from[, count]])`,
/// `baseline(L)`, `cap-height(L)` and `x-height(L)` (grammar.md §3).
public enum TextMeasure: String, CaseIterable, Sendable {
    /// The advance width (kerning and `spacing` included) of the text, or of its first n
    /// characters; before the layer's transform.
    case textWidth = "text-width"
    /// The line box (x, y, width, height) in the scene, after the layer's transform.
    case textBounds = "text-bounds"
    /// The tight box around the glyph outlines of the text, or of `count` characters from
    /// `from`, in the scene.
    case inkBounds = "ink-bounds"
    /// The scene y of the start of the baseline.
    case baseline
    /// The font's capital height in scene pixels.
    case capHeight = "cap-height"
    /// The font's x-height in scene pixels.
    case xHeight = "x-height"

    /// How many arguments a call takes: the layer, then the measure's own.
    public var argumentCounts: ClosedRange<Int> {
        switch self {
        case .textWidth: return 1...2
        case .inkBounds: return 1...3
        case .textBounds, .baseline, .capHeight, .xHeight: return 1...1
        }
    }

    /// Whether the value is a rect (else a length).
    public var isRect: Bool { self == .textBounds || self == .inkBounds }

    /// The call as written in docs and hover: its arguments, optional ones in brackets.
    public var signature: String {
        switch self {
        case .textWidth: return "text-width(L[, n])"
        case .inkBounds: return "ink-bounds(L[, from[, count]])"
        default: return "\(rawValue)(L)"
        }
    }

    /// What it measures, in one line (hover, `:help`).
    public var summary: String {
        switch self {
        case .textWidth: return "the advance width of text layer L (or of its first n characters)"
        case .textBounds: return "text layer L's line box in the scene: a rect"
        case .inkBounds: return "the tight box around the glyphs drawn for text layer L (or for count characters from index from) in the scene: a rect"
        case .baseline: return "the y in the scene where text layer L's baseline starts"
        case .capHeight: return "the height of text layer L's capital letters (the font's cap height) in scene pixels"
        case .xHeight: return "the height of text layer L's lower-case letters (the font's x-height) in scene pixels"
        }
    }

    /// The arguments it wants, for an arity error: "takes …".
    public var form: String {
        switch self {
        case .textWidth: return "a text layer and optionally a character count: text-width(title) or text-width(title, 3)"
        case .inkBounds: return "a text layer, then optionally the first character and a count: ink-bounds(title) or ink-bounds(title, 0, 3)"
        default: return "a text layer: \(rawValue)(title)"
        }
    }
}
