import WaveGraphics

/// The pixels of a recycled frame buffer left from the last frame (`Pixmap.footprint`),
/// which stand for the background `color` (premultiplied, packed) until written: canvas
/// rectangles, none sharing a pixel. Empty (and inert) outside `ActiveAccelerator.drawFrame`.
struct StaleRegion {
    private(set) var rects: [PixelBounds] = []
    let color: UInt32

    init(_ rects: [PixelBounds] = [], color: UInt32 = 0) {
        self.rects = rects
        self.color = color
    }

    var isEmpty: Bool { rects.isEmpty }

    /// Writes the background over the stale pixels inside `bounds`; they are stale no more.
    mutating func refill(in bounds: PixelBounds, on canvas: Surface) {
        guard !rects.isEmpty, !bounds.isEmpty else { return }
        var kept: [PixelBounds] = []
        for r in rects {
            let both = r.intersection(bounds)
            if both.isEmpty {
                kept.append(r)
            } else {
                canvas.fill(both, color)
                r.subtracting(bounds, into: &kept)
            }
        }
        rects = kept
    }

    /// Before a shadow over `rect` is painted on the canvas: the stale pixels under it that
    /// the shadow painter will write whole, row by row, with the background where its
    /// coverage is zero (`StaleShadowPainter`): the stale rectangles that meet
    /// `rect`, largest overlap first, as long as no two share a row (the last frame's glow
    /// comes back as strips that follow its coverage, `ActiveAccelerator.shadowFootprint`).
    /// The rest of the stale pixels inside `out` (all the effect can touch) is refilled now
    /// or, outside `rect`, left stale for `refill(in: out)` after the shadow.
    mutating func take(under rect: PixelBounds, within out: PixelBounds, on canvas: Surface) -> FreshRows {
        guard !rects.isEmpty else { return FreshRows() }
        var fresh = FreshRows(rows: rect.y0..<rect.y1)
        var kept: [PixelBounds] = [], taken: [PixelBounds] = []
        let order = rects.map { ($0, $0.intersection(rect).area) }.sorted { $0.1 > $1.1 }
        for (r, area) in order {
            if area > 0, fresh.take(r.intersection(rect)) { taken.append(r) } else { kept.append(r) }
        }
        rects = kept
        refill(in: out, on: canvas)
        for r in taken { r.subtracting(rect, into: &rects) }
        return taken.isEmpty ? FreshRows() : fresh
    }
}
