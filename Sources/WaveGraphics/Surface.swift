/// A window of premultiplied RGBA8 pixels being drawn into: the canvas or an offscreen layer.
///
/// Invariants: `base` points to `width · height · 4` writable bytes, row-major with no padding,
/// valid for the lifetime of the `withUnsafeMutableBytes` scope that created the surface.
/// Pixel (x, y) of the surface is device pixel (originX + x, originY + y). Pixels are handled as
/// packed little-endian words: r in bits 0–7, g 8–15, b 16–23, a 24–31.
struct Surface {
    let base: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let originX: Int
    let originY: Int

    /// The device rectangle this surface covers.
    var rect: PixelRect { PixelRect(x0: originX, y0: originY, x1: originX + width, y1: originY + height) }

    @inline(__always)
    func load(_ index: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index << 2, as: UInt32.self))
    }

    @inline(__always)
    func store(_ index: Int, _ value: UInt32) {
        base.storeBytes(of: value.littleEndian, toByteOffset: index << 2, as: UInt32.self)
    }
}
