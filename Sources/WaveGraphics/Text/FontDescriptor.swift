import WaveGeometry
/// What a script asks for: a family name (or a generic such as "sans", "serif",
/// "monospace") and a style.
///
/// `style` is either made of the keywords fontconfig understands as weight and
/// slant ("regular", "bold", "italic", "bold italic", "light", "oblique", …) or
/// any other fontconfig style name ("Condensed Bold"), which is matched as is.
public struct FontDescriptor: Hashable, Sendable {
    public var family: String
    public var style: String

    public init(family: String = "sans", style: String = "regular") {
        self.family = family
        self.style = style
    }

    /// Parses the compact form used in scripts.
    ///
    ///     font_spec -> family? (':' style_part)*
    ///     style_part -> ('style=')? words
    ///
    /// "sans:bold", "DejaVu Serif:italic", "monospace", "sans:bold:italic"
    /// (parts after the first colon are joined with spaces: "bold italic").
    /// An empty family means "sans", an empty style "regular".
    public static func parse(_ spec: String) -> FontDescriptor {
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false)
        let family = parts.first.map { trimmed($0) } ?? ""
        var words: [String] = []
        for part in parts.dropFirst() {
            var text = trimmed(part)
            if text.lowercased().hasPrefix("style=") {
                text = trimmed(text.dropFirst("style=".count))
            }
            if !text.isEmpty { words.append(text) }
        }
        return FontDescriptor(
            family: family.isEmpty ? "sans" : family,
            style: words.isEmpty ? "regular" : words.joined(separator: " "))
    }

    /// `text` without leading and trailing whitespace (runs once per frame per text layer, so
    /// it walks indices instead of building reversed copies).
    private static func trimmed(_ text: Substring) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }

    private static func trimmed(_ text: String) -> String {
        trimmed(Substring(text))
    }
}

extension FontDescriptor: CustomStringConvertible {
    /// The spec form, "family:style", as used in messages.
    public var description: String { "\(family):\(style)" }
}
