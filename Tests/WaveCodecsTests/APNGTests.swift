import XCTest
@testable import WaveCodecs
import WaveTestSupport

final class APNGTests: XCTestCase {
    struct Encoded {
        var bytes: [UInt8] = []
        var calls = 0
    }

    private func encode(_ frames: [[UInt8]], w: Int, h: Int, loop: Int = 0, compression: Int = 6,
                        maxChunkData: Int = PNGEncoder.maxChunkData,
                        delays: [(UInt16, UInt16)]? = nil) throws -> Encoded {
        var result = Encoded()
        let enc = try APNGEncoder(width: w, height: h, frameCount: frames.count, loopCount: loop,
                                  compression: compression, maxChunkData: maxChunkData) { bytes in
            result.bytes += bytes
            result.calls += 1
        }
        for (i, f) in frames.enumerated() {
            let d = delays?[i] ?? (1, 60)
            try enc.addFrame(rgba: f, delayNumerator: d.0, delayDenominator: d.1)
        }
        try enc.finish()
        return result
    }

    /// A 4x4 red square moving 3 px right per frame over a grey 24x12 canvas.
    private func movingSquare(count: Int, background: [UInt8] = [90, 90, 90, 255]) -> [[UInt8]] {
        (0..<count).map { TestImages.square(24, 12, background: background, color: [255, 0, 0, 255],
                                            x: 1 + 3 * $0, y: 4, size: 4) }
    }

    /// Reconstructs frames from the chunk stream by hand: decode each fcTL region's
    /// zlib data and paste it (dispose NONE / blend SOURCE) onto the canvas.
    private func reconstruct(_ png: [UInt8], w: Int, h: Int) throws -> [[UInt8]] {
        var canvas = [UInt8](repeating: 0, count: w * h * 4)
        var frames: [[UInt8]] = []
        var region: (Int, Int, Int, Int)? = nil
        var data: [UInt8] = []
        func flush() throws {
            guard let (fw, fh, fx, fy) = region else { return }
            let px = try PNGDecoder.decodePixels(header: .init(width: fw, height: fh, colorType: 6), zdata: data)
            for y in 0..<fh { for x in 0..<fw { for k in 0..<4 {
                canvas[((fy + y) * w + fx + x) * 4 + k] = px[(y * fw + x) * 4 + k]
            } } }
            frames.append(canvas)
            data = []
        }
        for c in rawChunks(png) {
            switch c.type {
            case "fcTL":
                try flush()
                XCTAssertEqual(c.data[24], 0, "dispose_op NONE")
                XCTAssertEqual(c.data[25], 0, "blend_op SOURCE")
                region = (be32(c.data, 4), be32(c.data, 8), be32(c.data, 12), be32(c.data, 16))
            case "IDAT": data += c.data
            case "fdAT": data += c.data[4...]
            default: break
            }
        }
        try flush()
        return frames
    }

    func testChunkOrderSequenceNumbersAndControlData() throws {
        let frames = movingSquare(count: 5)
        let out = try encode(frames, w: 24, h: 12, loop: 3)
        let chunks = rawChunks(out.bytes)
        for c in chunks { XCTAssertEqual(c.stored, c.computed, "CRC of \(c.type)") }
        XCTAssertEqual(chunks.map(\.type),
                       ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT",
                        "fcTL", "fdAT", "IEND"])
        XCTAssertEqual(chunks[0].data[9], 6, "APNG is always RGBA")
        XCTAssertEqual(be32(chunks[1].data, 0), 5, "num_frames")
        XCTAssertEqual(be32(chunks[1].data, 4), 3, "num_plays")
        let seqChunks = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        XCTAssertEqual(seqChunks.map { be32($0.data, 0) }, Array(0..<seqChunks.count))
        let fctls = chunks.filter { $0.type == "fcTL" }
        for f in fctls {
            XCTAssertEqual(f.data.count, 26)
            XCTAssertEqual(be16(f.data, 20), 1, "delay_num")
            XCTAssertEqual(be16(f.data, 22), 60, "delay_den")
        }
        // Frame 0 is the full canvas; frame k covers old and new square: x 1+3(k-1) ... 1+3k+3.
        XCTAssertEqual([be32(fctls[0].data, 4), be32(fctls[0].data, 8), be32(fctls[0].data, 12),
                        be32(fctls[0].data, 16)], [24, 12, 0, 0])
        for k in 1..<5 {
            let d = fctls[k].data
            XCTAssertEqual([be32(d, 4), be32(d, 8), be32(d, 12), be32(d, 16)], [7, 4, 1 + 3 * (k - 1), 4],
                           "frame \(k) width, height, x, y")
        }
        XCTAssertEqual(try reconstruct(out.bytes, w: 24, h: 12), frames)
        XCTAssertGreaterThan(out.calls, 5, "chunks are streamed, not buffered")
        // The default image is frame 0.
        XCTAssertEqual(try PNGDecoder.decode(out.bytes).rgba, frames[0])
    }

    func testDecoderCompositesFramesAndDelays() throws {
        let frames = movingSquare(count: 6)
        let delays: [(UInt16, UInt16)] = [(1, 60), (2, 60), (1, 30), (1, 60), (5, 100), (1, 60)]
        let out = try encode(frames, w: 24, h: 12, delays: delays)
        let apng = try APNGDecoder.decode(out.bytes)
        XCTAssertEqual(apng.frames.map(\.rgba), frames)
        XCTAssertEqual(apng.frames.map(\.delayNumerator), delays.map { Int($0.0) })
        XCTAssertEqual(apng.frames.map(\.delayDenominator), delays.map { Int($0.1) })
        XCTAssertTrue(apng.defaultImageIsFirstFrame)
        XCTAssertEqual(apng.loopCount, 0)
    }

    func testTransparencyAndUnchangedFrames() throws {
        let clear: [UInt8] = [0, 0, 0, 0]
        var frames = movingSquare(count: 3, background: clear)
        frames.append(frames[2])                        // unchanged
        frames.append([UInt8](repeating: 0, count: 24 * 12 * 4))   // everything disappears
        var half = frames[1]
        for i in stride(from: 3, to: half.count, by: 4) { half[i] /= 2 }
        frames.append(half)                             // semi-transparent everywhere
        let out = try encode(frames, w: 24, h: 12)
        XCTAssertEqual(try reconstruct(out.bytes, w: 24, h: 12), frames)
        XCTAssertEqual(try APNGDecoder.decode(out.bytes).frames.map(\.rgba), frames)
        let fctls = rawChunks(out.bytes).filter { $0.type == "fcTL" }
        XCTAssertEqual(fctls.count, frames.count, "an unchanged frame still gets its own fcTL")
        let d = fctls[3].data
        XCTAssertEqual([be32(d, 4), be32(d, 8), be32(d, 12), be32(d, 16)], [1, 1, 0, 0], "1x1 no-op frame")
    }

    func testSplitFrameDataKeepsSequenceContiguous() throws {
        let frames = (0..<4).map { TestImages.random(40, 30, seed: UInt64($0 + 20)) }
        let out = try encode(frames, w: 40, h: 30, maxChunkData: 500)
        let chunks = rawChunks(out.bytes)
        XCTAssertGreaterThan(chunks.filter { $0.type == "IDAT" }.count, 1)
        XCTAssertGreaterThan(chunks.filter { $0.type == "fdAT" }.count, 3)
        XCTAssertTrue(chunks.allSatisfy { $0.data.count <= 500 })
        let seq = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { be32($0.data, 0) }
        XCTAssertEqual(seq, Array(0..<seq.count))
        XCTAssertEqual(try reconstruct(out.bytes, w: 40, h: 30), frames)
        XCTAssertEqual(try APNGDecoder.decode(out.bytes).frames.map(\.rgba), frames)
    }

    func testFrameCountIsEnforced() throws {
        let f = [UInt8](repeating: 255, count: 4 * 4 * 4)
        let enc = try APNGEncoder(width: 4, height: 4, frameCount: 2) { _ in }
        try enc.addFrame(rgba: f)
        XCTAssertThrowsError(try enc.finish(), "one frame short")
        try enc.addFrame(rgba: f)
        XCTAssertThrowsError(try enc.addFrame(rgba: f), "one frame too many")
        try enc.finish()
        XCTAssertThrowsError(try enc.addFrame(rgba: f))
        XCTAssertThrowsError(try enc.finish())
        let enc2 = try APNGEncoder(width: 4, height: 4, frameCount: 1) { _ in }
        XCTAssertThrowsError(try enc2.addFrame(rgba: [0, 0, 0, 0]), "wrong pixel count")
        XCTAssertThrowsError(try APNGEncoder(width: 4, height: 4, frameCount: 0) { _ in })
        XCTAssertThrowsError(try APNGEncoder(width: 4, height: 4, frameCount: 1, compression: 11) { _ in })
        XCTAssertThrowsError(try APNGEncoder(width: 16_385, height: 4, frameCount: 1) { _ in })
    }

    func testOutputErrorsPropagate() throws {
        struct Full: Error {}
        var calls = 0
        let enc = try APNGEncoder(width: 2, height: 2, frameCount: 1) { _ in
            calls += 1
            if calls > 1 { throw Full() }
        }
        XCTAssertThrowsError(try enc.addFrame(rgba: [UInt8](repeating: 9, count: 16))) { XCTAssertTrue($0 is Full) }
        XCTAssertThrowsError(try enc.finish())
    }

    func testDeterministicOutput() throws {
        let frames = movingSquare(count: 4)
        XCTAssertEqual(try encode(frames, w: 24, h: 12).bytes, try encode(frames, w: 24, h: 12).bytes)
    }

    func testAPNGDecoderRejectsBrokenAnimations() throws {
        let out = try encode(movingSquare(count: 3), w: 24, h: 12).bytes
        let chunks = try PNGChunkIO.parse(out)
        func rebuild(_ cs: [PNGChunk]) -> [UInt8] {
            PNGChunkIO.signature + cs.flatMap { makeChunk($0.type, $0.data) }
        }
        XCTAssertNoThrow(try APNGDecoder.decode(rebuild(chunks)))
        // Wrong frame count in acTL.
        var c1 = chunks
        var actl = c1[1].data
        actl[3] = 7
        c1[1] = PNGChunk(type: "acTL", data: actl)
        XCTAssertThrowsError(try APNGDecoder.decode(rebuild(c1)))
        // Out-of-order sequence number.
        var c2 = chunks
        let i = c2.lastIndex { $0.type == "fdAT" } ?? 0
        var fd = c2[i].data
        fd[3] ^= 1
        c2[i] = PNGChunk(type: "fdAT", data: fd)
        XCTAssertThrowsError(try APNGDecoder.decode(rebuild(c2)))
        // Region outside the canvas.
        var c3 = chunks
        let j = c3.lastIndex { $0.type == "fcTL" } ?? 0
        var fc = c3[j].data
        fc[15] = 200
        c3[j] = PNGChunk(type: "fcTL", data: fc)
        XCTAssertThrowsError(try APNGDecoder.decode(rebuild(c3)))
        // A plain PNG is not an APNG.
        XCTAssertThrowsError(try APNGDecoder.decode(PNGEncoder.encode(width: 1, height: 1, rgba: [1, 2, 3, 4])))
    }

    /// Opaque frames stored as RGB (colour type 2) decode to the same RGBA frames; a frame
    /// with transparency given to an opaque encoder is an error, not a silent loss.
    func testOpaqueFramesAreStoredAsRGB() throws {
        let frames = movingSquare(count: 5)
        var bytes: [UInt8] = []
        let enc = try APNGEncoder(width: 24, height: 12, frameCount: frames.count, opaque: true) { bytes += $0 }
        for f in frames { try enc.addFrame(rgba: f) }
        try enc.finish()
        XCTAssertEqual(bytes[25], 2, "IHDR colour type RGB")
        XCTAssertEqual(try APNGDecoder.decode(bytes).frames.map(\.rgba), frames)
        XCTAssertLessThan(bytes.count, try encode(frames, w: 24, h: 12).bytes.count)
        let strict = try APNGEncoder(width: 24, height: 12, frameCount: 1, opaque: true) { _ in }
        XCTAssertThrowsError(try strict.addFrame(rgba: movingSquare(count: 1, background: [90, 90, 90, 128])[0]))
    }

    /// Each image's rows go unfiltered or adaptively filtered, whichever is smaller: flat
    /// colours with hard edges unfiltered, a smooth gradient filtered.
    func testTheSmallerOfUnfilteredAndAdaptiveRowsIsKept() throws {
        let w = 64, h = 32
        let flat = TestImages.square(w, h, background: [20, 40, 60, 255], color: [250, 200, 10, 255], x: 5, y: 5, size: 20)
        var gradient = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h { for x in 0..<w {
            let i = (y * w + x) * 4
            gradient[i] = UInt8(x * 4 % 256); gradient[i + 1] = UInt8((x * 3 + y * 5) % 256); gradient[i + 2] = UInt8(y * 7 % 256)
        } }
        let compressor = try ScanlineCompressor(level: 6)
        for (image, expectFilter) in [(flat, false), (gradient, true)] {
            let z = try image.withUnsafeBufferPointer { try compressor.compress($0, stride: w, x0: 0, y0: 0, w: w, h: h, channels: 3) }
            let rows = try Inflate.inflate(z, maxOutput: h * (w * 3 + 1))
            let filters = Set((0..<h).map { rows[$0 * (w * 3 + 1)] })
            XCTAssertEqual(filters == [0], !expectFilter, "filters used: \(filters)")
            for adaptive in [true, false] {
                let raw = image.withUnsafeBufferPointer { PNGFilter.filterImage(rgba: $0, stride: w, x0: 0, y0: 0, w: w, h: h, channels: 3, adaptive: adaptive) }
                XCTAssertLessThanOrEqual(z.count, try Deflater(level: 6, filtered: adaptive).compress(raw).count)
            }
        }
    }
}
