import XCTest
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
}
