import Foundation

/// A 2D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty).
///
/// Column-vector convention: the linear part is the matrix [[a, c], [b, d]].
public struct Transform: Equatable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `radians`; with y down a positive angle turns clockwise on screen.
    public static func rotation(_ radians: Double) -> Transform {
        let cs = cos(radians), sn = sin(radians)
        return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// The transform that applies `self` first, then `other`.
    public func concatenating(_ other: Transform) -> Transform {
        let o = other
        return Transform(
            a: o.a * a + o.c * b,
            b: o.b * a + o.d * b,
            c: o.a * c + o.c * d,
            d: o.b * c + o.d * d,
            tx: o.a * tx + o.c * ty + o.tx,
            ty: o.b * tx + o.d * ty + o.ty)
    }

    @inline(__always)
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The inverse transform, or nil when the matrix is singular or the inverse is not finite.
    public var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        let inv = Transform(a: ia, b: ib, c: ic, d: id,
                            tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
        let all = [inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty]
        return all.allSatisfy { $0.isFinite } ? inv : nil
    }

    /// The largest singular value of the linear part: how much the transform can stretch a
    /// unit vector. Used to turn a device-pixel tolerance into a path-unit tolerance.
    public var maxScale: Double {
        // σ_max = √(E² + H²) + √(F² + G²) for the matrix [[a, c], [b, d]].
        let e = (a + d) / 2, f = (a - d) / 2, g = (b + c) / 2, h = (b - c) / 2
        return (e * e + h * h).squareRoot() + (f * f + g * g).squareRoot()
    }
}
