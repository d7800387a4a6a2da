/// Streaming YUV4MPEG2 (.y4m) writer: 8-bit 4:2:0 with JPEG/MPEG-1 chroma siting
/// (C420jpeg, chroma centred in each 2x2 block), BT.601 studio-range YCbCr, progressive,
/// square pixels. Alpha is composited over a background colour (black by default).
/// Odd sizes round the chroma planes up; edge chroma samples average the available pixels.
public final class Y4MEncoder {
    public let width: Int
    public let height: Int
    private let output: ([UInt8]) throws -> Void
    private let background: (r: Int, g: Int, b: Int)
    private var finished = false
    private var frames = 0

    /// Size in bytes of one frame including its "FRAME\n" marker.
    public var frameByteCount: Int { width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2) + 6 }

    public init(width: Int, height: Int, fpsNumerator: Int = 60, fpsDenominator: Int = 1,
                background: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0),
                output: @escaping ([UInt8]) throws -> Void) throws {
        try ImageLimits.validate(width: width, height: height)
        guard fpsNumerator >= 1, fpsDenominator >= 1 else {
            throw CodecError("frame rate must be positive, got \(fpsNumerator):\(fpsDenominator)")
        }
        self.width = width
        self.height = height
        self.output = output
        self.background = (Int(background.r), Int(background.g), Int(background.b))
        var header = [UInt8]()
        header.appendASCII("YUV4MPEG2 W\(width) H\(height) F\(fpsNumerator):\(fpsDenominator) Ip A1:1 C420jpeg\n")
        try output(header)
    }

    // BT.601 studio range in 16.16 fixed point, from RGB 0...255:
    // Y  = 16  + ( 65.481 R + 128.553 G +  24.966 B) / 255
    // Cb = 128 + (-37.797 R -  74.203 G + 112.0   B) / 255
    // Cr = 128 + (112.0   R -  93.786 G -  18.214 B) / 255
    static let yR = 16829, yG = 33039, yB = 6416
    static let cbR = -9714, cbG = -19070, cbB = 28784
    static let crR = 28784, crG = -24103, crB = -4681

    /// Rounded division by a positive divisor, correct for negative numerators.
    @inline(__always)
    static func roundDiv(_ n: Int, _ d: Int) -> Int {
        n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d)
    }

    public func addFrame(rgba: [UInt8]) throws {
        guard !finished else { throw CodecError("Y4M encoder already finished") }
        try ImageLimits.validate(width: width, height: height, rgbaCount: rgba.count)
        let w = width, h = height
        let cw = (w + 1) / 2, ch = (h + 1) / 2
        let total = frameByteCount
        let bg = background
        let frame = [UInt8](unsafeUninitializedCapacity: total) { out, count in
            rgba.withUnsafeBufferPointer { src in
                for (i, c) in "FRAME\n".utf8.enumerated() { out[i] = c }
                let yBase = 6, cbBase = 6 + w * h, crBase = cbBase + cw * ch
                // Composited RGB of pixel i.
                @inline(__always) func rgb(_ i: Int) -> (Int, Int, Int) {
                    let a = Int(src[4 * i + 3])
                    if a == 255 { return (Int(src[4 * i]), Int(src[4 * i + 1]), Int(src[4 * i + 2])) }
                    let ia = 255 - a
                    return ((Int(src[4 * i]) * a + bg.r * ia + 127) / 255,
                            (Int(src[4 * i + 1]) * a + bg.g * ia + 127) / 255,
                            (Int(src[4 * i + 2]) * a + bg.b * ia + 127) / 255)
                }
                for cy in 0..<ch {
                    for cx in 0..<cw {
                        var cbSum = 0, crSum = 0, n = 0
                        for dy in 0..<2 where 2 * cy + dy < h {
                            for dx in 0..<2 where 2 * cx + dx < w {
                                let i = (2 * cy + dy) * w + 2 * cx + dx
                                let (r, g, b) = rgb(i)
                                let y = 16 + ((Y4MEncoder.yR * r + Y4MEncoder.yG * g + Y4MEncoder.yB * b + 32768) >> 16)
                                out[yBase + i] = UInt8(min(235, max(16, y)))
                                cbSum += Y4MEncoder.cbR * r + Y4MEncoder.cbG * g + Y4MEncoder.cbB * b
                                crSum += Y4MEncoder.crR * r + Y4MEncoder.crG * g + Y4MEncoder.crB * b
                                n += 1
                            }
                        }
                        let cb = 128 + Y4MEncoder.roundDiv(cbSum, 65536 * n)
                        let cr = 128 + Y4MEncoder.roundDiv(crSum, 65536 * n)
                        out[cbBase + cy * cw + cx] = UInt8(min(240, max(16, cb)))
                        out[crBase + cy * cw + cx] = UInt8(min(240, max(16, cr)))
                    }
                }
            }
            count = total
        }
        try output(frame)
        frames += 1
    }

    /// Ends the stream (Y4M has no trailer); further frames are rejected.
    public func finish() throws {
        guard !finished else { throw CodecError("Y4M encoder already finished") }
        finished = true
    }
}
