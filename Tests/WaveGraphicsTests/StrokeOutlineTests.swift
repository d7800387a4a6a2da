import Foundation
import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// Independent geometry for checking stroke outlines: winding numbers of polygons and the
/// distance from a point to a polyline. With round caps and joins a stroke is exactly the set
/// of points within half the width of its centre line, whatever the line does.
enum StrokeOracle {
    /// Winding number of `p` with respect to closed polygons (crossings of the ray to +x).
    static func winding(of p: Point, in polygons: [[Point]]) -> Int {
        var w = 0
        for poly in polygons where poly.count > 1 {
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if a.y <= p.y {
                    if b.y > p.y && (b - a).cross(p - a) > 0 { w += 1 }
                } else if b.y <= p.y && (b - a).cross(p - a) < 0 {
                    w -= 1
                }
            }
        }
        return w
    }

    static func distance(from p: Point, to line: [Point]) -> Double {
        var best = Double.infinity
        for i in 0..<(line.count - 1) {
            let a = line[i], d = line[i + 1] - a
            let len2 = d.dot(d)
            let t = len2 > 0 ? max(0, min(1, (p - a).dot(d) / len2)) : 0
            best = min(best, p.distance(to: a + d * t))
        }
        return best
    }

    /// A reproducible wandering polyline that crosses itself.
    static func scribble(seed: UInt64, points: Int, size: Double) -> [Point] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<points).map { _ in Point(size * (0.15 + 0.7 * next()), size * (0.15 + 0.7 * next())) }
    }
}

/// The stroker builds true outlines: one contour per open line, the exact stroked set under
/// non-zero filling even where the line crosses itself, and about as much edge as the
/// stroke's boundary really has.
final class StrokeOutlineTests: XCTestCase {
    func testRoundStrokeIsExactlyThePointsWithinHalfTheWidth() {
        for seed in 1...6 as ClosedRange<UInt64> {
            let line = StrokeOracle.scribble(seed: seed, points: 7, size: 100)
            let width = 3.0 + Double(seed) * 2
            let outline = Path(polyline: line).stroked(StrokeStyle(width: width, cap: .round, join: .round))
                .flattened(tolerance: 0.05)
            XCTAssertEqual(outline.count, 1, "one contour per open sub-path")
            var checked = 0
            for y in stride(from: 0.37, to: 100, by: 0.9) {
                for x in stride(from: 0.41, to: 100, by: 0.9) {
                    let p = Point(x, y)
                    let d = StrokeOracle.distance(from: p, to: line)
                    let w = StrokeOracle.winding(of: p, in: outline)
                    XCTAssertGreaterThanOrEqual(w, 0)
                    guard abs(d - width / 2) > 0.1 else { continue }
                    checked += 1
                    if (w != 0) != (d < width / 2) {
                        XCTFail("seed \(seed): (\(x), \(y)) at distance \(d) has winding \(w)")
                        return
                    }
                }
            }
            XCTAssertGreaterThan(checked, 10_000)
        }
    }

    /// Where the stroke crosses itself the winding is 2; those pixels must still be covered
    /// once. Every pixel is compared with 16×16 supersampling of the distance oracle. Area
    /// accumulation alone cannot tell windings 0, 1 and 2 apart inside one pixel, so pixels
    /// where winding 2 meets the outside read up to ~0.4 too much: the corners of a
    /// crossing, and the outer side of a near U-turn (22 of 192 edge pixels here differed by
    /// more than 0.1, all on the high side). Rows whose sums show the winding 2 are now
    /// computed in bands (`CrossingCoverageTests`); these bounds are from before and still
    /// hold, as a guard for the rows the sums do not flag.
    func testSelfCrossingStrokeCoverageMatchesSupersampling() {
        let line = StrokeOracle.scribble(seed: 42, points: 9, size: 64)
        let width = 7.0
        let path = Path(polyline: line)
        let pixmap = TestScene.render([TestScene.fill(path.stroked(StrokeStyle(width: width, cap: .round, join: .round)))],
                                      width: 64, height: 64)
        var worst = 0.0, total = 0.0, edgePixels = 0, off = 0
        for y in 0..<64 {
            for x in 0..<64 {
                var inside = 0
                for sy in 0..<16 {
                    for sx in 0..<16 {
                        let p = Point(Double(x) + (Double(sx) + 0.5) / 16, Double(y) + (Double(sy) + 0.5) / 16)
                        if StrokeOracle.distance(from: p, to: line) <= width / 2 { inside += 1 }
                    }
                }
                let alpha = TestScene.alpha(pixmap, x, y)
                if inside == 256 { XCTAssertGreaterThanOrEqual(alpha, 250, "(\(x), \(y)) is inside the stroke") }
                if inside == 0 { XCTAssertLessThanOrEqual(alpha, 16, "(\(x), \(y)) is outside the stroke") }
                let signed = Double(alpha) / 255 - Double(inside) / 256
                XCTAssertGreaterThan(signed, -0.1, "(\(x), \(y)) is under-covered")
                let diff = abs(signed)
                if inside > 0 && inside < 256 { edgePixels += 1 }
                if diff > 0.1 { off += 1 }
                worst = max(worst, diff)
                total += diff
            }
        }
        XCTAssertLessThan(worst, 0.4)
        XCTAssertLessThan(Double(off), Double(edgePixels) * 0.15, "\(off) of \(edgePixels) edge pixels differ by > 0.1")
        XCTAssertLessThan(total / (64 * 64), 0.01)
    }

    /// A union of pieces would add a width-long side per segment and two per join; a true
    /// outline of a closed ring is just its two offset loops: 2π(r + w/2) + 2π(r − w/2).
    func testRingOutlineIsJustTwoOffsetLoops() {
        var circle = Path()
        circle.addCircle(center: Point(60, 60), radius: 40)
        let loops = circle.stroked(StrokeStyle(width: 6)).flattened(tolerance: 0.1)
        XCTAssertEqual(loops.count, 2)
        var length = 0.0
        for loop in loops { for i in 0..<(loop.count - 1) { length += loop[i].distance(to: loop[i + 1]) } }
        XCTAssertEqual(length, 4 * Double.pi * 40, accuracy: 4 * Double.pi * 40 * 0.002)
    }

    func testSharpInnerCornerIsCutAtTheOffsetLinesCrossing() {
        // A 90° corner, 10 wide: the inner boundary meets at (45, 25), no detour to (50, 20).
        let corner = Path([.move(Point(10, 20)), .line(Point(50, 20)), .line(Point(50, 60))])
        let outline = corner.stroked(StrokeStyle(width: 10, join: .miter)).flattened(tolerance: 0.1)
        XCTAssertEqual(outline.count, 1)
        XCTAssertTrue(outline[0].contains(Point(45, 25)))
        XCTAssertFalse(outline[0].contains(Point(50, 20)))
        XCTAssertTrue(outline[0].contains(Point(55, 15)))   // the miter tip
    }
}

extension Path {
    init(polyline: [Point]) {
        self.init()
        move(to: polyline[0])
        for p in polyline.dropFirst() { line(to: p) }
    }
}
