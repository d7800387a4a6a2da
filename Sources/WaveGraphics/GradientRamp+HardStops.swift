import WaveGeometry
extension GradientRamp {
    /// A jump in colour at a stop location: pixels whose ramp entry is `entry` take `upper`
    /// instead when their position (in entries from t = 0, before `offset`) is at least
    /// `position`. Several hard stops in one entry are listed in order, the last that a
    /// pixel has reached winning.
    struct HardStop: Equatable {
        /// The table entry whose pixels straddle the stop.
        let entry: Int
        /// The stop's location × (size − 1): where its colour starts, in entries from t = 0.
        let position: Double
        /// `position` in the 16.16 fixed point of linear spans, rounded up: a position p
        /// (exact in 16.16) is past the stop when p ≥ `fixed`.
        let fixed: Int
        /// The extra entry holding the colour at and after the stop.
        let upper: Int
    }

    /// Finds the hard stops within the table, appends an extra entry for each (the colour
    /// above it, within its entry) and rewrites the entry holding it to the colour below it.
    /// Entries that hold no hard stop are left as they are.
    static func placeHardStops(_ ordered: [(loc: Double, color: Color)], table: inout [UInt32], offset: Int, count: Int,
                               opacity: Double) -> [HardStop] {
        let steps = Double(size - 1)
        // Locations where the colour just below differs from the colour at and above.
        var jumps: [Double] = []
        for j in 1..<Swift.max(1, ordered.count) where ordered[j].loc == ordered[j - 1].loc && jumps.last != ordered[j].loc {
            let l = ordered[j].loc
            if lanes(color(ordered, at: l, below: true), opacity: opacity) != lanes(color(ordered, at: l, below: false), opacity: opacity) {
                jumps.append(l)
            }
        }
        var stops: [HardStop] = []
        for (n, l) in jumps.enumerated() {
            let position = l * steps
            let entry = Int((position + 0.5).rounded(.down)) + offset
            guard entry >= 0, entry < count else { continue }   // beyond the ramp's reach
            let t = Double(entry - offset) / steps
            // The colour above this stop within the entry: at the entry's own t clamped to
            // between this stop and the next one (just below it) if that lies in the entry too.
            let next = n + 1 < jumps.count ? jumps[n + 1] : Double.infinity
            let nextInEntry = next.isFinite && Int((next * steps + 0.5).rounded(.down)) + offset == entry
            let above: Color
            if t <= l {
                above = color(ordered, at: l, below: false)
            } else if nextInEntry && t >= next {
                above = color(ordered, at: next, below: true)
            } else {
                above = color(ordered, at: t, below: false)
            }
            let upper = table.count / 2
            let la = lanes(above, opacity: opacity)
            table += [la.rb, la.ga]
            // The entry itself keeps the colour below the first stop it holds.
            if stops.last?.entry != entry && t >= l {
                let lb = lanes(color(ordered, at: l, below: true), opacity: opacity)
                table[2 * entry] = lb.rb
                table[2 * entry + 1] = lb.ga
            }
            stops.append(HardStop(entry: entry, position: position, fixed: Int((position * 65536).rounded(.up)), upper: upper))
        }
        return stops
    }

    /// The ramp's colour at `t`: within the segment that holds t, or for t on a stop
    /// location, the segment ending there (`below`) or starting there.
    static func color(_ ordered: [(loc: Double, color: Color)], at t: Double, below: Bool) -> Color {
        guard let j = ordered.lastIndex(where: { below ? $0.loc < t : $0.loc <= t }) else { return ordered[0].color }
        guard j + 1 < ordered.count else { return ordered[j].color }
        let c0 = ordered[j].color, c1 = ordered[j + 1].color
        let f = (t - ordered[j].loc) / (ordered[j + 1].loc - ordered[j].loc)
        func mix(_ u: Double, _ v: Double) -> Double {
            let a = Color.unit(u), b = Color.unit(v)
            return a + (b - a) * f
        }
        return Color(r: mix(c0.r, c1.r), g: mix(c0.g, c1.g), b: mix(c0.b, c1.b), a: mix(c0.a, c1.a))
    }
}
