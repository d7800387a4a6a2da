/// Effects: blur, shadow and blend mode (`DisplayItem.effect`, see `LayerEffects`).
///
/// Work is limited to what can reach the target: the items are drawn on a layer covering
/// only the part of their bounds within the blur's and the shadow's reach of the target;
/// the blur and the shadow are computed only over the pixels they can change; with the
/// normal blend mode the shadow and the layer go straight onto the target, otherwise onto
/// one more layer that is then blended.
extension Rasterizer {
    mutating func effect(_ items: [DisplayItem], _ fx: LayerEffects, on surface: Surface) {
        let contentBounds = DisplayItem.pixelBounds(of: items)
        let plan = EffectPlan(fx)
        let out = plan.bounds(of: contentBounds).intersection(surface.rect)
        guard !out.isEmpty else { return }
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        // What of the content can reach `out`: through the blur, and through the shadow.
        var needed = plan.blurSource(of: out)
        if let shadowKernels = plan.shadow { needed = needed.union(plan.blurSource(of: shadowKernels.source(of: out))) }
        let contentRect = contentBounds.intersection(needed)
        guard !contentRect.isEmpty else { return }
        var layer = clearLayer(contentRect)
        draw(items, on: layer)
        if let blur = plan.blur {
            let rect = blur.bounds(of: contentRect).intersection(needed.union(out))
            guard !rect.isEmpty else { return }
            let base = arena.allocate(rect.width * rect.height * 4)
            GaussianBlur.blur(source: UnsafePointer(layer.base.assumingMemoryBound(to: UInt8.self)), src: layer.rect,
                              srcPixelBytes: 4, srcStride: layer.stride, channelOffset: 0, channels: 4,
                              into: base.assumingMemoryBound(to: UInt8.self), dst: rect, x: blur.x, y: blur.y, arena: arena)
            layer = Surface(base: base, width: rect.width, height: rect.height, originX: rect.x0, originY: rect.y0)
        }
        let target = fx.blend == .normal ? surface : clearLayer(out)
        if let shadow = plan.shadow, let color = fx.shadow.map({ $0.color.premultipliedPacked() }), color != 0 {
            let rect = shadow.bounds(of: layer.rect).intersection(out)
            if !rect.isEmpty {
                let alpha = arena.allocate(UInt8.self, count: rect.width * rect.height)
                GaussianBlur.blur(source: UnsafePointer(layer.base.assumingMemoryBound(to: UInt8.self)), src: layer.rect,
                                  srcPixelBytes: 4, srcStride: layer.stride, channelOffset: 3, channels: 1,
                                  into: alpha, dst: rect, x: shadow.x, y: shadow.y, arena: arena)
                Self.paint(alpha, rect, color: color, onto: target)
            }
        }
        let visible = layer.rect.intersection(out)
        if !visible.isEmpty {
            Compositor.composite(layer.window(visible), mask: nil, inverted: false, opacity: 255, onto: target)
        }
        if fx.blend != .normal {
            BlendCompositor.composite(target, mode: fx.blend, onto: surface)
        }
    }

    /// Source-over `color` scaled by each coverage byte of `alpha` (packed rows over `rect`,
    /// which lies inside the target).
    static func paint(_ alpha: UnsafeMutablePointer<UInt8>, _ rect: PixelBounds, color: UInt32, onto target: Surface) {
        let dx = rect.x0 - target.originX, dy = rect.y0 - target.originY
        for y in 0..<rect.height {
            let row = alpha + y * rect.width
            let dstRow = (y + dy) * target.stride + dx
            for x in 0..<rect.width {
                let a = UInt32(row[x])
                if a == 0 { continue }
                let s = a == 255 ? color : Compositor.scale(color, a)
                target.store(dstRow + x, Compositor.over(s, target.load(dstRow + x)))
            }
        }
    }
}

/// The blur and shadow kernels of an effect, and the rectangles they map between.
struct EffectPlan {
    struct Kernels {
        let x: GaussianBlur.Kernel
        let y: GaussianBlur.Kernel

        /// Pixels the filtered image can be non-zero on, given its input's bounds.
        func bounds(of r: PixelBounds) -> PixelBounds {
            guard !r.isEmpty else { return .empty }
            let (x0, x1) = x.spread(r.x0, r.x1), (y0, y1) = y.spread(r.y0, r.y1)
            return PixelBounds(x0: x0, y0: y0, x1: x1, y1: y1)
        }

        /// Input pixels that can reach the output rectangle `r`.
        func source(of r: PixelBounds) -> PixelBounds {
            guard !r.isEmpty else { return .empty }
            return PixelBounds(x0: r.x0 + x.first, y0: r.y0 + y.first,
                               x1: r.x1 + x.first + x.weights.count - 1, y1: r.y1 + y.first + y.weights.count - 1)
        }
    }

    let blur: Kernels?
    let shadow: Kernels?

    init(_ fx: LayerEffects) {
        let s = GaussianBlur.sigma(radius: fx.blur)
        blur = s > 0 ? Kernels(x: GaussianBlur.Kernel(sigma: s, shift: 0), y: GaussianBlur.Kernel(sigma: s, shift: 0)) : nil
        if let sh = fx.shadow, sh.color.a > 0, sh.dx.isFinite, sh.dy.isFinite {
            let limit = Double(1 << 20)
            let dx = Swift.min(Swift.max(sh.dx, -limit), limit), dy = Swift.min(Swift.max(sh.dy, -limit), limit)
            let ss = GaussianBlur.sigma(radius: sh.radius)
            shadow = Kernels(x: GaussianBlur.Kernel(sigma: ss, shift: dx), y: GaussianBlur.Kernel(sigma: ss, shift: dy))
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
