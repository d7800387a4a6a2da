import XCTest
@testable import WaveCodecs
import WaveTestSupport

final class LZWTests: XCTestCase {
    func testRoundTripAllCodeSizes() throws {
        var rng = TestRNG(seed: 42)
        for minCodeSize in 2...8 {
            for n in [0, 1, 2, 3, 10, 257, 5000] {
                let data = (0..<n).map { _ in UInt8(rng.int(1 << minCodeSize)) }
                let encoded = LZWEncoder.encode(data, minCodeSize: minCodeSize)
                let decoded = try LZWDecoder.decodeCountingClears(encoded, minCodeSize: minCodeSize, pixelCount: n)
                XCTAssertEqual(decoded.indices, data, "min \(minCodeSize) n \(n)")
            }
        }
    }

    func testTableFillsAndClearsPast12Bits() throws {
        var rng = TestRNG(seed: 7)
        let random = (0..<200_000).map { _ in rng.byte() }
        let enc = LZWEncoder.encode(random, minCodeSize: 8)
        let dec = try LZWDecoder.decodeCountingClears(enc, minCodeSize: 8, pixelCount: random.count)
        XCTAssertEqual(dec.indices, random)
        XCTAssertEqual(dec.maxCodeSize, 12)
        XCTAssertGreaterThan(dec.clears, 10, "the 4096-entry table had to be reset repeatedly")
        // Small alphabets and long runs (KwKwK cases) also survive table resets.
        let small = (0..<100_000).map { _ in UInt8(rng.int(3)) }
        let decSmall = try LZWDecoder.decodeCountingClears(LZWEncoder.encode(small, minCodeSize: 2),
                                                           minCodeSize: 2, pixelCount: small.count)
        XCTAssertEqual(decSmall.indices, small)
        XCTAssertGreaterThan(decSmall.clears, 1)
        let runs = [UInt8](repeating: 1, count: 3_000_000)
        let runEnc = LZWEncoder.encode(runs, minCodeSize: 2)
        XCTAssertLessThan(runEnc.count, 10_000)
        XCTAssertEqual(try LZWDecoder.decode(runEnc, minCodeSize: 2, pixelCount: runs.count), runs)
    }

    func testCodeSizeBoundariesForEveryLength() throws {
        // Every length up to a few thousand crosses each code-width switch at a
        // different point, including right before the end-of-information code.
        var rng = TestRNG(seed: 3)
        let data = (0..<4200).map { _ in UInt8(rng.int(4)) }
        for n in stride(from: 0, through: 4200, by: 7) {
            let slice = Array(data[0..<n])
            XCTAssertEqual(try LZWDecoder.decode(LZWEncoder.encode(slice, minCodeSize: 2), minCodeSize: 2,
                                                 pixelCount: n), slice, "n \(n)")
        }
    }

    func testEndOfInformationIsReadAtTheRightWidth() throws {
        // Decode strictly: after all pixels, the next code must be exactly EOI.
        var rng = TestRNG(seed: 11)
        for n in 1..<600 {
            let data = (0..<n).map { _ in UInt8(rng.int(4)) }
            let enc = LZWEncoder.encode(data, minCodeSize: 2)
            // Re-read the stream, tracking widths like a decoder, and check the final code.
            var bits = 0, pos = 0, codeSize = 3, next = 6, prev = -1, out = 0
            func read() -> Int {
                var v = 0
                for k in 0..<codeSize {
                    let byte = pos / 8
                    if byte < enc.count && (enc[byte] >> UInt8(pos % 8)) & 1 == 1 { v |= 1 << k }
                    pos += 1
                }
                bits += codeSize
                return v
            }
            var lengths = [Int](repeating: 1, count: 4096)
            while out < n {
                let code = read()
                if code == 4 { codeSize = 3; next = 6; prev = -1; continue }
                let len = code < next ? lengths[code] : lengths[prev] + 1
                if prev >= 0 && next < 4096 {
                    lengths[next] = lengths[prev] + 1
                    next += 1
                    if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
                }
                out += len
                prev = code
            }
            XCTAssertEqual(read(), 5, "EOI expected at width \(codeSize) for n \(n)")
            XCTAssertEqual((bits + 7) / 8, enc.count, "no stray bytes for n \(n)")
        }
    }

    func testDecoderRejectsBadStreams() {
        XCTAssertThrowsError(try LZWDecoder.decode([0xFF, 0xFF], minCodeSize: 2, pixelCount: 4))
        XCTAssertThrowsError(try LZWDecoder.decode([], minCodeSize: 2, pixelCount: 1))
        XCTAssertThrowsError(try LZWDecoder.decode([0], minCodeSize: 0, pixelCount: 1))
        let enc = LZWEncoder.encode([1, 2, 3, 1, 2, 3, 1, 2, 3], minCodeSize: 2)
        XCTAssertThrowsError(try LZWDecoder.decode(enc, minCodeSize: 2, pixelCount: 8), "too much data")
        XCTAssertThrowsError(try LZWDecoder.decode(enc, minCodeSize: 2, pixelCount: 10), "too little data")
        XCTAssertThrowsError(try LZWDecoder.decode(Array(enc.prefix(1)), minCodeSize: 2, pixelCount: 9))
    }

    func testSubBlocks() {
        for n in [0, 1, 254, 255, 256, 510, 1000] {
            let data = (0..<n).map { UInt8(truncatingIfNeeded: $0) }
            var out: [UInt8] = []
            LZWEncoder.appendSubBlocks(data, to: &out)
            var i = 0
            var joined: [UInt8] = []
            while out[i] != 0 {
                let len = Int(out[i])
                XCTAssertLessThanOrEqual(len, 255)
                joined += out[(i + 1)..<(i + 1 + len)]
                i += 1 + len
            }
            XCTAssertEqual(i, out.count - 1, "terminator is last")
            XCTAssertEqual(joined, data)
        }
    }
}
