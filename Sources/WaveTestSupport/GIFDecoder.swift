import WaveCodecs

/// One composited GIF frame.
public struct GIFAnimationFrame: Equatable, Sendable {
    /// The full logical screen as displayed for this frame (RGBA8; transparent = 0,0,0,0).
    public let rgba: [UInt8]
    public let delayCentiseconds: Int
    /// The image descriptor's rectangle.
    public let region: PixelRect
    public let disposal: Int
}

/// A decoded GIF: logical screen size, composited frames and the loop setting.
public struct DecodedGIF: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let frames: [GIFAnimationFrame]
    /// The NETSCAPE2.0 repeat count as stored (0 = forever), nil without the extension.
    public let loopCount: Int?

    /// Number of plays in `APNGEncoder`/`GIFEncoder` terms: 0 = forever, no extension = 1.
    public var plays: Int {
        guard let n = loopCount else { return 1 }
        return n == 0 ? 0 : n + 1
    }

    public var totalDelayCentiseconds: Int { frames.reduce(0) { $0 + $1.delayCentiseconds } }
}

/// GIF87a/89a decoder that composites every frame onto a transparent canvas, honouring
/// disposal methods 0-3, transparency, local colour tables and interlacing.
public enum GIFDecoder {
    /// Upper bound on `frames * width * height` decoded pixels (1 GiB of RGBA).
    public static let maxTotalPixels = 1 << 28

    public static func decode(_ bytes: [UInt8]) throws -> DecodedGIF {
        var r = ByteReader(bytes)
        let magic = (try r.take(6, "GIF header"))
        guard magic == Array("GIF89a".utf8) || magic == Array("GIF87a".utf8) else {
            throw CodecError("not a GIF file")
        }
        let width = try r.u16le("screen width"), height = try r.u16le("screen height")
        try ImageLimits.validate(width: width, height: height)
        let packed = try r.u8()
        _ = try r.u8("background index")
        _ = try r.u8("aspect ratio")
        var globalTable: [UInt8] = []
        if packed & 0x80 != 0 {
            globalTable = (try r.take(3 << (Int(packed & 7) + 1), "global colour table"))
        }
        // Allocated at the first image: a header alone may claim up to 1 GiB of screen.
        var canvas: [UInt8] = []
        var frames: [GIFAnimationFrame] = []
        var loopCount: Int? = nil
        var gce: (disposal: Int, delay: Int, transparent: Int?)? = nil
        var pendingDisposal = 0
        var pendingRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
        var saved: [UInt8] = []

        while true {
            let introducer = try r.u8("block introducer")
            switch introducer {
            case 0x3B:
                return DecodedGIF(width: width, height: height, frames: frames, loopCount: loopCount)
            case 0x21:
                let label = try r.u8("extension label")
                let blocks = try readSubBlocks(&r)
                if label == 0xF9 {
                    guard let b = blocks.first, b.count >= 4 else { throw CodecError("short graphic control extension") }
                    gce = (Int(b[0] >> 2) & 7, Int(b[1]) | Int(b[2]) << 8, b[0] & 1 != 0 ? Int(b[3]) : nil)
                } else if label == 0xFF, blocks.count >= 2, blocks[0].count == 11 {
                    let id = String(decoding: blocks[0], as: UTF8.self)
                    if (id == "NETSCAPE2.0" || id == "ANIMEXTS1.0") && blocks[1].count >= 3 && blocks[1][0] == 1 {
                        loopCount = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
                    }
                }
            case 0x2C:
                let fx = try r.u16le(), fy = try r.u16le(), fw = try r.u16le(), fh = try r.u16le()
                let flags = try r.u8()
                var table = globalTable
                if flags & 0x80 != 0 {
                    table = (try r.take(3 << (Int(flags & 7) + 1), "local colour table"))
                }
                guard !table.isEmpty else { throw CodecError("GIF frame without a colour table") }
                let minCodeSize = Int(try r.u8("LZW minimum code size"))
                let data = try readSubBlocks(&r).flatMap { $0 }
                guard frames.count < maxTotalPixels / (width * height) else {
                    throw CodecError("GIF too large to decode")
                }
                let pixelCount = fw * fh
                let indices = pixelCount == 0 ? []
                    : try LZWDecoder.decode(data, minCodeSize: minCodeSize, pixelCount: pixelCount)
                if canvas.isEmpty { canvas = [UInt8](repeating: 0, count: width * height * 4) }
                // Dispose of the previous frame.
                if pendingDisposal == 2 {
                    fill(&canvas, width: width, height: height, rect: pendingRect)
                } else if pendingDisposal == 3 && !saved.isEmpty {
                    canvas = saved
                }
                let control = gce ?? (0, 0, nil)
                gce = nil
                saved = control.disposal == 3 ? canvas : []
                let rect = PixelRect(x: fx, y: fy, width: fw, height: fh)
                try draw(indices, rect: rect, interlaced: flags & 0x40 != 0, table: table,
                         transparent: control.transparent, canvas: &canvas, width: width, height: height)
                frames.append(GIFAnimationFrame(rgba: canvas, delayCentiseconds: control.delay,
                                                region: rect, disposal: control.disposal))
                pendingDisposal = control.disposal
                pendingRect = rect
            default:
                throw CodecError("unknown GIF block 0x\(String(introducer, radix: 16))")
            }
        }
    }

    /// Reads data sub-blocks up to and including the zero-length terminator.
    static func readSubBlocks(_ r: inout ByteReader) throws -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        while true {
            let n = Int(try r.u8("sub-block size"))
            if n == 0 { return blocks }
            blocks.append((try r.take(n, "sub-block")))
        }
    }

    static func fill(_ canvas: inout [UInt8], width: Int, height: Int, rect: PixelRect) {
        let x1 = min(width, rect.maxX), y1 = min(height, rect.maxY)
        guard rect.x < x1, rect.y < y1 else { return }
        for y in rect.y..<y1 {
            for i in ((y * width + rect.x) * 4)..<((y * width + x1) * 4) { canvas[i] = 0 }
        }
    }

    /// Draws a frame's indices (clipped to the screen); transparent pixels are skipped.
    static func draw(_ indices: [UInt8], rect: PixelRect, interlaced: Bool, table: [UInt8],
                     transparent: Int?, canvas: inout [UInt8], width: Int, height: Int) throws {
        let rows = interlaced ? interlacedRowOrder(rect.height) : Array(0..<rect.height)
        let colors = table.count / 3
        for (i, row) in rows.enumerated() {
            let y = rect.y + row
            guard y < height else { continue }
            for x in 0..<rect.width {
                let idx = Int(indices[i * rect.width + x])
                if idx == transparent { continue }
                guard idx < colors else { throw CodecError("GIF colour index \(idx) outside the colour table") }
                let cx = rect.x + x
                guard cx < width else { continue }
                let d = (y * width + cx) * 4
                canvas[d] = table[3 * idx]
                canvas[d + 1] = table[3 * idx + 1]
                canvas[d + 2] = table[3 * idx + 2]
                canvas[d + 3] = 255
            }
        }
    }

    /// Image row for each stored row of an interlaced image (passes 8/8, 8/4, 4/2, 2/1).
    static func interlacedRowOrder(_ h: Int) -> [Int] {
        var order: [Int] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            var y = start
            while y < h {
                order.append(y)
                y += step
            }
        }
        return order
    }
}
