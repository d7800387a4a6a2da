import Foundation

extension Path {
    /// The smallest rect holding every curve the path draws: the ends of its segments and
    /// the extremes of its Bézier curves (where a curve's derivative is zero along x or y),
    /// not its control points. A `move` that starts no segment adds nothing; a `close` adds
    /// its straight side, whose ends are already in. Nil when nothing is drawn.
    ///
    /// This is FreeType's `FT_Outline_Get_BBox` (the exact box), where `bounds` is its
    /// `FT_Outline_Get_CBox` (the control box).
    public var tightBounds: Rect? {
        var box = BoxAccumulator()
        var current: Point?
        for element in elements {
            switch element {
            case .move(let p):
                current = p
            case .line(let p):
                if let s = current { box.add(s) }
                box.add(p)
                current = p
            case .quad(let c, let p):
                let s = current ?? c
                box.add(s); box.add(p)
                for t in Self.quadExtremes(s.x, c.x, p.x) + Self.quadExtremes(s.y, c.y, p.y) {
                    let u = 1 - t
                    box.add(Point(u * u * s.x + 2 * u * t * c.x + t * t * p.x, u * u * s.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                let s = current ?? c1
                box.add(s); box.add(p)
                for t in Self.cubicExtremes(s.x, c1.x, c2.x, p.x) + Self.cubicExtremes(s.y, c1.y, c2.y, p.y) {
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    box.add(Point(a * s.x + b * c1.x + c * c2.x + d * p.x, a * s.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            case .close:
                break
            }
        }
        return box.rect
    }

    /// Parameters in (0, 1) where the quadratic through a, b, c has a zero derivative.
    static func quadExtremes(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let d = a - 2 * b + c
        guard d != 0 else { return [] }
        let t = (a - b) / d
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where the cubic through a, b, c, d has a zero derivative: the
    /// roots of the derivative's quadratic A t² + B t + C.
    static func cubicExtremes(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
        let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
        var roots: [Double] = []
        if abs(qa) < 1e-12 {
            if qb != 0 { roots.append(-qc / qb) }
        } else {
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 {
                let r = disc.squareRoot()
                roots += [(-qb + r) / (2 * qa), (-qb - r) / (2 * qa)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

/// Min and max of the finite points added so far.
private struct BoxAccumulator {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ p: Point) {
        guard p.isFinite else { return }
        minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
    }

    var rect: Rect? {
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
