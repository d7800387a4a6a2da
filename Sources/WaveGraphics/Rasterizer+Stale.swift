import WaveGeometry
/// Stale background: a recycled frame buffer whose last frame's pixels are still there.
///
/// Instead of refilling the last frame's drawn rectangles before drawing (one pass of
/// stores over them) and then painting over them (a second pass), the render is told which
/// rectangles are stale: their pixels stand for the background and are written only when
/// something is about to be drawn there, or at the end. A shadow drawn over stale
/// background (glow-heart's glow, which covers most of the last frame's rectangle) writes
/// each of its rows once, the shadow over the background where its coverage is non-zero and
/// the background between, except under the layer's opaque pixels, which the layer drawn
/// next replaces: so those pixels are stored once instead of twice and never read. The
/// bytes are those of refilling first and drawing after.
extension Rasterizer {
    /// The leading items checked against the stale rectangles when one of them casts a
    /// shadow; past them (or at once when none does) whatever is still stale is refilled in
    /// one go, as a pixmap pool would, so other scenes pay nothing for this.
    static let staleItemLimit = 8

    /// Draws `items` on the canvas, writing the stale rectangles' background as it goes.
    /// Returns where the pixels can now differ from the background (stale pixels counting
    /// as background): each item's rectangle, or the strips an effect's shadow reports
    /// (`shadowFootprint`), tighter than `Frame.drawnRegions`; the union of them all past
    /// `footprintLimit` rectangles.
    mutating func drawOnCanvas(_ items: [DisplayItem], on canvas: Surface) -> [PixelBounds] {
        let shadowed = items.prefix(Self.staleItemLimit).contains {
            if case .effect(_, let fx) = $0, fx.shadow != nil, fx.blend == .normal { return true }
            return false
        }
        var footprint: [PixelBounds] = []
        func drawn(_ item: DisplayItem) {
            let r = item.pixelBounds.intersection(canvas.rect)
            if !r.isEmpty { footprint.append(r) }
        }
        var i = 0
        while shadowed, i < items.count, i < Self.staleItemLimit {
            if case .effect(let children, let effects) = items[i] {
                footprint += effect(children, effects, on: canvas, overStale: true)
            } else {
                refillStale(in: items[i].pixelBounds, on: canvas)
                draw(items[i], on: canvas)
                drawn(items[i])
            }
            i += 1
        }
        refillStale(in: canvas.rect, on: canvas)
        while i < items.count {
            draw(items[i], on: canvas)
            drawn(items[i])
            i += 1
        }
        if footprint.count > Self.footprintLimit { footprint = [footprint.reduce(PixelBounds.empty) { $0.union($1) }] }
        return footprint
    }

    /// The most rectangles `drawOnCanvas` reports before it gives their union instead.
    static let footprintLimit = 96

    /// Writes the background over the stale pixels inside `bounds`; they are stale no more.
    package mutating func refillStale(in bounds: PixelBounds, on canvas: Surface) {
        guard !stale.isEmpty, !bounds.isEmpty else { return }
        var kept: [PixelBounds] = []
        for r in stale {
            let both = r.intersection(bounds)
            if both.isEmpty {
                kept.append(r)
            } else {
                canvas.fill(both, staleColor)
                r.subtracting(bounds, into: &kept)
            }
        }
        stale = kept
    }

    /// Before a shadow over `rect` is painted on the canvas: the stale pixels under it that
    /// the shadow painter will write whole, row by row, with the background where its
    /// coverage is zero: the stale rectangles that meet `rect`, largest overlap first, as long
    /// as no two share a row (the last frame's glow comes back as strips that follow its
    /// coverage, `shadowFootprint`). The rest of the stale pixels inside `out` (all the
    /// effect can touch) is refilled now or, outside `rect`, left stale for
    /// `refillStale(in: out)` after the shadow.
    mutating func takeStale(under rect: PixelBounds, within out: PixelBounds, on canvas: Surface) -> FreshRows {
        var fresh = FreshRows(rows: rect.y0..<rect.y1)
        var kept: [PixelBounds] = [], taken: [PixelBounds] = []
        let order = stale.map { ($0, $0.intersection(rect).area) }.sorted { $0.1 > $1.1 }
        for (r, area) in order {
            if area > 0, fresh.take(r.intersection(rect)) { taken.append(r) } else { kept.append(r) }
        }
        stale = kept
        refillStale(in: out, on: canvas)
        for r in taken { r.subtracting(rect, into: &stale) }
        return taken.isEmpty ? FreshRows() : fresh
    }

    /// Where an effect's pixels can differ from what lay below after its shadow (`shadow`,
    /// painted) and its content (drawn over `content`): strips of `footprintRows` rows, each
    /// as wide as the shadow's runs and the content in them, within `out`. Tighter than the
    /// effect's rectangle, which reaches as far as the blur's kernel does: a glow's non-zero
    /// coverage is round, and its rectangle's corners are empty.
    static func shadowFootprint(_ shadow: ShadowAlpha, content: PixelBounds, within out: PixelBounds) -> [PixelBounds] {
        let rect = shadow.rect, n = Self.footprintRows
        guard !rect.isEmpty else { return [content.intersection(out)].filter { !$0.isEmpty } }
        let extents = shadow.extents, strips = extents.count / 2
        var regions: [PixelBounds] = []
        regions.reserveCapacity(strips + 4)
        for i in 0..<strips {
            let y0 = rect.y0 + i * n, y1 = Swift.min(rect.y1, y0 + n), lo = Int(extents[2 * i]), hi = Int(extents[2 * i + 1])
            let runs = lo < hi ? PixelBounds(x0: rect.x0 + lo, y0: y0, x1: rect.x0 + hi, y1: y1) : .empty
            let strip = runs.union(content.intersection(PixelBounds(x0: content.x0, y0: y0, x1: content.x1, y1: y1)))
                .intersection(out)
            if !strip.isEmpty { regions.append(strip) }
        }
        // Content above or below the shadow's rows.
        var beyond: [PixelBounds] = []
        content.subtracting(PixelBounds(x0: content.x0, y0: rect.y0, x1: content.x1, y1: rect.y1), into: &beyond)
        return regions + beyond.map { $0.intersection(out) }.filter { !$0.isEmpty }
    }

    /// Rows a strip of `shadowFootprint`.
    static let footprintRows = 16
}
