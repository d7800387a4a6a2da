import WaveGraphics

/// The `effects` part: an effect on one fill without a blur needs no layer to be
/// composited. The fill is drawn straight onto the target over its shadow, the bytes
/// compositing its one-fill layer would give (as for a group holding one fill). Its layer
/// is then drawn only when the shadow is neither remembered nor wide: a wide shadow (σ ≥ 8)
/// of one solid fill is made from the fill's spans (`ShadowSource.fill`, with
/// `sparse-shadows`), which the fill drawn next replays.
///
/// Both this and the reference's layered path also run over a recycled frame's stale pixels
/// (`ActiveAccelerator+Stale`): the shadow then writes the stale pixels under it whole
/// (`StaleRegion.take`), and the rest of the effect's rectangle is refilled before the
/// content goes on.
extension ActiveAccelerator {
    func drawEffect(_ items: [DisplayItem], _ fx: LayerEffects, _ scope: EffectScope, on surface: Surface,
                    by r: inout Rasterizer) -> Bool {
        guard drawsDirect(items, scope) else { return false }
        var none = StaleRegion()
        _ = drawDirect(items, fx, scope, on: surface, stale: &none, by: &r)
        return true
    }

    /// Whether `drawDirect` draws this effect.
    func drawsDirect(_ items: [DisplayItem], _ scope: EffectScope) -> Bool {
        guard drawsEffectsDirect, scope.plan.blur == nil, items.count == 1, case .fill = items[0] else { return false }
        return true
    }

    /// Draws one fill without a blur straight onto the target over its shadow; returns the
    /// shadow painted, if any, and the content's rectangle.
    func drawDirect(_ items: [DisplayItem], _ fx: LayerEffects, _ scope: EffectScope, on surface: Surface,
                    stale: inout StaleRegion, by r: inout Rasterizer) -> (painted: PaintedShadow?, content: PixelBounds) {
        let contentRect = scope.contentRect
        let target = fx.blend == .normal ? surface : r.clearLayer(scope.out)
        // The fill is drawn onto the part of the target its layer would cover when that
        // holds all of it that lands on the target: the same pixels, and the same memo entry
        // as the layer's, so a fresh shadow's layer and the fill over it are scan-converted
        // once.
        var fillTarget = target
        if case let landing = scope.contentBounds.intersection(target.rect),
           landing.intersection(contentRect) == landing, contentRect.intersection(target.rect) == contentRect {
            fillTarget = target.window(contentRect)
        }
        var painted: PaintedShadow?
        if let cast = r.beginShadow(items, fx, scope) {
            let fresh = fx.blend == .normal ? stale.take(under: cast.rect, within: scope.out, on: surface) : FreshRows()
            let alpha: ShadowAlpha
            if case .found(let kept) = cast.recall {
                alpha = kept
            } else if sparseShadows, cast.kernels.isCoarse,
                      let fill = r.fillSpans(items[0], over: contentRect, keep: fillTarget.rect == contentRect) {
                alpha = sparseShadow(of: .fill(spans: fill.spans, rect: contentRect, color: fill.color), over: cast.rect,
                                     kernels: cast.kernels, arena: r.arena)
            } else {
                if let memo = r.memo, fillTarget.rect == contentRect, case .fill(let path, let rule, _, _) = items[0] {
                    memo.expectRepeat(path, rule: rule, over: contentRect)
                }
                let layer = r.effectLayer(items, scope)
                alpha = r.shadowAlpha(of: layer, cast)
            }
            painted = paint(alpha, cast, onto: target, fresh: fresh, background: stale.color)
        }
        stale.refill(in: scope.out, on: surface)
        r.draw(items, on: fillTarget)
        r.finishEffect(fx, target, on: surface)
        return (painted, scope.contentBounds)
    }

    /// The reference's layered effect (`Rasterizer.effect`), over stale pixels; returns the
    /// shadow painted, if any, and the layer's rectangle.
    func drawLayered(_ items: [DisplayItem], _ fx: LayerEffects, _ scope: EffectScope, on surface: Surface,
                     stale: inout StaleRegion, by r: inout Rasterizer) -> (painted: PaintedShadow?, content: PixelBounds) {
        let layer = r.effectLayer(items, scope)
        let target = fx.blend == .normal ? surface : r.clearLayer(scope.out)
        var painted: PaintedShadow?
        if let cast = r.beginShadow(items, fx, scope) {
            let fresh = fx.blend == .normal ? stale.take(under: cast.rect, within: scope.out, on: surface) : FreshRows()
            let alpha: ShadowAlpha
            if case .found(let kept) = cast.recall { alpha = kept } else { alpha = r.shadowAlpha(of: layer, cast) }
            painted = paint(alpha, cast, onto: target, fresh: fresh, background: stale.color)
        }
        stale.refill(in: scope.out, on: surface)
        r.composite(layer, within: scope.out, onto: target)
        r.finishEffect(fx, target, on: surface)
        return (painted, layer.rect)
    }

    /// Paints `alpha` in the shadow's colour onto `target`, writing the stale pixels `fresh`
    /// whole over `background` (`StaleShadowPainter`, with the plans kept in the shadow
    /// cache's entry), and keeps it when it was not kept before.
    private func paint(_ alpha: ShadowAlpha, _ cast: Rasterizer.ShadowCast, onto target: Surface, fresh: FreshRows,
                       background: UInt32) -> PaintedShadow {
        var entry: ShadowCache.Entry?, found = false
        switch cast.recall {
        case .found: found = true
        case .missed(let ticket): entry = keep(alpha, for: cast.key, ticket: ticket)
        }
        if fresh.isEmpty {
            ShadowPainter.paint(alpha, color: cast.color, onto: target)
        } else {
            if found { entry = keptEntry(holding: alpha) }
            StaleShadowPainter.paint(alpha, color: cast.color, onto: target, fresh: fresh, background: background,
                                     plans: entry?.plans ?? ShadowPlans())
        }
        return PaintedShadow(alpha: alpha, entry: entry, found: found)
    }

    /// Where `painted`'s runs lie: kept in its entry, or worked out now.
    func extents(of painted: PaintedShadow) -> ShadowExtents {
        let entry = painted.entry ?? (painted.found ? keptEntry(holding: painted.alpha) : nil)
        return entry?.extents ?? ShadowExtents(painted.alpha)
    }
}

/// A shadow an effect painted, with the shadow cache's entry for it when one was made or
/// looked up while painting it.
struct PaintedShadow {
    let alpha: ShadowAlpha
    let entry: ShadowCache.Entry?
    /// Whether it came from the cache (whose entry may then not have been looked up).
    let found: Bool
}
