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
/// used, so shadows that never repeat do not push out ones that do. Owned by one render at
/// a time (it lives in `RasterScratch`).
final class ShadowCache {
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
        /// pixels once a paint comes with the tint of the one before (set through
        /// `ShadowCache.finish`).
        var lastColor: UInt32?
        var lastPlain: UInt32?
        private(set) var finished: FinishedShadow?

        init(key: Key, hash: Int, alpha: ShadowAlpha, color: UInt32? = nil, plain: UInt32? = nil) {
            self.key = key
            self.hash = hash
            self.alpha = alpha
            self.lastColor = color
            self.lastPlain = plain
        }

        var byteCount: Int { alpha.byteCount + (finished?.byteCount ?? 0) }

        fileprivate func setFinished(_ f: FinishedShadow?) { finished = f }
    }

    static let capacity = 64
    static let byteLimit = 32 << 20
    static let missMemory = 128

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
        guard let i = entries.lastIndex(where: { $0.hash == hash && $0.key == key }) else { return nil }
        let e = entries.remove(at: i)
        entries.append(e)
        return e
    }

    /// Whether to keep a shadow of `bytes` bytes that just missed: yes while the cache has
    /// room for it, else when its fingerprint missed recently (the shadow repeats).
    func shouldStore(hash: Int, bytes size: Int) -> Bool {
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

    func store(_ entry: Entry) {
        guard entry.byteCount <= Self.byteLimit else { return }
        entries.append(entry)
        bytes += entry.byteCount
        evict()
    }

    /// Keeps `finished` with `entry` (just returned by `entry(for:hash:)`), within the
    /// byte limit: older entries go first, and the pixels are not kept if they alone do not fit.
    func finish(_ entry: Entry, _ finished: FinishedShadow) {
        guard entry.finished == nil, entry.alpha.byteCount + finished.byteCount <= Self.byteLimit,
              entries.last === entry else { return }
        entry.setFinished(finished)
        bytes += finished.byteCount
        evict()
    }

    private func evict() {
        while entries.count > Self.capacity || bytes > Self.byteLimit {
            bytes -= entries.removeFirst().byteCount
        }
    }
}
