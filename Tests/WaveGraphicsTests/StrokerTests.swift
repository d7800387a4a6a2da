import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

final class StrokerTests: XCTestCase {
    private func strokeArea(_ path: Path, _ style: StrokeStyle, size: Int = 128) -> Double {
        TestScene.area(of: path.stroked(style), width: size, height: size)
    }

    private func render(_ path: Path, _ style: StrokeStyle) -> Pixmap {
        TestScene.render([TestScene.fill(path.stroked(style))])
    }

    private let horizontal = Path([.move(Point(10, 20)), .line(Point(90, 20))])
    private let corner = Path([.move(Point(10, 20)), .line(Point(50, 20)), .line(Point(50, 60))])

    func testButtCapLineCoversExactRectangle() {
        let pixmap = render(horizontal, StrokeStyle(width: 4))
        XCTAssertEqual(TestScene.coveredArea(pixmap), 80 * 4)
        XCTAssertEqual(TestScene.alpha(pixmap, 10, 18), 255)
        XCTAssertEqual(TestScene.alpha(pixmap, 89, 21), 255)
        XCTAssertEqual(TestScene.alpha(pixmap, 9, 20), 0)
        XCTAssertEqual(TestScene.alpha(pixmap, 90, 20), 0)
        XCTAssertEqual(TestScene.alpha(pixmap, 50, 22), 0)
    }

    func testSquareCapsExtendHalfWidthEachEnd() {
        let pixmap = render(horizontal, StrokeStyle(width: 4, cap: .square))
        XCTAssertEqual(TestScene.coveredArea(pixmap), 84 * 4)
        XCTAssertEqual(TestScene.alpha(pixmap, 8, 20), 255)
        XCTAssertEqual(TestScene.alpha(pixmap, 91, 20), 255)
        XCTAssertEqual(TestScene.alpha(pixmap, 92, 20), 0)
    }

    func testRoundCapsAddHalfDiscs() {
        let area = strokeArea(horizontal, StrokeStyle(width: 4, cap: .round))
        let expected = 80 * 4 + Double.pi * 4
        XCTAssertEqual(area - 320, Double.pi * 4, accuracy: Double.pi * 4 * 0.05)
        XCTAssertEqual(area, expected, accuracy: expected * 0.01)
        let wide = strokeArea(horizontal, StrokeStyle(width: 16, cap: .round))
        XCTAssertEqual(wide, 80 * 16 + Double.pi * 64, accuracy: Double.pi * 64 * 0.02)
    }

    func testMiterJoinFillsCornerSquareBevelHalfRoundQuarterDisc() {
        // Two 40 px arms, width 4: union of the arms is 316, the outer corner square is 4.
        let miter = render(corner, StrokeStyle(width: 4, join: .miter))
        XCTAssertEqual(TestScene.coveredArea(miter), 320)
        XCTAssertEqual(TestScene.alpha(miter, 51, 18), 255)
        let bevel = render(corner, StrokeStyle(width: 4, join: .bevel))
        XCTAssertEqual(TestScene.coveredArea(bevel), 318, accuracy: 0.02)
        // The bevel diagonal runs from (50, 18) to (52, 20): it halves pixels (50, 18) and (51, 19).
        XCTAssertTrue(abs(TestScene.alpha(bevel, 50, 18) - 128) <= 1)
        XCTAssertTrue(abs(TestScene.alpha(bevel, 51, 19) - 128) <= 1)
        XCTAssertEqual(TestScene.alpha(bevel, 51, 18), 0)
        let round = strokeArea(corner, StrokeStyle(width: 4, join: .round))
        XCTAssertEqual(round, 316 + Double.pi, accuracy: 0.05)
    }

    func testMiterLimitTurnsSharpMiterIntoBevel() {
        // Interior angle 10°: miter ratio 1 / sin(5°) ≈ 11.5.
        let p = Point(100, 60)
        let back = Point(p.x - 80 * cos(10 * Double.pi / 180), p.y - 80 * sin(10 * Double.pi / 180))
        let path = Path([.move(Point(20, 60)), .line(p), .line(back)])
        let limited = strokeArea(path, StrokeStyle(width: 6, join: .miter, miterLimit: 10))
        let bevel = strokeArea(path, StrokeStyle(width: 6, join: .bevel))
        let unlimited = strokeArea(path, StrokeStyle(width: 6, join: .miter, miterLimit: 12))
        XCTAssertEqual(limited, bevel)
        // The miter adds a kite beyond the bevel: (h·w/2)(tan(85°) − …) ≈ 77 px² of which the
        // bevel triangle is a part; it must clearly exceed the bevel.
        XCTAssertGreaterThan(unlimited, bevel + 40)
    }

    /// The outline's points (every element's end point).
    private func outlinePoints(_ outline: Path) -> [Point] {
        outline.elements.compactMap { element -> Point? in
            switch element {
            case .move(let p), .line(let p): return p
            default: return nil
            }
        }
    }

    func testMiterAfterACurveTurnsWithTheCurvesOwnTangent() {
        // The quad arrives at (7, 40) along its last control leg, (−11, 1); the line leaves
        // along (13, −4). Interior angle 11.9°: miter ratio 1 / sin(5.96°) = 9.64, under the
        // limit of 10, so Chromium, cairo and rlottie draw the miter. The last chord of the
        // flattened quad turns further, which made the join a bevel.
        let corner = Point(7, 40)
        let path = Path([.move(Point(17, 21)), .quad(Point(18, 39), corner), .line(Point(20, 36))])
        let t1 = Point(-11, 1) * (1 / Point(-11, 1).length), t2 = Point(13, -4) * (1 / Point(13, -4).length)
        let interior = acos((t1 * -1).dot(t2))
        let bisector = (t1 - t2) * (1 / (t1 - t2).length)
        let tip = corner + bisector * (2.5 / sin(interior / 2))
        XCTAssertEqual(1 / sin(interior / 2), 9.64, accuracy: 0.01)
        // Whole, trimmed around the corner, and inside one dash: the same tip.
        for style in [StrokeStyle(width: 5), StrokeStyle(width: 5, trimStart: 0.3, trimEnd: 0.9),
                      StrokeStyle(width: 5, dashes: [30, 2], dashPhase: 10)] {
            let outline = path.stroked(style)
            let nearest = outlinePoints(outline).map { $0.distance(to: tip) }.min() ?? .infinity
            XCTAssertLessThan(nearest, 1e-9, "the miter tip at \(tip), \(style)")
            XCTAssertEqual(outline.bounds?.minX ?? 0, tip.x, accuracy: 1e-9)
        }
        // Over the limit it is a bevel: nothing reaches past the offset points.
        let bevelled = path.stroked(StrokeStyle(width: 5, join: .miter, miterLimit: 9))
        XCTAssertGreaterThan(bevelled.bounds?.minX ?? 0, corner.x - 2.5)
    }

    func testCapsAtACurvesEndsAreSquareToItsTangent() {
        // A wide butt-capped arch: each cap is the segment p ± n·w/2, n normal to the curve's
        // tangent at p (along the control legs), not to the last chord of its flattening.
        let start = Point(20, 60), control = Point(60, 0), end = Point(100, 60)
        let path = Path([.move(start), .quad(control, end)])
        let outline = path.stroked(StrokeStyle(width: 12))
        let points = outlinePoints(outline)
        for (p, leg) in [(start, control - start), (end, end - control)] {
            let n = Point(-leg.y, leg.x) * (6 / leg.length)
            for corner in [p + n, p - n] {
                let nearest = points.map { $0.distance(to: corner) }.min() ?? .infinity
                XCTAssertLessThan(nearest, 1e-9, "cap corner \(corner)")
            }
        }
    }

    func testClosedRectStrokeHasNoCapsAndJoinsAtStart() {
        let area = strokeArea(TestScene.rect(20, 20, 40, 40), StrokeStyle(width: 4, cap: .round, join: .miter))
        XCTAssertEqual(area, 44 * 44 - 36 * 36)
        let open = Path([.move(Point(20, 20)), .line(Point(60, 20)), .line(Point(60, 60)),
                         .line(Point(20, 60)), .line(Point(20, 20))])
        let openArea = strokeArea(open, StrokeStyle(width: 4, cap: .butt, join: .miter))
        XCTAssertEqual(openArea, 44 * 44 - 36 * 36 - 4, "open path: no join at the start corner")
    }

    func testCircleStrokeArea() {
        var circle = Path()
        circle.addCircle(center: Point(64.3, 63.6), radius: 40)
        let area = strokeArea(circle, StrokeStyle(width: 3))
        let expected = Double.pi * (41.5 * 41.5 - 38.5 * 38.5)
        XCTAssertEqual(area, expected, accuracy: expected * 0.01)
    }

    func testZeroLengthSegmentsAndDegenerateSubpaths() {
        let dup = Path([.move(Point(10, 20)), .line(Point(10, 20)), .line(Point(50, 20)), .line(Point(50, 20)),
                        .line(Point(90, 20))])
        XCTAssertEqual(strokeArea(dup, StrokeStyle(width: 4, join: .miter)), 320)
        let dot = Path([.move(Point(40, 40)), .line(Point(40, 40))])
        XCTAssertEqual(strokeArea(dot, StrokeStyle(width: 10, cap: .round)), Double.pi * 25, accuracy: 0.8)
        XCTAssertEqual(strokeArea(dot, StrokeStyle(width: 10, cap: .square)), 100, accuracy: 1e-9)
        XCTAssertEqual(strokeArea(dot, StrokeStyle(width: 10, cap: .butt)), 0)
        let closedDot = Path([.move(Point(40, 40)), .close])
        XCTAssertEqual(strokeArea(closedDot, StrokeStyle(width: 10, cap: .square)), 100, accuracy: 1e-9)
        XCTAssertTrue(Path([.move(Point(40, 40))]).stroked(StrokeStyle(width: 10, cap: .round)).isEmpty)
        XCTAssertTrue(horizontal.stroked(StrokeStyle(width: 0)).isEmpty)
        XCTAssertTrue(horizontal.stroked(StrokeStyle(width: .nan)).isEmpty)
    }

    func testCollinearPointsAndUTurn() {
        let straight = Path([.move(Point(10, 20)), .line(Point(30, 20)), .line(Point(60, 20)), .line(Point(90, 20))])
        for join in [LineJoin.miter, .round, .bevel] {
            XCTAssertEqual(strokeArea(straight, StrokeStyle(width: 4, join: join)), 320)
        }
        let uTurn = Path([.move(Point(10, 20)), .line(Point(60, 20)), .line(Point(30, 20))])
        XCTAssertEqual(strokeArea(uTurn, StrokeStyle(width: 4, join: .miter)), 200)
        XCTAssertEqual(strokeArea(uTurn, StrokeStyle(width: 4, join: .round)), 200 + 2 * Double.pi, accuracy: 0.1)
    }

    func testOutlineWindingIsNeverNegative() {
        var path = Path()
        path.addCircle(center: Point(50, 50), radius: 30)
        path.addPolygon([Point(5, 5), Point(100, 8), Point(7, 90), Point(60, 60)], closed: false)
        let outline = path.stroked(StrokeStyle(width: 5, cap: .round, join: .round)).flattened(tolerance: 0.1)
        for y in stride(from: 0.25, to: 110, by: 1.5) {
            for x in stride(from: 0.25, to: 110, by: 1.5) {
                XCTAssertGreaterThanOrEqual(StrokeOracle.winding(of: Point(x, y), in: outline), 0, "at \(x), \(y)")
            }
        }
    }

    func testTranslucentStrokeDoesNotDoubleBlendWhereItsPiecesOverlap() {
        var wave = Path()
        wave.move(to: Point(4, 64))
        for i in 1...60 { wave.line(to: Point(4 + Double(i) * 2, 64 + 25 * sin(Double(i) * 0.4))) }
        let item = TestScene.fill(wave.stroked(StrokeStyle(width: 9, cap: .round, join: .round)),
                                  Color(r: 0, g: 0, b: 0, a: 0.5))
        let pixmap = TestScene.render([item])
        var maxAlpha = 0
        for y in 0..<128 { for x in 0..<128 { maxAlpha = max(maxAlpha, TestScene.alpha(pixmap, x, y)) } }
        XCTAssertEqual(maxAlpha, 128)
        XCTAssertEqual(TestScene.alpha(render(corner, StrokeStyle(width: 4)), 49, 21), 255)
    }

    func testHairlinePolicy() {
        let (thin, factor) = StrokeStyle.hairline(StrokeStyle(width: 0.25, cap: .round))
        XCTAssertEqual(thin.width, 1)
        XCTAssertEqual(thin.cap, .round)
        XCTAssertEqual(factor, 0.25)
        XCTAssertEqual(StrokeStyle.hairline(StrokeStyle(width: 3)).opacityFactor, 1)
        XCTAssertEqual(StrokeStyle.hairline(StrokeStyle(width: -1)).opacityFactor, 0)
        // Sub-pixel strokes still produce visible, proportional coverage.
        let hair = TestScene.render([TestScene.fill(horizontal.stroked(StrokeStyle(width: 0.3)))])
        XCTAssertEqual(TestScene.coveredArea(hair), 80 * 0.3, accuracy: 0.3)
        XCTAssertGreaterThan(TestScene.alpha(hair, 50, 19) + TestScene.alpha(hair, 50, 20), 60)
    }
}
