import WaveGeometry
/// A resolved, device-space drawing command list: what the runtime hands the renderer per frame.
public indirect enum DisplayItem: Equatable, Sendable {
    /// Fills `path` (device space, implicitly closed sub-paths) with `paint`, its alpha scaled by
    /// `opacity` (clamped to 0...1, NaN = 0). A path with a non-finite point is skipped;
    /// coordinates beyond ±2²⁰ are clamped.
    case fill(path: Path, rule: FillRule, paint: Paint, opacity: Double)
    /// Renders `items` into a transparent offscreen layer (limited to their bounds), then
    /// composites it source-over with `opacity`, multiplied per pixel by the mask alpha.
    /// With opacity 1 and no mask the items are drawn directly (no offscreen).
    case group(items: [DisplayItem], opacity: Double, mask: Mask?)
    /// Renders `items` into a transparent offscreen layer, blurs it, draws its shadow beneath
    /// it and composites both onto the target with a blend mode (see `LayerEffects`).
    case effect(items: [DisplayItem], effects: LayerEffects)
}

extension DisplayItem {
    /// Device pixels the item can change (conservative; empty when it draws nothing).
    package var pixelBounds: PixelBounds {
        switch self {
        case .fill(let path, _, _, let opacity):
            guard opacity > 0, let box = path.bounds else { return .empty }
            return PixelBounds(covering: box)
        case .group(let items, let opacity, let mask):
            guard opacity > 0 else { return .empty }
            var box = DisplayItem.pixelBounds(of: items)
            if let mask, !mask.inverted { box = box.intersection(DisplayItem.pixelBounds(of: mask.items)) }
            return box
        case .effect(let items, let effects):
            return EffectPlan(effects).bounds(of: DisplayItem.pixelBounds(of: items))
        }
    }

    /// Whether drawing `items` straight onto a backdrop blends some of them with it other
    /// than source-over: a blend mode not under an offscreen layer of its own (an effect
    /// isolates its items, as does a group with opacity below 1 or a mask; a group with
    /// neither passes its items through). Drawing such items on a transparent layer first
    /// (an isolated group) gives other bytes; for any other items it changes nothing,
    /// since source-over is associative.
    public static func blendsThrough(_ items: [DisplayItem]) -> Bool {
        items.contains {
            switch $0 {
            case .fill: return false
            case .group(let inner, let opacity, let mask): return opacity >= 1 && mask == nil && blendsThrough(inner)
            case .effect(_, let effects): return effects.blend != .normal
            }
        }
    }

    /// Union of the items' pixel bounds.
    static func pixelBounds(of items: [DisplayItem]) -> PixelBounds {
        items.reduce(PixelBounds.empty) { $0.union($1.pixelBounds) }
    }
}
