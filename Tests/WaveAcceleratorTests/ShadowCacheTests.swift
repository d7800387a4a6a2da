import XCTest
@testable import WaveGeometry
@testable import WaveGraphics
@testable import WaveAccelerator

/// The accelerator's shared shadow memo: what it keeps, and when.
final class ShadowCacheTests: XCTestCase {
    /// The shadow cache keeps every new shadow while it has room (a loop is blurred once, in
    /// its first cycle); once full, only a shadow whose fingerprint missed recently.
    func testShadowCacheKeepsNewShadowsWhileItHasRoomThenOnlyRepeatedOnes() {
        let cache = ShadowCache()
        let key = ShadowKey(items: [], blur: 0, dx: 0, dy: 0, radius: 1, layer: .empty, rect: .empty)
        var alpha: [UInt8] = [0, 7, 0]
        let shadow = alpha.withUnsafeMutableBufferPointer {
            ShadowAlpha(alpha: $0.baseAddress!, rect: PixelBounds(x0: 0, y0: 0, x1: 3, y1: 1), hiddenUnder: nil)
        }
        for hash in 0..<ShadowCache.capacity {
            XCTAssertTrue(cache.shouldStore(hash: hash, bytes: shadow.byteCount), "room for shadow \(hash)")
            cache.store(ShadowCache.Entry(key: key, hash: hash, alpha: shadow))
        }
        XCTAssertFalse(cache.shouldStore(hash: 1000, bytes: shadow.byteCount), "full: a first miss is not kept")
        XCTAssertTrue(cache.shouldStore(hash: 1000, bytes: shadow.byteCount), "full: a repeated miss is kept")
        XCTAssertFalse(cache.shouldStore(hash: 0, bytes: ShadowCache.byteLimit), "no room for that many bytes")
    }

    /// An entry is found again from the shadow it holds (as the stale painter looks up the
    /// plans kept with a shadow the cache answered), not from another shadow with the same
    /// coverage, and not once it has been let go; it counts its coverage twice (room for
    /// its plans) and its extents, and its extents are the columns its runs span in each
    /// strip of `ShadowExtents.rows` rows.
    func testEntriesAreFoundFromTheirShadowAndHoldItsExtents() {
        let rect = PixelBounds(x0: 5, y0: 3, x1: 45, y1: 3 + ShadowExtents.rows + 2)
        var alpha = [UInt8](repeating: 0, count: rect.width * rect.height)
        alpha[2 * rect.width + 7] = 9                       // strip 0: columns 7 ..< 8
        alpha[9 * rect.width + 30] = 1                      // and 30 ..< 31
        alpha[(ShadowExtents.rows + 1) * rect.width + 12] = 4   // strip 1: 12 ..< 13
        func make() -> ShadowAlpha {
            var copy = alpha
            return copy.withUnsafeMutableBufferPointer { ShadowAlpha(alpha: $0.baseAddress!, rect: rect, hiddenUnder: nil) }
        }
        let shadow = make(), twin = make()
        let cache = ShadowCache()
        let key = ShadowKey(items: [], blur: 0, dx: 0, dy: 0, radius: 1, layer: .empty, rect: rect)
        let entry = ShadowCache.Entry(key: key, hash: 1, alpha: shadow)
        cache.store(entry)
        XCTAssertTrue(cache.entry(holding: shadow) === entry)
        XCTAssertNil(cache.entry(holding: twin), "equal coverage, another shadow")
        XCTAssertEqual(entry.extents.columns, [7, 31, 12, 13])
        XCTAssertEqual(ShadowCache.Entry.byteCount(of: shadow),
                       2 * shadow.bytes.count + (shadow.runs.count * MemoryLayout<ShadowAlpha.Run>.stride + 4) * 4)
        // Pushed out by shadows that fill the cache.
        for hash in 2...ShadowCache.capacity + 1 {
            cache.store(ShadowCache.Entry(key: ShadowKey(items: [], blur: 0, dx: 0, dy: 0, radius: Double(hash), layer: .empty,
                                                         rect: rect), hash: hash, alpha: make()))
        }
        XCTAssertNil(cache.entry(holding: shadow), "let go")
    }
}
