import WaveSinks
/// The ticks a script's golden-frame check looks at.
///
/// A script names them in a comment line of its own, ticks or times separated by spaces
/// or commas:
///
///     # golden: 0 60 120
///     # golden: 0 1.5s 250ms 90t
///
/// Without one, the check uses tick 0, the middle and the last tick of the scene's
/// duration, or 0, 60 and 120 when the scene has no duration.
public enum GoldenTicks {
    /// A `# golden:` line that does not parse.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let line: Int
        /// 1-based, in characters: where the unreadable item (or the list) starts.
        public var column = 1
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// The ticks for `source`, ascending and without repeats.
    public static func ticks(in source: String, durationTicks: Int?) throws -> [Int] {
        var found: [Int] = []
        var any = false
        for (i, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let list = list(in: raw) else { continue }
            any = true
            let items = list.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            guard !items.isEmpty else {
                throw Problem(line: i + 1, column: raw.distance(from: raw.startIndex, to: list.startIndex) + 1,
                              message: "'# golden:' needs at least one tick, e.g. '# golden: 0 60 120'")
            }
            for item in items {
                guard let t = tick(item) else {
                    throw Problem(line: i + 1, column: raw.distance(from: raw.startIndex, to: item.startIndex) + 1,
                                  message: "bad golden tick '\(item)': expected a tick number or a time such as 1.5s, 250ms or 90t")
                }
                found.append(t)
            }
        }
        if !any { found = defaultTicks(durationTicks: durationTicks) }
        return Array(Set(found)).sorted()
    }

    /// 0, the middle and the last tick of `durationTicks`; or 0, 60, 120.
    public static func defaultTicks(durationTicks: Int?) -> [Int] {
        guard let d = durationTicks, d >= 1 else { return [0, 60, 120] }
        return Array(Set([0, d / 2, d - 1])).sorted()
    }

    /// The text after `golden:` when `line` is such a comment.
    static func list(in line: Substring) -> Substring? {
        var s = line.drop(while: { $0 == " " || $0 == "\t" })
        guard s.first == "#" else { return nil }
        s = s.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
        guard s.hasPrefix("golden:") else { return nil }
        return s.dropFirst("golden:".count).drop(while: { $0 == " " || $0 == "\t" })
    }

    /// `60`, `90t`, `1.5s` or `250ms` as a whole tick (a bare number counts ticks).
    static func tick(_ item: Substring) -> Int? { TimeValue.ticks(item, bare: .ticks) }
}
