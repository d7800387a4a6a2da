import WaveGraphics
import CPixelKernels

/// Sparse shadows (the accelerator's `sparse-shadows` part): a wide shadow computed only
/// where it can show, with the bytes of blurring its whole rectangle on the coarse grid
/// (`GaussianBlur.blurCoarse`, the reference) and hiding it under its layer's opaque pixels.
extension GaussianBlur {
    /// A shadow: the alpha of `coverage` blurred over `dst` as `blurCoarse` blurs a layer's
    /// alpha channel, kept as `ShadowAlpha` rows with the same bytes, but computed only
    /// where they can be non-zero. A pixel whose four cells are all under 128 (half a level:
    /// 8 fractional bits) interpolates to under half a level, 0 once rounded. So for each
    /// pair of cell rows only the columns from the first to the last span next to a cell of
    /// 128 or more are interpolated, and the rows between two cell rows under 128 are
    /// skipped: the shadow of a round shape leaves most of its rectangle's corners, and the
    /// tails beyond about 2.9σ, unvisited. In each row the first stretch of the coverage's
    /// opaque pixels is left out, as hidden (`ShadowAlpha.hidden`). The rows are computed by
    /// `wave_interpolate_across` and `wave_blend_band` (`CPixelKernels`), whose sums are
    /// `interpolate`'s.
    static func coarseShadow<C: ShadowCoverage>(of coverage: C, dst: PixelBounds, sigma: Double, shiftX: Double,
                                                shiftY: Double, arena: ScratchArena) -> ShadowAlpha {
        let width = Swift.max(dst.width, 0), height = Swift.max(dst.height, 0)
        let src = coverage.rect
        guard width > 0, height > 0, !src.isEmpty else { return ShadowAlpha.Builder(rect: dst, total: 0).finish() }
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        let level = coarseLevel(sigma: sigma), cells = cellBounds(of: src, level: level)
        let sums = arena.allocate(UInt32.self, count: cells.width * cells.height)
        sums.initialize(repeating: 0, count: cells.width * cells.height)
        coverage.addCellSums(level: level, into: sums, arena: arena)
        let grid = blurCells(sums, of: src, ch: 1, dst: dst, sigma: sigma, shiftX: shiftX, shiftY: shiftY, arena: arena)
        let c = UnsafePointer(grid.cells), cw = grid.rowElements, sy = grid.y
        let spans = columnSpans(grid.x.cell)
        // The first span whose cell is c or more, for every cell c (spans.count past the last).
        let spanFrom = arena.allocate(Int.self, count: cw + 1)
        var next = 0
        for cell in 0...cw {
            while next < spans.count, spans[next].cell < cell { next += 1 }
            spanFrom[cell] = next
        }
        // 1. Each row's columns that can be non-zero and its hidden stretch (so the bytes'
        //    total is known, and the rows go straight into the shadow's buffer), by bands of
        //    rows between the same two cell rows.
        let columns = arena.allocate(Int.self, count: 4 * height)   // x0, x1, h0, h1 a row
        columns.initialize(repeating: 0, count: 4 * height)
        var bands: [(y0: Int, y1: Int, pair: Int)] = []
        var total = 0
        var y = 0
        while y < height {
            let pair = sy.cell[y]
            var end = y + 1
            while end < height, sy.cell[end] == pair { end += 1 }
            defer { y = end }
            let upper = c + pair * cw, lower = upper + cw
            // The columns of cells with either row at 128 or more, [j0, j1]; a span between
            // cells j and j + 1 qualifies when either is one of them.
            var j0 = 0, j1 = cw - 1
            while j0 < cw, Swift.max(upper[j0], lower[j0]) < 128 { j0 += 1 }
            guard j0 < cw else { continue }
            while Swift.max(upper[j1], lower[j1]) < 128 { j1 -= 1 }
            let first = spanFrom[Swift.max(j0 - 1, 0)], last = spanFrom[j1 + 1] - 1
            guard first <= last else { continue }
            let x0 = spans[first].start, x1 = spans[last].end
            bands.append((y, end, pair))
            for yy in y..<end {
                let hide = coverage.opaqueStretch(row: dst.y0 + yy, from: dst.x0 + x0, to: dst.x0 + x1)
                let h0 = hide.isEmpty ? x0 : hide.lowerBound - dst.x0, h1 = hide.isEmpty ? x0 : hide.upperBound - dst.x0
                columns[4 * yy] = x0
                columns[4 * yy + 1] = x1
                columns[4 * yy + 2] = h0
                columns[4 * yy + 3] = h1
                total += (x1 - x0) - (h1 - h0)
            }
        }
        // 2. The two rows of cells interpolated across, then each output row a blend of them,
        //    as `interpolate` does (the same sums).
        var builder = ShadowAlpha.Builder(rect: dst, total: total)
        let xCell = arena.allocate(UInt32.self, count: width)
        for x in 0..<width { xCell[x] = UInt32(truncatingIfNeeded: grid.x.cell[x]) }
        // Each row of cells is interpolated once, over the columns of both bands it is in
        // (the lower row of one band is the upper row of the next).
        let reach = arena.allocate(Int.self, count: 2 * grid.rows)   // [lo, hi) a row of cells
        for r in 0..<grid.rows { (reach[2 * r], reach[2 * r + 1]) = (width, 0) }
        for band in bands {
            for r in band.pair...band.pair + 1 {
                reach[2 * r] = Swift.min(reach[2 * r], columns[4 * band.y0])
                reach[2 * r + 1] = Swift.max(reach[2 * r + 1], columns[4 * band.y0 + 1])
            }
        }
        var top = arena.allocate(UInt32.self, count: 2 * width), bottom = top + width
        let rows = arena.allocate(wave_band_row.self, count: height)
        grid.x.t.withUnsafeBufferPointer { t in
            guard let t = t.baseAddress else { return }
            func interpolate(row r: Int, into out: UnsafeMutablePointer<UInt32>) {
                let lo = reach[2 * r], hi = reach[2 * r + 1]
                wave_interpolate_across(c + r * cw, cw, xCell + lo, t + lo, out + lo, hi - lo)
            }
            var held = -1   // the row of cells in `bottom`
            for band in bands {
                let x0 = columns[4 * band.y0], x1 = columns[4 * band.y0 + 1], n = x1 - x0
                if held == band.pair { swap(&top, &bottom) } else { interpolate(row: band.pair, into: top) }
                interpolate(row: band.pair + 1, into: bottom)
                held = band.pair + 1
                // Each row straight into the shadow's buffer, less its hidden stretch.
                for yy in band.y0..<band.y1 {
                    let (at, h0, h1) = builder.reserveWhole(y: yy, from: x0, to: x1,
                                                            hiding: columns[4 * yy + 2]..<columns[4 * yy + 3])
                    rows[yy - band.y0] = wave_band_row(out: at, hide_start: h0 - x0, hide_end: h1 - x0, ty: sy.t[yy])
                }
                wave_blend_band(top + x0, bottom + x0, n, rows, band.y1 - band.y0)
            }
        }
        return builder.finish()
    }
}
