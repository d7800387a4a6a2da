import XCTest
import Foundation
import CPixelKernels
@testable import WaveGeometry
@testable import WaveGraphics

/// Hard stops land exactly (issue 52 item 13): a pixel whose centre lies before a hard
/// stop shows the colour before it, one at or past it the colour after, wherever the stop
/// falls within the 1024-entry ramp. Each pixel's side is computed here from its centre,
/// on the portable and the wide pixel kernels.
final class HardStopTests: XCTestCase {
    private let colours = [Color(r: 1, g: 0.35, b: 0.37), Color(r: 0.1, g: 0.51, b: 0.77), Color(r: 0.54, g: 0.79, b: 0.15),
                           Color(r: 1, g: 0.79, b: 0.23), Color(r: 0.42, g: 0.3, b: 0.58)]

    /// Which of `colours` a pixel shows (they are far apart; dithering moves a channel by 1).
    private func which(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Int {
        let d = colours.map { c in
            abs(Double(p.r) - c.r * 255) + abs(Double(p.g) - c.g * 255) + abs(Double(p.b) - c.b * 255)
        }
        return d.indices.min { d[$0] < d[$1] }!
    }

    /// Renders `paint` over the whole canvas on both kernel paths and counts the pixels
    /// whose colour is not `expected(x, y)` (nil: too near a stop to say, within 0.01 px).
    private func misplaced(_ paint: Paint, _ width: Int, _ height: Int, _ expected: (Double, Double) -> Int?) -> [String] {
        let level = wave_kernels_level()
        defer { _ = wave_kernels_use(level) }
        var out: [String] = []
        for kernels in [0, 1] {
            _ = wave_kernels_use(Int32(kernels))
            let item = DisplayItem.fill(path: TestScene.rect(0, 0, Double(width), Double(height)), rule: .nonZero, paint: paint, opacity: 1)
            let pixmap = TestScene.render([item], width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    guard let want = expected(Double(x) + 0.5, Double(y) + 0.5) else { continue }
                    let got = which(pixmap.pixel(x, y))
                    if got != want { out.append("kernels \(kernels): (\(x), \(y)) shows colour \(got), not \(want)") }
                }
            }
        }
        return out
    }

    /// One hard stop between colours 0 and 1 at `at` of a gradient `length` px long, run
    /// across or down the canvas, forwards or backwards.
    private func checkLinear(at l: Double, length: Double, from: Double = 3.25, across: Bool, backwards: Bool, breadth: Int) {
        let to = from + length
        let (s, e) = backwards ? (to, from) : (from, to)
        let start = across ? Point(s, 0) : Point(0, s), end = across ? Point(e, 0) : Point(0, e)
        let paint = Paint.linearGradient(start: start, end: end, stops: [GradientStop(l, colours[0]), GradientStop(l, colours[1])])
        let long = Int(length) + 8
        let bad = misplaced(paint, across ? long : breadth, across ? breadth : long) { x, y in
            let p = across ? x : y
            let t = (p - s) / (e - s)
            if abs(t - l) * length < 0.01 { return nil }
            return t < l ? 0 : 1
        }
        XCTAssert(bad.isEmpty, "stop at \(l) of \(length) px, \(across ? "across" : "down"), \(backwards ? "backwards" : "forwards"), "
                  + "\(breadth) px broad: \(bad.count) pixels misplaced: \(bad.prefix(4))")
    }

    func testALinearHardStopStartsAtItsExactColumn() {
        // The issue's case: 33.37 % of 2000 px is x = 667.4, so column 667 (centre 667.5) is
        // the first of the second colour (Chromium's too); the nearest ramp entry put it at 668.
        let paint = Paint.linearGradient(start: Point(0, 0), end: Point(2000, 0),
                                         stops: [GradientStop(0.3337, colours[0]), GradientStop(0.3337, colours[1])])
        let item = DisplayItem.fill(path: TestScene.rect(0, 0, 2000, 2), rule: .nonZero, paint: paint, opacity: 1)
        let pixmap = TestScene.render([item], width: 2000, height: 2)
        XCTAssertEqual(which(pixmap.pixel(666, 1)), 0)
        XCTAssertEqual(which(pixmap.pixel(667, 1)), 1)
        for l in [0.3337, 0.1234567, 0.5, 0.9001, 0, 1] {
            for length in [2000.0, 777.7, 37] {
                for backwards in [false, true] {
                    checkLinear(at: l, length: length, across: true, backwards: backwards, breadth: 2)
                }
            }
        }
    }

    func testALinearHardStopDownTheCanvasStartsAtItsExactRow() {
        // Rows of one colour (more than 8 pixels: shaded a row at a time) and narrow spans.
        for (l, from) in [(0.3337, 0.0), (0.1234567, 3.25)] {
            for breadth in [20, 5] {
                checkLinear(at: l, length: 2000, from: from, across: false, backwards: false, breadth: breadth)
                checkLinear(at: l, length: 2000, from: from, across: false, backwards: true, breadth: breadth)
            }
        }
    }

    func testTwoHardStopsWithinOneRampEntry() {
        // A 3 px band of colour 1 between two stops 0.00015 apart on a 20000 px gradient,
        // where one ramp entry is 19.6 px long.
        let a = 0.5, b = 0.50015, length = 20000.0
        let paint = Paint.linearGradient(start: Point(-9900, 0), end: Point(-9900 + length, 0),
                                         stops: [GradientStop(a, colours[0]), GradientStop(a, colours[1]),
                                                 GradientStop(b, colours[1]), GradientStop(b, colours[2])])
        let bad = misplaced(paint, 200, 2) { x, _ in
            let t = (x + 9900) / length
            if min(abs(t - a), abs(t - b)) * length < 0.01 { return nil }
            return t < a ? 0 : (t < b ? 1 : 2)
        }
        XCTAssert(bad.isEmpty, "\(bad.count) pixels misplaced: \(bad.prefix(4))")
    }

    func testAConicPieHasNoSeamPixelsOfTheWrongSlice() {
        // Slices at 23 %, 41 %, 66.67 % and 88 %: the nearest ramp entry coloured 444 seam
        // pixels with the neighbouring slice.
        let cuts = [0, 0.23, 0.41, 0.6667, 0.88, 1]
        var stops: [GradientStop] = []
        for k in 0..<5 { stops += [GradientStop(cuts[k], colours[k]), GradientStop(cuts[k + 1], colours[k])] }
        let paint = Paint.conicGradient(center: Point(320, 320), angle: 0, stops: stops)
        let bad = misplaced(paint, 640, 640) { x, y in
            let dx = x - 320, dy = y - 320
            let turn = atan2(dx, -dy) / (2 * Double.pi)
            let f = turn - turn.rounded(.down)
            let r = (dx * dx + dy * dy).squareRoot()
            if cuts.contains(where: { abs($0 - f) * 2 * Double.pi * r < 0.01 }) { return nil }
            return cuts.lastIndex { $0 <= f }!
        }
        XCTAssert(bad.isEmpty, "\(bad.count) pixels misplaced: \(bad.prefix(4))")
    }

    func testRadialRingsHaveExactEdges() {
        let centre = Point(100.3, 99.7), radius = 93.0
        let paint = Paint.radialGradient(center: centre, radius: radius,
                                         stops: [GradientStop(0.3337, colours[0]), GradientStop(0.3337, colours[1]),
                                                 GradientStop(0.71, colours[1]), GradientStop(0.71, colours[2])])
        let bad = misplaced(paint, 200, 200) { x, y in
            let d = ((x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y)).squareRoot()
            if min(abs(d - 0.3337 * radius), abs(d - 0.71 * radius)) < 0.01 { return nil }
            return d < 0.3337 * radius ? 0 : (d < 0.71 * radius ? 1 : 2)
        }
        XCTAssert(bad.isEmpty, "\(bad.count) pixels misplaced: \(bad.prefix(4))")
    }
}
