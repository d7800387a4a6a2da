import Foundation

/// A 4×4 homogeneous transform of 3D points, column-vector convention: a point (x, y, z, 1)
/// maps to `m · (x, y, z, 1)ᵀ`, then x and y are divided by w. The y axis points down the
/// screen and +z towards the viewer, as in Core Animation.
///
/// `m` is row-major: `m[4 * row + column]`.
public struct Transform3D: Equatable, Sendable {
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 16)
        self.m = m
    }

    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// The 2D affine transform acting on the plane z = 0 and leaving z alone.
    public init(_ t: Transform) {
        self.init([t.a, t.c, 0, t.tx, t.b, t.d, 0, t.ty, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    public static func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D([1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1])
    }

    /// Right-handed rotation about the x axis: +y turns towards +z.
    public static func rotationX(_ radians: Double) -> Transform3D {
        let c = cos(radians), s = sin(radians)
        return Transform3D([1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1])
    }

    /// Right-handed rotation about the y axis: +z turns towards +x, so a positive angle
    /// takes the right edge (+x) away from the viewer (−z).
    public static func rotationY(_ radians: Double) -> Transform3D {
        let c = cos(radians), s = sin(radians)
        return Transform3D([c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1])
    }

    /// Perspective with the eye at distance `d` in front of the plane z = 0: w = 1 − z/d
    /// (Core Animation's m34 = −1/d). A distance that is zero or not finite means none.
    public static func perspective(_ d: Double) -> Transform3D {
        var t = identity
        if d != 0 && d.isFinite { t.m[14] = -1 / d }
        return t
    }

    /// The transform that applies `self` first, then `other`.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += other.m[4 * i + k] * m[4 * k + j] }
                r[4 * i + j] = s
            }
        }
        return Transform3D(r)
    }

    /// The map of the layer plane z = 0 onto the screen, as a 3×3 homography (rows x, y, w;
    /// columns x, y, 1).
    public var plane: Homography {
        Homography([m[0], m[1], m[3], m[4], m[5], m[7], m[12], m[13], m[15]])
    }
}

/// A projective map of the plane: (x, y) ↦ (X/W, Y/W) with (X, Y, W) = h · (x, y, 1).
/// `h` is row-major 3×3.
public struct Homography: Equatable, Sendable {
    public var h: [Double]

    public init(_ h: [Double]) {
        precondition(h.count == 9)
        self.h = h
    }

    /// Points with W below this are behind (or too near) the eye: polygons are clipped to
    /// W ≥ `nearW` before dividing, so nothing divides by zero or flips through the eye.
    public static let nearW = 1e-3

    /// The same map as an affine transform, when W is a positive constant (no perspective
    /// on this plane); nil otherwise.
    public var affine: Transform? {
        guard h[6] == 0, h[7] == 0, h[8] > 0, h[8].isFinite else { return nil }
        let w = h[8]
        return Transform(a: h[0] / w, b: h[3] / w, c: h[1] / w, d: h[4] / w, tx: h[2] / w, ty: h[5] / w)
    }

    /// Which way the plane faces: negative when its back is towards the viewer (the
    /// projected orientation is reversed wherever W > 0, since the Jacobian's determinant is
    /// det(h)/W³).
    public var determinant: Double {
        h[0] * (h[4] * h[8] - h[5] * h[7]) - h[1] * (h[3] * h[8] - h[5] * h[6]) + h[2] * (h[3] * h[7] - h[4] * h[6])
    }

    /// Homogeneous image (X, Y, W) of a point.
    @inline(__always)
    func homogeneous(_ p: Point) -> (Double, Double, Double) {
        (h[0] * p.x + h[1] * p.y + h[2], h[3] * p.x + h[4] * p.y + h[5], h[6] * p.x + h[7] * p.y + h[8])
    }

    /// The screen image of `p`, or nil when it is behind the near limit.
    public func apply(_ p: Point) -> Point? {
        let (x, y, w) = homogeneous(p)
        guard w >= Homography.nearW else { return nil }
        return Point(x / w, y / w)
    }

    /// The affine map agreeing with the projection to first order at `p` (for paints, whose
    /// gradients are affine): nil when `p` is behind the near limit.
    public func tangent(at p: Point) -> Transform? {
        let (x, y, w) = homogeneous(p)
        guard w >= Homography.nearW else { return nil }
        let sx = x / w, sy = y / w
        let a = (h[0] - sx * h[6]) / w, c = (h[1] - sx * h[7]) / w
        let b = (h[3] - sy * h[6]) / w, d = (h[4] - sy * h[7]) / w
        return Transform(a: a, b: b, c: c, d: d, tx: sx - a * p.x - c * p.y, ty: sy - b * p.x - d * p.y)
    }

    /// The inverse map, scaled so that a point in front of the eye (W > 0) has a positive
    /// homogeneous w: h⁻¹ · (X/W, Y/W, 1) = (x, y, 1) / W. Nil when the plane is seen edge-on
    /// (singular) or a number is not finite.
    public var inverse: Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let m = h
        let adj = [m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                   m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                   m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]]
        let inv = adj.map { $0 / det }
        guard inv.allSatisfy(\.isFinite) else { return nil }
        return Homography(inv)
    }

    /// The same projection applied after `t`: `self` ∘ `t`.
    public func after(_ t: Transform) -> Homography {
        Homography([h[0] * t.a + h[1] * t.b, h[0] * t.c + h[1] * t.d, h[0] * t.tx + h[1] * t.ty + h[2],
                    h[3] * t.a + h[4] * t.b, h[3] * t.c + h[4] * t.d, h[3] * t.tx + h[4] * t.ty + h[5],
                    h[6] * t.a + h[7] * t.b, h[6] * t.c + h[7] * t.d, h[6] * t.tx + h[7] * t.ty + h[8]])
    }

    /// How far the projection stretches the plane near `points` at most: the largest
    /// `tangent` scale among those in front of the eye, within 1e-3…1e3 (1 when none is).
    /// Paths are flattened and stroked for this scale, so curves stay within the device
    /// tolerance where the layer is nearest.
    public func magnification(near points: [Point]) -> Double {
        let scales = points.compactMap { tangent(at: $0)?.maxScale }.filter(\.isFinite)
        guard let most = scales.max() else { return 1 }
        return Swift.min(Swift.max(most, 1e-3), 1e3)
    }

    /// Half the side of the square, centred on the device origin, that projected outlines are
    /// clipped to: far beyond any canvas, well inside the rasterizer's coordinate limit, so a
    /// point just in front of the eye never lands at an enormous coordinate.
    public static let guardBand = 262_144.0

    /// Projects a filled path (every sub-path implicitly closed): flattened in its own space
    /// within `tolerance`, each polygon clipped to W ≥ `nearW` and to the guard band (in
    /// homogeneous coordinates, so nothing is divided before it is known to be in front),
    /// then divided. Clipping a closed polygon by a half-plane keeps the winding number of
    /// every point inside it, so both fill rules still hold.
    /// Guarantees: only straight segments, every point finite and within `guardBand`.
    public func project(fill path: Path, tolerance: Double) -> Path {
        var out = Path()
        let g = Homography.guardBand
        // Each plane keeps the points where its value is ≥ 0.
        let planes: [((Double, Double, Double)) -> Double] = [
            { $0.2 - Homography.nearW },
            { g * $0.2 - $0.0 }, { g * $0.2 + $0.0 },
            { g * $0.2 - $0.1 }, { g * $0.2 + $0.1 },
        ]
        for poly in path.flattened(tolerance: tolerance) {
            var pts = poly
            if pts.count > 1, pts.first == pts.last { pts.removeLast() }
            guard pts.count >= 2 else { continue }
            var hs = pts.map(homogeneous)
            for plane in planes {
                hs = Homography.clip(hs, plane)
                if hs.count < 3 { break }
            }
            let clipped = hs.map { Point($0.0 / $0.2, $0.1 / $0.2) }
            guard clipped.count >= 3, clipped.allSatisfy(\.isFinite) else { continue }
            out.move(to: clipped[0])
            for p in clipped.dropFirst() { out.line(to: p) }
            out.close()
        }
        return out
    }

    /// One Sutherland–Hodgman pass: the closed polygon `poly` cut to where `side` ≥ 0, the
    /// crossings interpolated linearly in homogeneous coordinates (where `side` is linear).
    static func clip(_ poly: [(Double, Double, Double)], _ side: ((Double, Double, Double)) -> Double) -> [(Double, Double, Double)] {
        var out: [(Double, Double, Double)] = []
        out.reserveCapacity(poly.count + 2)
        for i in poly.indices {
            let cur = poly[i], nxt = poly[(i + 1) % poly.count]
            let a = side(cur), b = side(nxt)
            if a >= 0 { out.append(cur) }
            if (a >= 0) != (b >= 0) {
                let t = a / (a - b)
                out.append((cur.0 + t * (nxt.0 - cur.0), cur.1 + t * (nxt.1 - cur.1), cur.2 + t * (nxt.2 - cur.2)))
            }
        }
        return out
    }
}
