import Foundation

/// A JSON value written with its keys in order and numbers rounded to a few decimals, so
/// exports are small and the same scene always gives the same bytes.
public indirect enum JSON: Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSON])
    case object([(String, JSON)])

    /// This object with `key` set to `value` at the end (unchanged if it is not an object).
    func adding(_ key: String, _ value: JSON) -> JSON {
        guard case .object(let kvs) = self else { return self }
        return .object(kvs + [(key, value)])
    }

    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .number(let x): out += JSON.format(x)
        case .string(let s): out += JSON.quote(s)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let xs):
            out += "["
            for (i, x) in xs.enumerated() {
                if i > 0 { out += "," }
                x.write(into: &out)
            }
            out += "]"
        case .object(let kvs):
            out += "{"
            for (i, (k, v)) in kvs.enumerated() {
                if i > 0 { out += "," }
                out += JSON.quote(k) + ":"
                v.write(into: &out)
            }
            out += "}"
        }
    }

    /// At most 4 decimals, no trailing zeros, no `-0`; a non-finite number writes 0.
    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let r = (x * 10_000).rounded() / 10_000
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        var s = String(format: "%.4f", r)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    static func quote(_ s: String) -> String { "\"" + escaped(s) + "\"" }

    /// `s` escaped for the inside of a JSON string (exports, `wave trace --format json`).
    public static func escaped(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    static func numbers(_ xs: [Double]) -> JSON { .array(xs.map { .number($0) }) }
}
