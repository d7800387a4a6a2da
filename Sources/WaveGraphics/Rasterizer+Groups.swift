import WaveGeometry
/// Groups and masks.
///
/// A group with opacity below 1 or a mask is drawn into an offscreen layer limited to its
/// rectangle (its items' bounds on the target, intersected with the mask's bounds unless
/// inverted) and composited with its opacity times the mask's alpha; one with neither passes
/// its items through (drawn straight onto the target, so a blend mode among them mixes with
/// what lies beneath the group, as in CSS and Core Animation; an isolated group is an
/// `effect` without effects). Three shortcuts give the same bytes for less work:
/// - a mask is drawn as 8-bit coverage (`AlphaMask`), not as an RGBA layer: only its alpha
///   is ever read, and alpha arithmetic does not depend on colour;
/// - a group holding a single fill needs no layer at all: the fill is swept straight onto the
///   target through a `MaskedSink`, which applies opacity and mask per pixel exactly as
///   compositing the one-fill layer would;
/// - the coverage of a mask that repeats from render to render is kept, with an
///   accelerator (`RenderMemo.mask`).
/// Layers and masks come from the scratch arena and are released when the group is done.
extension Rasterizer {
    mutating func group(_ items: [DisplayItem], opacity: Double, mask: Mask?, on surface: Surface) {
        guard opacity > 0 else { return }
        if opacity >= 1 && mask == nil {
            draw(items, on: surface)
            return
        }
        guard let rect = Self.groupRect(items, mask: mask, within: surface.rect) else { return }
        let op = UInt32((Swift.min(opacity, 1) * 255).rounded())
        guard op > 0 else { return }
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        let coverage = mask.map { self.coverage(of: $0.items, in: rect) }
        let inverted = mask?.inverted ?? false
        if let coverage, !inverted, coverage.writtenBounds.isEmpty { return }
        if items.count == 1, case .fill(let path, let rule, let paint, let fillOpacity) = items[0] {
            fill(path, rule: rule, paint: paint, opacity: fillOpacity, on: surface.window(rect),
                 factor: GroupFactor(mask: coverage, inverted: inverted, opacity: op))
            return
        }
        let layer = clearLayer(rect)
        draw(items, on: layer)
        Compositor.composite(layer, mask: coverage, inverted: inverted, opacity: op, onto: surface)
    }

    /// The rectangle a group's layer needs inside `area`, or nil when the group draws nothing.
    static func groupRect(_ items: [DisplayItem], mask: Mask?, within area: PixelBounds) -> PixelBounds? {
        var rect = DisplayItem.pixelBounds(of: items).intersection(area)
        if let mask, !mask.inverted {
            rect = rect.intersection(DisplayItem.pixelBounds(of: mask.items))
        }
        return rect.isEmpty ? nil : rect
    }

    /// A transparent RGBA layer over `rect`, from the arena.
    package mutating func clearLayer(_ rect: PixelBounds) -> Surface {
        let bytes = rect.width * rect.height * 4
        let base = arena.allocate(bytes)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        return Surface(base: base, width: rect.width, height: rect.height, originX: rect.x0, originY: rect.y0)
    }

    // MARK: - Mask coverage

    /// The alpha that drawing `items` on a transparent layer over `rect` would leave, as
    /// 8-bit coverage in the arena (released with the caller's mark), or a window on the
    /// remembered coverage when the same items were masks before (`RenderMemo.mask`).
    mutating func coverage(of items: [DisplayItem], in rect: PixelBounds) -> AlphaMask {
        let full = DisplayItem.pixelBounds(of: items).intersection(canvas)
        if let memo, !full.isEmpty, full.intersection(rect) == rect {
            switch memo.mask(of: items, over: full) {
            case .found(let kept):
                pinned.append(kept.owner)
                return kept.mask.window(rect, arena: arena)
            case .missed(let ticket) where memo.shouldKeepMask(ticket: ticket):
                let mark = arena.mark
                let mask = AlphaMask(rect: full, arena: arena)
                drawAlpha(items, on: mask)
                let kept = memo.keepMask(mask, of: items, ticket: ticket)
                arena.reset(to: mark)
                pinned.append(kept.owner)
                return kept.mask.window(rect, arena: arena)
            case .missed:
                break
            }
        }
        let mask = AlphaMask(rect: rect, arena: arena)
        drawAlpha(items, on: mask)
        return mask
    }

    /// Draws the alpha of `items` onto `target`. Solid fills and groups holding one solid fill
    /// (the shapes masks are made of) are drawn alpha-only; anything else is drawn on an RGBA
    /// layer whose alpha is then composited onto the target.
    mutating func drawAlpha(_ items: [DisplayItem], on target: AlphaMask) {
        for item in items {
            switch item {
            case .fill(let path, let rule, .solid(let color), let opacity):
                guard let alpha = Self.solidAlpha(path, color, opacity, within: target.rect) else { continue }
                convert(path, clip: target.rect)
                sweep(AlphaBlitter(mask: target, alpha: alpha, offsetX: 0, offsetY: 0), rule: rule, factor: nil)
            case .group(let children, let opacity, let mask):
                alphaGroup(children, opacity: opacity, mask: mask, on: target)
            case .fill, .effect:
                alphaThroughLayer(item, on: target)
            }
        }
    }

    /// The alpha (1...255) a solid fill paints, or nil when it paints nothing inside `area`.
    static func solidAlpha(_ path: Path, _ color: Color, _ opacity: Double, within area: PixelBounds) -> UInt32? {
        guard opacity > 0, path.isFinite, let box = path.bounds,
              !PixelBounds(covering: box).intersection(area).isEmpty else { return nil }
        let alpha = color.premultipliedPacked(opacity: Swift.min(opacity, 1)) >> 24
        return alpha > 0 ? alpha : nil
    }

    private mutating func alphaGroup(_ items: [DisplayItem], opacity: Double, mask: Mask?, on target: AlphaMask) {
        guard opacity > 0 else { return }
        if opacity >= 1 && mask == nil {
            drawAlpha(items, on: target)
            return
        }
        guard items.count == 1, case .fill(let path, let rule, .solid(let color), let fillOpacity) = items[0] else {
            alphaThroughLayer(.group(items: items, opacity: opacity, mask: mask), on: target)
            return
        }
        guard let rect = Self.groupRect(items, mask: mask, within: target.rect) else { return }
        let op = UInt32((Swift.min(opacity, 1) * 255).rounded())
        guard op > 0, let alpha = Self.solidAlpha(path, color, fillOpacity, within: rect) else { return }
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        let coverage = mask.map { self.coverage(of: $0.items, in: rect) }
        let inverted = mask?.inverted ?? false
        if let coverage, !inverted, coverage.writtenBounds.isEmpty { return }
        convert(path, clip: rect)
        let blitter = AlphaBlitter(mask: target, alpha: alpha, offsetX: rect.x0 - target.rect.x0,
                                   offsetY: rect.y0 - target.rect.y0)
        sweep(blitter, rule: rule, factor: GroupFactor(mask: coverage, inverted: inverted, opacity: op))
    }

    /// Draws `item` on a transparent RGBA layer and composites its alpha onto `target`.
    private mutating func alphaThroughLayer(_ item: DisplayItem, on target: AlphaMask) {
        let rect = item.pixelBounds.intersection(target.rect)
        guard !rect.isEmpty else { return }
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        let layer = clearLayer(rect)
        draw([item], on: layer)
        target.composite(alphaOf: layer)
    }
}
