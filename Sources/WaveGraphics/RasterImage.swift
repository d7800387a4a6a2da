import WaveGeometry
/// An immutable premultiplied RGBA8 image that image paints sample (an image layer's PNG).
/// Shared by reference: frames that show the same image do not copy its pixels.
public final class RasterImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Packed premultiplied pixels (r in bits 0–7, a in 24–31), row-major; count width · height.
    let pixels: [UInt32]

    /// From straight-alpha RGBA8 bytes; nil unless both sides are ≥ 1 and `rgba` holds exactly
    /// width · height · 4 bytes. Each channel becomes round(c · a / 255).
    public init?(width: Int, height: Int, straightRGBA rgba: [UInt8]) {
        guard width >= 1, height >= 1, width.multipliedReportingOverflow(by: height).partialValue == rgba.count / 4,
              !width.multipliedReportingOverflow(by: height).overflow, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        pixels = (0..<width * height).map { i in
            let a = UInt32(rgba[4 * i + 3])
            let r = Compositor.mul8(UInt32(rgba[4 * i]), a), g = Compositor.mul8(UInt32(rgba[4 * i + 1]), a)
            let b = Compositor.mul8(UInt32(rgba[4 * i + 2]), a)
            return r | g << 8 | b << 16 | a << 24
        }
    }

    /// The pixels as straight-alpha RGBA8 bytes (each channel round(c · 255 / a)), for
    /// writing the image out (an export embeds it as a PNG).
    public var straightRGBA: [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count * 4)
        for (i, p) in pixels.enumerated() {
            let a = p >> 24
            guard a > 0 else { continue }
            for k in 0..<3 {
                let c = (p >> (8 * UInt32(k))) & 255
                out[4 * i + k] = UInt8(min(255, (c * 255 + a / 2) / a))
            }
            out[4 * i + 3] = UInt8(a)
        }
        return out
    }

    public static func == (x: RasterImage, y: RasterImage) -> Bool {
        x === y || (x.width == y.width && x.height == y.height && x.pixels == y.pixels)
    }
}

/// Shades coverage spans with an image, sampled bilinearly (source-over).
///
/// Per device pixel: its centre maps through `toImage` (after `toPlane`, for an image on a
/// plane seen in perspective: one division per pixel) to image coordinates (u, v), where
/// pixel (i, j) of the image spans [i, i + 1) × [j, j + 1); the four pixels around
/// (u − ½, v − ½) are mixed with weights quantized to 1/256 (indices clamped to the image,
/// so edges extend), premultiplied, each channel rounded once. Deterministic: one affine map
/// in Double per pixel, integer arithmetic after.
struct ImageBlitter: PaintBlitter {
    let surface: Surface
    let image: RasterImage
    /// Device → image coordinates, or the plane's coordinates → image ones with `toPlane`.
    let toImage: Transform
    /// Device → the coordinates of the plane the image lies on (`Homography.inverse`).
    var toPlane: Homography? = nil

    mutating func span(y: Int, x: Int, count: Int, alpha: Int) {
        span(y: y, x: x, count: count, alpha: alpha, factor: 255)
    }

    mutating func span(y: Int, x: Int, count: Int, alpha: Int, factor: UInt32) {
        let py = Double(surface.originY + y) + 0.5
        var i = y &* surface.stride &+ x
        let h = toPlane?.h
        image.pixels.withUnsafeBufferPointer { px in
            for k in 0..<count {
                var q = Point(Double(surface.originX + x + k) + 0.5, py)
                if let h {
                    let w = h[6] * q.x + h[7] * q.y + h[8]
                    q = Point((h[0] * q.x + h[1] * q.y + h[2]) / w, (h[3] * q.x + h[4] * q.y + h[5]) / w)
                }
                let p = toImage.apply(q)
                var src = Self.sample(px, image.width, image.height, p.x - 0.5, p.y - 0.5)
                if alpha != 255 { src = Compositor.scale(src, UInt32(alpha)) }
                if factor != 255 { src = Compositor.scale(src, factor) }
                if src != 0 { surface.store(i, Compositor.over(src, surface.load(i))) }
                i &+= 1
            }
        }
    }

    /// The bilinear sample at (s, t) in pixel-centre coordinates (pixel (i, j)'s centre is (i, j)).
    /// Per channel: ((c00 · (256 − wx) + c10 · wx) · (256 − wy) + (c01 · (256 − wx) + c11 · wx) · wy
    /// + 2¹⁵) >> 16, with wx, wy the fractions in 1/256 rounded half away from zero. Floor and
    /// rounding are done in integers (exact for |s|, |t| ≤ 2²⁴), not by libm calls.
    @inline(__always)
    static func sample(_ px: UnsafeBufferPointer<UInt32>, _ w: Int, _ h: Int, _ s: Double, _ t: Double) -> UInt32 {
        let limit = Double(1 << 24)
        let cs = s > -limit ? (s < limit ? s : limit) : -limit, ct = t > -limit ? (t < limit ? t : limit) : -limit  // NaN → −limit
        let i0 = floor(cs), j0 = floor(ct)
        let wx = UInt32(truncatingIfNeeded: fraction256(cs - Double(i0))), wy = UInt32(truncatingIfNeeded: fraction256(ct - Double(j0)))
        let x0 = min(max(i0, 0), w - 1), x1 = min(max(i0 &+ 1, 0), w - 1)
        let y0 = min(max(j0, 0), h - 1), y1 = min(max(j0 &+ 1, 0), h - 1)
        let p00 = px[y0 &* w &+ x0], p10 = px[y0 &* w &+ x1], p01 = px[y1 &* w &+ x0], p11 = px[y1 &* w &+ x1]
        let ux = 256 &- wx, uy = 256 &- wy
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let top = ((p00 &>> shift) & 255) &* ux &+ ((p10 &>> shift) & 255) &* wx
            let bottom = ((p01 &>> shift) & 255) &* ux &+ ((p11 &>> shift) & 255) &* wx
            return ((top &* uy &+ bottom &* wy &+ 32768) &>> 16) &<< shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }

    /// ⌊v⌋ for finite |v| ≤ 2²⁴.
    @inline(__always)
    private static func floor(_ v: Double) -> Int {
        let i = Int(v)   // toward zero
        return Double(i) > v ? i &- 1 : i
    }

    /// f · 256 rounded half away from zero, for f in [0, 1): what `(f * 256).rounded()` gives.
    @inline(__always)
    private static func fraction256(_ f: Double) -> Int {
        let v = f * 256, i = Int(v)
        return v - Double(i) >= 0.5 ? i &+ 1 : i
    }
}
