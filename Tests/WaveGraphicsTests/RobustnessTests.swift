import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

final class RobustnessTests: XCTestCase {
    private let bad: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e20]

    func testNonFiniteAndHugeCoordinatesDoNotCrash() {
        var items: [DisplayItem] = []
        for v in bad {
            let paths = [
                Path([.move(Point(v, 0)), .line(Point(10, 10)), .line(Point(0, 20))]),
                Path([.move(Point(0, 0)), .cubic(Point(v, v), Point(-v, 3), Point(20, v))]),
                Path([.move(Point(0, 0)), .quad(Point(5, v), Point(v, 5))]),
                TestScene.circle(v, 10, 5), TestScene.circle(10, 10, v),
            ]
            for path in paths {
                items.append(TestScene.fill(path))
                items.append(.fill(path: path, rule: .evenOdd,
                                   paint: .linearGradient(start: Point(v, 0), end: Point(0, v),
                                                          stops: [GradientStop(v, .white)]), opacity: v))
                items.append(.fill(path: path, rule: .nonZero,
                                   paint: .radialGradient(center: Point(v, v), radius: v, stops: [GradientStop(0, .black)]),
                                   opacity: 1))
                for style in [StrokeStyle(width: 3, cap: .round, join: .round, dashes: [v, 2]),
                              StrokeStyle(width: v, dashPhase: v), StrokeStyle(width: 2, join: .miter, miterLimit: v)] {
                    items.append(TestScene.fill(path.stroked(style, tolerance: v)))
                }
                var arc = Path()
                arc.addArc(center: Point(10, 10), radius: 5, startAngle: v, endAngle: 1, clockwise: true)
                arc.addRect(Rect(x: v, y: 0, width: 4, height: v), cornerRadius: v)
                items.append(TestScene.fill(arc))
            }
            items.append(.group(items: items.suffix(3), opacity: v, mask: Mask(items: items.suffix(2))))
        }
        let pixmap = Renderer(tolerance: .nan).render(items, width: 40, height: 30, background: .white)
        XCTAssertEqual(pixmap.data.count, 40 * 30 * 4)
        for i in stride(from: 0, to: pixmap.data.count, by: 4) {
            XCTAssertLessThanOrEqual(pixmap.data[i], pixmap.data[i + 3], "premultiplied invariant")
        }
    }

    func testHugeFiniteShapeIsClampedNotDropped() {
        let huge = TestScene.rect(-1e300, -1e300, 2e300, 2e300)
        let pixmap = TestScene.render([TestScene.fill(huge)], width: 16, height: 16)
        XCTAssertEqual(TestScene.coveredArea(pixmap), 256)
        let far = TestScene.circle(1e7, 1e7, 3)
        XCTAssertEqual(TestScene.coveredArea(TestScene.render([TestScene.fill(far)], width: 16, height: 16)), 0)
    }

    func testEmptyInputsAndZeroSizePixmaps() {
        let items = [TestScene.fill(Path()), TestScene.fill(TestScene.circle(5, 5, 3)),
                     DisplayItem.group(items: [], opacity: 0.5, mask: Mask(items: []))]
        for (w, h) in [(0, 0), (0, 10), (10, 0), (-3, 4)] {
            let p = Renderer().render(items, width: w, height: h, background: .black)
            XCTAssertEqual(p.data.count, 0)
        }
        var broken = Pixmap(width: 4, height: 4)
        broken.data.removeLast()
        Renderer().render(items, into: &broken)   // wrong byte count: left alone
        XCTAssertEqual(broken.data.count, 63)
        let empty = TestScene.render([], width: 4, height: 4, background: .white)
        XCTAssertEqual(empty.data, [UInt8](repeating: 255, count: 64))
        XCTAssertTrue(Path().stroked(StrokeStyle()).isEmpty)
        XCTAssertEqual(Path().flattened(tolerance: 0.1), [])
    }

    func testManyOverlappingEdgesInOneCellStayCorrect() {
        // 20 000 coincident copies of a small square: per-cell sums pass 2³¹ (area) without
        // overflowing. Accumulated winding saturates the partially covered edge pixels (as in
        // any accumulation rasterizer), so all 4 × 4 touched pixels are full and nothing else.
        var path = Path()
        for _ in 0..<20_000 { path.addRect(Rect(x: 2.25, y: 2.25, width: 3.5, height: 3.5)) }
        let pixmap = TestScene.render([TestScene.fill(path)], width: 8, height: 8)
        XCTAssertEqual(TestScene.coveredArea(pixmap), 16)
        XCTAssertEqual(TestScene.alpha(pixmap, 1, 3), 0)
        XCTAssertEqual(TestScene.alpha(pixmap, 6, 3), 0)
    }

    func testRenderingIsDeterministic() {
        var wave = Path()
        wave.move(to: Point(0, 128))
        for i in 0...256 { wave.line(to: Point(Double(i) * 0.5, 60 + 20 * sin(Double(i) * 0.1))) }
        wave.line(to: Point(128, 128))
        wave.close()
        let items: [DisplayItem] = [
            .fill(path: TestScene.rect(0, 0, 128, 128), rule: .nonZero,
                  paint: .linearGradient(start: Point(0, 0), end: Point(128, 90),
                                         stops: [GradientStop(0, .black), GradientStop(1, .white)]), opacity: 1),
            TestScene.fill(wave, Color(r: 0.1, g: 0.4, b: 0.8, a: 0.6)),
            .group(items: [TestScene.fill(TestScene.circle(64.3, 40.1, 25), .white)], opacity: 0.7,
                   mask: Mask(items: [TestScene.fill(TestScene.rect(40, 0, 30, 128))], inverted: true)),
            TestScene.fill(wave.stroked(StrokeStyle(width: 2.5, cap: .round, join: .round, dashes: [7, 3]))),
        ]
        let first = TestScene.render(items, background: .white)
        let second = TestScene.render(items, background: .white)
        XCTAssertEqual(first, second)
        var into = Pixmap(width: 128, height: 128, fill: .white)
        Renderer().render(items, into: &into)
        XCTAssertEqual(first, into)
    }
}
