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
/// One fill without a blur needs no layer to be composited: it is drawn straight onto the
/// target over its shadow, the bytes compositing its one-fill layer would give (as for a
/// group holding one fill). Its layer is then drawn only when the shadow is neither cached
/// nor wide: with an accelerator, a wide shadow (σ ≥ 8) of one solid fill is made from the
/// fill's spans (`ShadowSource.fill`), which the fill drawn next replays.
extension Rasterizer {
    /// `overStale`: `surface` is the canvas, whose `stale` rectangles are written here before
    /// anything is drawn over them (the shadow writes the part under it whole).
    /// Returns where the effect can have changed pixels of `surface`: `out`, the rectangle
    /// the blur and shadow can reach, or tighter strips when a shadow was painted straight
    /// onto it (`shadowFootprint`).
    @discardableResult
    mutating func effect(_ items: [DisplayItem], _ fx: LayerEffects, on surface: Surface, overStale: Bool = false) -> [PixelBounds] {
        let contentBounds = DisplayItem.pixelBounds(of: items)
        let plan = EffectPlan(fx)
        let out = plan.bounds(of: contentBounds).intersection(surface.rect)
        guard !out.isEmpty else { return [] }
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        // What of the content can reach `out`: through the blur, and through the shadow.
        var needed = plan.blurSource(of: out)
        if let shadowKernels = plan.shadow { needed = needed.union(plan.blurSource(of: shadowKernels.source(of: out))) }
        let contentRect = contentBounds.intersection(needed)
        guard !contentRect.isEmpty else { return [] }
        let layerRect = plan.blur.map { $0.bounds(of: contentRect).intersection(needed.union(out)) } ?? contentRect
        guard !layerRect.isEmpty else { return [] }
        var direct = false
        if fastEffects, plan.blur == nil, items.count == 1, case .fill = items[0] { direct = true }
        var layer = direct ? nil : effectLayer(items, plan, contentRect, layerRect)
        let target = fx.blend == .normal ? surface : clearLayer(out)
        // A fill drawn straight is drawn onto the part of the target its layer would cover
        // when that holds all of it that lands on the target: the same pixels, and the same
        // span-cache entry as the layer's, so a fresh shadow's layer and the fill over it
        // are scan-converted once.
        var fillTarget = target
        if direct, case let landing = contentBounds.intersection(target.rect),
           landing.intersection(contentRect) == landing, contentRect.intersection(target.rect) == contentRect {
            fillTarget = target.window(contentRect)
        }
        var fresh = FreshRows()
        var painted: ShadowAlpha?
        if let shadow = plan.shadow, let cast = fx.shadow, case let color = cast.color.premultipliedPacked(), color != 0 {
            let rect = shadow.bounds(of: layerRect).intersection(out)
            if !rect.isEmpty {
                if overStale, fx.blend == .normal { fresh = takeStale(under: rect, within: out, on: surface) }
                let key = ShadowKey(items: items, blur: fx.blur, dx: cast.dx, dy: cast.dy, radius: cast.radius,
                                    layer: layerRect, rect: rect)
                let recall = accelerator?.shadow(for: key) ?? .missed(ticket: 0)
                if case .found(let alpha) = recall {
                    ShadowPainter.paint(alpha, color: color, onto: target, fresh: fresh, background: staleColor)
                    painted = alpha
                } else {
                    let visible: ShadowAlpha
                    if direct, sparseShadows, shadow.isCoarse, let accelerator,
                       let fill = fillSpans(items[0], over: contentRect, keep: fillTarget.rect == contentRect) {
                        visible = accelerator.sparseShadow(of: .fill(spans: fill.spans, rect: contentRect, color: fill.color),
                                                           over: rect, kernels: shadow, arena: arena)
                    } else {
                        if let memo, fillTarget.rect == contentRect, case .fill(let path, let rule, _, _) = items[0] {
                            memo.expectRepeat(path, rule: rule, over: contentRect)
                        }
                        let drawn = layer ?? effectLayer(items, plan, contentRect, layerRect)
                        layer = drawn
                        if sparseShadows, shadow.isCoarse, let accelerator {
                            visible = accelerator.sparseShadow(of: .layer(drawn), over: rect, kernels: shadow, arena: arena)
                        } else {
                            visible = shadow.shadowAlpha(of: drawn, over: rect, arena: arena)
                        }
                    }
                    ShadowPainter.paint(visible, color: color, onto: target, fresh: fresh, background: staleColor)
                    painted = visible
                    if let accelerator, case .missed(let ticket) = recall {
                        accelerator.offer(visible, for: key, ticket: ticket)
                    }
                }
            }
        }
        if overStale { refillStale(in: out, on: surface) }
        if direct {
            draw(items, on: fillTarget)
        } else if let layer, case let visible = layer.rect.intersection(out), !visible.isEmpty {
            Compositor.composite(layer.window(visible), mask: nil, inverted: false, opacity: 255, onto: target)
        }
        if fx.blend != .normal {
            BlendCompositor.composite(target, mode: fx.blend, onto: surface)
            return [out]
        }
        guard let painted else { return [out] }
        let content = direct ? contentBounds : layer?.rect ?? .empty
        return Self.shadowFootprint(painted, content: content.intersection(out), within: out)
    }

    /// The coverage `item` would leave on a clear layer over `clip`, when it is one solid
    /// fill that draws something there: its spans (surface coordinates) and premultiplied
    /// colour, from the memo or converted now (and kept when `keep`, for the fill drawn
    /// next over the same rectangle).
    mutating func fillSpans(_ item: DisplayItem, over clip: PixelBounds, keep: Bool) -> (spans: [CoverageSpan], color: UInt32)? {
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

    /// The effect's layer over `layerRect`: the items drawn over `contentRect`, blurred
    /// when the effect has a blur.
    private mutating func effectLayer(_ items: [DisplayItem], _ plan: EffectPlan, _ contentRect: PixelBounds,
                                      _ layerRect: PixelBounds) -> Surface {
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

    let blur: Kernels?
    let shadow: Kernels?

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
