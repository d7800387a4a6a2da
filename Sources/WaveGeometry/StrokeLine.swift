/// A polyline ready for stroking.
///
/// Invariants: `points` is non-empty, finite, and has no two consecutive equal points (nor, when
/// `closed`, a last point equal to the first); `corners.count == points.count`. `direction` is
/// a unit vector used only when there is a single point (orientation of a square dot).
///
/// Where a curve ends at a vertex, `arriving` and `leaving` hold the curve's own unit tangent
/// there (the direction the path arrives at point i with, and leaves it with), so that joins
/// and caps turn with the curve rather than with its last chord; zero means "the chord".
/// Both are empty (all zero) for a line with no curve, else as long as `points`.
struct StrokeLine: Equatable {
    var points: [Point]
    var corners: [Bool]
    var closed: Bool
    var direction: Point
    private(set) var arriving: [Point] = []
    private(set) var leaving: [Point] = []

    init(start: Point, direction: Point, leaving: Point = Point(0, 0)) {
        points = [start]
        corners = [false]
        closed = false
        self.direction = direction
        if leaving != Point(0, 0) { self.arriving = [Point(0, 0)]; self.leaving = [leaving] }
    }

    /// Builds a stroke line from a flattened sub-path, dropping zero-length segments (points
    /// closer than 1e-9 to their predecessor; a dropped point passes on its corner flag and
    /// the direction the path leaves it with).
    init(_ sub: FlatSubpath) {
        points = []
        corners = []
        closed = sub.closed
        direction = Point(1, 0)
        let tangents = !sub.leaving.isEmpty
        for i in sub.points.indices {
            append(sub.points[i], corner: sub.corners[i], arriving: tangents ? sub.arriving[i] : Point(0, 0),
                   leaving: tangents ? sub.leaving[i] : Point(0, 0))
        }
        if closed, points.count > 1, let first = points.first, let last = points.last,
           last.distance(to: first) <= 1e-9 {
            points.removeLast()
            corners.removeLast()
            corners[0] = true
            if !arriving.isEmpty {
                arriving[0] = arriving.removeLast()
                leaving.removeLast()
            }
        }
    }

    /// The curve's tangent arriving at point `i`, or zero (use the chord).
    @inline(__always) func arriving(at i: Int) -> Point { arriving.isEmpty ? Point(0, 0) : arriving[i] }
    /// The curve's tangent leaving point `i`, or zero (use the chord).
    @inline(__always) func leaving(at i: Int) -> Point { leaving.isEmpty ? Point(0, 0) : leaving[i] }

    /// Appends `p` unless it repeats the last point. Then only the corner flag and the
    /// tangents are merged: the leaving one always (it belongs to the segment after `p`), the
    /// arriving one when a curve ends there.
    mutating func append(_ p: Point, corner: Bool, arriving a: Point = Point(0, 0), leaving l: Point = Point(0, 0)) {
        let zero = Point(0, 0)
        if let last = points.last, last.distance(to: p) <= 1e-9 {
            if corner { corners[corners.count - 1] = true }
            if a != zero || l != zero { tangents() }
            if !leaving.isEmpty {
                leaving[leaving.count - 1] = l
                if a != zero { arriving[arriving.count - 1] = a }
            }
            return
        }
        let tangent = !leaving.isEmpty || a != zero || l != zero
        if tangent { tangents() }
        points.append(p)
        corners.append(corner)
        if tangent {
            arriving.append(a)
            leaving.append(l)
        }
    }

    /// Gives the line its tangent lists (zero at every point so far) unless it has them.
    private mutating func tangents() {
        guard leaving.isEmpty else { return }
        arriving = Array(repeating: Point(0, 0), count: points.count)
        leaving = arriving
    }
}
