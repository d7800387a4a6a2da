import WaveGraphics

/// Frame reuse over stale background: a recycled frame buffer whose last frame's pixels are
/// still there (`PixmapPool`).
///
/// Instead of refilling the last frame's drawn rectangles before drawing (one pass of
/// stores over them) and then painting over them (a second pass), the frame is drawn
/// knowing which rectangles are stale (`StaleRegion`): their pixels stand for the
/// background and are written only when something is about to be drawn there, or at the
/// end. A shadow drawn over stale background (glow-heart's glow, which covers most of the
/// last frame's rectangle) writes each of its rows once, the shadow over the background
/// where its coverage is non-zero and the background between, except under the layer's
/// opaque pixels, which the layer drawn next replaces: so those pixels are stored once
/// instead of twice and never read. The bytes are those of the reference's refilling first
/// and drawing after. What the frame changed (`shadowFootprint`) becomes the next frame's
/// stale region.
extension ActiveAccelerator {
    /// The leading items checked against the stale rectangles when one of them casts a
    /// shadow; past them (or at once when none does) whatever is still stale is refilled in
    /// one go, as a pixmap pool would, so other scenes pay nothing for this.
    static let staleItemLimit = 8

    /// The most rectangles `drawFrame` reports before it gives their union instead.
    static let footprintLimit = 96

    /// Draws `items` on the canvas, writing the stale rectangles' background as it goes.
    /// Returns where the pixels can now differ from the background (stale pixels counting
    /// as background): each item's rectangle, or the strips an effect's shadow reports
    /// (`shadowFootprint`), tighter than `Frame.drawnRegions`; the union of them all past
    /// `footprintLimit` rectangles.
    func drawFrame(_ items: [DisplayItem], on canvas: Surface, stale rects: [PixelBounds], background: UInt32,
                   by r: inout Rasterizer) -> [PixelBounds]? {
        var stale = StaleRegion(rects, color: background)
        let shadowed = items.prefix(Self.staleItemLimit).contains {
            if case .effect(_, let fx) = $0, fx.shadow != nil, fx.blend == .normal { return true }
            return false
        }
        var footprint: [PixelBounds] = []
        func drawn(_ item: DisplayItem) {
            let b = item.pixelBounds.intersection(canvas.rect)
            if !b.isEmpty { footprint.append(b) }
        }
        var i = 0
        while shadowed, i < items.count, i < Self.staleItemLimit {
            if case .effect(let children, let effects) = items[i] {
                footprint += effect(children, effects, on: canvas, stale: &stale, by: &r)
            } else {
                stale.refill(in: items[i].pixelBounds, on: canvas)
                r.draw(items[i], on: canvas)
                drawn(items[i])
            }
            i += 1
        }
        stale.refill(in: canvas.rect, on: canvas)
        while i < items.count {
            r.draw(items[i], on: canvas)
            drawn(items[i])
            i += 1
        }
        if footprint.count > Self.footprintLimit { footprint = [footprint.reduce(PixelBounds.empty) { $0.union($1) }] }
        return footprint
    }

    /// An effect on the canvas over stale pixels (`ActiveAccelerator+Effects`); returns
    /// where it can have changed pixels: `out`, the rectangle the blur and shadow can reach,
    /// or tighter strips when a shadow was painted straight onto the canvas.
    private func effect(_ items: [DisplayItem], _ fx: LayerEffects, on canvas: Surface, stale: inout StaleRegion,
                        by r: inout Rasterizer) -> [PixelBounds] {
        guard let scope = EffectScope(items, fx, within: canvas.rect) else { return [] }
        let mark = r.arena.mark
        defer { r.arena.reset(to: mark) }
        let (painted, content) = drawsDirect(items, scope)
            ? drawDirect(items, fx, scope, on: canvas, stale: &stale, by: &r)
            : drawLayered(items, fx, scope, on: canvas, stale: &stale, by: &r)
        guard fx.blend == .normal, let painted else { return [scope.out] }
        return Self.shadowFootprint(extents(of: painted), content: content.intersection(scope.out), within: scope.out)
    }

    /// Where an effect's pixels can differ from what lay below after its shadow (painted,
    /// its runs spanning `shadow`) and its content (drawn over `content`): strips of
    /// `ShadowExtents.rows` rows, each as wide as the shadow's runs and the content in them,
    /// within `out`. Tighter than the effect's rectangle, which reaches as far as the blur's
    /// kernel does: a glow's non-zero coverage is round, and its rectangle's corners are empty.
    static func shadowFootprint(_ shadow: ShadowExtents, content: PixelBounds, within out: PixelBounds) -> [PixelBounds] {
        let rect = shadow.rect, n = ShadowExtents.rows
        guard !rect.isEmpty else { return [content.intersection(out)].filter { !$0.isEmpty } }
        let extents = shadow.columns, strips = extents.count / 2
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
}
