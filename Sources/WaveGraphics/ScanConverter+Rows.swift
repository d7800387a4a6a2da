/// The per-row steps of `ScanConverter.sweep`: sorting a row's cells, sweeping them into
/// spans, and the vertical runs and recorded spans that let a repeated row skip both.
extension ScanConverter {
    /// Sweeps one row's cells, sorted by x, left to right into `sink`.
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
            if a > 0 { sink.span(y: r, x: x, count: 1, alpha: a) }
            acc += cover
            let next = i < end ? Int(cells[i].x) : w
            if acc != 0 && next > x + 1 {
                let b = Self.alpha(acc << shift, evenOdd: evenOdd)
                if b > 0 { sink.span(y: r, x: x + 1, count: next - x - 1, alpha: b) }
            }
        }
    }

    /// Sorts cells[start..<end] by x. Edge walks append a row's cells in runs going one way,
    /// so a row already in order (or in reverse order: an edge going left) is only checked (or
    /// reversed); otherwise insertion sort for short rows, the standard sort for long ones.
    /// Order among equal x does not matter (their integer sums commute), so the result is
    /// deterministic either way.
    static func sortRow(_ cells: UnsafeMutableBufferPointer<CoverageCell>, _ start: Int, _ end: Int) {
        if end - start < 2 { return }
        var ascending = true, descending = true
        var k = start + 1
        while k < end {
            let a = cells[k - 1].x, b = cells[k].x
            if b < a { ascending = false }
            if b > a { descending = false }
            if !ascending && !descending { break }
            k += 1
        }
        if ascending { return }
        if descending {
            var lo = start, hi = end - 1
            while lo < hi {
                cells.swapAt(lo, hi)
                lo += 1
                hi -= 1
            }
            return
        }
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
