import XCTest
@testable import WaveCodecs

final class ChecksumTests: XCTestCase {
    func testCrc32CheckValue() {
        XCTAssertEqual(Crc32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(Crc32.checksum([]), 0)
        XCTAssertEqual(Crc32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)), 0x414F_A339)
    }

    func testCrc32IncrementalMatchesOneShot() {
        var rng = TestRNG(seed: 7)
        let data = (0..<1000).map { _ in rng.byte() }
        for split in [0, 1, 7, 8, 9, 500, 999, 1000] {
            var crc = Crc32()
            crc.update(Array(data[..<split]))
            crc.update(Array(data[split...]))
            XCTAssertEqual(crc.value, Crc32.checksum(data), "split \(split)")
        }
        // Bytewise reference implementation.
        var c: UInt32 = 0xFFFF_FFFF
        for b in data {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        XCTAssertEqual(~c, Crc32.checksum(data))
    }

    func testAdler32() {
        XCTAssertEqual(Adler32.checksum(Array("Wikipedia".utf8)), 0x11E6_0398)
        XCTAssertEqual(Adler32.checksum([]), 1)
        let big = [UInt8](repeating: 255, count: 100_000)
        // Reference: straightforward modular sums.
        var a: UInt64 = 1, b: UInt64 = 0
        for x in big { a = (a + UInt64(x)) % 65521; b = (b + a) % 65521 }
        XCTAssertEqual(Adler32.checksum(big), UInt32(b << 16 | a))
    }

    func testZlibRoundTripAndTrailer() throws {
        var rng = TestRNG(seed: 1)
        let inputs: [[UInt8]] = [
            [],
            Array("hello hello hello hello".utf8),
            (0..<70_000).map { _ in rng.byte() },
            [UInt8](repeating: 42, count: 200_000),
        ]
        for input in inputs {
            for level in [0, 1, 6, 9] {
                let z = try Deflate.compress(input, level: level)
                XCTAssertEqual(z[0] & 0x0F, 8, "CM=8 deflate")
                XCTAssertEqual((Int(z[0]) << 8 | Int(z[1])) % 31, 0, "FCHECK")
                let trailer = readBE32(z, z.count - 4)
                XCTAssertEqual(trailer, Adler32.checksum(input))
                XCTAssertEqual(try Inflate.inflate(z, maxOutput: input.count), input)
            }
        }
        let z = try Deflate.compress([UInt8](repeating: 1, count: 1000), level: 6)
        XCTAssertEqual(try Deflate.compress([UInt8](repeating: 1, count: 1000), level: 6), z, "deterministic")
    }

    func testInflateRejectsBadStreams() throws {
        let input = Array("some text that compresses, some text that compresses".utf8)
        let z = try Deflate.compress(input)
        XCTAssertThrowsError(try Inflate.inflate(z, maxOutput: input.count - 1)) // over limit
        XCTAssertThrowsError(try Inflate.inflate(Array(z.dropLast(5)), maxOutput: 1000)) // truncated
        XCTAssertThrowsError(try Inflate.inflate([], maxOutput: 1000))
        var badAdler = z
        badAdler[badAdler.count - 1] ^= 0xFF
        XCTAssertThrowsError(try Inflate.inflate(badAdler, maxOutput: 1000))
        var badHeader = z
        badHeader[1] ^= 0x01
        XCTAssertThrowsError(try Inflate.inflate(badHeader, maxOutput: 1000))
        XCTAssertThrowsError(try Inflate.inflate([0x78, 0x9C, 0xFF, 0xFF, 0xFF], maxOutput: 1000))
        // A zip bomb is stopped at the limit rather than inflated.
        let bomb = try Deflate.compress([UInt8](repeating: 0, count: 10_000_000), level: 9)
        XCTAssertLessThan(bomb.count, 20_000)
        XCTAssertThrowsError(try Inflate.inflate(bomb, maxOutput: 1_000_000)) { error in
            XCTAssertTrue(error is CodecError)
        }
    }
}
