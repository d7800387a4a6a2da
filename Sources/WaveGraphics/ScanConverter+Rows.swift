import WaveGeometry
/// The per-row steps of `ScanConverter.sweep`: sorting a row's cells, sweeping them into
/// spans, and the vertical runs and recorded spans that let a repeated row skip both.
extension ScanConverter {
    /// Sweeps one row's cells, sorted by x, left to right into `sink`. A cell's pixel with
    /// the alpha of the pixels after it (an edge on a pixel boundary: full coverage, then the
    /// inside) goes out as one span with them, not two: sinks shade each pixel by its
    /// position and alpha alone, so the bytes are the same.
    @inline(__always)
    static func sweepRow<S: SpanSink>(_ cells: UnsafeMutableBufferPointer<CoverageCell>, _ start: Int,
                                      _ end: Int, y r: Int, width w: Int, evenOdd: Bool, into sink: inout S) {
        let shift = Self.bits + 1
        var acc = 0
        var i = start
        while i < end {
            let x = Int(cells[i].x)
            var cover = 0, area = 0
            repeat {
                cover += cells[i].cover
                area += cells[i].area
                i += 1
            } while i < end && Int(cells[i].x) == x
            let a = Self.alpha(((acc + cover) << shift) - area, evenOdd: evenOdd)
            acc += cover
            let next = i < end ? Int(cells[i].x) : w
            if acc != 0 && next > x + 1 {
                let b = Self.alpha(acc << shift, evenOdd: evenOdd)
                if a == b {
                    if a > 0 { sink.span(y: r, x: x, count: next - x, alpha: a) }
                    continue
                }
                if a > 0 { sink.span(y: r, x: x, count: 1, alpha: a) }
                if b > 0 { sink.span(y: r, x: x + 1, count: next - x - 1, alpha: b) }
            } else if a > 0 {
                sink.span(y: r, x: x, count: 1, alpha: a)
            }
        }
    }

    /// Runs a row may be merged from before it is sorted as a whole instead.
    static let mergedRuns = 4

    /// Sorts cells[start..<end] by x. Edge walks append a row's cells in runs going one way
    /// (an edge going right gives ascending x, one going left descending), so the row is cut
    /// into its maximal monotone runs: a row of one run is only checked (or reversed); a row
    /// of up to `mergedRuns` runs (a curve crossing the row twice, once each way; a shape's
    /// left and right sides) has its runs reversed where descending and merged in turn
    /// through `scratch` (room for the row); otherwise insertion sort for short rows, the
    /// standard sort for long ones. Order among equal x does not matter (their integer sums
    /// commute), so the result is deterministic either way.
    static func sortRow(_ cells: UnsafeMutableBufferPointer<CoverageCell>, _ start: Int, _ end: Int,
                        scratch: UnsafeMutablePointer<CoverageCell>) {
        if end - start < 2 { return }
        var runStart = start, runs = 0
        while runStart < end {
            // The maximal monotone run from runStart: direction 1 ascending, -1 descending,
            // 0 while only equal x have been seen.
            var k = runStart + 1, direction = 0
            while k < end {
                let a = cells[k - 1].x, b = cells[k].x
                if b > a {
                    if direction < 0 { break }
                    direction = 1
                } else if b < a {
                    if direction > 0 { break }
                    direction = -1
                }
                k += 1
            }
            if direction < 0 {
                var lo = runStart, hi = k - 1
                while lo < hi {
                    cells.swapAt(lo, hi)
                    lo += 1
                    hi -= 1
                }
            }
            runs += 1
            if runStart > start {
                guard runs <= mergedRuns else {
                    sortWhole(cells, start, end)
                    return
                }
                if cells[runStart].x < cells[runStart - 1].x { merge(cells, start, runStart, k, scratch: scratch) }
            }
            runStart = k
        }
    }

    /// Merges the sorted ranges cells[start..<middle] and cells[middle..<end] in place, the
    /// first copied to `scratch`.
    @inline(__always)
    static func merge(_ cells: UnsafeMutableBufferPointer<CoverageCell>, _ start: Int, _ middle: Int, _ end: Int,
                      scratch: UnsafeMutablePointer<CoverageCell>) {
        let count = middle - start
        guard let base = cells.baseAddress else { return }
        scratch.update(from: base + start, count: count)
        var i = 0, j = middle, out = start
        // `out` never passes `j`: cells from `j` on are read before they are overwritten.
        while i < count && j < end {
            if cells[j].x < scratch[i].x {
                cells[out] = cells[j]
                j += 1
            } else {
                cells[out] = scratch[i]
                i += 1
            }
            out += 1
        }
        while i < count {
            cells[out] = scratch[i]
            i += 1
            out += 1
        }
    }

    /// Sorts cells[start..<end] by x without looking for runs: insertion sort for short rows,
    /// the standard sort for long ones.
    static func sortWhole(_ cells: UnsafeMutableBufferPointer<CoverageCell>, _ start: Int, _ end: Int) {
        if end - start > 16 {
            var slice = UnsafeMutableBufferPointer(rebasing: cells[start..<end])
            slice.sort { $0.x < $1.x }
            return
        }
        var i = start + 1
        while i < end {
            let cell = cells[i]
            var j = i - 1
            while j >= start && cells[j].x > cell.x {
                cells[j + 1] = cells[j]
                j -= 1
            }
            cells[j + 1] = cell
            i += 1
        }
    }
}

/// The whole-row pieces of a vertical edge: every row in row0..<row1 gets the cell
/// (x, cover, area), `cover` = ±one and `area` = cover · 2·fx (fx the edge's offset in the pixel).
struct VerticalRun {
    var x: Int32
    var row0: Int32
    var row1: Int32
    var cover: Int
    var area: Int
}

/// One span of a row, kept to repeat the row below it.
struct RowSpan {
    var x: Int32
    var count: Int32
    var alpha: Int32
}

/// Passes spans on to the sink `inner` points to (in place: no copy of the sink) and writes
/// them to `spans` (sized for the row by the caller).
struct RowRecorder<Inner: SpanSink>: SpanSink {
    let inner: UnsafeMutablePointer<Inner>
    let spans: UnsafeMutableBufferPointer<RowSpan>
    var count = 0

    init(inner: UnsafeMutablePointer<Inner>, spans: UnsafeMutableBufferPointer<RowSpan>) {
        self.inner = inner
        self.spans = spans
    }

    @inline(__always)
    mutating func span(y: Int, x: Int, count n: Int, alpha: Int) {
        spans[count] = RowSpan(x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: n),
                               alpha: Int32(truncatingIfNeeded: alpha))
        count += 1
        inner.pointee.span(y: y, x: x, count: n, alpha: alpha)
    }
}
