import XCTest
import CPixelKernels

/// The C pixel kernels (`CPixelKernels`) against their definitions, on seeded random input
/// of every length up to a few steps of the wide path (so every tail is seen), on the
/// portable path and on the wide one where the machine has it (AVX-512 VBMI): both must
/// give the same bytes.
final class PixelKernelTests: XCTestCase {
    private var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    private func next() -> UInt32 {
        seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
        return UInt32(truncatingIfNeeded: seed >> 11)
    }

    /// Runs `body` on the portable path, then on the widest the machine has.
    private func onEachPath(_ body: (Int32) -> Void) {
        defer { wave_kernels_use(1) }
        XCTAssertEqual(wave_kernels_use(0), 0)
        body(0)
        let wide = wave_kernels_use(1)
        if wide > 0 { body(wide) }
    }

    func testTheWidePathIsTakenWhereTheMachineHasIt() {
        // On this project's CI machines (Intel Xeon with AVX-512 VBMI) the wide path is there.
        defer { wave_kernels_use(1) }
        let wide = wave_kernels_use(1)
        XCTAssertTrue(wide == 0 || wide == 1)
        let flags = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        if flags.contains(" avx512vbmi ") && flags.contains(" avx512bw ") && flags.contains(" avx512vl ") {
            XCTAssertEqual(wide, 1)
        }
        XCTAssertEqual(wave_kernels_use(0), 0)
        XCTAssertEqual(wave_kernels_level(), 0)
    }

    func testLookupGivesTheTablesWords() {
        var words = (0..<256).map { _ in next() }
        var table = wave_word_table()
        for flatAlpha in [false, true] {
            if flatAlpha { for i in words.indices { words[i] = words[i] & 0x00FF_FFFF | 0xFF00_0000 } }   // an opaque result
            wave_word_table_prepare(&table, words)
            XCTAssertEqual(table.flat.3, flatAlpha ? 1 : 0)
            onEachPath { level in
                for count in Array(0...200) + [1000, 4099] {
                    let index = (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
                    // Written at an odd offset into a larger buffer: the words around stay.
                    var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 3)
                    out.withUnsafeMutableBufferPointer { o in wave_lookup_words(&table, index, o.baseAddress! + 1, count) }
                    XCTAssertEqual(out[0], 0xDEAD_BEEF)
                    XCTAssertEqual(Array(out[(count + 1)...]), [0xDEAD_BEEF, 0xDEAD_BEEF])
                    if let i = (0..<count).first(where: { out[$0 + 1] != words[Int(index[$0])] }) {
                        XCTFail("path \(level), count \(count), index \(i)")
                        return
                    }
                }
            }
        }
    }

    /// Planned runs (offsets from two bases, zeros for `WAVE_ZERO_INDICES`) and null-index
    /// jobs give the table's words, on each path; words between the runs stay.
    func testPlannedLookupsAndZeroRuns() {
        let words = (0..<256).map { _ in next() }
        var table = wave_word_table()
        wave_word_table_prepare(&table, words)
        let index = (0..<3000).map { _ in UInt8(truncatingIfNeeded: next()) }
        // Runs of 1 to 200 words with gaps, every third of zeros.
        var runs: [wave_planned_lookup] = [], at = 0
        while at < 2500 {
            let count = 1 + Int(next() % 200), zero = runs.count % 3 == 2
            runs.append(wave_planned_lookup(index: zero ? UInt32(WAVE_ZERO_INDICES) : UInt32(next() % 700),
                                            out: UInt32(at), count: UInt32(count)))
            at += count + Int(next() % 5)
        }
        onEachPath { level in
            var out = [UInt32](repeating: 0xDEAD_BEEF, count: at)
            out.withUnsafeMutableBufferPointer { o in wave_lookup_planned(&table, index, o.baseAddress!, runs, runs.count) }
            var expected = [UInt32](repeating: 0xDEAD_BEEF, count: at)
            for run in runs {
                for k in 0..<Int(run.count) {
                    expected[Int(run.out) + k] = run.index == UInt32(WAVE_ZERO_INDICES) ? words[0] : words[Int(index[Int(run.index) + k])]
                }
            }
            XCTAssertEqual(out, expected, "path \(level)")
            // The same zero runs as jobs with a null index.
            var jobsOut = [UInt32](repeating: 0xDEAD_BEEF, count: at)
            jobsOut.withUnsafeMutableBufferPointer { o in
                index.withUnsafeBufferPointer { i in
                    let jobs = runs.map { wave_lookup_job(index: $0.index == UInt32(WAVE_ZERO_INDICES) ? nil : i.baseAddress! + Int($0.index),
                                                          out: o.baseAddress! + Int($0.out), count: Int($0.count)) }
                    wave_lookup_jobs(&table, jobs, jobs.count)
                }
            }
            XCTAssertEqual(jobsOut, expected, "path \(level), jobs")
        }
    }

    func testInterpolateAcrossIsTheBilinearSum() {
        onEachPath { level in
            for cellWidth in [2, 3, 4, 8, 16] {
                for count in [1, 7, 15, 16, 17, 40, 333] {
                    // Cell indices as the coarse blur makes them: non-decreasing, one cell every
                    // `cellWidth` columns, from an offset.
                    let offset = Int(next() % UInt32(cellWidth))
                    let cell = (0..<count).map { UInt32(($0 + offset) / cellWidth) }
                    let cells = (0..<Int(cell[count - 1]) + 2).map { _ in UInt16(truncatingIfNeeded: next() % 65281) }
                    let t = (0..<count).map { _ in next() % 256 }
                    var out = [UInt32](repeating: 0, count: count)
                    wave_interpolate_across(cells, cells.count, cell, t, &out, count)
                    for p in 0..<count {
                        let a = UInt32(cells[Int(cell[p])]), b = UInt32(cells[Int(cell[p]) + 1])
                        XCTAssertEqual(out[p], a * (256 - t[p]) + b * t[p], "path \(level), width \(cellWidth), count \(count), p \(p)")
                    }
                }
            }
        }
    }

    /// Every row of a band is the vertical sum rounded once, whether its weight steps by one
    /// pixel from the last row's or jumps, and lands where its row says: the columns before
    /// its hidden stretch, then those after it, nothing else written.
    func testBlendBandRoundsEachRowOnceAndLeavesOutTheHiddenStretch() {
        onEachPath { level in
            for count in [1, 15, 16, 17, 100, 259] {
                for k in 1...4 {
                    let top = (0..<count).map { _ in next() % (65280 * 256 + 1) }
                    let bottom = (0..<count).map { _ in next() % (65280 * 256 + 1) }
                    // As many rows as lie between two cells (F = 2ᵏ pixels), one pixel apart but
                    // for a jump now and then.
                    let step = UInt32(256 >> k), n = 1 << k
                    var tys: [UInt32] = [next() % step]
                    for _ in 1..<n { tys.append(next() % 5 == 0 ? next() % 256 : Swift.min(255, tys[tys.count - 1] + step)) }
                    let hidden: [(Int, Int)] = (0..<n).map { _ in
                        let a = Int(next()) % (count + 1), b = a + Int(next()) % (count + 1 - a)
                        return next() % 3 == 0 ? (0, 0) : (a, b)
                    }
                    var outs = [[UInt8]](repeating: [UInt8](repeating: 0xEE, count: count + 1), count: n)
                    outs.withUnsafeMutableBufferPointer { o in
                        let rows = (0..<n).map { r in
                            wave_band_row(out: o[r].withUnsafeMutableBufferPointer { $0.baseAddress! }, hide_start: hidden[r].0,
                                          hide_end: hidden[r].1, ty: tys[r])
                        }
                        wave_blend_band(top, bottom, count, rows, n)
                    }
                    for r in 0..<n {
                        var expected: [UInt8] = []
                        for e in 0..<count where e < hidden[r].0 || e >= hidden[r].1 {
                            let ty = UInt64(tys[r])
                            expected.append(UInt8((UInt64(top[e]) * (256 - ty) + UInt64(bottom[e]) * ty + (1 << 23)) >> 24))
                        }
                        expected += [UInt8](repeating: 0xEE, count: count + 1 - expected.count)
                        XCTAssertEqual(outs[r], expected, "path \(level), count \(count), k \(k), row \(r), hidden \(hidden[r])")
                    }
                }
            }
        }
    }

    func testWeightedPairsAndChannelSums() {
        onEachPath { level in
            for count in [0, 1, 15, 16, 17, 31, 32, 33, 63, 301] {
                for pairs in [1, 2, 9, 29] {
                    // Pairs made by wave_pair from two rows each.
                    let a = (0..<pairs).map { _ in (0..<count).map { _ in UInt16(truncatingIfNeeded: next() % 65281) } }
                    let b = (0..<pairs).map { _ in (0..<count).map { _ in UInt16(truncatingIfNeeded: next() % 65281) } }
                    var rows = [[UInt32]](repeating: [UInt32](repeating: 0, count: count + 1), count: pairs)
                    for p in 0..<pairs {
                        rows[p][count] = 0x1234_5678
                        wave_pair(a[p], b[p], &rows[p], count)
                        XCTAssertEqual(rows[p][count], 0x1234_5678, "wave_pair wrote past the end")
                        for e in 0..<count {
                            XCTAssertEqual(rows[p][e], UInt32(a[p][e] ^ 0x8000) | UInt32(b[p][e] ^ 0x8000) << 16)
                        }
                    }
                    // Weights under 32768, each 16-bit half; the sum as defined: Σ w · value, plus
                    // 32768 · Σ w to undo the signed halves, plus 2¹⁵, modulo 2³².
                    let w = (0..<pairs).map { _ in next() % 32768 | (next() % 32768) << 16 }
                    var start: UInt32 = 1 << 15
                    for p in 0..<pairs { start = start &+ ((w[p] & 0xFFFF) &+ (w[p] >> 16)) &* 32768 }
                    var out = [UInt16](repeating: 0xABCD, count: count + 1)
                    rows.withUnsafeBufferPointer { r in
                        let pointers = (0..<pairs).map { i in r[i].withUnsafeBufferPointer { Optional(UnsafePointer($0.baseAddress!)) } }
                        wave_weighted_pairs(pointers, w, pairs, start, &out, count)
                    }
                    XCTAssertEqual(out[count], 0xABCD, "written past the end")
                    for e in 0..<count {
                        var acc: UInt32 = 1 << 15
                        for p in 0..<pairs { acc = acc &+ (w[p] & 0xFFFF) &* UInt32(a[p][e]) &+ (w[p] >> 16) &* UInt32(b[p][e]) }
                        if out[e] != UInt16(truncatingIfNeeded: acc >> 16) {
                            return XCTFail("path \(level), count \(count), pairs \(pairs), e \(e): \(out[e]) != \(acc >> 16)")
                        }
                    }
                }
            }
            for count in [0, 1, 15, 16, 17, 63, 64, 65, 301] {
                let start = (0..<count).map { _ in next() }
                let pixels = (0..<count).map { _ in next() | next() << 21 }
                for shift: UInt32 in [0, 8, 24] {
                    var sums = start
                    wave_add_channel(&sums, pixels, shift, count)
                    XCTAssertEqual(sums, (0..<count).map { start[$0] &+ (pixels[$0] >> shift) & 0xFF }, "path \(level), count \(count)")
                }
                var cells = [UInt32](repeating: 7, count: count + 2)
                let level = UInt32(next() % 4 + 1), offset = next() % (1 << level)
                wave_sum_cells(&cells, start, count, offset, level)
                var expected = [UInt32](repeating: 7, count: count + 2)
                for p in 0..<count { expected[(p + Int(offset)) >> Int(level)] &+= start[p] }
                XCTAssertEqual(cells, expected, "cells of \(1 << level), offset \(offset)")
            }
        }
    }

    func testOpaqueRunIsTheFirstStretchOfAlpha255() {
        onEachPath { level in
            for count in [0, 1, 5, 16, 17, 40, 100] {
                for _ in 0..<40 {
                    // Runs of opaque and translucent pixels of random lengths.
                    var pixels: [UInt32] = []
                    while pixels.count < count {
                        let opaque = next() % 3 == 0, length = Int(next() % 24) + 1
                        for _ in 0..<length { pixels.append(opaque ? 0xFF00_0000 | next() % 0x100_0000 : next() % 0xFF00_0000) }
                    }
                    pixels = Array(pixels.prefix(count))
                    var start = -1, end = -1
                    wave_opaque_run(pixels, count, &start, &end)
                    let first = pixels.firstIndex { $0 >> 24 == 255 } ?? count
                    let last = pixels[first...].firstIndex { $0 >> 24 != 255 } ?? count
                    XCTAssertEqual([start, end], [first, last], "path \(level), \(pixels.map { $0 >> 24 })")
                }
            }
        }
    }
}
