import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

final class FlattenerTests: XCTestCase {
    /// Distance from `p` to segment ab.
    private func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let len2 = ab.dot(ab)
        let t = len2 > 0 ? min(max(ap.dot(ab) / len2, 0), 1) : 0
        return (a + ab * t).distance(to: p)
    }

    func testCircleFlatteningStaysWithinTolerance() {
        for (r, tol) in [(100.0, 0.1), (37.0, 0.25), (5.0, 0.05)] {
            var path = Path()
            path.addCircle(center: Point(3, -7), radius: r)
            let lines = path.flattened(tolerance: tol)
            XCTAssertEqual(lines.count, 1)
            let pts = lines[0]
            XCTAssertEqual(pts.first, pts.last, "closed sub-path repeats its start")
            var worst = 0.0
            for i in 0..<(pts.count - 1) {
                let a = pts[i], b = pts[i + 1]
                for k in 0...4 {   // vertices and points along each chord
                    let q = a.lerp(b, Double(k) / 4)
                    worst = max(worst, abs(q.distance(to: Point(3, -7)) - r))
                }
            }
            XCTAssertLessThanOrEqual(worst, tol, "r \(r) tol \(tol)")
            XCTAssertGreaterThan(worst, tol / 20, "not absurdly over-subdivided")
        }
    }

    func testEveryCurvePointIsNearThePolyline() {
        let p0 = Point(0, 0), c1 = Point(30, 80), c2 = Point(90, -60), p3 = Point(120, 10)
        let path = Path([.move(p0), .cubic(c1, c2, p3)])
        let tol = 0.1
        let pts = path.flattened(tolerance: tol)[0]
        for k in 0...2000 {
            let t = Double(k) / 2000, u = 1 - t
            let b = p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p3 * (t * t * t)
            var best = Double.infinity
            for i in 0..<(pts.count - 1) { best = min(best, distance(b, pts[i], pts[i + 1])) }
            XCTAssertLessThanOrEqual(best, tol)
        }
    }

    func testQuadraticIsFlattenedAndLinesPassThrough() {
        let path = Path([.move(Point(0, 0)), .line(Point(10, 0)), .quad(Point(20, 20), Point(30, 0))])
        let pts = path.flattened(tolerance: 0.1)[0]
        XCTAssertEqual(pts[0], Point(0, 0))
        XCTAssertEqual(pts[1], Point(10, 0))
        XCTAssertEqual(pts.last, Point(30, 0))
        XCTAssertGreaterThan(pts.count, 6)
    }

    func testSubpathSplittingAndDegenerateInput() {
        var path = Path()
        path.move(to: Point(1, 1))                  // lone move: no polyline
        path.move(to: Point(0, 0))
        path.line(to: Point(5, 0))
        path.close()
        path.line(to: Point(0, 9))                  // after close: starts at (0, 0)
        path.move(to: Point(.nan, 0))
        path.line(to: Point(3, 3))                  // non-finite sub-path dropped
        let lines = path.flattened(tolerance: 0.1)
        XCTAssertEqual(lines, [[Point(0, 0), Point(5, 0), Point(0, 0)], [Point(0, 0), Point(0, 9)]])
        let huge = Path([.move(Point(0, 0)), .cubic(Point(1e300, 0), Point(-1e300, 1e300), Point(1, 1))])
        XCTAssertLessThanOrEqual(huge.flattened(tolerance: 0.1)[0].count, Flattener.maxSegments + 1)
        XCTAssertEqual(Path([.move(Point(0, 0)), .line(Point(1, 0))]).flattened(tolerance: .nan).count, 1)
    }

    func testBalancedFlatteningKeepsAreaAndTolerance() {
        var path = Path()
        path.addCircle(center: Point(0, 0), radius: 7.3)
        let subs = Flattener.subpaths(of: path, tolerance: 0.1, balanced: true)
        let pts = subs[0].points
        var twiceArea = 0.0
        for i in 0..<pts.count { twiceArea += pts[i].cross(pts[(i + 1) % pts.count]) }
        XCTAssertEqual(abs(twiceArea) / 2, Double.pi * 7.3 * 7.3, accuracy: Double.pi * 7.3 * 7.3 * 0.002)
        for p in pts { XCTAssertLessThanOrEqual(abs(p.length - 7.3), 0.1) }
    }
}
