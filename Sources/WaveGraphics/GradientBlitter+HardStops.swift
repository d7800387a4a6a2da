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

    /// `radialRun` for a gradient with hard stops: in a row at offset `ry` from the centre,
    /// the pixels whose distance puts them in a hard stop's entry lie in two intervals, one
    /// each side of the centre; those (two pixels to spare each side) are shaded one at a
    /// time and placed, the rest as fast as ever.
    func radialRunPlacingStops(_ i: Int, _ end: Int, _ x: Int, _ cx: Double, _ ry: Double, _ scale: Double, _ ditherRow: Int,
                               _ storeOnly: Bool, _ coverage: UInt32, _ factor: UInt32) {
        let count = end &- i, ry2 = ry * ry
        var runs: [(from: Int, to: Int)] = []
        for stop in hardStops {
            // Entry e holds distances [(e − ½) / scale, (e + ½) / scale) from the centre; the
            // end entries every distance beyond them.
            let r = Double(stop.entry &- offset)
            let near = stop.entry == 0 ? 0 : Swift.max(0, (r - 0.5) / scale)
            let far = stop.entry == lastIndex ? Double.infinity : (r + 0.5) / scale
            guard far > ry.magnitude else { continue }
            let inner = near > ry.magnitude ? (near * near - ry2).squareRoot() : 0
            let outer = (far * far - ry2).squareRoot()
            // Pixel p's centre x + p + ½ is at |rx| in [inner, outer) on either side.
            let base = cx - Double(x) - 0.5
            for (a, b) in [(base + inner, base + outer), (base - outer, base - inner)] {
                let from = Swift.max(0, Swift.min(Double(count), (a - 2).rounded(.down)))
                let to = Swift.max(0, Swift.min(Double(count), (b + 2).rounded(.up)))
                if to > from { runs.append((Int(from), Int(to))) }
            }
        }
        runs.sort { $0.from < $1.from }
        var done = 0
        for run in runs where run.to > done {
            if run.from > done { radialRun(i &+ done, i &+ run.from, x &+ done, cx, ry2, scale, ditherRow, storeOnly, coverage, factor) }
            let from = Swift.max(done, run.from)
            radialRun(i &+ from, i &+ run.to, x &+ from, cx, ry2, scale, ditherRow, storeOnly, coverage, factor, wide: false)
            done = run.to
        }
        if done < count { radialRun(i &+ done, end, x &+ done, cx, ry2, scale, ditherRow, storeOnly, coverage, factor) }
    }
}
