import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

final class PaintTests: XCTestCase {
    private let red = Color(r: 1, g: 0, b: 0)
    private let blue = Color(r: 0, g: 0, b: 1)

    private func close(_ v: UInt8, _ expected: Double, _ slack: Double = 1, file: StaticString = #filePath,
                       line: UInt = #line) {
        XCTAssertLessThanOrEqual(abs(Double(v) - expected), slack, "\(v) vs \(expected)", file: file, line: line)
    }

    private func gradientFill(_ paint: Paint, width: Int = 100, height: Int = 8) -> Pixmap {
        let item = DisplayItem.fill(path: TestScene.rect(0, 0, Double(width), Double(height)), rule: .nonZero,
                                    paint: paint, opacity: 1)
        return TestScene.render([item], width: width, height: height)
    }

    func testLinearGradientEndsAndMiddle() {
        // From the centre of pixel 10 to the centre of pixel 89, padded beyond.
        let pixmap = gradientFill(.linearGradient(start: Point(10.5, 0), end: Point(89.5, 0),
                                                  stops: [GradientStop(0, red), GradientStop(1, blue)]))
        for y in 0..<8 {
            for x in [0, 5, 10] {
                let p = pixmap.pixel(x, y)
                close(p.r, 255); close(p.g, 0); close(p.b, 0); XCTAssertEqual(p.a, 255)
            }
            for x in [89, 95, 99] {
                let p = pixmap.pixel(x, y)
                close(p.r, 0); close(p.b, 255); XCTAssertEqual(p.a, 255)
            }
            for x in [30, 50, 70] {
                let t = (Double(x) - 10) / 79
                let p = pixmap.pixel(x, y)
                close(p.r, 255 * (1 - t), 1.5); close(p.b, 255 * t, 1.5); close(p.g, 0)
            }
        }
    }

    /// A gradient along y is shaded a row at a time when a span is longer than 8 pixels (its
    /// dither pattern repeats every 8); spans of at most 8 take the per-pixel loop. The same
    /// area drawn as one wide rectangle and as 4-pixel-wide strips must give the same bytes,
    /// for an opaque ramp (stored) and a translucent one (blended), with partly covered rows.
    func testVerticalGradientWideSpansMatchNarrowOnes() {
        for stops in [[GradientStop(0, red), GradientStop(1, blue)],
                      [GradientStop(0, Color(r: 1, g: 0.5, b: 0, a: 0.3)), GradientStop(1, Color(r: 0, g: 0.2, b: 1, a: 0.8))]] {
            let paint = Paint.linearGradient(start: Point(3, 0.5), end: Point(3, 60), stops: stops)
            let wide = TestScene.render([.fill(path: TestScene.rect(0, 0.5, 64, 63), rule: .nonZero, paint: paint, opacity: 1)],
                                        width: 64, height: 64, background: .white)
            let strips = (0..<16).map { i in
                DisplayItem.fill(path: TestScene.rect(Double(4 * i), 0.5, 4, 63), rule: .nonZero, paint: paint, opacity: 1)
            }
            let narrow = TestScene.render(strips, width: 64, height: 64, background: .white)
            XCTAssertTrue(wide == narrow, "a wide span differs from the same pixels drawn in narrow spans")
            // Wide spans starting at every phase of the 8-pixel dither pattern (stored eight
            // pixels at a time from where they start) give the same pixels too.
            for x0 in 1..<8 {
                let shifted = TestScene.render([.fill(path: TestScene.rect(Double(x0), 0.5, Double(61 - x0), 63), rule: .nonZero,
                                                      paint: paint, opacity: 1)], width: 64, height: 64, background: .white)
                for y in 0..<64 {
                    for x in x0..<61 where shifted.pixel(x, y) != narrow.pixel(x, y) {
                        XCTFail("pixel (\(x), \(y)) of a span from x = \(x0) differs")
                    }
                }
            }
            // The rows really vary: top and bottom differ, and the ends of the ramp show.
            XCTAssertNotEqual(wide.pixel(10, 1).b, wide.pixel(10, 62).b)
        }
    }

    func testStopsOutsideTheBoxCountAndOutOfOrderOnesAreRaisedAsInCSS() {
        // Locations beyond 0–1 are kept (CSS, CAGradientLayer): from white at −1 to transparent
        // black at 2, t in the box is f = (t + 1) / 3 of the way. Straight interpolation:
        // at t = 0.5, f = 0.5 is (0.5, 0.5, 0.5, 0.5) straight, premultiplied 64.
        let stops = [GradientStop(-1, .white), GradientStop(2, Color(r: 0, g: 0, b: 0, a: 0))]
        let pixmap = gradientFill(.linearGradient(start: Point(0.5, 0), end: Point(98.5, 0), stops: stops))
        let mid = pixmap.pixel(49, 3)   // t = 0.5
        close(mid.a, 127.5); close(mid.r, 63.75); XCTAssertLessThanOrEqual(mid.r, mid.a)
        for x in [0, 20, 80, 99] {
            let t = (Double(x) + 0.5 - 0.5) / 98, f = (t + 1) / 3
            let p = pixmap.pixel(x, 0)
            close(p.a, 255 * (1 - f), 1.5); close(p.r, 255 * (1 - f) * (1 - f), 1.5)
        }
        // `red 80%, blue 20%`: blue's location is raised to 80%, a hard edge there, not a
        // blue-to-red ramp from 20% to 80% (which sorting would give).
        let raised = gradientFill(.linearGradient(start: Point(0, 0), end: Point(100, 0),
                                                  stops: [GradientStop(0.8, red), GradientStop(0.2, blue)]))
        for x in [5, 30, 50, 78] { XCTAssertEqual(raised.pixel(x, 0).r, 255, "x = \(x)"); XCTAssertEqual(raised.pixel(x, 0).b, 0) }
        for x in [82, 95] { XCTAssertEqual(raised.pixel(x, 0).b, 255, "x = \(x)"); XCTAssertEqual(raised.pixel(x, 0).r, 0) }
        // Equal locations make a hard edge (written order: red, then blue).
        let hard = gradientFill(.linearGradient(start: Point(0, 0), end: Point(100, 0),
                                                stops: [GradientStop(0.5, red), GradientStop(0.5, blue)]))
        XCTAssertEqual(hard.pixel(45, 0).r, 255)
        XCTAssertEqual(hard.pixel(55, 0).b, 255)
        // Past t = 1 (beyond a two-point gradient's end) the stops placed there show: blue at
        // 1, lime at 2; at t = 1.49 the colour is 49 % of the way.
        let beyond = gradientFill(.linearGradient(start: Point(25, 0), end: Point(75, 0),
                                                  stops: [GradientStop(0, red), GradientStop(1, blue), GradientStop(2, Color(r: 0, g: 1, b: 0))]))
        let p = beyond.pixel(99, 0)   // t = (99.5 − 25) / 50
        close(p.g, 255 * 0.49, 1.5); close(p.b, 255 * 0.51, 1.5); XCTAssertEqual(p.r, 0)
        // The shimmer's highlight just outside the box leaves the box its end colour.
        let grey = Color(r: 0.8, g: 0.8, b: 0.8)
        let outside = gradientFill(.linearGradient(start: Point(0, 0), end: Point(100, 0),
                                                   stops: [GradientStop(-0.3, grey), GradientStop(-0.2, .white), GradientStop(-0.1, grey)]))
        for x in [0, 50, 99] { close(outside.pixel(x, 0).r, 204) }
    }

    func testRadialGradientCentreAndRim() {
        let paint = Paint.radialGradient(center: Point(50.5, 50.5), radius: 40,
                                         stops: [GradientStop(0, red), GradientStop(1, blue)])
        let pixmap = gradientFill(paint, width: 101, height: 101)
        let c = pixmap.pixel(50, 50)
        close(c.r, 255); close(c.b, 0)
        let rim = pixmap.pixel(50 + 40, 50)   // distance 40 → t = 1
        close(rim.b, 255); close(rim.r, 0)
        let corner = pixmap.pixel(0, 0)       // padded
        XCTAssertEqual(corner.b, 255)
        let half = pixmap.pixel(70, 50)       // distance 20 → t = 0.5
        close(half.r, 127.5, 1.5); close(half.b, 127.5, 1.5)
        // A stop past the rim shows in the corners: lime at 1.5; the corner pixel (0, 0) is
        // at distance 50·√2 → t = 1.768, past it (lime), and (90, 70) at t = √(40² + 20²)/40
        // = 1.118, 23.6 % of the way from blue to lime.
        let lime = Color(r: 0, g: 1, b: 0)
        let beyond = gradientFill(.radialGradient(center: Point(50.5, 50.5), radius: 40,
                                                  stops: [GradientStop(0, red), GradientStop(1, blue), GradientStop(1.5, lime)]),
                                  width: 101, height: 101)
        XCTAssertEqual(beyond.pixel(0, 0).g, 255)
        let distance: Double = (1600.0 + 400.0).squareRoot()
        let f: Double = (distance / 40 - 1) / 0.5
        let between = beyond.pixel(90, 70)
        close(between.g, 255 * f, 1.5); close(between.b, 255 * (1 - f), 1.5)
    }

    func testDitherIsBoundedAndAveragesToTheTrueValue() {
        let grey = Color(r: 0.5, g: 0.5, b: 0.5)
        let pixmap = gradientFill(.linearGradient(start: Point(0, 0), end: Point(64, 0),
                                                  stops: [GradientStop(0, grey), GradientStop(1, grey)]),
                                  width: 64, height: 64)
        var sum = 0, values = Set<UInt8>()
        for y in 0..<64 { for x in 0..<64 { let v = pixmap.pixel(x, y).r; sum += Int(v); values.insert(v) } }
        XCTAssertEqual(values, [127, 128])
        XCTAssertEqual(Double(sum) / 4096, 127.5, accuracy: 0.05)
    }

    func testDegenerateGradientsPaintLastStop() {
        let linear = gradientFill(.linearGradient(start: Point(5, 5), end: Point(5, 5),
                                                  stops: [GradientStop(0, red), GradientStop(1, blue)]))
        XCTAssertEqual(linear.pixel(3, 3).b, 255)
        let radial = gradientFill(.radialGradient(center: Point(5, 5), radius: 0, stops: [GradientStop(0, red)]))
        XCTAssertEqual(radial.pixel(3, 3).r, 255)
        let none = gradientFill(.linearGradient(start: Point(0, 0), end: Point(9, 0), stops: []))
        XCTAssertEqual(none.pixel(3, 3).a, 0)
        let nanStops = gradientFill(.linearGradient(start: Point(0, 0), end: Point(9, 0),
                                                    stops: [GradientStop(.nan, Color(r: .nan, g: 2, b: -1, a: .nan))]))
        XCTAssertEqual(nanStops.pixel(3, 3).a, 0)
    }

    func testGradientOpacityAndCoverage() {
        let item = DisplayItem.fill(path: TestScene.rect(0, 0, 10.5, 4), rule: .nonZero,
                                    paint: .linearGradient(start: Point(0, 0), end: Point(10, 0),
                                                           stops: [GradientStop(0, .white), GradientStop(1, .white)]),
                                    opacity: 0.5)
        let pixmap = TestScene.render([item], width: 16, height: 4)
        close(pixmap.pixel(3, 1).a, 127.5)
        close(pixmap.pixel(10, 1).a, 63.75)
        XCTAssertEqual(pixmap.pixel(11, 1).a, 0)
    }
}
