import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// Shared helpers: render small scenes and measure them.
enum TestScene {
    static func render(_ items: [DisplayItem], width: Int = 128, height: Int = 128,
                       background: Color = .clear) -> Pixmap {
        Renderer().render(items, width: width, height: height, background: background)
    }

    static func fill(_ path: Path, _ color: Color = .black, rule: FillRule = .nonZero,
                     opacity: Double = 1) -> DisplayItem {
        .fill(path: path, rule: rule, paint: .solid(color), opacity: opacity)
    }

    /// Σ alpha / 255 over the whole pixmap: the covered area in pixels.
    static func coveredArea(_ pixmap: Pixmap) -> Double {
        var sum = 0
        var i = 3
        while i < pixmap.data.count { sum += Int(pixmap.data[i]); i += 4 }
        return Double(sum) / 255
    }

    /// Covered area of `path` filled in black on a transparent canvas.
    static func area(of path: Path, rule: FillRule = .nonZero, width: Int = 128, height: Int = 128) -> Double {
        coveredArea(render([fill(path, rule: rule)], width: width, height: height))
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
        var p = Path()
        p.addRect(Rect(x: x, y: y, width: w, height: h))
        return p
    }

    static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> Path {
        var p = Path()
        p.addCircle(center: Point(cx, cy), radius: r)
        return p
    }

    static func alpha(_ pixmap: Pixmap, _ x: Int, _ y: Int) -> Int { Int(pixmap.pixel(x, y).a) }
}
