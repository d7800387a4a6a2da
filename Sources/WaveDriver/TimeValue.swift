import Foundation
import WaveSinks
import WaveCompiler

/// The one reading of a time written outside a script (`--time`, `--from`, `# golden:`,
/// the REPL's `:seek`): `1.5s`, `500ms`, `90t` (ticks), or a bare number, whose unit the
/// call site states. Times round to the nearest tick; a count of ticks must be whole.
/// Every time is at most `Compiler.maxTicks` (the same cap as durations in scripts).
public enum TimeValue {
    /// What a number without a unit means.
    public enum BareNumber: Sendable { case seconds, ticks }

    /// `text` as whole ticks, or nil when it is not a time (negative, not finite, over the
    /// cap, or a fractional tick count).
    public static func ticks(_ text: Substring, bare: BareNumber) -> Int? {
        let s = text.drop(while: { $0 == " " || $0 == "\t" })
        var number = s, factor: Double, countsTicks = false
        if s.hasSuffix("ms") { number = s.dropLast(2); factor = 0.06 }
        else if s.hasSuffix("s") { number = s.dropLast(); factor = 60 }
        else if s.hasSuffix("t") { number = s.dropLast(); factor = 1; countsTicks = true }
        else { factor = bare == .seconds ? 60 : 1; countsTicks = bare == .ticks }
        let trimmed = number.trimmingCharacters(in: .whitespaces)
        guard let v = decimal(trimmed), v.isFinite, v >= 0 else { return nil }
        let ticks = v * factor
        guard ticks <= Double(Compiler.maxTicks) else { return nil }
        if countsTicks && ticks != ticks.rounded() { return nil }
        return Int(ticks.rounded())
    }

    public static func ticks(_ text: String, bare: BareNumber) -> Int? { ticks(Substring(text), bare: bare) }

    /// A number written in decimal (`1.5`, `1e3`), or nil: Swift's `Double` also reads
    /// hexadecimal ("0x10" is 16) and words ("inf", "nan").
    static func decimal(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
        return Double(text)
    }

    /// Why `text` is not a time (`ticks` gave nil), in a phrase for an error message.
    public static func problem(_ text: String) -> String {
        let body = text.trimmingCharacters(in: .whitespaces)
        let number = decimal(body.hasSuffix("ms") ? String(body.dropLast(2)) : body.hasSuffix("s") || body.hasSuffix("t") ? String(body.dropLast()) : body)
        let hours = Compiler.maxTicks / 216_000
        if number == nil, body.hasPrefix("-"), body.dropFirst().first.map({ $0.isLetter || $0 == "-" }) == true {
            // `--time -o x.png`: the value was left out, and the next option taken for it.
            return "the time is missing: '\(body)' is the next option; write the time right after the flag, as in '--time 1.5s'"
        }
        if let v = number, v.isNaN { return "write 1.5s, 500ms or 90t (a bare number is seconds)" }
        if let v = number, v < 0 { return "a time cannot be negative" }
        if let v = number, v.isFinite, body.hasSuffix("t"), v != v.rounded() { return "a count of ticks is whole" }
        if number != nil { return "a time is at most \(hours) hours (\(Compiler.maxTicks)t)" }
        if let last = body.last, last.isLetter, decimal(String(body.dropLast())) != nil {
            return "'\(last)' is not a unit of time here: write seconds, milliseconds or ticks (1.5s, 500ms, 90t; an hour is 3600s)"
        }
        return "write 1.5s, 500ms or 90t (a bare number is seconds)"
    }
}
