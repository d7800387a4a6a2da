import Foundation
import WaveGeometry

extension Paint {
    /// The paint moved by `t`: gradient points and centres, a radial gradient's radius
    /// (by `t`'s largest scale), a conic gradient's start ray, an image's placement, a
    /// projection's plane.
    public func mapped(by t: Transform) -> Paint {
        switch self {
        case .solid: return self
        case .image(let image, let toImage):
            guard let back = t.inverted else { return self }
            return .image(image, toImage: back.concatenating(toImage))
        case .linearGradient(let s, let e, let stops): return .linearGradient(start: t.apply(s), end: t.apply(e), stops: stops)
        case .radialGradient(let c, let r, let stops): return .radialGradient(center: t.apply(c), radius: r * t.maxScale, stops: stops)
        case .conicGradient(let c, let angle, let stops):
            let tip = t.apply(Point(sin(angle), -cos(angle))), origin = t.apply(Point(0, 0))
            return .conicGradient(center: t.apply(c), angle: atan2(tip.x - origin.x, origin.y - tip.y), stops: stops)
        case .projected(let inner, let plane, let centre):
            let h = plane.h
            func row(_ a: Double, _ c: Double, _ tx: Double) -> [Double] {
                [a * h[0] + c * h[3] + tx * h[6], a * h[1] + c * h[4] + tx * h[7], a * h[2] + c * h[5] + tx * h[8]]
            }
            let moved = Homography(row(t.a, t.c, t.tx) + row(t.b, t.d, t.ty) + [h[6], h[7], h[8]])
            return .projected(inner, plane: moved, centre: centre)
        }
    }

    /// The paint with each projection replaced by the affine map that agrees with it at its
    /// `centre` (the projection's tangent there): what a writer without projective paints
    /// draws. A projection whose centre is behind the eye keeps its paint unmoved.
    public var tangentApproximation: Paint {
        guard case .projected(let inner, let plane, let centre) = self else { return self }
        let flat = inner.tangentApproximation
        return plane.tangent(at: centre).map { flat.mapped(by: $0) } ?? flat
    }
}
