/// A point (or vector) in a 2D coordinate space. Device space has x to the right and y down.
///
/// Coordinates are not validated: non-finite values are allowed in a `Point`, and every consumer
/// (flattener, stroker, renderer) drops or clamps them rather than trapping.
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// True when both coordinates are finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
}

// Small vector helpers used by the geometry code. Internal: the public surface stays minimal.
extension Point {
    @inline(__always) static func + (l: Point, r: Point) -> Point { Point(l.x + r.x, l.y + r.y) }
    @inline(__always) static func - (l: Point, r: Point) -> Point { Point(l.x - r.x, l.y - r.y) }
    @inline(__always) static func * (l: Point, s: Double) -> Point { Point(l.x * s, l.y * s) }
    @inline(__always) func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    /// z component of the 3D cross product; positive when `o` turns toward +y from `self`.
    @inline(__always) func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    @inline(__always) var length: Double { (x * x + y * y).squareRoot() }
    /// `self` rotated a quarter turn: (-y, x).
    @inline(__always) var perpendicular: Point { Point(-y, x) }
    @inline(__always) func distance(to o: Point) -> Double { (self - o).length }
    /// Linear interpolation `self + (o - self) * t`.
    @inline(__always) func lerp(_ o: Point, _ t: Double) -> Point {
        Point(x + (o.x - x) * t, y + (o.y - y) * t)
    }
}
