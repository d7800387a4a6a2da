import Foundation
import WaveExport

/// A line chart of traced values against time, as a standalone SVG (no script, no fonts
/// or anything fetched: the page needs no network).
///
/// Layout: the plot area sits inside margins; x is the tick (labelled in seconds, a major
/// mark each second, minor marks each 10 ticks when they are at least 6 px apart), y is
/// the value with 5-ish "nice" marks (1, 2 or 5 × 10ⁿ). Series of different units (px,
/// degrees, …) get a panel each, stacked over the shared time axis, each with its own value
/// axis named by its unit: angles and positions on one axis would flatten one of them. One
/// colour per series, a legend on the right beside its panel. Values that are not finite
/// break the line.
public struct TracePlot {
    public struct Series {
        public var name: String
        /// One value per tick of `ticks`.
        public var values: [Double]
        /// What the values measure, the title of their value axis ("px", "degrees", …).
        public var unit: String
        public init(name: String, values: [Double], unit: String = "value") {
            self.name = name
            self.values = values
            self.unit = unit
        }
    }

    public var ticks: ClosedRange<Int>
    public var series: [Series]
    public var title: String
    /// The size with one panel; each further panel adds `panelHeight` and `panelGap`.
    public var width = 800.0, height = 400.0
    public var panelHeight = 200.0, panelGap = 40.0
    /// Plot area: left, top, right (legend beside it), bottom margins.
    public var margin = (left: 70.0, top: 40.0, right: 190.0, bottom: 50.0)

    /// Distinct colours, dark enough on white; cycled beyond eight series.
    public static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]

    public init(ticks: ClosedRange<Int>, series: [Series], title: String) {
        self.ticks = ticks
        self.series = series
        self.title = title
    }

    /// The units, one panel each, in the order the series first use them.
    public var units: [String] {
        var seen: [String] = []
        for s in series where !seen.contains(s.unit) { seen.append(s.unit) }
        return seen.isEmpty ? ["value"] : seen
    }

    /// The whole picture's height.
    public var totalHeight: Double { height + Double(units.count - 1) * (panelHeight + panelGap) }

    /// Top and bottom of panel `i`: with one, the area inside the margins; with more, the
    /// first keeps the one-panel height and each further one is `panelHeight` tall.
    func panel(_ i: Int) -> (top: Double, bottom: Double) {
        let first = height - margin.top - margin.bottom
        let top = margin.top + (i == 0 ? 0 : first + panelGap + Double(i - 1) * (panelHeight + panelGap))
        return (top, top + (i == 0 ? first : panelHeight))
    }

    /// The first panel's value range (the only one when every series has one unit).
    public var valueRange: (low: Double, high: Double, step: Double) { valueRange(unit: units[0]) }

    /// The y range a unit's panel shows: its finite values' extent widened to nice marks (a
    /// flat series gets ±1 around its value).
    public func valueRange(unit: String) -> (low: Double, high: Double, step: Double) {
        let finite = series.filter { $0.unit == unit }.flatMap(\.values).filter(\.isFinite)
        var lo = finite.min() ?? 0, hi = finite.max() ?? 1
        if hi - lo < 1e-12 { lo -= 1; hi += 1 }
        let step = TracePlot.niceStep((hi - lo) / 5)
        return ((lo / step).rounded(.down) * step, (hi / step).rounded(.up) * step, step)
    }

    /// 1, 2 or 5 × 10ⁿ, the smallest at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        let p = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2, 5, 10] where m * p >= raw * (1 - 1e-9) { return m * p }
        return 10 * p
    }

    /// Device x of a tick.
    public func x(_ tick: Int) -> Double {
        let span = Double(max(1, ticks.upperBound - ticks.lowerBound))
        return margin.left + Double(tick - ticks.lowerBound) / span * (width - margin.left - margin.right)
    }

    /// Device y of a value in the first panel.
    public func y(_ value: Double) -> Double { y(value, unit: units[0]) }

    /// Device y of a value in its unit's panel.
    public func y(_ value: Double, unit: String) -> Double {
        let r = valueRange(unit: unit), p = panel(units.firstIndex(of: unit) ?? 0)
        return p.bottom - (value - r.low) / (r.high - r.low) * (p.bottom - p.top)
    }

    public func svg() -> String {
        let left = margin.left, right = width - margin.right, units = self.units
        let bottom = panel(units.count - 1).bottom, height = totalHeight
        var s = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" font-family="sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="\(f(left))" y="22" font-size="14" font-weight="bold">\(XML.escaped(title))</text>

        """
        for (i, unit) in units.enumerated() {
            // Value marks and grid, a frame and the unit's axis title.
            let r = valueRange(unit: unit), p = panel(i)
            var v = r.low
            while v <= r.high + r.step / 2 {
                let yy = y(v, unit: unit)
                s += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(yy))\" x2=\"\(f(right))\" y2=\"\(f(yy))\" stroke=\"#e5e5e5\"/>\n"
                s += "<text class=\"ylabel\" x=\"\(f(left - 6))\" y=\"\(f(yy + 4))\" text-anchor=\"end\">\(TracePlot.label(v, step: r.step))</text>\n"
                v += r.step
            }
            s += "<rect class=\"panel\" x=\"\(f(left))\" y=\"\(f(p.top))\" width=\"\(f(right - left))\" height=\"\(f(p.bottom - p.top))\" fill=\"none\" stroke=\"#333\"/>\n"
            let mid = (p.top + p.bottom) / 2
            s += "<text class=\"unit\" x=\"16\" y=\"\(f(mid))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(f(mid)))\">\(XML.escaped(unit))</text>\n"
        }
        // Time marks under the last panel: minor every 10 ticks, major (labelled) every second.
        let minorGap = x(ticks.lowerBound + 10) - x(ticks.lowerBound)
        for t in ticks where t % 10 == 0 || t % 60 == 0 {
            let major = t % 60 == 0
            guard major || minorGap >= 6 else { continue }
            let xx = x(t)
            s += "<line class=\"\(major ? "second" : "tickmark")\" x1=\"\(f(xx))\" y1=\"\(f(bottom))\" x2=\"\(f(xx))\" y2=\"\(f(bottom + (major ? 8 : 4)))\" stroke=\"#333\"/>\n"
            if major {
                s += "<text class=\"xlabel\" x=\"\(f(xx))\" y=\"\(f(bottom + 22))\" text-anchor=\"middle\">\(t / 60) s</text>\n"
            }
        }
        s += "<text x=\"\(f((left + right) / 2))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">time (ticks \(ticks.lowerBound)–\(ticks.upperBound), 60 per second)</text>\n"
        // Lines, broken where a value is not finite; the legend beside each unit's panel.
        var legendRows = [Int](repeating: 0, count: units.count)
        for (i, one) in series.enumerated() {
            let colour = TracePlot.palette[i % TracePlot.palette.count]
            var runs: [[String]] = [[]]
            for (k, value) in one.values.enumerated() {
                if value.isFinite {
                    runs[runs.count - 1].append("\(f(x(ticks.lowerBound + k))),\(f(y(value, unit: one.unit)))")
                } else if !(runs.last?.isEmpty ?? true) {
                    runs.append([])
                }
            }
            for run in runs where !run.isEmpty {
                s += "<polyline class=\"series\" data-name=\"\(XML.escaped(one.name))\" data-unit=\"\(XML.escaped(one.unit))\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(run.joined(separator: " "))\"/>\n"
            }
            let u = units.firstIndex(of: one.unit) ?? 0
            let ly = panel(u).top + 8 + Double(legendRows[u]) * 20
            legendRows[u] += 1
            s += "<line class=\"legend\" x1=\"\(f(right + 14))\" y1=\"\(f(ly))\" x2=\"\(f(right + 38))\" y2=\"\(f(ly))\" stroke=\"\(colour)\" stroke-width=\"3\"/>\n"
            s += "<text class=\"legend\" x=\"\(f(right + 44))\" y=\"\(f(ly + 4))\">\(XML.escaped(one.name))</text>\n"
        }
        return s + "</svg>\n"
    }

    /// A mark's label with as many decimals as the step needs.
    static func label(_ v: Double, step: Double) -> String {
        let decimals = max(0, Int((-log10(step)).rounded(.up)))
        let text = String(format: "%.\(decimals)f", abs(v) < step / 1e6 ? 0 : v)
        return text
    }

    private func f(_ v: Double) -> String { String(format: "%.2f", v) }

}
