/// `%XX` decoding of a request target's path and query (RFC 3986, section 2.1).
public enum PercentEncoding {
    /// `text` with every `%XX` decoded; nil when one is malformed or the bytes are not UTF-8.
    /// `+` stays `+`.
    public static func decode<S: StringProtocol>(_ text: S) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var it = text.utf8.makeIterator()
        while let b = it.next() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard let hi = it.next().flatMap(hexValue), let lo = it.next().flatMap(hexValue) else { return nil }
            bytes.append(hi << 4 | lo)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The `name=value` pairs of a query (`&`-separated), decoded, in order; a pair without
    /// `=` has an empty value. Nil when any part is not valid percent-encoded UTF-8.
    public static func queryItems<S: StringProtocol>(_ query: S) -> [(name: String, value: String)]? {
        var items: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = parts.count > 1 ? decode(parts[1]) : "" else { return nil }
            items.append((name, value))
        }
        return items
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
