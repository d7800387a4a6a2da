import WaveGeometry
/// A premultiplied RGBA8 image, row-major, 4 bytes per pixel, no row padding.
///
/// Invariants (kept by every renderer entry point; `render(into:)` draws nothing if violated):
/// `data.count == width · height · 4`, and each colour byte ≤ the pixel's alpha byte.
public struct Pixmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var data: [UInt8]
    /// Where the last `Renderer.render(_:into:stale:background:)` on this pixmap can have
    /// changed pixels (stale ones counting as background): rectangles at least as tight as
    /// its frame's `drawnRegions` (a glow is listed as strips that follow its coverage), so
    /// that a pixmap pool refills less. Nil when nothing was rendered. Not part of equality;
    /// meaningful only while `data` is as that render left it.
    public internal(set) var footprint: [PixelBounds]?

    /// Equal size and bytes.
    public static func == (a: Pixmap, b: Pixmap) -> Bool {
        a.width == b.width && a.height == b.height && a.data == b.data
    }

    /// A pixmap filled with `fill` (premultiplied). Negative sizes become 0; a size whose byte
    /// count would overflow gives an empty 0 × 0 pixmap.
    public init(width: Int, height: Int, fill: Color = .clear) {
        var w = Swift.max(0, width), h = Swift.max(0, height)
        let (pixels, o1) = w.multipliedReportingOverflow(by: h)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: 4)
        if o1 || o2 { w = 0; h = 0 }
        self.width = w
        self.height = h
        let count = o1 || o2 ? 0 : bytes
        let packed = fill.premultipliedPacked()
        let pair = (UInt64(packed) | UInt64(packed) << 32).littleEndian
        // One pixel pair, then copies of what is already filled, doubling (memcpy speed).
        data = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress, count > 0 else { return }
            let raw = UnsafeMutableRawPointer(base)
            if count < 8 {
                raw.storeBytes(of: packed.littleEndian, as: UInt32.self)
            } else {
                raw.storeBytes(of: pair, as: UInt64.self)
                var filled = 8
                while filled < count {
                    let n = Swift.min(filled, count - filled)
                    (raw + filled).copyMemory(from: raw, byteCount: n)
                    filled += n
                }
            }
            initialized = count
        }
    }

    /// Sets every pixel to `color` (premultiplied), writing the buffer once: a byte fill
    /// when all four bytes agree (transparent, opaque white), else 64-byte runs of pixels.
    public mutating func fill(_ color: Color) {
        let packed = color.premultipliedPacked()
        data.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return }
            let byte = UInt8(truncatingIfNeeded: packed)
            if packed == UInt32(byte) &* 0x0101_0101 {   // transparent, white: one byte value
                base.initializeMemory(as: UInt8.self, repeating: byte, count: raw.count)
                return
            }
            let pixels = raw.count / 4
            Surface(base: base, width: pixels, height: 1, originX: 0, originY: 0).store(0, count: pixels, packed)
        }
    }

    /// Sets the pixels of `region` (clipped to the pixmap) to `color` (premultiplied): the
    /// bytes `fill` would leave there, and nothing outside it touched.
    public mutating func fill(_ color: Color, in region: PixelBounds) {
        guard data.count == width * height * 4 else { return }
        let (w, h) = (width, height)
        data.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            Surface(base: base, width: w, height: h, originX: 0, originY: 0).fill(region, color.premultipliedPacked())
        }
    }

    /// The premultiplied pixel at (x, y); (0, 0, 0, 0) outside the image.
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let i = (y * width + x) * 4
        guard i + 3 < data.count else { return (0, 0, 0, 0) }
        return (data[i], data[i + 1], data[i + 2], data[i + 3])
    }

    /// Straight-alpha RGBA8 bytes (for PNG/GIF encoders): c = round(255 · c_premul / a),
    /// capped at 255; fully transparent pixels become (0, 0, 0, 0).
    public func unpremultipliedRGBA() -> [UInt8] {
        var out = data
        var i = 0
        while i + 3 < out.count {
            let a = Int(out[i + 3])
            if a == 0 {
                out[i] = 0; out[i + 1] = 0; out[i + 2] = 0
            } else if a < 255 {
                for k in 0..<3 { out[i + k] = UInt8(Swift.min(255, (Int(out[i + k]) * 255 + a / 2) / a)) }
            }
            i += 4
        }
        return out
    }
}
