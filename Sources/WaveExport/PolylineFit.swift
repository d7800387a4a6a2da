/// Long runs of straight segments in a changing path (a wave's surface sampled every
/// pixel, a text effect's clip) written as fewer cubic segments: the same breakpoints at
/// every tick of a path's structure, so the path keeps one structure and players still
/// interpolate it point by point.
///
/// Each cubic's control points are the least-squares fit of the run's points at evenly
/// spaced parameters, with the breakpoints kept: a linear map of the points, so points that
/// move in a straight line give control points that do too, and the keyframes of the fitted
/// path fall where the polyline's did. A fit is kept only where every point of every tick is
/// within `tolerance` of the curve at its parameter, and so is every line's middle (the
/// curve could otherwise bulge along a line much longer than its neighbours).
enum PolylineFit {
    /// Fewest lines in a run worth fitting.
    static let minimumRun = 8
    /// How far a fitted curve may pass from a point of the polyline, in pixels: a part of
    /// the pixel tolerance, the rest left to the keyframes (`morphTolerance`).
    static let tolerance = 0.02
    /// The keyframe tolerance of a fitted path: with the fit's, the pixel tolerance.
    static let morphTolerance = Baker.pixelTolerance - tolerance

    /// The kinds of a path of structure `kinds` with its long runs of lines fitted, and each
    /// of `samples` (the coordinates of one tick of that structure) for them; nil when no
    /// run gets shorter.
    static func simplify(kinds: [PathElementKind], samples: [[Double]]) -> (kinds: [PathElementKind], samples: [[Double]])? {
        guard !samples.isEmpty else { return nil }
        var offsets: [Int] = []   // where each element's coordinates start
        var at = 0
        for k in kinds { offsets.append(at); at += k.coordinateCount }
        var outKinds: [PathElementKind] = []
        var outSamples = Array(repeating: [Double](), count: samples.count)
        var changed = false
        var e = 0
        while e < kinds.count {
            // A run of lines after an element that ends at a point.
            var end = e
            while end < kinds.count && kinds[end] == .line { end += 1 }
            let anchored = e > 0 && kinds[e - 1] != .close
            if kinds[e] == .line && anchored && end - e >= minimumRun {
                // The run's points: the anchor (the previous element's end), then each line's.
                let first = offsets[e] - 2
                let count = end - e + 1
                let pieces = breakpoints(count: count) { a, b in
                    samples.allSatisfy { s in fit(s, first: first, a, b) != nil }
                }
                for (a, b) in zip(pieces, pieces.dropFirst()) {
                    if b - a == 1 {
                        outKinds.append(.line)
                        for t in samples.indices { outSamples[t] += [samples[t][first + 2 * b], samples[t][first + 2 * b + 1]] }
                    } else {
                        outKinds.append(.cubic)
                        for t in samples.indices { outSamples[t] += fit(samples[t], first: first, a, b) ?? [] }
                    }
                }
                changed = changed || pieces.count - 1 < count - 1
                e = end
                continue
            }
            let n = kinds[e].coordinateCount
            outKinds.append(kinds[e])
            for t in samples.indices { outSamples[t] += samples[t][offsets[e]..<(offsets[e] + n)] }
            e += 1
        }
        return changed ? (outKinds, outSamples) : nil
    }

    /// Breakpoints (point indices, from 0 to count - 1) of a run of `count` points: from
    /// each, the furthest point that `fits` a cubic to (at least 4 points on, a cubic
    /// costing three lines' numbers), else the next point (a line).
    static func breakpoints(count: Int, fits: (Int, Int) -> Bool) -> [Int] {
        var out = [0]
        var a = 0
        while a < count - 1 {
            var good = a + 1, bad = count
            var b = a + 4
            while b < count {
                guard fits(a, b) else { bad = b; break }
                good = b
                b = a + 2 * (b - a)
                if b >= count && good < count - 1 { b = count - 1 }
            }
            while good >= a + 4 && bad - good > 1 {
                let mid = (good + bad) / 2
                if fits(a, mid) { good = mid } else { bad = mid }
            }
            out.append(good)
            a = good
        }
        return out
    }

    /// The cubic [c1x, c1y, c2x, c2y, x, y] through points a and b of the run starting at
    /// coordinate `first` of `xs`, fitted to the points between; nil if one of them, or
    /// the middle of a line between them, is off by more than `tolerance`.
    static func fit(_ xs: [Double], first: Int, _ a: Int, _ b: Int) -> [Double]? {
        func p(_ i: Int) -> (Double, Double) { (xs[first + 2 * i], xs[first + 2 * i + 1]) }
        let p0 = p(a), p3 = p(b)
        let n = Double(b - a)
        var a11 = 0.0, a12 = 0.0, a22 = 0.0
        var rx1 = 0.0, rx2 = 0.0, ry1 = 0.0, ry2 = 0.0
        for m in (a + 1)..<b {
            let u = Double(m - a) / n, v = 1 - u
            let b0 = v * v * v, b1 = 3 * v * v * u, b2 = 3 * v * u * u, b3 = u * u * u
            let q = p(m)
            let rx = q.0 - b0 * p0.0 - b3 * p3.0, ry = q.1 - b0 * p0.1 - b3 * p3.1
            a11 += b1 * b1; a12 += b1 * b2; a22 += b2 * b2
            rx1 += b1 * rx; rx2 += b2 * rx; ry1 += b1 * ry; ry2 += b2 * ry
        }
        let det = a11 * a22 - a12 * a12
        guard abs(det) > 1e-12 else { return nil }
        let c1 = ((rx1 * a22 - rx2 * a12) / det, (ry1 * a22 - ry2 * a12) / det)
        let c2 = ((a11 * rx2 - a12 * rx1) / det, (a11 * ry2 - a12 * ry1) / det)
        // Each point, and each line's middle (a long line beside short ones bulges there).
        for h in (2 * a + 1)..<(2 * b) {
            let u = Double(h - 2 * a) / (2 * n), v = 1 - u
            let b0 = v * v * v, b1 = 3 * v * v * u, b2 = 3 * v * u * u, b3 = u * u * u
            let x = b0 * p0.0 + b1 * c1.0 + b2 * c2.0 + b3 * p3.0, y = b0 * p0.1 + b1 * c1.1 + b2 * c2.1 + b3 * p3.1
            let q = h % 2 == 0 ? p(h / 2) : { let l = p(h / 2), r = p(h / 2 + 1); return ((l.0 + r.0) / 2, (l.1 + r.1) / 2) }()
            if (x - q.0) * (x - q.0) + (y - q.1) * (y - q.1) > tolerance * tolerance { return nil }
        }
        return [c1.0, c1.1, c2.0, c2.1, p3.0, p3.1]
    }
}
