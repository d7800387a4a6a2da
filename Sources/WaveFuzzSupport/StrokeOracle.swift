/// A stroked polyline described by its numbers, and which points its stroke covers, worked
/// out without the stroker: an independent oracle for the stroker, dasher and trimmer
/// (WaveGeometry), for property tests and the stroke fuzz target.
///
/// Joins are round (the stroke of each side, and a pie of radius width/2 on the outer side
/// of each turn, as SVG defines them), each piece's ends cut square (`butt`), extended by
/// width/2 (`square`) or rounded (`round`). A closed outline is stroked with round caps.
///
/// The drawn pieces follow grammar.md "Trimming the stroke": the outline's length L, the
/// stretch from trimStart·L to trimEnd·L, then the dash pattern laid from the start of that
/// stretch, shifted by the phase.
public struct StrokeCase: Sendable, CustomStringConvertible {
    public enum Cap: Int, Sendable, CaseIterable { case butt, round, square }

    public var points: [(x: Double, y: Double)]
    public var closed: Bool
    public var width: Double
    public var cap: Cap
    /// On and off lengths, an even number of them (or none: solid).
    public var dashes: [Double]
    public var phase: Double
    public var trimStart: Double
    public var trimEnd: Double
    /// The canvas the case is drawn on.
    public let size = 48

    /// A case read from bytes (a fuzzer's input or a seeded stream): 2–7 points on the
    /// canvas with sides at least 2 long, widths 0.5–10, dashes 1–16 long, trims.
    public init(reading bytes: [UInt8]) {
        var i = 0
        func byte() -> Int {
            defer { i += 1 }
            return i < bytes.count ? Int(bytes[i]) : (i * 37) & 255
        }
        func unit() -> Double { Double(byte() * 256 + byte()) / 65535 }
        let count = 2 + byte() % 6
        var points: [(x: Double, y: Double)] = []
        while points.count < count && i < bytes.count + 64 {
            let p = (x: 4 + unit() * Double(size - 8), y: 4 + unit() * Double(size - 8))
            if let last = points.last, ((p.x - last.x) * (p.x - last.x) + (p.y - last.y) * (p.y - last.y)).squareRoot() < 2 { continue }
            points.append(p)
        }
        if points.count < 2 { points = [(6, 6), (40, 30)] }
        self.points = points
        closed = points.count >= 3 && byte() % 3 == 0
        width = 0.5 + unit() * 9.5
        cap = closed ? .round : Cap.allCases[byte() % 3]
        let flags = byte()
        dashes = flags % 2 == 0 ? [] : (0..<(2 * (1 + byte() % 2))).map { _ in 1 + unit() * 15 }
        phase = dashes.isEmpty ? 0 : unit() * 20
        if flags / 2 % 2 == 1 {
            let a = unit(), b = unit()
            (trimStart, trimEnd) = (min(a, b), max(a, b))
        } else {
            (trimStart, trimEnd) = (0, 1)
        }
    }

    public var description: String {
        "points \(points.map { "(\($0.x), \($0.y))" }.joined(separator: " ")) closed \(closed) width \(width) cap \(cap) "
            + "dashes \(dashes) phase \(phase) trim \(trimStart)–\(trimEnd)"
    }

    /// The outline's sides, the closing one included.
    var sides: [(a: (x: Double, y: Double), b: (x: Double, y: Double))] {
        var out = zip(points, points.dropFirst()).map { (a: $0, b: $1) }
        if closed, let first = points.first, let last = points.last { out.append((last, first)) }
        return out
    }

    /// The stretches of arc length that are drawn.
    var drawnStretches: [(from: Double, to: Double)] {
        let lengths = sides.map { s in ((s.b.x - s.a.x) * (s.b.x - s.a.x) + (s.b.y - s.a.y) * (s.b.y - s.a.y)).squareRoot() }
        let total = lengths.reduce(0, +)
        let a = min(max(trimStart, 0), 1) * total, b = min(max(trimEnd, 0), 1) * total
        guard b > a else { return [] }
        guard !dashes.isEmpty else { return [(a, b)] }
        let period = dashes.reduce(0, +)
        var u = -(phase.truncatingRemainder(dividingBy: period))
        var out: [(Double, Double)] = []
        var k = 0
        while u < b - a {
            let on = dashes[k % dashes.count], off = dashes[(k + 1) % dashes.count]
            let lo = max(u, 0), hi = min(u + on, b - a)
            if hi - lo > 1e-9 { out.append((a + lo, a + hi)) }
            u += on + off
            k += 2
        }
        return out
    }

    /// The drawn pieces as polylines, and whether each is the whole closed outline.
    var pieces: [(points: [(x: Double, y: Double)], loop: Bool)] {
        let sides = self.sides
        var starts: [Double] = [0]
        for s in sides { starts.append(starts[starts.count - 1] + ((s.b.x - s.a.x) * (s.b.x - s.a.x) + (s.b.y - s.a.y) * (s.b.y - s.a.y)).squareRoot()) }
        let total = starts[starts.count - 1]
        func point(at d: Double) -> (x: Double, y: Double) {
            var i = 0
            while i + 1 < sides.count && starts[i + 1] < d { i += 1 }
            let len = starts[i + 1] - starts[i]
            let t = len > 0 ? min(max((d - starts[i]) / len, 0), 1) : 0
            return (sides[i].a.x + (sides[i].b.x - sides[i].a.x) * t, sides[i].a.y + (sides[i].b.y - sides[i].a.y) * t)
        }
        return drawnStretches.map { stretch in
            var out = [point(at: stretch.from)]
            for (i, s) in starts.enumerated().dropFirst().dropLast() where s > stretch.from && s < stretch.to { out.append(sides[i].a) }
            out.append(point(at: stretch.to))
            return (out, closed && stretch.from <= 0 && stretch.to >= total)
        }
    }

    /// One part of the stroke: a side's rectangle (reaching `before`/`after` past its
    /// ends for square caps), a round cap's half disc, or a round join's pie.
    enum Part {
        /// From a along unit direction d for len, width/2 either side.
        case side(ax: Double, ay: Double, dx: Double, dy: Double, len: Double, before: Double, after: Double)
        /// The half of the disc about c on the side where (p − c)·d ≥ 0.
        case halfDisc(cx: Double, cy: Double, dx: Double, dy: Double)
        /// The part of the disc about c past the side coming in (d) and before the side
        /// going out (e): the outer side of the turn.
        case pie(cx: Double, cy: Double, dx: Double, dy: Double, ex: Double, ey: Double)
    }

    /// The stroke as parts, each with its bounding box (x0, y0, x1, y1): the union of each
    /// side's rectangle, each join's pie on the outer side of its turn, and each piece's two
    /// caps (a half disc beyond the end, or the end side's rectangle reaching width/2
    /// further, or nothing).
    func parts() -> [(part: Part, box: (Double, Double, Double, Double))] {
        let r = width / 2
        var out: [(Part, (Double, Double, Double, Double))] = []
        func disc(_ x: Double, _ y: Double) -> (Double, Double, Double, Double) { (x - r, y - r, x + r, y + r) }
        for piece in pieces {
            var ps = piece.points
            // A whole closed outline ends where it starts: going on along its first side
            // makes that vertex a join too.
            if piece.loop { ps.append(ps[1]) }
            var sides: [(a: (x: Double, y: Double), d: (x: Double, y: Double), len: Double)] = []
            for (a, b) in zip(ps, ps.dropFirst()) {
                let len = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                if len > 0 { sides.append((a, ((b.x - a.x) / len, (b.y - a.y) / len), len)) }
            }
            let drawn = piece.loop ? sides.count - 1 : sides.count
            for k in 0..<drawn {
                let (a, d, len) = sides[k]
                let b = (x: a.x + d.x * len, y: a.y + d.y * len)
                let first = !piece.loop && k == 0, last = !piece.loop && k == drawn - 1
                let before = first && cap == .square ? r : 0, after = last && cap == .square ? r : 0
                let s = (x: a.x - d.x * before, y: a.y - d.y * before), e = (x: b.x + d.x * after, y: b.y + d.y * after)
                out.append((.side(ax: a.x, ay: a.y, dx: d.x, dy: d.y, len: len, before: before, after: after),
                            (min(s.x, e.x) - r, min(s.y, e.y) - r, max(s.x, e.x) + r, max(s.y, e.y) + r)))
                if first && cap == .round { out.append((.halfDisc(cx: a.x, cy: a.y, dx: -d.x, dy: -d.y), disc(a.x, a.y))) }
                if last && cap == .round { out.append((.halfDisc(cx: b.x, cy: b.y, dx: d.x, dy: d.y), disc(b.x, b.y))) }
                if k + 1 < sides.count {
                    let e = sides[k + 1].d
                    out.append((.pie(cx: b.x, cy: b.y, dx: d.x, dy: d.y, ex: e.x, ey: e.y), disc(b.x, b.y)))
                }
            }
        }
        return out
    }

    /// Whether `part` covers the point (x, y).
    func covers(_ x: Double, _ y: Double, _ part: Part) -> Bool {
        let r = width / 2
        switch part {
        case .side(let ax, let ay, let dx, let dy, let len, let before, let after):
            let wx = x - ax, wy = y - ay
            let along = wx * dx + wy * dy, across = abs(wx * dy - wy * dx)
            return across <= r && along >= -before && along <= len + after
        case .halfDisc(let cx, let cy, let dx, let dy):
            let wx = x - cx, wy = y - cy
            return wx * wx + wy * wy <= r * r && wx * dx + wy * dy >= 0
        case .pie(let cx, let cy, let dx, let dy, let ex, let ey):
            let wx = x - cx, wy = y - cy
            return wx * wx + wy * wy <= r * r && wx * dx + wy * dy >= 0 && wx * ex + wy * ey <= 0
        }
    }

    /// Coverage of each pixel of the canvas (row-major), by `samples`×`samples` points.
    public func coverage(samples: Int = 8) -> [Double] {
        let parts = self.parts()
        var out = [Double](repeating: 0, count: size * size)
        for py in 0..<size {
            for px in 0..<size {
                let (x0, y0) = (Double(px), Double(py))
                let near = parts.filter { $0.box.0 <= x0 + 1 && $0.box.2 >= x0 && $0.box.1 <= y0 + 1 && $0.box.3 >= y0 }.map(\.part)
                guard !near.isEmpty else { continue }
                var hits = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let x = x0 + (Double(sx) + 0.5) / Double(samples), y = y0 + (Double(sy) + 0.5) / Double(samples)
                        if near.contains(where: { covers(x, y, $0) }) { hits += 1 }
                    }
                }
                out[py * size + px] = Double(hits) / Double(samples * samples)
            }
        }
        return out
    }
}
