import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

final class GeometryTests: XCTestCase {
    /// `tightBounds` holds the curves, not their control points: a cubic through
    /// (0, 0), (0, 100), (100, 100), (100, 0) peaks at y = 75 (t = 1/2), a quadratic through
    /// (0, 0), (50, 100), (100, 0) at y = 50; a move that starts nothing adds nothing.
    func testTightBoundsAreTheCurvesExtremes() {
        var cubic = Path()
        cubic.move(to: Point(0, 0))
        cubic.cubic(to: Point(100, 0), control1: Point(0, 100), control2: Point(100, 100))
        cubic.move(to: Point(500, 500))
        XCTAssertEqual(cubic.tightBounds, Rect(x: 0, y: 0, width: 100, height: 75))
        XCTAssertEqual(cubic.bounds?.height, 500, "the control box takes every point")
        var quad = Path()
        quad.move(to: Point(0, 0))
        quad.quad(to: Point(100, 0), control: Point(50, 100))
        XCTAssertEqual(quad.tightBounds, Rect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertNil(Path().tightBounds)
    }

    private func assertClose(_ p: Point, _ q: Point, _ eps: Double = 1e-9, file: StaticString = #filePath,
                             line: UInt = #line) {
        XCTAssertEqual(p.x, q.x, accuracy: eps, file: file, line: line)
        XCTAssertEqual(p.y, q.y, accuracy: eps, file: file, line: line)
    }

    func testConcatenatingAppliesSelfFirst() {
        let t = Transform.scale(2, 3).concatenating(.translation(10, 20))
        assertClose(t.apply(Point(1, 1)), Point(12, 23))
        let u = Transform.translation(10, 20).concatenating(.scale(2, 3))
        assertClose(u.apply(Point(1, 1)), Point(22, 63))
        let r = Transform.rotation(Double.pi / 2)
        assertClose(r.apply(Point(1, 0)), Point(0, 1))   // clockwise on a y-down screen
    }

    func testInverseAndSingular() {
        let t = Transform.rotation(0.7).concatenating(.scale(3, 0.5)).concatenating(.translation(-4, 9))
        guard let inv = t.inverted else { return XCTFail("invertible") }
        assertClose(inv.apply(t.apply(Point(3.5, -2))), Point(3.5, -2))
        XCTAssertNil(Transform.scale(0, 1).inverted)
        XCTAssertNil(Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted)
    }

    func testMaxScaleIsLargestSingularValue() {
        XCTAssertEqual(Transform.scale(3, -5).maxScale, 5, accuracy: 1e-12)
        XCTAssertEqual(Transform.rotation(1.1).concatenating(.scale(2, 0.5)).maxScale, 2, accuracy: 1e-12)
        // Shear [[1, 1], [0, 1]]: σ_max = golden ratio.
        XCTAssertEqual(Transform(a: 1, b: 0, c: 1, d: 1, tx: 5, ty: 5).maxScale,
                       (1 + 5.0.squareRoot()) / 2, accuracy: 1e-12)
    }

    func testRectEdgesAndUnion() {
        let r = Rect(x: 10, y: 10, width: -4, height: 6)
        XCTAssertEqual(r.minX, 6); XCTAssertEqual(r.maxX, 10); XCTAssertEqual(r.maxY, 16)
        let u = r.union(Rect(x: 0, y: 20, width: 1, height: 1))
        XCTAssertEqual(u, Rect(x: 0, y: 10, width: 10, height: 11))
    }

    func testPathBoundsIncludeControlPointsAndSkipNonFinite() {
        var p = Path()
        XCTAssertNil(p.bounds)
        XCTAssertTrue(p.isEmpty)
        p.move(to: Point(0, 0))
        p.quad(to: Point(10, 0), control: Point(5, 20))
        p.line(to: Point(.nan, 3))
        XCTAssertEqual(p.bounds, Rect(x: 0, y: 0, width: 10, height: 20))
    }

    func testTransformedMovesEveryPoint() {
        var p = Path()
        p.addCircle(center: Point(0, 0), radius: 1)
        let moved = p.transformed(by: .scale(2, 2).concatenating(.translation(5, 5)))
        XCTAssertEqual(moved.bounds, Rect(x: 3, y: 3, width: 4, height: 4))
        XCTAssertEqual(moved.elements.count, p.elements.count)
    }

    func testCircleStartsRightAndRunsClockwise() {
        var p = Path()
        p.addCircle(center: Point(50, 50), radius: 10)
        XCTAssertEqual(p.elements.first, .move(Point(60, 50)))
        guard case .cubic(_, _, let end) = p.elements[1] else { return XCTFail("cubic") }
        XCTAssertEqual(end, Point(50, 60))   // right → bottom: clockwise with y down
        XCTAssertEqual(p.elements.last, .close)
        XCTAssertEqual(p.elements.count, 6)
    }

    func testRoundedRectClampsRadius() {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 100)
        // Radius clamped to 10: a stadium of area 20·20 + π·10².
        XCTAssertEqual(TestScene.area(of: p.transformed(by: .translation(10, 10))),
                       400 + Double.pi * 100, accuracy: 4)
        XCTAssertEqual(p.bounds, Rect(x: 0, y: 0, width: 40, height: 20))
    }

    func testArcEndpointsAndDirection() {
        var p = Path()
        p.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        XCTAssertEqual(p.elements.first, .move(Point(10, 0)))
        guard case .cubic(let c1, _, let end) = p.elements.last else { return XCTFail("cubic") }
        assertClose(end, Point(0, 10))
        XCTAssertGreaterThan(c1.y, 0)   // heads down: clockwise on screen
        XCTAssertEqual(p.elements.count, 2)

        var q = Path()
        q.move(to: Point(-20, 0))
        q.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: false)
        XCTAssertEqual(q.elements[1], .line(Point(10, 0)))   // connected from the current point
        XCTAssertEqual(q.elements.count, 2 + 3)              // 270° counter-clockwise = 3 quarters
        guard case .cubic(_, _, let qEnd) = q.elements.last else { return XCTFail("cubic") }
        assertClose(qEnd, Point(0, 10))
        guard case .cubic(let qc1, _, _) = q.elements[2] else { return XCTFail("cubic") }
        XCTAssertLessThan(qc1.y, 0)     // heads up first

        var full = Path()
        full.addArc(center: Point(50, 50), radius: 20, startAngle: 1, endAngle: 1 + 7, clockwise: true)
        full.close()
        XCTAssertEqual(TestScene.area(of: full), Double.pi * 400, accuracy: Double.pi * 400 * 0.005)

        var none = Path()
        none.addArc(center: Point(0, 0), radius: .nan, startAngle: 0, endAngle: 1, clockwise: true)
        XCTAssertTrue(none.isEmpty)
    }

    func testPolygonAndAppend() {
        var p = Path()
        p.addPolygon([], closed: true)
        XCTAssertTrue(p.isEmpty)
        p.addPolygon([Point(0, 0), Point(1, 0), Point(1, 1)], closed: true)
        XCTAssertEqual(p.elements, [.move(Point(0, 0)), .line(Point(1, 0)), .line(Point(1, 1)), .close])
        var q = Path([.move(Point(5, 5))])
        q.append(p)
        XCTAssertEqual(q.elements.count, 5)
    }
}
