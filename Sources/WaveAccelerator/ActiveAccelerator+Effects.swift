import WaveGraphics

/// The `effects` part: an effect on one fill without a blur needs no layer to be
/// composited. The fill is drawn straight onto the target over its shadow, the bytes
/// compositing its one-fill layer would give (as for a group holding one fill). Its layer
/// is then drawn only when the shadow is neither remembered nor wide: a wide shadow (σ ≥ 8)
/// of one solid fill is made from the fill's spans (`ShadowSource.fill`, with
/// `sparse-shadows`), which the fill drawn next replays.
extension ActiveAccelerator {
    func drawEffect(_ items: [DisplayItem], _ fx: LayerEffects, _ scope: EffectScope, on surface: Surface, overStale: Bool,
                    by r: inout Rasterizer) -> [PixelBounds]? {
        guard drawsEffectsDirect, scope.plan.blur == nil, items.count == 1, case .fill = items[0] else { return nil }
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
        var painted: ShadowAlpha?
        if let cast = r.beginShadow(items, fx, scope, on: surface, overStale: overStale) {
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
            r.paintShadow(alpha, cast, onto: target)
            painted = alpha
        }
        if overStale { r.refillStale(in: scope.out, on: surface) }
        r.draw(items, on: fillTarget)
        return r.finishEffect(fx, target, on: surface, painted: painted, content: scope.contentBounds, out: scope.out)
    }
}
