import WaveGeometry
/// Effects: blur, shadow and blend mode (`DisplayItem.effect`, see `LayerEffects`).
///
/// Work is limited to what can reach the target: the items are drawn on a layer covering
/// only the part of their bounds within the blur's and the shadow's reach of the target;
/// the blur and the shadow are computed only over the pixels they can change (a wide
/// shadow only where it is non-zero, when the accelerator can: `sparseShadow`), and the
/// shadow is painted only where its coverage is non-zero and not hidden under the layer's
/// opaque pixels (`ShadowAlpha`); with the normal blend mode the shadow and the layer go
/// straight onto the target, otherwise onto one more layer that is then blended.
///
/// The accelerator may draw one fill without a blur straight onto the target over its
/// shadow, without a layer, and paints shadows over a recycled frame's stale pixels
/// (WaveAccelerator's `ActiveAccelerator+Effects` and `+Stale`).
extension Rasterizer {
    /// The accelerator is asked first (`RenderAccelerator.drawEffect`: one fill drawn
    /// straight, no layer); the reference draws the items on a layer, paints its shadow and
    /// composites the layer over it.
    mutating func effect(_ items: [DisplayItem], _ fx: LayerEffects, on surface: Surface) {
        guard let scope = EffectScope(items, fx, within: surface.rect) else { return }
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        if let accelerator, accelerator.drawEffect(items, fx, scope, on: surface, by: &self) { return }
        let layer = effectLayer(items, scope)
        let target = fx.blend == .normal ? surface : clearLayer(scope.out)
        if let cast = beginShadow(items, fx, scope) {
            let alpha: ShadowAlpha
            if case .found(let kept) = cast.recall { alpha = kept } else { alpha = shadowAlpha(of: layer, cast) }
            paintShadow(alpha, cast, onto: target)
        }
        composite(layer, within: scope.out, onto: target)
        finishEffect(fx, target, on: surface)
    }

    /// A shadow about to be painted (`beginShadow`): its kernels, rectangle and colour, its
    /// key and the accelerator's answer for it.
    package struct ShadowCast {
        package let kernels: EffectPlan.Kernels
        package let rect: PixelBounds
        package let color: UInt32
        package let key: ShadowKey
        package let recall: Recall<ShadowAlpha>
    }

    /// The effect's shadow, when it has one that reaches `scope.out`, with the accelerator's
    /// answer whether it has its alpha.
    package func beginShadow(_ items: [DisplayItem], _ fx: LayerEffects, _ scope: EffectScope) -> ShadowCast? {
        guard let shadow = scope.plan.shadow, let cast = fx.shadow, case let color = cast.color.premultipliedPacked(), color != 0
        else { return nil }
        let rect = shadow.bounds(of: scope.layerRect).intersection(scope.out)
        guard !rect.isEmpty else { return nil }
        let key = ShadowKey(items: items, blur: fx.blur, dx: cast.dx, dy: cast.dy, radius: cast.radius, layer: scope.layerRect,
                            rect: rect)
        return ShadowCast(kernels: shadow, rect: rect, color: color, key: key,
                          recall: accelerator?.shadow(for: key) ?? .missed(ticket: 0))
    }

    /// The shadow `layer` casts: its whole rectangle blurred, or computed only where it
    /// shows when the accelerator can (`sparseShadow`; the same bytes).
    package mutating func shadowAlpha(of layer: Surface, _ cast: ShadowCast) -> ShadowAlpha {
        if sparseShadows, cast.kernels.isCoarse, let accelerator {
            return accelerator.sparseShadow(of: .layer(layer), over: cast.rect, kernels: cast.kernels, arena: arena)
        }
        return cast.kernels.shadowAlpha(of: layer, over: cast.rect, arena: arena)
    }

    /// Paints `alpha` in the shadow's colour onto `target`, and offers it to the accelerator
    /// when it did not have it.
    package func paintShadow(_ alpha: ShadowAlpha, _ cast: ShadowCast, onto target: Surface) {
        ShadowPainter.paint(alpha, color: cast.color, onto: target)
        if let accelerator, case .missed(let ticket) = cast.recall { accelerator.offer(alpha, for: cast.key, ticket: ticket) }
    }

    /// Composites the effect's layer over `target`, within `out`.
    package func composite(_ layer: Surface, within out: PixelBounds, onto target: Surface) {
        if case let visible = layer.rect.intersection(out), !visible.isEmpty {
            Compositor.composite(layer.window(visible), mask: nil, inverted: false, opacity: 255, onto: target)
        }
    }

    /// After an effect's content is on `target`: blends it onto `surface` for a blend mode
    /// other than normal (`target` is then a layer of its own).
    package func finishEffect(_ fx: LayerEffects, _ target: Surface, on surface: Surface) {
        if fx.blend != .normal { BlendCompositor.composite(target, mode: fx.blend, onto: surface) }
    }

    /// The coverage `item` would leave on a clear layer over `clip`, when it is one solid
    /// fill that draws something there: its spans (surface coordinates) and premultiplied
    /// colour, from the memo or converted now (and kept when `keep`, for the fill drawn
    /// next over the same rectangle).
    package mutating func fillSpans(_ item: DisplayItem, over clip: PixelBounds, keep: Bool) -> (spans: [CoverageSpan], color: UInt32)? {
        guard case .fill(let path, let rule, .solid(let color), let opacity) = item, opacity > 0, path.isFinite,
              let box = path.bounds, !PixelBounds(covering: box).intersection(clip).isEmpty else { return nil }
        let packed = color.premultipliedPacked(opacity: Swift.min(opacity, 1))
        guard packed != 0 else { return nil }
        let recall = memo?.spans(of: path, rule: rule, over: clip)
        if case .found(let spans) = recall { return (spans, packed) }
        convert(path, clip: clip)
        var sink = RecordingSink(inner: DiscardingSink())
        sink.spans.reserveCapacity(8 * clip.height)   // a round shape's edge pixels and inside
        scan.sweep(rule: rule, into: &sink)
        if let memo, keep, case .missed(let ticket) = recall {
            memo.keep(sink.spans, of: path, rule: rule, over: clip, ticket: ticket)
        }
        return (sink.spans, packed)
    }

    /// The effect's layer over `scope.layerRect`: the items drawn over `scope.contentRect`,
    /// blurred when the effect has a blur.
    package mutating func effectLayer(_ items: [DisplayItem], _ scope: EffectScope) -> Surface {
        let plan = scope.plan, contentRect = scope.contentRect, layerRect = scope.layerRect
        let layer = clearLayer(contentRect)
        draw(items, on: layer)
        guard let blur = plan.blur else { return layer }
        let base = arena.allocate(layerRect.width * layerRect.height * 4)
        blur.apply(to: layer, channelOffset: 0, channels: 4, into: base.assumingMemoryBound(to: UInt8.self), dst: layerRect,
                   arena: arena)
        return Surface(base: base, width: layerRect.width, height: layerRect.height, originX: layerRect.x0,
                       originY: layerRect.y0)
    }
}

/// Where an effect works on a surface: the rectangle it can change (`out`), its items'
/// bounds, the part of them that can reach `out` (`contentRect`) and the layer they are
/// drawn and blurred on (`layerRect`).
package struct EffectScope {
    package let plan: EffectPlan
    package let out: PixelBounds
    package let contentBounds: PixelBounds
    package let contentRect: PixelBounds
    package let layerRect: PixelBounds

    /// Nil when the effect cannot change a pixel of `area`.
    package init?(_ items: [DisplayItem], _ fx: LayerEffects, within area: PixelBounds) {
        contentBounds = DisplayItem.pixelBounds(of: items)
        plan = EffectPlan(fx)
        out = plan.bounds(of: contentBounds).intersection(area)
        guard !out.isEmpty else { return nil }
        // What of the content can reach `out`: through the blur, and through the shadow.
        var needed = plan.blurSource(of: out)
        if let shadowKernels = plan.shadow { needed = needed.union(plan.blurSource(of: shadowKernels.source(of: out))) }
        let content = contentBounds.intersection(needed), reach = needed.union(out)
        guard !content.isEmpty else { return nil }
        contentRect = content
        layerRect = plan.blur.map { $0.bounds(of: content).intersection(reach) } ?? content
        guard !layerRect.isEmpty else { return nil }
    }
}

/// The blur and shadow kernels of an effect, and the rectangles they map between.
package struct EffectPlan {
    package struct Kernels {
        package let sigma: Double
        package let shiftX: Double
        package let shiftY: Double
        /// The taps of the exact kernels: they bound the reach of the blur either way (the
        /// coarse path's tails beyond ⌈3.5σ⌉ are dropped). The kernels themselves (one `exp`
        /// a tap) are made only to blur at full resolution, when σ is small.
        let x: GaussianBlur.Kernel.Taps
        let y: GaussianBlur.Kernel.Taps

        init(sigma: Double, shiftX: Double, shiftY: Double) {
            self.sigma = sigma
            self.shiftX = shiftX
            self.shiftY = shiftY
            x = GaussianBlur.Kernel.taps(sigma: sigma, shift: shiftX)
            y = GaussianBlur.Kernel.taps(sigma: sigma, shift: shiftY)
        }

        /// Blurs channels of `layer` into `destination` (packed rows over `dst`): on a coarse
        /// grid for wide blurs (`GaussianBlur+Coarse`), else with the exact kernels.
        func apply(to layer: Surface, channelOffset: Int, channels: Int, into destination: UnsafeMutablePointer<UInt8>,
                   dst: PixelBounds, arena: ScratchArena) {
            let source = UnsafePointer(layer.base.assumingMemoryBound(to: UInt8.self))
            if GaussianBlur.coarseLevel(sigma: sigma) > 0 {
                GaussianBlur.blurCoarse(source: source, src: layer.rect, srcPixelBytes: 4, srcStride: layer.stride,
                                        channelOffset: channelOffset, channels: channels, into: destination, dst: dst,
                                        sigma: sigma, shiftX: shiftX, shiftY: shiftY, arena: arena)
            } else {
                GaussianBlur.blur(source: source, src: layer.rect, srcPixelBytes: 4, srcStride: layer.stride,
                                  channelOffset: channelOffset, channels: channels, into: destination, dst: dst,
                                  x: GaussianBlur.Kernel(sigma: sigma, shift: shiftX),
                                  y: GaussianBlur.Kernel(sigma: sigma, shift: shiftY), arena: arena)
            }
        }

        /// The shadow of `layer` (its alpha blurred) over `rect`, hidden under its opaque
        /// pixels: the whole rectangle blurred (an accelerator's `sparseShadow` gives these
        /// bytes computing only where they are non-zero).
        func shadowAlpha(of layer: Surface, over rect: PixelBounds, arena: ScratchArena) -> ShadowAlpha {
            let mark = arena.mark
            defer { arena.reset(to: mark) }
            let alpha = arena.allocate(UInt8.self, count: rect.width * rect.height)
            apply(to: layer, channelOffset: 3, channels: 1, into: alpha, dst: rect, arena: arena)
            return ShadowAlpha(alpha: alpha, rect: rect, hiddenUnder: layer)
        }

        /// Whether the blur is computed on a coarse grid (σ ≥ 8).
        package var isCoarse: Bool { GaussianBlur.coarseLevel(sigma: sigma) > 0 }

        /// Pixels the filtered image can be non-zero on, given its input's bounds.
        func bounds(of r: PixelBounds) -> PixelBounds {
            guard !r.isEmpty else { return .empty }
            let (x0, x1) = x.spread(r.x0, r.x1), (y0, y1) = y.spread(r.y0, r.y1)
            return PixelBounds(x0: x0, y0: y0, x1: x1, y1: y1)
        }

        /// Input pixels that can reach the output rectangle `r`.
        func source(of r: PixelBounds) -> PixelBounds {
            guard !r.isEmpty else { return .empty }
            // The coarse path reaches up to about 4 cells further (whole cells, the cell
            // kernel's rounding, the interpolation): read them all, so clipping cannot change
            // a byte.
            let m = 4 << GaussianBlur.coarseLevel(sigma: sigma)
            return PixelBounds(x0: r.x0 + x.first - m, y0: r.y0 + y.first - m,
                               x1: r.x1 + x.first + x.count - 1 + m, y1: r.y1 + y.first + y.count - 1 + m)
        }
    }

    package let blur: Kernels?
    package let shadow: Kernels?

    init(_ fx: LayerEffects) {
        let s = GaussianBlur.sigma(radius: fx.blur)
        blur = s > 0 ? Kernels(sigma: s, shiftX: 0, shiftY: 0) : nil
        if let sh = fx.shadow, sh.color.a > 0, sh.dx.isFinite, sh.dy.isFinite {
            let limit = Double(1 << 20)
            let dx = Swift.min(Swift.max(sh.dx, -limit), limit), dy = Swift.min(Swift.max(sh.dy, -limit), limit)
            let ss = GaussianBlur.sigma(radius: sh.radius)
            shadow = Kernels(sigma: ss, shiftX: dx, shiftY: dy)
        } else {
            shadow = nil
        }
    }

    /// Content pixels that can reach `r` through the blur (all of `r` when there is none).
    func blurSource(of r: PixelBounds) -> PixelBounds { blur.map { $0.source(of: r) } ?? r }

    /// Pixels the effect can change, given its items' bounds.
    func bounds(of content: PixelBounds) -> PixelBounds {
        let blurred = blur.map { $0.bounds(of: content) } ?? content
        guard let shadow else { return blurred }
        return blurred.union(shadow.bounds(of: blurred))
    }
}
