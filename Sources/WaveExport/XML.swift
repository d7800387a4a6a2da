/// Text for XML and HTML: the one escaping the SVG writer, the gallery pages, plots and
/// JUnit reports share.
public enum XML {
    /// `text` as element content or a double-quoted attribute value: markup characters
    /// escaped, and the characters XML 1.0 cannot hold (controls other than tab, newline and
    /// carriage return; U+FFFE, U+FFFF) as U+FFFD.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for u in text.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t", "\r": out.unicodeScalars.append(u)
            default: out.unicodeScalars.append(u.value < 0x20 || (0xFFFE...0xFFFF).contains(u.value) ? "\u{FFFD}" : u)
            }
        }
        return out
    }
}
