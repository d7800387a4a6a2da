/// An axis-aligned rectangle given by an origin and a size.
///
/// Width and height may be negative; `minX`/`maxX`/`minY`/`maxY` always order the edges, and
/// `union(_:)` returns a rectangle with non-negative size.
public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { Swift.min(x, x + width) }
    public var minY: Double { Swift.min(y, y + height) }
    public var maxX: Double { Swift.max(x, x + width) }
    public var maxY: Double { Swift.max(y, y + height) }

    /// The smallest rectangle containing both rectangles (size is never negative).
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
