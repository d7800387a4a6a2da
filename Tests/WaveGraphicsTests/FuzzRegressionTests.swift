import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// Inputs the fuzzers found, kept as tests.
final class FuzzRegressionTests: XCTestCase {
    /// FuzzRuntime crash-c6cbf370: paper-plane's route with a control point at 2^63 − 1 (a
    /// motion path along it) trapped converting the curve's sample count to Int.
    func testACurveWithHugeControlPointsIsMeasuredWithoutTrapping() {
        var path = Path()
        path.move(to: Point(160, 100))
        path.cubic(to: Point(160, 100), control1: Point(40, 160), control2: Point(120, 9_223_372_036_854_775_807))
        path.cubic(to: Point(40, 4_294_967_296), control1: Point(120, 40), control2: Point(40, 40))
        let measure = PathMeasure(path)
        XCTAssertEqual(measure.segmentCount, 2)
        XCTAssertEqual(PathMeasure.sampleCount(.init(degree: 3, p0: Point(0, 0), p1: Point(0, 1e300), p2: Point(1, 1), p3: Point(2, 2))), 1024)
    }

    /// FuzzRaster crash-1188b893: a segment whose length overflows to infinity has a NaN
    /// direction, and a round join there trapped converting its NaN angle to a step count.
    func testARoundJoinAfterAnOverflowingSegmentDoesNotTrap() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(1e308, 0))
        path.line(to: Point(-1e308, 1))
        path.line(to: Point(5, 5))
        for join in [LineJoin.round, .miter, .bevel] {
            let outline = path.stroked(StrokeStyle(width: 2, cap: .round, join: join), tolerance: 0.1)
            for element in outline.elements {
                if case .line(let p) = element { XCTAssertTrue(p.isFinite, "\(join)") }
            }
        }
    }

    /// FuzzRaster timeout-8146fabf: a huge width with round caps on thousands of dashes
    /// built hundreds of millions of points. The outline now has a size budget.
    func testWideRoundCappedDashesStayWithinTheOutlineBudget() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(20_000, 0))
        let style = StrokeStyle(width: 10_000, cap: .round, join: .round, dashes: [1, 1])
        let outline = path.stroked(style, tolerance: 0.1)
        XCTAssertGreaterThan(outline.elements.count, 1000)
        XCTAssertLessThanOrEqual(outline.elements.count, Stroker.maxOutputElements)
    }
}
