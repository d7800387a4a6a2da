import WaveGeometry
/// Integer pixel bounds [x0, x1) × [y0, y1) in device space (the rasterizer's clip and dirty
/// boxes; files use WaveCodecs' `PixelRect`, an origin and a size). Empty when x1 ≤ x0 or y1 ≤ y0.
public struct PixelBounds: Equatable, Sendable {
    public var x0: Int
    public var y0: Int
    public var x1: Int
    public var y1: Int

    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public var width: Int { Swift.max(0, x1 - x0) }
    public var height: Int { Swift.max(0, y1 - y0) }

    package func intersection(_ o: PixelBounds) -> PixelBounds {
        PixelBounds(x0: Swift.max(x0, o.x0), y0: Swift.max(y0, o.y0),
                  x1: Swift.min(x1, o.x1), y1: Swift.min(y1, o.y1))
    }

    package func union(_ o: PixelBounds) -> PixelBounds {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelBounds(x0: Swift.min(x0, o.x0), y0: Swift.min(y0, o.y0),
                         x1: Swift.max(x1, o.x1), y1: Swift.max(y1, o.y1))
    }

    /// Appends to `pieces` the parts of this rectangle outside `o`: at most four disjoint
    /// rectangles (the bands above and below `o`, then the parts left and right of it).
    package func subtracting(_ o: PixelBounds, into pieces: inout [PixelBounds]) {
        let both = intersection(o)
        guard !both.isEmpty else {
            if !isEmpty { pieces.append(self) }
            return
        }
        if y0 < both.y0 { pieces.append(PixelBounds(x0: x0, y0: y0, x1: x1, y1: both.y0)) }
        if both.y1 < y1 { pieces.append(PixelBounds(x0: x0, y0: both.y1, x1: x1, y1: y1)) }
        if x0 < both.x0 { pieces.append(PixelBounds(x0: x0, y0: both.y0, x1: both.x0, y1: both.y1)) }
        if both.x1 < x1 { pieces.append(PixelBounds(x0: both.x1, y0: both.y0, x1: x1, y1: both.y1)) }
    }

    package var area: Int { width * height }

    package static let empty = PixelBounds(x0: 0, y0: 0, x1: 0, y1: 0)

    /// Pixels touched by geometry within `r`, with a one-pixel margin, clamped to ±2²⁰.
    init(covering r: Rect) {
        let limit = Double(1 << 20)
        func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, -limit), limit) }
        x0 = Int(clamp(r.minX).rounded(.down)) - 1
        y0 = Int(clamp(r.minY).rounded(.down)) - 1
        x1 = Int(clamp(r.maxX).rounded(.up)) + 1
        y1 = Int(clamp(r.maxY).rounded(.up)) + 1
    }

    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
}
