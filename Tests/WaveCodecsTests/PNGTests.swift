import XCTest
@testable import WaveCodecs

final class PNGTests: XCTestCase {
    private func roundTrip(_ w: Int, _ h: Int, _ rgba: [UInt8], compression: Int = 6,
                           file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let png = try PNGEncoder.encode(width: w, height: h, rgba: rgba, compression: compression)
        let img = try PNGDecoder.decode(png)
        XCTAssertEqual(img.width, w, file: file, line: line)
        XCTAssertEqual(img.height, h, file: file, line: line)
        XCTAssertEqual(img.rgba, rgba, "pixels differ for \(w)x\(h)", file: file, line: line)
        return png
    }

    func testRoundTripRandomWithAlpha() throws {
        for (i, (w, h)) in [(1, 1), (1, 17), (17, 1), (7, 5), (33, 17), (64, 64), (3, 100)].enumerated() {
            let png = try roundTrip(w, h, TestImages.random(w, h, seed: UInt64(i + 1)))
            XCTAssertEqual(rawChunks(png)[0].data[9], 6, "colour type RGBA")
        }
    }

    func testOpaqueImagesUseRGB() throws {
        for (i, (w, h)) in [(1, 1), (5, 3), (40, 31)].enumerated() {
            let png = try roundTrip(w, h, TestImages.random(w, h, seed: UInt64(50 + i), opaque: true))
            let ihdr = rawChunks(png)[0]
            XCTAssertEqual(ihdr.type, "IHDR")
            XCTAssertEqual(ihdr.data[8], 8, "bit depth")
            XCTAssertEqual(ihdr.data[9], 2, "colour type RGB")
            XCTAssertEqual(ihdr.data[12], 0, "non-interlaced")
        }
        // A single non-opaque pixel switches to RGBA.
        var px = TestImages.gradient(9, 9)
        px[4 * 40 + 3] = 254
        let png = try roundTrip(9, 9, px)
        XCTAssertEqual(rawChunks(png)[0].data[9], 6)
    }

    func testStructuredImages() throws {
        _ = try roundTrip(100, 60, TestImages.gradient(100, 60))
        _ = try roundTrip(100, 60, TestImages.gradient(100, 60, alpha: true))
        _ = try roundTrip(31, 29, TestImages.square(31, 29, background: [0, 0, 0, 0], color: [255, 0, 0, 128],
                                                   x: 5, y: 7, size: 10))
        var checker = [UInt8](repeating: 0, count: 16 * 16 * 4)
        for i in 0..<256 where (i / 16 + i % 16) % 2 == 0 { for k in 0..<4 { checker[4 * i + k] = 255 } }
        _ = try roundTrip(16, 16, checker)
    }

    func testChunkLayoutAndCRCs() throws {
        let png = try PNGEncoder.encode(width: 200, height: 200, rgba: TestImages.random(200, 200, seed: 9))
        XCTAssertEqual(Array(png[0..<8]), [137, 80, 78, 71, 13, 10, 26, 10])
        let chunks = rawChunks(png)
        XCTAssertEqual(chunks.first?.type, "IHDR")
        XCTAssertEqual(chunks.last?.type, "IEND")
        XCTAssertEqual(chunks.last?.data.count, 0)
        XCTAssertGreaterThan(chunks.filter { $0.type == "IDAT" }.count, 1, "large image splits IDAT")
        XCTAssertTrue(chunks.dropFirst().dropLast().allSatisfy { $0.type == "IDAT" })
        XCTAssertTrue(chunks.allSatisfy { $0.data.count <= PNGEncoder.maxChunkData })
        for c in chunks { XCTAssertEqual(c.stored, c.computed, "CRC of \(c.type)") }
        XCTAssertEqual(be32(chunks[0].data, 0), 200)
        XCTAssertEqual(be32(chunks[0].data, 4), 200)
        // The byte walk accounts for the whole file.
        XCTAssertEqual(8 + chunks.reduce(0) { $0 + 12 + $1.data.count }, png.count)
        XCTAssertEqual(try PNGChunkIO.parse(png).map(\.type), chunks.map(\.type))
    }

    func testCompressionLevels() throws {
        let px = TestImages.gradient(120, 80, alpha: true)
        let stored = try roundTrip(120, 80, px, compression: 0)
        let best = try roundTrip(120, 80, px, compression: 9)
        XCTAssertLessThanOrEqual(best.count, stored.count)
        XCTAssertLessThan(best.count, stored.count / 2)
        XCTAssertThrowsError(try PNGEncoder.encode(width: 1, height: 1, rgba: [0, 0, 0, 0], compression: 10))
        XCTAssertThrowsError(try PNGEncoder.encode(width: 1, height: 1, rgba: [0, 0, 0, 0], compression: -1))
    }

    func testDeterministic() throws {
        let px = TestImages.random(50, 40, seed: 3)
        XCTAssertEqual(try PNGEncoder.encode(width: 50, height: 40, rgba: px),
                       try PNGEncoder.encode(width: 50, height: 40, rgba: px))
    }

    func testEncoderRejectsBadInput() {
        XCTAssertThrowsError(try PNGEncoder.encode(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 15)))
        XCTAssertThrowsError(try PNGEncoder.encode(width: 0, height: 2, rgba: []))
        XCTAssertThrowsError(try PNGEncoder.encode(width: 20_000, height: 1, rgba: []))
    }

    func testCorruptCRCThrows() throws {
        let png = try PNGEncoder.encode(width: 8, height: 8, rgba: TestImages.random(8, 8, seed: 4))
        // Flip a bit in each chunk's CRC, type and data in turn.
        var offset = 8
        for c in rawChunks(png) {
            for target in [offset + 4, offset + 8 + c.data.count] + (c.data.isEmpty ? [] : [offset + 8]) {
                var bad = png
                bad[target] ^= 0x10
                XCTAssertThrowsError(try PNGDecoder.decode(bad), "flip at \(target) in \(c.type)") { e in
                    XCTAssertTrue(e is CodecError)
                }
            }
            offset += 12 + c.data.count
        }
    }

    /// Builds a PNG from raw parts with valid CRCs.
    private func makePNG(ihdr: [UInt8], extra: [(String, [UInt8])] = [], raw: [UInt8]) throws -> [UInt8] {
        var out = PNGChunkIO.signature + PNGChunkIO.chunk("IHDR", ihdr)
        for (t, d) in extra { out += makeChunk(t, d) }
        out += PNGChunkIO.chunk("IDAT", try Deflate.compress(raw))
        return out + PNGChunkIO.chunk("IEND", [])
    }

    private func ihdr(_ w: Int, _ h: Int, depth: UInt8 = 8, type: UInt8, interlace: UInt8 = 0) -> [UInt8] {
        var d = [UInt8]()
        d.appendBE32(UInt32(w))
        d.appendBE32(UInt32(h))
        return d + [depth, type, 0, 0, interlace]
    }

    func testOtherColourTypes() throws {
        // Greyscale 2x2 with filter None / Sub rows, and a tRNS key.
        let grey = try makePNG(ihdr: ihdr(2, 2, type: 0), extra: [("tRNS", [0, 7])], raw: [0, 7, 200, 1, 10, 20])
        XCTAssertEqual(try PNGDecoder.decode(grey).rgba,
                       [7, 7, 7, 0, 200, 200, 200, 255, 10, 10, 10, 255, 30, 30, 30, 255])
        let greyAlpha = try makePNG(ihdr: ihdr(2, 1, type: 4), raw: [0, 50, 60, 70, 80])
        XCTAssertEqual(try PNGDecoder.decode(greyAlpha).rgba, [50, 50, 50, 60, 70, 70, 70, 80])
        let pal = try makePNG(ihdr: ihdr(3, 1, type: 3), extra: [("PLTE", [255, 0, 0, 0, 255, 0]), ("tRNS", [9])],
                              raw: [0, 1, 0, 1])
        XCTAssertEqual(try PNGDecoder.decode(pal).rgba, [0, 255, 0, 255, 255, 0, 0, 9, 0, 255, 0, 255])
        let badIndex = try makePNG(ihdr: ihdr(1, 1, type: 3), extra: [("PLTE", [1, 2, 3])], raw: [0, 5])
        XCTAssertThrowsError(try PNGDecoder.decode(badIndex))
    }

    func testDecoderRejectsInvalidHeadersAndData() throws {
        let ok = try makePNG(ihdr: ihdr(1, 1, type: 2), raw: [0, 1, 2, 3])
        XCTAssertEqual(try PNGDecoder.decode(ok).rgba, [1, 2, 3, 255])
        let cases: [[UInt8]] = [
            try makePNG(ihdr: ihdr(20_000, 1, type: 2), raw: [0]),              // too wide
            try makePNG(ihdr: ihdr(1, 16_385, type: 2), raw: [0]),              // too tall
            try makePNG(ihdr: ihdr(16_384, 16_384, type: 2), raw: [0]),         // allowed size, no data
            try makePNG(ihdr: ihdr(0, 1, type: 2), raw: [0]),                   // zero width
            try makePNG(ihdr: ihdr(1, 1, depth: 4, type: 2), raw: [0, 1]),      // 4-bit RGB
            try makePNG(ihdr: ihdr(1, 1, type: 5), raw: [0, 1]),                // bad colour type
            try makePNG(ihdr: ihdr(1, 1, type: 2, interlace: 2), raw: [0, 1, 2, 3]),
            try makePNG(ihdr: ihdr(1, 1, type: 2), raw: [0, 1, 2]),             // too little data
            try makePNG(ihdr: ihdr(1, 1, type: 2), raw: [0, 1, 2, 3, 4]),       // too much data
            try makePNG(ihdr: ihdr(1, 1, type: 2), raw: [5, 1, 2, 3]),          // bad filter type
            try makePNG(ihdr: ihdr(1, 1, type: 2), extra: [("ZZZZ", [])], raw: [0, 1, 2, 3]),  // unknown critical
            try makePNG(ihdr: ihdr(1, 1, type: 3), raw: [0, 0]),                // palette without PLTE
            Array(ok.prefix(ok.count - 12)),                                    // no IEND
            PNGChunkIO.signature + PNGChunkIO.chunk("IHDR", ihdr(1, 1, type: 2)) + PNGChunkIO.chunk("IEND", []),
            [UInt8](repeating: 0, count: 50),
        ]
        for (i, bytes) in cases.enumerated() {
            XCTAssertThrowsError(try PNGDecoder.decode(bytes), "case \(i)") { XCTAssertTrue($0 is CodecError) }
        }
        // Ancillary chunks are skipped.
        let withText = try makePNG(ihdr: ihdr(1, 1, type: 2), extra: [("tEXt", Array("a\u{0}b".utf8))], raw: [0, 1, 2, 3])
        XCTAssertEqual(try PNGDecoder.decode(withText).rgba, [1, 2, 3, 255])
    }

    func testTruncationsAlwaysThrow() throws {
        let png = try PNGEncoder.encode(width: 20, height: 10, rgba: TestImages.random(20, 10, seed: 11))
        for n in 0..<png.count {
            XCTAssertThrowsError(try PNGDecoder.decode(Array(png.prefix(n))), "prefix \(n)")
        }
    }
}
