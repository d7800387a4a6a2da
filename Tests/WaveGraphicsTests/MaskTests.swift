import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

final class MaskTests: XCTestCase {
    private let blue = Color(r: 0, g: 0, b: 1)
    private let background = Color(r: 1, g: 1, b: 0)
    private var content: [DisplayItem] { [TestScene.fill(TestScene.rect(0, 0, 100, 100), blue)] }
    private var circleItem: DisplayItem { TestScene.fill(TestScene.circle(50, 50, 20)) }

    private func render(_ mask: Mask, opacity: Double = 1) -> Pixmap {
        TestScene.render([.group(items: content, opacity: opacity, mask: mask)], width: 100, height: 100,
                         background: background)
    }

    private func isBackground(_ p: Pixmap, _ x: Int, _ y: Int) -> Bool {
        let v = p.pixel(x, y)
        return v.r == 255 && v.g == 255 && v.b == 0 && v.a == 255
    }

    private func isBlue(_ p: Pixmap, _ x: Int, _ y: Int) -> Bool {
        let v = p.pixel(x, y)
        return v.r == 0 && v.g == 0 && v.b == 255 && v.a == 255
    }

    func testCircleMaskKeepsOutsideUntouched() {
        let p = render(Mask(items: [circleItem]))
        XCTAssertTrue(isBlue(p, 50, 50))
        XCTAssertTrue(isBlue(p, 62, 45))
        for (x, y) in [(0, 0), (99, 99), (50, 25), (75, 50), (20, 80)] { XCTAssertTrue(isBackground(p, x, y)) }
        // Edge pixels are partially blended.
        XCTAssertTrue((50..<75).contains { x in let b = p.pixel(x, 40).b; return b > 0 && b < 255 })
    }

    func testInvertedMaskKeepsInsideUntouched() {
        let p = render(Mask(items: [circleItem], inverted: true))
        XCTAssertTrue(isBackground(p, 50, 50))
        XCTAssertTrue(isBackground(p, 62, 45))
        for (x, y) in [(0, 0), (99, 99), (50, 25), (75, 50)] { XCTAssertTrue(isBlue(p, x, y)) }
    }

    func testNestedMaskIsIntersection() {
        // Mask content: a rect masked by the circle → effective mask = rect ∩ circle.
        let rect = TestScene.fill(TestScene.rect(50, 0, 50, 100))
        let nested = DisplayItem.group(items: [rect], opacity: 1, mask: Mask(items: [circleItem]))
        let p = render(Mask(items: [nested]))
        XCTAssertTrue(isBlue(p, 60, 50))          // in both
        XCTAssertTrue(isBackground(p, 40, 50))    // circle only
        XCTAssertTrue(isBackground(p, 80, 10))    // rect only
        XCTAssertTrue(isBackground(p, 10, 10))    // neither
        // Inverted inner mask: rect minus circle.
        let punched = DisplayItem.group(items: [rect], opacity: 1, mask: Mask(items: [circleItem], inverted: true))
        let q = render(Mask(items: [punched]))
        XCTAssertTrue(isBlue(q, 80, 10))
        XCTAssertTrue(isBackground(q, 60, 50))
        XCTAssertTrue(isBackground(q, 40, 50))
    }

    func testMaskAlphaAndGroupOpacityMultiply() {
        let halfMask = Mask(items: [TestScene.fill(TestScene.rect(0, 0, 100, 100), .black, opacity: 0.5)])
        let p = TestScene.render([.group(items: content, opacity: 0.5, mask: halfMask)], width: 100, height: 100)
        XCTAssertEqual(p.pixel(50, 50).a, 64)
        XCTAssertEqual(p.pixel(50, 50).b, 64)
        // Empty (non-inverted) mask hides everything; empty inverted mask hides nothing.
        XCTAssertTrue(isBackground(render(Mask(items: [])), 50, 50))
        XCTAssertTrue(isBlue(render(Mask(items: [], inverted: true)), 50, 50))
    }
}
