import WaveGeometry
import CPixelKernels

/// A wide Gaussian computed on a coarser grid: the cost of a blur no longer grows with σ.
///
/// For σ ≥ 8 device pixels the image is averaged over F × F cells (F = 2ᵏ, the largest power
/// of two up to 16 with σ / F ≥ 4), the cells are blurred with an exact separable Gaussian of
/// σc, and the result is interpolated back bilinearly. Each stage is a convolution, so the
/// whole is one kernel: box(F) ∗ G(σc·F) ∗ tent(F), whose variance is (F² − 1)/12 + σc²F² +
/// F²/6 per axis; σc is chosen so that this equals σ², the variance of the true Gaussian.
/// With σc ≥ 4 cells the coarse signal is smooth on its grid, and the result stays within
/// 2/255 of the true Gaussian (`EffectTests.testWideBlurMatchesTheTrueGaussian`).
///
/// Cost for an output of W × H pixels: one pass over the input (the cell sums), the exact
/// blur over (W/F) × (H/F) cells with about 7σc taps, and the bilinear interpolation: across
/// on the H/F rows of cells, then one blend of two such rows a pixel. At σ = 36 (glow-heart's
/// shadow at 640x480) F = 8 and the kernel has 35 taps instead of 253 over 64 times fewer
/// pixels.
///
/// The cell grid is fixed to device coordinates (cell j covers x in [jF, jF + F)), so the
/// same content gives the same bytes wherever the drawn rectangle is clipped. Integer
/// arithmetic throughout (8 fractional bits kept between stages); every stage applies the
/// same weights to every channel, so premultiplied colour never exceeds alpha.
extension GaussianBlur {
    /// log₂ of the cell size for `sigma`: 0 means blur at full resolution.
    package static func coarseLevel(sigma: Double) -> Int {
        var k = 0
        while k < 4, sigma / Double(2 << k) >= 4 { k += 1 }
        return k
    }

    /// σ of the blur on the cell grid (in cells), so that the whole pipeline has variance σ².
    static func cellSigma(sigma: Double, level k: Int) -> Double {
        let f = Double(1 << k)
        return (sigma * sigma / (f * f) - (f * f - 1) / (12 * f * f) - 1.0 / 6).squareRoot()
    }

    /// Same contract as `blur(source:…)`, with the Gaussian given by σ and the content moved
    /// by (shiftX, shiftY) device pixels; `coarseLevel(sigma:)` must be at least 1.
    static func blurCoarse(source: UnsafePointer<UInt8>, src: PixelBounds, srcPixelBytes: Int, srcStride: Int,
                           channelOffset: Int, channels ch: Int, into destination: UnsafeMutablePointer<UInt8>,
                           dst: PixelBounds, sigma: Double, shiftX: Double, shiftY: Double, arena: ScratchArena) {
        // One body, specialized for the two channel counts effects use (shadow alpha, RGBA).
        switch ch {
        case 1:
            blurCoarse(source: source, src: src, srcPixelBytes: srcPixelBytes, srcStride: srcStride, channelOffset: channelOffset,
                       ch: 1, into: destination, dst: dst, sigma: sigma, shiftX: shiftX, shiftY: shiftY, arena: arena)
        case 4:
            blurCoarse(source: source, src: src, srcPixelBytes: srcPixelBytes, srcStride: srcStride, channelOffset: channelOffset,
                       ch: 4, into: destination, dst: dst, sigma: sigma, shiftX: shiftX, shiftY: shiftY, arena: arena)
        default:
            blurCoarse(source: source, src: src, srcPixelBytes: srcPixelBytes, srcStride: srcStride, channelOffset: channelOffset,
                       ch: ch, into: destination, dst: dst, sigma: sigma, shiftX: shiftX, shiftY: shiftY, arena: arena)
        }
    }

    @inline(__always)
    private static func blurCoarse(source: UnsafePointer<UInt8>, src: PixelBounds, srcPixelBytes: Int, srcStride: Int,
                                   channelOffset: Int, ch: Int, into destination: UnsafeMutablePointer<UInt8>,
                                   dst: PixelBounds, sigma: Double, shiftX: Double, shiftY: Double, arena: ScratchArena) {
        let width = dst.width, height = dst.height
        guard width > 0, height > 0 else { return }
        guard !src.isEmpty else {
            destination.initialize(repeating: 0, count: width * height * ch)
            return
        }
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        let grid = coarseGrid(source: source, src: src, srcPixelBytes: srcPixelBytes, srcStride: srcStride,
                              channelOffset: channelOffset, ch: ch, dst: dst, sigma: sigma, shiftX: shiftX, shiftY: shiftY,
                              arena: arena)
        interpolate(grid, ch: ch, into: destination, arena: arena)
    }

    /// Where the output pixels along one axis sample the blurred cells: pixel i between cells
    /// `first + cell[i]` and the one after, with weight `t[i]` (in 1/256) on the second.
    package typealias CoarseSamples = (first: Int, cell: [Int], t: [UInt32])

    /// The blurred cells behind an output rectangle (`rows` rows of `rowElements` values
    /// with 8 fractional bits, in the arena) and where each output pixel samples them.
    package struct CoarseGrid {
        package let cells: UnsafeMutablePointer<UInt16>
        package let rowElements: Int
        package let rows: Int
        package let x: CoarseSamples
        package let y: CoarseSamples
    }

    /// The cells of level `k` (F = 2ᵏ device pixels a side) that hold any of the non-empty
    /// rectangle `r`: the first cell's column and row, and how many across and down.
    package static func cellBounds(of r: PixelBounds, level k: Int) -> (x0: Int, y0: Int, width: Int, height: Int) {
        let x0 = r.x0 >> k, y0 = r.y0 >> k
        return (x0, y0, ((r.x1 - 1) >> k) + 1 - x0, ((r.y1 - 1) >> k) + 1 - y0)
    }

    /// Stages 1 to 3 of the coarse blur for output rectangle `dst` (not empty) from `src`
    /// (not empty), in `arena`.
    @inline(__always)
    private static func coarseGrid(source: UnsafePointer<UInt8>, src: PixelBounds, srcPixelBytes: Int, srcStride: Int,
                                   channelOffset: Int, ch: Int, dst: PixelBounds, sigma: Double, shiftX: Double,
                                   shiftY: Double, arena: ScratchArena) -> CoarseGrid {
        let k = coarseLevel(sigma: sigma)
        // 1. Cell sums over the cells that hold any of `src`.
        let (_, by0, bw, bh) = cellBounds(of: src, level: k)
        let sums = arena.allocate(UInt32.self, count: bw * bh * ch)
        sums.initialize(repeating: 0, count: bw * bh * ch)
        if ch == 1, srcPixelBytes == 4 {
            addChannelCellSums(source: source, src: src, stride: srcStride, channelOffset: channelOffset, level: k,
                               into: sums, arena: arena)
        } else {
            for y in 0..<src.height {
                let row = source + (y * srcStride) * srcPixelBytes + channelOffset
                let cells = sums + (((src.y0 + y) >> k) - by0) * bw * ch
                // Cell by cell: the pixels [x, end) of `src` that fall in cell j.
                var x = 0, j = 0
                while x < src.width {
                    let end = Swift.min(src.width, ((((src.x0 + x) >> k) + 1) << k) - src.x0)
                    let c = cells + j * ch
                    for i in 0..<ch {
                        var total: UInt32 = 0
                        for p in x..<end { total &+= UInt32(row[p * srcPixelBytes + i]) }
                        c[i] &+= total
                    }
                    x = end
                    j += 1
                }
            }
        }
        return blurCells(sums, of: src, ch: ch, dst: dst, sigma: sigma, shiftX: shiftX, shiftY: shiftY, arena: arena)
    }

    /// Adds one channel of `source`'s 4-byte pixels (over the non-empty `src`, `stride`
    /// pixels a row, the channel at byte `channelOffset`) to the sums of the level-`k` cells
    /// (`cellBounds(of: src, level: k)`, row by row) that hold them.
    package static func addChannelCellSums(source: UnsafePointer<UInt8>, src: PixelBounds, stride: Int, channelOffset: Int,
                                   level k: Int, into sums: UnsafeMutablePointer<UInt32>, arena: ScratchArena) {
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        let (_, by0, bw, _) = cellBounds(of: src, level: k), f = 1 << k
        // Each row of cells first sums its rows per column, reading whole pixels (contiguous
        // words, which vectorize) instead of every fourth byte.
        let columns = arena.allocate(UInt32.self, count: src.width), shift = UInt32(channelOffset * 8)
        var y = 0
        while y < src.height {
            let cellRow = (src.y0 + y) >> k, end = Swift.min(src.height, ((cellRow + 1) << k) - src.y0)
            columns.initialize(repeating: 0, count: src.width)
            for row in y..<end {
                let pixels = UnsafeRawPointer(source + row * stride * 4).assumingMemoryBound(to: UInt32.self)
                wave_add_channel(columns, pixels, shift, src.width)
            }
            wave_sum_cells(sums + (cellRow - by0) * bw, columns, src.width, UInt32(src.x0 & (f - 1)), UInt32(k))
            y = end
        }
    }

    /// Stages 1 (the averages) to 3 of the coarse blur for output rectangle `dst` (not
    /// empty), from the sums of `ch` channels over the cells that hold the non-empty `src`
    /// (`cellBounds`, row by row), in `arena`.
    @inline(__always)
    package static func blurCells(_ sums: UnsafeMutablePointer<UInt32>, of src: PixelBounds, ch: Int, dst: PixelBounds,
                                  sigma: Double, shiftX: Double, shiftY: Double, arena: ScratchArena) -> CoarseGrid {
        let width = dst.width, height = dst.height
        let k = coarseLevel(sigma: sigma), f = 1 << k
        let (bx0, by0, bw, bh) = cellBounds(of: src, level: k)
        // Cell averages B (8 fractional bits).
        let cells = arena.allocate(UInt16.self, count: bw * bh * ch)
        let up = UInt32(8 - 2 * k)   // average · 2⁸ = sum · 2⁸ / F², exact for F ≤ 16
        for i in 0..<bw * bh * ch { cells[i] = UInt16(truncatingIfNeeded: sums[i] << up) }

        // 2. Where each output pixel samples the blurred cells: coarse coordinate
        //    u = (x − shift − (F − 1)/2) / F, between cells ⌊u⌋ and ⌊u⌋ + 1 with weight
        //    t = frac(u) in 1/256 steps. For a whole shift s that is n / 2F with the integer
        //    n = 2(x − s) − (F − 1): ⌊u⌋ = n >> (k + 1) and t = (n mod 2F) · 128 / F, exactly
        //    what the floating-point formula gives (every step of it is exact then).
        func samples(_ lo: Int, _ count: Int, _ shift: Double) -> (first: Int, cell: [Int], t: [UInt32]) {
            var cell = [Int](repeating: 0, count: count), t = [UInt32](repeating: 0, count: count)
            if shift == shift.rounded(.down), abs(shift) <= Double(1 << 40) {
                let s = Int(shift)
                for i in 0..<count {
                    let n = 2 * (lo + i - s) - (f - 1)
                    cell[i] = n >> (k + 1)
                    t[i] = UInt32(n & (2 * f - 1)) << (7 - k)
                }
            } else {
                for i in 0..<count {
                    let u = (Double(lo + i) - shift - Double(f - 1) / 2) / Double(f)
                    var j = Int(u.rounded(.down))
                    var w = Int(((u - Double(j)) * 256).rounded())
                    if w == 256 { j += 1; w = 0 }
                    cell[i] = j; t[i] = UInt32(w)
                }
            }
            let first = cell.min() ?? 0
            return (first, cell.map { $0 - first }, t)
        }
        let sx = samples(dst.x0, width, shiftX), sy = samples(dst.y0, height, shiftY)
        let cw = (sx.cell.max() ?? 0) + 2, chh = (sy.cell.max() ?? 0) + 2   // cells [first, first + cw)
        let kernel = Kernel(sigma: cellSigma(sigma: sigma, level: k), shift: 0)

        // 3. Blur the cells: rows into M (bh × cw), then columns into C (chh × cw), two taps
        //    at a time: tap 2p and tap 2p + 1 read neighbouring cells (across) or rows (down),
        //    which `wave_pair` puts side by side in one 32-bit lane, both less 32768 (signed),
        //    so that one `vpmaddwd` multiplies and adds the two. Adding 32768 · Σ w back once
        //    at the start makes the sum the plain Σ w · value (modulo 2³², where it is exact).
        let weights = kernel.weights, n = weights.count, pairs = (n + 1) / 2
        precondition(weights.allSatisfy { $0 < 32768 }, "a coarse blur's weights are small (σ ≥ 4 cells)")
        let pairWeights = arena.allocate(UInt32.self, count: pairs)
        var start: UInt32 = 1 << 15
        for p in 0..<pairs {
            let a = weights[2 * p], b = 2 * p + 1 < n ? weights[2 * p + 1] : 0
            pairWeights[p] = a | b << 16
            start = start &+ (a &+ b) &* 32768
        }
        let inputs = arena.allocate(UnsafePointer<UInt32>?.self, count: pairs)
        let rowElements = cw * ch
        let m = arena.allocate(UInt16.self, count: bh * rowElements)
        // Across: output cell i takes tap k from input cell i + across + k; each input row is
        // padded with zero cells [base, end) so that every read is inside it.
        let across = sx.first + kernel.first - bx0
        let base = Swift.min(0, across), end = Swift.max(bw, cw + across + n)
        let paddedCount = (end - base) * ch
        let padded = arena.allocate(UInt16.self, count: paddedCount + rowElements + ch)
        padded.initialize(repeating: 0, count: paddedCount + rowElements + ch)
        let zeros = UnsafePointer(padded + paddedCount + ch)   // a row of zeros after the padded row
        let neighbours = arena.allocate(UInt32.self, count: paddedCount)   // (cell, next cell) a lane
        for p in 0..<pairs { inputs[p] = UnsafePointer(neighbours + (across + 2 * p - base) * ch) }
        for y in 0..<bh {
            (padded - base * ch).update(from: cells + y * bw * ch, count: bw * ch)
            wave_pair(padded, padded + ch, neighbours, paddedCount)
            wave_weighted_pairs(inputs, pairWeights, pairs, start, m + y * rowElements, rowElements)
        }
        // Down: output row y takes tap k from row y + down + k of M (zeros beyond it); lane
        // pairs of rows r and r + 1 for every r read.
        let c = arena.allocate(UInt16.self, count: chh * rowElements)
        let down = sy.first + kernel.first - by0
        /// Row r of M, or zeros beyond it.
        func row(_ r: Int) -> UnsafePointer<UInt16> { r >= 0 && r < bh ? UnsafePointer(m + r * rowElements) : zeros }
        let stacked = chh + 2 * (pairs - 1)
        let rowPairs = arena.allocate(UInt32.self, count: stacked * rowElements)
        for i in 0..<stacked { wave_pair(row(down + i), row(down + i + 1), rowPairs + i * rowElements, rowElements) }
        for y in 0..<chh {
            for p in 0..<pairs { inputs[p] = UnsafePointer(rowPairs + (y + 2 * p) * rowElements) }
            wave_weighted_pairs(inputs, pairWeights, pairs, start, c + y * rowElements, rowElements)
        }

        return CoarseGrid(cells: c, rowElements: rowElements, rows: chh, x: sx, y: sy)
    }

    /// Stage 4: the grid interpolated to every pixel of its output rectangle, packed rows of
    /// `ch` channels into `destination`.
    @inline(__always)
    private static func interpolate(_ grid: CoarseGrid, ch: Int, into destination: UnsafeMutablePointer<UInt8>,
                                    arena: ScratchArena) {
        let c = grid.cells, rowElements = grid.rowElements, chh = grid.rows, sx = grid.x, sy = grid.y
        let width = sx.cell.count, height = sy.cell.count
        // 4. Bilinear interpolation back to device pixels, rounded once:
        //    out = (Σ corner · (256 − t or t)ₓ · (256 − t or t)ᵧ + 2²³) >> 24, exact in 32 bits.
        //    The sum is the same in any order, so each row of cells is first interpolated
        //    across to every output column (H, chh rows), then each output row is a blend of
        //    two rows of H: contiguous arithmetic over most of the work.
        let outElements = width * ch
        let h = arena.allocate(UInt32.self, count: chh * outElements)
        if ch == 1 {
            // The columns between the same two cells are consecutive: per such span the two
            // cells are constants and the loop over its weights vectorizes.
            let spans = columnSpans(sx.cell)
            sx.t.withUnsafeBufferPointer { t in
                guard let t = t.baseAddress else { return }
                interpolateAcross(rows: chh, of: c, stride: rowElements, spans[...], t, into: h, stride: outElements)
            }
        } else {
            for y in 0..<chh {
                let cellRow = c + y * rowElements, out = h + y * outElements
                sx.cell.withUnsafeBufferPointer { cell in
                    sx.t.withUnsafeBufferPointer { t in
                        for x in 0..<width {
                            let tx = t[x], a = cellRow + cell[x] * ch, o = out + x * ch
                            for i in 0..<ch { o[i] = UInt32(a[i]) &* (256 &- tx) &+ UInt32(a[ch + i]) &* tx }
                        }
                    }
                }
            }
        }
        // Each output row a blend of two rows of H, the rows between the same two together
        // (`wave_blend_band`: the two rows read once for them all).
        let rows = arena.allocate(wave_band_row.self, count: height)
        var y = 0
        while y < height {
            let pair = sy.cell[y], top = h + pair * outElements
            var n = 0
            while y + n < height, sy.cell[y + n] == pair {
                rows[n] = wave_band_row(out: destination + (y + n) * outElements, hide_start: 0, hide_end: 0, ty: sy.t[y + n])
                n += 1
            }
            wave_blend_band(top, top + outElements, outElements, rows, n)
            y += n
        }
    }

    /// Output columns [start, end) between cells `cell` and `cell` + 1.
    package typealias ColumnSpan = (start: Int, end: Int, cell: Int)

    /// The runs of consecutive output columns between the same two cells (`cells` as in
    /// `CoarseSamples`, non-decreasing).
    package static func columnSpans(_ cells: [Int]) -> [ColumnSpan] {
        var spans: [ColumnSpan] = []
        var x = 0
        while x < cells.count {
            let j = cells[x]
            var end = x + 1
            while end < cells.count, cells[end] == j { end += 1 }
            spans.append((x, end, j))
            x = end
        }
        return spans
    }

    /// `rows` rows of one-channel cells (`stride` apart) interpolated across to the columns
    /// of `spans`, into rows `outStride` apart: out[p] = a · (256 − t[p]) + b · t[p], a and b
    /// the cells the span lies between (per span and row they are constants, so the loop
    /// over its weights vectorizes).
    @inline(__always)
    private static func interpolateAcross(rows: Int, of cells: UnsafePointer<UInt16>, stride: Int,
                                          _ spans: ArraySlice<ColumnSpan>, _ t: UnsafePointer<UInt32>,
                                          into out: UnsafeMutablePointer<UInt32>, stride outStride: Int) {
        for span in spans {
            for r in 0..<rows {
                let cellRow = cells + r * stride, o = out + r * outStride
                let a = UInt32(cellRow[span.cell]), b = UInt32(cellRow[span.cell + 1])
                for p in span.start..<span.end { o[p] = a &* (256 &- t[p]) &+ b &* t[p] }
            }
        }
    }
}
