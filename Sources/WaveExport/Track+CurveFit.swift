import WaveCompiler

extension Track.Curve {
    /// Most samples a fit weighs.
    static let fitSamples = 24

    /// The timing curve, within the unit square (so SVG's `keySplines` and Lottie's
    /// tangents both say it), whose progress comes closest in least squares to
    /// `progress[m]` at time fraction m / n, where n = `progress.count - 1` (progress[0] is 0
    /// and progress[n] is 1); nil for fewer than 3 samples.
    ///
    /// For fixed x1 and x2 each sample's curve parameter follows from its time, and the
    /// best y1 and y2 are a linear least-squares solution; x1 and x2 are then found by a
    /// pattern search over the unit square. The caller checks the result against its
    /// tolerances (`Track.reduce`).
    static func fit(progress: [Double]) -> Track.Curve? {
        let n = progress.count - 1
        guard n >= 2 else { return nil }
        // At most `fitSamples` of them, evenly spread, take part (the caller checks them all).
        let used = n < fitSamples ? Array(0...n) : (0..<fitSamples).map { ($0 * n + (fitSamples - 1) / 2) / (fitSamples - 1) }
        let times = used.map { Double($0) / Double(n) }, values = used.map { progress[$0] }
        // The best y1, y2 for x1, x2, and their squared error.
        func solve(_ x1: Double, _ x2: Double) -> (y1: Double, y2: Double, error: Double) {
            var a11 = 0.0, a12 = 0.0, a22 = 0.0, r1 = 0.0, r2 = 0.0
            var basis: [(Double, Double, Double)] = []
            basis.reserveCapacity(n + 1)
            for m in 1..<(used.count - 1) {
                let s = parameter(x1, x2, times[m])
                let b1 = 3 * (1 - s) * (1 - s) * s, b2 = 3 * (1 - s) * s * s, b3 = s * s * s
                let r = values[m] - b3
                a11 += b1 * b1; a12 += b1 * b2; a22 += b2 * b2; r1 += b1 * r; r2 += b2 * r
                basis.append((b1, b2, r))
            }
            let det = a11 * a22 - a12 * a12
            guard abs(det) > 1e-12 else { return (0, 1, .infinity) }
            let y1 = min(1, max(0, (r1 * a22 - r2 * a12) / det)), y2 = min(1, max(0, (a11 * r2 - a12 * r1) / det))
            var e = 0.0
            for (b1, b2, r) in basis { let d = b1 * y1 + b2 * y2 - r; e += d * d }
            return (y1, y2, e)
        }
        var best = (x1: 0.5, x2: 0.5, fit: solve(0.5, 0.5))
        // A coarse grid, then steps halving around the best point.
        for i in 0...4 {
            for j in 0...4 {
                let x1 = Double(i) / 4, x2 = Double(j) / 4, f = solve(x1, x2)
                if f.error < best.fit.error { best = (x1, x2, f) }
            }
        }
        var step = 0.125
        while step > 1.0 / 16384 {
            var moved = false
            for (dx1, dx2) in [(step, 0.0), (-step, 0), (0, step), (0, -step)] {
                let x1 = min(1, max(0, best.x1 + dx1)), x2 = min(1, max(0, best.x2 + dx2))
                let f = solve(x1, x2)
                if f.error < best.fit.error { best = (x1, x2, f); moved = true }
            }
            if !moved { step /= 2 }
        }
        return Track.Curve(best.x1, best.fit.y1, best.x2, best.fit.y2)
    }

    /// The parameter s of the curve x(s) with control x1, x2 (each within 0...1, so x is
    /// monotone) at which x(s) = x: Newton's steps kept inside a bisection bracket.
    private static func parameter(_ x1: Double, _ x2: Double, _ x: Double) -> Double {
        var lo = 0.0, hi = 1.0, s = x
        for _ in 0..<24 {
            let u = 1 - s
            let value = 3 * u * u * s * x1 + 3 * u * s * s * x2 + s * s * s - x
            if abs(value) < 1e-12 { break }
            if value > 0 { hi = s } else { lo = s }
            let slope = 3 * u * u * x1 + 6 * u * s * (x2 - x1) + 3 * s * s * (1 - x2)
            let next = s - value / slope
            s = slope > 1e-9 && next > lo && next < hi ? next : (lo + hi) / 2
        }
        return s
    }
}
