import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

final class DasherTests: XCTestCase {
    private let line = Path([.move(Point(10, 20)), .line(Point(110, 20))])

    /// Runs of covered pixels along row 20 (as [start, end) columns).
    private func runs(_ pixmap: Pixmap) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for x in 0...pixmap.width {
            let on = x < pixmap.width && TestScene.alpha(pixmap, x, 20) > 0
            if on, start == nil { start = x }
            if !on, let s = start { result.append(s..<x); start = nil }
        }
        return result
    }

    private func render(_ style: StrokeStyle, _ path: Path? = nil) -> Pixmap {
        TestScene.render([TestScene.fill((path ?? line).stroked(style))])
    }

    func testTenFiveGivesSevenDashes() {
        let pixmap = render(StrokeStyle(width: 4, dashes: [10, 5]))
        XCTAssertEqual(runs(pixmap), [10..<20, 25..<35, 40..<50, 55..<65, 70..<80, 85..<95, 100..<110])
        XCTAssertEqual(TestScene.coveredArea(pixmap), 7 * 10 * 4)
    }

    func testPhaseShiftsThePattern() {
        let pixmap = render(StrokeStyle(width: 4, dashes: [10, 5], dashPhase: 5))
        XCTAssertEqual(runs(pixmap), [10..<15, 20..<30, 35..<45, 50..<60, 65..<75, 80..<90, 95..<105])
        XCTAssertEqual(TestScene.coveredArea(pixmap), (5 + 6 * 10) * 4)
        let negative = render(StrokeStyle(width: 4, dashes: [10, 5], dashPhase: -10))
        XCTAssertEqual(runs(negative).first, 10..<15)   // −10 ≡ 5 (mod 15)
    }

    func testOddCountRepeatsAndBadPatternsAreSolid() {
        // [10] → [10, 10].
        XCTAssertEqual(runs(render(StrokeStyle(width: 4, dashes: [10]))),
                       [10..<20, 30..<40, 50..<60, 70..<80, 90..<100])
        // [5, 5, 10] → [5, 5, 10, 5, 5, 10].
        XCTAssertEqual(runs(render(StrokeStyle(width: 4, dashes: [5, 5, 10]))).prefix(3),
                       [10..<15, 20..<30, 35..<40])
        for bad in [[0.0, 0.0], [10, -5], [Double.nan, 5], []] {
            XCTAssertEqual(runs(render(StrokeStyle(width: 4, dashes: bad))), [10..<110], "\(bad)")
        }
        // Absurdly fine patterns are drawn solid rather than as millions of dashes.
        XCTAssertEqual(runs(render(StrokeStyle(width: 4, dashes: [1e-6, 1e-6]))), [10..<110])
    }

    func testDashesKeepCapsAndJoins() {
        let capped = render(StrokeStyle(width: 4, cap: .square, dashes: [10, 10]))
        XCTAssertEqual(runs(capped), [8..<22, 28..<42, 48..<62, 68..<82, 88..<102])
        // A dash running through a corner is joined (miter fills the corner square).
        let corner = Path([.move(Point(10, 20)), .line(Point(50, 20)), .line(Point(50, 60))])
        let joined = TestScene.render([TestScene.fill(corner.stroked(StrokeStyle(width: 4, dashes: [45, 10])))])
        XCTAssertEqual(TestScene.alpha(joined, 51, 18), 255)
        // Zero-length dashes with round caps become dots.
        let dots = render(StrokeStyle(width: 4, cap: .round, dashes: [0, 20]))
        XCTAssertEqual(TestScene.coveredArea(dots), 5 * Double.pi * 4, accuracy: 1)
    }

    func testClosedPathMergesDashThroughStart() {
        // Square perimeter 160, pattern 30 on 5 off: the dash starting at 140 runs on through
        // the start corner into the first dash (0…30), so 5 dashes become 4 and the start
        // corner gets a miter join.
        let square = TestScene.rect(20, 20, 40, 40)
        let pattern = DashPattern(dashes: [30, 5], phase: 0)
        guard let pattern else { return XCTFail("pattern") }
        let sub = Flattener.subpaths(of: square, tolerance: 0.1)[0]
        let dashes = Dasher.dash(StrokeLine(sub), pattern)
        XCTAssertEqual(dashes.count, 4)
        XCTAssertEqual(dashes[0].points, [Point(20, 40), Point(20, 20), Point(50, 20)])
        XCTAssertEqual(dashes[0].corners[1], true)
        let pixmap = TestScene.render([TestScene.fill(square.stroked(StrokeStyle(width: 4, dashes: [30, 5])))])
        XCTAssertEqual(TestScene.alpha(pixmap, 18, 18), 255, "start corner is mitered")
        // Always-on pattern on a closed path keeps it closed (no caps, all joins).
        let long = TestScene.coveredArea(TestScene.render([TestScene.fill(
            square.stroked(StrokeStyle(width: 4, dashes: [500, 10])))]))
        XCTAssertEqual(long, 44 * 44 - 36 * 36)
    }
}
