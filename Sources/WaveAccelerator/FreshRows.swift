import WaveGraphics

/// Stale pixels a shadow is to write whole (`StaleShadowPainter`): at most one stretch of
/// columns a device row, over a range of rows.
struct FreshRows {
    private var y0 = 0
    /// Two device columns a row, [x0, x1); equal when the row has none.
    private var columns: [Int32] = []

    var isEmpty: Bool { columns.isEmpty }

    /// None.
    init() {}

    /// Room for stretches in device rows `rows`, none taken yet.
    init(rows: Range<Int>) {
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
    mutating func take(_ r: PixelBounds) -> Bool {
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
