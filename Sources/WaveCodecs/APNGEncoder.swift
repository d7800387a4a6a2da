/// Streaming APNG encoder.
///
/// Layout: signature, IHDR (colour type 2, RGB, when the caller promises every frame is
/// opaque, as a scene on an opaque background is; otherwise 6, RGBA),
/// acTL, then frame 0 as fcTL(seq 0) + IDAT (full canvas, also the default image), then
/// each later frame as fcTL + fdAT chunks covering only the bounding box of the pixels
/// that changed since the previous frame, with `dispose_op` NONE and `blend_op` SOURCE (so
/// the rectangle is replaced exactly, which is correct with transparency too), and IEND.
///
/// A frame identical to the previous one is still written, as a 1x1 fcTL/fdAT at (0,0)
/// holding the unchanged pixel, so the frame count declared in acTL and every delay stay
/// exact. Each chunk is passed to `output` as soon as it is ready; only the previous frame
/// is kept.
public final class APNGEncoder {
    public let width: Int
    public let height: Int
    public let frameCount: Int
    private let output: ([UInt8]) throws -> Void
    private let compressor: ScanlineCompressor
    /// Every frame is opaque: stored as RGB.
    public let opaque: Bool
    private let maxChunkData: Int
    private var previous: [UInt8] = []
    private var framesAdded = 0
    private var sequence: UInt32 = 0
    private var finished = false
    private var failed = false

    /// - Parameters:
    ///   - frameCount: exact number of frames that will be added (written into acTL).
    ///   - loopCount: acTL `num_plays`; 0 = loop forever.
    ///   - compression: zlib level 0...9.
    ///   - output: receives the file's bytes in order, chunk by chunk.
    ///   - opaque: every frame will be opaque (checked: a frame that is not is an error).
    public convenience init(width: Int, height: Int, frameCount: Int, loopCount: Int = 0,
                            compression: Int = 6, opaque: Bool = false, output: @escaping ([UInt8]) throws -> Void) throws {
        try self.init(width: width, height: height, frameCount: frameCount, loopCount: loopCount,
                      compression: compression, opaque: opaque, maxChunkData: PNGEncoder.maxChunkData, output: output)
    }

    /// `maxChunkData` bounds the data of each IDAT/fdAT chunk (tests use small values).
    init(width: Int, height: Int, frameCount: Int, loopCount: Int, compression: Int, opaque: Bool = false,
         maxChunkData: Int, output: @escaping ([UInt8]) throws -> Void) throws {
        try ImageLimits.validate(width: width, height: height)
        guard frameCount >= 1, frameCount <= 0x7FFF_FFFF else {
            throw CodecError("APNG frameCount must be 1...\(0x7FFF_FFFF), got \(frameCount)")
        }
        guard loopCount >= 0, loopCount <= 0x7FFF_FFFF else {
            throw CodecError("APNG loopCount must be 0...\(0x7FFF_FFFF), got \(loopCount)")
        }
        guard maxChunkData >= 8 else { throw CodecError("maxChunkData too small") }
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.output = output
        self.maxChunkData = maxChunkData
        self.compressor = try ScanlineCompressor(level: compression)
        self.opaque = opaque
        var actl = [UInt8]()
        actl.appendBE32(UInt32(frameCount))
        actl.appendBE32(UInt32(loopCount))
        try emit(PNGChunkIO.signature
                 + PNGChunkIO.chunk("IHDR", PNGChunkIO.ihdr(width: width, height: height, colorType: opaque ? 2 : 6))
                 + PNGChunkIO.chunk("acTL", actl))
    }

    private func emit(_ bytes: [UInt8]) throws {
        do {
            try output(bytes)
        } catch {
            failed = true
            throw error
        }
    }

    private func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    /// Continues as if frames up to `index - 1` had been written, the last of them being
    /// `previous`: the next frame added is frame `index`, stored as its change from
    /// `previous`. Writes nothing. Sequence numbers go on from 0, so the chunks of a part
    /// must be renumbered when parts are joined (`PartJoiner` does).
    public func resume(at index: Int, previous rgba: [UInt8]) throws {
        guard framesAdded == 0, index > 0, index < frameCount else {
            throw CodecError("APNG resume needs a fresh encoder and an index 1...\(frameCount - 1)")
        }
        try ImageLimits.validate(width: width, height: height, rgbaCount: rgba.count)
        previous = rgba
        framesAdded = index
    }

    /// Adds one frame, shown for `delayNumerator / delayDenominator` seconds (a
    /// denominator of 0 means 1/100 s units, as in the APNG spec).
    public func addFrame(rgba: [UInt8], delayNumerator: UInt16 = 1, delayDenominator: UInt16 = 60) throws {
        guard !finished else { throw CodecError("APNG encoder already finished") }
        guard !failed else { throw CodecError("APNG encoder failed earlier") }
        guard framesAdded < frameCount else {
            throw CodecError("APNG declared \(frameCount) frames; cannot add more")
        }
        try ImageLimits.validate(width: width, height: height, rgbaCount: rgba.count)
        let rect: PixelRect
        if framesAdded == 0 {
            rect = PixelRect(x: 0, y: 0, width: width, height: height)
        } else {
            rect = PixelRect.changed(previous: previous, current: rgba, width: width, height: height)
                ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        if opaque, !PNGEncoder.isOpaque(rgba) { throw CodecError("an APNG of opaque frames was given one with transparent pixels") }
        let zdata = try rgba.withUnsafeBufferPointer { px in
            try compressor.compress(px, stride: width, x0: rect.x, y0: rect.y, w: rect.width, h: rect.height, channels: opaque ? 3 : 4)
        }
        var fctl = [UInt8]()
        fctl.appendBE32(nextSequence())
        fctl.appendBE32(UInt32(rect.width))
        fctl.appendBE32(UInt32(rect.height))
        fctl.appendBE32(UInt32(rect.x))
        fctl.appendBE32(UInt32(rect.y))
        fctl.appendBE16(delayNumerator)
        fctl.appendBE16(delayDenominator)
        fctl.append(0)  // dispose_op NONE
        fctl.append(0)  // blend_op SOURCE
        try emit(PNGChunkIO.chunk("fcTL", fctl))
        if framesAdded == 0 {
            for piece in PNGEncoder.split(zdata, maxPiece: maxChunkData) {
                try emit(PNGChunkIO.chunk("IDAT", piece))
            }
        } else {
            for piece in PNGEncoder.split(zdata, maxPiece: maxChunkData - 4) {
                var d = [UInt8]()
                d.reserveCapacity(piece.count + 4)
                d.appendBE32(nextSequence())
                d += piece
                try emit(PNGChunkIO.chunk("fdAT", d))
            }
        }
        previous = rgba
        framesAdded += 1
    }

    /// Writes IEND. Throws if fewer frames were added than declared.
    public func finish() throws {
        guard !finished else { throw CodecError("APNG encoder already finished") }
        guard !failed else { throw CodecError("APNG encoder failed earlier") }
        guard framesAdded == frameCount else {
            throw CodecError("APNG declared \(frameCount) frames but \(framesAdded) were added")
        }
        try emit(PNGChunkIO.chunk("IEND", []))
        finished = true
        previous = []
    }
}
