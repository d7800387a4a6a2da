import XCTest
@testable import WaveCodecs

final class PNGFilterTests: XCTestCase {
    private func randomRow(_ n: Int, seed: UInt64) -> [UInt8] {
        var rng = TestRNG(seed: seed)
        return (0..<n).map { _ in rng.byte() }
    }

    func testEachFilterIsChosenOnSuitableRows() {
        let n = 96, bpp = 4
        let prev = randomRow(n, seed: 1)
        // None: an all-zero row (Sub ties at zero; ties go to the lower type).
        XCTAssertEqual(PNGFilter.choose(row: [UInt8](repeating: 0, count: n), previous: prev, bpp: bpp), .none)
        // Sub: a smooth ramp whose left differences are tiny.
        let ramp = (0..<n).map { UInt8(truncatingIfNeeded: 100 + $0 / bpp * 2 + $0 % bpp * 40) }
        XCTAssertEqual(PNGFilter.choose(row: ramp, previous: prev, bpp: bpp), .sub)
        // Up: identical to the previous row.
        XCTAssertEqual(PNGFilter.choose(row: prev, previous: prev, bpp: bpp), .up)
        // Average: each byte is the mean of its left and upper neighbours.
        var avg = randomRow(n, seed: 2)
        for i in bpp..<n { avg[i] = UInt8((Int(avg[i - bpp]) + Int(prev[i])) / 2) }
        for i in 0..<bpp { avg[i] = prev[i] / 2 }
        XCTAssertEqual(PNGFilter.choose(row: avg, previous: prev, bpp: bpp), .average)
        // Paeth: each byte equals its Paeth prediction.
        var paeth = [UInt8](repeating: 0, count: n)
        for i in 0..<bpp { paeth[i] = prev[i] &+ 50 }  // not predictable by Up
        for i in bpp..<n {
            let a = i >= bpp ? Int(paeth[i - bpp]) : 0, c = i >= bpp ? Int(prev[i - bpp]) : 0
            paeth[i] = UInt8(PNGFilter.paethPredictor(a, Int(prev[i]), c))
        }
        XCTAssertEqual(PNGFilter.choose(row: paeth, previous: prev, bpp: bpp), .paeth)
        // And the first row of an image (previous = zeros) still works.
        XCTAssertEqual(PNGFilter.choose(row: ramp, previous: nil, bpp: bpp), .sub)
    }

    func testScoresMatchBruteForce() {
        for seed in 0..<20 {
            let n = 1 + Int(seed) * 37
            let row = randomRow(n, seed: UInt64(seed) + 100), prev = randomRow(n, seed: UInt64(seed) + 200)
            for bpp in [3, 4] {
                for type in PNGFilterType.allCases {
                    var out = [UInt8](repeating: 0, count: n)
                    row.withUnsafeBufferPointer { r in
                        prev.withUnsafeBufferPointer { p in
                            out.withUnsafeMutableBufferPointer { o in
                                PNGFilter.apply(type, row: r, previous: p, bpp: bpp, out: o)
                            }
                        }
                    }
                    let expected = out.reduce(0) { $0 + Int(abs(Int(Int8(bitPattern: $1)))) }
                    let got = row.withUnsafeBufferPointer { r in
                        prev.withUnsafeBufferPointer { p in
                            PNGFilter.score(type, row: r, previous: p, bpp: bpp, limit: Int.max)
                        }
                    }
                    XCTAssertEqual(got, expected, "\(type) n=\(n) bpp=\(bpp)")
                    // Reference filtering by the spec's formulas.
                    for i in 0..<n {
                        let x = Int(row[i]), a = i >= bpp ? Int(row[i - bpp]) : 0
                        let b = Int(prev[i]), c = i >= bpp ? Int(prev[i - bpp]) : 0
                        let pred: Int
                        switch type {
                        case .none: pred = 0
                        case .sub: pred = a
                        case .up: pred = b
                        case .average: pred = (a + b) / 2
                        case .paeth: pred = PNGFilter.paethPredictor(a, b, c)
                        }
                        XCTAssertEqual(out[i], UInt8((x - pred) & 255))
                    }
                    // Unfiltering restores the row.
                    var back = out
                    XCTAssertNoThrow(try back.withUnsafeMutableBufferPointer { o in
                        try prev.withUnsafeBufferPointer { p in
                            try PNGFilter.unfilter(type.rawValue, row: o, previous: p, bpp: bpp)
                        }
                    })
                    XCTAssertEqual(back, row)
                }
            }
        }
    }

    func testBranchFreePaethMatchesSpec() {
        var rng = TestRNG(seed: 5)
        for _ in 0..<100_000 {
            let a = rng.byte(), b = rng.byte(), c = rng.byte()
            XCTAssertEqual(Int(PNGFilter.paeth8(a, b, c)), PNGFilter.paethPredictor(Int(a), Int(b), Int(c)))
        }
        for v: UInt8 in [0, 1, 127, 128, 254, 255] {
            for w: UInt8 in [0, 128, 255] {
                XCTAssertEqual(Int(PNGFilter.paeth8(v, w, v)), PNGFilter.paethPredictor(Int(v), Int(w), Int(v)))
                XCTAssertEqual(Int(PNGFilter.paeth8(w, v, 255 - v)),
                               PNGFilter.paethPredictor(Int(w), Int(v), Int(255 - v)))
            }
        }
    }

    func testEncodedRowsUseSeveralFilters() throws {
        // A gradient with noise rows: the encoder's filter bytes are not all the same.
        var px = TestImages.gradient(64, 64)
        var rng = TestRNG(seed: 8)
        for y in stride(from: 0, to: 64, by: 5) { for x in 0..<64 { px[(y * 64 + x) * 4] = rng.byte() } }
        let png = try PNGEncoder.encode(width: 64, height: 64, rgba: px, compression: 0)
        let idat = rawChunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
        let raw = try Inflate.inflate(idat, maxOutput: 64 * (64 * 3 + 1))
        let types = Set((0..<64).map { raw[$0 * (64 * 3 + 1)] })
        XCTAssertGreaterThanOrEqual(types.count, 2)
        XCTAssertTrue(types.allSatisfy { $0 <= 4 })
    }
}
