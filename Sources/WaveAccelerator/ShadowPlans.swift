import Foundation
import CPixelKernels

/// How a shadow was painted over stale pixels (`StaleShadowPainter`), kept in the shadow
/// cache's entry (`ShadowCache.Entry.plans`) so that painting it again over the same stale
/// stretches of the same target (a loop's shadow from the cache, a cycle later) replays the
/// lookups instead of working them out run by run.
///
/// A plan is a function of the shadow's runs and hidden stretches, the stale stretches and
/// where the shadow lands in the target (`origin`, `stride`), which are its key; the tint
/// and the plain colour come from the painter each time. The plans kept take at most as
/// many bytes as the shadow's coverage (the cache counts room for them in its entry's
/// cost), the least recently used going first; two threads rendering alternate frames
/// paint into two targets, so two plans are kept where they fit. Any thread: a plan is
/// read-only once made, the list behind a lock.
final class ShadowPlans: @unchecked Sendable {
    /// Pixels of a run outside the stale stretch: painted by reading them.
    struct Read {
        let alpha: UnsafePointer<UInt8>
        let count: Int
        let pixels: UnsafeMutableRawPointer
    }

    struct Plan {
        let origin: UnsafeMutableRawPointer
        let stride: Int
        let columns: [Int32]
        /// Lookups in the finished-pixel table, from the shadow's bytes to pixels from
        /// `origin` on (zeros for the plain colour).
        let lookups: [wave_planned_lookup]
        let reads: [Read]

        var byteCount: Int {
            columns.count * 4 + lookups.count * MemoryLayout<wave_planned_lookup>.stride + reads.count * MemoryLayout<Read>.stride
        }
    }

    private let lock = NSLock()
    /// Least recently used first.
    private var plans: [Plan] = []

    /// How many are kept, and their bytes.
    var count: Int { lock.withLock { plans.count } }
    var byteCount: Int { lock.withLock { plans.reduce(0) { $0 + $1.byteCount } } }

    /// The plan kept for this key, if any.
    func plan(origin: UnsafeMutableRawPointer, stride: Int, columns: [Int32]) -> Plan? {
        lock.lock()
        defer { lock.unlock() }
        let found = plans.lastIndex { plan in
            plan.origin == origin && plan.stride == stride && columns.withUnsafeBytes { a in
                plan.columns.withUnsafeBytes { b in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
            }
        }
        guard let i = found else { return nil }
        if i != plans.count - 1 { plans.append(plans.remove(at: i)) }
        return plans[plans.count - 1]
    }

    /// Keeps `plan`, letting the least recently used go until the plans take at most `limit` bytes.
    func keep(_ plan: Plan, within limit: Int) {
        guard plan.byteCount <= limit else { return }
        lock.lock()
        defer { lock.unlock() }
        plans.append(plan)
        var total = plans.reduce(0) { $0 + $1.byteCount }
        while total > limit {
            total -= plans[0].byteCount
            plans.removeFirst()
        }
    }
}
