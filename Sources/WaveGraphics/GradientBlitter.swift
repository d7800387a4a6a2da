import WaveGeometry
import CPixelKernels
import Foundation

/// Shades coverage spans with a linear, radial or conic gradient ramp and blends them (source-over).
///
/// Per pixel: ramp index from the device-space pixel centre (see `Paint`), ramp entry plus
/// the Bayer threshold for the device pixel, truncated to 8 bits, scaled by coverage, blended.
/// The linear index is an exact integer function of the device pixel: per row one Double
/// evaluation gives a 16.16 fixed-point base, and pixel x gets base + x · step (computed by
/// exact integer stepping), so a pixel's colour does not depend on where its span starts.
/// Linear and radial spans of eight pixels or more are shaded eight at a time in SIMD lanes,
/// each lane computed as the per-pixel loop computes it (`GradientBlitterTests` compares the
/// two); the ramp lookups stay one per pixel.
struct GradientBlitter: PaintBlitter {
    enum Geometry {
        /// index(x, y) = (rowBase(y) + x · step) / 2¹⁶, with rowBase(y) = base + (y + 0.5) · rowStep.
        case linear(base: Double, rowStep: Double, step: Int)
        /// index = √((x + 0.5 − cx)² + (y + 0.5 − cy)²) · scale.
        case radial(cx: Double, cy: Double, scale: Double)
        /// index = (((atan2(x + 0.5 − cx, cy − y − 0.5) − angle) / 2π) mod 1) · last.
        case conic(cx: Double, cy: Double, angle: Double)
        /// A gradient in a plane seen in perspective: the pixel centre mapped by `toPlane`,
        /// then the position as `kind` lays it out there (`GradientBlitter+Projected`).
        case projected(toPlane: Homography, kind: PlaneGradient)
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
    /// `GradientRamp.hardStops`, valid for the blitter's lifetime: pixels of those entries
    /// are shaded one at a time, each placed on its side of the stop (`placed`).
    var hardStops = UnsafeBufferPointer<GradientRamp.HardStop>(start: nil, count: 0)

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
            let f = rowBase &+ deviceX &* step &+ 0x8000
            if step == 0 && count > 8 {
                // A gradient along y: the ramp index is the same across the row and only the
                // dither cell changes, with period 8, so the row's eight colours are computed
                // once (the same bytes as the general loop, for a fraction of the work).
                let k = (f >> 16) &+ offset
                let index = placed(k < 0 ? 0 : (k > lastIndex ? lastIndex : k), fixed: f &- 0x8000)
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { row in
                    for j in 0..<8 { row[j] = color(index, ditherRow | j) }
                    // Eight pixels a step: lane j holds pixel deviceX + j's colour, and eight
                    // pixels on, the pattern is where it started.
                    var lanes = SIMD8<UInt32>()
                    for j in 0..<8 { lanes[j] = row[(deviceX &+ j) & 7] }
                    while i &+ 8 <= end {
                        write8(i, lanes, storeOnly, coverage, factor)
                        deviceX &+= 8
                        i &+= 8
                    }
                    if storeOnly {
                        while i < end { surface.store(i, row[deviceX & 7]); deviceX &+= 1; i &+= 1 }
                    } else {
                        while i < end { blend(i, row[deviceX & 7], coverage, factor); deviceX &+= 1; i &+= 1 }
                    }
                }
            } else if hardStops.isEmpty {
                linearRun(i, end, deviceX, f, step, ditherRow, storeOnly, coverage, factor)
            } else {
                linearRunPlacingStops(i, end, deviceX, f, step, ditherRow, storeOnly, coverage, factor)
            }
        case .radial(let cx, let cy, let scale):
            let ry = Double(deviceY) + 0.5 - cy
            let ry2 = ry * ry
            if hardStops.isEmpty {
                radialRun(i, end, deviceX, cx, ry2, scale, ditherRow, storeOnly, coverage, factor)
            } else {
                radialRunPlacingStops(i, end, deviceX, cx, ry, scale, ditherRow, storeOnly, coverage, factor)
            }
        case .conic(let cx, let cy, let angle):
            let dy = Double(deviceY) + 0.5 - cy
            while i < end {
                let f = Self.conicFraction(dx: Double(deviceX) + 0.5 - cx, dy: dy, angle: angle) * Double(Self.last)
                let k = (f < Double(Self.last) ? Int(f + 0.5) : Self.last) &+ offset
                let src = color(placed(k, position: f), ditherRow | (deviceX & 7))
                if storeOnly { surface.store(i, src) } else { blend(i, src, coverage, factor) }
                deviceX &+= 1
                i &+= 1
            }
        case .projected(let toPlane, let kind):
            projectedRun(i, end, deviceX, deviceY, toPlane, kind, ditherRow, storeOnly, coverage, factor)
        }
    }

    /// Pixels `i`..<`end` of a radial span at squared row offset `ry2`, the first at device
    /// column `x`: with `wide`, sixteen at a time with the wide kernels or eight in SIMD lanes
    /// (neither places hard stops: `radialRunPlacingStops` keeps them off their pixels), and
    /// the rest pixel by pixel, all giving the same bytes.
    @inline(__always)
    func radialRun(_ i: Int, _ end: Int, _ x: Int, _ cx: Double, _ ry2: Double, _ scale: Double, _ ditherRow: Int,
                   _ storeOnly: Bool, _ coverage: UInt32, _ factor: UInt32, wide: Bool = true) {
        var i = i, deviceX = x
        let count = end &- i
        if wide && count >= 16 && wave_kernels_level() > 0,
           shadeWide(i, count, storeOnly, coverage, factor, { out, from, n in
               wave_gradient_radial(out, ramp.baseAddress, dither.baseAddress.map { $0 + ditherRow },
                                    Int64(deviceX &+ from), cx, ry2, scale, Double(lastIndex &- offset),
                                    Int32(truncatingIfNeeded: offset), Int32(truncatingIfNeeded: lastIndex), n)
           }) {
            return
        }
        if wide && count >= 8 {
            // Eight pixels a step, each lane computed as the loop below computes it.
            let dither8 = ditherLanes(ditherRow, deviceX)
            var x8 = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7) + Double(deviceX)
            let limit = Double(lastIndex &- offset)
            let first = Int32(truncatingIfNeeded: offset), last = Int32(truncatingIfNeeded: lastIndex)
            func entry(_ f: Double) -> Int32 { f < limit ? Int32(f + 0.5) &+ first : last }
            while i &+ 8 <= end {
                let f = ((x8 + 0.5 - cx) * (x8 + 0.5 - cx) + ry2).squareRoot() * scale
                let k = SIMD8<Int32>(entry(f[0]), entry(f[1]), entry(f[2]), entry(f[3]),
                                     entry(f[4]), entry(f[5]), entry(f[6]), entry(f[7]))
                write8(i, gatherColors(k, dither8), storeOnly, coverage, factor)
                x8 += 8
                deviceX &+= 8
                i &+= 8
            }
        }
        while i < end {
            let rx = Double(deviceX) + 0.5 - cx
            let f = (rx * rx + ry2).squareRoot() * scale
            let k = f < Double(lastIndex &- offset) ? Int(f + 0.5) &+ offset : lastIndex
            let src = color(placed(k, position: f), ditherRow | (deviceX & 7))
            if storeOnly { surface.store(i, src) } else { blend(i, src, coverage, factor) }
            deviceX &+= 1
            i &+= 1
        }
    }

    /// Pixels `i`..<`end` of a linear span, the first at device column `x` and 16.16 index
    /// `f` (rounding bias included): sixteen at a time with the wide kernels, eight at a time
    /// in SIMD lanes, and the rest pixel by pixel, all giving the same bytes.
    @inline(__always)
    func linearRun(_ i: Int, _ end: Int, _ x: Int, _ f: Int, _ step: Int, _ ditherRow: Int,
                   _ storeOnly: Bool, _ coverage: UInt32, _ factor: UInt32, wide: Bool = true) {
        var i = i, f = f, deviceX = x
        let count = end &- i
        if wide && count >= 16 && step.magnitude <= Self.laneStepLimit && wave_kernels_level() > 0,
           shadeWide(i, count, storeOnly, coverage, factor, { out, from, n in
               wave_gradient_linear(out, ramp.baseAddress, dither.baseAddress.map { $0 + ditherRow },
                                    Int64(f &+ from &* step), Int64(step), Int64(offset), Int64(lastIndex),
                                    Int64(deviceX &+ from), n)
           }) {
            return
        }
        if wide && count >= 8 && step.magnitude <= Self.laneStepLimit {
            // Eight pixels a step: lane j is pixel deviceX + j, so the dither lanes
            // are the same for every step of the row.
            let dither8 = ditherLanes(ditherRow, deviceX)
            let lanes = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) &* Int32(truncatingIfNeeded: step)
            while i &+ 8 <= end {
                write8(i, linearColors(f, lanes, dither8), storeOnly, coverage, factor)
                f &+= step &<< 3
                deviceX &+= 8
                i &+= 8
            }
        }
        if storeOnly {
            while i < end {
                let k = (f >> 16) &+ offset
                surface.store(i, color(placed(k < 0 ? 0 : (k > lastIndex ? lastIndex : k), fixed: f &- 0x8000), ditherRow | (deviceX & 7)))
                f &+= step
                deviceX &+= 1
                i &+= 1
            }
        } else {
            while i < end {
                let k = (f >> 16) &+ offset
                let src = color(placed(k < 0 ? 0 : (k > lastIndex ? lastIndex : k), fixed: f &- 0x8000), ditherRow | (deviceX & 7))
                blend(i, src, coverage, factor)
                f &+= step
                deviceX &+= 1
                i &+= 1
            }
        }
    }

    /// Lane j of a step of eight pixels is pixel x + j (|step| at most this, so that
    /// x + j · step stays within Int32 in `linearColors`).
    static let laneStepLimit = 1 << 27

    /// The dither thresholds of pixels x ... x + 7 of a row (`ditherRow` = (y mod 8) · 8).
    @inline(__always)
    private func ditherLanes(_ ditherRow: Int, _ x: Int) -> SIMD8<UInt32> {
        var d = SIMD8<UInt32>()
        for j in 0..<8 { d[j] = dither[ditherRow | ((x &+ j) & 7)] }
        return d
    }

    /// The colours of eight pixels of a linear span, the first at 16.16 index `f`, lane j at
    /// f + `lanes`[j] (j · step): the entry (f + j · step) >> 16 + offset, clamped to the
    /// table, as the per-pixel loop computes it. f = whole · 2¹⁶ + frac splits the shift
    /// exactly: (f + j · step) >> 16 = whole + (frac + j · step) >> 16, in Int32 since
    /// |step| ≤ 2²⁷. whole + offset is bounded to ±2²⁰ first, which changes no clamped index:
    /// the lanes differ from it by less than 2¹⁵, and the table is shorter than 2¹⁵.
    @inline(__always)
    private func linearColors(_ f: Int, _ lanes: SIMD8<Int32>, _ dither8: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let first = Int32(truncatingIfNeeded: Swift.min(Swift.max((f >> 16) &+ offset, -(1 << 20)), 1 << 20))
        let frac = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: f & 0xFFFF))
        var k = SIMD8<Int32>(repeating: first) &+ ((frac &+ lanes) &>> 16)
        // Clamped to 0...lastIndex with sign masks (x &>> 31 is all ones where x < 0).
        let last = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: lastIndex))
        k &= ~(k &>> 31)
        let above = (last &- k) &>> 31
        k = (k & ~above) | (last & above)
        return gatherColors(k, dither8)
    }

    /// The dithered colours of ramp entries k[0] ... k[7] (each within the table).
    @inline(__always)
    private func gatherColors(_ k: SIMD8<Int32>, _ dither8: SIMD8<UInt32>) -> SIMD8<UInt32> {
        var rb = SIMD8<UInt32>(), ga = SIMD8<UInt32>()
        for j in 0..<8 {
            let e = Int(k[j]) &<< 1
            rb[j] = ramp[e]
            ga[j] = ramp[e | 1]
        }
        return Self.colors(rb, ga, dither8)
    }

    /// `color` on eight pixels: the ramp entries' lanes (rb, ga) plus each pixel's threshold.
    @inline(__always)
    static func colors(_ rb: SIMD8<UInt32>, _ ga: SIMD8<UInt32>, _ dither8: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let low = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        return (((rb &+ dither8) &>> 8) & low) | ((((ga &+ dither8) &>> 8) & low) &<< 8)
    }

    /// Stores or blends eight pixels from index `i`, as `blend` does each: source-over is
    /// branch-free here, since scale(dst, 0) = 0 and scale(dst, 255) = dst. (Lanes are stored
    /// as they are: the little-endian words of `Surface` on the little-endian machines wave
    /// builds for.)
    @inline(__always)
    private func write8(_ i: Int, _ colors: SIMD8<UInt32>, _ storeOnly: Bool, _ coverage: UInt32, _ factor: UInt32) {
        if storeOnly {
            surface.base.storeBytes(of: colors, toByteOffset: i &<< 2, as: SIMD8<UInt32>.self)
            return
        }
        var src = colors
        if coverage != 255 { src = Compositor.scale(src, SIMD8(repeating: coverage)) }
        if factor != 255 { src = Compositor.scale(src, SIMD8(repeating: factor)) }
        let dst = surface.base.loadUnaligned(fromByteOffset: i &<< 2, as: SIMD8<UInt32>.self)
        surface.base.storeBytes(of: Compositor.over(src, dst), toByteOffset: i &<< 2, as: SIMD8<UInt32>.self)
    }

    /// Shades the `count` pixels from index `i` with a wide C kernel (CPixelKernels'
    /// `wave_gradient_*`, AVX-512 gathers, the same bytes), which `kernel(out, from, n)` calls
    /// for the span's pixels from..<from + n: straight into the surface when they are only
    /// stored, else a chunk at a time into a buffer and blended from there. False, having
    /// drawn nothing, when the wide kernels are not in use.
    @inline(__always)
    private func shadeWide(_ i: Int, _ count: Int, _ storeOnly: Bool, _ coverage: UInt32, _ factor: UInt32,
                           _ kernel: (UnsafeMutablePointer<UInt32>, Int, Int) -> Int32) -> Bool {
        if storeOnly {
            return kernel(surface.base.assumingMemoryBound(to: UInt32.self) + i, 0, count) != 0
        }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 128) { chunk in
            guard let out = chunk.baseAddress else { return false }
            var done = 0
            while done < count {
                let n = Swift.min(128, count &- done)
                guard kernel(out, done, n) != 0 else { return false }
                var j = 0
                while j &+ 8 <= n {
                    let colors = UnsafeRawPointer(out).loadUnaligned(fromByteOffset: j &<< 2, as: SIMD8<UInt32>.self)
                    write8(i &+ done &+ j, colors, false, coverage, factor)
                    j &+= 8
                }
                while j < n { blend(i &+ done &+ j, out[j], coverage, factor); j &+= 1 }
                done &+= n
            }
            return true
        }
    }

    /// Dithered premultiplied colour of ramp entry `index` at dither cell `cell`.
    @inline(__always)
    func color(_ index: Int, _ cell: Int) -> UInt32 {
        let d = dither[cell]
        let rb = ((ramp[index &<< 1] &+ d) >> 8) & 0x00FF_00FF
        let ga = ((ramp[(index &<< 1) | 1] &+ d) >> 8) & 0x00FF_00FF
        return rb | ga << 8
    }

    @inline(__always)
    func blend(_ i: Int, _ color: UInt32, _ coverage: UInt32, _ factor: UInt32) {
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
