import Foundation

/// A path measured by arc length: its drawing elements as curve segments, each sampled
/// densely in its parameter with the cumulative chord length at every sample, so that a
/// distance along the outline maps to (segment, parameter) and from there to the exact
/// point and tangent of the curve.
///
/// Segments follow `Path`'s semantics: `move` starts a sub-path (a jump, no length);
/// `line`, `quad` and `cubic` are one segment each; `close` adds the line back to the
/// sub-path's start when that line has length. A drawing command without a current point
/// starts where it begins. Segments with a non-finite point are left out.
///
/// Guarantees: `totalLength` is finite and ≥ 0; `segmentStarts` rises and has one entry per
/// segment plus the total; every point returned lies on the path (exactly, up to rounding:
/// parameters are interpolated between samples, points evaluated on the curve).
public struct PathMeasure: Sendable, Equatable {
    /// A line (degree 1), quadratic (2) or cubic (3) Bézier segment; unused controls equal
    /// the end point.
    public struct Segment: Sendable, Equatable {
        public var degree: Int
        public var p0: Point, p1: Point, p2: Point, p3: Point

        /// The point at parameter `t` (0...1).
        public func point(at t: Double) -> Point {
            let u = 1 - t
            switch degree {
            case 1: return p0.lerp(p1, t)
            case 2: return p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t)
            default: return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
            }
        }

        /// The derivative dB/dt at `t`.
        public func derivative(at t: Double) -> Point {
            let u = 1 - t
            switch degree {
            case 1: return p1 - p0
            case 2: return (p1 - p0) * (2 * u) + (p2 - p1) * (2 * t)
            default: return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
            }
        }

        /// The direction of travel at `t`: the derivative, or where it vanishes (a control
        /// point on an end point) the direction of the nearest control leg that has one.
        public func direction(at t: Double) -> Point {
            let d = derivative(at: t)
            if d.x != 0 || d.y != 0 { return d }
            let legs = degree == 1 ? [p1 - p0] : degree == 2 ? [p1 - p0, p2 - p1, p2 - p0] : t < 0.5
                ? [p1 - p0, p2 - p0, p3 - p0] : [p3 - p2, p3 - p1, p3 - p0]
            return legs.first { $0.x != 0 || $0.y != 0 } ?? Point(1, 0)
        }

        var end: Point { degree == 1 ? p1 : degree == 2 ? p2 : p3 }
    }

    public private(set) var segments: [Segment] = []
    /// Distance along the path at the start of each segment, then the total length.
    public private(set) var segmentStarts: [Double] = [0]
    /// Per segment: cumulative length (from the segment's start) at evenly spaced
    /// parameters 0, 1/n, …, 1.
    private var samples: [[Double]] = []

    public var totalLength: Double { segmentStarts.last ?? 0 }
    public var segmentCount: Int { segments.count }

    /// Samples per curve: one per quarter pixel of control polygon, 16 to 1024.
    static func sampleCount(_ s: Segment) -> Int {
        guard s.degree > 1 else { return 1 }
        let legs = s.degree == 2 ? s.p0.distance(to: s.p1) + s.p1.distance(to: s.p2)
            : s.p0.distance(to: s.p1) + s.p1.distance(to: s.p2) + s.p2.distance(to: s.p3)
        let n = (legs * 4).rounded(.up)
        // Clamped as a Double first: control points 2^63 apart give a finite count past Int.max.
        guard n.isFinite else { return 1024 }
        return Int(Swift.min(1024, Swift.max(16, n)))
    }

    public init(_ path: Path) {
        var start: Point? = nil, current: Point? = nil
        func add(_ s: Segment) {
            guard s.p0.isFinite, s.p1.isFinite, s.p2.isFinite, s.p3.isFinite else { return }
            let n = PathMeasure.sampleCount(s)
            var lengths = [0.0]
            var previous = s.p0
            for i in 1...n {
                let p = s.point(at: Double(i) / Double(n))
                lengths.append((lengths.last ?? 0) + previous.distance(to: p))
                previous = p
            }
            segments.append(s)
            samples.append(lengths)
            segmentStarts.append(totalLength + (lengths.last ?? 0))
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                start = p; current = p
            case .line(let p):
                if let c = current { add(Segment(degree: 1, p0: c, p1: p, p2: p, p3: p)) } else { start = p }
                current = p
            case .quad(let c1, let p):
                let from = current ?? c1
                if start == nil { start = from }
                add(Segment(degree: 2, p0: from, p1: c1, p2: p, p3: p))
                current = p
            case .cubic(let c1, let c2, let p):
                let from = current ?? c1
                if start == nil { start = from }
                add(Segment(degree: 3, p0: from, p1: c1, p2: c2, p3: p))
                current = p
            case .close:
                if let c = current, let s = start, c != s { add(Segment(degree: 1, p0: c, p1: s, p2: s, p3: s)) }
                current = start
            }
        }
    }

    /// The segment and parameter at `distance` along the path, clamped to the path's ends.
    /// Nil for a path without segments.
    public func location(atDistance distance: Double) -> (segment: Int, t: Double)? {
        guard !segments.isEmpty else { return nil }
        let d = distance.isNaN ? 0 : Swift.min(Swift.max(distance, 0), totalLength)
        // The last segment whose start is ≤ d (segments of zero length are passed over).
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segmentStarts[mid] <= d { lo = mid } else { hi = mid - 1 }
        }
        return (lo, parameter(in: lo, atDistance: d - segmentStarts[lo]))
    }

    /// The parameter of segment `i` at `distance` from its start (clamped to the segment).
    public func parameter(in i: Int, atDistance distance: Double) -> Double {
        let lengths = samples[i]
        let total = lengths.last ?? 0
        guard total > 0 else { return distance > 0 ? 1 : 0 }
        let d = Swift.min(Swift.max(distance, 0), total)
        var lo = 0, hi = lengths.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if lengths[mid] <= d { lo = mid } else { hi = mid }
        }
        let span = lengths[hi] - lengths[lo]
        let f = span > 0 ? (d - lengths[lo]) / span : 0
        return (Double(lo) + f) / Double(lengths.count - 1)
    }

    /// The length of segment `i`.
    public func length(ofSegment i: Int) -> Double { segmentStarts[i + 1] - segmentStarts[i] }

    /// The point and the tangent angle (radians, atan2 of the direction of travel: 0 along
    /// +x, clockwise on a y-down screen) at `distance` along the path.
    public func pose(atDistance distance: Double) -> (point: Point, angle: Double)? {
        guard let (i, t) = location(atDistance: distance) else { return nil }
        return pose(segment: i, t: t)
    }

    /// The point and tangent angle on segment `i` at parameter `t`.
    public func pose(segment i: Int, t: Double) -> (point: Point, angle: Double) {
        let s = segments[i]
        let d = s.direction(at: t)
        return (s.point(at: t), atan2(d.y, d.x))
    }
}
