import Foundation
import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// One golden image per paint and compositing feature (linear, radial and multi-stop
/// gradients, masks, inverted and nested masks, group opacity), each also checked against
/// computed colours: exact gradient ends, exact premultiplied values where masks and group
/// opacity meet.
final class GoldenPaintTests: XCTestCase {
    private let red = Color(r: 1, g: 0, b: 0)
    private let blue = Color(r: 0, g: 0, b: 1)
    private let yellow = Color(r: 1, g: 1, b: 0)

    private func golden(_ name: String, _ items: [DisplayItem], width: Int = 48, height: Int = 48,
                        file: StaticString = #filePath, line: UInt = #line) -> Pixmap {
        let pixmap = TestScene.render(items, width: width, height: height)
        assertGolden(pixmap, name, file: file, line: line)
        return pixmap
    }

    private func assertPixel(_ p: Pixmap, _ x: Int, _ y: Int, _ expected: [Int], slack: Int = 0,
                             file: StaticString = #filePath, line: UInt = #line) {
        let v = p.pixel(x, y)
        let actual = [Int(v.r), Int(v.g), Int(v.b), Int(v.a)]
        let ok = zip(actual, expected).allSatisfy { abs($0 - $1) <= slack }
        XCTAssertTrue(ok, "pixel (\(x), \(y)) is \(actual), expected \(expected) ± \(slack)", file: file, line: line)
    }

    /// round(255 · v), the 8-bit value the renderer derives from an opacity or channel.
    private func byte(_ v: Double) -> Int { Int((v * 255).rounded()) }

    /// a · b / 255 rounded: one 8-bit multiply.
    private func times(_ a: Int, _ b: Int) -> Int { Int((Double(a * b) / 255).rounded()) }

    private var canvas: Path { TestScene.rect(0, 0, 48, 48) }

    // MARK: - Gradients

    private func gradientBand(_ paint: Paint) -> DisplayItem {
        .fill(path: TestScene.rect(0, 0, 48, 16), rule: .nonZero, paint: paint, opacity: 1)
    }

    /// Red at the centre of pixel 4 to blue at the centre of pixel 43, padded beyond: the end
    /// colours are exact (the dither cannot carry a full or empty channel).
    func testLinearGradientHasExactEndColours() {
        let paint = Paint.linearGradient(start: Point(4.5, 0), end: Point(43.5, 0),
                                         stops: [GradientStop(0, red), GradientStop(1, blue)])
        let p = golden("gradient-linear", [gradientBand(paint)], height: 16)
        for y in 0..<16 {
            for x in 0...4 { assertPixel(p, x, y, [255, 0, 0, 255]) }
            for x in 44..<48 { assertPixel(p, x, y, [0, 0, 255, 255]) }
            assertPixel(p, 24, y, [byte(19 / 39), 0, byte(20 / 39), 255], slack: 1)   // t = 20/39
        }
    }

    /// Yellow at the centre of pixel (24, 24) to blue at distance 20 and beyond.
    func testRadialGradientHasExactCentreAndRim() {
        let paint = Paint.radialGradient(center: Point(24.5, 24.5), radius: 20,
                                         stops: [GradientStop(0, yellow), GradientStop(1, blue)])
        let p = golden("gradient-radial", [.fill(path: canvas, rule: .nonZero, paint: paint, opacity: 1)])
        assertPixel(p, 24, 24, [255, 255, 0, 255])
        for (x, y) in [(0, 0), (47, 0), (0, 47), (47, 47), (24, 3), (3, 24)] { assertPixel(p, x, y, [0, 0, 255, 255]) }
        assertPixel(p, 34, 24, [128, 128, 128, 255], slack: 1)   // distance 10: t = 1/2
    }

    /// Stops at 0, 0.25, 0.75 and 1 over pixel centres 4.5 → 44.5, so pixel x sits at
    /// t = (x − 4) / 40: the stop colours land on pixels 4, 14, 34 and 44.
    func testMultiStopGradientHitsEachStopAtItsLocation() {
        let stops = [GradientStop(0, red), GradientStop(0.25, yellow), GradientStop(0.75, blue), GradientStop(1, .white)]
        let paint = Paint.linearGradient(start: Point(4.5, 0), end: Point(44.5, 0), stops: stops)
        let p = golden("gradient-stops", [gradientBand(paint)], height: 16)
        for y in 0..<16 {
            assertPixel(p, 4, y, [255, 0, 0, 255])
            assertPixel(p, 9, y, [255, 128, 0, 255], slack: 1)       // t = 1/8: red → yellow
            assertPixel(p, 14, y, [255, 255, 0, 255], slack: 1)
            assertPixel(p, 24, y, [128, 128, 128, 255], slack: 1)    // t = 1/2: yellow → blue
            assertPixel(p, 34, y, [0, 0, 255, 255], slack: 1)
            assertPixel(p, 47, y, [255, 255, 255, 255])
        }
    }

    /// The conic ramp position of pixel (x, y) computed from the angle formula alone:
    /// the clockwise angle (y down) of the pixel centre seen from `c`, from `start`
    /// (0 = up), as a fraction of a turn.
    private func conicT(_ x: Int, _ y: Int, _ c: Point, _ start: Double) -> Double {
        let dx = Double(x) + 0.5 - c.x, dy = Double(y) + 0.5 - c.y
        var degrees = atan2(dx, -dy) * 180 / Double.pi - start * 180 / Double.pi
        degrees = degrees.truncatingRemainder(dividingBy: 360)
        if degrees < 0 { degrees += 360 }
        return degrees / 360
    }

    /// Straight colour of evenly weighted stops at t, interpolated per sRGB channel.
    private func expected(_ stops: [GradientStop], _ t: Double) -> [Int] {
        var i = 0
        while i + 2 < stops.count && stops[i + 1].location <= t { i += 1 }
        let a = stops[i], b = stops[i + 1]
        let f = max(0, min(1, (t - a.location) / (b.location - a.location)))
        return [a.color.r + (b.color.r - a.color.r) * f, a.color.g + (b.color.g - a.color.g) * f,
                a.color.b + (b.color.b - a.color.b) * f].map(byte) + [255]
    }

    /// A full turn red → yellow → blue → red around the canvas centre, from 12 o'clock.
    /// Every pixel whose position is not within a ramp step of a stop is checked against
    /// the angle formula (± 2: the ±1 dither and the 1024-entry ramp).
    func testConicGradientFollowsTheAngleFormula() {
        let stops = [GradientStop(0, red), GradientStop(1.0 / 3, yellow), GradientStop(2.0 / 3, blue), GradientStop(1, red)]
        let center = Point(24.5, 24.5)   // on pixel (24, 24)'s centre: column 24 is straight up and down
        let paint = Paint.conicGradient(center: center, angle: 0, stops: stops)
        let p = golden("gradient-conic", [.fill(path: canvas, rule: .nonZero, paint: paint, opacity: 1)])
        var checked = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let t = conicT(x, y, center, 0)
                guard t < 0.999 else { continue }   // the seam: red on both sides anyway
                assertPixel(p, x, y, expected(stops, t), slack: 2)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 2200)
        // Straight up is where it starts (red); 3 o'clock is a quarter turn on (t = 1/4:
        // three quarters of the way from red to yellow), 6 o'clock half-way (yellow → blue).
        assertPixel(p, 24, 2, [255, 0, 0, 255], slack: 1)
        assertPixel(p, 45, 24, [255, 191, 0, 255], slack: 2)
        assertPixel(p, 24, 45, [128, 128, 128, 255], slack: 2)
    }

    /// An off-centre sweep starting at 90deg (3 o'clock), black → white: the seam runs from
    /// the centre to the right, the darkest pixels just below it, the lightest just above.
    func testConicGradientStartAngleAndCentre() {
        let stops = [GradientStop(0, .black), GradientStop(1, .white)]
        let center = Point(16.5, 30.25), start = Double.pi / 2
        let paint = Paint.conicGradient(center: center, angle: start, stops: stops)
        let p = golden("gradient-conic-start", [.fill(path: canvas, rule: .nonZero, paint: paint, opacity: 1)])
        for y in 0..<48 {
            for x in 0..<48 {
                let t = conicT(x, y, center, start)
                guard t < 0.999 else { continue }
                let v = byte(t)
                assertPixel(p, x, y, [v, v, v, 255], slack: 2)
            }
        }
        XCTAssertLessThan(p.pixel(40, 31).r, 20, "just below the start ray: near black")
        XCTAssertGreaterThan(p.pixel(40, 29).r, 235, "just above it: near white")
    }

    // MARK: - Masks

    private func circle(opacity: Double = 1) -> DisplayItem {
        TestScene.fill(TestScene.circle(24, 24, 16), .black, opacity: opacity)
    }

    /// Red through a circle drawn at opacity 0.5: inside, exactly red at alpha round(127.5).
    func testMaskScalesContentByItsAlpha() {
        let masked = DisplayItem.group(items: [TestScene.fill(canvas, red)], opacity: 1,
                                       mask: Mask(items: [circle(opacity: 0.5)]))
        let p = golden("mask", [masked])
        let a = byte(0.5)
        assertPixel(p, 24, 24, [a, 0, 0, a])
        assertPixel(p, 24, 10, [a, 0, 0, a])
        for (x, y) in [(0, 0), (47, 47), (24, 6), (6, 24)] { assertPixel(p, x, y, [0, 0, 0, 0]) }
        XCTAssertEqual(TestScene.coveredArea(p), Double(a) / 255 * .pi * 256, accuracy: 0.6)
    }

    func testInvertedMaskKeepsTheOutside() {
        let masked = DisplayItem.group(items: [TestScene.fill(canvas, red)], opacity: 1,
                                       mask: Mask(items: [circle()], inverted: true))
        let p = golden("mask-inverted", [masked])
        assertPixel(p, 24, 24, [0, 0, 0, 0])
        for (x, y) in [(0, 0), (47, 47), (24, 6), (6, 24)] { assertPixel(p, x, y, [255, 0, 0, 255]) }
        XCTAssertEqual(TestScene.coveredArea(p), 48 * 48 - .pi * 256, accuracy: 0.6)
    }

    /// The mask is itself masked: the right half (opacity 0.8) seen through the circle
    /// (opacity 0.6). Where both are, blue shows at alpha round(round(204 · 153) / 255) = 122.
    func testNestedMaskIsTheProductOfBothMasks() {
        let half = TestScene.fill(TestScene.rect(24, 0, 24, 48), .black, opacity: 0.8)
        let inner = DisplayItem.group(items: [half], opacity: 1, mask: Mask(items: [circle(opacity: 0.6)]))
        let masked = DisplayItem.group(items: [TestScene.fill(canvas, blue)], opacity: 1, mask: Mask(items: [inner]))
        let p = golden("mask-nested", [masked])
        let k = times(byte(0.8), byte(0.6))
        XCTAssertEqual(k, 122)
        assertPixel(p, 30, 24, [0, 0, k, k])     // in both
        assertPixel(p, 18, 24, [0, 0, 0, 0])     // circle only
        assertPixel(p, 40, 3, [0, 0, 0, 0])      // half only
        assertPixel(p, 3, 3, [0, 0, 0, 0])       // neither
    }

    // MARK: - Group opacity

    /// Red and blue squares overlapping inside a group at opacity 0.5: the overlap is blue at
    /// alpha 128 (the group is flattened first), not the 192 of two separate half-opaque fills.
    func testGroupOpacityAppliesToTheFlattenedGroup() {
        let squares = [TestScene.fill(TestScene.rect(8, 8, 24, 24), red), TestScene.fill(TestScene.rect(16, 16, 24, 24), blue)]
        let p = golden("group-opacity", [.group(items: squares, opacity: 0.5, mask: nil)])
        let a = byte(0.5)
        assertPixel(p, 24, 24, [0, 0, a, a])
        assertPixel(p, 10, 10, [a, 0, 0, a])
        assertPixel(p, 36, 36, [0, 0, a, a])
        assertPixel(p, 4, 4, [0, 0, 0, 0])
        let separate = TestScene.render(squares.map {
            guard case .fill(let path, let rule, let paint, _) = $0 else { return $0 }
            return .fill(path: path, rule: rule, paint: paint, opacity: 0.5)
        }, width: 48, height: 48)
        XCTAssertEqual(Int(separate.pixel(24, 24).a), a + times(a, 255 - a))
    }
}
