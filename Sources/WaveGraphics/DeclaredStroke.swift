import WaveGeometry

/// A stroke as the scene declares it, beside the outline a frame's display list fills for
/// it: for sinks whose formats stroke paths themselves (Lottie). The renderer never reads
/// it. Given only where the device stroke is the declared one under a similarity (no skew,
/// no uneven scale, no projection) and no hairline widening applies, so stroking `path`
/// with `style` gives `outline` (up to flattening).
public struct DeclaredStroke: Equatable, Sendable {
    /// The fill's path in the display list (how a sink finds the fill this stroke is).
    public var outline: Path
    /// The stroked path, in device space.
    public var path: Path
    /// The style in device units: width, dashes and dash phase scaled by the transform.
    public var style: StrokeStyle

    public init(outline: Path, path: Path, style: StrokeStyle) {
        self.outline = outline
        self.path = path
        self.style = style
    }
}
