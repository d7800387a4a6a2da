import WaveGeometry
import WaveGraphics

/// The accelerator a renderer asks (`RenderAccelerator`): the parts `Accelerator` turned
/// on. Holds the blurred shadows every render of the renderer and its copies share; each
/// render's own memos (`RenderCaches`) come from `makeMemo`.
final class ActiveAccelerator: RenderAccelerator, @unchecked Sendable {
    let caches: Bool
    /// Whether an effect on one fill without a blur is drawn straight onto its target
    /// (`ActiveAccelerator+Effects`).
    let drawsEffectsDirect: Bool
    let sparseShadows: Bool
    let shadows = ShadowCache()

    init(_ parts: Accelerator) {
        caches = parts.caches
        drawsEffectsDirect = parts.effects
        sparseShadows = parts.sparseShadows
    }

    func makeMemo() -> (any RenderMemo)? { caches ? RenderCaches() : nil }

    func sparseShadow(of source: ShadowSource, over rect: PixelBounds, kernels: EffectPlan.Kernels,
                      arena: ScratchArena) -> ShadowAlpha {
        switch source {
        case .layer(let layer):
            return GaussianBlur.coarseShadow(of: LayerCoverage(layer: layer), dst: rect, sigma: kernels.sigma,
                                             shiftX: kernels.shiftX, shiftY: kernels.shiftY, arena: arena)
        case .fill(let spans, let clip, let color):
            return GaussianBlur.coarseShadow(of: FillCoverage(rect: clip, spans: spans, color: color), dst: rect,
                                             sigma: kernels.sigma, shiftX: kernels.shiftX, shiftY: kernels.shiftY, arena: arena)
        }
    }

    func shadow(for key: ShadowKey) -> Recall<ShadowAlpha> {
        guard caches else { return .missed(ticket: 0) }
        let hash = ShadowCache.fingerprint(key)
        if let entry = shadows.entry(for: key, hash: hash) { return .found(entry.alpha) }
        return .missed(ticket: hash)
    }

    func offer(_ shadow: ShadowAlpha, for key: ShadowKey, ticket: Int) {
        _ = keep(shadow, for: key, ticket: ticket)
    }

    /// Keeps a shadow just made for `key` (missed with `ticket`) when the cache takes it,
    /// and returns its entry then.
    func keep(_ shadow: ShadowAlpha, for key: ShadowKey, ticket: Int) -> ShadowCache.Entry? {
        guard caches, shadows.shouldStore(hash: ticket, bytes: ShadowCache.Entry.byteCount(of: shadow)) else { return nil }
        let entry = ShadowCache.Entry(key: key, hash: ticket, alpha: shadow)
        shadows.store(entry)
        return entry
    }

    /// The shadow cache's entry holding `shadow` (as `shadow(for:)` found it), if it is still kept.
    func keptEntry(holding shadow: ShadowAlpha) -> ShadowCache.Entry? {
        caches ? shadows.entry(holding: shadow) : nil
    }
}

/// One render's memos: fills' spans (`SpanCache`), masks' coverage (`CoverageCache`) and
/// gradient ramps (`RampCache`), kept from render to render with the renderer's scratch
/// buffers.
final class RenderCaches: RenderMemo {
    private let spans = SpanCache()
    private let coverages = CoverageCache()
    private let ramps = RampCache()

    func ramp(_ stops: [GradientStop], opacity: Double, make: () -> GradientRamp?) -> GradientRamp? {
        ramps.ramp(stops, opacity: opacity, make: make)
    }

    func spans(of path: Path, rule: FillRule, over rect: PixelBounds) -> Recall<[CoverageSpan]> {
        let hash = SpanCache.fingerprint(path, rule, rect)
        if let entry = spans.entry(path: path, rule: rule, rect: rect, hash: hash) { return .found(entry.spans) }
        return .missed(ticket: hash)
    }

    func shouldKeep(ticket: Int) -> Bool { spans.repeatedMiss(hash: ticket) }

    func keep(_ recorded: [CoverageSpan], of path: Path, rule: FillRule, over rect: PixelBounds, ticket: Int) {
        spans.store(SpanCache.Entry(path: path, rule: rule, rect: rect, hash: ticket, spans: recorded))
    }

    func expectRepeat(_ path: Path, rule: FillRule, over rect: PixelBounds) {
        spans.expectRepeat(hash: SpanCache.fingerprint(path, rule, rect))
    }

    func mask(of items: [DisplayItem], over rect: PixelBounds) -> Recall<KeptMask> {
        let hash = DisplayItem.fingerprint(of: items)
        if let entry = coverages.entry(for: items, hash: hash, rect: rect) { return .found(KeptMask(mask: entry.mask, owner: entry)) }
        return .missed(ticket: hash)
    }

    func shouldKeepMask(ticket: Int) -> Bool { coverages.repeatedMiss(hash: ticket) }

    func keepMask(_ coverage: AlphaMask, of items: [DisplayItem], ticket: Int) -> KeptMask {
        let entry = CoverageCache.Entry(items: items, hash: ticket, copying: coverage)
        coverages.store(entry)
        return KeptMask(mask: entry.mask, owner: entry)
    }
}
