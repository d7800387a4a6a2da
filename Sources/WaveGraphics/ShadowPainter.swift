import WaveGeometry
import Foundation
import CPixelKernels

/// Paints a shadow's coverage tinted with one premultiplied colour, source-over: a pixel
/// under coverage a becomes over(scale(colour, a), backdrop); a = 0 leaves it as it is.
///
/// The tint scaled by each coverage, and 255 minus that alpha, come from two 256-entry
/// tables. Where the backdrop is one colour (a shadow cast on a plain background, as
/// glow-heart's whole glow is) the result depends on the coverage alone: a third table,
/// made for the first such colour met, holds the finished pixels, and stretches of such
/// backdrop are painted by looking every coverage up in it (`wave_lookup_words`, 64 pixels
/// a step where the CPU has AVX-512 VBMI); so is a stale rectangle that stands for the
/// background (`fresh`), without reading it (where the coverage is 0 or there is none, the
/// table's first word, the background itself); stale pixels in a row's hidden stretch
/// (`ShadowAlpha.hidden`) are left alone, as the layer drawn next replaces them. A shadow
/// painted again from the cache costs the same, one byte read a pixel; over stale pixels,
/// what to look up where is worked out once for the same stale stretches and kept with the
/// shadow (`ShadowPlans`): a loop's glow painted a cycle later replays it. Every
/// path computes the same integer formula, so the bytes are those of the per-pixel
/// definition (`EffectTests.testShadowPainterEqualsThePerPixelFormula`,
/// `testWholeRowShadowOverStalePixelsAndItsKeptPlans`).
package struct ShadowPainter {
    /// 2 · 256 words: the tint scaled by coverage, and 255 − its alpha.
    private let tables: UnsafeMutablePointer<UInt32>
    /// The finished pixels over the plain colour (in memory byte order); valid when `hasPlain`.
    private let plain: UnsafeMutablePointer<wave_word_table>
    /// Runs of coverage to look up in `plain` and write, `jobCount` of them so far: looked
    /// up together (`flush`), the table read once for them all.
    private let jobs: UnsafeMutablePointer<wave_lookup_job>
    private var jobCount = 0
    private static let jobCapacity = 256
    /// The plain colour twice, as two stored pixels read as one word; valid when `hasPlain`.
    private var plainPair: UInt64 = 0
    private var hasPlain = false

    /// Paints `shadow` tinted with `color` (premultiplied, packed) onto `target`, which must
    /// contain `shadow.rect`.
    ///
    /// `fresh` holds, row by row, stale pixels of `target` that stand for `background`
    /// (packed): every one of them inside `shadow.rect` is written, never read: the shadow
    /// over `background` where the coverage is non-zero, else `background`, except in the
    /// row's hidden stretch (`ShadowAlpha.hidden`), which the layer drawn next replaces.
    package static func paint(_ shadow: ShadowAlpha, color: UInt32, onto target: Surface, fresh: FreshRows = FreshRows(),
                      background: UInt32 = 0) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * 256) { buffer in
            withUnsafeTemporaryAllocation(of: wave_word_table.self, capacity: 1) { table in
                withUnsafeTemporaryAllocation(of: wave_lookup_job.self, capacity: Self.jobCapacity) { jobs in
                    guard let tables = buffer.baseAddress, let plain = table.baseAddress, let jobs = jobs.baseAddress else { return }
                    var painter = ShadowPainter(tables: tables, plain: plain, jobs: jobs, color: color)
                    if !fresh.isEmpty { painter.makePlain(background) }
                    painter.paint(shadow, onto: target, fresh: fresh)
                    painter.flush()
                }
            }
        }
    }

    /// The same with one rectangle of stale pixels.
    static func paint(_ shadow: ShadowAlpha, color: UInt32, onto target: Surface, fresh: PixelBounds, background: UInt32) {
        paint(shadow, color: color, onto: target, fresh: FreshRows(fresh), background: background)
    }

    private mutating func paint(_ shadow: ShadowAlpha, onto target: Surface, fresh: FreshRows) {
        let dx = shadow.rect.x0 - target.originX, dy = shadow.rect.y0 - target.originY
        let base = UnsafePointer(shadow.bytes.base)
        /// Paints `count` coverages from `offset` in the shadow's bytes at pixel (x, y) of
        /// the shadow's rectangle.
        func paintRun(x: Int, y: Int, offset: Int, count: Int) {
            paint(base + offset, count: count, at: target.base + (((y + dy) * target.stride + x + dx) << 2))
        }
        guard !fresh.isEmpty else {
            for run in shadow.runs { paintRun(x: Int(run.x), y: Int(run.y), offset: Int(run.offset), count: Int(run.count)) }
            return
        }
        // The stale stretch of row y in the shadow's coordinates, within its rectangle and
        // the target: with where the shadow lands, the key of the plan.
        let clip = shadow.rect.intersection(target.rect), height = shadow.rect.height
        func stretch(_ y: Int) -> (Int, Int) {
            let (a, b) = fresh.stretch(y + shadow.rect.y0)
            let lo = Swift.max(a, clip.x0) - shadow.rect.x0, hi = Swift.min(b, clip.x1) - shadow.rect.x0
            return lo < hi && y + shadow.rect.y0 >= clip.y0 && y + shadow.rect.y0 < clip.y1 ? (lo, hi) : (0, 0)
        }
        var columns = [Int32](repeating: 0, count: 2 * height)
        columns.withUnsafeMutableBufferPointer { c in
            for y in 0..<height {
                let (lo, hi) = stretch(y)
                c[2 * y] = Int32(truncatingIfNeeded: lo)
                c[2 * y + 1] = Int32(truncatingIfNeeded: hi)
            }
        }
        let origin = target.base + ((dy * target.stride + dx) << 2)
        let plan: ShadowPlans.Plan
        if let kept = shadow.plans.plan(origin: origin, stride: target.stride, columns: columns) {
            plan = kept
        } else {
            plan = Self.plan(shadow, origin: origin, stride: target.stride, columns: columns)
            shadow.plans.keep(plan, within: shadow.bytes.count)
        }
        for read in plan.reads { paint(read.alpha, count: read.count, at: read.pixels) }
        flush()
        plan.lookups.withUnsafeBufferPointer { runs in
            if let first = runs.baseAddress, !runs.isEmpty {
                wave_lookup_planned(self.plain, base, origin.assumingMemoryBound(to: UInt32.self), first, runs.count)
            }
        }
    }

    /// How to paint `shadow` over the stale stretches `columns` (two a row of its rectangle,
    /// from its left; equal when the row has none) of a target whose pixel at the shadow's
    /// top-left corner is `origin`: runs' pixels outside the stretches are read (`reads`);
    /// inside them, coverage is looked up in the finished-pixel table, and the rest of
    /// each stretch gets the plain colour (a null index), but for the row's hidden stretch.
    private static func plan(_ shadow: ShadowAlpha, origin: UnsafeMutableRawPointer, stride: Int,
                             columns: [Int32]) -> ShadowPlans.Plan {
        let base = UnsafePointer(shadow.bytes.base), height = shadow.rect.height, hidden = shadow.hidden
        var lookups: [wave_planned_lookup] = [], reads: [ShadowPlans.Read] = []
        lookups.reserveCapacity(2 * shadow.runs.count + height)
        func pixel(_ x: Int, _ y: Int) -> UnsafeMutableRawPointer { origin + ((y * stride + x) << 2) }
        /// Looks up `count` indices from `offset` in the shadow's bytes (nil: zeros) into
        /// pixels from (x, y) on. (Offsets fit 32 bits: a shadow's bytes, and a target's
        /// pixels, are far fewer than 2^32.)
        func look(_ offset: Int?, count: Int, x: Int, y: Int) {
            guard count > 0 else { return }
            lookups.append(wave_planned_lookup(index: offset.map { UInt32(truncatingIfNeeded: $0) } ?? UInt32(WAVE_ZERO_INDICES),
                                               out: UInt32(truncatingIfNeeded: y * stride + x),
                                               count: UInt32(truncatingIfNeeded: count)))
        }
        func read(x: Int, y: Int, offset: Int, count: Int) {
            if count > 0 { reads.append(ShadowPlans.Read(alpha: base + offset, count: count, pixels: pixel(x, y))) }
        }
        /// The plain colour over columns [x0, x1) of row y, but for the row's hidden stretch.
        func fill(y: Int, from x0: Int, to x1: Int) {
            guard x0 < x1 else { return }
            guard !hidden.isEmpty, case let h0 = Int(hidden[2 * y]), case let h1 = Int(hidden[2 * y + 1]), h0 < x1, h1 > x0 else {
                look(nil, count: x1 - x0, x: x0, y: y)
                return
            }
            if x0 < h0 { look(nil, count: h0 - x0, x: x0, y: y) }
            if h1 < x1 { look(nil, count: x1 - h1, x: h1, y: y) }
        }
        // Rows before `row` are planned, and row `row` up to `column`.
        var row = 0, column = height > 0 ? Int(columns[0]) : 0, rowEnd = height > 0 ? Int(columns[1]) : 0
        func finishRows(before y: Int) {
            while row < y {
                fill(y: row, from: column, to: rowEnd)
                row += 1
                (column, rowEnd) = row < height ? (Int(columns[2 * row]), Int(columns[2 * row + 1])) : (0, 0)
            }
        }
        for run in shadow.runs {
            let y = Int(run.y), x0 = Int(run.x), x1 = x0 + Int(run.count), offset = Int(run.offset)
            finishRows(before: y)
            guard x1 > column, x0 < rowEnd else {
                read(x: x0, y: y, offset: offset, count: x1 - x0)
                continue
            }
            let m0 = Swift.max(x0, column), m1 = Swift.min(x1, rowEnd)
            read(x: x0, y: y, offset: offset, count: m0 - x0)
            fill(y: y, from: column, to: m0)
            look(offset + m0 - x0, count: m1 - m0, x: m0, y: y)
            column = m1
            read(x: m1, y: y, offset: offset + m1 - x0, count: x1 - m1)
        }
        finishRows(before: height)
        return ShadowPlans.Plan(origin: origin, stride: stride, columns: columns, lookups: lookups, reads: reads)
    }

    private init(tables: UnsafeMutablePointer<UInt32>, plain: UnsafeMutablePointer<wave_word_table>,
                 jobs: UnsafeMutablePointer<wave_lookup_job>, color: UInt32) {
        self.tables = tables
        self.plain = plain
        self.jobs = jobs
        tables[0] = 0
        tables[256] = 255
        for a in 1..<256 {
            let t = a == 255 ? color : Compositor.scale(color, UInt32(a))
            tables[a] = t
            tables[256 + a] = 255 &- (t >> 24)
        }
    }

    /// Makes the finished-pixel table for backdrop `c`.
    private mutating func makePlain(_ c: UInt32) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { words in
            for a in 0..<256 { words[a] = (tables[a] &+ Compositor.scale(c, tables[256 + a])).littleEndian }
            if let w = words.baseAddress { wave_word_table_prepare(plain, w) }
        }
        let stored = UInt64(c.littleEndian)
        plainPair = stored | stored << 32
        hasPlain = true
    }

    /// Paints `count` coverages from `alpha` onto the pixels from `pixels` on: stretches of
    /// eight-pixel chunks whose backdrop is the plain colour through the finished-pixel
    /// table (a zero coverage there gives the plain colour back), other chunks pixel by
    /// pixel (skipped where their coverage is all zero).
    private mutating func paint(_ alpha: UnsafePointer<UInt8>, count: Int, at pixels: UnsafeMutableRawPointer) {
        var x = hasPlain ? 0 : findPlain(alpha, count: count, at: pixels)
        let pair = plainPair
        while x + 8 <= count {
            let p = pixels + (x << 2)
            if Self.isPlain(p, pair) {
                var end = x + 8
                while end + 8 <= count, Self.isPlain(pixels + (end << 2), pair) { end &+= 8 }
                write(alpha + x, count: end - x, at: p)
                x = end
                continue
            }
            if UnsafeRawPointer(alpha + x).loadUnaligned(as: UInt64.self) != 0 { blend(alpha + x, count: 8, at: p) }
            x &+= 8
        }
        if x < count { blend(alpha + x, count: count - x, at: pixels + (x << 2)) }
    }

    /// Writes the finished pixels over the plain colour of `count` coverages from `alpha`
    /// (the backdrop is that colour, and is not read).
    /// (The pixels are written by `flush`, before anything reads them: the painter reads
    /// only pixels whose backdrop it has not written.)
    private mutating func write(_ alpha: UnsafePointer<UInt8>, count: Int, at pixels: UnsafeMutableRawPointer) {
        guard count > 0 else { return }
        jobs[jobCount] = wave_lookup_job(index: alpha, out: pixels.assumingMemoryBound(to: UInt32.self), count: count)
        jobCount += 1
        if jobCount == Self.jobCapacity { flush() }
    }

    /// Writes the runs `write` collected.
    mutating func flush() {
        if jobCount > 0 { wave_lookup_jobs(plain, jobs, jobCount) }
        jobCount = 0
    }

    /// Paints chunks of eight until one whose backdrop is one colour, makes the plain table
    /// for that colour, and returns where that chunk starts (or where chunks end).
    private mutating func findPlain(_ alpha: UnsafePointer<UInt8>, count: Int, at pixels: UnsafeMutableRawPointer) -> Int {
        var x = 0
        while x + 8 <= count {
            let p = pixels + (x << 2)
            let w0 = p.loadUnaligned(as: UInt64.self), w1 = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let w2 = p.loadUnaligned(fromByteOffset: 16, as: UInt64.self), w3 = p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
            if w0 == w1, w1 == w2, w2 == w3, UInt32(truncatingIfNeeded: w0) == UInt32(truncatingIfNeeded: w0 >> 32) {
                makePlain(UInt32(littleEndian: UInt32(truncatingIfNeeded: w0)))
                return x
            }
            blend(alpha + x, count: 8, at: p)
            x &+= 8
        }
        return x
    }

    /// Whether the eight pixels from `p` all equal the pixel pair `pair` (both halves one
    /// stored pixel).
    @inline(__always)
    private static func isPlain(_ p: UnsafeMutableRawPointer, _ pair: UInt64) -> Bool {
        let d = p.loadUnaligned(as: SIMD4<UInt64>.self) ^ SIMD4(repeating: pair)
        let half = d.lowHalf | d.highHalf
        return half[0] | half[1] == 0
    }

    /// The per-pixel formula, for pixels whose backdrop is not the plain colour.
    @inline(__always)
    private func blend(_ alpha: UnsafePointer<UInt8>, count: Int, at pixels: UnsafeMutableRawPointer) {
        for i in 0..<count {
            let a = Int(alpha[i])
            guard a != 0 else { continue }
            let d = UInt32(littleEndian: pixels.loadUnaligned(fromByteOffset: i << 2, as: UInt32.self))
            let out = tables[a] &+ Compositor.scale(d, tables[256 + a])
            pixels.storeBytes(of: out.littleEndian, toByteOffset: i << 2, as: UInt32.self)
        }
    }
}

/// Stale pixels a shadow is to write whole (`ShadowPainter.paint`): at most one stretch of
/// columns a device row, over a range of rows.
package struct FreshRows {
    private var y0 = 0
    /// Two device columns a row, [x0, x1); equal when the row has none.
    private var columns: [Int32] = []

    package var isEmpty: Bool { columns.isEmpty }

    /// None.
    package init() {}

    /// Room for stretches in device rows `rows`, none taken yet.
    package init(rows: Range<Int>) {
        y0 = rows.lowerBound
        columns = [Int32](repeating: 0, count: 2 * rows.count)
    }

    /// The rectangle `r`, row by row.
    init(_ r: PixelBounds) {
        self.init(rows: r.isEmpty ? 0..<0 : r.y0..<r.y1)
        _ = take(r)
    }

    /// Device row y's stretch, (0, 0) when it has none.
    func stretch(_ y: Int) -> (Int, Int) {
        let i = y - y0
        guard i >= 0, 2 * i < columns.count else { return (0, 0) }
        return (Int(columns[2 * i]), Int(columns[2 * i + 1]))
    }

    /// Takes rectangle `r` (within the rows given at `init(rows:)`) when none of its rows
    /// has a stretch yet; false, taking nothing, otherwise.
    package mutating func take(_ r: PixelBounds) -> Bool {
        guard !r.isEmpty, r.y0 >= y0, 2 * (r.y1 - y0) <= columns.count else { return false }
        let (x0, x1) = (Int32(truncatingIfNeeded: r.x0), Int32(truncatingIfNeeded: r.x1)), first = 2 * (r.y0 - y0)
        return columns.withUnsafeMutableBufferPointer { c in
            var i = first
            while i < 2 * (r.y1 - y0) {
                if c[i] < c[i + 1] { return false }
                i += 2
            }
            i = first
            while i < 2 * (r.y1 - y0) {
                c[i] = x0
                c[i + 1] = x1
                i += 2
            }
            return true
        }
    }
}

/// How a shadow was painted over stale pixels, kept with it (`ShadowAlpha.plans`) so that
/// painting it again over the same stale stretches of the same target (a loop's shadow from
/// the cache, a cycle later) replays the lookups instead of working them out run by run.
///
/// A plan is a function of the shadow's runs and hidden stretches, the stale stretches and
/// where the shadow lands in the target (`origin`, `stride`), which are its key; the tint
/// and the plain colour come from the painter each time. The plans kept take at most as
/// many bytes as the shadow's coverage (counted in `ShadowAlpha.byteCount`), the least
/// recently used going first; two threads rendering alternate frames paint into two
/// targets, so two plans are kept where they fit. Any thread: a plan is read-only once made,
/// the list behind a lock.
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
