import Foundation

/// A polyline ready for stroking.
///
/// Invariants: `points` is non-empty, finite, and has no two consecutive equal points (nor, when
/// `closed`, a last point equal to the first); `corners.count == points.count`. `direction` is
/// a unit vector used only when there is a single point (orientation of a square dot).
struct StrokeLine: Equatable {
    var points: [Point]
    var corners: [Bool]
    var closed: Bool
    var direction: Point

    init(start: Point, direction: Point) {
        points = [start]
        corners = [false]
        closed = false
        self.direction = direction
    }

    /// Builds a stroke line from a flattened sub-path, dropping zero-length segments (points
    /// closer than 1e-9 to their predecessor; a dropped point passes on its corner flag).
    init(_ sub: FlatSubpath) {
        points = []
        corners = []
        closed = sub.closed
        direction = Point(1, 0)
        for (p, corner) in zip(sub.points, sub.corners) { append(p, corner: corner) }
        if closed, points.count > 1, let first = points.first, let last = points.last,
           last.distance(to: first) <= 1e-9 {
            points.removeLast()
            corners.removeLast()
            corners[0] = true
        }
    }

    /// Appends `p` unless it repeats the last point (then only the corner flag is merged).
    mutating func append(_ p: Point, corner: Bool) {
        if let last = points.last, last.distance(to: p) <= 1e-9 {
            if corner { corners[corners.count - 1] = true }
            return
        }
        points.append(p)
        corners.append(corner)
    }
}

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
    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    /// Largest angle step of round caps and joins so that the chord error stays ≤ tolerance.
    let arcStep: Double
    private(set) var output = Path()

    init(style: StrokeStyle, tolerance: Double) {
        halfWidth = style.width / 2
        cap = style.cap
        join = style.join
        miterLimit = style.miterLimit
        let ratio = tolerance / halfWidth
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

    /// Appends points center + r·(u·cos φ + v·sin φ) for φ from 0 to `angle` inclusive, with
    /// steps no larger than `arcStep` (u, v orthonormal).
    private func appendArc(_ pts: inout [Point], center: Point, from u: Point, toward v: Point,
                           angle: Double) {
        let steps = Swift.min(1024, Swift.max(1, Int((angle / arcStep).rounded(.up))))
        for i in 0...steps {
            let phi = angle * Double(i) / Double(steps)
            pts.append(center + (u * cos(phi) + v * sin(phi)) * halfWidth)
        }
    }

    /// Appends `pts` as a closed sub-path with positive signed area; degenerate (zero or
    /// non-finite area) polygons are skipped.
    private mutating func emitPolygon(_ pts: [Point]) {
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
