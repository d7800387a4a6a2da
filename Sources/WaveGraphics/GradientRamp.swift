import WaveGeometry
/// A gradient's colour ramp sampled for fast per-pixel lookup.
///
/// Invariants: `table` holds entries as interleaved pairs (rb, ga) of 16-bit lanes:
/// rb = R | B << 16, ga = G | A << 16, where each lane is the premultiplied channel × 256
/// (0...65280) and R, G, B ≤ A lane-wise. Adding a dither threshold d ≤ 254 to both lanes and
/// shifting right by 8 therefore yields valid premultiplied RGBA8 with no carry between lanes.
///
/// A pixel takes the entry nearest its position (entry k serves positions k − ½ ..< k + ½),
/// which is exact enough where colours change smoothly. Where they jump (a hard stop: stops
/// at one location with different colours on either side) the jump is placed exactly: the
/// entry that holds the stop keeps the colour below it, and `hardStops` names, for pixels
/// of that entry at or past the stop's exact position, an extra entry (after `lastIndex`)
/// with the colour above it.
package struct GradientRamp {
    static let size = 1024
    /// How far past 0–1 a ramp reaches (in gradient lengths) for stops written beyond it;
    /// farther locations count as these bounds.
    static let reach = 8.0

    let table: [UInt32]
    /// Entries before t = 0: entry i is t = (i − offset) / (size − 1). The ramp covers 0–1
    /// and, when stops lie outside it, reaches to them (a radial gradient's corners and a
    /// linear one past its end points show those stops), so pixels past the table's ends
    /// take the end colours.
    let offset: Int
    /// The last entry's index (size − 1 when every stop lies within 0–1); the hard stops'
    /// extra entries follow it.
    let lastIndex: Int
    /// The hard stops that the table reaches, by position (see `HardStop`).
    let hardStops: [HardStop]
    /// Packed premultiplied colour of the last stop (used for degenerate geometry).
    let lastColor: UInt32
    /// True when every entry is fully opaque (lets full-coverage spans skip blending).
    let isOpaque: Bool

    /// Nil when there are no stops.
    init?(stops: [GradientStop], opacity: Double) {
        guard !stops.isEmpty else { return nil }
        let ordered = Self.placed(stops)
        let op = Color.unit(opacity)
        let steps = Double(Self.size - 1)
        let lo = Swift.max(-Self.reach, Swift.min(0, ordered[0].loc))
        let hi = Swift.min(1 + Self.reach, Swift.max(1, ordered[ordered.count - 1].loc))
        offset = Int((-lo * steps).rounded(.up))
        let count = offset + Int((hi * steps).rounded(.up)) + 1
        var table = [UInt32](repeating: 0, count: 2 * count)
        var j = 0
        for i in 0..<count {
            let t = Double(i - offset) / steps
            while j + 1 < ordered.count && ordered[j + 1].loc <= t { j += 1 }
            let color: Color
            if t <= ordered[0].loc {
                color = ordered[0].color
            } else if j + 1 >= ordered.count {
                color = ordered[j].color
            } else {
                let c0 = ordered[j].color, c1 = ordered[j + 1].color
                let f = (t - ordered[j].loc) / (ordered[j + 1].loc - ordered[j].loc)
                func mix(_ u: Double, _ v: Double) -> Double {
                    let a = Color.unit(u), b = Color.unit(v)
                    return a + (b - a) * f
                }
                color = Color(r: mix(c0.r, c1.r), g: mix(c0.g, c1.g), b: mix(c0.b, c1.b), a: mix(c0.a, c1.a))
            }
            let lanes = Self.lanes(color, opacity: op)
            table[2 * i] = lanes.rb
            table[2 * i + 1] = lanes.ga
        }
        lastIndex = count - 1
        hardStops = Self.placeHardStops(ordered, table: &table, offset: offset, count: count, opacity: op)
        self.table = table
        isOpaque = stride(from: 1, to: table.count, by: 2).allSatisfy { table[$0] >> 16 == 255 * 256 }
        lastColor = ordered[ordered.count - 1].color.premultipliedPacked(opacity: op)
    }

    /// The stops in their written order with CSS's fix-up: a location below one written
    /// before it is raised to it (`red 80%, blue 20%` switches at 80%). Locations outside
    /// 0–1 are kept, as CSS and CAGradientLayer keep them (a highlight can slide in from
    /// −0.2; a radial gradient's corners, past 1, show the stops placed there). A NaN
    /// location counts as 0, and locations are bounded by ±10⁶ (the ramp reaches `reach`).
    static func placed(_ stops: [GradientStop]) -> [(loc: Double, color: Color)] {
        var floor = -Double.infinity
        return stops.map { stop in
            let l = stop.location.isNaN ? 0 : Swift.min(Swift.max(stop.location, -1e6), 1e6)
            floor = Swift.max(floor, l)
            return (floor, stop.color)
        }
    }

    /// Premultiplied 8.8 fixed-point lanes of a straight colour.
    static func lanes(_ c: Color, opacity: Double) -> (rb: UInt32, ga: UInt32) {
        let alpha = Color.unit(c.a) * opacity
        let scale = 255.0 * 256.0
        // Values are ≥ 0, so + 0.5 and truncation round to nearest (without a libm call).
        func lane(_ v: Double) -> UInt32 { UInt32(Color.unit(v) * alpha * scale + 0.5) }
        let a = UInt32(alpha * scale + 0.5)
        return (lane(c.r) | lane(c.b) << 16, lane(c.g) | a << 16)
    }

    /// 8×8 Bayer thresholds, scaled to 2...254 and duplicated into both 16-bit lanes,
    /// indexed by (y mod 8) · 8 + (x mod 8).
    static let dither: [UInt32] = {
        var m: [Int] = [0]
        var n = 1
        while n < 8 {   // M(2n) = [[4M, 4M + 2], [4M + 3, 4M + 1]]
            var next = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next
            n *= 2
        }
        return m.map { let d = UInt32($0 * 4 + 2); return d | d << 16 }
    }()
}
