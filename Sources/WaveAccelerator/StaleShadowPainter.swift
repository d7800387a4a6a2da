import WaveGraphics
import CPixelKernels

/// Paints a shadow over a recycled frame's stale pixels that stand for a background colour
/// (`FreshRows`, from `StaleRegion.take`): every stale pixel inside the shadow's rectangle
/// is written, never read, the shadow over the background where its coverage is non-zero
/// and the background itself elsewhere, except in a row's hidden stretch
/// (`ShadowAlpha.hidden`), which the layer drawn next replaces. The bytes are those of
/// filling the stale pixels with the background and painting the shadow over them
/// (`ShadowPainter.paint`, the reference).
///
/// With the reference painter's steps (`ShadowPainter.withPainter`): the background is made
/// its plain colour, so the stale stretches are looked up in its finished-pixel table
/// (`wave_lookup_planned`: the table's first word, the background, where the coverage is 0
/// or there is none), and runs' pixels outside them are painted as the reference paints
/// them. What to look up where is worked out once for the same stale stretches and kept
/// (`ShadowPlans`, in the shadow cache's entry): a loop's glow painted a cycle later
/// replays it (`StaleShadowPainterTests`).
enum StaleShadowPainter {
    /// Paints `shadow` tinted with `color` (premultiplied, packed) onto `target`, which must
    /// contain `shadow.rect`, writing the stale pixels `fresh` whole over `background`
    /// (packed); plans come from and go to `plans`.
    static func paint(_ shadow: ShadowAlpha, color: UInt32, onto target: Surface, fresh: FreshRows, background: UInt32,
                      plans: ShadowPlans) {
        guard !fresh.isEmpty else {
            ShadowPainter.paint(shadow, color: color, onto: target)
            return
        }
        let dx = shadow.rect.x0 - target.originX, dy = shadow.rect.y0 - target.originY
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
        if let kept = plans.plan(origin: origin, stride: target.stride, columns: columns) {
            plan = kept
        } else {
            plan = Self.plan(shadow, origin: origin, stride: target.stride, columns: columns)
            plans.keep(plan, within: shadow.bytes.count)
        }
        let base = UnsafePointer(shadow.bytes.base)
        ShadowPainter.withPainter(color: color) { painter in
            painter.usePlain(background)
            for read in plan.reads { painter.paint(read.alpha, count: read.count, at: read.pixels) }
            painter.flush()
            plan.lookups.withUnsafeBufferPointer { runs in
                if let first = runs.baseAddress, !runs.isEmpty {
                    wave_lookup_planned(painter.plainTable, base, origin.assumingMemoryBound(to: UInt32.self), first, runs.count)
                }
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
}
