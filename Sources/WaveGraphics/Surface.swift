/// A window of premultiplied RGBA8 pixels being drawn into: the canvas, an offscreen layer, or
/// a rectangle of either.
///
/// Invariants: `base` points to `height` rows of `width` pixels, `stride` pixels apart
/// (`stride ≥ width`), writable for the lifetime of the scope that created the surface.
/// Pixel (x, y) of the surface is device pixel (originX + x, originY + y). Pixels are handled as
/// packed little-endian words: r in bits 0–7, g 8–15, b 16–23, a 24–31.
struct Surface {
    let base: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    /// Pixels from the start of one row to the start of the next.
    let stride: Int
    let originX: Int
    let originY: Int

    /// A surface whose rows are packed (`stride == width`).
    init(base: UnsafeMutableRawPointer, width: Int, height: Int, originX: Int, originY: Int) {
        self.init(base: base, width: width, height: height, stride: width, originX: originX, originY: originY)
    }

    private init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, originX: Int, originY: Int) {
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
        self.originX = originX
        self.originY = originY
    }

    /// The device rectangle this surface covers.
    var rect: PixelBounds { PixelBounds(x0: originX, y0: originY, x1: originX + width, y1: originY + height) }

    /// The part of this surface inside device rectangle `r` (which must lie inside `rect` and
    /// not be empty), sharing its pixels.
    func window(_ r: PixelBounds) -> Surface {
        let offset = ((r.y0 - originY) * stride + (r.x0 - originX)) << 2
        return Surface(base: base + offset, width: r.width, height: r.height, stride: stride,
                       originX: r.x0, originY: r.y0)
    }

    @inline(__always)
    func load(_ index: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index << 2, as: UInt32.self))
    }

    @inline(__always)
    func store(_ index: Int, _ value: UInt32) {
        base.storeBytes(of: value.littleEndian, toByteOffset: index << 2, as: UInt32.self)
    }
}
