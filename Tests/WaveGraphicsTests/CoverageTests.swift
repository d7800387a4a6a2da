import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

final class CoverageTests: XCTestCase {
    func testCircleAreaMatchesPiRSquared() {
        for (cx, cy, r) in [(60.37, 63.81, 40.0), (20.6, 30.2, 7.3), (90.13, 100.77, 23.5)] {
            let area = TestScene.area(of: TestScene.circle(cx, cy, r))
            let expected = Double.pi * r * r
            XCTAssertEqual(area, expected, accuracy: expected * 0.005, "r = \(r)")
        }
    }

    func testHalfPixelEdgeGivesHalfCoverage() {
        let pixmap = TestScene.render([TestScene.fill(TestScene.rect(10.5, 4, 20, 10))])
        for y in 4..<14 {
            let a = TestScene.alpha(pixmap, 10, y)
            XCTAssertTrue(a == 127 || a == 128, "alpha \(a) at row \(y)")
            XCTAssertEqual(TestScene.alpha(pixmap, 11, y), 255)
            XCTAssertEqual(TestScene.alpha(pixmap, 9, y), 0)
            let right = TestScene.alpha(pixmap, 30, y)   // right edge at 30.5
            XCTAssertTrue(right == 127 || right == 128)
        }
    }

    func testIntegerAlignedRectIsExact() {
        let pixmap = TestScene.render([TestScene.fill(TestScene.rect(10, 20, 30, 15))])
        for y in 0..<128 {
            for x in 0..<128 {
                let inside = x >= 10 && x < 40 && y >= 20 && y < 35
                XCTAssertEqual(TestScene.alpha(pixmap, x, y), inside ? 255 : 0, "(\(x), \(y))")
            }
        }
        XCTAssertEqual(TestScene.coveredArea(pixmap), 450)
    }

    func testNonZeroFillsOverlapEvenOddPunchesHole() {
        var path = TestScene.rect(10, 10, 40, 40)
        path.append(TestScene.rect(30, 30, 40, 40))   // same direction
        let nonZero = TestScene.render([TestScene.fill(path, rule: .nonZero)])
        let evenOdd = TestScene.render([TestScene.fill(path, rule: .evenOdd)])
        XCTAssertEqual(TestScene.alpha(nonZero, 40, 40), 255)
        XCTAssertEqual(TestScene.alpha(evenOdd, 40, 40), 0)
        XCTAssertEqual(TestScene.alpha(evenOdd, 20, 20), 255)
        XCTAssertEqual(TestScene.alpha(evenOdd, 60, 60), 255)
        XCTAssertEqual(TestScene.coveredArea(nonZero), 1600 + 1600 - 400)
        XCTAssertEqual(TestScene.coveredArea(evenOdd), 1600 + 1600 - 800)
    }

    func testPentagramCentreDependsOnRule() {
        let points = (0..<5).map { k -> Point in
            let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(64 + 50 * cos(angle), 64 + 50 * sin(angle))
        }
        var star = Path()
        star.addPolygon(points, closed: true)
        XCTAssertEqual(TestScene.alpha(TestScene.render([TestScene.fill(star, rule: .nonZero)]), 64, 64), 255)
        XCTAssertEqual(TestScene.alpha(TestScene.render([TestScene.fill(star, rule: .evenOdd)]), 64, 64), 0)
    }

    func testOppositeDirectionsCancelUnderNonZero() {
        var path = TestScene.rect(10, 10, 40, 40)
        path.addPolygon([Point(20, 20), Point(20, 40), Point(40, 40), Point(40, 20)], closed: true)
        let pixmap = TestScene.render([TestScene.fill(path)])
        XCTAssertEqual(TestScene.alpha(pixmap, 30, 30), 0)
        XCTAssertEqual(TestScene.alpha(pixmap, 15, 15), 255)
    }

    func testCoincidentSquaresCountTheirWindingOnce() {
        // Two coincident squares with a half-pixel edge: winding 2 inside. Even-odd leaves
        // it all empty, the edge pixel too (its halves have windings 0 and 2); non-zero
        // covers the inside, and the edge pixel's right half only.
        var path = TestScene.rect(10.5, 10, 20, 20)
        path.append(TestScene.rect(10.5, 10, 20, 20))
        let evenOdd = TestScene.render([TestScene.fill(path, rule: .evenOdd)])
        XCTAssertEqual(TestScene.alpha(evenOdd, 20, 20), 0)
        XCTAssertEqual(TestScene.alpha(evenOdd, 10, 20), 0)
        XCTAssertEqual(TestScene.coveredArea(evenOdd), 0)
        let nonZero = TestScene.render([TestScene.fill(path, rule: .nonZero)])
        XCTAssertTrue([127, 128].contains(TestScene.alpha(nonZero, 10, 20)))
        XCTAssertEqual(TestScene.alpha(nonZero, 20, 20), 255)
        XCTAssertEqual(TestScene.coveredArea(nonZero), 400, accuracy: 0.5)
    }

    func testShapesCrossingTheCanvasEdgesAreClipped() {
        // Extends past the left, top and bottom: the visible part is fully covered.
        let pixmap = TestScene.render([TestScene.fill(TestScene.rect(-50, -20, 80.5, 200))],
                                      width: 64, height: 64)
        XCTAssertEqual(TestScene.alpha(pixmap, 0, 0), 255)
        XCTAssertEqual(TestScene.alpha(pixmap, 29, 63), 255)
        XCTAssertEqual(TestScene.alpha(pixmap, 30, 10), 128)
        XCTAssertEqual(TestScene.alpha(pixmap, 31, 10), 0)
        XCTAssertEqual(TestScene.coveredArea(pixmap), 30.5 * 64, accuracy: 0.5)
        // A triangle whose slanted edge crosses x = 0 keeps the right area.
        var tri = Path()
        tri.addPolygon([Point(-40, 0), Point(40, 0), Point(-40, 80)], closed: true)
        let area = TestScene.coveredArea(TestScene.render([TestScene.fill(tri)], width: 64, height: 64))
        XCTAssertEqual(area, 40 * 40 / 2, accuracy: 0.5)
    }

    func testDiagonalEdgeCoverage() {
        // Triangle (0,0) (16,0) (0,16): a diagonal through pixel corners halves those pixels.
        var tri = Path()
        tri.addPolygon([Point(0, 0), Point(16, 0), Point(0, 16)], closed: true)
        let pixmap = TestScene.render([TestScene.fill(tri)], width: 32, height: 32)
        XCTAssertEqual(TestScene.coveredArea(pixmap), 128, accuracy: 0.1)
        XCTAssertTrue(abs(TestScene.alpha(pixmap, 15, 0) - 128) <= 1)
        XCTAssertEqual(TestScene.alpha(pixmap, 14, 0), 255)
        XCTAssertEqual(TestScene.alpha(pixmap, 15, 1), 0)
    }

    func testOpenSubpathsAreClosedForFilling() {
        var open = Path()
        open.addPolygon([Point(10, 10), Point(30, 10), Point(30, 30), Point(10, 30)], closed: false)
        XCTAssertEqual(TestScene.area(of: open), 400)
    }

    func testTinyShapeGetsFractionalCoverage() {
        let pixmap = TestScene.render([TestScene.fill(TestScene.rect(5.25, 5.25, 0.5, 0.5))], width: 16, height: 16)
        XCTAssertTrue(abs(TestScene.alpha(pixmap, 5, 5) - 64) <= 1)
        XCTAssertEqual(TestScene.coveredArea(pixmap), 0.25, accuracy: 0.01)
    }
}
