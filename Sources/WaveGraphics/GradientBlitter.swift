import WaveGeometry
import Foundation

/// Shades coverage spans with a linear, radial or conic gradient ramp and blends them (source-over).
///
/// Per pixel: ramp index from the device-space pixel centre (see `Paint`), ramp entry plus
/// the Bayer threshold for the device pixel, truncated to 8 bits, scaled by coverage, blended.
/// The linear index is an exact integer function of the device pixel: per row one Double
/// evaluation gives a 16.16 fixed-point base, and pixel x gets base + x · step (computed by
/// exact integer stepping), so a pixel's colour does not depend on where its span starts.
struct GradientBlitter: PaintBlitter {
    enum Geometry {
        /// index(x, y) = (rowBase(y) + x · step) / 2¹⁶, with rowBase(y) = base + (y + 0.5) · rowStep.
        case linear(base: Double, rowStep: Double, step: Int)
        /// index = √((x + 0.5 − cx)² + (y + 0.5 − cy)²) · scale.
        case radial(cx: Double, cy: Double, scale: Double)
        /// index = (((atan2(x + 0.5 − cx, cy − y − 0.5) − angle) / 2π) mod 1) · last.
        case conic(cx: Double, cy: Double, angle: Double)
    }

    let surface: Surface
    /// `GradientRamp.table`, valid for the blitter's lifetime.
    let ramp: UnsafeBufferPointer<UInt32>
    let dither: UnsafeBufferPointer<UInt32>
    let geometry: Geometry
    /// `GradientRamp.isOpaque`: full-coverage pixels can be stored without blending.
    let opaque: Bool
    /// `GradientRamp.offset` and `lastIndex`: t = 0 is entry `offset`, t = 1 entry
    /// `offset + last`; indices are clamped to the table.
    let offset: Int
    let lastIndex: Int

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

    static func conic(center: Point, angle: Double) -> Geometry? {
        guard center.isFinite, angle.isFinite else { return nil }
        return .conic(cx: center.x, cy: center.y, angle: angle)
    }

    /// The conic ramp position of a point at offset (dx, dy) from the centre (y down):
    /// the clockwise angle from `angle`, as a fraction of a turn in [0, 1).
    @inline(__always)
    static func conicFraction(dx: Double, dy: Double, angle: Double) -> Double {
        let turn = (atan2(dx, -dy) - angle) / (2 * Double.pi)
        let f = turn - turn.rounded(.down)
        return f < 1 ? f : 0
    }

    @inline(__always)
    static func clamp(_ v: Double, _ limit: Double) -> Double {
        v > -limit ? (v < limit ? v : limit) : -limit   // NaN → −limit
    }

    mutating func span(y: Int, x: Int, count: Int, alpha: Int) {
        span(y: y, x: x, count: count, alpha: alpha, factor: 255)
    }

    /// Spans of one row; `factor` 255 means no extra scaling.
    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha: Int, factor: UInt32) {
        let deviceY = surface.originY &+ y
        let ditherRow = (deviceY & 7) << 3
        var i = y &* surface.stride &+ x
        let end = i &+ count
        var deviceX = surface.originX &+ x
        let coverage = UInt32(alpha)
        let storeOnly = coverage == 255 && opaque && factor == 255
        switch geometry {
        case .linear(let base, let rowStep, let step):
            let rowBase = Int(Self.clamp(base + (Double(deviceY) + 0.5) * rowStep, Self.fixedLimit).rounded())
            // 16.16 index of the current pixel, rounded: rowBase + deviceX · step, stepped by `step`.
            var f = rowBase &+ deviceX &* step &+ 0x8000
            if step == 0 && count > 8 {
                // A gradient along y: the ramp index is the same across the row and only the
                // dither cell changes, with period 8, so the row's eight colours are computed
                // once (the same bytes as the general loop, for a fraction of the work).
                let k = (f >> 16) &+ offset
                let index = k < 0 ? 0 : (k > lastIndex ? lastIndex : k)
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { row in
                    for j in 0..<8 { row[j] = color(index, ditherRow | j) }
                    if storeOnly {
                        // Eight pixels a store: lane j holds pixel deviceX + j's colour, and
                        // eight pixels on the pattern is where it started.
                        var lanes = SIMD8<UInt32>()
                        for j in 0..<8 { lanes[j] = row[(deviceX &+ j) & 7].littleEndian }
                        while i &+ 8 <= end {
                            surface.base.storeBytes(of: lanes, toByteOffset: i &<< 2, as: SIMD8<UInt32>.self)
                            deviceX &+= 8
                            i &+= 8
                        }
                        while i < end { surface.store(i, row[deviceX & 7]); deviceX &+= 1; i &+= 1 }
                    } else {
                        while i < end { blend(i, row[deviceX & 7], coverage, factor); deviceX &+= 1; i &+= 1 }
                    }
                }
            } else if storeOnly {
                while i < end {
                    let k = (f >> 16) &+ offset
                    surface.store(i, color(k < 0 ? 0 : (k > lastIndex ? lastIndex : k), ditherRow | (deviceX & 7)))
                    f &+= step
                    deviceX &+= 1
                    i &+= 1
                }
            } else {
                while i < end {
                    let k = (f >> 16) &+ offset
                    let src = color(k < 0 ? 0 : (k > lastIndex ? lastIndex : k), ditherRow | (deviceX & 7))
                    blend(i, src, coverage, factor)
                    f &+= step
                    deviceX &+= 1
                    i &+= 1
                }
            }
        case .radial(let cx, let cy, let scale):
            let ry = Double(deviceY) + 0.5 - cy
            let ry2 = ry * ry
            while i < end {
                let rx = Double(deviceX) + 0.5 - cx
                let f = (rx * rx + ry2).squareRoot() * scale
                let k = f < Double(lastIndex &- offset) ? Int(f + 0.5) &+ offset : lastIndex
                let src = color(k, ditherRow | (deviceX & 7))
                if storeOnly { surface.store(i, src) } else { blend(i, src, coverage, factor) }
                deviceX &+= 1
                i &+= 1
            }
        case .conic(let cx, let cy, let angle):
            let dy = Double(deviceY) + 0.5 - cy
            while i < end {
                let f = Self.conicFraction(dx: Double(deviceX) + 0.5 - cx, dy: dy, angle: angle) * Double(Self.last)
                let k = (f < Double(Self.last) ? Int(f + 0.5) : Self.last) &+ offset
                let src = color(k, ditherRow | (deviceX & 7))
                if storeOnly { surface.store(i, src) } else { blend(i, src, coverage, factor) }
                deviceX &+= 1
                i &+= 1
            }
        }
    }

    /// Dithered premultiplied colour of ramp entry `index` at dither cell `cell`.
    @inline(__always)
    private func color(_ index: Int, _ cell: Int) -> UInt32 {
        let d = dither[cell]
        let rb = ((ramp[index &<< 1] &+ d) >> 8) & 0x00FF_00FF
        let ga = ((ramp[(index &<< 1) | 1] &+ d) >> 8) & 0x00FF_00FF
        return rb | ga << 8
    }

    @inline(__always)
    private func blend(_ i: Int, _ color: UInt32, _ coverage: UInt32, _ factor: UInt32) {
        var src = coverage == 255 ? color : Compositor.scale(color, coverage)
        if factor != 255 { src = Compositor.scale(src, factor) }
        let inverse = 255 &- (src >> 24)
        if inverse == 0 {
            surface.store(i, src)
        } else if src != 0 {
            surface.store(i, src &+ Compositor.scale(surface.load(i), inverse))
        }
    }
}
