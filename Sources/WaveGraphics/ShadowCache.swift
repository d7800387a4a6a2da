import Foundation

/// Blurred shadow alpha of layers that come back frame after frame: a static shadow, or an
/// animation that loops (glow-heart's beat repeats every 48 ticks), is blurred once.
///
/// The shadow's alpha depends only on the items casting it, the effect's blur, the shadow's
/// offset and radius (not its colour or opacity, which only tint it) and the rectangle it
/// is computed over; entries are matched on all of them, the items by full equality (the
/// fingerprint only finds candidates), so a hit gives exactly the bytes a fresh blur would.
/// Entries hold the compact `ShadowAlpha` (the runs that can show) and, once a shadow is
/// painted twice in a row with the same tint over a plain backdrop, its finished
/// pixels (`FinishedShadow`, four bytes a coverage byte: painting is then a copy); at most
/// `capacity` entries and `byteLimit` bytes in all. While there is room every new shadow is kept, so a loop is
/// blurred once, in its first cycle; once full, a shadow is kept only the second time its
/// fingerprint misses within the last `missMemory` misses, displacing the least recently
/// used, so shadows that never repeat do not push out ones that do.
///
/// One cache serves every render of a `Renderer` and its copies, on any thread (all state
/// behind one lock; blurring and painting happen outside it), so two threads rendering
/// alternate frames of a loop blur each shadow once between them and both paint its
/// finished pixels. Which thread stores or finishes an entry first never changes a byte:
/// a hit is the same alpha a fresh blur gives, and finished pixels are the per-pixel formula.
final class ShadowCache: @unchecked Sendable {
    /// What a shadow's alpha is computed from.
    struct Key: Equatable {
        let items: [DisplayItem]
        let blur: Double
        let dx: Double
        let dy: Double
        let radius: Double
        /// The layer the items were drawn on, and the rectangle the alpha covers.
        let layer: PixelBounds
        let rect: PixelBounds
    }

    final class Entry {
        let key: Key
        let hash: Int
        let alpha: ShadowAlpha
        /// The tint of the last paint and the plain backdrop colour it met, and the finished
        /// pixels once a paint comes with the tint of the one before (all guarded by the
        /// cache's lock: read and set through `finished(_:color:)` and `painted`).
        fileprivate var lastColor: UInt32?
        fileprivate var lastPlain: UInt32?
        fileprivate var finished: FinishedShadow?

        init(key: Key, hash: Int, alpha: ShadowAlpha, color: UInt32? = nil, plain: UInt32? = nil) {
            self.key = key
            self.hash = hash
            self.alpha = alpha
            self.lastColor = color
            self.lastPlain = plain
        }

        fileprivate var byteCount: Int { alpha.byteCount + (finished?.byteCount ?? 0) }
    }

    static let capacity = 64
    static let byteLimit = 32 << 20
    static let missMemory = 128

    private let lock = NSLock()
    /// Least recently used first.
    private var entries: [Entry] = []
    private var bytes = 0
    /// Fingerprints of recent misses.
    private var misses: [Int] = []

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
        guard let i = entries.lastIndex(where: { $0.hash == hash && $0.key == key }) else { return nil }
        let e = entries.remove(at: i)
        entries.append(e)
        return e
    }

    /// Whether to keep a shadow of `bytes` bytes that just missed: yes while the cache has
    /// room for it, else when its fingerprint missed recently (the shadow repeats).
    func shouldStore(hash: Int, bytes size: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if entries.count < Self.capacity, bytes + size <= Self.byteLimit { return true }
        return repeatedMiss(hash: hash)
    }

    /// Records a miss; true when the same fingerprint missed recently (the shadow repeats).
    private func repeatedMiss(hash: Int) -> Bool {
        if let i = misses.firstIndex(of: hash) {
            misses.remove(at: i)
            return true
        }
        misses.append(hash)
        if misses.count > Self.missMemory { misses.removeFirst() }
        return false
    }

    /// Keeps `entry`, unless another render stored the same key meanwhile.
    func store(_ entry: Entry) {
        guard entry.byteCount <= Self.byteLimit else { return }
        lock.lock()
        defer { lock.unlock() }
        guard !entries.contains(where: { $0.hash == entry.hash && $0.key == entry.key }) else { return }
        entries.append(entry)
        bytes += entry.byteCount
        evict()
    }

    /// The finished pixels to paint `entry` (just returned by `entry(for:hash:)`) with tint
    /// `color`: made now, outside the lock, when the last paint had this tint and met a
    /// plain backdrop, and kept within the byte limit (older entries go first; they are not
    /// kept if they alone do not fit). Nil when there are none for this tint.
    func finished(_ entry: Entry, color: UInt32) -> FinishedShadow? {
        lock.lock()
        let (done, last, plain) = (entry.finished, entry.lastColor, entry.lastPlain)
        lock.unlock()
        if let done { return done.color == color ? done : nil }
        guard last == color, let plain else { return nil }
        let made = ShadowPainter.finish(entry.alpha, color: color, plain: plain)
        lock.lock()
        defer { lock.unlock() }
        if entry.finished == nil, entry.alpha.byteCount + made.byteCount <= Self.byteLimit,
           entries.contains(where: { $0 === entry }) {
            entry.finished = made
            bytes += made.byteCount
            evict()
        }
        return made
    }

    /// Records that `entry` was just painted with tint `color` and met plain backdrop
    /// `plain` (nil: none).
    func painted(_ entry: Entry, color: UInt32, plain: UInt32?) {
        lock.lock()
        entry.lastColor = color
        entry.lastPlain = plain
        lock.unlock()
    }

    private func evict() {
        while entries.count > Self.capacity || bytes > Self.byteLimit {
            bytes -= entries.removeFirst().byteCount
        }
    }
}
