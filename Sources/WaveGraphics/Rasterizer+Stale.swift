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
    mutating func drawOnCanvas(_ items: [DisplayItem], on canvas: Surface) {
        let shadowed = items.prefix(Self.staleItemLimit).contains {
            if case .effect(_, let fx) = $0, fx.shadow != nil, fx.blend == .normal { return true }
            return false
        }
        var i = 0
        while shadowed, i < items.count, i < Self.staleItemLimit, !stale.isEmpty {
            if case .effect(let children, let effects) = items[i] {
                effect(children, effects, on: canvas, overStale: true)
            } else {
                refillStale(in: items[i].pixelBounds, on: canvas)
                draw(items[i], on: canvas)
            }
            i += 1
        }
        refillStale(in: canvas.rect, on: canvas)
        while i < items.count {
            draw(items[i], on: canvas)
            i += 1
        }
    }

    /// Writes the background over the stale pixels inside `bounds`; they are stale no more.
    mutating func refillStale(in bounds: PixelBounds, on canvas: Surface) {
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

    /// Before a shadow over `rect` is painted on the canvas: the part of one stale rectangle
    /// (the one overlapping `rect` most) that the shadow painter will write whole, with the
    /// background where its coverage is zero. The rest of the stale pixels inside `out` (all
    /// the effect can touch) is refilled now or, outside `rect`, left stale for
    /// `refillStale(in: out)` after the shadow.
    mutating func takeStale(under rect: PixelBounds, within out: PixelBounds, on canvas: Surface) -> PixelBounds {
        guard let best = stale.indices.max(by: { stale[$0].intersection(rect).area < stale[$1].intersection(rect).area }),
              case let fresh = stale[best].intersection(rect), !fresh.isEmpty else {
            refillStale(in: out, on: canvas)
            return .empty
        }
        let taken = stale.remove(at: best)
        refillStale(in: out, on: canvas)
        taken.subtracting(rect, into: &stale)
        return fresh
    }
}
