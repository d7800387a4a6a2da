/// One drawing command of a `Path`.
public enum PathElement: Equatable, Sendable {
    case move(Point)
    case line(Point)
    /// Quadratic Bézier: control point, end point.
    case quad(Point, Point)
    /// Cubic Bézier: first control, second control, end point.
    case cubic(Point, Point, Point)
    case close
}

/// A sequence of sub-paths made of lines and Bézier curves.
///
/// Semantics (shared by flattening, stroking and filling):
/// - `move` starts a new sub-path; `close` ends the current one, joining it back to its start,
///   after which the current point is that start.
/// - A drawing command with no current point starts a sub-path where it begins: `line(p)` acts
///   as `move(p)`, curves start at their first control point (as an HTML canvas does).
/// - Points may be non-finite; sub-paths containing them are dropped when flattening, and the
///   renderer skips a whole path containing them.
public struct Path: Equatable, Sendable {
    public var elements: [PathElement]

    public init() { elements = [] }
    public init(_ elements: [PathElement]) { self.elements = elements }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control: Point) { elements.append(.quad(control, p)) }
    public mutating func cubic(to p: Point, control1: Point, control2: Point) {
        elements.append(.cubic(control1, control2, p))
    }
    public mutating func close() { elements.append(.close) }

    public mutating func append(_ other: Path) { elements.append(contentsOf: other.elements) }

    /// The path with every point mapped by `t`. Exact for affine maps: Bézier curves are
    /// affine-invariant, so transforming control points transforms the curve.
    public func transformed(by t: Transform) -> Path {
        Path(elements.map { element in
            switch element {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .quad(let c, let p): return .quad(t.apply(c), t.apply(p))
            case .cubic(let c1, let c2, let p): return .cubic(t.apply(c1), t.apply(c2), t.apply(p))
            case .close: return .close
            }
        })
    }

    /// Bounds of all finite points, control points included (so the curves lie inside).
    /// Nil when the path has no finite point.
    public var bounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        forEachPoint { p in
            guard p.isFinite else { return }
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The last point of the path, the one a new drawing command would start from;
    /// nil when there is none. After `close` it is the start of the closed sub-path.
    var currentPoint: Point? {
        var current: Point?
        var start: Point?
        for element in elements {
            switch element {
            case .move(let p): current = p; start = p
            case .line(let p):
                if start == nil { start = p }
                current = p
            case .quad(let c, let p):
                if start == nil { start = c }
                current = p
            case .cubic(let c1, _, let p):
                if start == nil { start = c1 }
                current = p
            case .close: current = start
            }
        }
        return current
    }

    /// Calls `body` with every point of every element, in order.
    package func forEachPoint(_ body: (Point) -> Void) {
        for element in elements {
            switch element {
            case .move(let p), .line(let p): body(p)
            case .quad(let c, let p): body(c); body(p)
            case .cubic(let c1, let c2, let p): body(c1); body(c2); body(p)
            case .close: break
            }
        }
    }

    /// True when every point is finite.
    package var isFinite: Bool {
        var finite = true
        forEachPoint { if !$0.isFinite { finite = false } }
        return finite
    }

    /// The path with every coordinate clamped to ±`limit`. Assumes finite points.
    package func clamped(to limit: Double) -> Path {
        var needed = false
        forEachPoint { if abs($0.x) > limit || abs($0.y) > limit { needed = true } }
        guard needed else { return self }
        let clamp = { (p: Point) -> Point in
            Point(Swift.min(Swift.max(p.x, -limit), limit), Swift.min(Swift.max(p.y, -limit), limit))
        }
        return Path(elements.map { element in
            switch element {
            case .move(let p): return .move(clamp(p))
            case .line(let p): return .line(clamp(p))
            case .quad(let c, let p): return .quad(clamp(c), clamp(p))
            case .cubic(let c1, let c2, let p): return .cubic(clamp(c1), clamp(c2), clamp(p))
            case .close: return .close
            }
        })
    }
}
