/// Renders display lists to pixmaps.
///
/// Output is premultiplied RGBA8; blending is premultiplied source-over in integer
/// arithmetic; coverage is exact-area anti-aliasing (see `ScanConverter`). Rendering is
/// single-threaded and deterministic: from the display list on, only IEEE-exact operations
/// (+, −, ×, ÷, √, rounding) and integer maths are used, so the same items give the same
/// bytes on every machine. (Path builders that take angles — `addArc`, `Transform.rotation`,
/// round joins and caps in `stroked` — call the platform's sin/cos, which are reproducible on
/// a given libm.)
public struct Renderer: Sendable {
    /// Curve flattening tolerance in device pixels (NaN or ≤ 0 means 0.1).
    public var tolerance: Double = 0.1

    public init(tolerance: Double = 0.1) {
        self.tolerance = tolerance
    }

    /// A new `width` × `height` pixmap filled with `background`, with `items` drawn on top.
    public func render(_ items: [DisplayItem], width: Int, height: Int, background: Color) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height, fill: background)
        render(items, into: &pixmap)
        return pixmap
    }

    /// Draws `items` over the existing pixels of `pixmap`. Does nothing for an empty pixmap or
    /// one whose `data` does not hold exactly width · height · 4 bytes.
    public func render(_ items: [DisplayItem], into pixmap: inout Pixmap) {
        let width = pixmap.width, height = pixmap.height
        guard width > 0, height > 0, pixmap.data.count == width * height * 4 else { return }
        var rasterizer = Rasterizer(tolerance: tolerance)
        pixmap.data.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            let surface = Surface(base: base, width: width, height: height, originX: 0, originY: 0)
            rasterizer.draw(items, on: surface)
        }
    }
}
