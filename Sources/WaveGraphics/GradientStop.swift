import WaveGeometry
/// A colour at a position along a gradient (0 = start, 1 = end; may lie outside 0–1, see
/// `GradientRamp.placed`).
public struct GradientStop: Equatable, Sendable {
    public var location: Double
    public var color: Color

    public init(_ location: Double, _ color: Color) {
        self.location = location
        self.color = color
    }
}
