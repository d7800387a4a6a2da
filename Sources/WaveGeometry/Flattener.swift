import Foundation

/// A sub-path reduced to straight segments.
///
/// Invariants: `points` is non-empty, all points are finite, `corners.count == points.count`.
/// `corners[i]` is true for points that are vertices of the original path (where the stroker
/// applies the line join) and false for points inside a flattened curve (joined smoothly).
/// A closed sub-path does not repeat its first point unless the original path did.
struct FlatSubpath: Equatable {
    var points: [Point] = []
    var corners: [Bool] = []
    /// For strokes, a curve's own unit tangents at the points where it starts or ends (see
    /// `CurveEnds`).
    var ends = CurveEnds()
    var closed = false
    /// False for a lone `move` that draws nothing.
    var drawn = false
}

/// Turns paths into polylines within a distance tolerance.
///
/// A curve is split into `n` pieces of equal parameter length. Linear interpolation over a
/// parameter step h deviates from a curve by at most h²/8 · max|B″| (Peano-kernel bound for
/// vector-valued curves), so:
/// - quadratic p0, p1, p2: B″ = 2(p0 − 2p1 + p2), n = ⌈√(|p0 − 2p1 + p2| / (4·tol))⌉;
/// - cubic p0…p3: |B″| ≤ 6·max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|) = 6M, n = ⌈√(3M / (4·tol))⌉.
/// Every output point lies on the curve (unless `balanced`, below) and every curve point is
/// within `tol` of the polyline.
/// `n` is capped at `maxSegments` so huge or non-finite input cannot hang.
package enum Flattener {
    static let maxSegments = 4096

    /// A usable tolerance: NaN or non-positive becomes 0.1, tiny values are raised to 1e-6.
    package static func sanitized(_ tolerance: Double) -> Double {
        tolerance > 0 ? Swift.max(tolerance, 1e-6) : 0.1
    }

    /// Number of pieces so that √(value / tol) pieces are used (at least 1, at most the cap).
    @inline(__always)
    static func pieceCount(_ value: Double, _ tol: Double) -> Int {
        let n = (value / tol).squareRoot()
        guard n.isFinite else { return maxSegments }
        guard n > 1 else { return 1 }
        return Swift.min(maxSegments, Int(n.rounded(.up)))
    }

    /// The angle between two control-polygon legs (0 when either is zero). A Bézier curve
    /// turns in total by no more than its control polygon does (variation diminishing), so
    /// the sum over the legs bounds the curve's turning.
    static func turn(_ a: Point, _ b: Point) -> Double {
        let c = a.cross(b), d = a.dot(b)
        guard c != 0 || d != 0 else { return 0 }
        let t = atan2(abs(c), d)
        return t.isFinite ? t : 0
    }

    /// Pieces so that each turns by at most `step` (1 when `step` is infinite, as for every
    /// fill: `turning`, two `atan2` a cubic, is then not computed).
    static func turnPieces(_ turning: @autoclosure () -> Double, _ step: Double) -> Int {
        guard step.isFinite, step > 0 else { return 1 }
        let n = (turning() / step).rounded(.up)
        guard n.isFinite else { return maxSegments }
        return Swift.min(maxSegments, Swift.max(1, Int(n)))
    }

    /// The unit vector along the first of `a`, `b`, `c` that is not zero (nil if none is, or
    /// it is not finite): a curve's tangent at an end where control points may coincide.
    static func direction(_ a: Point, _ b: Point, _ c: Point) -> Point? {
        let zero = Point(0, 0)
        let leg = a != zero ? a : b != zero ? b : c
        let t = leg * (1 / leg.length)
        return leg != zero && t.isFinite ? t : nil
    }

    /// Flattens every sub-path of `path`; sub-paths with a non-finite point are dropped.
    /// `turnStep` (radians) bounds how far the tangent may turn within one piece of a curve,
    /// for strokes: the offset of a piece at distance w from a chord that turns by α deviates
    /// from the true offset curve by about w·α²/8 more than the chord does.
    static func subpaths(of path: Path, tolerance: Double, balanced: Bool = false,
                         turnStep: Double = .infinity) -> [FlatSubpath] {
        var collector = SubpathCollector()
        walk(path, tolerance: tolerance, balanced: balanced, turnStep: turnStep, into: &collector)
        collector.finish()
        return collector.result
    }

    /// Streams the flattened path into `sink`: `moveTo` opens a sub-path, `lineTo` extends it,
    /// `closeSubpath` closes it back to its start. Applies the `Path` semantics for drawing
    /// commands without a current point. Points are passed through unchecked (may be non-finite).
    ///
    /// `balanced` (used for fills) moves each curve-interior vertex outward by ⅔ of the mean
    /// sagitta of its two chords. Chords of a convex arc lie inside it and lose about
    /// ⅔ · sagitta · length of area each; shifting them by ⅔ · sagitta restores it, so filled
    /// curves keep their true area instead of shrinking by ~1 % at 0.1 px on small circles. The
    /// polyline then deviates from the curve by at most ⅔ · tolerance (vertices) and
    /// ⅓ · tolerance (chord middles), still within the tolerance.
    package static func walk<S: FlattenSink>(_ path: Path, tolerance: Double, balanced: Bool, turnStep: Double = .infinity,
                                     into sink: inout S) {
        let tol = sanitized(tolerance)
        var open = false         // a sub-path has been started and not closed
        var last = Point(0, 0)   // last point emitted in the open sub-path
        var current: Point?      // where the next drawing command starts
        var start = Point(0, 0)  // start of the open sub-path

        func begin(_ p: Point) {
            sink.moveTo(p)
            open = true
            start = p
            last = p
            current = p
        }
        /// Emits the interior points of a curve cut into `n` equal parameter steps
        /// (the end point is emitted by the caller).
        func curve(_ n: Int, _ eval: (Double) -> Point) {
            guard n > 1 else { return }
            if !balanced {
                for i in 1..<n { sink.lineTo(eval(Double(i) / Double(n)), corner: false) }
                return
            }
            // Points p(i/n) and sagitta vectors s_i (chord i's midpoint → the curve's point
            // half-way along it) are computed as the walk reaches them, with no arrays: vertex
            // i moves to p(i/n) + (s_{i−1} + s_i)/3.
            var point = eval(1 / Double(n))
            var sagBefore = eval(0.5 / Double(n)) - (eval(0) + point) * 0.5
            for i in 1..<n {
                let next = eval(Double(i + 1) / Double(n))
                let sag = eval((Double(i) + 0.5) / Double(n)) - (point + next) * 0.5
                sink.lineTo(point + (sagBefore + sag) * (1.0 / 3.0), corner: false)
                point = next
                sagBefore = sag
            }
        }
        /// Makes sure a sub-path is open; starts it at the current point or at `fallback`.
        func ensure(_ fallback: Point) {
            if !open { begin(current ?? fallback) }
        }
        func end(_ p: Point) {
            sink.lineTo(p, corner: true)
            last = p
            current = p
        }
        /// For strokes, tells the sink the direction a curve leaves its start with, before its
        /// points: along the first of the legs `a`, `b`, `c` from its start that is not zero.
        let tangents = turnStep.isFinite
        func leaves(_ a: Point, _ b: Point, _ c: Point = Point(0, 0)) {
            guard tangents, let t = Self.direction(a, b, c) else { return }
            sink.curveLeaves(t)
        }
        /// … and the direction it arrives at its end with, after its end point (legs into it).
        func arrives(_ a: Point, _ b: Point, _ c: Point = Point(0, 0)) {
            guard tangents, let t = Self.direction(a, b, c) else { return }
            sink.curveArrives(t)
        }

        for element in path.elements {
            switch element {
            case .move(let p):
                begin(p)
            case .line(let p):
                if !open && current == nil { begin(p); continue }
                ensure(p)
                end(p)
            case .quad(let c, let p):
                ensure(c)
                let p0 = last
                let n = Swift.max(pieceCount((p0 - c * 2 + p).length, 4 * tol),
                                  turnPieces(Self.turn(c - p0, p - c), turnStep))
                leaves(c - p0, p - p0)
                curve(n) { t in
                    let u = 1 - t
                    return Point(u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                 u * u * p0.y + 2 * u * t * c.y + t * t * p.y)
                }
                end(p)
                arrives(p - c, p - p0)
            case .cubic(let c1, let c2, let p):
                ensure(c1)
                let p0 = last
                let m = Swift.max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length)
                let n = Swift.max(pieceCount(3 * m, 4 * tol),
                                  turnPieces(Self.turn(c1 - p0, c2 - c1) + Self.turn(c2 - c1, p - c2), turnStep))
                leaves(c1 - p0, c2 - p0, p - p0)
                curve(n) { t in
                    let u = 1 - t
                    let b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t
                    return Point(b0 * p0.x + b1 * c1.x + b2 * c2.x + b3 * p.x,
                                 b0 * p0.y + b1 * c1.y + b2 * c2.y + b3 * p.y)
                }
                end(p)
                arrives(p - c2, p - c1, p - p0)
            case .close:
                guard open else { continue }
                sink.closeSubpath()
                open = false
                current = start
            }
        }
    }
}

/// Receives a flattened path from `Flattener.walk`.
package protocol FlattenSink {
    /// Starts a new sub-path at `p` (the previous one, if any, stays open).
    mutating func moveTo(_ p: Point)
    /// Extends the sub-path; `corner` is false for points inside a flattened curve.
    mutating func lineTo(_ p: Point, corner: Bool)
    /// Closes the sub-path back to its start.
    mutating func closeSubpath()
    /// For strokes: a curve starting at the last point leaves it in unit direction `t`.
    mutating func curveLeaves(_ t: Point)
    /// For strokes: the curve ending at the last point arrives in unit direction `t`.
    mutating func curveArrives(_ t: Point)
}

extension FlattenSink {
    /// Fills need no tangents.
    package mutating func curveLeaves(_ t: Point) {}
    package mutating func curveArrives(_ t: Point) {}
}

/// Collects `FlatSubpath`s, dropping those with non-finite points.
struct SubpathCollector: FlattenSink {
    private(set) var result: [FlatSubpath] = []
    private var sub = FlatSubpath()
    private var finite = true

    mutating func finish() {
        if !sub.points.isEmpty && finite { result.append(sub) }
        sub = FlatSubpath()
        finite = true
    }

    mutating func moveTo(_ p: Point) {
        finish()
        sub.points = [p]
        sub.corners = [true]
        finite = p.isFinite
    }

    mutating func lineTo(_ p: Point, corner: Bool) {
        if !p.isFinite { finite = false }
        sub.points.append(p)
        sub.corners.append(corner)
        sub.drawn = true
    }

    mutating func curveLeaves(_ t: Point) {
        sub.ends.set(at: sub.points.count - 1, leaving: t)
    }

    mutating func curveArrives(_ t: Point) {
        sub.ends.set(at: sub.points.count - 1, arriving: t)
    }

    mutating func closeSubpath() {
        sub.closed = true
        sub.drawn = true
        finish()
    }
}

extension Path {
    /// The path as polylines, one per sub-path that draws something (a lone `move` yields
    /// none). A closed sub-path ends with its first point again. Every point lies on the true
    /// curve and every point of the curve is within `tolerance` of the polyline (distances in the
    /// path's own units; a non-positive or NaN tolerance means 0.1). Sub-paths containing
    /// non-finite points are dropped.
    public func flattened(tolerance: Double) -> [[Point]] {
        Flattener.subpaths(of: self, tolerance: tolerance).compactMap { sub in
            guard sub.drawn else { return nil }
            var points = sub.points
            if sub.closed, let first = points.first, points.last != first { points.append(first) }
            return points
        }
    }
}
