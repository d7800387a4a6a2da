import WaveGeometry

/// The one seam between the reference raster and the accelerator (the WaveAccelerator
/// target).
///
/// The reference defines every pixel: with no accelerator (`Renderer.accelerator` nil, as
/// under `WAVE_ACCEL=off`) it renders everything itself. With one, it asks here first,
/// where an answer can save work: "have you seen this fill, this mask, this shadow before?"
/// and "can you draw this effect, make this shadow, faster?". Every answer is either no, and the reference does its
/// own work, or something that gives the very bytes that work would (coverage recorded from
/// the same sweep, a shadow blurred from the same key), so output never depends on the
/// accelerator. The reference never imports the accelerator; whoever builds a `Renderer`
/// gets one there (`Accelerator.current.renderer()`), and the accelerator works the
/// reference's steps through `package` access.
///
/// Questions are asked a frame, a fill, a mask, an effect or a shadow at a time, never per
/// span or pixel. The
/// wide C kernels (CPixelKernels) sit below this seam: the reference's pixel loops call
/// them, and they choose their AVX-512 or portable form at run time (the accelerator's
/// `kernels` switch sets that choice once).
package protocol RenderAccelerator: AnyObject, Sendable {
    /// Memos for one render at a time (kept with a renderer's scratch buffers, so never
    /// used by two threads at once), or nil when the caches are off.
    func makeMemo() -> (any RenderMemo)?

    /// Draws a frame's `items` over `canvas` (the whole pixmap), whose pixels inside the
    /// rectangles `stale` are left from an earlier frame and stand for `background`
    /// (premultiplied, packed), with `rasterizer`: the bytes of filling them with it first
    /// and drawing after. Returns where the drawing can have changed pixels (stale ones
    /// counting as background), kept as `Pixmap.footprint` for the next frame's stale
    /// region; nil to leave the frame to the reference, which fills and then draws.
    func drawFrame(_ items: [DisplayItem], on canvas: Surface, stale: [PixelBounds], background: UInt32,
                   by rasterizer: inout Rasterizer) -> [PixelBounds]?

    /// Draws the effect `fx` on `items` over `surface` faster than the reference's layer
    /// (one fill without a blur, straight onto its target over its shadow), with
    /// `rasterizer`; false to leave it to the reference.
    func drawEffect(_ items: [DisplayItem], _ fx: LayerEffects, _ scope: EffectScope, on surface: Surface,
                    by rasterizer: inout Rasterizer) -> Bool

    /// Whether `sparseShadow` may be asked instead of blurring a wide shadow's whole
    /// rectangle (the reference, `EffectPlan.Kernels.shadowAlpha`).
    var sparseShadows: Bool { get }

    /// The wide shadow (`kernels.isCoarse`) `source` casts over `rect`, hidden under its
    /// opaque pixels, computed only where it can be non-zero: the bytes of the reference's
    /// whole-rectangle blur.
    func sparseShadow(of source: ShadowSource, over rect: PixelBounds, kernels: EffectPlan.Kernels,
                      arena: ScratchArena) -> ShadowAlpha

    /// A shadow's alpha blurred before for `key` (by any render of this renderer, on any
    /// thread), or a ticket to offer the one about to be blurred.
    func shadow(for key: ShadowKey) -> Recall<ShadowAlpha>

    /// Offers a shadow just blurred for the key of `ticket`; it may be kept.
    func offer(_ shadow: ShadowAlpha, for key: ShadowKey, ticket: Int)
}

/// What earlier renders worked out: fills' spans, masks' coverage, gradient ramps. Owned by
/// one render at a time.
package protocol RenderMemo: AnyObject {
    /// The ramp for `stops` at `opacity`: one kept from before, or `make()`'s, perhaps kept.
    func ramp(_ stops: [GradientStop], opacity: Double, make: () -> GradientRamp?) -> GradientRamp?

    /// The spans `path` swept into over `rect` last time, or a ticket for `keep`.
    func spans(of path: Path, rule: FillRule, over rect: PixelBounds) -> Recall<[CoverageSpan]>

    /// Counts a miss; true when the fill has missed before and its spans are worth keeping.
    func shouldKeep(ticket: Int) -> Bool

    /// Keeps the spans `path` swept into over `rect` (looked up with `ticket`).
    func keep(_ spans: [CoverageSpan], of path: Path, rule: FillRule, over rect: PixelBounds, ticket: Int)

    /// Counts a miss ahead of time: the fill is about to be swept twice in one render (as
    /// an effect's layer, then straight onto the target), so its next miss keeps it.
    func expectRepeat(_ path: Path, rule: FillRule, over rect: PixelBounds)

    /// The coverage `items` leave over `rect` (their whole bounds on the canvas) kept
    /// from before, or a ticket for `shouldKeepMask` and `keepMask`.
    func mask(of items: [DisplayItem], over rect: PixelBounds) -> Recall<KeptMask>

    /// Whether a mask that missed with `ticket` repeats (counts the miss).
    func shouldKeepMask(ticket: Int) -> Bool

    /// Keeps a copy of `coverage` (of `items`, over their whole bounds) and returns it.
    func keepMask(_ coverage: AlphaMask, of items: [DisplayItem], ticket: Int) -> KeptMask
}

/// What casts a shadow: a drawn layer, or one solid fill known by its spans over `rect`
/// (surface coordinates) and its premultiplied colour, without drawing its layer.
package enum ShadowSource {
    case layer(Surface)
    case fill(spans: [CoverageSpan], rect: PixelBounds, color: UInt32)
}

/// An accelerator's answer: what it had, or a ticket (its fingerprint of the question) to
/// give back when offering the reference's own result.
package enum Recall<Value> {
    case found(Value)
    case missed(ticket: Int)
}

/// Mask coverage an accelerator holds: valid while `owner` is alive (the render keeps it).
package struct KeptMask {
    package let mask: AlphaMask
    package let owner: AnyObject

    package init(mask: AlphaMask, owner: AnyObject) {
        self.mask = mask
        self.owner = owner
    }
}

/// What a shadow's alpha is computed from: the items casting it, the effect's blur, the
/// shadow's offset and radius (not its colour or opacity, which only tint it), the layer the
/// items were drawn on and the rectangle the alpha covers.
package struct ShadowKey: Equatable {
    package let items: [DisplayItem]
    package let blur: Double
    package let dx: Double
    package let dy: Double
    package let radius: Double
    package let layer: PixelBounds
    package let rect: PixelBounds

    package init(items: [DisplayItem], blur: Double, dx: Double, dy: Double, radius: Double, layer: PixelBounds,
                 rect: PixelBounds) {
        self.items = items
        self.blur = blur
        self.dx = dx
        self.dy = dy
        self.radius = radius
        self.layer = layer
        self.rect = rect
    }
}
