import Foundation
import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// One golden image per geometry feature (fill rules, caps, joins, miter limit, dashes,
/// hairlines), each also checked against its computed covered area.
final class GoldenGeometryTests: XCTestCase {
    private let ink = Color(r: 0.1, g: 0.2, b: 0.5)

    /// Renders `items` on a transparent 48 × 48 canvas, compares with golden `name` and returns
    /// the pixmap for the computed checks.
    private func golden(_ name: String, _ items: [DisplayItem], file: StaticString = #filePath,
                        line: UInt = #line) -> Pixmap {
        let pixmap = TestScene.render(items, width: 48, height: 48)
        assertGolden(pixmap, name, file: file, line: line)
        return pixmap
    }

    private func stroke(_ path: Path, _ style: StrokeStyle, opacity: Double = 1) -> DisplayItem {
        TestScene.fill(path.stroked(style), ink, opacity: opacity)
    }

    /// Σ alpha / 255 over the pixel columns `columns`.
    private func area(_ p: Pixmap, columns: Range<Int>) -> Double {
        var sum = 0
        for y in 0..<p.height { for x in columns { sum += Int(p.pixel(x, y).a) } }
        return Double(sum) / 255
    }

    // MARK: - Fill rules

    /// A pentagram (circumradius R, inner pentagon circumradius r = R·cos 72° / cos 36°):
    /// the star covers 5·R·r·sin 36°, its centre pentagon (winding 2) 5/2·r²·sin 72°.
    /// The five pixels at the star's inner corners mix windings 0, 1 and 2, which area
    /// accumulation cannot tell apart from a uniform winding 1 (up to ~0.1 px too much each
    /// with non-zero, ~0.3 px with even-odd), hence the tolerances below.
    private let starRadius = 20.0
    private var innerRadius: Double { starRadius * cos(.pi * 2 / 5) / cos(.pi / 5) }

    private var star: Path {
        var p = Path()
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            let point = Point(24 + starRadius * cos(a), 24 + starRadius * sin(a))
            if k == 0 { p.move(to: point) } else { p.line(to: point) }
        }
        p.close()
        return p
    }

    func testNonZeroFillsTheStarCentre() {
        let p = golden("fill-nonzero", [TestScene.fill(star, ink, rule: .nonZero)])
        let starArea = 5 * starRadius * innerRadius * sin(.pi / 5)
        XCTAssertEqual(TestScene.coveredArea(p), starArea, accuracy: 0.8)
        XCTAssertEqual(TestScene.alpha(p, 24, 24), 255)
    }

    func testEvenOddLeavesTheStarCentreEmpty() {
        let p = golden("fill-evenodd", [TestScene.fill(star, ink, rule: .evenOdd)])
        let starArea = 5 * starRadius * innerRadius * sin(.pi / 5)
        let pentagon = 2.5 * innerRadius * innerRadius * sin(2 * .pi / 5)
        XCTAssertEqual(TestScene.coveredArea(p), starArea - pentagon, accuracy: 1.6)
        XCTAssertEqual(TestScene.alpha(p, 24, 24), 0)
        XCTAssertEqual(TestScene.alpha(p, 24, 8), 255)   // a point of the star: winding 1
    }

    // MARK: - Caps

    /// A 20 px segment from (14, 24) to (34, 24), 8 px wide: the body covers 160 px.
    private let segment = Path([.move(Point(14, 24)), .line(Point(34, 24))])

    func testButtCapEndsAtTheEndPoints() {
        let p = golden("cap-butt", [stroke(segment, StrokeStyle(width: 8, cap: .butt))])
        XCTAssertEqual(TestScene.coveredArea(p), 160)
        XCTAssertEqual(TestScene.alpha(p, 13, 24), 0)
        XCTAssertEqual(TestScene.alpha(p, 14, 24), 255)
    }

    func testRoundCapAddsAHalfDiscPerEnd() {
        let p = golden("cap-round", [stroke(segment, StrokeStyle(width: 8, cap: .round))])
        // Half a disc of radius 4 (8π) per end; chords within 0.05 px lose at most ~0.5 px each.
        XCTAssertEqual(area(p, columns: 0..<24) - 80, 8 * .pi, accuracy: 0.6)
        XCTAssertEqual(area(p, columns: 24..<48) - 80, 8 * .pi, accuracy: 0.6)
        XCTAssertLessThanOrEqual(TestScene.coveredArea(p), 160 + 16 * .pi)
        XCTAssertEqual(TestScene.alpha(p, 10, 20), 0)   // the corner a square cap fills
    }

    func testSquareCapAddsHalfTheWidthSquaredPerEnd() {
        let p = golden("cap-square", [stroke(segment, StrokeStyle(width: 8, cap: .square))])
        XCTAssertEqual(area(p, columns: 0..<24) - 80, 8 * 8 / 2)
        XCTAssertEqual(area(p, columns: 24..<48) - 80, 8 * 8 / 2)
        XCTAssertEqual(TestScene.alpha(p, 10, 20), 255)
        XCTAssertEqual(TestScene.alpha(p, 9, 20), 0)
    }

    // MARK: - Joins

    /// Up from (12, 36) to (12, 12), then right to (36, 12), 8 px wide, butt caps. The two
    /// 8 × 24 bodies overlap in 4 × 4 px, so 368 px before the join; the outer corner square
    /// (8…12)² is what the joins fill: all 16 px (miter), half (bevel) or a quarter disc (round).
    private let corner = Path([.move(Point(12, 36)), .line(Point(12, 12)), .line(Point(36, 12))])

    func testMiterJoinFillsTheCornerSquare() {
        let p = golden("join-miter", [stroke(corner, StrokeStyle(width: 8, join: .miter))])
        XCTAssertEqual(TestScene.coveredArea(p), 368 + 16)
        XCTAssertEqual(TestScene.alpha(p, 8, 8), 255)
    }

    func testRoundJoinFillsAQuarterDisc() {
        let p = golden("join-round", [stroke(corner, StrokeStyle(width: 8, join: .round))])
        XCTAssertEqual(TestScene.coveredArea(p), 368 + 4 * .pi, accuracy: 0.3)
        XCTAssertEqual(TestScene.alpha(p, 8, 8), 0)
    }

    func testBevelJoinFillsHalfTheCornerSquare() {
        let p = golden("join-bevel", [stroke(corner, StrokeStyle(width: 8, join: .bevel))])
        XCTAssertEqual(TestScene.coveredArea(p), 368 + 8, accuracy: 0.02)   // 4 diagonal edge pixels round
        XCTAssertEqual(TestScene.alpha(p, 8, 8), 0)
        XCTAssertEqual(TestScene.alpha(p, 11, 11), 255)
    }

    /// A 56° apex at (24, 10): the miter ratio 1 / sin 28° ≈ 2.13 exceeds a limit of 2, so the
    /// join is bevelled; under the default limit 10 the tip adds w²·cot(θ/2) − w²·sin θ / 2.
    func testMiterOverTheLimitBecomesABevel() {
        let apex = Path([.move(Point(8, 40)), .line(Point(24, 10)), .line(Point(40, 40))])
        let limited = StrokeStyle(width: 6, join: .miter, miterLimit: 2)
        let p = golden("join-miter-limit", [stroke(apex, limited)])
        let bevel = TestScene.render([stroke(apex, StrokeStyle(width: 6, join: .bevel))], width: 48, height: 48)
        XCTAssertEqual(p, bevel)
        let mitered = TestScene.render([stroke(apex, StrokeStyle(width: 6, join: .miter))], width: 48, height: 48)
        let halfAngle = atan2(16.0, 30.0), w = 3.0
        let tip = w * w / tan(halfAngle) - w * w * sin(2 * halfAngle) / 2
        XCTAssertEqual(TestScene.coveredArea(mitered) - TestScene.coveredArea(p), tip, accuracy: 0.2)
    }

    // MARK: - Dashes and hairlines

    /// Dashes 6 on, 4 off, starting 3 into the pattern, on a 40 px line from x = 4: on over
    /// [4, 7), [11, 17), [21, 27), [31, 37), [41, 44).
    func testDashesStartAtThePhase() {
        let line = Path([.move(Point(4, 24)), .line(Point(44, 24))])
        let p = golden("dash-phase", [stroke(line, StrokeStyle(width: 4, dashes: [6, 4], dashPhase: 3))])
        let on = [4..<7, 11..<17, 21..<27, 31..<37, 41..<44]
        for x in 0..<48 {
            XCTAssertEqual(TestScene.alpha(p, x, 23), on.contains { $0.contains(x) } ? 255 : 0, "column \(x)")
        }
        XCTAssertEqual(TestScene.coveredArea(p), 24 * 4)
    }

    /// A 0.5 px line drawn with the hairline policy: 1 px wide at opacity 0.5 (alpha 128), so
    /// the ink is length · 128 / 255 and no pixel is darker than 128.
    func testHairlineKeepsItsInkAndNeverSaturates() {
        let line = Path([.move(Point(4.5, 40.5)), .line(Point(43.5, 8.5))])
        let (style, factor) = StrokeStyle.hairline(StrokeStyle(width: 0.5))
        XCTAssertEqual(style.width, 1)
        XCTAssertEqual(factor, 0.5)
        let p = golden("hairline", [stroke(line, style, opacity: factor)])
        let length = (39.0 * 39 + 32 * 32).squareRoot()
        XCTAssertEqual(TestScene.coveredArea(p), length * 128 / 255, accuracy: 0.3)
        XCTAssertLessThanOrEqual(stride(from: 3, to: p.data.count, by: 4).map { p.data[$0] }.max() ?? 0, 128)
    }
}
