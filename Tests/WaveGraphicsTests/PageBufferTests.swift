import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// The shadow cache's large buffers: small ones from the heap, large ones carved from
/// mapped slabs, each its own memory for as long as it lives.
final class PageBufferTests: XCTestCase {
    /// Buffers of every size class hold what is written to them, do not overlap, and are
    /// 64-byte aligned when carved from a slab; dropping them in any order is safe.
    func testBuffersOfEverySizeHoldTheirBytesApart() {
        let counts = [0, 1, 1000, PageBuffer<UInt32>.pooledBytes / 4, 300_000, 200_000, PageSlab.size / 2,
                      PageSlab.size / 4 + 1, PageSlab.size]
        var buffers = counts.map { PageBuffer<UInt32>(count: $0) }
        for (k, b) in buffers.enumerated() {
            XCTAssertEqual(b.count, counts[k])
            for i in 0..<b.count { b.base[i] = UInt32(truncatingIfNeeded: k &* 1_000_003 &+ i) }
            if b.count * 4 >= PageBuffer<UInt32>.pooledBytes {
                XCTAssertEqual(Int(bitPattern: b.base) & 63, 0, "buffer \(k) aligned")
            }
        }
        // No two buffers share a byte.
        let spans = buffers.filter { $0.count > 0 }.map { (Int(bitPattern: $0.base), Int(bitPattern: $0.base) + $0.count * 4) }
            .sorted { $0.0 < $1.0 }
        for (a, b) in zip(spans, spans.dropFirst()) { XCTAssertLessThanOrEqual(a.1, b.0) }
        buffers.remove(at: 4)
        buffers.remove(at: 1)
        let later = PageBuffer<UInt8>(count: 100_000)
        for i in 0..<later.count { later.base[i] = UInt8(truncatingIfNeeded: i) }
        for (k, b) in buffers.enumerated() {
            let original = k >= 3 ? k + 2 : (k >= 1 ? k + 1 : k)
            for i in stride(from: 0, to: b.count, by: 997) {
                XCTAssertEqual(b[i], UInt32(truncatingIfNeeded: original &* 1_000_003 &+ i))
            }
        }
        XCTAssertEqual(later[99_999], UInt8(truncatingIfNeeded: 99_999))
    }

    /// A slab whose last buffer went is kept and handed out again (its pages stay present),
    /// up to `PageSlab.spareLimit` of them; the buffers carved from it hold their own bytes.
    func testASlabLetGoIsUsedAgain() {
        func region(_ b: PageBuffer<UInt8>) -> Int { Int(bitPattern: b.base) & ~(PageSlab.size - 1) }
        let half = PageSlab.size / 2
        // Take every slab kept by earlier work, so that the ones let go below are the only ones.
        var held: [PageBuffer<UInt8>] = []
        while !PageSlab.spareRegions.isEmpty { held.append(PageBuffer<UInt8>(count: half)) }
        var first = (0..<6).map { _ in PageBuffer<UInt8>(count: half) }
        let mine = Set(first.map(region))
        XCTAssertGreaterThanOrEqual(mine.count, 3)
        for b in first { for i in stride(from: 0, to: b.count, by: 4096) { b.base[i] = 7 } }
        first.removeAll()
        let kept = PageSlab.spareRegions
        XCTAssertGreaterThanOrEqual(kept.count, 2, "slabs let go are kept")
        XCTAssertTrue(Set(kept).isSubset(of: mine))
        let again = (0..<4).map { _ in PageBuffer<UInt8>(count: half) }
        XCTAssertLessThan(PageSlab.spareRegions.count, kept.count, "kept slabs are used again")
        XCTAssertFalse(Set(again.map(region)).isDisjoint(with: kept))
        for (k, b) in again.enumerated() { for i in stride(from: 0, to: b.count, by: 4093) { b.base[i] = UInt8(k) } }
        for (k, b) in again.enumerated() { for i in stride(from: 0, to: b.count, by: 4093) { XCTAssertEqual(b.base[i], UInt8(k)) } }
        held.removeAll()
    }
}
