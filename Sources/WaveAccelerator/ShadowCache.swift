import WaveGeometry
import WaveGraphics
import Foundation

/// Blurred shadow alpha of layers that come back frame after frame: a static shadow, or an
/// animation that loops (glow-heart's beat repeats every 48 ticks), is blurred once.
///
/// The shadow's alpha depends only on the items casting it, the effect's blur, the shadow's
/// offset and radius (not its colour or opacity, which only tint it) and the rectangle it
/// is computed over; entries are matched on all of them, the items by full equality (the
/// fingerprint only finds candidates), so a hit gives exactly the bytes a fresh blur would.
/// Entries hold the compact `ShadowAlpha` (the runs that can show, a byte a pixel: painting
/// one looks each byte up in a table of finished pixels, which costs about what copying
/// four-byte finished pixels from memory would); at most `capacity` entries and
/// `byteLimit` bytes in all (an entry's coverage counted twice: the plans kept with it for
/// painting it over stale pixels, `ShadowPlans`, may take as much again). While there is
/// room every new shadow is kept, so a loop is
/// blurred once, in its first cycle; once full, a shadow is kept only the second time its
/// fingerprint misses within the last `missMemory` misses, displacing the least recently
/// used, so shadows that never repeat do not push out ones that do.
///
/// One cache serves every render of a `Renderer` and its copies, on any thread (all state
/// behind one lock; blurring and painting happen outside it), so two threads rendering
/// alternate frames of a loop blur each shadow once between them. Which thread stores an
/// entry first never changes a byte: a hit is the same alpha a fresh blur gives.
final class ShadowCache: @unchecked Sendable {
    typealias Key = ShadowKey

    final class Entry {
        let key: Key
        let hash: Int
        let alpha: ShadowAlpha
        /// How the shadow was painted over stale pixels lately (`StaleShadowPainter`).
        let plans = ShadowPlans()
        /// Where its runs lie, strip by strip (`ActiveAccelerator.shadowFootprint`).
        let extents: ShadowExtents

        init(key: Key, hash: Int, alpha: ShadowAlpha) {
            self.key = key
            self.hash = hash
            self.alpha = alpha
            extents = ShadowExtents(alpha)
        }

        /// What an entry for `alpha` is counted as: the shadow, room for its plans (as
        /// many bytes as its coverage) and its extents.
        static func byteCount(of alpha: ShadowAlpha) -> Int {
            alpha.byteCount + alpha.bytes.count + 4 * ShadowExtents.count(over: alpha.rect)
        }

        fileprivate var byteCount: Int { Self.byteCount(of: alpha) }
    }

    static let capacity = 64
    static let byteLimit = 32 << 20
    static let missMemory = 128

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var memo = MemoList<Entry>(capacity: capacity, costLimit: byteLimit, missMemory: missMemory) { $0.byteCount }

    static func fingerprint(_ key: Key) -> Int {
        var h = UInt64(bitPattern: Int64(DisplayItem.fingerprint(of: key.items)))
        for v in [key.blur, key.dx, key.dy, key.radius] { h = (h ^ (v == 0 ? 0 : v.bitPattern)) &* 0x0000_0100_0000_01B3 }
        for v in [key.layer.x0, key.layer.y0, key.layer.x1, key.layer.y1, key.rect.x0, key.rect.y0, key.rect.x1, key.rect.y1] {
            h = (h ^ UInt64(bitPattern: Int64(v))) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// The stored alpha for `key`, if any (over `key.rect`).
    func entry(for key: Key, hash: Int) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return memo.find { $0.hash == hash && $0.key == key }
    }

    /// What it holds, least recently used first.
    var entries: [Entry] { lock.withLock { memo.entries } }

    /// The entry holding `alpha` (found with `entry(for:hash:)` just before), if it is still kept.
    func entry(holding alpha: ShadowAlpha) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return memo.entries.last { $0.alpha.bytes === alpha.bytes }
    }

    /// Whether to keep a shadow of `bytes` bytes that just missed: yes while the cache has
    /// room for it, else when its fingerprint missed recently (the shadow repeats).
    func shouldStore(hash: Int, bytes size: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if memo.entries.count < Self.capacity, memo.totalCost + size <= Self.byteLimit { return true }
        return memo.repeatedMiss(hash: hash)
    }

    /// Keeps `entry`, unless another render stored the same key meanwhile.
    func store(_ entry: Entry) {
        guard entry.byteCount <= Self.byteLimit else { return }
        lock.lock()
        defer { lock.unlock() }
        guard !memo.contains({ $0.hash == entry.hash && $0.key == entry.key }) else { return }
        memo.insert(entry)
    }
}
