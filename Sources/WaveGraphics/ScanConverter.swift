import WaveGeometry
/// Receives the coverage of one fill, row by row, left to right.
protocol SpanSink {
    /// `count` ≥ 1 pixels starting at (x, y) (surface coordinates, inside the surface) all have
    /// coverage `alpha` in 1...255.
    mutating func span(y: Int, x: Int, count: Int, alpha: Int)
}

/// One accumulation cell: the net contribution of the edges crossing pixel (x, y).
struct CoverageCell {
    var x: Int32
    var y: Int32
    /// Σ dy over the edge pieces in the cell (signed, subpixel units).
    var cover: Int
    /// Σ dy·(fx0 + fx1) over the edge pieces (twice the area left of the pieces, signed).
    var area: Int
}

/// Exact-area anti-aliased scan conversion by signed area/cover accumulation.
///
/// Coordinates are fixed point with `bits` fractional bits (one pixel = `one` = 256 units),
/// relative to the surface's top-left corner. Every edge is cut at pixel boundaries; a piece
/// inside pixel (i, j) from (fx0, fy0) to (fx1, fy1) (offsets inside the pixel) adds
/// dy = fy1 − fy0 to `cover` and dy·(fx0 + fx1) to `area`. Sweeping a row left to right with
/// `acc` = Σ cover of the cells already passed, the signed winding-weighted area of a pixel,
/// in units where a fully covered pixel with winding 1 is 2·one² = 2¹⁷, is
///     v = 2·one·(acc + cover) − area            for a pixel holding cells,
///     v = 2·one·acc                             for the pixels between cells.
/// Coverage c = |v| / 2¹⁷ is then mapped by the fill rule:
///     non-zero:  min(c, 1)
///     even-odd:  f = c mod 2; f ≤ 1 ? f : 2 − f   (a triangle wave: 1 for winding ±1, 0 for ±2,
///                and fractional windings between fold linearly)
/// and scaled to alpha = round(255·coverage) computed in 16-bit fixed point.
///
/// Clipping is analytic: rows outside the surface are cut off, edge parts left of the surface
/// are projected onto x = 0 (they keep their cover, so the pixels to their right stay filled),
/// and parts right of the surface are dropped (cover only flows rightward). Cells are
/// therefore always inside the surface and the sweep has no per-pixel bounds checks.
/// Cells are stored sparsely and bucketed by row, so the work is proportional to the number of
/// edge crossings plus the number of spans, not to the filled area, and the row buckets span
/// only the rows between the first and last cell, not the surface's height. A vertical edge
/// crossing at least `runRows` whole rows is kept as one `VerticalRun` (the same cell in each
/// of those rows); the sweep merges the runs crossing a row with its cells and repeats the
/// spans of a row made of the same runs alone (tall rectangles, bars, sheets cost little more
/// per row than their blits).
struct ScanConverter {
    static let bits = 8
    static let one = 1 << bits
    /// Vertical edges covering at least this many whole rows become a `VerticalRun`.
    static let runRows = 4

    private(set) var width = 0
    private(set) var height = 0
    private var cells: [CoverageCell] = []
    private var sorted: [CoverageCell] = []
    private var rowStarts: [Int] = []
    private var rowFill: [Int] = []
    /// Per row, the sums that say whether it may need bands (gathered only when bands can be made).
    private var rowStats: [RowStats] = []
    /// Whole-row pieces of long vertical edges, one entry per edge instead of a cell per row.
    private var runs: [VerticalRun] = []
    /// Sweep scratch: the runs crossing the current row, a row's cells merged with them, and
    /// the spans of the last row made of runs alone (replayed while the row repeats).
    private var activeRuns: [VerticalRun] = []
    private var rowCells: [CoverageCell] = []
    private var rowSpans: [RowSpan] = []
    /// Room for one row's cells while its monotone runs are merged (`sortRow`).
    private var mergeScratch: [CoverageCell] = []
    private var curX = -1, curY = -1, curCover = 0, curArea = 0
    /// Where the last edge ended, the current contour's start, and the index in `cells` of
    /// its first cell (−1: none yet): a contour's last cell is merged into its first when
    /// they share a pixel (kept only where rows can be computed in bands).
    private var lastEnd = (x: Int.min, y: Int.min)
    private var contourStart = (x: Int.min, y: Int.min)
    private var contourFirst = -1
    /// Every edge added since `reset`, kept for rows computed in bands (`BandedRows`); nil
    /// in the converter that sweeps those bands.
    private var edges: [AddedEdge]? = []
    /// Scratch for rows computed in bands, made the first time a fill is swept.
    private var bands: BandScratch?
    /// Rows holding cells: the sweep's bucket work is over these, not the surface height.
    private var minRow = Int.max, maxRow = -1

    init() {}

    /// A converter that never computes rows in bands (the one that sweeps a row's bands).
    fileprivate init(bandless: Void) { edges = nil }

    static func bandless() -> ScanConverter { ScanConverter(bandless: ()) }

    /// Prepares for a new fill on a `width` × `height` surface (keeps buffers' capacity).
    mutating func reset(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        edges?.removeAll(keepingCapacity: true)
        minRow = Int.max
        maxRow = -1
        curX = -1
        curY = -1
        curCover = 0
        curArea = 0
        lastEnd = (Int.min, Int.min)
        contourStart = (Int.min, Int.min)
        contourFirst = -1
    }

    /// Adds the directed edge (x0, y0) → (x1, y1) in fixed-point surface coordinates.
    /// Magnitudes must stay below 2²⁹ so products fit in 64 bits (the renderer clamps to 2²⁸).
    mutating func addLine(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        guard edges != nil else {
            // The converter that sweeps bands: cells in any order.
            if y0 < y1 { walk(1, x0, y0, x1, y1) } else if y0 > y1 { walk(-1, x1, y1, x0, y0) }
            return
        }
        if x0 != lastEnd.x || y0 != lastEnd.y {
            // A new contour: its first cell will be the next one kept.
            flushCell()
            contourStart = (x0, y0)
            contourFirst = cells.count
        }
        lastEnd = (x1, y1)
        defer { if x1 == contourStart.x && y1 == contourStart.y { closeContour() } }
        guard y0 != y1 else { return }   // horizontal edges carry no cover or area
        edges?.append(AddedEdge(x0: x0, y0: y0, x1: x1, y1: y1))
        guard y0 > y1 else {
            walk(1, x0, y0, x1, y1)
            return
        }
        // An edge going up is walked top down, as one going down, so its first cell is where
        // the path leaves it and its last where the path enters it. Put right: the cell the
        // path came from is held back and merged with the entering cell when they share a
        // pixel, and the leaving cell is taken back to stay open for the next edge. So one
        // pixel holds cells of two walks only where a contour closes, at the surface's left
        // side, or where two edges cross or touch (what `BandedRows.crosses` looks for). The
        // sums, and so the coverage, do not depend on the order of the cells.
        let held = (x: curX, y: curY, cover: curCover, area: curArea)
        curX = -1
        curY = -1
        curCover = 0
        curArea = 0
        let mark = cells.count
        walk(-1, x1, y1, x0, y0)
        let walked = cells.count - mark
        if held.x >= 0 {
            if held.x == curX && held.y == curY {
                curCover += held.cover
                curArea += held.area
            } else if curX < 0 && walked == 0 {
                (curX, curY, curCover, curArea) = held   // the edge left no cell
                return
            } else {
                keepCell(held.x, held.y, held.cover, held.area)
            }
        }
        guard walked > 0 else { return }   // one cell, entering and leaving: it is open
        flushCell()
        let leaving = cells[mark]
        cells[mark] = cells[cells.count - 1]
        cells.removeLast()
        (curX, curY, curCover, curArea) = (Int(leaving.x), Int(leaving.y), leaving.cover, leaving.area)
    }

    /// The contour just closed: its last cell (still open) goes into its first when both are
    /// in one pixel, so that the pixel where it started holds one cell.
    private mutating func closeContour() {
        if contourFirst >= 0, contourFirst < cells.count, curX >= 0,
           Int(cells[contourFirst].x) == curX, Int(cells[contourFirst].y) == curY {
            cells[contourFirst].cover += curCover
            cells[contourFirst].area += curArea
            curX = -1
            curY = -1
            curCover = 0
            curArea = 0
        }
        contourFirst = -1
        lastEnd = (Int.min, Int.min)
    }

    /// Adds the cells of the edge from (ax, ay) down to (bx, by) (ay < by), walked top down,
    /// with `sign` +1 for an edge going down, −1 for one going up.
    @inline(__always)
    private mutating func walk(_ sign: Int, _ ax: Int, _ ay: Int, _ bx: Int, _ by: Int) {
        let bottom = height << Self.bits
        guard by > 0, ay < bottom else { return }
        let dx = bx - ax
        var y = Swift.max(ay, 0)
        let yEnd = Swift.min(by, bottom)
        if dx == 0 {
            // A vertical edge: one cell per row, no division (the cells `addRowPiece` makes);
            // a stretch of at least `runRows` whole rows is kept as one `VerticalRun`.
            if ax >= width << Self.bits { return }
            let c = ax <= 0 ? 0 : ax >> Self.bits
            let twoFx = ax <= 0 ? 0 : 2 * (ax - (c << Self.bits))
            var row = y >> Self.bits
            while y < yEnd {
                let top = row << Self.bits
                let whole = y == top ? (yEnd >> Self.bits) - row : 0
                if whole >= Self.runRows {
                    let d = Self.one * sign
                    runs.append(VerticalRun(x: Int32(truncatingIfNeeded: c), row0: Int32(truncatingIfNeeded: row),
                                            row1: Int32(truncatingIfNeeded: row + whole), cover: d, area: d * twoFx))
                    if row < minRow { minRow = row }
                    if row + whole - 1 > maxRow { maxRow = row + whole - 1 }
                    row += whole
                    y = row << Self.bits
                    continue
                }
                let yNext = Swift.min(yEnd, top + Self.one)
                let d = (yNext - y) * sign
                addCell(c, row, d, d * twoFx)
                y = yNext
                row += 1
            }
            return
        }
        var x = Self.edgeX(at: y, ax, ay, bx, by)
        var row = y >> Self.bits
        while y < yEnd {
            let top = row << Self.bits
            let yNext = Swift.min(yEnd, top + Self.one)
            let xNext = Self.edgeX(at: yNext, ax, ay, bx, by)
            addRowPiece(row, x, y - top, xNext, yNext - top, sign)
            x = xNext
            y = yNext
            row += 1
        }
    }

    /// x at height y on the edge from (ax, ay) down to (bx, by) (ay < by, ay ≤ y ≤ by), in
    /// the converter's fixed point: exact at the ends, else truncating division, which is
    /// monotone in y, so an edge's pieces nest. Bands cut edges with it too, so that a
    /// band's pieces meet the cells `addLine` made.
    @inline(__always)
    static func edgeX(at y: Int, _ ax: Int, _ ay: Int, _ bx: Int, _ by: Int) -> Int {
        y == ay ? ax : y == by ? bx : ax + (y - ay) * (bx - ax) / (by - ay)
    }

    /// A piece of an edge inside one pixel row, going down from fya to fyb (0...one).
    private mutating func addRowPiece(_ row: Int, _ xa: Int, _ fya: Int, _ xb: Int, _ fyb: Int,
                                      _ sign: Int) {
        let one = Self.one, bits = Self.bits
        let right = width << bits
        let dyr = fyb - fya, dxr = xb - xa
        if dxr == 0 {
            if xa >= right { return }
            if xa <= 0 { addCell(0, row, dyr * sign, 0); return }
            let c = xa >> bits, fx = xa - (c << bits)
            addCell(c, row, dyr * sign, dyr * 2 * fx * sign)
        } else if dxr > 0 {
            if xa >= right { return }
            var x = xa, y = fya
            if x < 0 {
                if xb <= 0 { addCell(0, row, dyr * sign, 0); return }
                let yc = fya + (0 - xa) * dyr / dxr
                addCell(0, row, (yc - fya) * sign, 0)
                x = 0
                y = yc
            }
            var c = x >> bits
            while c < width {
                let cx = c << bits, next = cx + one
                if xb <= next { contribute(c, row, x - cx, y, xb - cx, fyb, sign); return }
                let yc = fya + (next - xa) * dyr / dxr
                contribute(c, row, x - cx, y, one, yc, sign)
                x = next
                y = yc
                c += 1
            }
        } else {
            if xa <= 0 { addCell(0, row, dyr * sign, 0); return }
            var x = xa, y = fya
            if x > right {
                if xb >= right { return }
                let yc = fya + (right - xa) * dyr / dxr
                x = right
                y = yc
            }
            var c = (x - 1) >> bits
            while c >= 0 {
                let cx = c << bits
                if xb >= cx { contribute(c, row, x - cx, y, xb - cx, fyb, sign); return }
                let yc = fya + (cx - xa) * dyr / dxr
                contribute(c, row, x - cx, y, 0, yc, sign)
                x = cx
                y = yc
                c -= 1
            }
            addCell(0, row, (fyb - y) * sign, 0)   // the rest lies left of the surface
        }
    }

    @inline(__always)
    private mutating func contribute(_ c: Int, _ row: Int, _ fx0: Int, _ fy0: Int, _ fx1: Int,
                                     _ fy1: Int, _ sign: Int) {
        let dy = fy1 - fy0
        if dy == 0 { return }
        addCell(c, row, dy * sign, dy * (fx0 + fx1) * sign)
    }

    /// Accumulates into the current cell, flushing it when the edge walk moves to another one.
    @inline(__always)
    private mutating func addCell(_ x: Int, _ y: Int, _ cover: Int, _ area: Int) {
        if x == curX && y == curY {
            curCover += cover
            curArea += area
        } else {
            flushCell()
            curX = x
            curY = y
            curCover = cover
            curArea = area
        }
    }

    private mutating func flushCell() {
        keepCell(curX, curY, curCover, curArea)
        curCover = 0
        curArea = 0
        curX = -1
    }

    /// Appends the cell (x, y) unless it is none (x < 0) or empty, counting its row.
    @inline(__always)
    private mutating func keepCell(_ x: Int, _ y: Int, _ cover: Int, _ area: Int) {
        guard x >= 0 && (cover != 0 || area != 0) else { return }
        cells.append(CoverageCell(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y), cover: cover, area: area))
        if y < minRow { minRow = y }
        if y > maxRow { maxRow = y }
    }

    /// Alpha (0...255) for a signed value v in units of 2¹⁷ per fully covered pixel.
    @inline(__always)
    static func alpha(_ v: Int, evenOdd: Bool) -> Int {
        var c = abs(v) >> 1                    // 65536 = coverage 1
        if evenOdd {
            c &= 0x1FFFF                       // mod 2
            if c > 0x10000 { c = 0x20000 - c } // fold: triangle wave
        } else if c > 0x10000 {
            c = 0x10000
        }
        return (c * 255 + 0x8000) >> 16
    }

    /// Emits the coverage of everything added since `reset` to `sink`, rows top to bottom.
    ///
    /// A row's output depends only on the multiset of its cells, so a row made of vertical
    /// runs alone, with the same runs as the row above (itself made of runs alone), repeats
    /// that row's spans without sorting or summing anything.
    mutating func sweep<S: SpanSink>(rule: FillRule, into sink: inout S) {
        flushCell()
        let count = cells.count, runCount = runs.count
        guard count > 0 || runCount > 0, height > 0, minRow <= maxRow else { return }
        let lo = minRow, rows = maxRow - minRow + 1
        if rowStarts.count < rows + 1 { rowStarts = [Int](repeating: 0, count: rows + 1) }
        if edges != nil, rowStats.count < rows { rowStats = [RowStats](repeating: RowStats(), count: rows) }
        if rowFill.count < rows { rowFill = [Int](repeating: 0, count: rows) }
        if sorted.count < count {
            sorted = [CoverageCell](repeating: CoverageCell(x: 0, y: 0, cover: 0, area: 0), count: count)
        }
        if mergeScratch.count < count + runCount {
            mergeScratch = [CoverageCell](repeating: CoverageCell(x: 0, y: 0, cover: 0, area: 0), count: count + runCount)
        }
        if runCount > 0 {
            runs.sort { $0.row0 < $1.row0 }   // order within a row does not matter (sums commute)
            if activeRuns.count < runCount { activeRuns = runs }
            if rowCells.count < count + runCount {
                rowCells = [CoverageCell](repeating: CoverageCell(x: 0, y: 0, cover: 0, area: 0), count: count + runCount)
            }
            if rowSpans.count < 2 * runCount + 1 {
                rowSpans = [RowSpan](repeating: RowSpan(x: 0, count: 0, alpha: 0), count: 2 * runCount + 1)
            }
        }
        let evenOdd = rule == .evenOdd
        let w = width
        // Rows where the fill's winding can pass ±1 inside a pixel are computed in bands.
        var banded: BandedRows?
        if let edges {
            if bands == nil { bands = BandScratch() }
            if let bands { banded = BandedRows(edges: edges, scratch: bands, width: w, evenOdd: evenOdd) }
        }
        mergeScratch.withUnsafeMutableBufferPointer { scratchBuffer in
        guard let scratch = scratchBuffer.baseAddress else { return }
        cells.withUnsafeBufferPointer { src in
            rowStarts.withUnsafeMutableBufferPointer { starts in
            rowStats.withUnsafeMutableBufferPointer { stats in
                rowFill.withUnsafeMutableBufferPointer { fill in
                sorted.withUnsafeMutableBufferPointer { dst in
                    // Counting sort by row (stable) over the rows that hold cells, then each
                    // row sorted by x.
                    for k in 0...rows { starts[k] = 0 }
                    if banded != nil {
                        for k in 0..<rows { stats[k] = RowStats() }
                        for cell in src {
                            let k = Int(cell.y) - lo
                            starts[k + 1] += 1
                            stats[k].add(x: Int(cell.x), cover: cell.cover)
                        }
                    } else {
                        for cell in src { starts[Int(cell.y) - lo + 1] += 1 }
                    }
                    /// Row k (cells `dst[start ..< end]`, or `cells[0 ..< end]` merged with `runs`
                    /// vertical runs whose Σ cover is `net`) computed in bands when its sums
                    /// show winding past ±1 (`needsBands`) or two of its edges cross
                    /// (`BandedRows.crosses`, asked only where one pixel holds cells of two
                    /// edge walks, as crossing edges' cells do); false when it is left to
                    /// `sweepRow`.
                    @inline(__always)
                    func sweptInBands<T: SpanSink>(_ k: Int, _ cells: UnsafeMutableBufferPointer<CoverageCell>, _ start: Int,
                                                   _ end: Int, runs: Int, net: Int, into sink: inout T) -> Bool {
                        guard let banded,
                              stats[k].crowded(runs: runs, net: net, mixed: runs > 0 && starts[k + 1] > starts[k])
                        else { return false }
                        let (sums, shared) = Self.needsBands(cells, start, end)
                        guard sums || (shared && banded.crosses(row: lo + k)) else { return false }
                        return banded.sweep(row: lo + k, into: &sink)
                    }
                    for k in 0..<rows { starts[k + 1] += starts[k]; fill[k] = starts[k] }
                    for cell in src {
                        let k = Int(cell.y) - lo
                        dst[fill[k]] = cell
                        fill[k] += 1
                    }
                    if runCount == 0 {
                        for k in 0..<rows {
                            let start = starts[k], end = starts[k + 1]
                            if start == end { continue }
                            Self.sortRow(dst, start, end, scratch: scratch)
                            if !sweptInBands(k, dst, start, end, runs: 0, net: 0, into: &sink) {
                                Self.sweepRow(dst, start, end, y: lo + k, width: w, evenOdd: evenOdd, into: &sink)
                            }
                        }
                        return
                    }
                    runs.withUnsafeBufferPointer { runs in
                    activeRuns.withUnsafeMutableBufferPointer { active in
                    rowCells.withUnsafeMutableBufferPointer { merged in
                    rowSpans.withUnsafeMutableBufferPointer { spans in
                        var nextRun = 0, activeCount = 0, spanCount = 0
                        var repeatable = false   // `spans` holds the row above, made of runs alone
                        var nextEnd = Int.max    // the first row where an active run ends
                        for k in 0..<rows {
                            let r = lo + k
                            var changed = false
                            if r == nextEnd {
                                nextEnd = Int.max
                                var a = 0
                                while a < activeCount {
                                    let end = Int(active[a].row1)
                                    if end == r {
                                        activeCount -= 1
                                        active[a] = active[activeCount]
                                        changed = true
                                    } else {
                                        if end < nextEnd { nextEnd = end }
                                        a += 1
                                    }
                                }
                            }
                            while nextRun < runCount && Int(runs[nextRun].row0) == r {
                                active[activeCount] = runs[nextRun]
                                let end = Int(runs[nextRun].row1)
                                if end < nextEnd { nextEnd = end }
                                activeCount += 1
                                nextRun += 1
                                changed = true
                            }
                            let start = starts[k], end = starts[k + 1]
                            if activeCount == 0 {
                                repeatable = false
                                if start == end { continue }
                                Self.sortRow(dst, start, end, scratch: scratch)
                                if !sweptInBands(k, dst, start, end, runs: 0, net: 0, into: &sink) {
                                    Self.sweepRow(dst, start, end, y: r, width: w, evenOdd: evenOdd, into: &sink)
                                }
                                continue
                            }
                            if start == end && !changed && repeatable {
                                for i in 0..<spanCount {
                                    let s = spans[i]
                                    sink.span(y: r, x: Int(s.x), count: Int(s.count), alpha: Int(s.alpha))
                                }
                                continue
                            }
                            var n = 0, net = 0
                            for i in start..<end { merged[n] = dst[i]; n += 1 }
                            for i in 0..<activeCount {
                                let run = active[i]
                                merged[n] = CoverageCell(x: run.x, y: Int32(truncatingIfNeeded: r), cover: run.cover,
                                                         area: run.area)
                                net += run.cover
                                n += 1
                            }
                            Self.sortRow(merged, 0, n, scratch: scratch)
                            if sweptInBands(k, merged, 0, n, runs: activeCount, net: net, into: &sink) {
                                repeatable = false
                            } else if start == end {
                                spanCount = withUnsafeMutablePointer(to: &sink) { inner in
                                    var recorder = RowRecorder(inner: inner, spans: spans)
                                    Self.sweepRow(merged, 0, n, y: r, width: w, evenOdd: evenOdd, into: &recorder)
                                    return recorder.count
                                }
                                repeatable = true
                            } else {
                                Self.sweepRow(merged, 0, n, y: r, width: w, evenOdd: evenOdd, into: &sink)
                                repeatable = false
                            }
                        }
                    }
                    }
                    }
                    }
                }
                }
            }
            }
        }
        }
    }
}
