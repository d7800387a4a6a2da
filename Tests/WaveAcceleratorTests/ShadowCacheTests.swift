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
}
