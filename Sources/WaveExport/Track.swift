import WaveCompiler

/// One animated value of a baked layer: keys at ticks (relative to the export's first tick),
/// each a vector of numbers (a colour, a point, every coordinate of a path).
///
/// Between two keys the value moves in a straight line, or along the key's `curve` (a CSS
/// cubic Bézier timing curve, the same for every component), except after a key marked
/// `hold`, which keeps its value until the next key (a step, or a path whose structure
/// changes there, which no player can interpolate). Guarantees: at least one key, the first
/// at tick 0, ticks strictly increasing, every key's value of the length of its
/// `structure`'s numbers.
public struct Track: Equatable, Sendable {
    public struct Key: Equatable, Sendable {
        public var tick: Int
        public var value: [Double]
        /// Keeps `value` until the next key instead of interpolating towards it.
        public var hold: Bool
        /// Which kind of value this is (a path's element kinds); keys of different
        /// structures never interpolate.
        public var structure: Int
        /// The timing curve towards the next key; nil: a straight line.
        public var curve: Curve? = nil
    }

    /// A cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1), as CSS's
    /// `cubic-bezier(x1, y1, x2, y2)`: Lottie's keyframe tangents and SVG's `keySplines`.
    public struct Curve: Equatable, Hashable, Sendable {
        public var x1, y1, x2, y2: Double

        public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        }

        /// Progress at time fraction `f` (0...1), as the runtime eases it.
        public func progress(_ f: Double) -> Double { Timing.cubicBezier(x1, y1, x2, y2, f) }
    }

    public var keys: [Key]

    /// A value that never changes.
    public init(constant value: [Double]) { keys = [Key(tick: 0, value: value, hold: false, structure: 0)] }

    init(keys: [Key]) { self.keys = keys }

    /// True when the track holds one value for the whole export.
    public var isStatic: Bool { keys.count == 1 }

    /// The first key's value: the value of a static track.
    public var first: [Double] { keys[0].value }

    /// The same motion, with each key whose curve leaves 0...1 in y (an overshoot, which
    /// SMIL's `keySplines` cannot say: a player then drops the whole animation) replaced
    /// by straight keys, one a tick.
    public func withSplinesInUnitSquare() -> Track {
        func outside(_ c: Curve) -> Bool { !(0...1).contains(c.y1) || !(0...1).contains(c.y2) }
        guard keys.contains(where: { $0.curve.map(outside) ?? false }) else { return self }
        var out: [Key] = []
        for (i, k) in keys.enumerated() {
            guard let c = k.curve, outside(c), i + 1 < keys.count else { out.append(k); continue }
            var straight = k
            straight.curve = nil
            out.append(straight)
            for t in (k.tick + 1)..<keys[i + 1].tick {
                out.append(Key(tick: t, value: value(at: t), hold: false, structure: k.structure))
            }
        }
        return Track(keys: out)
    }

    /// The value at `tick` as a player computes it.
    public func value(at tick: Int) -> [Double] {
        var i = 0
        while i + 1 < keys.count && keys[i + 1].tick <= tick { i += 1 }
        let k = keys[i]
        guard i + 1 < keys.count, !k.hold, tick > k.tick else { return k.value }
        let n = keys[i + 1]
        var f = Double(tick - k.tick) / Double(n.tick - k.tick)
        if let c = k.curve { f = c.progress(f) }
        return zip(k.value, n.value).map { $0 + ($1 - $0) * f }
    }
}
