import XCTest
@testable import WaveCodecs

/// Every colour type at every bit depth PNG allows, plain and Adam7-interlaced, with palette
/// and colour-key transparency: images are written here by a small independent encoder
/// (samples packed MSB first, passes laid out from the spec's table, filter None) and the
/// expected RGBA8 is computed from the samples by the spec's scaling.
final class PNGDepthTests: XCTestCase {
    private let w = 13, h = 11

    /// Adam7 pass origins and steps, as PNG §8.2 lists them.
    private let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    private func png(type: UInt8, depth: Int, interlaced: Bool, samples: [[Int]], extra: [(StaticString, [UInt8])] = []) throws -> [UInt8] {
        var ihdr = [UInt8]()
        ihdr.appendBE32(UInt32(w))
        ihdr.appendBE32(UInt32(h))
        ihdr += [UInt8(depth), type, 0, 0, interlaced ? 1 : 0]
        var raw = [UInt8]()
        let passes = interlaced ? adam7 : [(0, 0, 1, 1)]
        for (x0, y0, dx, dy) in passes {
            let ys = Array(stride(from: y0, to: h, by: dy)), xs = Array(stride(from: x0, to: w, by: dx))
            guard !xs.isEmpty, !ys.isEmpty else { continue }
            for y in ys {
                raw.append(0)
                var bits: [Int] = []   // the row as a bit string, MSB first
                for x in xs {
                    for v in samples[y * w + x] {
                        for b in stride(from: depth - 1, through: 0, by: -1) { bits.append((v >> b) & 1) }
                    }
                }
                while bits.count % 8 != 0 { bits.append(0) }
                for i in stride(from: 0, to: bits.count, by: 8) {
                    raw.append(UInt8(bits[i..<i + 8].reduce(0) { $0 << 1 | $1 }))
                }
            }
        }
        var out = PNGChunkIO.signature + PNGChunkIO.chunk("IHDR", ihdr)
        for (t, d) in extra { out += PNGChunkIO.chunk(t, d) }
        out += PNGChunkIO.chunk("IDAT", try Deflate.compress(raw))
        return out + PNGChunkIO.chunk("IEND", [])
    }

    private func randomSamples(_ channels: Int, _ depth: Int, seed: UInt64) -> [[Int]] {
        var r = TestRNG(seed: seed)
        return (0..<w * h).map { _ in (0..<channels).map { _ in Int(r.next() % UInt64(1 << depth)) } }
    }

    private func scaled(_ v: Int, _ depth: Int) -> UInt8 {
        UInt8((Double(v) * 255 / Double((1 << depth) - 1)).rounded(depth < 8 ? .down : .toNearestOrAwayFromZero))
    }

    func testGreyscaleAtEveryDepthWithAColourKey() throws {
        for depth in [1, 2, 4, 8, 16] {
            for interlaced in [false, true] {
                var samples = randomSamples(1, depth, seed: UInt64(depth))
                let key = samples[5][0]
                samples[40] = [key]
                let keyBytes: [UInt8] = [UInt8(key >> 8), UInt8(key & 255)]
                let image = try PNGDecoder.decode(try png(type: 0, depth: depth, interlaced: interlaced, samples: samples,
                                                          extra: [("tRNS", keyBytes)]))
                var expected: [UInt8] = []
                for s in samples { let g = scaled(s[0], depth); expected += [g, g, g, s[0] == key ? 0 : 255] }
                XCTAssertEqual(image.rgba, expected, "grey \(depth) interlaced \(interlaced)")
            }
        }
    }

    func testPaletteAtEveryDepthWithTransparency() throws {
        for depth in [1, 2, 4, 8] {
            for interlaced in [false, true] {
                let count = 1 << min(depth, 4)
                let samples = randomSamples(1, min(depth, 4), seed: 7 + UInt64(depth))
                var plte: [UInt8] = [], trns: [UInt8] = []
                for i in 0..<count { plte += [UInt8(i * 17 % 256), UInt8(255 - i * 9), UInt8(i * 31 % 256)]; trns.append(UInt8(i * 40 % 256)) }
                let image = try PNGDecoder.decode(try png(type: 3, depth: depth, interlaced: interlaced, samples: samples,
                                                          extra: [("PLTE", plte), ("tRNS", Array(trns.prefix(count - 1)))]))
                var expected: [UInt8] = []
                for s in samples {
                    let i = s[0]
                    expected += [plte[3 * i], plte[3 * i + 1], plte[3 * i + 2], i < count - 1 ? trns[i] : 255]
                }
                XCTAssertEqual(image.rgba, expected, "palette \(depth) interlaced \(interlaced)")
            }
        }
    }

    func testColourAndAlphaTypesAt8And16Bits() throws {
        for (type, channels) in [(UInt8(2), 3), (4, 2), (6, 4)] {
            for depth in [8, 16] {
                for interlaced in [false, true] {
                    let samples = randomSamples(channels, depth, seed: UInt64(type) * 100 + UInt64(depth))
                    var extra: [(StaticString, [UInt8])] = []
                    let key = samples[3]
                    if type == 2 { extra = [("tRNS", key.flatMap { [UInt8($0 >> 8), UInt8($0 & 255)] })] }
                    let image = try PNGDecoder.decode(try png(type: type, depth: depth, interlaced: interlaced, samples: samples, extra: extra))
                    var expected: [UInt8] = []
                    for s in samples {
                        let v = s.map { scaled($0, depth) }
                        switch type {
                        case 2: expected += [v[0], v[1], v[2], s == key ? 0 : 255]
                        case 4: expected += [v[0], v[0], v[0], v[1]]
                        default: expected += v
                        }
                    }
                    XCTAssertEqual(image.rgba, expected, "type \(type) depth \(depth) interlaced \(interlaced)")
                }
            }
        }
    }

    func testDepthsAColourTypeDoesNotAllowAreRejected() throws {
        for (type, depth) in [(UInt8(2), 4), (3, 16), (6, 1), (4, 2), (0, 3)] {
            let bytes = try png(type: type, depth: max(1, min(depth, 16)), interlaced: false,
                                samples: randomSamples(type == 2 ? 3 : type == 6 ? 4 : type == 4 ? 2 : 1, 1, seed: 1))
            XCTAssertThrowsError(try PNGDecoder.decode(bytes), "type \(type) depth \(depth)")
        }
    }
}
