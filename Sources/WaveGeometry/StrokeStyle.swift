/// How the interior of a path is decided from its winding number w.
public enum FillRule: Sendable {
    /// Inside where w ≠ 0.
    case nonZero
    /// Inside where w is odd.
    case evenOdd
}

/// Shape drawn at the open ends of a stroked sub-path (and of each dash).
public enum LineCap: Sendable {
    /// The stroke ends exactly at the end point.
    case butt
    /// A half-disc of diameter `width` centred on the end point.
    case round
    /// A half-square extending `width / 2` beyond the end point.
    case square
}

/// Shape drawn where two segments of a sub-path meet at a path vertex.
public enum LineJoin: Sendable {
    /// Outer edges extended to meet, unless the miter ratio exceeds `miterLimit` (then bevel).
    case miter
    /// A circular arc of radius `width / 2` centred on the vertex.
    case round
    /// The triangle between the two outer corners and the vertex.
    case bevel
}

/// Parameters of a stroke, with SVG meanings.
///
/// - `width`: full stroke width in path units; non-positive or non-finite strokes draw nothing.
/// - `miterLimit`: maximum ratio of miter length to width (1 / sin(θ/2) for interior angle θ).
/// - `dashes`: alternating on/off lengths starting with "on". An odd count is repeated once
///   (as SVG does); an empty list, any negative or non-finite value, or an all-zero list means
///   a solid line. `dashPhase` is the distance into the pattern at which the path starts.
/// - `trimStart`, `trimEnd`: the part of the outline stroked, as fractions of the total
///   length of all its sub-paths (Core Animation's `strokeStart` / `strokeEnd`; see
///   `Trimmer`). The dash pattern is laid along the trimmed outline, starting afresh at the
///   start of each trimmed sub-path. Defaults 0 and 1: the whole outline.
public struct StrokeStyle: Equatable, Sendable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    public var dashes: [Double]
    public var dashPhase: Double
    public var trimStart: Double
    public var trimEnd: Double

    public init(width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter,
                miterLimit: Double = 10, dashes: [Double] = [], dashPhase: Double = 0,
                trimStart: Double = 0, trimEnd: Double = 1) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
        self.trimStart = trimStart
        self.trimEnd = trimEnd
    }

    /// Hairline policy for strokes thinner than one device pixel.
    ///
    /// `Path.stroked` always builds the exact geometry, and exact-area coverage already shows a
    /// 0.3 px line as ~30 % alpha. This helper offers the steadier alternative used for hairlines:
    /// a width in (0, 1) is widened to 1 and the caller multiplies the fill opacity by the
    /// returned factor (the original width), so the ink per unit length is unchanged while the
    /// line no longer thins out between pixel centres. Widths ≥ 1 come back unchanged with
    /// factor 1; non-positive or non-finite widths come back unchanged with factor 0 (draw
    /// nothing). `width` must be in device pixels (scale it by `Transform.maxScale` first).
    public static func hairline(_ style: StrokeStyle) -> (StrokeStyle, opacityFactor: Double) {
        guard style.width > 0, style.width.isFinite else { return (style, 0) }
        guard style.width < 1 else { return (style, 1) }
        var widened = style
        widened.width = 1
        return (widened, style.width)
    }
}
