/// The bookkeeping the accelerator's caches share (`SpanCache`, `CoverageCache`,
/// `ShadowCache`): entries kept least recently used first and dropped, oldest first, past
/// `capacity` entries or `costLimit` in total (the newest entry always stays), and the
/// fingerprints of recent misses, so that a thing is kept only once it has come back.
///
/// Not thread-safe: a cache shared between threads holds it behind its own lock.
struct MemoList<Entry: AnyObject> {
    let capacity: Int
    let costLimit: Int
    /// How many recent misses are remembered.
    let missMemory: Int
    let cost: (Entry) -> Int

    /// Least recently used first.
    private(set) var entries: [Entry] = []
    private(set) var totalCost = 0
    private var misses: [Int] = []

    init(capacity: Int, costLimit: Int, missMemory: Int, cost: @escaping (Entry) -> Int) {
        self.capacity = capacity
        self.costLimit = costLimit
        self.missMemory = missMemory
        self.cost = cost
    }

    /// The most recently used entry that `matches`, made the most recently used.
    mutating func find(_ matches: (Entry) -> Bool) -> Entry? {
        guard let i = entries.lastIndex(where: matches) else { return nil }
        let e = entries.remove(at: i)
        entries.append(e)
        return e
    }

    func contains(_ matches: (Entry) -> Bool) -> Bool { entries.contains(where: matches) }

    /// Records a miss; true when the same fingerprint missed recently (keep it this time).
    mutating func repeatedMiss(hash: Int) -> Bool {
        if let i = misses.firstIndex(of: hash) {
            misses.remove(at: i)
            return true
        }
        remember(hash)
        return false
    }

    /// Counts a miss for `hash` ahead of time, so its next miss keeps it.
    mutating func expectRepeat(hash: Int) {
        if !misses.contains(hash) { remember(hash) }
    }

    private mutating func remember(_ hash: Int) {
        misses.append(hash)
        if misses.count > missMemory { misses.removeFirst() }
    }

    /// Keeps `entry` as the most recently used, dropping the oldest past the limits.
    mutating func insert(_ entry: Entry) {
        entries.append(entry)
        totalCost += cost(entry)
        while entries.count > capacity || (totalCost > costLimit && entries.count > 1) {
            totalCost -= cost(entries.removeFirst())
        }
    }
}
