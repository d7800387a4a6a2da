import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// The fast paths for vertical edges (`ScanConverter.addLine`, `VerticalRun`s and repeated
/// rows in `sweep`) and opaque runs (`Surface.store(_:count:_:)`) against independent
/// computations of the same bytes.
final class SpanFastPathTests: XCTestCase {
    /// Exact coverage of one pixel by an axis-aligned rectangle whose corners sit on 1/256
    /// pixel steps, mapped to alpha the way `ScanConverter.alpha` defines it.
    private func expectedAlpha(_ x: Int, _ y: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Int {
        let w = Swift.max(0, Swift.min(Double(x + 1), x1) - Swift.max(Double(x), x0))
        let h = Swift.max(0, Swift.min(Double(y + 1), y1) - Swift.max(Double(y), y0))
        let c = Int(w * h * 65536)   // exact: w and h are multiples of 1/256
        return (c * 255 + 0x8000) >> 16
    }

    func testRectanglesWithFractionalVerticalEdgesHaveExactCoverage() {
        // Inside, crossing the left edge (cover projected onto x = 0), crossing the right edge
        // and the bottom, and one pixel wide.
        let rects: [(Double, Double, Double, Double)] = [
            (10.25, 3.5, 20.75, 8.25), (-4.5, 2.125, 7.375, 30.0), (50.625, 40.5, 70.0, 70.0),
            (33.0, 11.75, 33.5, 19.0), (0.0, 0.0, 64.0, 0.25),
        ]
        for (x0, y0, x1, y1) in rects {
            let pixmap = TestScene.render([TestScene.fill(TestScene.rect(x0, y0, x1 - x0, y1 - y0))],
                                          width: 64, height: 64)
            for y in 0..<64 {
                for x in 0..<64 {
                    XCTAssertEqual(TestScene.alpha(pixmap, x, y), expectedAlpha(x, y, x0, y0, x1, y1),
                                   "rect \((x0, y0, x1, y1)) at (\(x), \(y))")
                }
            }
        }
    }

    func testOpaqueRunsStoreExactlyTheirPixels() {
        let width = 75   // two 32-pixel steps, a 16-pixel step, 4-pixel steps and single pixels
        let value: UInt32 = 0xFF12_3456
        for start in 0..<5 {
            for count in 0...(width - start) {
                var bytes = [UInt8](repeating: 0xAB, count: width * 4)
                bytes.withUnsafeMutableBytes { raw in
                    let surface = Surface(base: raw.baseAddress!, width: width, height: 1, originX: 0, originY: 0)
                    surface.store(start, count: count, value)
                }
                for x in 0..<width {
                    let pixel = UInt32(bytes[x * 4]) | UInt32(bytes[x * 4 + 1]) << 8 | UInt32(bytes[x * 4 + 2]) << 16
                        | UInt32(bytes[x * 4 + 3]) << 24
                    let inside = x >= start && x < start + count
                    XCTAssertEqual(pixel, inside ? value : 0xABAB_ABAB, "start \(start) count \(count) x \(x)")
                }
            }
        }
    }

    /// An axis-aligned polygon given by its corners, (x, y) or transposed to (y, x).
    private func polygon(_ corners: [(Double, Double)], transposed: Bool) -> Path {
        var path = Path()
        for (i, c) in corners.enumerated() {
            let p = transposed ? Point(c.1, c.0) : Point(c.0, c.1)
            if i == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        return path
    }

    /// Exact coverage of axis-aligned outlines does not depend on orientation, so a scene and
    /// its transpose must give transposed bytes. Transposed, the long vertical edges (kept as
    /// runs, rows repeated) become horizontal ones (no cells at all), and the reverse; the
    /// shapes overlap so that runs cross rows holding other cells and start and end mid-way.
    func testVerticalRunsMatchTheTransposedScene() {
        let shapes: [[(Double, Double)]] = [
            [(3.25, 2.5), (40.75, 2.5), (40.75, 60.125), (3.25, 60.125)],                  // tall bar
            [(10.5, 20.25), (58.0, 20.25), (58.0, 30.75), (30.5, 30.75), (30.5, 50.5), (10.5, 50.5)], // L
            [(20.125, 5.0), (20.125, 44.375), (25.875, 44.375), (25.875, 5.0)],            // reversed winding
            [(-6.5, 12.0), (2.75, 12.0), (2.75, 63.5), (-6.5, 63.5)],                      // left of the surface
            [(50.0, 40.0), (70.0, 40.0), (70.0, 41.0), (50.0, 41.0)],                      // right of it, one row
        ]
        for rule in [FillRule.nonZero, .evenOdd] {
            for color in [Color.black, Color(r: 0.2, g: 0.6, b: 0.9, a: 0.55)] {
                func scene(_ transposed: Bool) -> Pixmap {
                    TestScene.render(shapes.map { TestScene.fill(polygon($0, transposed: transposed), color, rule: rule) },
                                     width: 64, height: 64, background: Color(r: 1, g: 0.9, b: 0.8, a: 1))
                }
                let straight = scene(false), transposed = scene(true)
                for y in 0..<64 {
                    for x in 0..<64 {
                        XCTAssertTrue(straight.pixel(x, y) == transposed.pixel(y, x),
                                      "\(rule) \(color) at (\(x), \(y)): \(straight.pixel(x, y)) vs \(transposed.pixel(y, x))")
                    }
                }
                // The fills are there: the tall bar's middle is covered.
                XCTAssertNotEqual(straight.pixel(35, 55).a, 0)
            }
        }
    }

    /// `sortRow` merges a row's monotone runs (each direction) instead of sorting it: on seeded
    /// random rows of one to seven runs, with repeated x, the result must be the cells of the
    /// row, in the order of x, exactly as the general sort (`sortWhole`) leaves them: the
    /// same x sequence, and the same cells under each x.
    func testRowRunMergeMatchesTheGeneralSort() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return Int(seed % UInt64(n))
        }
        var merges = 0
        for trial in 0..<3000 {
            var row: [CoverageCell] = []
            let runs = 1 + next(7)
            for _ in 0..<runs {
                let length = 1 + next(trial % 3 == 0 ? 40 : 8)
                var x = next(300)
                let step = next(3) == 0 ? -1 : 1
                for _ in 0..<length {
                    row.append(CoverageCell(x: Int32(x), y: 5, cover: next(513) - 256, area: next(100_001) - 50_000))
                    x = max(0, x + step * next(4))   // steps of 0 repeat an x
                }
            }
            if runs > 1 && runs <= ScanConverter.mergedRuns { merges += 1 }
            var merged = row, general = row
            var scratch = [CoverageCell](repeating: CoverageCell(x: 0, y: 0, cover: 0, area: 0), count: row.count)
            // A prefix and suffix outside the range must stay untouched.
            let pad = CoverageCell(x: -7, y: 0, cover: 1, area: 2)
            merged = [pad] + merged + [pad]
            merged.withUnsafeMutableBufferPointer { cells in
                scratch.withUnsafeMutableBufferPointer { room in
                    ScanConverter.sortRow(cells, 1, cells.count - 1, scratch: room.baseAddress!)
                }
            }
            XCTAssertEqual(merged.first?.x, -7)
            XCTAssertEqual(merged.last?.x, -7)
            merged = Array(merged.dropFirst().dropLast())
            general.withUnsafeMutableBufferPointer { ScanConverter.sortWhole($0, 0, $0.count) }
            XCTAssertEqual(merged.map(\.x), general.map(\.x), "trial \(trial)")
            // Under each x, the same cells (the order among them is free: their sums commute).
            func key(_ c: CoverageCell) -> [Int] { [Int(c.x), c.cover, c.area] }
            let a = merged.map(key).sorted { $0.lexicographicallyPrecedes($1) }
            let b = row.map(key).sorted { $0.lexicographicallyPrecedes($1) }
            XCTAssertEqual(a, b, "trial \(trial)")
        }
        XCTAssertGreaterThan(merges, 1000)
    }

    /// `sweepRow` sends a cell's pixel and the pixels after it as one span when their alphas
    /// agree. On seeded random rows (edges on and off pixel boundaries, both windings, both
    /// fill rules) every pixel must get the alpha a pixel-by-pixel sweep of the same cells
    /// gives, exactly once, and no span may be empty.
    func testRowSweepJoiningEqualSpansGivesEveryPixelItsAlpha() {
        struct Pixels: SpanSink {
            var alpha: [Int]
            var spans = 0
            mutating func span(y: Int, x: Int, count: Int, alpha a: Int) {
                precondition(count >= 1 && (1...255).contains(a))
                for k in x..<(x + count) {
                    precondition(alpha[k] == 0, "pixel \(k) written twice")
                    alpha[k] = a
                }
                spans += 1
            }
        }
        var seed: UInt64 = 0x2F69_3B5C_11D7_A4E3
        func next(_ n: Int) -> Int {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return Int(seed % UInt64(n))
        }
        let width = 48, one = ScanConverter.one
        var joined = 0
        for trial in 0..<4000 {
            var cells: [CoverageCell] = []
            for _ in 0..<(1 + next(6)) {
                // An edge piece crossing the whole row: a sign, and an offset in its pixel
                // (0 on the boundary, half the time).
                let x = next(width), sign = next(2) == 0 ? 1 : -1
                let fx = next(2) == 0 ? 0 : next(one)
                let cover = sign * (next(3) == 0 ? next(one) + 1 : one)
                cells.append(CoverageCell(x: Int32(x), y: 0, cover: cover, area: cover * 2 * fx))
            }
            cells.sort { $0.x < $1.x }
            let evenOdd = trial % 2 == 1
            var sink = Pixels(alpha: [Int](repeating: 0, count: width))
            cells.withUnsafeMutableBufferPointer {
                ScanConverter.sweepRow($0, 0, $0.count, y: 0, width: width, evenOdd: evenOdd, into: &sink)
            }
            // Pixel by pixel: the cells' sums up to and at each pixel.
            var expected = [Int](repeating: 0, count: width)
            var acc = 0
            for x in 0..<width {
                let here = cells.filter { Int($0.x) == x }
                let cover = here.reduce(0) { $0 + $1.cover }, area = here.reduce(0) { $0 + $1.area }
                let v = here.isEmpty ? acc << (ScanConverter.bits + 1) : ((acc + cover) << (ScanConverter.bits + 1)) - area
                expected[x] = ScanConverter.alpha(v, evenOdd: evenOdd)
                acc += cover
            }
            XCTAssertEqual(sink.alpha, expected, "trial \(trial)")
            if sink.spans < Set(cells.map(\.x)).count * 2 { joined += 1 }
        }
        XCTAssertGreaterThan(joined, 500)
    }
}
