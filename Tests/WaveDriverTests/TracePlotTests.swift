import XCTest
@testable import WaveDriver

/// The trace plot puts each value where the axes say it is, marks ticks and seconds, and
/// gives every property its own colour and legend entry.
final class TracePlotTests: XCTestCase {
    /// The `points` of every polyline, as (x, y) pairs.
    func lines(_ svg: String) -> [[(Double, Double)]] {
        svg.components(separatedBy: "points=\"").dropFirst().map { rest in
            rest.prefix { $0 != "\"" }.split(separator: " ").map { pair in
                let v = pair.split(separator: ",").compactMap { Double($0) }
                return (v[0], v[1])
            }
        }
    }

    func testValuesLandWhereTheAxesSay() {
        let values = (0...120).map { sin(Double($0) / 120 * 2 * .pi) }
        let plot = TracePlot(ticks: 0...120, series: [.init(name: "wave", values: values)], title: "t")
        // Plot area 70...610 by 40...350; values -1...1 widen to marks of 0.5 from -1 to 1.
        XCTAssertEqual(plot.valueRange.low, -1); XCTAssertEqual(plot.valueRange.high, 1); XCTAssertEqual(plot.valueRange.step, 0.5)
        let pts = lines(plot.svg())
        XCTAssertEqual(pts.count, 1)
        XCTAssertEqual(pts[0].count, 121, "one point a tick")
        for (k, p) in pts[0].enumerated() {
            XCTAssertEqual(p.0, 70 + Double(k) / 120 * 540, accuracy: 0.006)
            XCTAssertEqual(p.1, 350 - (values[k] + 1) / 2 * 310, accuracy: 0.006)
        }
    }

    func testTickAndSecondMarksAxisLabelsAndLegend() {
        let plot = TracePlot(ticks: 0...150, series: [.init(name: "edge", values: Array(repeating: 3, count: 151)),
                                                      .init(name: "middle", values: (0...150).map(Double.init))], title: "springs")
        let svg = plot.svg()
        XCTAssertEqual(svg.components(separatedBy: "class=\"second\"").count - 1, 3, "0, 1 and 2 s")
        XCTAssertEqual(svg.components(separatedBy: "class=\"tickmark\"").count - 1, 16 - 3, "every 10 ticks but the seconds")
        for label in [">0 s<", ">1 s<", ">2 s<", "time (ticks 0–150, 60 per second)", ">value<", ">edge<", ">middle<", ">springs<"] {
            XCTAssertTrue(svg.contains(label), label)
        }
        let strokes = svg.components(separatedBy: "class=\"series\"").dropFirst().map { $0.components(separatedBy: "stroke=\"")[1].prefix(7) }
        XCTAssertEqual(strokes.count, 2)
        XCTAssertNotEqual(strokes[0], strokes[1], "a colour per property")
        XCTAssertTrue(svg.contains("class=\"legend\" x1=\"624.00\" y1=\"48.00\" x2=\"648.00\" y2=\"48.00\" stroke=\"\(strokes[0])\""))
    }

    func testMarksAreNiceAndANonFiniteValueBreaksTheLine() {
        XCTAssertEqual(TracePlot.niceStep(0.37), 0.5)
        XCTAssertEqual(TracePlot.niceStep(13), 20)
        XCTAssertEqual(TracePlot.niceStep(200), 200)
        let plot = TracePlot(ticks: 10...19, series: [.init(name: "x", values: [1, 2, 3, .nan, .nan, 4, 5, .infinity, 6, 7])], title: "t")
        XCTAssertEqual(lines(plot.svg()).map(\.count), [3, 2, 2])
        XCTAssertEqual(plot.valueRange.low, 0); XCTAssertEqual(plot.valueRange.high, 8); XCTAssertEqual(plot.valueRange.step, 2)
    }
}
