import WaveGeometry
extension GradientBlitter {
    /// The entry a pixel of entry `k` shows, its position in 16.16 entries from t = 0 being
    /// `fixed`: past a hard stop held by that entry, the stop's upper colour.
    @inline(__always)
    func placed(_ k: Int, fixed: Int) -> Int {
        guard !hardStops.isEmpty else { return k }
        var e = k
        for stop in hardStops where stop.entry == k && fixed >= stop.fixed { e = stop.upper }
        return e
    }

    /// The same for a position in entries from t = 0 as a Double (radial and conic).
    @inline(__always)
    func placed(_ k: Int, position: Double) -> Int {
        guard !hardStops.isEmpty else { return k }
        var e = k
        for stop in hardStops where stop.entry == k && position >= stop.position { e = stop.upper }
        return e
    }

    /// `linearRun` for a gradient with hard stops: the pixels whose entries hold one (found
    /// from the exact integer positions, with a pixel to spare each side) are shaded one at a
    /// time and placed; the runs between them as fast as ever (no stop can reach them).
    func linearRunPlacingStops(_ i: Int, _ end: Int, _ x: Int, _ f: Int, _ step: Int, _ ditherRow: Int,
                               _ storeOnly: Bool, _ coverage: UInt32, _ factor: UInt32) {
        guard step != 0 else {   // a short span along y: one entry, pixel by pixel
            linearRun(i, end, x, f, step, ditherRow, storeOnly, coverage, factor, wide: false)
            return
        }
        let count = end &- i
        var done = 0
        func run(_ to: Int, wide: Bool) {
            guard to > done else { return }
            linearRun(i &+ done, i &+ to, x &+ done, f &+ done &* step, step, ditherRow, storeOnly, coverage, factor, wide: wide)
            done = to
        }
        // Stops in the order pixels meet them: by position, backwards when the index falls.
        for n in 0..<hardStops.count {
            let stop = hardStops[step > 0 ? n : hardStops.count - 1 - n]
            // Pixel p has entry e when f + p · step lies in [lo, hi) (16.16, bias included);
            // the end entries take every position beyond them.
            let lo = stop.entry == 0 ? -Double.infinity : Double((stop.entry &- offset) << 16)
            let hi = stop.entry == lastIndex ? Double.infinity : Double((stop.entry &- offset &+ 1) << 16)
            let a = (lo - Double(f)) / Double(step), b = (hi - Double(f)) / Double(step)
            let first = Swift.max(0, Swift.min(Double(count), (Swift.min(a, b) - 1).rounded(.down)))
            let last = Swift.max(0, Swift.min(Double(count), (Swift.max(a, b) + 1).rounded(.up)))
            guard last > first, Int(last) > done else { continue }
            run(Int(first), wide: true)
            run(Int(last), wide: false)
        }
        run(count, wide: true)
    }
}
