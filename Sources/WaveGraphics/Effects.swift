import WaveGeometry
/// What an `.effect` display item does to its items: a Gaussian blur of their composite, a
/// shadow drawn beneath it, and the blend mode that puts the result on what lies below.
///
/// Order (as CALayer renders a layer with `filters`, `shadow*` and `compositingFilter`):
/// the items are composited on a transparent layer; `blur` blurs that layer; the shadow is
/// the blurred layer's alpha, offset, blurred by its own radius and tinted; the layer is
/// drawn over its shadow; the pair is composited onto the target with `blend`.
///
/// Radii are in device pixels and give the Gaussian's standard deviation σ = radius / 2
/// (see `GaussianBlur`); a radius ≤ 0, NaN or infinite means no blur.
public struct LayerEffects: Equatable, Sendable {
    public var blur: Double
    public var shadow: Shadow?
    public var blend: BlendMode

    public init(blur: Double = 0, shadow: Shadow? = nil, blend: BlendMode = .normal) {
        self.blur = blur
        self.shadow = shadow
        self.blend = blend
    }

    /// True when the effect changes nothing (its items can be drawn directly).
    public var isIdentity: Bool {
        GaussianBlur.sigma(radius: blur) == 0 && shadow == nil && blend == .normal
    }
}

/// A drop shadow: the alpha of what casts it, moved by (dx, dy) device pixels, blurred with
/// σ = radius / 2, painted with `color` (its alpha already times the shadow opacity).
public struct Shadow: Equatable, Sendable {
    public var color: Color
    public var dx: Double
    public var dy: Double
    public var radius: Double

    public init(color: Color, dx: Double, dy: Double, radius: Double) {
        self.color = color
        self.dx = dx
        self.dy = dy
        self.radius = radius
    }
}

/// How a layer's pixels combine with the backdrop: W3C Compositing and Blending Level 1
/// separable blend modes (source-over with the blend function B(Cb, Cs)), and plus-lighter
/// (Core Animation's plusL: the premultiplied components added and clamped).
public enum BlendMode: String, CaseIterable, Equatable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge", colorBurn = "color-burn", hardLight = "hard-light", softLight = "soft-light"
    case difference, exclusion
    case plusLighter = "plus-lighter"
}
