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
