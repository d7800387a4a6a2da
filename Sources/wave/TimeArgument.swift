import ArgumentParser
import WaveCompiler
import WaveDriver

/// A time flag: `1.5s`, `500ms`, `90t` (ticks), or a bare number of seconds, as whole ticks
/// (read by `TimeValue`, the one parser of times outside scripts). Options declare it with
/// `transform: TimeArgument.parse` and `parsing: .unconditional`, so that a value that is not
/// a time (`-1s` included) is refused with the reason, not as a missing value.
struct TimeArgument: ExpressibleByArgument {
    let ticks: Int
    init?(argument: String) {
        guard let t = TimeValue.ticks(argument, bare: .seconds) else { return nil }
        ticks = t
    }
    static var defaultValueDescription: String { "a time: 1.5s, 500ms or 90t (ticks); a bare number is seconds" }

    /// The time `text` is, or why it is not one.
    static func parse(_ text: String) throws -> TimeArgument {
        if let t = TimeArgument(argument: text) { return t }
        let body = text.trimmingCharacters(in: .whitespaces)
        let number = Double(body.hasSuffix("ms") ? String(body.dropLast(2)) : body.hasSuffix("s") || body.hasSuffix("t") ? String(body.dropLast()) : body)
        let hours = Compiler.maxTicks / 216_000
        if number == nil, body.hasPrefix("-"), body.dropFirst().first.map({ $0.isLetter || $0 == "-" }) == true {
            // `--time -o x.png`: the value was left out, and the next option taken for it.
            throw ValidationError("the time is missing: '\(body)' is the next option; write the time right after the flag, as in '--time 1.5s'")
        }
        if let v = number, v.isNaN { throw ValidationError("write 1.5s, 500ms or 90t (a bare number is seconds)") }
        if let v = number, v < 0 { throw ValidationError("a time cannot be negative") }
        if let v = number, v.isFinite, body.hasSuffix("t"), v != v.rounded() { throw ValidationError("a count of ticks is whole") }
        if number != nil { throw ValidationError("a time is at most \(hours) hours (\(Compiler.maxTicks)t)") }
        throw ValidationError("write 1.5s, 500ms or 90t (a bare number is seconds)")
    }
}
