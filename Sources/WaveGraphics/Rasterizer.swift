/// Draws display items onto surfaces: the per-render engine behind `Renderer`.
///
/// Holds the scan converter's scratch buffers, reused by every fill of one render call.
/// Everything is sequential and integer-exact after quantization, so the same items always
/// produce the same bytes.
struct Rasterizer {
    /// Coordinates are clamped to ±2²⁰ device pixels before quantization.
    static let coordinateLimit = Double(1 << 20)

    let tolerance: Double
    private var scan = ScanConverter()

    init(tolerance: Double) {
        self.tolerance = Flattener.sanitized(tolerance)
    }

    mutating func draw(_ items: [DisplayItem], on surface: Surface) {
        for item in items {
            switch item {
            case .fill(let path, let rule, let paint, let opacity):
                fill(path, rule: rule, paint: paint, opacity: opacity, on: surface)
            case .group(let children, let opacity, let mask):
                group(children, opacity: opacity, mask: mask, on: surface)
            }
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

    mutating func fill(_ path: Path, rule: FillRule, paint: Paint, opacity: Double, on surface: Surface) {
        guard opacity > 0, path.isFinite, let box = path.bounds else { return }
        guard !PixelRect(covering: box).intersection(surface.rect).isEmpty else { return }
        let op = Swift.min(opacity, 1)
        switch paint {
        case .solid(let color):
            let packed = color.premultipliedPacked(opacity: op)
            guard packed != 0 else { return }
            convert(path, on: surface)
            var blitter = SolidBlitter(surface: surface, color: packed)
            scan.sweep(rule: rule, into: &blitter)
        case .linearGradient(let start, let end, let stops):
            guard let ramp = GradientRamp(stops: stops, opacity: op) else { return }
            convert(path, on: surface)
            sweepGradient(ramp, GradientBlitter.linear(start: start, end: end), rule: rule, on: surface)
        case .radialGradient(let center, let radius, let stops):
            guard let ramp = GradientRamp(stops: stops, opacity: op) else { return }
            convert(path, on: surface)
            sweepGradient(ramp, GradientBlitter.radial(center: center, radius: radius), rule: rule, on: surface)
        }
    }

    /// Loads the scan converter with the outline of `path` (finite; clamped here to ±2²⁰),
    /// flattened area-balanced and quantized relative to the surface origin.
    private mutating func convert(_ path: Path, on surface: Surface) {
        var edges = EdgeSink(originX: surface.originX << ScanConverter.bits,
                             originY: surface.originY << ScanConverter.bits)
        swap(&edges.scan, &scan)   // lend the scratch buffers to the sink (no copy)
        edges.scan.reset(width: surface.width, height: surface.height)
        Flattener.walk(path.clamped(to: Self.coordinateLimit), tolerance: tolerance, balanced: true, into: &edges)
        edges.closeSubpath()
        swap(&edges.scan, &scan)
    }

    /// Sweeps the converted fill with a gradient, or with the ramp's last colour when the
    /// gradient geometry is degenerate.
    private mutating func sweepGradient(_ ramp: GradientRamp, _ geometry: GradientBlitter.Geometry?,
                                        rule: FillRule, on surface: Surface) {
        guard let geometry else {
            guard ramp.lastColor != 0 else { return }
            var blitter = SolidBlitter(surface: surface, color: ramp.lastColor)
            scan.sweep(rule: rule, into: &blitter)
            return
        }
        ramp.table.withUnsafeBufferPointer { table in
            GradientRamp.dither.withUnsafeBufferPointer { dither in
                var blitter = GradientBlitter(surface: surface, ramp: table, dither: dither, geometry: geometry,
                                             opaque: ramp.isOpaque)
                scan.sweep(rule: rule, into: &blitter)
            }
        }
    }

    // MARK: - Groups and masks

    mutating func group(_ items: [DisplayItem], opacity: Double, mask: Mask?, on surface: Surface) {
        guard opacity > 0 else { return }
        if opacity >= 1 && mask == nil {
            draw(items, on: surface)
            return
        }
        var rect = DisplayItem.pixelBounds(of: items).intersection(surface.rect)
        if let mask, !mask.inverted {
            rect = rect.intersection(DisplayItem.pixelBounds(of: mask.items))
        }
        guard !rect.isEmpty else { return }
        let op = UInt32((Swift.min(opacity, 1) * 255).rounded())
        guard op > 0 else { return }
        var layerBytes = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        layerBytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            let layer = Surface(base: base, width: rect.width, height: rect.height,
                                originX: rect.x0, originY: rect.y0)
            draw(items, on: layer)
            guard let mask else {
                Compositor.composite(layer, mask: nil, inverted: false, opacity: op, onto: surface)
                return
            }
            var maskBytes = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
            maskBytes.withUnsafeMutableBytes { maskRaw in
                guard let maskBase = maskRaw.baseAddress else { return }
                let maskLayer = Surface(base: maskBase, width: rect.width, height: rect.height,
                                        originX: rect.x0, originY: rect.y0)
                draw(mask.items, on: maskLayer)
                Compositor.composite(layer, mask: maskLayer, inverted: mask.inverted, opacity: op,
                                     onto: surface)
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
