import WaveGeometry
/// Integer premultiplied RGBA8 arithmetic on packed pixels, and layer compositing.
///
/// Channels are processed two at a time in 16-bit lanes of a 32-bit word (r|b and g|a), so a
/// multiply by k ≤ 255 never carries between lanes. Division by 255 with rounding uses
/// x/255 ≈ (t + (t >> 8)) >> 8 with t = x + 128, exact for every x in 0...255·255.
package enum Compositor {
    /// Each channel of `px` times k / 255, rounded (k in 0...255).
    @inline(__always)
    static func scale(_ px: UInt32, _ k: UInt32) -> UInt32 {
        var rb = (px & 0x00FF_00FF) &* k &+ 0x0080_0080
        var ga = ((px >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        ga = ((ga &+ ((ga >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        return rb | (ga << 8)
    }

    /// `scale` on eight pixels at once, lane by lane: lane j of the result is
    /// `scale(px[j], k[j])` (k in 0...255), the same bytes.
    @inline(__always)
    static func scale(_ px: SIMD8<UInt32>, _ k: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let low = SIMD8<UInt32>(repeating: 0x00FF_00FF), half = SIMD8<UInt32>(repeating: 0x0080_0080)
        var rb = (px & low) &* k &+ half
        var ga = ((px &>> 8) & low) &* k &+ half
        rb = ((rb &+ ((rb &>> 8) & low)) &>> 8) & low
        ga = ((ga &+ ((ga &>> 8) & low)) &>> 8) & low
        return rb | (ga &<< 8)
    }

    /// `over` on eight pixels at once: src + dst · (255 − src.a) / 255 lane by lane.
    @inline(__always)
    static func over(_ src: SIMD8<UInt32>, _ dst: SIMD8<UInt32>) -> SIMD8<UInt32> {
        src &+ scale(dst, 255 &- (src &>> 24))
    }

    /// a · b / 255 rounded, for a, b in 0...255.
    @inlinable
    package static func mul8(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a &* b &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// Premultiplied source-over: src + dst · (255 − src.a) / 255. With premultiplied inputs
    /// (channel ≤ alpha) no channel exceeds 255, so the packed add cannot carry.
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        src &+ scale(dst, 255 &- (src >> 24))
    }

    /// Source-over of one translucent colour onto `count` packed pixels from index `start` of
    /// `base`: each becomes src + pixel · inverse / 255 (`inverse` = 255 − src's alpha), the
    /// same bytes as `over` pixel by pixel. Four pixels a step, as `scale` does two channels
    /// in a word: eight 16-bit lanes hold the even bytes, eight the odd ones (SSE2 multiplies
    /// each eight in one instruction); d·k + 128 and t + (t >> 8) stay below 2¹⁶ for d, k ≤ 255,
    /// and the premultiplied sum cannot pass 255, so nothing carries between lanes.
    @inline(__always)
    static func over(_ src: UInt32, inverse: UInt32, onto base: UnsafeMutableRawPointer, from start: Int, count: Int) {
        var i = start
        let end = start &+ count
        if count >= 4 {
            let k = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: inverse))
            let half = SIMD8<UInt16>(repeating: 128), low = SIMD8<UInt16>(repeating: 0x00FF)
            let s = unsafeBitCast(SIMD4<UInt32>(repeating: src.littleEndian), to: SIMD8<UInt16>.self)
            while i &+ 3 < end {
                let px = base.loadUnaligned(fromByteOffset: i &<< 2, as: SIMD8<UInt16>.self)
                var even = (px & low) &* k &+ half, odd = (px &>> 8) &* k &+ half
                even = (even &+ (even &>> 8)) &>> 8
                odd = (odd &+ (odd &>> 8)) &>> 8
                base.storeBytes(of: s &+ (even | (odd &<< 8)), toByteOffset: i &<< 2, as: SIMD8<UInt16>.self)
                i &+= 4
            }
        }
        while i < end {
            let px = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: i &<< 2, as: UInt32.self))
            base.storeBytes(of: (src &+ scale(px, inverse)).littleEndian, toByteOffset: i &<< 2, as: UInt32.self)
            i &+= 1
        }
    }

    /// Composites `layer` onto `target` (source-over) scaled by `opacity` (1...255) and, if
    /// given, by `mask` (coverage over the same device rectangle as the layer; `inverted` uses
    /// 255 − value). The layer must lie inside the target.
    static func composite(_ layer: Surface, mask: AlphaMask?, inverted: Bool, opacity: UInt32,
                          onto target: Surface) {
        let dx = layer.originX - target.originX, dy = layer.originY - target.originY
        for y in 0..<layer.height {
            let srcRow = y * layer.stride
            let dstRow = (y + dy) * target.stride + dx
            for x in 0..<layer.width {
                var s = layer.load(srcRow + x)
                if s == 0 { continue }
                var k = opacity
                if let mask {
                    var m = mask.value(x, y)
                    if inverted { m = 255 - m }
                    k = mul8(k, m)
                    if k == 0 { continue }
                }
                if k != 255 { s = scale(s, k) }
                target.store(dstRow + x, over(s, target.load(dstRow + x)))
            }
        }
    }
}
