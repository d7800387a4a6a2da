import WaveGeometry
import CPixelKernels

/// Paints a shadow's coverage tinted with one premultiplied colour, source-over: a pixel
/// under coverage a becomes over(scale(colour, a), backdrop); a = 0 leaves it as it is.
///
/// The tint scaled by each coverage, and 255 minus that alpha, come from two 256-entry
/// tables. Where the backdrop is one colour (a shadow cast on a plain background, as
/// glow-heart's whole glow is) the result depends on the coverage alone: a third table,
/// made for the first such colour met, holds the finished pixels, and stretches of such
/// backdrop are painted by looking every coverage up in it (`wave_lookup_words`, 64 pixels
/// a step where the CPU has AVX-512 VBMI). A shadow painted again from the cache costs the
/// same, one byte read a pixel. Every path computes the same integer formula, so the bytes
/// are those of the per-pixel definition (`EffectTests.testShadowPainterEqualsThePerPixelFormula`).
///
/// The accelerator paints shadows over a recycled frame's stale pixels its own way
/// (WaveAccelerator's `StaleShadowPainter`) with this painter's steps (`withPainter`):
/// runs painted as here, and the finished-pixel table of a plain colour it names.
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
    package static func paint(_ shadow: ShadowAlpha, color: UInt32, onto target: Surface) {
        withPainter(color: color) { painter in
            let dx = shadow.rect.x0 - target.originX, dy = shadow.rect.y0 - target.originY
            let base = UnsafePointer(shadow.bytes.base)
            for run in shadow.runs {
                painter.paint(base + Int(run.offset), count: Int(run.count),
                              at: target.base + (((Int(run.y) + dy) * target.stride + Int(run.x) + dx) << 2))
            }
        }
    }

    /// Runs `body` with a painter of `color` (premultiplied, packed), then writes what it
    /// left to write (`flush`).
    package static func withPainter(color: UInt32, _ body: (inout ShadowPainter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * 256) { buffer in
            withUnsafeTemporaryAllocation(of: wave_word_table.self, capacity: 1) { table in
                withUnsafeTemporaryAllocation(of: wave_lookup_job.self, capacity: Self.jobCapacity) { jobs in
                    guard let tables = buffer.baseAddress, let plain = table.baseAddress, let jobs = jobs.baseAddress else { return }
                    var painter = ShadowPainter(tables: tables, plain: plain, jobs: jobs, color: color)
                    body(&painter)
                    painter.flush()
                }
            }
        }
    }

    /// The finished pixels over the plain colour, a word for each coverage (the colour
    /// itself for 0): valid once `usePlain` named the colour, or `paint` found one.
    package var plainTable: UnsafePointer<wave_word_table> { UnsafePointer(plain) }

    /// Makes `c` (premultiplied, packed) the plain colour, before anything is painted.
    package mutating func usePlain(_ c: UInt32) { makePlain(c) }

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
    package mutating func paint(_ alpha: UnsafePointer<UInt8>, count: Int, at pixels: UnsafeMutableRawPointer) {
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
    package mutating func flush() {
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
