import XCTest
@testable import WaveCodecs

final class Y4MTests: XCTestCase {
    private func encode(_ w: Int, _ h: Int, _ frames: [[UInt8]], fps: (Int, Int) = (60, 1),
                        background: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0)) throws -> [UInt8] {
        var out: [UInt8] = []
        let enc = try Y4MEncoder(width: w, height: h, fpsNumerator: fps.0, fpsDenominator: fps.1,
                                 background: background) { out += $0 }
        for f in frames { try enc.addFrame(rgba: f) }
        try enc.finish()
        return out
    }

    private func solid(_ w: Int, _ h: Int, _ c: [UInt8]) -> [UInt8] {
        (0..<(w * h)).flatMap { _ in c }
    }

    func testHeaderAndFrameSizes() throws {
        let header = Array("YUV4MPEG2 W320 H240 F60:1 Ip A1:1 C420jpeg\n".utf8)
        let one = try encode(320, 240, [solid(320, 240, [1, 2, 3, 255])])
        XCTAssertEqual(Array(one.prefix(header.count)), header)
        XCTAssertEqual(one.count, header.count + 320 * 240 + 2 * 160 * 120 + 6)
        for (w, h) in [(1, 1), (3, 5), (7, 2), (10, 9)] {
            let frames = [solid(w, h, [9, 9, 9, 255]), solid(w, h, [200, 9, 9, 255])]
            let out = try encode(w, h, frames, fps: (30000, 1001))
            let hdr = Array("YUV4MPEG2 W\(w) H\(h) F30000:1001 Ip A1:1 C420jpeg\n".utf8)
            XCTAssertEqual(Array(out.prefix(hdr.count)), hdr)
            let frameSize = w * h + 2 * ((w + 1) / 2) * ((h + 1) / 2) + 6
            XCTAssertEqual(out.count, hdr.count + 2 * frameSize, "\(w)x\(h)")
            XCTAssertEqual(Array(out[hdr.count..<(hdr.count + 6)]), Array("FRAME\n".utf8))
            XCTAssertEqual(Array(out[(hdr.count + frameSize)..<(hdr.count + frameSize + 6)]), Array("FRAME\n".utf8))
        }
    }

    /// (Y, Cb, Cr) of the first pixel of a solid frame.
    private func ycc(_ c: [UInt8], background: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0)) throws -> [Int] {
        let out = try encode(4, 2, [solid(4, 2, c)], background: background)
        let base = out.firstIndex(of: 0x0A).map { $0 + 1 + 6 } ?? 0
        return [Int(out[base]), Int(out[base + 8]), Int(out[base + 8 + 2])]
    }

    func testKnownColours() throws {
        XCTAssertEqual(try ycc([255, 255, 255, 255]), [235, 128, 128])
        XCTAssertEqual(try ycc([0, 0, 0, 255]), [16, 128, 128])
        XCTAssertEqual(try ycc([255, 0, 0, 255]), [81, 90, 240])
        XCTAssertEqual(try ycc([0, 255, 0, 255]), [145, 54, 34])
        XCTAssertEqual(try ycc([0, 0, 255, 255]), [41, 240, 110])
        let grey = try ycc([128, 128, 128, 255])
        XCTAssertEqual(grey[0], 126)
        XCTAssertTrue(abs(grey[1] - 128) <= 1 && abs(grey[2] - 128) <= 1)
    }

    func testAlphaCompositesOverBackground() throws {
        XCTAssertEqual(try ycc([255, 255, 255, 0]), [16, 128, 128], "transparent over black")
        XCTAssertEqual(try ycc([0, 0, 0, 0], background: (255, 255, 255)), [235, 128, 128])
        let half = try ycc([255, 255, 255, 128])
        XCTAssertEqual(half[0], 16 + (219 * 128 + 127) / 255)
    }

    func testChromaAveragesBlocksAndOddEdges() throws {
        // 3x1: a red pixel and a blue pixel share a chroma sample; the third is alone.
        let px: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        let out = try encode(3, 1, [px])
        let base = out.firstIndex(of: 0x0A).map { $0 + 1 + 6 } ?? 0
        XCTAssertEqual(Array(out[base..<(base + 3)]), [81, 41, 235])
        let cb = Array(out[(base + 3)..<(base + 5)]), cr = Array(out[(base + 5)..<(base + 7)])
        // Average of red (90, 240) and blue (240, 110) = (165, 175); white = (128, 128).
        XCTAssertEqual(cb, [165, 128])
        XCTAssertEqual(cr, [175, 128])
    }

    func testRejectsBadInput() throws {
        XCTAssertThrowsError(try Y4MEncoder(width: 0, height: 2) { _ in })
        XCTAssertThrowsError(try Y4MEncoder(width: 2, height: 2, fpsNumerator: 0) { _ in })
        let enc = try Y4MEncoder(width: 2, height: 2) { _ in }
        XCTAssertThrowsError(try enc.addFrame(rgba: [0, 0, 0]))
        try enc.finish()
        XCTAssertThrowsError(try enc.addFrame(rgba: [UInt8](repeating: 0, count: 16)))
    }
}
