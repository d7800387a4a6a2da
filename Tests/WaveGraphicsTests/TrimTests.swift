import Foundation
import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// Trimming a stroke to [start·L, end·L] of its total length (Core Animation's strokeStart /
/// strokeEnd), measured by the ink it leaves: a butt-capped stroke of width w over a smooth
/// centre line of length l covers exactly w·l (the offset sides' extra and missing area at
/// each vertex cancel), so coverage / w is the drawn length.
final class TrimTests: XCTestCase {
    let width = 4.0

    func drawnLength(_ path: Path, start: Double = 0, end: Double, cap: LineCap = .butt,
                     dashes: [Double] = [], size: Int = 200) -> Double {
        let style = StrokeStyle(width: width, cap: cap, join: .round, dashes: dashes, trimStart: start, trimEnd: end)
        let outline = path.stroked(style, tolerance: 0.1)
        let pixmap = TestScene.render([TestScene.fill(outline)], width: size, height: size)
        return TestScene.coveredArea(pixmap) / width
    }

    func testPathLengthMatchesTheAnalyticLengths() {
        let circle = TestScene.circle(100, 100, 40)
        // The 4-cubic circle is within 2.7e-4·r of the true one and 1.3e-4 longer.
        XCTAssertEqual(circle.length(), 2 * Double.pi * 40, accuracy: 2 * Double.pi * 40 * 2e-4)
        XCTAssertEqual(TestScene.rect(10, 20, 70, 30).length(), 200, accuracy: 1e-9)
        var rounded = Path()
        rounded.addRect(Rect(x: 10, y: 10, width: 120, height: 60), cornerRadius: 15)
        let expected = 2 * (120 + 60) - 8 * 15 + 2 * Double.pi * 15
        XCTAssertEqual(rounded.length(), expected, accuracy: expected * 2e-4)
        var open = Path()
        open.move(to: Point(0, 0)); open.line(to: Point(30, 40)); open.line(to: Point(30, 0))
        XCTAssertEqual(open.length(), 90, accuracy: 1e-9, "an open sub-path has no closing side")
        open.append(TestScene.circle(50, 50, 10))
        XCTAssertEqual(open.length(), 90 + 20 * Double.pi, accuracy: 0.01, "sub-paths add up")
        var dot = Path()
        dot.move(to: Point(5, 5))
        XCTAssertEqual(dot.length(), 0)
    }

    func testStrokeEndDrawsThatFractionOfACircle() {
        let circle = TestScene.circle(100, 100, 60)
        let length = 2 * Double.pi * 60
        for end in [0.1, 0.25, 0.5, 0.8, 1.0] {
            XCTAssertEqual(drawnLength(circle, end: end), end * length, accuracy: 0.5 + 0.002 * length, "end \(end)")
        }
    }

    func testTrimmedCircleStartsAtThreeOClockAndRunsClockwise() {
        let circle = TestScene.circle(100, 100, 60)
        let outline = circle.stroked(StrokeStyle(width: width, trimEnd: 0.25), tolerance: 0.1)
        let pixmap = TestScene.render([TestScene.fill(outline)], width: 200, height: 200)
        // The first quarter runs from 3 o'clock down to 6 o'clock (y grows down).
        XCTAssertEqual(TestScene.alpha(pixmap, 100 + 42, 100 + 42), 255, "half-way between 3 and 6 o'clock")
        XCTAssertEqual(TestScene.alpha(pixmap, 100 - 42, 100 + 42), 0, "between 6 and 9 o'clock")
        XCTAssertEqual(TestScene.alpha(pixmap, 100 + 42, 100 - 42), 0, "between 12 and 3 o'clock")
    }

    /// A rect starts at its top-left corner, a rounded rect at the end of its top-left
    /// corner's curve, both running clockwise (right along the top first), as grammar.md says.
    func testRectsStartAtTheTopLeftAndRunClockwise() {
        let plain = TestScene.rect(20, 40, 160, 100)   // length 520
        let head = plain.stroked(StrokeStyle(width: 4, trimEnd: 40.0 / 520), tolerance: 0.1).bounds
        XCTAssertEqual(head?.minX ?? .nan, 20, accuracy: 1e-9)
        XCTAssertEqual(head?.maxX ?? .nan, 60, accuracy: 1e-9)
        XCTAssertEqual(head?.minY ?? .nan, 38, accuracy: 1e-9)
        XCTAssertEqual(head?.maxY ?? .nan, 42, accuracy: 1e-9)
        var rounded = Path()
        rounded.addRect(Rect(x: 20, y: 40, width: 160, height: 100), cornerRadius: 30)
        let total = rounded.length()
        let first = rounded.stroked(StrokeStyle(width: 4, trimEnd: 40 / total), tolerance: 0.1).bounds
        XCTAssertEqual(first?.minX ?? .nan, 50, accuracy: 0.05, "starts where the top-left curve ends")
        XCTAssertEqual(first?.maxX ?? .nan, 90, accuracy: 0.05)
        XCTAssertEqual(first?.maxY ?? .nan, 42, accuracy: 1e-9)
        // The last stretch is the top-left corner's curve, ending back at (50, 40). (Within
        // 0.25: the stroke trims its 0.1-tolerance polyline, a little shorter than `length()`.)
        let last = rounded.stroked(StrokeStyle(width: 4, trimStart: 1 - 30 * Double.pi / 2 / total), tolerance: 0.1).bounds
        XCTAssertEqual(last?.minX ?? .nan, 18, accuracy: 0.25)
        XCTAssertEqual(last?.maxX ?? .nan, 50, accuracy: 0.25)
        XCTAssertEqual(last?.minY ?? .nan, 38, accuracy: 0.25)
        XCTAssertEqual(last?.maxY ?? .nan, 70, accuracy: 0.25)
    }

    func testStartAtOrAfterEndDrawsNothing() {
        let circle = TestScene.circle(100, 100, 60)
        XCTAssertTrue(circle.stroked(StrokeStyle(width: 4, trimStart: 0.6, trimEnd: 0.4)).isEmpty)
        XCTAssertTrue(circle.stroked(StrokeStyle(width: 4, cap: .round, trimStart: 0.5, trimEnd: 0.5)).isEmpty)
        XCTAssertTrue(circle.stroked(StrokeStyle(width: 4, trimEnd: 0)).isEmpty)
        XCTAssertTrue(circle.stroked(StrokeStyle(width: 4, trimStart: .nan, trimEnd: .nan)).isEmpty, "NaN counts as 0")
        XCTAssertEqual(circle.stroked(StrokeStyle(width: 4, trimStart: -1, trimEnd: 2)),
                       circle.stroked(StrokeStyle(width: 4)), "fractions are clamped to 0...1")
    }

    func testSubpathsAreMeasuredEndToEnd() {
        // Two circles of lengths 2π·30 and 2π·10, then a line of 50: L = 80π + 50.
        var path = TestScene.circle(60, 60, 30)
        path.append(TestScene.circle(150, 60, 10))
        path.move(to: Point(20, 150)); path.line(to: Point(70, 150))
        let total = 80 * Double.pi + 50
        for end in [0.2, 0.6, 0.75, 0.9, 1.0] {
            XCTAssertEqual(drawnLength(path, end: end), end * total, accuracy: 0.5 + 0.002 * total, "end \(end)")
        }
        // A window in the middle: the end of the first circle and the start of the second.
        let start = 0.7, end = 0.8
        XCTAssertEqual(drawnLength(path, start: start, end: end), (end - start) * total, accuracy: 1)
    }

    func testCutEndsGetCaps() {
        var line = Path()
        line.move(to: Point(20, 100)); line.line(to: Point(180, 100))
        // Half of 160 drawn, plus a round cap at each end: two half-discs of radius w/2.
        let area = drawnLength(line, start: 0.25, end: 0.75, cap: .round) * width
        XCTAssertEqual(area, 80 * width + Double.pi * width * width / 4, accuracy: 1)
        // A closed circle cut open gets caps too.
        let circle = TestScene.circle(100, 100, 50)
        let butt = drawnLength(circle, end: 0.5) * width
        let square = drawnLength(circle, end: 0.5, cap: .square) * width
        XCTAssertEqual(square - butt, width * width, accuracy: 1, "two square caps of w × w/2")
    }

    func testDashesFollowTheTrimmedOutline() {
        var line = Path()
        line.move(to: Point(0, 100)); line.line(to: Point(200, 100))
        // Trimmed to 50...150, dashes 10 on 10 off start at 50: on 50-60, 70-80, …, 130-140.
        let style = StrokeStyle(width: 4, dashes: [10, 10], trimStart: 0.25, trimEnd: 0.75)
        let pixmap = TestScene.render([TestScene.fill(line.stroked(style))], width: 200, height: 200)
        XCTAssertEqual(TestScene.coveredArea(pixmap), 50 * 4, accuracy: 0.5)
        XCTAssertEqual(TestScene.alpha(pixmap, 55, 100), 255)
        XCTAssertEqual(TestScene.alpha(pixmap, 65, 100), 0)
        XCTAssertEqual(TestScene.alpha(pixmap, 135, 100), 255)
        XCTAssertEqual(TestScene.alpha(pixmap, 145, 100), 0)
        XCTAssertEqual(TestScene.alpha(pixmap, 45, 100), 0)
    }

    func testTrimmerKeepsCornerFlagsAndCutsAtExactDistances() {
        let sub = FlatSubpath(points: [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)],
                              corners: [true, true, true, true], closed: true, drawn: true)
        let square = StrokeLine(sub)
        XCTAssertEqual(Trimmer.length(square), 40)
        let pieces = Trimmer.trim([square], start: 0.125, end: 0.625)
        XCTAssertEqual(pieces.count, 1)
        XCTAssertEqual(pieces[0].points, [Point(5, 0), Point(10, 0), Point(10, 10), Point(5, 10)])
        XCTAssertEqual(pieces[0].corners, [false, true, true, false])
        XCTAssertFalse(pieces[0].closed)
        XCTAssertEqual(Trimmer.trim([square], start: 0, end: 1), [square])
        // A window that only touches the square at its end keeps nothing of it.
        let other = StrokeLine(FlatSubpath(points: [Point(50, 0), Point(60, 0)], corners: [true, true], closed: false, drawn: true))
        let rest = Trimmer.trim([square, other], start: 0.8, end: 1)
        XCTAssertEqual(rest.map(\.points), [[Point(50, 0), Point(60, 0)]])
        // A closed sub-path wholly inside the window stays closed (joined, no caps).
        let head = Trimmer.trim([square, other], start: 0, end: 0.9)
        XCTAssertEqual(head.count, 2)
        XCTAssertEqual(head.first, square)
        XCTAssertEqual(head.last?.points, [Point(50, 0), Point(55, 0)])
    }
}
