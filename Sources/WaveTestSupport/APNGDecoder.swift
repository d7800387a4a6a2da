import WaveCodecs

/// One composited APNG animation frame.
public struct APNGFrame: Equatable, Sendable {
    /// The full canvas as displayed for this frame (straight-alpha RGBA8).
    public let rgba: [UInt8]
    public let delayNumerator: Int
    /// As stored; 0 means 100 per the APNG spec (see `delaySeconds`).
    public let delayDenominator: Int
    /// The region this frame's fcTL covered.
    public let region: PixelRect
    public let disposeOp: UInt8
    public let blendOp: UInt8

    public var delaySeconds: Double {
        Double(delayNumerator) / Double(delayDenominator == 0 ? 100 : delayDenominator)
    }
}

/// A decoded APNG: composited frames plus animation control data.
public struct DecodedAPNG: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// acTL `num_plays` (0 = forever).
    public let loopCount: Int
    public let frames: [APNGFrame]
    /// False when the IDAT default image is not part of the animation.
    public let defaultImageIsFirstFrame: Bool
}

/// APNG decoder (8-bit, non-interlaced) that composites every frame onto the canvas,
/// honouring all dispose and blend operations. Checks sequence numbers and frame count.
public enum APNGDecoder {
    /// Upper bound on `frames * width * height` decoded pixels (1 GiB of RGBA).
    public static let maxTotalPixels = 1 << 28

    public static func decode(_ bytes: [UInt8]) throws -> DecodedAPNG {
        let chunks = try PNGChunkIO.parse(bytes)
        guard let first = chunks.first, first.type == "IHDR" else {
            throw CodecError("PNG does not start with IHDR")
        }
        let header = try PNGDecoder.parseHeader(first.data)
        guard header.colorType != 3 else { throw CodecError("palette APNG is not supported") }
        let (w, h) = (header.width, header.height)
        var declaredFrames = -1
        var plays = 0
        var expectedSeq: UInt32 = 0
        var pendingControl: [UInt8]? = nil  // fcTL data waiting for its image data
        var pendingData: [UInt8] = []
        var sawIDAT = false
        var defaultIsFrame = false
        var controls: [([UInt8], [UInt8])] = []  // (fcTL data, zlib data)

        func flush() {
            if let c = pendingControl { controls.append((c, pendingData)) }
            pendingControl = nil
            pendingData = []
        }
        for chunk in chunks.dropFirst() {
            let d = chunk.data
            switch chunk.type {
            case "acTL":
                guard d.count == 8, !sawIDAT, declaredFrames < 0 else { throw CodecError("invalid acTL") }
                declaredFrames = Int(readBE32(d, 0))
                plays = Int(readBE32(d, 4))
                guard declaredFrames >= 1 else { throw CodecError("acTL declares no frames") }
            case "fcTL":
                guard d.count == 26 else { throw CodecError("fcTL must be 26 bytes") }
                guard readBE32(d, 0) == expectedSeq else { throw CodecError("APNG sequence number out of order") }
                expectedSeq += 1
                flush()
                pendingControl = d
                if !sawIDAT { defaultIsFrame = true }
            case "IDAT":
                sawIDAT = true
                if defaultIsFrame { pendingData += d }
            case "fdAT":
                guard d.count >= 4, readBE32(d, 0) == expectedSeq else {
                    throw CodecError("APNG sequence number out of order")
                }
                expectedSeq += 1
                guard pendingControl != nil, sawIDAT else { throw CodecError("fdAT without fcTL") }
                pendingData += d[4...]
            case "PLTE", "IEND":
                break
            default:
                if chunk.isCritical { throw CodecError("unknown critical chunk \(chunk.type)") }
            }
        }
        flush()
        guard declaredFrames >= 1 else { throw CodecError("not an APNG (no acTL)") }
        guard controls.count == declaredFrames else {
            throw CodecError("acTL declares \(declaredFrames) frames but \(controls.count) were found")
        }
        guard controls.count <= maxTotalPixels / (w * h) else { throw CodecError("APNG too large to decode") }

        var canvas = [UInt8](repeating: 0, count: w * h * 4)
        var frames: [APNGFrame] = []
        for (index, (c, zdata)) in controls.enumerated() {
            let fw = Int(readBE32(c, 4)), fh = Int(readBE32(c, 8))
            let fx = Int(readBE32(c, 12)), fy = Int(readBE32(c, 16))
            guard fw >= 1, fh >= 1, fx + fw <= w, fy + fh <= h else {
                throw CodecError("fcTL region outside the canvas")
            }
            if index == 0 && defaultIsFrame {
                guard fx == 0, fy == 0, fw == w, fh == h else {
                    throw CodecError("first fcTL must cover the full canvas")
                }
            }
            var dispose = c[24]
            let blend = c[25]
            guard dispose <= 2, blend <= 1 else { throw CodecError("invalid dispose/blend op") }
            if index == 0 && dispose == 2 { dispose = 1 }
            let sub = PNGDecoder.Header(width: fw, height: fh, colorType: header.colorType)
            let pixels = try PNGDecoder.decodePixels(header: sub, zdata: zdata)
            let region = PixelRect(x: fx, y: fy, width: fw, height: fh)
            let saved = dispose == 2 ? canvas : []
            composite(pixels, onto: &canvas, canvasWidth: w, region: region, blendOver: blend == 1)
            frames.append(APNGFrame(rgba: canvas, delayNumerator: Int(c[20]) << 8 | Int(c[21]),
                                    delayDenominator: Int(c[22]) << 8 | Int(c[23]),
                                    region: region, disposeOp: c[24], blendOp: blend))
            switch dispose {
            case 1: clear(&canvas, canvasWidth: w, region: region)
            case 2: canvas = saved
            default: break
            }
        }
        return DecodedAPNG(width: w, height: h, loopCount: plays, frames: frames,
                           defaultImageIsFirstFrame: defaultIsFrame)
    }

    static func clear(_ canvas: inout [UInt8], canvasWidth: Int, region: PixelRect) {
        for y in region.y..<region.maxY {
            let start = (y * canvasWidth + region.x) * 4
            for i in start..<(start + region.width * 4) { canvas[i] = 0 }
        }
    }

    /// Draws `pixels` (region-sized RGBA) with blend SOURCE (replace) or OVER.
    static func composite(_ pixels: [UInt8], onto canvas: inout [UInt8], canvasWidth: Int,
                          region: PixelRect, blendOver: Bool) {
        for y in 0..<region.height {
            for x in 0..<region.width {
                let s = (y * region.width + x) * 4
                let d = ((region.y + y) * canvasWidth + region.x + x) * 4
                let sa = Int(pixels[s + 3])
                if !blendOver || sa == 255 {
                    for k in 0..<4 { canvas[d + k] = pixels[s + k] }
                    continue
                }
                if sa == 0 { continue }
                let da = Int(canvas[d + 3])
                let outA255 = sa * 255 + da * (255 - sa)  // alpha scaled by 255
                for k in 0..<3 {
                    let num = Int(pixels[s + k]) * sa * 255 + Int(canvas[d + k]) * da * (255 - sa)
                    canvas[d + k] = UInt8((num + outA255 / 2) / outA255)
                }
                canvas[d + 3] = UInt8((outA255 + 127) / 255)
            }
        }
    }
}
