import Foundation
import WaveGeometry

extension GradientBlitter {
    /// A gradient laid out in a plane's own coordinates, as `Geometry` lays one out on the
    /// device; positions are in ramp entries from t = 0.
    enum PlaneGradient {
        /// position = (p − start) · (kx, ky), with (kx, ky) = (end − start) · last / |end − start|².
        case linear(sx: Double, sy: Double, kx: Double, ky: Double)
        /// position = |p − centre| · scale.
        case radial(cx: Double, cy: Double, scale: Double)
        /// position = the conic fraction at p · last; `mirrored` when the plane is seen from
        /// behind, so that the sweep runs clockwise on screen (as `Paint.mapped` keeps it).
        case conic(cx: Double, cy: Double, angle: Double, mirrored: Bool)
    }

    /// Geometry for a gradient `paint` (in the plane's coordinates) seen through `plane`, or
    /// nil when the gradient or the plane is degenerate (the last stop's colour then).
    static func projected(_ paint: Paint, plane: Homography) -> Geometry? {
        guard let toPlane = plane.inverse else { return nil }
        let kind: PlaneGradient
        switch paint {
        case .linearGradient(let start, let end, _):
            let vx = end.x - start.x, vy = end.y - start.y
            let len2 = vx * vx + vy * vy
            guard len2 > 0, len2.isFinite, start.isFinite else { return nil }
            let k = Double(last) / len2
            kind = .linear(sx: start.x, sy: start.y, kx: vx * k, ky: vy * k)
        case .radialGradient(let center, let radius, _):
            guard radius > 0, radius.isFinite, center.isFinite else { return nil }
            kind = .radial(cx: center.x, cy: center.y, scale: Double(last) / radius)
        case .conicGradient(let center, let angle, _):
            guard center.isFinite, angle.isFinite else { return nil }
            kind = .conic(cx: center.x, cy: center.y, angle: angle, mirrored: plane.determinant < 0)
        case .solid, .image, .projected:
            return nil
        }
        return .projected(toPlane: toPlane, kind: kind)
    }

    /// Pixels `i`..<`end` of a row at device row `deviceY`, the first at device column `x`,
    /// of a projected gradient: each pixel centre mapped into the plane (one division per
    /// pixel), its ramp position found there, its entry the nearest, hard stops placed.
    func projectedRun(_ i: Int, _ end: Int, _ x: Int, _ deviceY: Int, _ toPlane: Homography, _ kind: PlaneGradient,
                      _ ditherRow: Int, _ storeOnly: Bool, _ coverage: UInt32, _ factor: UInt32) {
        let h = toPlane.h
        let py = Double(deviceY) + 0.5
        // Homogeneous plane point of pixel column 0, and its change per column.
        let u0 = h[1] * py + h[2], v0 = h[4] * py + h[5], w0 = h[7] * py + h[8]
        let limit = Double(lastIndex &- offset), lowest = -Double(offset) - 0.5
        var i = i, deviceX = x
        while i < end {
            let px = Double(deviceX) + 0.5
            let w = h[6] * px + w0
            let u = (h[0] * px + u0) / w, v = (h[3] * px + v0) / w
            let f: Double
            switch kind {
            case .linear(let sx, let sy, let kx, let ky):
                f = (u - sx) * kx + (v - sy) * ky
            case .radial(let cx, let cy, let scale):
                f = ((u - cx) * (u - cx) + (v - cy) * (v - cy)).squareRoot() * scale
            case .conic(let cx, let cy, let angle, let mirrored):
                let turn = Self.conicFraction(dx: u - cx, dy: v - cy, angle: angle)
                f = (mirrored && turn > 0 ? 1 - turn : turn) * Double(Self.last)
            }
            // Nearest entry, clamped to the table (NaN, from a pixel at the horizon, to entry 0).
            let k = f < limit ? (f > lowest ? Int((f + 0.5).rounded(.down)) &+ offset : 0) : lastIndex
            let src = color(placed(k, position: f), ditherRow | (deviceX & 7))
            if storeOnly { surface.store(i, src) } else { blend(i, src, coverage, factor) }
            deviceX &+= 1
            i &+= 1
        }
    }
}
