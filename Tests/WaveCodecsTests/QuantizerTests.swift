import XCTest
@testable import WaveCodecs

final class QuantizerTests: XCTestCase {
    func testNearestMatchesExhaustiveSearch() {
        var rng = TestRNG(seed: 17)
        for size in [1, 2, 16, 255] {
            let palette = (0..<size).map { _ in UInt32(rng.next() & 0xFF_FFFF) }
            let mapper = PaletteMapper(palette: palette)
            for _ in 0..<3000 {
                let r = Int(rng.byte()), g = Int(rng.byte()), b = Int(rng.byte())
                var best = 0, bestD = Int.max
                for (i, c) in palette.enumerated() {
                    let dr = Int((c >> 16) & 0xFF) - r, dg = Int((c >> 8) & 0xFF) - g, db = Int(c & 0xFF) - b
                    let d = dr * dr + dg * dg + db * db
                    if d < bestD { bestD = d; best = i }
                }
                XCTAssertEqual(mapper.nearest(r: r, g: g, b: b), best, "palette \(size) query \(r),\(g),\(b)")
            }
        }
    }

    func testLookupTableUsesBinCentre() {
        let mapper = PaletteMapper(palette: [0x000000, 0xFFFFFF, 0x808080])
        let lut = mapper.table
        XCTAssertEqual(mapper.lookup(lut, r: 1, g: 1, b: 1), 0)
        XCTAssertEqual(mapper.lookup(lut, r: 250, g: 251, b: 255), 1)
        XCTAssertEqual(mapper.lookup(lut, r: 130, g: 126, b: 128), 2)
        // Cached: a second query of the same bin gives the same answer.
        XCTAssertEqual(mapper.lookup(lut, r: 129, g: 125, b: 129), 2)
    }

    func testMedianCutCoversDistinctClusters() {
        // Eight well-separated clusters of noisy colours: each gets a palette entry close by.
        var rng = TestRNG(seed: 2)
        var pixels: [UInt32] = []
        let centres: [(Int, Int, Int)] = [(20, 20, 20), (230, 20, 20), (20, 230, 20), (20, 20, 230),
                                          (230, 230, 20), (230, 20, 230), (20, 230, 230), (230, 230, 230)]
        for (r, g, b) in centres {
            for _ in 0..<500 {
                let c = GIFQuantizer.pack(r + rng.int(21) - 10, g + rng.int(21) - 10, b + rng.int(21) - 10)
                pixels.append(0xFF00_0000 | c)
            }
        }
        let h = GIFQuantizer.histogram(pixels)
        XCTAssertEqual(h.totalPixels, 4000)
        let palette = GIFQuantizer.medianCut(h, maxColors: 8)
        XCTAssertEqual(palette.count, 8)
        for (r, g, b) in centres {
            let close = palette.contains { c in
                abs(Int((c >> 16) & 0xFF) - r) <= 4 && abs(Int((c >> 8) & 0xFF) - g) <= 4 && abs(Int(c & 0xFF) - b) <= 4
            }
            XCTAssertTrue(close, "cluster \(r),\(g),\(b) has a palette colour")
        }
        let more = GIFQuantizer.medianCut(h, maxColors: 255)
        XCTAssertLessThanOrEqual(more.count, 255)
        XCTAssertLessThan(GIFQuantizer.meanSquaredError(h, mapper: PaletteMapper(palette: more)),
                          GIFQuantizer.meanSquaredError(h, mapper: PaletteMapper(palette: palette)))
    }

    func testExactColorTable() {
        var t = ExactColorTable()
        XCTAssertTrue(t.insert(contentsOf: (0..<255).map { UInt32($0 * 65_793) | 0xFF00_0000 }))
        XCTAssertEqual(t.count, 255)
        XCTAssertTrue(t.insert(contentsOf: [0xFF00_0000]), "duplicate is fine")
        XCTAssertFalse(t.insert(contentsOf: [0x0012_3456]), "256th colour overflows")
        XCTAssertEqual(t.index(of: 65_793 * 3), 3)
        XCTAssertNil(ExactColorTable(palette: [1, 2]).index(of: 3))
        XCTAssertEqual(GIFPalette(colors: [1, 2, 3], exact: true).tableBits, 2)
        XCTAssertEqual(GIFPalette(colors: [1, 2, 3, 4], exact: true).tableBits, 3, "room for the transparent index")
        XCTAssertEqual(GIFPalette(colors: [], exact: true).tableBits, 1)
        XCTAssertEqual(GIFPalette(colors: (0..<255).map { UInt32($0) }, exact: true).tableBits, 8)
    }
}
