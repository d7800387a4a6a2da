extension Track {
    /// Most components a track may have for timing curves to be tried on it (a point, a
    /// colour, a motion, a stroke's numbers; not every coordinate of a path).
    static let curveComponentLimit = 16
    /// Fewest ticks a curve segment spans: over fewer, curves that are not the animation's
    /// fit by chance (and a segment that short costs as much as its straight pieces).
    static let minimumCurveTicks = 8
    /// How many ticks before the end of a straight run an eased run may start.
    static let curveStartSlack = 4

    /// Reduces samples, one a tick from tick 0, to the fewest keys a player reproduces
    /// within `tolerance` (one bound a component, the last repeated for the rest) at every
    /// tick. From each key the segment that reaches furthest wins:
    /// - a straight line between its ends;
    /// - a hold: the value stays within the tolerance of the key's, then jumps (a step);
    /// - one of `curves` (a run eased as an animation of the scene eases it), which may
    ///   start a little after the key, the run before it then being a straight line;
    /// - where straight lines reach fewer than `minimumCurveTicks`, a timing curve fitted to
    ///   the run from the key (`Curve.fit`), as long as every component keeps to it;
    /// and a value that stays within the tolerance of the first becomes static, as does the
    /// run after the last key where it changes.
    /// Samples of different `structures` are separated by holds. Where `free` is true the
    /// value does not matter (the shape is not drawn then): an eased run may start at such a
    /// tick with the value its curve gives there (an animation that starts while its shape
    /// is hidden, as a stroke trimmed to nothing), not the placeholder sample.
    public static func reduce(_ samples: [[Double]], structures: [Int]? = nil, tolerance: [Double], curves: [Curve] = [],
                              free: [Bool]? = nil) -> Track {
        precondition(!samples.isEmpty, "a track needs a sample")
        let structure = structures ?? Array(repeating: 0, count: samples.count)
        let curves = samples[0].count <= curveComponentLimit ? curves : []
        func tol(_ c: Int) -> Double { c < tolerance.count ? tolerance[c] : tolerance.last ?? 0 }
        func near(_ m: Int, _ i: Int, _ j: Int, _ f: Double, from a: [Double]? = nil) -> Bool {
            let a = a ?? samples[i], b = samples[j], v = samples[m]
            for c in 0..<a.count where abs(a[c] + (b[c] - a[c]) * f - v[c]) > tol(c) { return false }
            return true
        }
        func isFree(_ t: Int) -> Bool { free.map { t < $0.count && $0[t] } ?? false }
        func fits(_ i: Int, _ j: Int) -> Bool {
            for m in (i + 1)..<j where !near(m, i, j, Double(m - i) / Double(j - i)) { return false }
            return true
        }
        // The progress of curve c at the middle tick of a span of n ticks (by c, then n).
        var middles = Array(repeating: [Double](repeating: .nan, count: samples.count + 1), count: curves.count)
        // The start value with which curve c runs from i to j through the samples, or nil.
        func fits(_ i: Int, _ j: Int, _ c: Int) -> [Double]? {
            let curve = curves[c], n = j - i, mid = i + n / 2
            var a = samples[i]
            if isFree(i) && !isFree(i + 1) {
                // Hidden at i: the start the curve needs to pass through the next sample.
                let p = curve.progress(1 / Double(n))
                guard p < 1 - 1e-9 else { return nil }
                a = zip(samples[i + 1], samples[j]).map { v, b in (v - b * p) / (1 - p) }
            }
            // The most telling tick first (most candidates fail there), its progress kept.
            if middles[c][n].isNaN { middles[c][n] = curve.progress(Double(n / 2) / Double(n)) }
            guard isFree(mid) || near(mid, i, j, middles[c][n], from: a) else { return nil }
            for m in (i + 1)..<j where !isFree(m) && !near(m, i, j, curve.progress(Double(m - i) / Double(n)), from: a) { return nil }
            return a
        }
        let fitsCurves = samples[0].count <= curveComponentLimit
        // The curve fitted to the run i...e, if it keeps every component within its tolerance.
        func fitted(_ i: Int, _ e: Int) -> Curve? {
            guard !(i...e).contains(where: isFree) else { return nil }
            let a = samples[i], b = samples[e]
            guard let d = a.indices.max(by: { abs(b[$0] - a[$0]) / tol($0) < abs(b[$1] - a[$1]) / tol($1) }),
                  abs(b[d] - a[d]) > tol(d) else { return nil }
            let progress = (i...e).map { (samples[$0][d] - a[d]) / (b[d] - a[d]) }
            // One progress moves every component: each must follow the dominant one's (within
            // its tolerance and what the dominant one's lets the progress stray), or no curve fits.
            let slack = tol(d) / abs(b[d] - a[d])
            for (k, p) in progress.enumerated() {
                let v = samples[i + k]
                for c in a.indices where abs(a[c] + (b[c] - a[c]) * p - v[c]) > tol(c) + abs(b[c] - a[c]) * slack { return nil }
            }
            guard let curve = Curve.fit(progress: progress) else { return nil }
            for m in (i + 1)..<e where !near(m, i, e, curve.progress(Double(m - i) / Double(e - i))) { return nil }
            return curve
        }
        // The last tick up to `limit` before which no component turns back by more than
        // twice its tolerance (a fitted curve, within the unit square, moves each one way).
        func monotoneEnd(from i: Int, limit: Int) -> Int {
            var travel = [Double](repeating: 0, count: samples[i].count)
            var e = i + 1
            while e <= limit {
                for d in travel.indices {
                    travel[d] += abs(samples[e][d] - samples[e - 1][d])
                    if travel[d] - abs(samples[e][d] - samples[i][d]) > 2 * tol(d) { return e - 1 }
                }
                e += 1
            }
            return limit
        }
        // The furthest end of a fitted run from i (at least `minimumCurveTicks` long, up to
        // `limit`): ends doubling while they fit, then halving the gap to the first that did not.
        func fittedRun(from i: Int, limit: Int) -> (Int, Curve)? {
            guard limit - i >= minimumCurveTicks else { return nil }
            var good: (Int, Curve)? = nil, bad = limit + 1
            var e = i + minimumCurveTicks
            while true {
                guard let c = fitted(i, e) else { bad = e; break }
                good = (e, c)
                if e == limit { break }
                e = min(limit, i + 2 * (e - i))
            }
            guard var found = good else { return nil }
            while bad - found.0 > 1 {
                let mid = (found.0 + bad) / 2
                if let c = fitted(i, mid) { found = (mid, c) } else { bad = mid }
            }
            return found
        }
        func same(_ i: Int, _ h: Int) -> Bool { samples[i].indices.allSatisfy { abs(samples[h][$0] - samples[i][$0]) <= tol($0) } }
        // From `still` on, every sample is the last one exactly (an animation that has ended,
        // a shape no longer drawn): no curve runs past it.
        var still = samples.count - 1
        while still > 0 && samples[still - 1] == samples[samples.count - 1] { still -= 1 }
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
                var reach = j, hold = false
                var eased: (from: Int, curve: Curve, start: [Double])? = nil
                var h = i + 1
                while h < end && same(i, h) { h += 1 }
                if h < end && h > reach { reach = h; hold = true }
                if !curves.isEmpty {
                    // An eased run starts at the key or where the straight run ends: a straight
                    // line through its first few ticks often fits before the curve bends.
                    for k in [i] + Array(max(i + 1, j - curveStartSlack)...max(i + 1, j)) where k <= j {
                        for c in curves.indices {
                            // A curve within 0...1 moves each component one way: once one has gone
                            // back by more than twice its tolerance, no later end fits.
                            let monotone = (0...1).contains(curves[c].y1) && (0...1).contains(curves[c].y2)
                            var travel = [Double](repeating: 0, count: samples[k].count)
                            var e = k + 1
                            scan: while e < min(end, still + 1) {
                                if monotone {
                                    for d in travel.indices {
                                        travel[d] += abs(samples[e][d] - samples[e - 1][d])
                                        if travel[d] - abs(samples[e][d] - samples[k][d]) > 2 * tol(d) { break scan }
                                    }
                                }
                                // A start moved off its sample is the run's first key, or a key
                                // of its own with nothing drawn between the previous key and it.
                                if e > reach && e - k >= minimumCurveTicks && !same(k, e), let a = fits(k, e, c),
                                   a == samples[k] || (k == start && i == start) || (k > i && (i + 1..<k).allSatisfy(isFree)) {
                                    reach = e; hold = false; eased = (k, curves[c], a)
                                }
                                e += 1
                            }
                        }
                    }
                }
                // A timing curve fitted to the run from the key (a spring, a script's easing,
                // an eased animation baked), when it reaches further than the rest.
                // Tried where straight lines reach only a few ticks (a curve bends there).
                if fitsCurves && j - i < minimumCurveTicks, let (e, c) = fittedRun(from: i, limit: monotoneEnd(from: i, limit: min(end - 1, still))),
                   e > reach {
                    reach = e; hold = false; eased = (i, c, samples[i])
                }
                if let (k, c, a) = eased {
                    if k > i { keys.append(Key(tick: k, value: a, hold: false, structure: structure[k])) } else { keys[keys.count - 1].value = a }
                    keys[keys.count - 1].curve = c
                } else if hold {
                    keys[keys.count - 1].hold = true
                }
                keys.append(Key(tick: reach, value: samples[reach], hold: false, structure: structure[reach]))
                i = reach
            }
            if end < samples.count { keys[keys.count - 1].hold = true }
            start = end
        }
        // A player holds the last key's value: a still run at the end needs no key.
        while keys.count >= 2, let last = keys.last, let before = keys.dropLast().last, last.structure == before.structure,
              samples[before.tick...].allSatisfy({ v in v.indices.allSatisfy { abs(v[$0] - before.value[$0]) <= tol($0) } }) {
            keys.removeLast()
            keys[keys.count - 1].hold = false
            keys[keys.count - 1].curve = nil
        }
        // A run that never leaves the first value's tolerance is that value.
        if keys.allSatisfy({ $0.structure == keys[0].structure }), samples.indices.allSatisfy({ same(0, $0) }) {
            return Track(keys: [Key(tick: 0, value: samples[0], hold: false, structure: structure[0])])
        }
        return Track(keys: keys)
    }
}
