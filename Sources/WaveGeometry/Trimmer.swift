/// Cuts a stroke's polylines to a fraction of their total length (Core Animation's
/// `strokeStart` / `strokeEnd`).
///
/// The sub-paths are measured one after another as if concatenated: with L the sum of their
/// lengths (a closed sub-path counts its closing segment), the part kept is the arc-length
/// interval [start·L, end·L]. A sub-path wholly inside the interval is kept as it is (a closed
/// one stays closed, joined, no caps); one the interval cuts becomes an open polyline, so the
/// stroker caps its cut ends, closed or not. A cut that touches a sub-path only at one
/// point keeps nothing of it; a zero-length sub-path (a dot) is kept when its position
/// along the concatenation lies in the interval.
///
/// Fractions are clamped to 0...1 (NaN counts as 0); start ≥ end keeps nothing, as in
/// Core Animation. Lengths are those of the polylines, i.e. of the outline as flattened
/// for stroking, so the drawn part is exactly that fraction of what a full stroke draws.
enum Trimmer {
    static func clampedFraction(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }

    /// The length of a polyline, its closing segment included when closed.
    static func length(_ line: StrokeLine) -> Double {
        let pts = line.points, n = pts.count
        guard n > 1 else { return 0 }
        var total = 0.0
        for i in 0..<(line.closed ? n : n - 1) { total += pts[i].distance(to: pts[(i + 1) % n]) }
        return total
    }

    static func trim(_ lines: [StrokeLine], start: Double, end: Double) -> [StrokeLine] {
        let s = clampedFraction(start), e = clampedFraction(end)
        guard s < e else { return [] }
        guard s > 0 || e < 1 else { return lines }
        let lengths = lines.map(length)
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else { return s == 0 ? lines : [] }   // only dots, all at 0
        let a = s * total, b = e * total
        var result: [StrokeLine] = []
        var offset = 0.0
        for (line, length) in zip(lines, lengths) {
            defer { offset += length }
            if length == 0 {
                if offset >= a && offset <= b { result.append(line) }
                continue
            }
            let from = Swift.max(a - offset, 0), to = Swift.min(b - offset, length)
            guard to > from else { continue }
            if from == 0 && to == length {
                result.append(line)
            } else if let piece = piece(of: line, from: from, to: to) {
                result.append(piece)
            }
        }
        return result
    }

    /// The open polyline between arc lengths `from` < `to` of `line` (0 at its first point).
    /// Vertices strictly inside keep their corner flags and tangents; the cut ends are new
    /// points.
    static func piece(of line: StrokeLine, from: Double, to: Double) -> StrokeLine? {
        let pts = line.points, n = pts.count
        let segmentCount = line.closed ? n : n - 1
        var result: StrokeLine?
        var position = 0.0
        for i in 0..<segmentCount {
            let p = pts[i], q = pts[(i + 1) % n]
            let length = p.distance(to: q)
            let next = position + length
            defer { position = next }
            guard length > 0, next > from else { continue }
            let direction = (q - p) * (1 / length)
            if result == nil {
                // A cut exactly at a vertex keeps the direction a curve leaves it with.
                result = StrokeLine(start: p + direction * (from - position), direction: direction,
                                    leaving: from == position ? line.tangents(at: i).leaving : Point(0, 0))
            }
            let j = (i + 1) % n
            if next >= to {
                result?.append(p + direction * (to - position), corner: false,
                               arriving: to == next ? line.tangents(at: j).arriving : Point(0, 0))
                break
            }
            let ends = line.tangents(at: j)
            result?.append(q, corner: line.corners[j], arriving: ends.arriving, leaving: ends.leaving)
        }
        return result
    }
}

extension Path {
    /// The total length of the outline: the sum over sub-paths that draw something, a
    /// closed one with its closing segment, as `Trimmer` measures it. Curves are measured
    /// on their flattening to `tolerance` (path units), which is shorter than the true curve
    /// by a relative error of about tolerance / (3·radius of curvature): for the default
    /// 0.001 and a circle of radius 10, under 4e-5. Non-finite sub-paths count 0.
    public func length(tolerance: Double = 0.001) -> Double {
        Flattener.subpaths(of: self, tolerance: tolerance).filter(\.drawn)
            .reduce(0) { $0 + Trimmer.length(StrokeLine($1)) }
    }
}
