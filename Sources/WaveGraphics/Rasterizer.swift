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

    mutating func fill(_ path: Path, rule: FillRule, paint: Paint, opacity: Double, on surface: Surface) {
        guard opacity > 0, path.isFinite, let box = path.bounds else { return }
        guard !PixelRect(covering: box).intersection(surface.rect).isEmpty else { return }
        let op = Swift.min(opacity, 1)
        let clamped = path.clamped(to: Self.coordinateLimit)
        scan.reset(width: surface.width, height: surface.height)
        let one = Double(ScanConverter.one)
        let ox = surface.originX << ScanConverter.bits, oy = surface.originY << ScanConverter.bits
        for sub in Flattener.subpaths(of: clamped, tolerance: tolerance, balanced: true) {
            let pts = sub.points
            var px = Int((pts[0].x * one).rounded()) - ox, py = Int((pts[0].y * one).rounded()) - oy
            let fx = px, fy = py
            for p in pts.dropFirst() {
                let qx = Int((p.x * one).rounded()) - ox, qy = Int((p.y * one).rounded()) - oy
                scan.addLine(px, py, qx, qy)
                px = qx
                py = qy
            }
            scan.addLine(px, py, fx, fy)   // fills close every sub-path
        }
        switch paint {
        case .solid(let color):
            let packed = color.premultipliedPacked(opacity: op)
            guard packed != 0 else { return }
            var blitter = SolidBlitter(surface: surface, color: packed)
            scan.sweep(rule: rule, into: &blitter)
        case .linearGradient(let start, let end, let stops):
            guard let ramp = GradientRamp(stops: stops, opacity: op) else { return }
            sweepGradient(ramp, GradientBlitter.linear(start: start, end: end), rule: rule, on: surface)
        case .radialGradient(let center, let radius, let stops):
            guard let ramp = GradientRamp(stops: stops, opacity: op) else { return }
            sweepGradient(ramp, GradientBlitter.radial(center: center, radius: radius), rule: rule, on: surface)
        }
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
                var blitter = GradientBlitter(surface: surface, ramp: table, dither: dither, geometry: geometry)
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
