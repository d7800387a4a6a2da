import XCTest
@testable import WaveCodecs

/// The walking-skeleton check: what the PNG encoder writes inflates back to the pixels.
final class PNGRoundTripTests: XCTestCase {
    /// Splits a PNG into (type, data) chunks, checking each CRC with an independent
    /// bitwise CRC-32.
    func chunks(_ png: [UInt8]) throws -> [(String, [UInt8])] {
        XCTAssertEqual(Array(png[0..<8]), [137, 80, 78, 71, 13, 10, 26, 10])
        func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
            }
            return ~c
        }
        var out: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= png.count {
            let len = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            let data = Array(png[(i + 8)..<(i + 8 + len)])
            let stored = UInt32(png[i + 8 + len]) << 24 | UInt32(png[i + 9 + len]) << 16 | UInt32(png[i + 10 + len]) << 8 | UInt32(png[i + 11 + len])
            XCTAssertEqual(stored, crc(png[(i + 4)..<(i + 8 + len)]), "CRC of \(type)")
            out.append((type, data))
            i += 12 + len
        }
        XCTAssertEqual(i, png.count)
        return out
    }

    func testInflatedIDATUnfiltersToTheInputPixels() throws {
        let w = 7, h = 5
        var rgba: [UInt8] = []
        for y in 0..<h { for x in 0..<w { rgba += [UInt8(x * 30), UInt8(y * 50), UInt8((x * y * 7) & 255), UInt8(128 + x * 10)] } }
        let png = try PNGEncoder.encode(width: w, height: h, rgba: rgba, compression: 9)
        let parts = try chunks(png)
        XCTAssertEqual(parts.first?.0, "IHDR")
        XCTAssertEqual(parts.last?.0, "IEND")
        let idat = parts.filter { $0.0 == "IDAT" }.flatMap { $0.1 }
        let raw = try Inflate.inflate(idat, maxOutput: 1 << 20)
        XCTAssertEqual(raw.count, h * (1 + w * 4))
        // Undo the per-row filters by the PNG spec, independently of the decoder.
        var prev = [UInt8](repeating: 0, count: w * 4), pixels: [UInt8] = []
        for y in 0..<h {
            let filter = raw[y * (1 + w * 4)]
            var row = Array(raw[(y * (1 + w * 4) + 1)..<((y + 1) * (1 + w * 4))])
            for i in 0..<row.count {
                let a = i >= 4 ? Int(row[i - 4]) : 0, b = Int(prev[i]), c = i >= 4 ? Int(prev[i - 4]) : 0
                let pred: Int
                switch filter {
                case 0: pred = 0
                case 1: pred = a
                case 2: pred = b
                case 3: pred = (a + b) / 2
                default:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                }
                row[i] = UInt8((Int(row[i]) + pred) & 255)
            }
            pixels += row
            prev = row
        }
        XCTAssertEqual(pixels, rgba)
        XCTAssertEqual(try PNGDecoder.decode(png).rgba, rgba)
    }
}
