import WaveGeometry
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A large buffer that lives long: the shadow cache's coverage.
///
/// Filling fresh heap memory costs the system a page fault and a page allocation every
/// 4 KiB, about 1.4 µs each on this kind of virtual machine: more than computing the bytes
/// that go in it (glow-heart's first beat stores 20 MB of shadows, and the faults were a
/// quarter of its time). So from `pooledBytes` on, buffers are carved from 2 MiB slabs
/// (`PageSlab`) mapped with `MADV_HUGEPAGE`, which the system backs with one transparent
/// huge page where it allows, and made present in one call (`MADV_POPULATE_WRITE`);
/// buffers larger than half a slab get slabs of their own. When the last buffer in a slab
/// goes, the slab is kept for the next one (up to `PageSlab.spareLimit` of them, its pages
/// still present: a renderer made again, as for every round of `wave bench` or a reloaded
/// script, or a cache that evicts and refills, does not pay for them twice); beyond that,
/// and a slab of its own, it is unmapped. Where the system refuses either advice, the pages
/// fault in as heap memory's do. The contents start undefined: write before reading.
package final class PageBuffer<Element>: @unchecked Sendable {
    package let base: UnsafeMutablePointer<Element>
    package let count: Int
    /// The slab holding the buffer; nil when it came from the heap.
    private let slab: PageSlab?

    static var pooledBytes: Int { 64 << 10 }

    init(count: Int) {
        precondition(count >= 0)
        self.count = count
        let bytes = count * MemoryLayout<Element>.stride
        if bytes >= Self.pooledBytes, let (slab, p) = PageSlab.carve(bytes) {
            self.slab = slab
            base = p.bindMemory(to: Element.self, capacity: count)
        } else {
            slab = nil
            base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(count, 1))
        }
    }

    subscript(i: Int) -> Element {
        precondition(i >= 0 && i < count)
        return base[i]
    }

    deinit {
        if slab == nil { base.deallocate() }
    }
}

/// A mapped region that `PageBuffer`s are carved from, front to back; unmapped when the
/// last of them (and the carver) lets go of it.
final class PageSlab: @unchecked Sendable {
    static let size = 2 << 20

    let base: UnsafeMutableRawPointer
    let mapped: Int
    /// Bytes handed out (guarded by `lock`).
    private var used = 0

    private static let lock = NSLock()
    /// The slab new buffers are carved from (guarded by `lock`).
    nonisolated(unsafe) private static var current: PageSlab?

    /// Slabs of the standard size kept mapped after their last buffer went, at most this many.
    static let spareLimit = 8
    /// Their regions (guarded by `spareLock`: a slab is made, and one can go, while `lock` is held).
    nonisolated(unsafe) private static var spares: [UnsafeMutableRawPointer] = []
    private static let spareLock = NSLock()

    /// The addresses of the slabs kept now (for tests).
    static var spareRegions: [Int] {
        spareLock.lock()
        defer { spareLock.unlock() }
        return spares.map { Int(bitPattern: $0) }
    }

    private init?(bytes: Int) {
        #if os(Linux)
        let huge = Self.size
        let size = (bytes + huge - 1) / huge * huge
        if size == huge {
            Self.spareLock.lock()
            let spare = Self.spares.popLast()
            Self.spareLock.unlock()
            if let spare {
                base = spare
                mapped = Self.size
                return
            }
        }
        // Map one huge page more and trim, so the region starts on a 2 MiB boundary.
        guard let raw = mmap(nil, size + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { return nil }
        let address = Int(bitPattern: raw), aligned = (address + huge - 1) / huge * huge
        if aligned > address { munmap(raw, aligned - address) }
        if let tail = UnsafeMutableRawPointer(bitPattern: aligned + size) { munmap(tail, address + huge - aligned) }
        guard let region = UnsafeMutableRawPointer(bitPattern: aligned) else { return nil }
        _ = madvise(region, size, 14)   // MADV_HUGEPAGE
        _ = madvise(region, size, 23)   // MADV_POPULATE_WRITE (Linux 5.14)
        base = region
        mapped = size
        #else
        return nil
        #endif
    }

    /// A slab and `bytes` (64-byte aligned) in it, or nil where mapping fails.
    static func carve(_ bytes: Int) -> (PageSlab, UnsafeMutableRawPointer)? {
        let size = (bytes + 63) & ~63
        guard size <= Self.size / 2 else {
            guard let own = PageSlab(bytes: size) else { return nil }
            own.used = size
            return (own, own.base)
        }
        lock.lock()
        defer { lock.unlock() }
        if let slab = current, slab.used + size <= slab.mapped {
            let p = slab.base + slab.used
            slab.used += size
            return (slab, p)
        }
        guard let slab = PageSlab(bytes: Self.size) else { return nil }
        current = slab
        slab.used = size
        return (slab, slab.base)
    }

    deinit {
        #if os(Linux)
        if mapped == Self.size {
            Self.spareLock.lock()
            defer { Self.spareLock.unlock() }
            if Self.spares.count < Self.spareLimit {
                Self.spares.append(base)
                return
            }
        }
        munmap(base, mapped)
        #endif
    }
}
