import XCTest
@testable import WaveCodecs
import WaveTestSupport

/// Decoders must turn any malformed input into a CodecError: no traps, no hangs.
final class RobustnessTests: XCTestCase {
    private func assertCodecErrorOrSuccess(_ body: () throws -> Void, _ what: String) {
        do {
            try body()
        } catch is CodecError {
        } catch {
            XCTFail("\(what): unexpected error type \(error)")
        }
    }

    func testGarbageIsRejected() {
        var rng = TestRNG(seed: 99)
        for n in [0, 1, 5, 8, 13, 64, 1000] {
            for _ in 0..<20 {
                let junk = (0..<n).map { _ in rng.byte() }
                XCTAssertThrowsError(try PNGDecoder.decode(junk)) { XCTAssertTrue($0 is CodecError) }
                XCTAssertThrowsError(try APNGDecoder.decode(junk)) { XCTAssertTrue($0 is CodecError) }
                XCTAssertThrowsError(try GIFDecoder.decode(junk)) { XCTAssertTrue($0 is CodecError) }
                XCTAssertThrowsError(try Inflate.inflate(junk, maxOutput: 1 << 20)) { XCTAssertTrue($0 is CodecError) }
                // Valid magic followed by junk.
                XCTAssertThrowsError(try PNGDecoder.decode(PNGChunkIO.signature + junk))
                XCTAssertThrowsError(try GIFDecoder.decode(Array("GIF89a".utf8) + junk))
            }
        }
    }

    func testTruncatedGIFsThrow() throws {
        var out: [UInt8] = []
        let enc = try GIFEncoder(width: 12, height: 9) { out += $0 }
        for k in 0..<3 {
            try enc.addFrame(rgba: TestImages.square(12, 9, background: [0, 0, 0, 0], color: [9, 200, 9, 255],
                                                     x: k, y: 1, size: 4), delayCentiseconds: 5)
        }
        try enc.finish()
        XCTAssertNoThrow(try GIFDecoder.decode(out))
        for n in 0..<out.count {
            XCTAssertThrowsError(try GIFDecoder.decode(Array(out.prefix(n))), "prefix \(n)") {
                XCTAssertTrue($0 is CodecError)
            }
        }
    }

    func testTruncatedAPNGsThrow() throws {
        var out: [UInt8] = []
        let enc = try APNGEncoder(width: 8, height: 8, frameCount: 2) { out += $0 }
        try enc.addFrame(rgba: TestImages.random(8, 8, seed: 1))
        try enc.addFrame(rgba: TestImages.random(8, 8, seed: 2))
        try enc.finish()
        for n in 0..<out.count {
            XCTAssertThrowsError(try APNGDecoder.decode(Array(out.prefix(n))), "prefix \(n)")
        }
    }

    func testRandomMutationsNeverCrash() throws {
        var rng = TestRNG(seed: 1234)
        var gif: [UInt8] = []
        let enc = try GIFEncoder(width: 16, height: 16) { gif += $0 }
        for k in 0..<3 { try enc.addFrame(rgba: TestImages.random(16, 16, seed: UInt64(k)), delayCentiseconds: 2) }
        try enc.finish()
        let png = try PNGEncoder.encode(width: 16, height: 16, rgba: TestImages.random(16, 16, seed: 5))
        for _ in 0..<300 {
            var g = gif, p = png
            for _ in 0..<(1 + rng.int(4)) {
                g[rng.int(g.count)] = rng.byte()
                p[rng.int(p.count)] = rng.byte()
            }
            assertCodecErrorOrSuccess({ _ = try GIFDecoder.decode(g) }, "gif")
            assertCodecErrorOrSuccess({ _ = try PNGDecoder.decode(p) }, "png")
        }
    }

    func testAbsurdDimensionsAreRejected() {
        // GIF logical screen 65535 x 65535.
        var gif = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0]
        gif += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 0, 0x3B]
        XCTAssertThrowsError(try GIFDecoder.decode(gif)) { XCTAssertTrue($0 is CodecError) }
        // A frame without any colour table.
        let noTable = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        XCTAssertThrowsError(try GIFDecoder.decode(noTable))
        // A minimal valid GIF decodes, to show the above failed for the stated reason.
        let ok = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 255, 0, 0, 0, 0, 255]
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
        XCTAssertEqual(try GIFDecoder.decode(ok).frames.first?.rgba, [255, 0, 0, 255])
        XCTAssertThrowsError(try ImageLimits.validate(width: 16_385, height: 1))
        XCTAssertThrowsError(try ImageLimits.validate(width: -1, height: 1))
        XCTAssertNoThrow(try ImageLimits.validate(width: 16_384, height: 16_384))
    }
}
