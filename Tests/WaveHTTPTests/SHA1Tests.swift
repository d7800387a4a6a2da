import XCTest
@testable import WaveHTTP

/// SHA-1 against the FIPS 180 examples and, for lengths around the padding's edges, digests
/// from coreutils' sha1sum.
final class SHA1Tests: XCTestCase {
    func hex(_ s: String) -> String { SHA1.hash(Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }

    func testKnownVectors() {
        XCTAssertEqual(hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        XCTAssertEqual(hex("The quick brown fox jumps over the lazy dog"), "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12")
        XCTAssertEqual(hex(String(repeating: "a", count: 1_000_000)), "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    func testLengthsAtTheEdgesOfABlock() {
        let expected = [
            55: "c1c8bbdc22796e28c0e15163d20899b65621d65a", 56: "c2db330f6083854c99d4b5bfb6e8f29f201be699",
            63: "03f09f5b158a7a8cdad920bddc29b81c18a551f5", 64: "0098ba824b5c16427bd7a1122a5a442a25ec644d",
            65: "11655326c708d70319be2610e8a57d9a5b959d3b", 119: "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56",
            120: "f34c1488385346a55709ba056ddd08280dd4c6d6",
        ]
        for (n, digest) in expected { XCTAssertEqual(hex(String(repeating: "a", count: n)), digest, "\(n) bytes") }
    }

    /// RFC 6455, section 1.3: the example key and its accept value.
    func testTheHandshakeExampleOfRFC6455() {
        XCTAssertEqual(WebSocketHandshake.accept(key: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }
}
