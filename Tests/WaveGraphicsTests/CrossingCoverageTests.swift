import XCTest
@testable import WaveGraphics

/// Where edges of one fill cross inside a pixel, area accumulation alone counts a doubly
/// covered part twice and misses an uncovered one (up to 34/255 at a pentagram's inner
/// corners, 48 where a stick figure's strokes meet). Those rows are computed in bands
/// (`ScanConverter+Bands`): every pixel here is compared with 32×32 point sampling of the
/// polygon's winding number under the fill rule (before the bands: 20 to 100 off).
final class CrossingCoverageTests: XCTestCase {
    /// Star polygon {n/k} around (cx, cy).
    private func star(_ n: Int, _ k: Int, _ cx: Double, _ cy: Double, _ r: Double) -> [Point] {
        (0..<n).map { i in
            let a = -Double.pi / 2 + Double(i * k) * 2 * Double.pi / Double(n)
            return Point(cx + r * cos(a), cy + r * sin(a))
        }
    }

    /// Winding number of `polygon` (closed) at p: +1 for each edge going down that p is left
    /// of, −1 for each going up (the converter's convention; only its magnitude matters).
    private func winding(_ polygon: [Point], _ p: Point) -> Int {
        var w = 0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            guard a.y != b.y else { continue }
            let (lo, hi) = a.y < b.y ? (a, b) : (b, a)
            guard p.y >= lo.y && p.y < hi.y else { continue }
            let x = lo.x + (p.y - lo.y) * (hi.x - lo.x) / (hi.y - lo.y)
            if p.x < x { w += a.y < b.y ? 1 : -1 }
        }
        return w
    }

    /// Largest difference, in 1/255, between the rendered alpha and the sampled coverage.
    private func worstError(_ polygon: [Point], rule: FillRule, size: Int = 96) -> Int {
        errors(polygon, rule: rule, size: size).max() ?? 0
    }

    /// Every pixel's difference, in 1/255, between the rendered alpha and the sampled coverage.
    private func errors(_ polygon: [Point], rule: FillRule, size: Int = 96) -> [Int] {
        var path = Path()
        path.addPolygon(polygon, closed: true)
        let pixmap = TestScene.render([TestScene.fill(path, rule: rule)], width: size, height: size)
        let n = 32
        var result: [Int] = []
        for y in 0..<size {
            for x in 0..<size {
                var inside = 0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let w = winding(polygon, Point(Double(x) + (Double(sx) + 0.5) / Double(n),
                                                       Double(y) + (Double(sy) + 0.5) / Double(n)))
                        if rule == .nonZero ? w != 0 : w & 1 != 0 { inside += 1 }
                    }
                }
                let expected = Int((Double(inside) * 255 / Double(n * n)).rounded())
                result.append(abs(TestScene.alpha(pixmap, x, y) - expected))
            }
        }
        return result
    }

    func testPentagramIsExactButWhereItsInnerRegionJustEntersARow() {
        // A corner where the inner pentagon only just enters the corner's row (here the
        // lowest two, 0.36 px into theirs) does not show in the sums, and its pixel keeps
        // the accumulated value (`ScanConverter.needsBands`): 13 and 27 off, where before
        // the bands all five corners were 20 to 34 off. Everything else is exact.
        for rule in [FillRule.nonZero, .evenOdd] {
            let e = errors(star(5, 2, 48, 48, 40), rule: rule)
            XCTAssertLessThanOrEqual(e.filter { $0 > 4 }.count, 2, "\(rule)")
            XCTAssertLessThanOrEqual(e.max() ?? 0, 30, "\(rule)")
        }
    }

    func testSevenPointStarWithWindingThreeIsExact() {
        let points = star(7, 3, 47.6, 48.2, 44)
        XCTAssertLessThanOrEqual(worstError(points, rule: .nonZero), 4)
        XCTAssertLessThanOrEqual(worstError(points, rule: .evenOdd), 4)
    }

    func testOverlappingSquaresInOnePathAreExact() {
        // Two squares, the second starting inside the first at a fractional offset, joined by
        // an edge there and back (which cancels).
        let points = [Point(10, 10), Point(60, 10), Point(60, 60), Point(10, 60), Point(10, 10),
                      Point(35.3, 35.6), Point(85.3, 35.6), Point(85.3, 85.6), Point(35.3, 85.6), Point(35.3, 35.6)]
        XCTAssertLessThanOrEqual(worstError(points, rule: .nonZero), 4)
        XCTAssertLessThanOrEqual(worstError(points, rule: .evenOdd), 4)
    }

    func testShallowBowtieCrossingIsExact() {
        // Windings +1 and −1 meet where the two long edges cross at a shallow angle.
        let points = [Point(10, 48), Point(86, 53), Point(86, 43), Point(10, 51)]
        XCTAssertLessThanOrEqual(worstError(points, rule: .nonZero), 4)
    }

    func testBowtieCutByTheRightEdgeIsExact() {
        // The edges closing it lie right of the surface, where they are dropped: the row of
        // the crossing holds two edges going the same way (winding 2 beside 0).
        let points = [Point(10, 30), Point(150, 70), Point(150, 20), Point(10, 60)]
        XCTAssertLessThanOrEqual(worstError(points, rule: .nonZero), 4)
    }
}
