import ArgumentParser
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
        throw ValidationError(TimeValue.problem(text))
    }
}
