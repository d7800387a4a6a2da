import XCTest
@testable import WaveDriver

/// `wave trace --plot` draws each unit against its own value axis: a rotation of 0–300
/// degrees beside a position of 0–3 px would otherwise flatten the position to a line.
final class TracePlotUnitsTests: XCTestCase {
    func testEachUnitHasItsOwnPanelAndAxis() {
        let plot = TracePlot(ticks: 0...60, series: [.init(name: "dot.position.x", values: (0...60).map { Double($0) / 20 }, unit: "px"),
                                                     .init(name: "dot.rotation", values: (0...60).map { Double($0) * 5 }, unit: "degrees")],
                             title: "t")
        XCTAssertEqual(plot.units, ["px", "degrees"])
        let svg = plot.svg()
        XCTAssertEqual(svg.components(separatedBy: "class=\"panel\"").count - 1, 2)
        XCTAssertTrue(svg.contains(">px</text>") && svg.contains(">degrees</text>"), "each axis named by its unit")
        XCTAssertTrue(svg.contains("height=\"\(String(format: "%.2f", plot.totalHeight))\""))
        for (unit, index) in [("px", 0), ("degrees", 1)] {
            let p = plot.panel(index)
            let line = svg.components(separatedBy: "data-unit=\"\(unit)\"")[1].components(separatedBy: "points=\"")[1].prefix { $0 != "\"" }
            let ys = line.split(separator: " ").compactMap { Double($0.split(separator: ",")[1]) }
            XCTAssertEqual(ys.count, 61)
            // Each line spans its own panel from bottom to top, whatever the other's values.
            XCTAssertEqual(ys.max() ?? 0, p.bottom, accuracy: 0.01, unit)
            XCTAssertEqual(ys.min() ?? 0, p.top, accuracy: 0.01, unit)
        }
        XCTAssertLessThan(plot.panel(0).bottom, plot.panel(1).top, "panels do not overlap")
    }

    func testOneUnitKeepsTheSinglePanelLayout() {
        let plot = TracePlot(ticks: 0...10, series: [.init(name: "a", values: Array(repeating: 1, count: 11))], title: "t")
        XCTAssertEqual(plot.totalHeight, plot.height)
        XCTAssertEqual(plot.panel(0).top, 40); XCTAssertEqual(plot.panel(0).bottom, 350)
    }

    /// A scale or an anchor is a point of factors: not on the px axis of positions.
    func testScaleAndAnchorArePlottedAsFactors() {
        XCTAssertEqual(ValueTrace.unit(of: .point, named: "badge.scale"), "factor")
        XCTAssertEqual(ValueTrace.unit(of: .point, named: "dot[2].anchor"), "factor")
        XCTAssertEqual(ValueTrace.unit(of: .point, named: "badge.position"), "px")
        XCTAssertEqual(ValueTrace.unit(of: .point, named: "scale"), "factor", "a variable named scale reads as one too")
    }
}
