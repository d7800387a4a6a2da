import Foundation

/// Builds the outline of a stroke as a union of simple pieces.
///
/// Every segment contributes a rectangle, every join a wedge on the outer side of the turn
/// (bevel triangle, miter quadrilateral or round fan), every open end a cap. Each piece is a
/// simple convex polygon emitted with positive signed area, so the union is exactly the set of
/// points with non-zero winding: the result must be filled with `.nonZero`. Pieces touch along
/// shared edges; they overlap only on the inner side of turns, which keeps the outer boundary
/// exact. Joins at curve-interior points (corner flag false) are always round, as the true
/// offset of a smooth curve is.
struct Stroker {
    /// Most path elements one stroke outline may have; pieces past it are dropped.
    static let maxOutputElements = 4_000_000

    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    /// Largest angle step of round caps and joins: chord sagitta ≤ tolerance / 2.
    let arcStep: Double
    private(set) var output = Path()

    init(style: StrokeStyle, tolerance: Double) {
        halfWidth = style.width / 2
        cap = style.cap
        join = style.join
        miterLimit = style.miterLimit
        // Sagitta r·(1 − cos(α/2)) ≤ tolerance / 2.
        let ratio = tolerance / 2 / halfWidth
        arcStep = ratio < 1 ? Swift.max(2 * acos(1 - ratio), 1e-3) : Double.pi / 2
    }

    mutating func stroke(_ line: StrokeLine) {
        let pts = line.points, n = pts.count
        guard n > 1 else { dot(pts[0], direction: line.direction); return }
        let segmentCount = line.closed ? n : n - 1
        var dirs: [Point] = []
        dirs.reserveCapacity(segmentCount)
        for i in 0..<segmentCount {
            let a = pts[i], b = pts[(i + 1) % n]
            let d = b - a
            let unit = d * (1 / d.length)
            dirs.append(unit)
            let off = unit.perpendicular * halfWidth
            emitPolygon([a + off, b + off, b - off, a - off])
        }
        if line.closed {
            for i in 0..<n {
                joinAt(pts[i], dirs[(i + segmentCount - 1) % segmentCount], dirs[i], corner: line.corners[i])
            }
        } else {
            for i in 1..<(n - 1) { joinAt(pts[i], dirs[i - 1], dirs[i], corner: line.corners[i]) }
            capAt(pts[0], direction: dirs[0] * -1)
            capAt(pts[n - 1], direction: dirs[segmentCount - 1])
        }
    }

    /// The wedge filling the outer gap between the segment arriving with unit direction `d1`
    /// and the one leaving with `d2` at `p`.
    private mutating func joinAt(_ p: Point, _ d1: Point, _ d2: Point, corner: Bool) {
        let cosTurn = d1.dot(d2), sinTurn = d1.cross(d2)
        if sinTurn == 0 && cosTurn > 0 { return }          // straight on
        let side: Double = sinTurn > 0 ? -1 : 1            // outer side of the turn
        let u1 = d1.perpendicular * side, u2 = d2.perpendicular * side
        let o1 = p + u1 * halfWidth, o2 = p + u2 * halfWidth
        switch corner ? join : .round {
        case .bevel:
            emitPolygon([p, o1, o2])
        case .miter:
            // Miter length / width = 1 / sin(interior/2) = 1 / cos(turn/2).
            let cosHalf = ((1 + cosTurn) / 2).squareRoot()
            if cosHalf > 0 && 1 / cosHalf <= miterLimit {
                let tip = p + (u1 + u2) * (halfWidth / (1 + cosTurn))
                emitPolygon([p, o1, tip, o2])
            } else {
                emitPolygon([p, o1, o2])
            }
        case .round:
            let turn = atan2(abs(sinTurn), cosTurn)
            var fan = [p]
            appendArc(&fan, center: p, from: u1, toward: d1, angle: turn)
            emitPolygon(fan)
        }
    }

    /// Cap at end point `p` of a sub-path whose outward direction is the unit vector `d`.
    private mutating func capAt(_ p: Point, direction d: Point) {
        let off = d.perpendicular * halfWidth
        switch cap {
        case .butt:
            return
        case .square:
            let ext = d * halfWidth
            emitPolygon([p + off, p + off + ext, p - off + ext, p - off])
        case .round:
            var fan: [Point] = []
            appendArc(&fan, center: p, from: d.perpendicular, toward: d, angle: Double.pi)
            emitPolygon(fan)
        }
    }

    /// A zero-length sub-path: a disc for round caps, a square aligned with `direction` for
    /// square caps, nothing for butt caps.
    private mutating func dot(_ p: Point, direction: Point) {
        switch cap {
        case .butt:
            return
        case .square:
            let ext = direction * halfWidth, off = direction.perpendicular * halfWidth
            emitPolygon([p - ext + off, p + ext + off, p + ext - off, p - ext - off])
        case .round:
            var fan: [Point] = []
            appendArc(&fan, center: p, from: Point(1, 0), toward: Point(0, 1), angle: 2 * Double.pi)
            fan.removeLast()
            emitPolygon(fan)
        }
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
    private func appendArc(_ pts: inout [Point], center: Point, from u: Point, toward v: Point,
                           angle: Double) {
        if angle <= arcStep {
            pts.append(center + u * halfWidth)
            pts.append(center + (u * cos(angle) + v * sin(angle)) * halfWidth)
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
            pts.append(center + (u * cos(phi) + v * sin(phi)) * r)
        }
    }

    /// Appends `pts` as a closed sub-path with positive signed area; degenerate (zero or
    /// non-finite area) polygons are skipped.
    private mutating func emitPolygon(_ pts: [Point]) {
        // A budget on the outline's size: huge widths with round caps on thousands of
        // dashes would otherwise build hundreds of millions of points (found by fuzzing).
        guard output.elements.count + pts.count <= Stroker.maxOutputElements else { return }
        var twiceArea = 0.0
        for i in 0..<pts.count {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            twiceArea += a.x * b.y - b.x * a.y
        }
        guard twiceArea != 0, twiceArea.isFinite else { return }
        let ordered = twiceArea > 0 ? pts : pts.reversed()
        output.move(to: ordered[0])
        for p in ordered.dropFirst() { output.line(to: p) }
        output.close()
    }
}

extension Path {
    /// The outline of this path stroked with `style`, to be filled with `.nonZero`.
    ///
    /// Curves are flattened to `tolerance` (path units) and round caps/joins are built from
    /// chords within the same tolerance. Handles butt/round/square caps, miter/round/bevel joins
    /// with the miter limit (a miter over the limit becomes a bevel), dashes with phase (see
    /// `StrokeStyle`), closed sub-paths (joined at the closing point, no caps), zero-length
    /// segments (dropped) and zero-length sub-paths (dot for round caps, square for square caps).
    /// Any positive width yields its exact geometry; see `StrokeStyle.hairline` for sub-pixel
    /// widths. A non-positive or non-finite width yields an empty path.
    public func stroked(_ style: StrokeStyle, tolerance: Double = 0.1) -> Path {
        guard style.width > 0, style.width.isFinite else { return Path() }
        let tol = Flattener.sanitized(tolerance)
        var stroker = Stroker(style: style, tolerance: tol)
        let pattern = DashPattern(dashes: style.dashes, phase: style.dashPhase)
        for sub in Flattener.subpaths(of: self, tolerance: tol) where sub.drawn {
            let line = StrokeLine(sub)
            if let pattern {
                for dash in Dasher.dash(line, pattern) { stroker.stroke(dash) }
            } else {
                stroker.stroke(line)
            }
        }
        return stroker.output
    }
}
