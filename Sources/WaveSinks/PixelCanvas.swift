import WaveGeometry
import WaveGraphics

/// Opaque pixels as 0xRRGGBB words, row-major: the picture the cell encoders read.
///
/// Guarantees: `pixels.count == width · height`.
public struct PixelCanvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, fill: UInt32) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = Array(repeating: fill & 0xFF_FFFF, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Composites a premultiplied pixmap over these pixels with its top-left corner at the
    /// origin; whatever falls outside is dropped.
    public mutating func draw(_ pixmap: Pixmap) {
        let w = min(width, pixmap.width), h = min(height, pixmap.height)
        guard w > 0, h > 0, pixmap.data.count == pixmap.width * pixmap.height * 4 else { return }
        let sourceWidth = pixmap.width, destWidth = width
        pixmap.data.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    var s = y * sourceWidth * 4, d = y * destWidth
                    for _ in 0..<w {
                        let a = UInt32(src[s + 3])
                        let r = UInt32(src[s]), g = UInt32(src[s + 1]), b = UInt32(src[s + 2])
                        if a == 255 {
                            dst[d] = r << 16 | g << 8 | b
                        } else {
                            let under = dst[d], ia = 255 - a
                            func over(_ c: UInt32, _ u: UInt32) -> UInt32 { min(255, c + (u * ia + 127) / 255) }
                            dst[d] = over(r, under >> 16 & 0xff) << 16 | over(g, under >> 8 & 0xff) << 8 | over(b, under & 0xff)
                        }
                        s += 4
                        d += 1
                    }
                }
            }
        }
    }

    /// The canvas with every band of `from` rows averaged down to `to` rows by area
    /// (each source row counts for the part of each output row it covers). The height must
    /// be a multiple of `from`.
    public func resampledRows(from: Int, to: Int) -> PixelCanvas {
        guard from != to, from > 0, to > 0 else { return self }
        let bands = height / from
        var out = PixelCanvas(width: width, height: bands * to, fill: 0)
        // weights[j][i]: how much of source row i falls in output row j, in units of 1/to.
        var weights = Array(repeating: Array(repeating: 0, count: from), count: to)
        for j in 0..<to {
            for i in 0..<from {
                let lo = max(j * from, i * to), hi = min((j + 1) * from, (i + 1) * to)
                weights[j][i] = max(0, hi - lo)
            }
        }
        let total = from   // the weights of one output row add up to `from`
        for band in 0..<bands {
            for j in 0..<to {
                let outRow = band * to + j
                for x in 0..<width {
                    var r = 0, g = 0, b = 0
                    for i in 0..<from where weights[j][i] > 0 {
                        let p = pixels[(band * from + i) * width + x], w = weights[j][i]
                        r += Int(p >> 16 & 0xff) * w
                        g += Int(p >> 8 & 0xff) * w
                        b += Int(p & 0xff) * w
                    }
                    out.pixels[outRow * width + x] = UInt32((r + total / 2) / total) << 16
                        | UInt32((g + total / 2) / total) << 8 | UInt32((b + total / 2) / total)
                }
            }
        }
        return out
    }
}
