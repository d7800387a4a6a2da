import Foundation
import WaveGeometry

/// Finding that a path only moves: each tick's points are one reference path's points
/// under a translation, a rotation and a scale (no skew), within `tolerance` px.
enum RigidMotion {
    static let tolerance = 0.02

    /// The transform of a motion sample [x, y, degrees, sx, sy].
    static func transform(_ m: [Double]) -> Transform {
        let r = m[2] * .pi / 180
        return Transform.scale(m[3], m[4]).concatenating(.rotation(r)).concatenating(.translation(m[0], m[1]))
    }

    /// The motion taking `reference` (centred coordinates) onto `points`, or nil when no
    /// translation, rotation and scale does. `previousDegrees` unwraps the angle so that a
    /// turning shape's rotation grows steadily instead of jumping at ±180°.
    static func fit(reference q: [Double], points p: [Double], previousDegrees: Double?) -> [Double]? {
        let n = q.count / 2
        guard n >= 2, p.count == q.count else { return nil }
        // Least squares for x' = a x + c y + tx and y' = b x + d y + ty.
        var sxx = 0.0, sxy = 0.0, syy = 0.0, sx = 0.0, sy = 0.0
        var xx = 0.0, xy = 0.0, x1 = 0.0, yx = 0.0, yy = 0.0, y1 = 0.0
        for i in 0..<n {
            let x = q[2 * i], y = q[2 * i + 1], u = p[2 * i], v = p[2 * i + 1]
            sxx += x * x; sxy += x * y; syy += y * y; sx += x; sy += y
            xx += x * u; xy += y * u; x1 += u
            yx += x * v; yy += y * v; y1 += v
        }
        let m = [[sxx, sxy, sx], [sxy, syy, sy], [sx, sy, Double(n)]]
        guard let (a, c, tx) = solve(m, [xx, xy, x1]), let (b, d, ty) = solve(m, [yx, yy, y1]) else { return nil }
        let scaleX = (a * a + b * b).squareRoot()
        guard scaleX > 1e-9 else { return nil }
        var degrees = atan2(b, a) * 180 / .pi
        let scaleY = (a * d - b * c) / scaleX
        if let prev = previousDegrees { degrees += 360 * ((prev - degrees) / 360).rounded() }
        let motion = [tx, ty, degrees, scaleX, scaleY]
        let t = transform(motion)
        for i in 0..<n {
            let r = t.apply(Point(q[2 * i], q[2 * i + 1]))
            guard abs(r.x - p[2 * i]) <= tolerance, abs(r.y - p[2 * i + 1]) <= tolerance else { return nil }
        }
        return motion
    }

    /// The point of the reference's coordinates that every motion sample puts at one place
    /// (within `tolerance`), when the samples turn or scale about it and do not already
    /// hold still: a shape turning about a point other than its centre (a group's anchor).
    /// nil when there is none, or when the position already holds still.
    static func pivot(_ motion: [[Double]], tolerance: Double) -> Point? {
        guard let m0 = motion.first else { return nil }
        if motion.allSatisfy({ abs($0[0] - m0[0]) <= tolerance && abs($0[1] - m0[1]) <= tolerance }) { return nil }
        let t0 = transform(m0)
        // The sample whose turn and scale differ most from the first's.
        var best: (Transform, Double)? = nil
        for m in motion {
            let t = transform(m)
            let d = abs(t.a - t0.a) + abs(t.b - t0.b) + abs(t.c - t0.c) + abs(t.d - t0.d)
            if d > (best?.1 ?? 1e-6) { best = (t, d) }
        }
        guard let (t1, _) = best else { return nil }
        // (M0 − M1) c = T1 − T0.
        let a = t0.a - t1.a, b = t0.b - t1.b, c = t0.c - t1.c, d = t0.d - t1.d
        let det = a * d - b * c
        guard abs(det) > 1e-12 else { return nil }
        let rx = t1.tx - t0.tx, ry = t1.ty - t0.ty
        let pivot = Point((d * rx - c * ry) / det, (a * ry - b * rx) / det)
        guard pivot.x.isFinite, pivot.y.isFinite else { return nil }
        let at = t0.apply(pivot)
        for m in motion {
            let p = transform(m).apply(pivot)
            guard abs(p.x - at.x) <= tolerance, abs(p.y - at.y) <= tolerance else { return nil }
        }
        return pivot
    }

    /// Solves the 3×3 system `m · x = r` (Cramer's rule); nil when it is singular.
    static func solve(_ m: [[Double]], _ r: [Double]) -> (Double, Double, Double)? {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        let scale = m.flatMap { $0 }.map(abs).max() ?? 0
        guard abs(d) > 1e-12 * max(1, scale * scale * scale) else { return nil }
        func column(_ k: Int) -> Double {
            var a = m
            for i in 0..<3 { a[i][k] = r[i] }
            return det(a) / d
        }
        return (column(0), column(1), column(2))
    }
}
