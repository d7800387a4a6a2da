import WaveGeometry
/// Draws display items onto surfaces: the per-render engine behind `Renderer`.
///
/// Holds the scan converter's buffers and the scratch arena for offscreen layers and mask
/// coverage, borrowed from a `RasterScratch` for one render call,
/// and the renderer's accelerator and this render's memos when it has one (asked first: see
/// `RenderAccelerator`). Everything is sequential and integer-exact after quantization, so
/// the same items always produce the same bytes.
/// Groups and masks are in `Rasterizer+Groups.swift`.
package struct Rasterizer {
    /// Coordinates are clamped to ±2²⁰ device pixels before quantization.
    static let coordinateLimit = Double(1 << 20)

    let tolerance: Double
    var scan = ScanConverter()
    package let arena: ScratchArena
    /// Asked first; nil for the reference alone.
    package let accelerator: (any RenderAccelerator)?
    /// Fills' spans and masks' coverage from earlier renders; nil to rasterize everything
    /// afresh (they never change the bytes; tests compare both ways).
    package let memo: (any RenderMemo)?
    /// False to blur a shadow's whole rectangle (the reference; `RenderAccelerator.sparseShadows`).
    package let sparseShadows: Bool
    /// The device rectangle of the whole render (masks' coverage is remembered over it).
    let canvas: PixelBounds
    /// Owners of remembered coverage read during this render, kept alive until it ends.
    var pinned: [AnyObject] = []

    init(tolerance: Double, canvas: PixelBounds, scratch: RasterScratch, accelerator: (any RenderAccelerator)?) {
        self.accelerator = accelerator
        memo = accelerator == nil ? nil : scratch.memo
        sparseShadows = accelerator?.sparseShadows ?? false
        self.tolerance = Flattener.sanitized(tolerance)
        self.canvas = canvas
        arena = scratch.arena
    }

    package mutating func draw(_ items: [DisplayItem], on surface: Surface) {
        for item in items { draw(item, on: surface) }
    }

    package mutating func draw(_ item: DisplayItem, on surface: Surface) {
        switch item {
        case .fill(let path, let rule, let paint, let opacity):
            fill(path, rule: rule, paint: paint, opacity: opacity, on: surface)
        case .group(let children, let opacity, let mask):
            group(children, opacity: opacity, mask: mask, on: surface)
        case .effect(let children, let effects):
            effect(children, effects, on: surface)
        }
    }

    // MARK: - Fills

    /// A device coordinate (|v| ≤ 2²⁰) in fixed point: ⌊v · 256 + ½⌋, computed without libm.
    @inline(__always)
    static func fixed(_ v: Double) -> Int {
        let t = v * Double(ScanConverter.one) + 0.5
        let i = Int(t)   // truncates toward zero
        return Double(i) > t ? i - 1 : i
    }

    /// How a group's opacity and mask scale a fill drawn straight onto the target (see
    /// `MaskedSink`); the surface the fill is drawn on is then the group's rectangle.
    struct GroupFactor {
        let mask: AlphaMask?
        let inverted: Bool
        let opacity: UInt32
    }

    /// Fills `path` on `surface`, scaled by `factor` when the fill is a group's only item.
    mutating func fill(_ path: Path, rule: FillRule, paint: Paint, opacity: Double, on surface: Surface,
                       factor: GroupFactor? = nil) {
        guard opacity > 0, path.isFinite, let box = path.bounds else { return }
        guard !PixelBounds(covering: box).intersection(surface.rect).isEmpty else { return }
        let op = Swift.min(opacity, 1)
        switch paint {
        case .solid(let color):
            let packed = color.premultipliedPacked(opacity: op)
            guard packed != 0 else { return }
            cover(path, rule: rule, clip: surface.rect, SolidBlitter(surface: surface, color: packed), factor: factor)
        case .linearGradient(let start, let end, let stops):
            guard let ramp = ramp(stops, opacity: op) else { return }
            sweepGradient(ramp, GradientBlitter.linear(start: start, end: end), path, rule: rule, on: surface, factor: factor)
        case .radialGradient(let center, let radius, let stops):
            guard let ramp = ramp(stops, opacity: op) else { return }
            sweepGradient(ramp, GradientBlitter.radial(center: center, radius: radius), path, rule: rule, on: surface,
                          factor: factor)
        case .image(let image, let toImage):
            fillImage(path, rule: rule, ImageBlitter(surface: surface, image: image, toImage: toImage), opacity: op, factor: factor)
        case .conicGradient(let center, let angle, let stops):
            guard let ramp = ramp(stops, opacity: op) else { return }
            sweepGradient(ramp, GradientBlitter.conic(center: center, angle: angle), path, rule: rule, on: surface,
                          factor: factor)
        case .projected(let inner, let plane, _):
            switch inner {
            case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops), .conicGradient(_, _, let stops):
                guard let ramp = ramp(stops, opacity: op) else { return }
                sweepGradient(ramp, GradientBlitter.projected(inner, plane: plane), path, rule: rule, on: surface, factor: factor)
            case .image(let image, let toImage):
                guard let toPlane = plane.inverse else { return }   // seen edge-on
                fillImage(path, rule: rule, ImageBlitter(surface: surface, image: image, toImage: toImage, toPlane: toPlane),
                          opacity: op, factor: factor)
            case .solid, .projected:
                fill(path, rule: rule, paint: paint.tangentApproximation, opacity: opacity, on: surface, factor: factor)
            }
        }
    }

    /// The ramp of a gradient's `stops` at `opacity` (nil without stops): the memo's, or
    /// built now.
    private func ramp(_ stops: [GradientStop], opacity: Double) -> GradientRamp? {
        guard let memo else { return GradientRamp(stops: stops, opacity: opacity) }
        return memo.ramp(stops, opacity: opacity) { GradientRamp(stops: stops, opacity: opacity) }
    }

    /// Fills with an image, its opacity (0...1) scaling its alpha like a group's factor.
    private mutating func fillImage(_ path: Path, rule: FillRule, _ blitter: ImageBlitter, opacity: Double, factor: GroupFactor?) {
        let k = UInt32((opacity * 255).rounded())
        guard k > 0 else { return }
        let inner = factor.map { GroupFactor(mask: $0.mask, inverted: $0.inverted, opacity: Compositor.mul8($0.opacity, k)) }
            ?? (k < 255 ? GroupFactor(mask: nil, inverted: false, opacity: k) : nil)
        if let inner, inner.opacity == 0 { return }
        cover(path, rule: rule, clip: blitter.surface.rect, blitter, factor: inner)
    }

    /// Loads the scan converter with the outline of `path` (finite; clamped here to ±2²⁰),
    /// flattened area-balanced and quantized relative to the device rectangle `clip`, whose
    /// pixels the sweep will then cover.
    mutating func convert(_ path: Path, clip: PixelBounds) {
        var edges = EdgeSink(originX: clip.x0 << ScanConverter.bits, originY: clip.y0 << ScanConverter.bits)
        swap(&edges.scan, &scan)   // lend the scratch buffers to the sink (no copy)
        edges.scan.reset(width: clip.width, height: clip.height)
        Flattener.walk(path.clamped(to: Self.coordinateLimit), tolerance: tolerance, balanced: true, into: &edges)
        edges.closeSubpath()
        swap(&edges.scan, &scan)
    }

    /// Draws the coverage of `path` over the device rectangle `clip` with `blitter`: converted
    /// and swept, or replayed from the memo when this fill was swept before (and recorded
    /// when the memo wants to keep it).
    mutating func cover<B: PaintBlitter>(_ path: Path, rule: FillRule, clip: PixelBounds, _ blitter: B,
                                         factor: GroupFactor?) {
        guard let memo else {
            convert(path, clip: clip)
            sweep(blitter, rule: rule, factor: factor)
            return
        }
        let ticket: Int
        switch memo.spans(of: path, rule: rule, over: clip) {
        case .found(let spans):
            if let factor {
                var sink = MaskedSink(inner: blitter, mask: factor.mask, inverted: factor.inverted, opacity: factor.opacity)
                Self.replay(spans, into: &sink)
            } else {
                var sink = blitter
                Self.replay(spans, into: &sink)
            }
            return
        case .missed(let t):
            ticket = t
        }
        convert(path, clip: clip)
        guard memo.shouldKeep(ticket: ticket) else {
            sweep(blitter, rule: rule, factor: factor)
            return
        }
        var recorded: [CoverageSpan]
        if let factor {
            var sink = RecordingSink(inner: MaskedSink(inner: blitter, mask: factor.mask, inverted: factor.inverted,
                                                       opacity: factor.opacity))
            scan.sweep(rule: rule, into: &sink)
            recorded = sink.spans
        } else {
            var sink = RecordingSink(inner: blitter)
            scan.sweep(rule: rule, into: &sink)
            recorded = sink.spans
        }
        memo.keep(recorded, of: path, rule: rule, over: clip, ticket: ticket)
    }

    private static func replay<S: SpanSink>(_ spans: [CoverageSpan], into sink: inout S) {
        spans.withUnsafeBufferPointer { buffer in
            for s in buffer { sink.span(y: Int(s.y), x: Int(s.x), count: Int(s.count), alpha: Int(s.alpha)) }
        }
    }

    /// Sweeps the converted fill into `blitter`, through a `MaskedSink` when there is a factor.
    mutating func sweep<B: PaintBlitter>(_ blitter: B, rule: FillRule, factor: GroupFactor?) {
        if let factor {
            var sink = MaskedSink(inner: blitter, mask: factor.mask, inverted: factor.inverted, opacity: factor.opacity)
            scan.sweep(rule: rule, into: &sink)
        } else {
            var sink = blitter
            scan.sweep(rule: rule, into: &sink)
        }
    }

    /// Sweeps the converted fill with a gradient, or with the ramp's last colour when the
    /// gradient geometry is degenerate.
    private mutating func sweepGradient(_ ramp: GradientRamp, _ geometry: GradientBlitter.Geometry?, _ path: Path,
                                        rule: FillRule, on surface: Surface, factor: GroupFactor?) {
        guard let geometry else {
            guard ramp.lastColor != 0 else { return }
            cover(path, rule: rule, clip: surface.rect, SolidBlitter(surface: surface, color: ramp.lastColor), factor: factor)
            return
        }
        ramp.table.withUnsafeBufferPointer { table in
            GradientRamp.dither.withUnsafeBufferPointer { dither in
                ramp.hardStops.withUnsafeBufferPointer { hardStops in
                    cover(path, rule: rule, clip: surface.rect,
                          GradientBlitter(surface: surface, ramp: table, dither: dither, geometry: geometry, opaque: ramp.isOpaque,
                                          offset: ramp.offset, lastIndex: ramp.lastIndex, hardStops: hardStops),
                          factor: factor)
                }
            }
        }
    }
}

/// Quantizes flattened fill outlines to fixed point and feeds them to a scan converter as
/// edges, closing every sub-path (fills close implicitly).
struct EdgeSink: FlattenSink {
    var scan = ScanConverter()
    let originX: Int
    let originY: Int
    private var open = false
    private var startX = 0, startY = 0, lastX = 0, lastY = 0

    init(originX: Int, originY: Int) {
        self.originX = originX
        self.originY = originY
    }

    mutating func moveTo(_ p: Point) {
        closeSubpath()
        startX = Rasterizer.fixed(p.x) - originX
        startY = Rasterizer.fixed(p.y) - originY
        lastX = startX
        lastY = startY
        open = true
    }

    mutating func lineTo(_ p: Point, corner: Bool) {
        let x = Rasterizer.fixed(p.x) - originX, y = Rasterizer.fixed(p.y) - originY
        scan.addLine(lastX, lastY, x, y)
        lastX = x
        lastY = y
    }

    mutating func closeSubpath() {
        guard open else { return }
        scan.addLine(lastX, lastY, startX, startY)
        open = false
    }
}
