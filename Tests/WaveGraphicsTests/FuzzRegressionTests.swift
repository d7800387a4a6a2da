import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// Inputs the fuzzers found, kept as tests.
final class FuzzRegressionTests: XCTestCase {
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
