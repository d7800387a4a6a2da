import XCTest
@testable import WaveCodecs
import WaveTestSupport

final class GIFTests: XCTestCase {
    private func encode(_ frames: [[UInt8]], w: Int, h: Int, delays: [UInt16]? = nil, loop: Int = 0,
                        dither: GIFDither = .floydSteinberg) throws -> [UInt8] {
        var out: [UInt8] = []
        let enc = try GIFEncoder(width: w, height: h, loopCount: loop, dither: dither) { out += $0 }
        for (i, f) in frames.enumerated() { try enc.addFrame(rgba: f, delayCentiseconds: delays?[i] ?? 4) }
        try enc.finish()
        return out
    }

    /// Walks the block structure: returns image descriptors (x, y, w, h, hasLocalTable),
    /// GCE packed/delay values and checks every sub-block length.
    private func structure(_ gif: [UInt8]) -> (images: [[Int]], gce: [(disposal: Int, delay: Int)], apps: [[UInt8]]) {
        var i = 13
        if gif[10] & 0x80 != 0 { i += 3 << (Int(gif[10] & 7) + 1) }
        var images: [[Int]] = [], gces: [(Int, Int)] = [], apps: [[UInt8]] = []
        func skipBlocks() -> [UInt8] {
            var data: [UInt8] = []
            while gif[i] != 0 {
                let n = Int(gif[i])
                XCTAssertLessThanOrEqual(n, 255)
                data += gif[(i + 1)..<(i + 1 + n)]
                i += 1 + n
            }
            i += 1
            return data
        }
        while i < gif.count && gif[i] != 0x3B {
            if gif[i] == 0x21 {
                let label = gif[i + 1]
                i += 2
                let data = skipBlocks()
                if label == 0xF9 { gces.append((Int(data[0] >> 2) & 7, Int(data[1]) | Int(data[2]) << 8)) }
                if label == 0xFF { apps.append(data) }
            } else if gif[i] == 0x2C {
                let d = Array(gif[(i + 1)..<(i + 10)])
                images.append([Int(d[0]) | Int(d[1]) << 8, Int(d[2]) | Int(d[3]) << 8,
                               Int(d[4]) | Int(d[5]) << 8, Int(d[6]) | Int(d[7]) << 8, Int(d[8] >> 7)])
                i += 10
                if d[8] & 0x80 != 0 { i += 3 << (Int(d[8] & 7) + 1) }
                i += 1  // LZW minimum code size
                _ = skipBlocks()
            } else {
                XCTFail("unexpected block 0x\(String(gif[i], radix: 16)) at \(i)")
                break
            }
        }
        XCTAssertEqual(i, gif.count - 1, "trailer is the last byte")
        return (images, gces, apps)
    }

    func testHeaderScreenAndLoopExtension() throws {
        let frame = TestImages.gradient(37, 21)
        let gif = try encode([frame], w: 37, h: 21)
        XCTAssertEqual(Array(gif[0..<6]), Array("GIF89a".utf8))
        XCTAssertEqual(Int(gif[6]) | Int(gif[7]) << 8, 37)
        XCTAssertEqual(Int(gif[8]) | Int(gif[9]) << 8, 21)
        XCTAssertEqual(gif[10] & 0x80, 0x80, "global colour table")
        XCTAssertEqual(gif.last, 0x3B)
        let s = structure(gif)
        XCTAssertEqual(s.apps.count, 1)
        XCTAssertEqual(Array(s.apps[0][0..<11]), Array("NETSCAPE2.0".utf8))
        XCTAssertEqual(Array(s.apps[0][11...]), [1, 0, 0], "loop forever")
        XCTAssertEqual(try GIFDecoder.decode(gif).loopCount, 0)
        XCTAssertEqual(try GIFDecoder.decode(gif).plays, 0)
        // Play three times = repeat twice; play once = no extension.
        let thrice = try encode([frame], w: 37, h: 21, loop: 3)
        XCTAssertEqual(Array(structure(thrice).apps[0][11...]), [1, 2, 0])
        XCTAssertEqual(try GIFDecoder.decode(thrice).plays, 3)
        let once = try encode([frame], w: 37, h: 21, loop: 1)
        XCTAssertTrue(structure(once).apps.isEmpty)
        XCTAssertNil(try GIFDecoder.decode(once).loopCount)
        XCTAssertThrowsError(try GIFEncoder(width: 2, height: 2, loopCount: -1) { _ in })
    }

    func testExactColoursWithoutDither() throws {
        let palette = TestImages.distinctColors(255, seed: 5)
        let img = TestImages.fromPalette(40, 30, palette: palette, seed: 1)
        for dither in [GIFDither.none, .floydSteinberg, .ordered] {
            let decoded = try GIFDecoder.decode(encode([img], w: 40, h: 30, dither: dither))
            XCTAssertEqual(decoded.frames.count, 1)
            XCTAssertEqual(decoded.frames[0].rgba, img, "255 colours are exact (\(dither))")
        }
    }

    func testTinyAndOddSizes() throws {
        for (w, h) in [(1, 1), (1, 9), (9, 1), (5, 3), (17, 13)] {
            let palette = TestImages.distinctColors(min(40, w * h), seed: UInt64(w * 31 + h))
            let frames = (0..<3).map { TestImages.fromPalette(w, h, palette: palette, seed: UInt64($0)) }
            let decoded = try GIFDecoder.decode(encode(frames, w: w, h: h, delays: [1, 2, 3], dither: .none))
            XCTAssertEqual((decoded.width, decoded.height).0, w)
            XCTAssertEqual(decoded.height, h)
            XCTAssertEqual(decoded.totalDelayCentiseconds, 6)
            // Identical frames may merge; the last decoded frame always equals the last input.
            XCTAssertEqual(decoded.frames.last?.rgba, frames[2], "\(w)x\(h)")
            XCTAssertEqual(decoded.frames.first?.rgba, frames[0], "\(w)x\(h)")
        }
    }

    func testManyColoursWithinQuantiserError() throws {
        let img = TestImages.gradient(64, 48)
        for dither in [GIFDither.none, .floydSteinberg, .ordered] {
            let decoded = try GIFDecoder.decode(encode([img], w: 64, h: 48, dither: dither))
            let px = decoded.frames[0].rgba
            var sumErr = 0, maxErr = 0
            for i in 0..<(64 * 48) {
                XCTAssertEqual(px[4 * i + 3], 255)
                for k in 0..<3 {
                    let e = abs(Int(px[4 * i + k]) - Int(img[4 * i + k]))
                    sumErr += e
                    maxErr = max(maxErr, e)
                }
            }
            let mean = Double(sumErr) / Double(64 * 48 * 3)
            // 3,072 colours into 255: about 3.5 levels of error is what the palette allows.
            XCTAssertLessThan(mean, dither == .none ? 4.5 : (dither == .floydSteinberg ? 6 : 10), "\(dither) mean error")
            XCTAssertLessThan(maxErr, dither == .none ? 16 : 48, "\(dither) max error")
        }
    }

    func testDelaysIncluding50fpsAndMergedFrames() throws {
        // A moving square, 50 fps: 2 cs each.
        let frames = (0..<10).map { TestImages.square(30, 20, background: [10, 20, 30, 255], color: [250, 250, 0, 255],
                                                      x: $0 * 2, y: 5, size: 6) }
        let gif = try encode(frames, w: 30, h: 20, delays: [UInt16](repeating: 2, count: 10))
        let decoded = try GIFDecoder.decode(gif)
        XCTAssertEqual(decoded.frames.map(\.delayCentiseconds), [UInt16](repeating: 2, count: 10).map(Int.init))
        XCTAssertEqual(decoded.frames.map(\.rgba), frames)
        XCTAssertEqual(structure(gif).gce.map(\.delay), [Int](repeating: 2, count: 10))
        // Changed rectangles: frame k covers the old and new square positions.
        let images = structure(gif).images
        XCTAssertEqual(images[0], [0, 0, 30, 20, 0])
        for k in 1..<10 { XCTAssertEqual(Array(images[k][0..<4]), [(k - 1) * 2, 5, 8, 6], "frame \(k) rect") }
        // Unchanged frames merge into the previous delay; the total stays exact.
        let held = [frames[0], frames[1], frames[1], frames[1], frames[2]]
        let merged = try GIFDecoder.decode(encode(held, w: 30, h: 20, delays: [2, 3, 4, 5, 7]))
        XCTAssertEqual(merged.frames.map(\.delayCentiseconds), [2, 12, 7])
        XCTAssertEqual(merged.totalDelayCentiseconds, 21)
        XCTAssertEqual(merged.frames.map(\.rgba), [frames[0], frames[1], frames[2]])
        // The encoder counts the image frames it wrote (not the header): what the file holds.
        let counted = try GIFEncoder(width: 30, height: 20, loopCount: 0, dither: .floydSteinberg) { _ in }
        for (f, d) in zip(held, [2, 3, 4, 5, 7] as [UInt16]) { try counted.addFrame(rgba: f, delayCentiseconds: d) }
        try counted.finish()
        XCTAssertEqual(counted.framesWritten, merged.frames.count)
        XCTAssertEqual(counted.framesWritten, 3)
        // Very long holds overflow 65535 cs and get a 1x1 carrier frame instead.
        let long = try GIFDecoder.decode(encode([frames[0], frames[0], frames[0]], w: 30, h: 20,
                                                delays: [40_000, 40_000, 1]))
        XCTAssertEqual(long.totalDelayCentiseconds, 80_001)
        XCTAssertTrue(long.frames.allSatisfy { $0.rgba == frames[0] })
    }

    func testTransparencyRoundTrip() throws {
        let clear: [UInt8] = [0, 0, 0, 0]
        var frames: [[UInt8]] = []
        for k in 0..<6 {
            frames.append(TestImages.square(20, 16, background: clear, color: [200, 40, 90, 255], x: 2 + 2 * k, y: 3, size: 5))
        }
        // A hole appears in an opaque frame, then everything vanishes, then comes back.
        var holed = TestImages.square(20, 16, background: [0, 90, 0, 255], color: [0, 0, 0, 10], x: 8, y: 8, size: 3)
        frames.append(holed)
        holed[3] = 0  // one more transparent pixel far from the hole
        frames.append(holed)
        frames.append([UInt8](repeating: 0, count: 20 * 16 * 4))
        frames.append(frames[0])
        let gif = try encode(frames, w: 20, h: 16, dither: .none)
        let decoded = try GIFDecoder.decode(gif)
        XCTAssertEqual(decoded.frames.count, frames.count)
        for (k, (got, want)) in zip(decoded.frames.map(\.rgba), frames).enumerated() {
            for i in 0..<(20 * 16) {
                let visible = want[4 * i + 3] >= 128
                XCTAssertEqual(got[4 * i + 3], visible ? 255 : 0, "frame \(k) pixel \(i) alpha")
                if visible {
                    XCTAssertEqual(Array(got[(4 * i)..<(4 * i + 3)]), Array(want[(4 * i)..<(4 * i + 3)]),
                                   "frame \(k) pixel \(i)")
                }
            }
        }
        // Clearing pixels needs disposal 2 on the preceding frame somewhere.
        XCTAssertTrue(structure(gif).gce.contains { $0.disposal == 2 })
    }

    func testMovingGradientKeepsStaticAreasStable() throws {
        // Static gradient plus a moving square: static pixels must not change between frames.
        let base = TestImages.gradient(48, 32)
        var frames: [[UInt8]] = []
        for k in 0..<5 {
            var f = base
            for y in 10..<16 { for x in (4 * k)..<(4 * k + 6) { f[(y * 48 + x) * 4] = 255; f[(y * 48 + x) * 4 + 1] = 0 } }
            frames.append(f)
        }
        let decoded = try GIFDecoder.decode(encode(frames, w: 48, h: 32))
        XCTAssertEqual(decoded.frames.count, 5)
        for k in 1..<5 {
            for y in 20..<32 {
                for x in 0..<48 {
                    let i = (y * 48 + x) * 4
                    XCTAssertEqual(decoded.frames[k].rgba[i..<(i + 4)], decoded.frames[0].rgba[i..<(i + 4)])
                }
            }
            XCTAssertLessThanOrEqual(structure(try encode(frames, w: 48, h: 32)).images[k][3], 6)
        }
    }

    func testLocalPalettesForNewColours() throws {
        // Frame 0 is all blue tones; frame 1 adds vivid red and green: needs a local table.
        var f0 = [UInt8](repeating: 0, count: 32 * 32 * 4)
        for i in 0..<(32 * 32) { f0[4 * i + 2] = UInt8(i % 256); f0[4 * i + 3] = 255 }
        var f1 = f0
        for i in 0..<(16 * 32) { f1[4 * i] = UInt8(255 - i % 200); f1[4 * i + 1] = UInt8(i % 256) }
        let gif = try encode([f0, f1], w: 32, h: 32, dither: .none)
        let s = structure(gif)
        XCTAssertEqual(s.images[1][4], 1, "second frame has a local colour table")
        let decoded = try GIFDecoder.decode(gif)
        var maxErr = 0
        for i in 0..<(32 * 32 * 4) where i % 4 != 3 {
            maxErr = max(maxErr, abs(Int(decoded.frames[1].rgba[i]) - Int(f1[i])))
        }
        XCTAssertLessThan(maxErr, 40)
    }

    func testDeterministicAndStreamed() throws {
        let frames = (0..<4).map { TestImages.square(25, 25, background: [1, 2, 3, 255], color: [200, 100, 0, 255],
                                                     x: $0 * 3, y: $0, size: 7) }
        XCTAssertEqual(try encode(frames, w: 25, h: 25), try encode(frames, w: 25, h: 25))
        var writes = 0
        let enc = try GIFEncoder(width: 25, height: 25) { _ in writes += 1 }
        for f in frames { try enc.addFrame(rgba: f, delayCentiseconds: 3) }
        XCTAssertGreaterThanOrEqual(writes, 3, "header and finished frames are written before finish()")
        try enc.finish()
        XCTAssertThrowsError(try enc.addFrame(rgba: frames[0], delayCentiseconds: 1))
        XCTAssertThrowsError(try enc.finish())
        let empty = try GIFEncoder(width: 2, height: 2) { _ in }
        XCTAssertThrowsError(try empty.finish(), "no frames")
        XCTAssertThrowsError(try empty.addFrame(rgba: [1, 2, 3], delayCentiseconds: 1))
    }
}
