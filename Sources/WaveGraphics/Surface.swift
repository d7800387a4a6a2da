import WaveGeometry
/// A window of premultiplied RGBA8 pixels being drawn into: the canvas, an offscreen layer, or
/// a rectangle of either.
///
/// Invariants: `base` points to `height` rows of `width` pixels, `stride` pixels apart
/// (`stride ≥ width`), writable for the lifetime of the scope that created the surface.
/// Pixel (x, y) of the surface is device pixel (originX + x, originY + y). Pixels are handled as
/// packed little-endian words: r in bits 0–7, g 8–15, b 16–23, a 24–31.
package struct Surface {
    package let base: UnsafeMutableRawPointer
    package let width: Int
    package let height: Int
    /// Pixels from the start of one row to the start of the next.
    package let stride: Int
    package let originX: Int
    package let originY: Int

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
    package var rect: PixelBounds { PixelBounds(x0: originX, y0: originY, x1: originX + width, y1: originY + height) }

    /// The part of this surface inside device rectangle `r` (which must lie inside `rect` and
    /// not be empty), sharing its pixels.
    package func window(_ r: PixelBounds) -> Surface {
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

    /// Stores `value` into every pixel of device rectangle `r` (clipped to this surface); a
    /// value whose four bytes are equal is set byte-wise.
    package func fill(_ r: PixelBounds, _ value: UInt32) {
        let box = r.intersection(rect)
        guard !box.isEmpty else { return }
        let byte = UInt8(truncatingIfNeeded: value)
        let count = box.x1 - box.x0
        var index = (box.y0 - originY) * stride + box.x0 - originX
        if value == UInt32(byte) &* 0x0101_0101 {
            for _ in box.y0..<box.y1 {
                (base + (index << 2)).initializeMemory(as: UInt8.self, repeating: byte, count: count << 2)
                index += stride
            }
        } else {
            for _ in box.y0..<box.y1 {
                store(index, count: count, value)
                index += stride
            }
        }
    }

    /// Stores `value` into the `count` pixels from `index` on: 32 pixels (128 bytes) per step,
    /// then 16, then four, then the rest one at a time. Same bytes as `count` calls of `store`.
    @inline(__always)
    func store(_ index: Int, count: Int, _ value: UInt32) {
        var p = base + (index &<< 2)
        var n = count
        let word = value.littleEndian
        if n >= 4 {
            let lanes16 = SIMD16<UInt32>(repeating: word)
            while n >= 32 {
                p.storeBytes(of: lanes16, as: SIMD16<UInt32>.self)
                p.storeBytes(of: lanes16, toByteOffset: 64, as: SIMD16<UInt32>.self)
                p += 128
                n &-= 32
            }
            if n >= 16 {
                p.storeBytes(of: lanes16, as: SIMD16<UInt32>.self)
                p += 64
                n &-= 16
            }
            let lanes4 = SIMD4<UInt32>(repeating: word)
            while n >= 4 {
                p.storeBytes(of: lanes4, as: SIMD4<UInt32>.self)
                p += 16
                n &-= 4
            }
        }
        while n > 0 {
            p.storeBytes(of: word, as: UInt32.self)
            p += 4
            n &-= 1
        }
    }
}
