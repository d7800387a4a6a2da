import XCTest
import WaveFuzzSupport
@testable import WaveGeometry
import WaveGraphics

/// The stroker, dasher and trimmer against an independent oracle (`StrokeCase.covers`:
/// distance to the drawn pieces, worked out from arc lengths): random polylines, widths,
/// caps, dash patterns, phases and trims, each pixel's coverage compared with 8×8 samples.
///
/// `WAVE_PROPERTY_STROKES=N` checks N cases (default 500).
final class StrokeOraclePropertyTests: XCTestCase {
    /// The pixels of `c` stroked by WaveGeometry and filled by the reference renderer.
    static func rendered(_ c: StrokeCase) -> [Double] {
        var path = Path()
        path.move(to: Point(c.points[0].x, c.points[0].y))
        for p in c.points.dropFirst() { path.line(to: Point(p.x, p.y)) }
        if c.closed { path.close() }
        let cap: LineCap = [.butt, .round, .square][c.cap.rawValue]
        let style = StrokeStyle(width: c.width, cap: cap, join: .round, dashes: c.dashes, dashPhase: c.phase,
                                trimStart: c.trimStart, trimEnd: c.trimEnd)
        let outline = path.stroked(style, tolerance: 0.05)
        let pixmap = Renderer().render([.fill(path: outline, rule: .nonZero, paint: .solid(.white), opacity: 1)],
                                       width: c.size, height: c.size, background: .black)
        return stride(from: 0, to: pixmap.data.count, by: 4).map { Double(pixmap.data[$0]) / 255 }
    }

    /// How far the render is from the oracle: the most a pixel has less coverage than the
    /// oracle's, the most it has more, and how much more area it covers in all, in pixels.
    static func distance(_ c: StrokeCase) -> (under: Double, over: Double, area: Double, at: Int, expected: Double) {
        let drawn = rendered(c), expected = c.coverage()
        var under = (0.0, 0), over = 0.0
        for i in drawn.indices {
            if expected[i] - drawn[i] > under.0 { under = (expected[i] - drawn[i], i) }
            over = max(over, drawn[i] - expected[i])
        }
        return (under.0, over, drawn.reduce(0, +) - expected.reduce(0, +), under.1, expected.reduce(0, +))
    }

    func testStrokesDashesAndTrimsCoverWhatTheOracleCovers() {
        let count = ProcessInfo.processInfo.environment["WAVE_PROPERTY_STROKES"].flatMap(Int.init) ?? 500
        var dashed = 0, trimmed = 0, worstPixel = 0.0
        for seed in 0..<UInt32(count) {
            var stream = ScriptMutator(seed: seed)
            let c = StrokeCase(reading: stream.bytes(64))
            if !c.dashes.isEmpty { dashed += 1 }
            if c.trimStart > 0 || c.trimEnd < 1 { trimmed += 1 }
            let d = Self.distance(c)
            worstPixel = max(worstPixel, d.under, d.over)
            // Anti-aliasing against 64 samples and round caps flattened within 0.05 px: a
            // pixel may lack a few samples' worth. It may have more where two pieces' edges
            // cross one pixel (close dashes, a cap over a turn): the rasterizer adds the
            // partial coverages of overlapping edges (conflation), the oracle takes the union:
            // up to 0.58 a pixel and about 4 % of the area in 10,000 cases. So the strong check
            // is the first: a dash, cap or trim out of place leaves the oracle's area bare.
            XCTAssertLessThanOrEqual(d.under, 0.2, "seed \(seed): pixel (\(d.at % c.size), \(d.at / c.size)) — \(c)")
            XCTAssertLessThanOrEqual(d.over, 0.75, "seed \(seed): \(c)")
            XCTAssertGreaterThanOrEqual(d.area, -1.0 - 0.01 * d.expected, "seed \(seed): area — \(c)")
            XCTAssertLessThanOrEqual(d.area, 2.0 + 0.05 * d.expected, "seed \(seed): area (conflation) — \(c)")
        }
        XCTAssertGreaterThan(dashed, count / 4)
        XCTAssertGreaterThan(trimmed, count / 4)
        print("stroke oracle: \(count) cases, \(dashed) dashed, \(trimmed) trimmed, worst pixel \(worstPixel)")
    }

    /// The oracle is not the stroker's echo: a dash pattern shifted by half a dash, or a trim
    /// moved by a tenth, is caught.
    func testTheOracleSeesADashOrTrimMoved() {
        var c = StrokeCase(reading: [])
        c.points = [(4, 24), (44, 24)]
        c.closed = false
        c.width = 6
        c.cap = .butt
        c.dashes = [6, 6]
        c.phase = 0
        (c.trimStart, c.trimEnd) = (0, 1)
        XCTAssertLessThanOrEqual(Self.distance(c).under, 0.2)
        var shifted = c
        shifted.phase = 3
        XCTAssertGreaterThan(zip(Self.rendered(shifted), c.coverage()).map { abs($0 - $1) }.max() ?? 0, 0.9)
        var cut = c
        cut.dashes = []
        cut.trimEnd = 0.9
        XCTAssertGreaterThan(zip(Self.rendered(cut), { var d = cut; d.trimEnd = 1; return d }().coverage()).map { abs($0 - $1) }.max() ?? 0, 0.9)
    }
}
