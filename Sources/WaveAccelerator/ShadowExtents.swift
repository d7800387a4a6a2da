import WaveGraphics

/// The columns a shadow's runs span in each strip of `rows` rows of its rectangle: where a
/// frame drawn over stale pixels finds what the shadow changed
/// (`ActiveAccelerator.shadowFootprint`). Kept in the shadow cache's entry, worked out
/// again for a shadow it does not hold.
struct ShadowExtents {
    /// Rows a strip.
    static let rows = 16

    /// The shadow's rectangle.
    let rect: PixelBounds
    /// For strip i, columns [columns[2i], columns[2i + 1]) from `rect`'s left; equal when
    /// it has no runs.
    let columns: [Int32]

    /// Entries `columns` has for a shadow over `rect`.
    static func count(over rect: PixelBounds) -> Int { 2 * ((rect.height + rows - 1) / rows) }

    init(_ shadow: ShadowAlpha) {
        rect = shadow.rect
        let n = Self.rows
        var columns = [Int32](repeating: 0, count: Self.count(over: rect))
        for run in shadow.runs {
            let i = 2 * (Int(run.y) / n), end = run.x + run.count
            if columns[i] >= columns[i + 1] {
                (columns[i], columns[i + 1]) = (run.x, end)
            } else {
                columns[i] = Swift.min(columns[i], run.x)
                columns[i + 1] = Swift.max(columns[i + 1], end)
            }
        }
        self.columns = columns
    }
}
