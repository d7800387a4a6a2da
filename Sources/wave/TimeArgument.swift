import ArgumentParser
import WaveDriver

/// A time flag: `1.5s`, `500ms`, `90t` (ticks), or a bare number of seconds, as whole ticks
/// (read by `TimeValue`, the one parser of times outside scripts).
struct TimeArgument: ExpressibleByArgument {
    let ticks: Int
    init?(argument: String) {
        guard let t = TimeValue.ticks(argument, bare: .seconds) else { return nil }
        ticks = t
    }
    static var defaultValueDescription: String { "a time: 1.5s, 500ms or 90t (ticks)" }
}
