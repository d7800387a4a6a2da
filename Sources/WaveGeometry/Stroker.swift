import Foundation

/// Builds the outline of a stroke: one closed contour per open sub-path (or dash), two per
/// closed sub-path (outer and inner loop), to be filled with `.nonZero`.
///
/// The contour runs along the offset of the polyline on one side, around the end cap, back
/// along the offset of the other side and around the start cap. At each vertex the side on
/// the outer side of the turn gets the join (miter up to the limit, else bevel; round arc;
/// bevel chord; curve-interior vertices, whose turn is at most one arc step, get the single
/// point where the two offset lines meet). Where a curve starts or ends, joins and caps take
/// the curve's own tangent there (`CurveEnds`) instead of the chord next to the vertex. The
/// inner side takes the point where its two offset lines cross when that point lies within
/// half of each segment; otherwise it runs through the vertex itself (offset end → vertex →
/// next offset start).
///
/// Winding: as a chain of edges the contour equals the sum of the boundaries of the simple
/// pieces a union stroker would draw (a rectangle per segment, a wedge per outer join, a
/// cap per end), all with the same orientation, because the shared edges between pieces
/// cancel: a path through the vertex is exactly such a cancellation. So the winding number
/// anywhere is the number of pieces covering that point, never negative, and non-zero fill
/// gives exactly their union: where the stroke overlaps itself the winding is 2 and the
/// coverage still 1. Cutting an inner corner at the crossing point removes a quadrilateral
/// (crossing, offset end, vertex, offset start) that both neighbouring rectangles cover (it
/// lies within ±2·hw·tan(θ/2) ≤ segment length of the vertex), so the winding there drops
/// from 2 to 1 and the union is unchanged. The contour is oriented so that a segment's
/// rectangle has positive signed area (x right, y down).
///
/// Only the true boundary is left, so the scan converter sees about two edges per unit of
/// stroke length instead of the rectangle and wedge sides of every piece.
struct Stroker {
    /// Most path elements one stroke outline may have; outlines past it are dropped.
    static let maxOutputElements = 4_000_000

    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    /// Largest angle step of round caps and joins: chord sagitta ≤ tolerance / 2.
    let arcStep: Double
    /// cos(arcStep): turns at least this straight are joined at the offset lines' crossing.
    let cosArcStep: Double
    private(set) var output = Path()
    /// The contour being built (reused between contours).
    private var contour: [Point] = []

    init(style: StrokeStyle, tolerance: Double) {
        halfWidth = style.width / 2
        cap = style.cap
        join = style.join
        miterLimit = style.miterLimit
        // Sagitta r·(1 − cos(α/2)) ≤ tolerance / 2.
        let ratio = tolerance / 2 / halfWidth
        arcStep = ratio < 1 ? Swift.max(2 * acos(1 - ratio), 1e-3) : Double.pi / 2
        cosArcStep = cos(arcStep)
    }

    /// The unit normal on the side the contour follows first: `d` turned a quarter turn
    /// clockwise on screen (toward −y from +x), which makes segment rectangles positive.
    @inline(__always)
    private static func side(_ d: Point) -> Point { Point(d.y, -d.x) }

    mutating func stroke(_ line: StrokeLine) {
        let pts = line.points, n = pts.count
        guard n > 1 else { dot(pts[0], direction: line.direction); return }
        let segmentCount = line.closed ? n : n - 1
        var dirs: [Point] = [], lens: [Double] = []
        dirs.reserveCapacity(segmentCount)
        lens.reserveCapacity(segmentCount)
        for i in 0..<segmentCount {
            let d = pts[(i + 1) % n] - pts[i]
            let length = d.length
            dirs.append(d * (1 / length))
            lens.append(length)
        }
        // The same polyline walked backwards: point k is pts[n-1-k] (open) or pts[(n-k) % n]
        // (closed, so that both walks start at pts[0]); segment k reverses segment
        // segmentCount-1-k.
        let back: (Int) -> Int = line.closed ? { k in (n - k) % n } : { k in n - 1 - k }
        let rpts = (0..<n).map { pts[back($0)] }
        let rcorners = (0..<n).map { line.corners[back($0)] }
        let rdirs = (0..<segmentCount).map { dirs[segmentCount - 1 - $0] * -1 }
        let rlens = (0..<segmentCount).map { lens[segmentCount - 1 - $0] }
        // Where a curve ends, its own tangents (see `CurveEnds`).
        let ends = line.ends
        let rends = ends.isEmpty ? ends : ends.reversed(back)

        contour.removeAll(keepingCapacity: true)
        if line.closed {
            offsetSide(pts, dirs, lens, line.corners, ends, closed: true)
            emitContour()
            contour.removeAll(keepingCapacity: true)
            offsetSide(rpts, rdirs, rlens, rcorners, rends, closed: true, returning: true)
            emitContour()
        } else {
            offsetSide(pts, dirs, lens, line.corners, ends, closed: false)
            capAt(pts[n - 1], direction: ends.arriving(at: n - 1, else: dirs[segmentCount - 1]))
            offsetSide(rpts, rdirs, rlens, rcorners, rends, closed: false, returning: true)
            capAt(pts[0], direction: ends.leaving(at: 0, else: dirs[0]) * -1)
            emitContour()
        }
    }

    /// Appends the offset of the polyline on its `side`: for an open line from the start of
    /// the first segment to the end of the last, for a closed one the joins at every vertex.
    /// `returning` is true for the walk back along the other side.
    private mutating func offsetSide(_ pts: [Point], _ dirs: [Point], _ lens: [Double], _ corners: [Bool],
                                     _ ends: CurveEnds, closed: Bool, returning: Bool = false) {
        let n = pts.count, hw = halfWidth
        // Curve ends are corners: only they look their tangents up.
        let curved = !ends.isEmpty
        if closed {
            let m = dirs.count
            for i in 0..<n {
                let prev = (i + m - 1) % m
                var d1 = dirs[prev], d2 = dirs[i]
                if curved && corners[i] { d1 = ends.arriving(at: i, else: d1); d2 = ends.leaving(at: i, else: d2) }
                joinAt(pts[i], d1, d2, lens[prev], lens[i], corner: corners[i], returning: returning)
            }
        } else {
            add(pts[0] + Self.side(ends.leaving(at: 0, else: dirs[0])) * hw)
            if n > 2 {
                for i in 1..<(n - 1) {
                    var d1 = dirs[i - 1], d2 = dirs[i]
                    if curved && corners[i] { d1 = ends.arriving(at: i, else: d1); d2 = ends.leaving(at: i, else: d2) }
                    joinAt(pts[i], d1, d2, lens[i - 1], lens[i], corner: corners[i], returning: returning)
                }
            }
            add(pts[n - 1] + Self.side(ends.arriving(at: n - 1, else: dirs[n - 2])) * hw)
        }
    }

    /// Appends the contour points at vertex `p` between the segment arriving with unit
    /// direction `d1` (length `len1`) and the one leaving with `d2` (length `len2`).
    /// An exact U-turn looks the same from both sides: the outward walk takes the join and
    /// the returning walk goes through the vertex, so the join is drawn once.
    private mutating func joinAt(_ p: Point, _ d1: Point, _ d2: Point, _ len1: Double, _ len2: Double,
                                 corner: Bool, returning: Bool) {
        let hw = halfWidth
        let q1 = Self.side(d1), q2 = Self.side(d2)
        let cosTurn = d1.dot(d2), sinTurn = d1.cross(d2)
        if sinTurn == 0 && cosTurn > 0 { add(p + q1 * hw); return }   // straight on
        if d2.dot(q1) > 0 || (sinTurn == 0 && returning) {
            // Inner side: the path turns toward this side.
            let overshoot = hw * abs(sinTurn) / (1 + cosTurn)        // hw · tan(θ/2)
            if 1 + cosTurn > 1e-12, overshoot <= 0.5 * Swift.min(len1, len2) {
                add(p + (q1 + q2) * (hw / (1 + cosTurn)))
            } else {
                add(p + q1 * hw)
                add(p)
                add(p + q2 * hw)
            }
            return
        }
        // Outer side.
        let toward = sinTurn < 0 ? d1 * -1 : d1
        if !corner {
            if cosTurn >= cosArcStep {
                add(p + (q1 + q2) * (hw / (1 + cosTurn)))
            } else {
                appendArc(center: p, from: q1, toward: toward, angle: atan2(abs(sinTurn), cosTurn))
            }
            return
        }
        switch join {
        case .bevel:
            add(p + q1 * hw)
            add(p + q2 * hw)
        case .miter:
            // Miter length / width = 1 / sin(interior/2) = 1 / cos(turn/2).
            let cosHalf = ((1 + cosTurn) / 2).squareRoot()
            if cosHalf > 0 && 1 / cosHalf <= miterLimit {
                add(p + (q1 + q2) * (hw / (1 + cosTurn)))
            } else {
                add(p + q1 * hw)
                add(p + q2 * hw)
            }
        case .round:
            appendArc(center: p, from: q1, toward: toward, angle: atan2(abs(sinTurn), cosTurn))
        }
    }

    /// Cap at end point `p` of a line whose outward direction is the unit vector `d`: from
    /// the offset on the side of `d` to the offset on the side of −d.
    private mutating func capAt(_ p: Point, direction d: Point) {
        let q = Self.side(d) * halfWidth
        switch cap {
        case .butt:
            return
        case .square:
            let ext = d * halfWidth
            add(p + q + ext)
            add(p - q + ext)
        case .round:
            appendArc(center: p, from: Self.side(d), toward: d, angle: Double.pi)
        }
    }

    /// A zero-length sub-path: a disc for round caps, a square aligned with `direction` for
    /// square caps, nothing for butt caps.
    private mutating func dot(_ p: Point, direction: Point) {
        contour.removeAll(keepingCapacity: true)
        switch cap {
        case .butt:
            return
        case .square:
            let ext = direction * halfWidth, off = direction.perpendicular * halfWidth
            contour = [p - ext - off, p + ext - off, p + ext + off, p - ext + off]
        case .round:
            appendArc(center: p, from: Point(1, 0), toward: Point(0, 1), angle: 2 * Double.pi)
            contour.removeLast()
        }
        emitContour()
    }

    /// Appends `p` unless it repeats the last point.
    @inline(__always)
    private mutating func add(_ p: Point) {
        if let last = contour.last, last == p { return }
        contour.append(p)
    }

    /// Appends points of an arc of radius `halfWidth` from direction u toward v (orthonormal)
    /// through `angle`, the first and last exactly on the circle.
    ///
    /// An arc no longer than one step (sagitta ≤ tolerance / 2) is a single chord. Otherwise
    /// the arc is cut into n ≥ 2 equal steps α small enough that the chord sagitta is at most
    /// tolerance / 2. Inscribed chords would lose about ⅔ · sagitta · length of area, so the
    /// interior vertices are pushed out to radius ρ·r, with ρ solving
    /// 2ρ·sin α + (n − 2)·ρ²·sin α = n·α (fan area = sector area). The vertices then sit at most
    /// ≈ r·α²/6 ≤ ⅔ · tolerance outside the circle and chord middles inside it by less.
    private mutating func appendArc(center: Point, from u: Point, toward v: Point,
                           angle: Double) {
        // NaN (a direction from an overflowed segment) takes this branch too: its points are
        // not finite, so `emitContour` drops the contour instead of trapping below.
        if !(angle > arcStep) {
            add(center + u * halfWidth)
            add(center + (u * cos(angle) + v * sin(angle)) * halfWidth)
            return
        }
        let steps = Swift.min(1024, Swift.max(2, Int((angle / arcStep).rounded(.up))))
        let alpha = angle / Double(steps), sinAlpha = sin(alpha)
        let n = Double(steps)
        let rho: Double
        if steps == 2 {
            rho = alpha / sinAlpha
        } else {
            let a = (n - 2) * sinAlpha, b = 2 * sinAlpha, c = -n * alpha
            rho = (-b + (b * b - 4 * a * c).squareRoot()) / (2 * a)
        }
        let radius = rho >= 1 && rho.isFinite ? halfWidth * rho : halfWidth   // α → 0 gives 0/0
        for i in 0...steps {
            let phi = angle * Double(i) / Double(steps)
            let r = (i == 0 || i == steps) ? halfWidth : radius
            add(center + (u * cos(phi) + v * sin(phi)) * r)
        }
    }

    /// Appends the contour as a closed sub-path, oriented positive when it is a single convex
    /// piece (a dot); contours with a non-finite point are dropped.
    private mutating func emitContour() {
        guard contour.count > 2 else { return }
        // A budget on the outline's size: huge widths with round caps on thousands of
        // dashes would otherwise build hundreds of millions of points (found by fuzzing).
        guard output.elements.count + contour.count + 1 <= Stroker.maxOutputElements else { return }
        guard contour.allSatisfy(\.isFinite) else { return }
        output.move(to: contour[0])
        for p in contour.dropFirst() { output.line(to: p) }
        output.close()
    }
}

extension Path {
    /// The outline of this path stroked with `style`, to be filled with `.nonZero`.
    ///
    /// Curves are flattened to `tolerance` (path units), in pieces that each turn by at most
    /// the round-join arc step, so both offset sides stay within the tolerance; round caps and
    /// joins are built from chords within the same tolerance. The result is one contour per
    /// open sub-path or dash and two per closed sub-path (see `Stroker`). Handles butt/round/square caps, miter/round/bevel joins
    /// with the miter limit (a miter over the limit becomes a bevel), dashes with phase (see
    /// `StrokeStyle`), trimming to a fraction of the total length (before dashing, see
    /// `Trimmer`), closed sub-paths (joined at the closing point, no caps), zero-length
    /// segments (dropped) and zero-length sub-paths (dot for round caps, square for square caps).
    /// Any positive width yields its exact geometry; see `StrokeStyle.hairline` for sub-pixel
    /// widths. A non-positive or non-finite width yields an empty path.
    public func stroked(_ style: StrokeStyle, tolerance: Double = 0.1) -> Path {
        guard style.width > 0, style.width.isFinite else { return Path() }
        let tol = Flattener.sanitized(tolerance)
        var stroker = Stroker(style: style, tolerance: tol)
        let pattern = DashPattern(dashes: style.dashes, phase: style.dashPhase)
        var lines = Flattener.subpaths(of: self, tolerance: tol, turnStep: stroker.arcStep).filter(\.drawn).map(StrokeLine.init)
        if style.trimStart != 0 || style.trimEnd != 1 {
            lines = Trimmer.trim(lines, start: style.trimStart, end: style.trimEnd)
        }
        for line in lines {
            if let pattern {
                for dash in Dasher.dash(line, pattern) { stroker.stroke(dash) }
            } else {
                stroker.stroke(line)
            }
        }
        return stroker.output
    }
}
