/// A curve's own unit tangents at the vertices of a polyline where a curve starts or ends:
/// the direction in which the path arrives at vertex `index` and the one it leaves it with
/// (zero: the chord next to the vertex is the direction). Joins and caps there use them, so
/// they turn as the curve does rather than with the last chord of its flattening, which is
/// off by half the turn of the last piece (a miter near the limit after a curve became a
/// bevel where Chromium, cairo and rlottie draw it).
///
/// Kept sparse, in increasing `index` order: only curve ends have entries, so polylines
/// pay nothing per point.
struct CurveEnds: Equatable {
    struct End: Equatable {
        var index: Int
        var arriving = Point(0, 0)
        var leaving = Point(0, 0)
    }
    private(set) var list: [End] = []

    var isEmpty: Bool { list.isEmpty }

    /// Sets the tangent arriving at `index` (at or after the last entry's index), if not zero.
    mutating func set(at index: Int, arriving: Point) {
        guard arriving != Point(0, 0) else { return }
        if let last = list.last, last.index == index { list[list.count - 1].arriving = arriving; return }
        list.append(End(index: index, arriving: arriving))
    }

    /// Sets the tangent leaving `index` (at or after the last entry's index); zero clears it.
    mutating func set(at index: Int, leaving: Point) {
        if let last = list.last, last.index == index { list[list.count - 1].leaving = leaving; return }
        guard leaving != Point(0, 0) else { return }
        list.append(End(index: index, leaving: leaving))
    }

    /// The entry of vertex `index`, by binary search.
    func end(at index: Int) -> End? {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].index < index { lo = mid + 1 } else { hi = mid }
        }
        return lo < list.count && list[lo].index == index ? list[lo] : nil
    }

    /// The direction arriving at `index`: the curve's tangent, else `chord`.
    func arriving(at index: Int, else chord: Point) -> Point {
        guard !list.isEmpty, let e = end(at: index), e.arriving != Point(0, 0) else { return chord }
        return e.arriving
    }

    /// The direction leaving `index`: the curve's tangent, else `chord`.
    func leaving(at index: Int, else chord: Point) -> Point {
        guard !list.isEmpty, let e = end(at: index), e.leaving != Point(0, 0) else { return chord }
        return e.leaving
    }

    /// The same ends on the polyline walked backwards, whose vertex k is `back(k)` here:
    /// arriving and leaving swap and turn round.
    func reversed(_ back: (Int) -> Int) -> CurveEnds {
        var result = CurveEnds()
        result.list = list.map { End(index: back($0.index), arriving: $0.leaving * -1, leaving: $0.arriving * -1) }
            .sorted { $0.index < $1.index }
        return result
    }

    /// Drops the entry of `index` (the last vertex, removed) and gives its arriving tangent
    /// to vertex 0 (a closed line's repeated start).
    mutating func closing(removed index: Int) {
        guard let last = list.last, last.index == index else { return }
        list.removeLast()
        guard last.arriving != Point(0, 0) else { return }
        if let first = list.first, first.index == 0 {
            list[0].arriving = last.arriving
        } else {
            list.insert(End(index: 0, arriving: last.arriving), at: 0)
        }
    }
}

/// A polyline ready for stroking.
///
/// Invariants: `points` is non-empty, finite, and has no two consecutive equal points (nor, when
/// `closed`, a last point equal to the first); `corners.count == points.count`. `direction` is
/// a unit vector used only when there is a single point (orientation of a square dot).
/// `ends` holds the curves' tangents at their ends, indexed by point.
struct StrokeLine: Equatable {
    var points: [Point]
    var corners: [Bool]
    var closed: Bool
    var direction: Point
    private(set) var ends = CurveEnds()

    init(start: Point, direction: Point, leaving: Point = Point(0, 0)) {
        points = [start]
        corners = [false]
        closed = false
        self.direction = direction
        ends.set(at: 0, leaving: leaving)
    }

    /// Builds a stroke line from a flattened sub-path, dropping zero-length segments (points
    /// closer than 1e-9 to their predecessor; a dropped point passes on its corner flag and
    /// the direction the path leaves it with).
    init(_ sub: FlatSubpath) {
        points = []
        corners = []
        closed = sub.closed
        direction = Point(1, 0)
        var next = 0   // the next entry of sub.ends
        let subEnds = sub.ends.list
        for i in sub.points.indices {
            var arriving = Point(0, 0), leaving = Point(0, 0)
            if next < subEnds.count, subEnds[next].index == i {
                arriving = subEnds[next].arriving
                leaving = subEnds[next].leaving
                next += 1
            }
            append(sub.points[i], corner: sub.corners[i], arriving: arriving, leaving: leaving)
        }
        if closed, points.count > 1, let first = points.first, let last = points.last,
           last.distance(to: first) <= 1e-9 {
            ends.closing(removed: points.count - 1)
            points.removeLast()
            corners.removeLast()
            corners[0] = true
        }
    }

    /// Appends `p` unless it repeats the last point. Then only the corner flag and the
    /// tangents are merged: the leaving one always (it belongs to the segment after `p`), the
    /// arriving one when a curve ends there.
    mutating func append(_ p: Point, corner: Bool, arriving: Point = Point(0, 0), leaving: Point = Point(0, 0)) {
        let zero = Point(0, 0), tangent = arriving != zero || leaving != zero
        if let last = points.last, last.distance(to: p) <= 1e-9 {
            if corner { corners[corners.count - 1] = true }
            if tangent || !ends.isEmpty {
                ends.set(at: points.count - 1, arriving: arriving)
                ends.set(at: points.count - 1, leaving: leaving)
            }
            return
        }
        points.append(p)
        corners.append(corner)
        if tangent {
            ends.set(at: points.count - 1, arriving: arriving)
            ends.set(at: points.count - 1, leaving: leaving)
        }
    }

    /// The curve's tangents at vertex `i` (zero where there is none).
    func tangents(at i: Int) -> (arriving: Point, leaving: Point) {
        guard let e = ends.isEmpty ? nil : ends.end(at: i) else { return (Point(0, 0), Point(0, 0)) }
        return (e.arriving, e.leaving)
    }
}
