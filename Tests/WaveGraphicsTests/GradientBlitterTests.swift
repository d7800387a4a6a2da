import XCTest
import CPixelKernels
@testable import WaveGeometry
@testable import WaveGraphics

/// The gradient blitter shades spans of eight or more pixels eight at a time (sixteen or more
/// with the wide C kernels, where the machine has them) and shorter ones pixel by pixel. All
/// must give the same bytes: here every span is drawn whole on one surface and one pixel at a
/// time on another (which takes the per-pixel loop that the golden frames were recorded
/// with), over a patterned background, and the two are compared, on both kernel paths.
final class GradientBlitterTests: XCTestCase {
    private let width = 48, height = 6

    private func ramps() -> [(name: String, ramp: GradientRamp)] {
        let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0.3, b: 1)
        let clear = Color(r: 0.2, g: 0.9, b: 0.4, a: 0.35)
        return [
            ("opaque", GradientRamp(stops: [GradientStop(0, red), GradientStop(1, blue)], opacity: 1)!),
            ("translucent", GradientRamp(stops: [GradientStop(0, red), GradientStop(1, clear)], opacity: 0.8)!),
            // Stops beyond 0–1 give the table an offset and a longer reach.
            ("beyond", GradientRamp(stops: [GradientStop(-0.5, blue), GradientStop(0.5, red), GradientStop(1.7, clear)],
                                    opacity: 1)!),
            // Hard stops: the pixels of their entries are shaded one at a time and placed.
            ("hard", GradientRamp(stops: [GradientStop(0.05, red), GradientStop(0.05, blue), GradientStop(0.3337, blue),
                                          GradientStop(0.3337, clear), GradientStop(0.3338, red), GradientStop(0.3338, blue),
                                          GradientStop(1, red), GradientStop(1, clear)], opacity: 1)!),
        ]
    }

    private func geometries() -> [(name: String, geometry: GradientBlitter.Geometry)] {
        var out: [(String, GradientBlitter.Geometry)] = []
        for (start, end) in [(Point(3, 1), Point(40, 5)), (Point(45, 0), Point(2, 3)), (Point(20, 0), Point(23, 2)),
                             (Point(0, 0), Point(0.0004, 0)), (Point(-300, 2), Point(900, -40))] {
            if let g = GradientBlitter.linear(start: start, end: end) { out.append(("linear \(start) \(end)", g)) }
        }
        for (center, radius) in [(Point(20.3, 2.7), 15.0), (Point(-10, 40), 30.0), (Point(24, 3), 0.7)] {
            if let g = GradientBlitter.radial(center: center, radius: radius) { out.append(("radial \(center) \(radius)", g)) }
        }
        // Seen in perspective: the plane turned about y, the eye 60 px away.
        let plane = Transform3D.translation(-24, -3, 0).concatenating(.rotationY(0.9)).concatenating(.perspective(60))
            .concatenating(.translation(24, 3, 0)).plane
        for paint in [Paint.linearGradient(start: Point(2, 0), end: Point(44, 5), stops: []),
                      Paint.radialGradient(center: Point(21.3, 2.2), radius: 19, stops: [])] {
            if let g = GradientBlitter.projected(paint, plane: plane) { out.append(("projected \(paint)", g)) }
        }
        return out
    }

    private func background(_ i: Int) -> UInt32 {
        let a = UInt32((i &* 37) % 256), c = UInt32((i &* 11) % (Int(a) + 1))
        return c | (a / 2) << 8 | c << 16 | a << 24
    }

    func testSpansOfEightPixelsAtATimeMatchPixelByPixel() {
        let level = wave_kernels_level()
        defer { _ = wave_kernels_use(level) }
        for path in [0, 1] {
            _ = wave_kernels_use(Int32(path))
            spansMatchPixelByPixel(path == 0 ? "portable" : "wide")
        }
    }

    private func spansMatchPixelByPixel(_ path: String) {
        var checked = 0, compared = 0
        for (rampName, ramp) in ramps() {
            for (geometryName, geometry) in geometries() {
                for origin in [(0, 0), (5, 3), (-3, 7)] {
                    var whole = (0..<width * height).map(background), single = whole
                    whole.withUnsafeMutableBytes { w in
                        single.withUnsafeMutableBytes { s in
                            ramp.table.withUnsafeBufferPointer { table in
                                GradientRamp.dither.withUnsafeBufferPointer { dither in
                                  ramp.hardStops.withUnsafeBufferPointer { stops in
                                    func blitter(_ base: UnsafeMutableRawPointer) -> GradientBlitter {
                                        GradientBlitter(surface: Surface(base: base, width: width, height: height,
                                                                         originX: origin.0, originY: origin.1),
                                                        ramp: table, dither: dither, geometry: geometry, opaque: ramp.isOpaque,
                                                        offset: ramp.offset, lastIndex: ramp.lastIndex, hardStops: stops)
                                    }
                                    var a = blitter(w.baseAddress!), b = blitter(s.baseAddress!)
                                    // Rows 0–2: spans of every length from every start phase;
                                    // rows 3–5 the whole row, at other coverages and factors.
                                    var y = 0
                                    for (alpha, factor) in [(255, 255), (255, 255), (255, 255), (255, 131), (97, 255), (60, 200)] {
                                        let cut = 10 + 6 * y
                                        let spans = y < 3 ? [(y, cut - 1 - y), (cut, width - cut)] : [(0, width)]
                                        for (x, count) in spans where count > 0 {
                                            a.span(y: y, x: x, count: count, alpha: alpha, factor: UInt32(factor))
                                            for p in x..<x + count { b.span(y: y, x: p, count: 1, alpha: alpha, factor: UInt32(factor)) }
                                            compared += count
                                        }
                                        y += 1
                                    }
                                  }
                                }
                            }
                        }
                    }
                    for i in 0..<whole.count where whole[i] != single[i] {
                        XCTFail("\(path): \(rampName), \(geometryName), origin \(origin): pixel (\(i % width), \(i / width)) is "
                                + "\(String(whole[i], radix: 16)) drawn in a span, \(String(single[i], radix: 16)) alone")
                        break
                    }
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 4 * 10 * 3)
        XCTAssertGreaterThan(compared, 10_000)
    }
}
