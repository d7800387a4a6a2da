import Foundation

/// A line chart of traced values against time, as a standalone SVG (no script, no fonts
/// or anything fetched: the page needs no network).
///
/// Layout: the plot area sits inside margins; x is the tick (labelled in seconds, a major
/// mark each second, minor marks each 10 ticks when they are at least 6 px apart), y is
/// the value with 5-ish "nice" marks (1, 2 or 5 × 10ⁿ). One colour per series, a legend
/// on the right. Values that are not finite break the line.
public struct TracePlot {
    public struct Series {
        public var name: String
        /// One value per tick of `ticks`.
        public var values: [Double]
        public init(name: String, values: [Double]) {
            self.name = name
            self.values = values
        }
    }

    public var ticks: ClosedRange<Int>
    public var series: [Series]
    public var title: String
    public var width = 800.0, height = 400.0
    /// Plot area: left, top, right (legend beside it), bottom margins.
    public var margin = (left: 70.0, top: 40.0, right: 190.0, bottom: 50.0)

    /// Distinct colours, dark enough on white; cycled beyond eight series.
    public static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]

    public init(ticks: ClosedRange<Int>, series: [Series], title: String) {
        self.ticks = ticks
        self.series = series
        self.title = title
    }

    /// The y range the plot shows: the finite values' extent widened to nice marks (a flat
    /// series gets ±1 around its value).
    public var valueRange: (low: Double, high: Double, step: Double) {
        let finite = series.flatMap(\.values).filter(\.isFinite)
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

    /// Device y of a value.
    public func y(_ value: Double) -> Double {
        let r = valueRange
        return height - margin.bottom - (value - r.low) / (r.high - r.low) * (height - margin.top - margin.bottom)
    }

    public func svg() -> String {
        let r = valueRange
        let left = margin.left, right = width - margin.right, top = margin.top, bottom = height - margin.bottom
        var s = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" font-family="sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="\(f(left))" y="22" font-size="14" font-weight="bold">\(esc(title))</text>

        """
        // Value marks and grid.
        var v = r.low
        while v <= r.high + r.step / 2 {
            let yy = y(v)
            s += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(yy))\" x2=\"\(f(right))\" y2=\"\(f(yy))\" stroke=\"#e5e5e5\"/>\n"
            s += "<text class=\"ylabel\" x=\"\(f(left - 6))\" y=\"\(f(yy + 4))\" text-anchor=\"end\">\(TracePlot.label(v, step: r.step))</text>\n"
            v += r.step
        }
        // Time marks: minor every 10 ticks, major (labelled) every second.
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
        s += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(right - left))\" height=\"\(f(bottom - top))\" fill=\"none\" stroke=\"#333\"/>\n"
        s += "<text x=\"\(f((left + right) / 2))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">time (ticks \(ticks.lowerBound)–\(ticks.upperBound), 60 per second)</text>\n"
        s += "<text x=\"16\" y=\"\(f((top + bottom) / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 16 \(f((top + bottom) / 2)))\">value</text>\n"
        // Lines, broken where a value is not finite.
        for (i, one) in series.enumerated() {
            let colour = TracePlot.palette[i % TracePlot.palette.count]
            var runs: [[String]] = [[]]
            for (k, value) in one.values.enumerated() {
                if value.isFinite {
                    runs[runs.count - 1].append("\(f(x(ticks.lowerBound + k))),\(f(y(value)))")
                } else if !(runs.last?.isEmpty ?? true) {
                    runs.append([])
                }
            }
            for run in runs where !run.isEmpty {
                s += "<polyline class=\"series\" data-name=\"\(esc(one.name))\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(run.joined(separator: " "))\"/>\n"
            }
            let ly = top + 8 + Double(i) * 20
            s += "<line class=\"legend\" x1=\"\(f(right + 14))\" y1=\"\(f(ly))\" x2=\"\(f(right + 38))\" y2=\"\(f(ly))\" stroke=\"\(colour)\" stroke-width=\"3\"/>\n"
            s += "<text class=\"legend\" x=\"\(f(right + 44))\" y=\"\(f(ly + 4))\">\(esc(one.name))</text>\n"
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

    private func esc(_ s: String) -> String { Gallery.escape(s) }
}
