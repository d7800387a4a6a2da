import WaveGeometry
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
        let i = y &* surface.stride &+ x
        let inverse = 255 &- (src >> 24)
        if inverse == 0 {
            surface.store(i, count: count, src)
        } else if src != 0 {
            Compositor.over(src, inverse: inverse, onto: surface.base, from: i, count: count)
        }
    }
}
