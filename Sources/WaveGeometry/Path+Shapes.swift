import Foundation

/// Control-point distance for a quarter-circle cubic: 4/3·(√2 − 1). The curve meets the circle
/// at the ends and the midpoint and bulges outward by at most 2.7e-4 × radius in between.
let circleKappa = 4.0 / 3.0 * (2.0.squareRoot() - 1.0)

extension Path {
    /// Appends a closed circle made of 4 cubic arcs, starting at (cx + r, cy) and running
    /// clockwise on screen (y down): right → bottom → left → top. A negative radius uses |r|.
    public mutating func addCircle(center: Point, radius: Double) {
        let r = abs(radius)
        addEllipse(in: Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r))
    }

    /// Appends a closed ellipse inscribed in `rect` (4 cubic arcs, clockwise on screen, starting
    /// at the right-most point).
    public mutating func addEllipse(in rect: Rect) {
        let rx = (rect.maxX - rect.minX) / 2, ry = (rect.maxY - rect.minY) / 2
        let cx = rect.minX + rx, cy = rect.minY + ry
        let kx = rx * circleKappa, ky = ry * circleKappa
        elements.reserveCapacity(elements.count + 6)   // one allocation, not one per doubling
        move(to: Point(cx + rx, cy))
        cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ky), control2: Point(cx + kx, cy + ry))
        cubic(to: Point(cx - rx, cy), control1: Point(cx - kx, cy + ry), control2: Point(cx - rx, cy + ky))
        cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ky), control2: Point(cx - kx, cy - ry))
        cubic(to: Point(cx + rx, cy), control1: Point(cx + kx, cy - ry), control2: Point(cx + rx, cy - ky))
        close()
    }

    /// Appends a closed rectangle, clockwise on screen from the top-left corner. The corner
    /// radius is clamped to 0...min(width, height)/2 (NaN counts as 0); rounded corners are
    /// quarter-circle cubics.
    public mutating func addRect(_ r: Rect, cornerRadius: Double = 0) {
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        let limit = Swift.min(x1 - x0, y1 - y0) / 2
        let rad = cornerRadius > 0 ? Swift.min(cornerRadius, limit) : 0
        elements.reserveCapacity(elements.count + (rad > 0 ? 10 : 5))   // one allocation, not one per doubling
        guard rad > 0 else {
            move(to: Point(x0, y0))
            line(to: Point(x1, y0))
            line(to: Point(x1, y1))
            line(to: Point(x0, y1))
            close()
            return
        }
        let k = rad * (1 - circleKappa)
        move(to: Point(x0 + rad, y0))
        if x1 - rad > x0 + rad { line(to: Point(x1 - rad, y0)) }
        cubic(to: Point(x1, y0 + rad), control1: Point(x1 - k, y0), control2: Point(x1, y0 + k))
        if y1 - rad > y0 + rad { line(to: Point(x1, y1 - rad)) }
        cubic(to: Point(x1 - rad, y1), control1: Point(x1, y1 - k), control2: Point(x1 - k, y1))
        if x1 - rad > x0 + rad { line(to: Point(x0 + rad, y1)) }
        cubic(to: Point(x0, y1 - rad), control1: Point(x0 + k, y1), control2: Point(x0, y1 - k))
        if y1 - rad > y0 + rad { line(to: Point(x0, y0 + rad)) }
        cubic(to: Point(x0 + rad, y0), control1: Point(x0, y0 + k), control2: Point(x0 + k, y0))
        close()
    }

    /// Appends a circular arc. Angles are in radians measured on screen (y down), so angle 0 is
    /// +x and π/2 is +y (straight down); `clockwise` (on screen) sweeps toward increasing angles.
    ///
    /// Sweep follows the HTML canvas rule: a difference of 2π or more in the drawing direction
    /// is a full circle, otherwise the sweep is the difference reduced into [0, 2π) in that
    /// direction. If the path has a current point the arc is connected to it with a line,
    /// otherwise the arc starts a new sub-path. Non-finite input or a negative radius adds nothing.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool) {
        guard radius.isFinite, radius >= 0, startAngle.isFinite, endAngle.isFinite,
              center.isFinite else { return }
        let twoPi = 2 * Double.pi
        func reduced(_ diff: Double) -> Double {
            if diff >= twoPi { return twoPi }
            var m = diff.truncatingRemainder(dividingBy: twoPi)
            if m < 0 { m += twoPi }
            return m
        }
        let sweep = clockwise ? reduced(endAngle - startAngle) : -reduced(startAngle - endAngle)
        let start = Point(center.x + radius * cos(startAngle), center.y + radius * sin(startAngle))
        if let current = currentPoint {
            if current != start { line(to: start) }
        } else {
            move(to: start)
        }
        guard sweep != 0, radius > 0 else { return }
        let count = Swift.max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        for i in 0..<count {
            let a0 = startAngle + step * Double(i)
            let a1 = i == count - 1 ? startAngle + sweep : startAngle + step * Double(i + 1)
            let c0 = cos(a0), s0 = sin(a0), c1 = cos(a1), s1 = sin(a1)
            cubic(to: Point(center.x + radius * c1, center.y + radius * s1),
                  control1: Point(center.x + radius * (c0 - k * s0), center.y + radius * (s0 + k * c0)),
                  control2: Point(center.x + radius * (c1 + k * s1), center.y + radius * (s1 - k * c1)))
        }
    }

    /// Appends a polyline through `points`, closed when `closed`. Nothing for an empty list.
    public mutating func addPolygon(_ points: [Point], closed: Bool) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { line(to: p) }
        if closed { close() }
    }
}
