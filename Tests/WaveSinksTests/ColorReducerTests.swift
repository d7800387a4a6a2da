import XCTest
@testable import WaveSinks

final class ColorReducerTests: XCTestCase {
    func testNearest256PicksCubeAndGreyEntries() {
        XCTAssertEqual(nearest256(0x000000).index, 16)
        XCTAssertEqual(nearest256(0xFFFFFF).index, 231)
        XCTAssertEqual(nearest256(0xFF0000).index, 196)
        XCTAssertEqual(nearest256(0x5F87AF).index, 67)      // (95, 135, 175): levels 1, 2, 3
        XCTAssertEqual(nearest256(0x808080).index, 244)     // grey 8 + 10·12 = 128
        XCTAssertEqual(nearest256(0x121212).index, 233)     // grey 18
        XCTAssertEqual(nearest256(0x22C064).index, 35)      // sonar green → (0, 175, 95)
        XCTAssertEqual(nearest256(0x101418).index, 233)     // sonar background: a dark grey
    }

    func testPalette256ColoursRoundTrip() {
        for index in 16...255 {
            XCTAssertEqual(Int(nearest256(ColorReducer.rgb256(index)).index), index)
        }
    }

    func testNearest16UsesTheStandardPalette() {
        XCTAssertEqual(nearest16(0x000000).index, 0)
        XCTAssertEqual(nearest16(0xCD0000).index, 1)
        XCTAssertEqual(nearest16(0xF01010).index, 9)
        XCTAssertEqual(nearest16(0x808080).index, 8)
        XCTAssertEqual(nearest16(0xFFFFFF).index, 15)
        XCTAssertEqual(nearest16(0x1010C0).index, 4)
    }

    func nearest256(_ rgb: UInt32) -> (index: UInt8, Void) { (ColorReducer.plan(rgb, mode: .palette256).first, ()) }
    func nearest16(_ rgb: UInt32) -> (index: UInt8, Void) { (ColorReducer.plan(rgb, mode: .ansi16).first, ()) }

    func testPaletteColoursAreNotDithered() {
        let r256 = ColorReducer(mode: .palette256), r16 = ColorReducer(mode: .ansi16)
        for y in 0..<4 {
            for x in 0..<4 {
                XCTAssertEqual(r256.reduce(0x5F87AF, x: x, y: y), .palette256(67))
                XCTAssertEqual(r16.reduce(0xCDCD00, x: x, y: y), .ansi16(3))
            }
        }
    }

    func testOrderedDitheringMixesTheNeighboursDeterministically() {
        // Red 155 lies between the cube levels 135 and 175; in linear light (0.328 between
        // 0.242 and 0.429) it is 7/16 of the way, so 7 of 16 cells take the brighter red.
        let reducer = ColorReducer(mode: .palette256)
        var counts: [CellColor: Int] = [:]
        for y in 0..<4 { for x in 0..<4 { counts[reducer.reduce(0x9B0000, x: x, y: y), default: 0] += 1 } }
        XCTAssertEqual(counts, [.palette256(88): 9, .palette256(124): 7])
        XCTAssertEqual(reducer.reduce(0x9B0000, x: 5, y: 9), reducer.reduce(0x9B0000, x: 1, y: 1))   // the 4×4 pattern repeats
    }

    func testTruecolorAndNone() {
        XCTAssertEqual(ColorReducer(mode: .truecolor).reduce(0x123456, x: 3, y: 1), .rgb(0x12, 0x34, 0x56))
        XCTAssertEqual(ColorReducer(mode: .none).reduce(0x123456, x: 3, y: 1), .terminalDefault)
    }

    func testColorModeFromTheEnvironment() {
        XCTAssertEqual(ColorMode.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]), .truecolor)
        XCTAssertEqual(ColorMode.detect(environment: ["COLORTERM": "24bit"]), .truecolor)
        XCTAssertEqual(ColorMode.detect(environment: ["TERM": "screen-256color"]), .palette256)
        XCTAssertEqual(ColorMode.detect(environment: ["TERM": "xterm"]), .ansi16)
        XCTAssertEqual(ColorMode.detect(environment: ["TERM": "dumb"]), .none)
        XCTAssertEqual(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]), .none)
        XCTAssertEqual(ColorMode.detect(environment: ["NO_COLOR": "", "COLORTERM": "truecolor"]), .truecolor)   // set but empty: ignored
    }
}

/// Reduced colours keep their hue: measured as the perceptual error (ΔE in OKLab) between a
/// colour and what a 4×4 patch of its reduced cells averages to (in linear light, as the eye
/// mixes neighbouring cells). These were seen failing before (issue 20): teal, green and
/// pink became grey in 16 colours, navy turned grey and a flat dark background was dithered
/// into a checkerboard in 256.
final class PerceptualReductionTests: XCTestCase {
    static func rgb(of color: CellColor) -> UInt32 {
        switch color.kind {
        case .palette256: return ColorReducer.rgb256(Int(color.value))
        case .ansi16: return ColorReducer.ansiPalette[Int(color.value)]
        case .rgb: return color.value
        case .terminalDefault: return 0
        }
    }

    /// ΔE_OK between `rgb` and the linear-light mean of its reduced 4×4 patch, and how many
    /// different cells the patch uses.
    static func patchError(_ rgb: UInt32, _ mode: ColorMode) -> (deltaE: Double, distinct: Int) {
        let reducer = ColorReducer(mode: mode)
        var sum = (r: 0.0, g: 0.0, b: 0.0), seen = Set<CellColor>()
        for y in 0..<4 {
            for x in 0..<4 {
                let c = reducer.reduce(rgb, x: x, y: y)
                seen.insert(c)
                let l = OKLab.linear(Self.rgb(of: c))
                sum = (sum.r + l.r / 16, sum.g + l.g / 16, sum.b + l.b / 16)
            }
        }
        return (OKLab(linear: sum.r, sum.g, sum.b).distance2(OKLab(rgb: rgb)).squareRoot(), seen.count)
    }

    func testHuesSurviveSixteenColours() {
        // Two-colour mixes of 16 entries cannot hit every colour: pink's best pair is 0.075
        // away; teal comes within 0.011, while grey, its nearest single entry, is 0.107 away.
        let bounds: [(String, UInt32, Double)] = [("teal", 0x008080, 0.015), ("green", 0x22C064, 0.015), ("pink", 0xFF69B4, 0.09),
                                                  ("navy", 0x000080, 0.005), ("orange", 0xFF8800, 0.005)]
        for (name, c, bound) in bounds {
            XCTAssertLessThan(Self.patchError(c, .ansi16).deltaE, bound, "\(name) in 16 colours")
        }
        // The nearest single entry for teal is grey; the patch is cyan and black instead.
        let teal = ColorReducer.plan(0x008080, mode: .ansi16)
        XCTAssertEqual(Set([teal.first, teal.second]), [0, 6])
    }

    /// A terminal declaring 8 colours (TERM=xterm, linux) is sent the basic eight only, and
    /// hues still come through as mixes of them (one memo serves both modes without mixing
    /// their plans up).
    func testEightColoursUseOnlyTheBasicEight() {
        let memo = ReducerMemo()
        let r8 = ColorReducer(mode: .ansi8, memo: memo), r16 = ColorReducer(mode: .ansi16, memo: memo)
        var brightIn16 = 0
        for c in stride(from: UInt32(0), to: 0xFFFFFF, by: 0x030507) {
            for (x, y) in [(0, 0), (1, 2), (3, 3)] {
                let cell = r8.reduce(c, x: x, y: y)
                XCTAssertEqual(cell.kind, .ansi16)
                XCTAssertLessThan(cell.value, 8, String(c, radix: 16))
                if r16.reduce(c, x: x, y: y).value >= 8 { brightIn16 += 1 }
            }
        }
        XCTAssertGreaterThan(brightIn16, 60, "of 252 cells, the same colours do use bright entries in 16 colours")
        XCTAssertEqual(r8.reduce(0xFFFFFF, x: 0, y: 0), .ansi16(7), "white is the basic white")
        for (name, c, bound) in [("teal", UInt32(0x008080), 0.015), ("navy", 0x000080, 0.01), ("red", 0xCD0000, 0.001)] {
            XCTAssertLessThan(Self.patchError(c, .ansi8).deltaE, bound, "\(name) in 8 colours")
        }
        var writer = AnsiWriter()
        var grid = CellGrid(columns: 4, rows: 1)
        for x in 0..<4 { grid[x, 0] = .solid(r8.reduce(0xFF5577, x: x, y: 0)) }
        let bytes = String(decoding: writer.encode(grid), as: UTF8.self)
        XCTAssertNil(bytes.range(of: "\u{1B}\\[(9|10)[0-7]", options: .regularExpression), bytes.debugDescription)
    }

    func testHuesSurvive256Colours() {
        for (name, c) in [("navy", UInt32(0x1A2A6C)), ("teal", 0x008080), ("sky", 0x3A7BD5), ("skin", 0xE0AC69), ("dark", 0x101418)] {
            // At most `flatEnough` (0.03): a colour that near one entry is drawn flat on purpose.
            XCTAssertLessThanOrEqual(Self.patchError(c, .palette256).deltaE, ColorReducer.flatEnough, "\(name) in 256 colours")
        }
    }

    /// A flat colour is never shown as a grid of isolated dots of a clearly different entry
    /// (glow-heart's background, #1b1020, was grey 233 with one pixel in 16 of purple 53).
    func testAFlatColourIsNotADotGrid() {
        XCTAssertEqual(Self.patchError(0x1B1020, .palette256).distinct, 1)
        XCTAssertEqual(ColorReducer(mode: .palette256).reduce(0x1B1020, x: 0, y: 0), .palette256(233))
        var dense = 0
        for c in stride(from: UInt32(0), to: 0xFFFFFF, by: 0x010305) {
            let plan = ColorReducer.plan(c, mode: .palette256)
            guard plan.first != plan.second else { continue }
            guard plan.sixteenths <= 2 || plan.sixteenths >= 14 else { dense += 1; continue }
            let contrast = OKLab(rgb: ColorReducer.rgb256(Int(plan.first))).distance2(OKLab(rgb: ColorReducer.rgb256(Int(plan.second))))
            XCTAssertLessThanOrEqual(contrast.squareRoot(), 0.1, "\(String(c, radix: 16)): \(plan)")
        }
        XCTAssertGreaterThan(dense, 100, "denser mixes are still used")
    }

    func testFlatColoursNearAnEntryAreNotDithered() {
        for c in [UInt32(0x101418), 0x121212, 0x1C1C1C, 0x5F87AF, 0xFFFFFF, 0x000000] {
            XCTAssertEqual(Self.patchError(c, .palette256).distinct, 1, String(c, radix: 16))
        }
        for c in [UInt32(0x000000), 0xCD0000, 0xE5E5E5, 0xFFFFFF] {
            XCTAssertEqual(Self.patchError(c, .ansi16).distinct, 1, String(c, radix: 16))
        }
    }

    func testDitheringIsUsedOnlyWhereItLowersTheError() {
        for c in stride(from: UInt32(0), to: 0xFFFFFF, by: 0x0A1B2D) {
            let plan = ColorReducer.plan(c, mode: .ansi16)
            guard plan.first != plan.second else { continue }
            let nearest = OKLab(rgb: ColorReducer.ansiPalette[Int(plan.first)])
            let single = min(nearest.distance2(OKLab(rgb: c)), OKLab(rgb: ColorReducer.ansiPalette[Int(plan.second)]).distance2(OKLab(rgb: c)))
            XCTAssertLessThan(Self.patchError(c, .ansi16).deltaE, single.squareRoot(), String(c, radix: 16))
        }
    }

    /// The memoised planner (reused buffers, cached mixes, a 65,536-colour memo) gives the
    /// plan the rule in ColorReducer's comment gives, worked out the plain way below, for
    /// every colour of a seeded sample, the palettes, the greys, and colours met twice.
    func testTheMemoisedPlannerAgreesWithThePlainRule() {
        var state: UInt64 = 20261123
        func next() -> UInt64 {   // xorshift64*
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        var colours: [UInt32] = (0..<256).map { UInt32($0) * 0x010101 } + (16..<256).map(ColorReducer.rgb256) + ColorReducer.ansiPalette
        for _ in 0..<12_000 { colours.append(UInt32(truncatingIfNeeded: next() >> 32) & 0xFF_FFFF) }
        colours += colours.prefix(3000)   // memo hits
        for mode in [ColorMode.palette256, .ansi16, .ansi8] {
            let memo = ReducerMemo()
            var dithered = 0
            for c in colours {
                let expected = Self.plainPlan(c, mode: mode)
                XCTAssertEqual(memo.plan(c, mode: mode), expected, "\(String(c, radix: 16)) in \(mode)")
                if expected.first != expected.second { dithered += 1 }
            }
            XCTAssertGreaterThan(dithered, 1000, "the sample must exercise the mixes in \(mode)")
        }
    }

    /// The rule without memos or buffers: the nearest of the candidates, or the best mix
    /// of two of them in sixteenths when it cuts the error to `ditherGain` of the nearest's,
    /// in 256 colours leaving out one or two sixteenths of an entry more than 0.1 away from the
    /// other.
    static func plainPlan(_ rgb: UInt32, mode: ColorMode) -> ColorReducer.Plan {
        let target = OKLab(rgb: rgb)
        let palette = mode == .palette256 ? ColorReducer.Palette.xterm256 : mode == .ansi8 ? ColorReducer.Palette.ansi8 : ColorReducer.Palette.ansi16
        var candidates: [Int] = []
        if mode == .palette256 {
            let ch = [rgb >> 16 & 0xff, rgb >> 8 & 0xff, rgb & 0xff].map { Int($0) }
            let levels = ch.map { v in Set([ColorReducer.cubeCandidates(v).0, ColorReducer.cubeCandidates(v).1]) }
            for r in levels[0] { for g in levels[1] { for b in levels[2] { candidates.append(36 * r + 6 * g + b) } } }
            let grey = min(23, max(0, (ch.reduce(0, +) / 3 - 8 + 5) / 10))
            candidates += [grey - 1, grey, grey + 1].filter { (0..<24).contains($0) }.map { 216 + $0 }
        } else {
            candidates = Array(0..<(mode == .ansi8 ? 8 : 16))
        }
        // ΔE_OK², and in 16 and 8 colours the chroma lost and the hue difference weighed too.
        let targetChroma = (target.a * target.a + target.b * target.b).squareRoot()
        func cost(_ lab: OKLab) -> Double {
            let d = lab.distance2(target)
            guard mode != .palette256 else { return d }
            let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot(), loss = targetChroma - chroma
            let da = lab.a - target.a, db = lab.b - target.b
            let hue2 = max(0, da * da + db * db - loss * loss)
            return d + ColorReducer.hueWeight * hue2 + (loss > 0 ? ColorReducer.chromaLossWeight * loss * loss : 0)
        }
        let unranked: [(index: Int, d: Double)] = candidates.map { (index: $0, d: cost(palette.lab[$0])) }
        let ranked = unranked.sorted { $0.d < $1.d || ($0.d == $1.d && $0.index < $1.index) }
        let nearest = ranked[0]
        var plan = ColorReducer.Plan(first: UInt8(palette.indices[nearest.index]), second: UInt8(palette.indices[nearest.index]), sixteenths: 0)
        guard nearest.d > ColorReducer.flatEnough * ColorReducer.flatEnough else { return plan }
        var best = nearest.d * ColorReducer.ditherGain * ColorReducer.ditherGain
        let lin = OKLab.linear(rgb)
        for (i, p) in ranked.enumerated() {
            for q in ranked.dropFirst(i + 1) {
                let c1 = palette.linear[p.index], c2 = palette.linear[q.index]
                let dr = c2.r - c1.r, dg = c2.g - c1.g, db = c2.b - c1.b
                let len2 = dr * dr + dg * dg + db * db
                guard len2 > 0 else { continue }
                let t = ((lin.r - c1.r) * dr + (lin.g - c1.g) * dg + (lin.b - c1.b) * db) / len2
                let k = Int((min(1, max(0, t)) * 16).rounded())
                guard k > 0, k < 16 else { continue }
                let sparse = mode == .palette256 && (k <= 2 || k >= 14)
                guard !sparse || palette.lab[p.index].distance2(palette.lab[q.index]).squareRoot() <= 0.1 else { continue }
                let f = Double(k) / 16
                let d = cost(OKLab(linear: c1.r + f * dr, c1.g + f * dg, c1.b + f * db))
                if d < best {
                    best = d
                    plan = ColorReducer.Plan(first: UInt8(palette.indices[p.index]), second: UInt8(palette.indices[q.index]), sixteenths: k)
                }
            }
        }
        return plan
    }
}
