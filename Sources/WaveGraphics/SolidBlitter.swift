/// Blends a constant premultiplied colour through coverage spans (source-over).
///
/// Fast paths: full coverage of an opaque colour stores the colour (four pixels a step); full
/// coverage of a translucent one skips the coverage multiply.
struct SolidBlitter: PaintBlitter {
    let surface: Surface
    /// Premultiplied packed colour (channel ≤ alpha).
    let color: UInt32

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha: Int) {
        blend(y, x, count, alpha == 255 ? color : Compositor.scale(color, UInt32(alpha)))
    }

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha: Int, factor: UInt32) {
        let covered = alpha == 255 ? color : Compositor.scale(color, UInt32(alpha))
        blend(y, x, count, Compositor.scale(covered, factor))
    }

    @inline(__always)
    private func blend(_ y: Int, _ x: Int, _ count: Int, _ src: UInt32) {
        var i = y &* surface.stride &+ x
        let end = i &+ count
        let inverse = 255 &- (src >> 24)
        if inverse == 0 {
            surface.store(i, count: count, src)
        } else if src != 0 {
            // Two pixels per step in 16-bit lanes of a 64-bit word, then the odd one out.
            let src2 = UInt64(src) | UInt64(src) << 32, inverse2 = UInt64(inverse)
            let base = surface.base
            while i &+ 1 < end {
                let dst = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i &<< 2, as: UInt64.self))
                let out = src2 &+ Compositor.scale2(dst, inverse2)
                base.storeBytes(of: out.littleEndian, toByteOffset: i &<< 2, as: UInt64.self)
                i &+= 2
            }
            if i < end { surface.store(i, src &+ Compositor.scale(surface.load(i), inverse)) }
        }
    }
}
