/// One animated value of a baked layer: keys at ticks (relative to the export's first tick),
/// each a vector of numbers (a colour, a point, every coordinate of a path).
///
/// Between two keys the value moves in a straight line, except after a key marked `hold`,
/// which keeps its value until the next key (a path whose structure changes there, which no
/// player can interpolate). Guarantees: at least one key, the first at tick 0, ticks
/// strictly increasing, every key's value of the length of its `structure`'s numbers.
public struct Track: Equatable, Sendable {
    public struct Key: Equatable, Sendable {
        public var tick: Int
        public var value: [Double]
        /// Keeps `value` until the next key instead of interpolating towards it.
        public var hold: Bool
        /// Which kind of value this is (a path's element kinds); keys of different
        /// structures never interpolate.
        public var structure: Int
    }

    public var keys: [Key]

    /// A value that never changes.
    public init(constant value: [Double]) { keys = [Key(tick: 0, value: value, hold: false, structure: 0)] }

    init(keys: [Key]) { self.keys = keys }

    /// True when the track holds one value for the whole export.
    public var isStatic: Bool { keys.count == 1 }

    /// The first key's value: the value of a static track.
    public var first: [Double] { keys[0].value }

    /// The value at `tick` as a player computes it.
    public func value(at tick: Int) -> [Double] {
        var i = 0
        while i + 1 < keys.count && keys[i + 1].tick <= tick { i += 1 }
        let k = keys[i]
        guard i + 1 < keys.count, !k.hold, tick > k.tick else { return k.value }
        let n = keys[i + 1], f = Double(tick - k.tick) / Double(n.tick - k.tick)
        return zip(k.value, n.value).map { $0 + ($1 - $0) * f }
    }

    /// Reduces samples, one a tick from tick 0, to the fewest keys a player reproduces
    /// within `tolerance` (one bound a component, the last repeated for the rest) at every
    /// tick: a run that a straight segment between its ends reproduces merges into those
    /// two keys, and a value that stays within the tolerance of the first becomes static.
    /// Samples of different `structures` are separated by holds.
    public static func reduce(_ samples: [[Double]], structures: [Int]? = nil, tolerance: [Double]) -> Track {
        precondition(!samples.isEmpty, "a track needs a sample")
        let structure = structures ?? Array(repeating: 0, count: samples.count)
        func tol(_ c: Int) -> Double { c < tolerance.count ? tolerance[c] : tolerance.last ?? 0 }
        func fits(_ i: Int, _ j: Int) -> Bool {
            let a = samples[i], b = samples[j]
            for m in (i + 1)..<j {
                let f = Double(m - i) / Double(j - i), v = samples[m]
                for c in 0..<a.count where abs(a[c] + (b[c] - a[c]) * f - v[c]) > tol(c) { return false }
            }
            return true
        }
        var keys: [Key] = []
        var start = 0
        while start < samples.count {
            var end = start + 1   // the run of one structure: start..<end
            while end < samples.count && structure[end] == structure[start] { end += 1 }
            var i = start
            keys.append(Key(tick: i, value: samples[i], hold: false, structure: structure[i]))
            while i < end - 1 {
                var j = i + 1
                while j + 1 < end && fits(i, j + 1) { j += 1 }
                keys.append(Key(tick: j, value: samples[j], hold: false, structure: structure[j]))
                i = j
            }
            if end < samples.count { keys[keys.count - 1].hold = true }
            start = end
        }
        // A run that never leaves the first value's tolerance is that value.
        if keys.allSatisfy({ $0.structure == keys[0].structure }),
           samples.allSatisfy({ s in s.indices.allSatisfy { abs(s[$0] - samples[0][$0]) <= tol($0) } }) {
            return Track(keys: [Key(tick: 0, value: samples[0], hold: false, structure: structure[0])])
        }
        return Track(keys: keys)
    }
}
