import Foundation

/// One shard of N: a contiguous chunk of a render's ticks, or a share of a list of scripts.
/// Shards count from 0, like the indices array-job engines hand out (`JOB_COMPLETION_INDEX`,
/// `SLURM_ARRAY_TASK_ID` with `--array=0-7`, a matrix over `[0, 1, …]`).
public struct Shard: Equatable, Sendable {
    public let index: Int
    public let count: Int

    /// Guarantees: 1 ≤ count ≤ 100000, 0 ≤ index < count.
    public init(index: Int, count: Int) throws(ShardError) {
        guard (1...Shard.maxCount).contains(count) else { throw ShardError("the number of shards must be 1 to \(Shard.maxCount), got \(count)") }
        guard (0..<count).contains(index) else {
            throw ShardError("the shard index must be 0 to \(count - 1) (shards count from 0), got \(index)")
        }
        self.index = index
        self.count = count
    }

    public static let maxCount = 100_000

    /// Reads `K/N`.
    public static func parse(_ text: String) throws(ShardError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw ShardError("--shard takes K/N, shard K (from 0) of N, e.g. 0/8; got '\(text)'")
        }
        return try Shard(index: k, count: n)
    }

    /// Shard `index` of `count`, the index read from the environment variable `name`.
    public static func fromEnvironment(_ name: String, count: Int, environment: [String: String]) throws(ShardError) -> Shard {
        guard let value = environment[name] else { throw ShardError("--shard-index-env \(name): the variable is not set") }
        guard let k = Int(value.trimmingCharacters(in: .whitespaces)) else {
            throw ShardError("--shard-index-env \(name): the variable is '\(value)', not a shard index")
        }
        do { return try Shard(index: k, count: count) } catch {
            throw ShardError("--shard-index-env \(name)=\(value): \(error.message)")
        }
    }

    /// This shard's chunk of `range`: the chunks of all shards tile it in order and differ
    /// in length by at most one tick (a chunk is empty when there are fewer ticks than shards).
    public func chunk(of range: Range<Int>) -> Range<Int> {
        let n = range.count
        return (range.lowerBound + n * index / count)..<(range.lowerBound + n * (index + 1) / count)
    }

    /// The indices of the items this shard takes, given each item's estimated cost: the
    /// costliest item first goes to the least loaded shard (ties to the lowest shard), so
    /// every shard computes the same split without talking to the others.
    public func share(costs: [Double]) -> [Int] {
        var load = [Double](repeating: 0, count: count)
        var mine: [Int] = []
        let order = costs.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        for i in order {
            var best = 0
            for s in 1..<count where load[s] < load[best] { best = s }
            load[best] += max(costs[i], 0)
            if best == index { mine.append(i) }
        }
        return mine.sorted()
    }
}

/// A bad shard or tick range: a usage error.
public struct ShardError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// `A..B`: ticks A up to B, B excluded.
public func parseTickRange(_ text: String) throws(ShardError) -> Range<Int> {
    guard let r = text.range(of: "..") else { throw ShardError("--ticks takes A..B (ticks A up to B, B excluded), e.g. 120..240; got '\(text)'") }
    guard let a = Int(text[..<r.lowerBound]), let b = Int(text[r.upperBound...]) else {
        throw ShardError("--ticks takes A..B with whole numbers of ticks, e.g. 120..240; got '\(text)'")
    }
    guard a >= 0, b > a else { throw ShardError("--ticks \(text): the range must start at 0 or later and end after it starts") }
    return a..<b
}
