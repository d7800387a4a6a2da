import WaveGeometry
import WaveGraphics
/// Coverage spans of fills that come back frame after frame (a shape or stroke that does
/// not move), kept so a renderer drawing a sequence scan-converts them once.
///
/// An entry is the exact span list the scan converter produced for a path, fill rule and
/// surface rectangle; replaying it into any blitter gives the bytes a fresh conversion
/// would, because the sweep's output depends on nothing else. Entries are matched by full
/// equality of path, rule and rectangle (the fingerprint only finds candidates), so any
/// change of geometry or transform misses; the paint is not part of the key, as coverage
/// does not depend on it. A fill is stored the second time it is seen, so fills that
/// change every frame cost only a fingerprint. Owned by one render at a time (it lives in
/// `RenderCaches`).
final class SpanCache {
    final class Entry {
        let path: Path
        let rule: FillRule
        let rect: PixelBounds
        let hash: Int
        let spans: [CoverageSpan]
        init(path: Path, rule: FillRule, rect: PixelBounds, hash: Int, spans: [CoverageSpan]) {
            self.path = path
            self.rule = rule
            self.rect = rect
            self.hash = hash
            self.spans = spans
        }
    }

    static let capacity = 32
    static let spanLimit = 1 << 20

    private var memo = MemoList<Entry>(capacity: capacity, costLimit: spanLimit, missMemory: capacity) { $0.spans.count }

    func entry(path: Path, rule: FillRule, rect: PixelBounds, hash: Int) -> Entry? {
        memo.find { $0.hash == hash && $0.rect == rect && $0.rule == rule && $0.path == path }
    }

    /// Records a miss; true when the same fingerprint missed recently (store it this time).
    func repeatedMiss(hash: Int) -> Bool { memo.repeatedMiss(hash: hash) }

    /// Counts a miss for `hash` ahead of time: the next conversion of that fill is recorded
    /// and kept (for a fill about to be drawn twice in one frame, as an effect's layer and
    /// straight onto the target).
    func expectRepeat(hash: Int) { memo.expectRepeat(hash: hash) }

    func store(_ entry: Entry) {
        guard entry.spans.count <= Self.spanLimit else { return }
        memo.insert(entry)
    }

    /// A cheap fingerprint of a fill's geometry; equal inputs always agree.
    static func fingerprint(_ path: Path, _ rule: FillRule, _ rect: PixelBounds) -> Int {
        var h: UInt64 = rule == .evenOdd ? 0x51_7CC1_B727_220A : 0x9E37_79B9_7F4A_7C15
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01B3; h ^= h >> 29 }
        mix(UInt64(bitPattern: Int64(rect.x0)) &* 31 &+ UInt64(bitPattern: Int64(rect.y1)))
        mix(UInt64(path.elements.count))
        path.forEachPoint { p in
            mix(p.x == 0 ? 0 : p.x.bitPattern)
            mix(p.y == 0 ? 0 : p.y.bitPattern)
        }
        return Int(truncatingIfNeeded: h)
    }
}
