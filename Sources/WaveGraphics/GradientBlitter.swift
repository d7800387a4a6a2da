/// Shades coverage spans with a linear or radial gradient ramp and blends them (source-over).
///
/// Per pixel: ramp index from the device-space pixel centre (see `Paint`), ramp entry plus
/// the Bayer threshold for the device pixel, truncated to 8 bits, scaled by coverage, blended.
/// The linear index is an exact integer function of the device pixel: per row one Double
/// evaluation gives a 16.16 fixed-point start, and each pixel adds x · step, so a pixel's
/// colour does not depend on where its span starts.
struct GradientBlitter: SpanSink {
    enum Geometry {
        /// index(x, y) = (rowBase(y) + x · step) / 2¹⁶, with rowBase(y) = base + (y + 0.5) · rowStep.
        case linear(base: Double, rowStep: Double, step: Int)
        /// index = √((x + 0.5 − cx)² + (y + 0.5 − cy)²) · scale.
        case radial(cx: Double, cy: Double, scale: Double)
    }

    let surface: Surface
    /// `GradientRamp.table`, valid for the blitter's lifetime.
    let ramp: UnsafeBufferPointer<UInt32>
    let dither: UnsafeBufferPointer<UInt32>
    let geometry: Geometry

    static let last = GradientRamp.size - 1
    static let fixedLimit = Double(1 << 40)

    /// Geometry for a linear gradient, or nil when the vector is degenerate.
    static func linear(start: Point, end: Point) -> Geometry? {
        let vx = end.x - start.x, vy = end.y - start.y
        let len2 = vx * vx + vy * vy
        guard len2 > 0, len2.isFinite, start.isFinite else { return nil }
        let k = Double(last) * 65536 / len2
        // Index at device x = 0 is ((0.5 − sx)·vx + (py − sy)·vy) · k.
        let base = ((0.5 - start.x) * vx - start.y * vy) * k
        let step = clamp(vx * k, Double(1 << 30))
        return .linear(base: base, rowStep: vy * k, step: Int(step.rounded()))
    }

    static func radial(center: Point, radius: Double) -> Geometry? {
        guard radius > 0, radius.isFinite, center.isFinite else { return nil }
        return .radial(cx: center.x, cy: center.y, scale: Double(last) / radius)
    }

    @inline(__always)
    static func clamp(_ v: Double, _ limit: Double) -> Double {
        v > -limit ? (v < limit ? v : limit) : -limit   // NaN → −limit
    }

    mutating func span(y: Int, x: Int, count: Int, alpha: Int) {
        let deviceY = surface.originY + y
        let ditherRow = (deviceY & 7) << 3
        let row = y * surface.width
        let coverage = UInt32(alpha)
        switch geometry {
        case .linear(let base, let rowStep, let step):
            let rowBase = Int(Self.clamp(base + (Double(deviceY) + 0.5) * rowStep, Self.fixedLimit).rounded())
            for dx in x..<(x + count) {
                let deviceX = surface.originX + dx
                let f = (rowBase + deviceX * step + 0x8000) >> 16
                let index = f < 0 ? 0 : (f > Self.last ? Self.last : f)
                blend(row + dx, index, dither[ditherRow | (deviceX & 7)], coverage)
            }
        case .radial(let cx, let cy, let scale):
            let ry = Double(deviceY) + 0.5 - cy
            let ry2 = ry * ry
            for dx in x..<(x + count) {
                let deviceX = surface.originX + dx
                let rx = Double(deviceX) + 0.5 - cx
                let f = (rx * rx + ry2).squareRoot() * scale
                let index = f < Double(Self.last) ? Int(f + 0.5) : Self.last
                blend(row + dx, index, dither[ditherRow | (deviceX & 7)], coverage)
            }
        }
    }

    @inline(__always)
    private func blend(_ i: Int, _ index: Int, _ d: UInt32, _ coverage: UInt32) {
        let rb = ((ramp[2 &* index] &+ d) >> 8) & 0x00FF_00FF
        let ga = ((ramp[2 &* index &+ 1] &+ d) >> 8) & 0x00FF_00FF
        var src = rb | ga << 8
        if coverage != 255 { src = Compositor.scale(src, coverage) }
        let inverse = 255 &- (src >> 24)
        if inverse == 0 {
            surface.store(i, src)
        } else if src != 0 {
            surface.store(i, src &+ Compositor.scale(surface.load(i), inverse))
        }
    }
}
