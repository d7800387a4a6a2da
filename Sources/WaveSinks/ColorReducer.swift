/// Turns 24-bit colours into the colours a terminal can show.
///
/// Colours are matched perceptually: in OKLab, against the real xterm 256-colour palette
/// (cube and grey ramp) or the 16 (or first 8) ANSI colours as xterm shows them. A colour whose nearest
/// palette entry is close (ΔE_OK ≤ `flatEnough`) is drawn as that entry, so flat areas stay
/// flat. Otherwise the reducer looks for two of the nearest entries whose mix (in linear
/// light, in sixteenths) comes clearly closer, and ordered-dithers between them by the 4×4
/// Bayer matrix at the pixel's position: teal on 16 colours becomes cyan and black in the
/// right proportion, not grey. Dithering is used only where it lowers the perceptual
/// error, and in 256 colours never as sparse dots of a clearly different entry (`isDotGrid`); it is
/// deterministic and carries no error between cells.
public struct ColorReducer: Sendable {
    public let mode: ColorMode
    private let memo: ReducerMemo

    /// A reducer with its own memo for the terminal's `palette`, or with `memo` kept from
    /// earlier frames (one thread at a time: `CellRenderer` lends memos from a pool), which
    /// then says the palette.
    public init(mode: ColorMode, memo: ReducerMemo? = nil, palette: TerminalPalette = .xterm) {
        self.mode = mode
        self.memo = memo ?? ReducerMemo(palette: palette)
    }

    /// The 16 ANSI colours this reducer matches against.
    public var ansiColors: [UInt32] { memo.terminal.ansi }

    /// The cell colour for `rgb` (0xRRGGBB) drawn at pixel (x, y).
    public func reduce(_ rgb: UInt32, x: Int, y: Int) -> CellColor {
        switch mode {
        case .truecolor: return .rgb(rgb)
        case .none: return .terminalDefault
        case .palette256, .ansi16, .ansi8:
            let plan = memo.plan(rgb, mode: mode)
            let index = plan.second != plan.first && ColorReducer.bayer4[(y & 3) << 2 | (x & 3)] < plan.sixteenths ? plan.second : plan.first
            return mode == .palette256 ? .palette256(index) : .ansi16(index)
        }
    }

    /// The one palette entry nearest `rgb` (in OKLab), never dithered: for text and bars
    /// that must read the same in every cell (the status row), where `reduce` at one
    /// position could give either colour of a mix (light grey as black).
    public func nearest(_ rgb: UInt32) -> CellColor {
        ColorReducer.nearest(rgb, mode: mode, in: memo.palette(for: mode))
    }

    /// `nearest` without a reducer (whose memo is 512 KiB): for a few colours a frame, on a
    /// terminal showing `terminal`'s colours.
    public static func nearest(_ rgb: UInt32, mode: ColorMode, terminal: TerminalPalette) -> CellColor {
        nearest(rgb, mode: mode, in: Palette.of(mode, terminal: terminal))
    }

    static func nearest(_ rgb: UInt32, mode: ColorMode, in palette: Palette) -> CellColor {
        switch mode {
        case .truecolor: return .rgb(rgb)
        case .none: return .terminalDefault
        case .palette256, .ansi16, .ansi8:
            let target = OKLab(rgb: rgb)
            var best = 0, bestDistance = Double.infinity
            func consider(_ c: Int) {
                let d = palette.lab[c].distance2(target)
                if d < bestDistance { best = c; bestDistance = d }
            }
            if mode == .palette256 { ColorReducer.forEachCandidate256(rgb, consider) } else { palette.indices.indices.forEach(consider) }
            let index = UInt8(palette.indices[best])
            return mode == .palette256 ? .palette256(index) : .ansi16(index)
        }
    }

    /// How a colour is shown: `first`, or where the Bayer threshold is under `sixteenths`,
    /// `second` (the same entry when it is not dithered).
    struct Plan: Equatable {
        var first: UInt8
        var second: UInt8
        var sixteenths: Int
    }

    /// Largest ΔE_OK at which the nearest entry is used as it is (a flat area stays flat).
    static let flatEnough = 0.03
    /// A dithered mix must cut the error to this fraction of the nearest entry's to be used.
    static let ditherGain = 0.6
    /// Mixes of at most this many sixteenths of one entry (either way) are sparse dots.
    static let sparseDots = 2
    /// ΔE_OK between two entries beyond which their sparse dots show as dots.
    static let dotContrast = 0.1
    /// In 16 and 8 colours, how much chroma lost weighs beside ΔE_OK (squared, as a
    /// multiple of the loss squared): a dark blue matched by lightness alone is black and
    /// grey, and ocean's sky went grey (65 % of its chromatic patches, hue off by 94°); with
    /// the loss weighed, a mix of black and blue that overshoots the chroma wins.
    static let chromaLossWeight = 4.0
    /// In 16 and 8 colours, how much more a difference of hue (ΔH²) weighs.
    static let hueWeight = 0.5

    /// Whether `k` sixteenths of `b` in `a` (or of `a` in `b`) would show as a grid of
    /// isolated dots rather than as a colour: one or two pixels in each 4×4 block of an
    /// entry clearly unlike the rest (glow-heart's dark purple background in 256 colours
    /// was grey with every sixteenth pixel bright purple). In 256 colours such a colour is
    /// drawn as its nearest entry or a denser mix instead; the 16 colours are too far apart
    /// to do without them (a dark blue is black with blue dots).
    @inline(__always)
    static func isDotGrid(_ k: Int, _ a: OKLab, _ b: OKLab) -> Bool {
        (k <= sparseDots || k >= 16 - sparseDots) && a.distance2(b) > dotContrast * dotContrast
    }

    /// The plan for `rgb` on `mode`'s palette (worked out afresh; a reducer memoises them).
    static func plan(_ rgb: UInt32, mode: ColorMode, palette: TerminalPalette = .xterm) -> Plan {
        Planner().plan(rgb, mode: mode, palette: Palette.of(mode, terminal: palette))
    }

    /// Calls `body` with each position in `Palette.xterm256` worth comparing for `rgb`: the
    /// cube cells around each channel (a level twice when the channel sits on it) and the
    /// nearest greys.
    @inline(__always)
    static func forEachCandidate256(_ rgb: UInt32, _ body: (Int) -> Void) {
        let r = Int(rgb >> 16 & 0xff), g = Int(rgb >> 8 & 0xff), b = Int(rgb & 0xff)
        let (r0, r1) = cubeCandidates(r), (g0, g1) = cubeCandidates(g), (b0, b1) = cubeCandidates(b)
        for ri in [r0, r1] { for gi in [g0, g1] { for bi in [b0, b1] { body(36 * ri + 6 * gi + bi) } } }
        let grey = min(23, max(0, ((r + g + b) / 3 - 8 + 5) / 10))
        for gi in grey - 1...grey + 1 where gi >= 0 && gi < 24 { body(216 + gi) }
    }

    /// A palette with its entries' OKLab and linear-light values precomputed.
    struct Palette: Sendable {
        /// The terminal's index of each entry.
        let indices: [Int]
        let lab: [OKLab]
        let linear: [(r: Double, g: Double, b: Double)]

        init(indices: [Int], rgb: (Int) -> UInt32) {
            self.indices = indices
            lab = indices.map { OKLab(rgb: rgb($0)) }
            linear = indices.map { OKLab.linear(rgb($0)) }
        }

        /// The cube and the grey ramp (16–255); the 16 basic colours are left out because
        /// terminals disagree about them.
        static let xterm256 = Palette(indices: Array(16..<256), rgb: ColorReducer.rgb256)
        static let ansi16 = sixteen(ColorReducer.ansiPalette)
        static let ansi8 = eight(ColorReducer.ansiPalette)

        /// The 16 colours `ansi`.
        static func sixteen(_ ansi: [UInt32]) -> Palette { Palette(indices: Array(0..<16), rgb: { ansi[$0] }) }
        /// The first eight of `ansi`, at the same positions (so mixes of 8 and 16 agree).
        static func eight(_ ansi: [UInt32]) -> Palette { Palette(indices: Array(0..<8), rgb: { ansi[$0] }) }

        /// `mode`'s palette on a terminal showing `terminal`'s colours (the 256-colour
        /// palette leaves out the 16, so it is the same on every terminal).
        static func of(_ mode: ColorMode, terminal: TerminalPalette = .xterm) -> Palette {
            let xterm = terminal.ansi == ColorReducer.ansiPalette
            switch mode {
            case .palette256: return xterm256
            case .ansi8: return xterm ? ansi8 : eight(terminal.ansi)
            default: return xterm ? ansi16 : sixteen(terminal.ansi)
            }
        }
    }

    // MARK: - Distance

    /// The "redmean" approximation of perceived colour difference, squared and scaled by 256:
    /// red and blue weigh more or less depending on how red the pair is; green weighs most.
    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let r1 = Int(a >> 16 & 0xff), g1 = Int(a >> 8 & 0xff), b1 = Int(a & 0xff)
        let r2 = Int(b >> 16 & 0xff), g2 = Int(b >> 8 & 0xff), b2 = Int(b & 0xff)
        let rmean = (r1 + r2) >> 1
        let dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        return (((512 + rmean) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rmean) * db * db) >> 8)   // (shifts bind tighter than ×)
    }

    // MARK: - Ordered dithering

    /// The 4×4 Bayer matrix, row-major: the threshold (in sixteenths) at each position.
    static let bayer4: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    // MARK: - 256 colours

    /// The levels of the 6×6×6 cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB colour of a 256-palette index from 16 up (cube and grey ramp).
    public static func rgb256(_ index: Int) -> UInt32 {
        if index >= 232 {
            let v = UInt32(8 + 10 * (index - 232))
            return v << 16 | v << 8 | v
        }
        let i = max(0, index - 16)
        let r = UInt32(cubeLevels[i / 36]), g = UInt32(cubeLevels[i / 6 % 6]), b = UInt32(cubeLevels[i % 6])
        return r << 16 | g << 8 | b
    }

    /// The two cube levels around `v` (the nearer first).
    @inline(__always)
    static func cubeCandidates(_ v: Int) -> (Int, Int) {
        let near = v < 48 ? 0 : (v < 115 ? 1 : min(5, (v - 35) / 40))
        let level = cubeLevels[near]
        let other = v >= level ? min(5, near + 1) : max(0, near - 1)
        return (near, other)
    }

    // MARK: - 16 colours

    /// The standard ANSI colours as xterm shows them by default: black, red, green, yellow,
    /// blue, magenta, cyan, white, then their bright forms.
    public static let ansiPalette: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]
}

/// Plans already worked out for the colours of the frames being encoded (a direct-mapped
/// cache of 65,536 colours: flat areas and repeated colours cost one lookup; anti-aliased
/// edges of moving shapes bring new colours every frame, which the planner works out).
/// One reducer is used by one encoder on one thread. The tables are raw memory: they are
/// read thousands of times a frame, and a class's arrays would be checked for exclusive
/// access on every read.
public final class ReducerMemo: @unchecked Sendable {
    static let slots = 1 << 16
    private let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: slots)
    /// Plans packed as first | second << 8 | sixteenths << 16.
    private let plans = UnsafeMutablePointer<UInt32>.allocate(capacity: slots)
    let planner = Planner()
    /// The terminal's colours, and the palettes of 16 and 8 made of them.
    let terminal: TerminalPalette
    private let sixteen: ColorReducer.Palette, eight: ColorReducer.Palette

    /// A memo for plans on a terminal showing `palette`'s colours.
    public init(palette: TerminalPalette = .xterm) {
        terminal = palette
        sixteen = ColorReducer.Palette.of(.ansi16, terminal: palette)
        eight = ColorReducer.Palette.of(.ansi8, terminal: palette)
        keys.initialize(repeating: .max, count: ReducerMemo.slots)
    }

    /// The palette `mode` draws from.
    func palette(for mode: ColorMode) -> ColorReducer.Palette {
        switch mode {
        case .palette256: return .xterm256
        case .ansi8: return eight
        default: return sixteen
        }
    }
    deinit {
        keys.deallocate()
        plans.deallocate()
    }

    func plan(_ rgb: UInt32, mode: ColorMode) -> ColorReducer.Plan {
        let key = rgb & 0xFF_FFFF | (mode == .palette256 ? 0 : mode == .ansi8 ? 2 << 24 : 1 << 24)
        let slot = Int(truncatingIfNeeded: (key &* 2_654_435_761) >> 16) & (ReducerMemo.slots - 1)
        if keys[slot] == key {
            let p = plans[slot]
            return ColorReducer.Plan(first: UInt8(p & 0xff), second: UInt8(p >> 8 & 0xff), sixteenths: Int(p >> 16))
        }
        let plan = planner.plan(rgb, mode: mode, palette: palette(for: mode))
        keys[slot] = key
        plans[slot] = UInt32(plan.first) | UInt32(plan.second) << 8 | UInt32(plan.sixteenths) << 16
        return plan
    }
}

/// Works out plans (`ColorReducer.Plan`) without allocating: the candidates and their
/// ranking live in reused buffers, and the OKLab value of each mix of two palette entries
/// in sixteenths, which does not depend on the colour being matched, is computed once and
/// kept (the three cube roots per mix were most of the cost).
final class Planner: @unchecked Sendable {
    static let mixSlots = 1 << 12
    /// The ranked candidates (at most 16): palette positions and squared distances.
    private let rankedIndex = UnsafeMutablePointer<Int>.allocate(capacity: 16)
    private let rankedDistance = UnsafeMutablePointer<Double>.allocate(capacity: 16)
    /// Mixes by (first, second, sixteenths, mode), direct-mapped.
    private let mixKeys = UnsafeMutablePointer<UInt32>.allocate(capacity: mixSlots)
    private let mixes = UnsafeMutablePointer<OKLab>.allocate(capacity: mixSlots)

    init() {
        mixKeys.initialize(repeating: .max, count: Planner.mixSlots)
        mixes.initialize(repeating: OKLab(l: 0, a: 0, b: 0), count: Planner.mixSlots)
    }
    deinit {
        rankedIndex.deallocate()
        rankedDistance.deallocate()
        mixKeys.deallocate()
        mixes.deallocate()
    }

    /// A colour matches the nearest entry when that is close (ΔE_OK ≤ `flatEnough`), so
    /// flat areas stay flat. Otherwise every pair of candidates (120 for 16 colours, 28 for 8, at
    /// most 55 for 256) is tried mixed in linear light in sixteenths, as ordered dithering
    /// would show it: the best mix often pairs entries that are far from the colour on
    /// their own (teal = cyan and black, not grey). A mix is used only when it cuts the
    /// error to `ditherGain` of the nearest entry's.
    func plan(_ rgb: UInt32, mode: ColorMode, palette: ColorReducer.Palette) -> ColorReducer.Plan {
        let target = OKLab(rgb: rgb)
        let is256 = mode == .palette256
        // ΔE_OK², and in 16 and 8 colours the chroma lost (`chromaLossWeight`).
        let targetChroma = (target.a * target.a + target.b * target.b).squareRoot()
        func cost(_ lab: OKLab) -> Double {
            let d = lab.distance2(target)
            guard !is256 else { return d }
            let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot(), loss = targetChroma - chroma
            let da = lab.a - target.a, db = lab.b - target.b
            let hue2 = max(0, da * da + db * db - loss * loss)
            return d + ColorReducer.hueWeight * hue2 + (loss > 0 ? ColorReducer.chromaLossWeight * loss * loss : 0)
        }
        var count = 0
        func rank(_ c: Int) {
            // Insertion by (cost, index), skipping a repeat: the list is at most 16 long.
            let d = cost(palette.lab[c])
            var at = count
            while at > 0, d < rankedDistance[at - 1] || (d == rankedDistance[at - 1] && c < rankedIndex[at - 1]) { at -= 1 }
            if at > 0, rankedIndex[at - 1] == c { return }
            var i = count
            while i > at { rankedIndex[i] = rankedIndex[i - 1]; rankedDistance[i] = rankedDistance[i - 1]; i -= 1 }
            rankedIndex[at] = c
            rankedDistance[at] = d
            count += 1
        }
        if is256 { ColorReducer.forEachCandidate256(rgb, rank) } else { for c in palette.indices.indices { rank(c) } }
        let nearest = rankedIndex[0]
        var plan = ColorReducer.Plan(first: UInt8(palette.indices[nearest]), second: UInt8(palette.indices[nearest]), sixteenths: 0)
        guard rankedDistance[0] > ColorReducer.flatEnough * ColorReducer.flatEnough else { return plan }
        var best = rankedDistance[0] * ColorReducer.ditherGain * ColorReducer.ditherGain
        let lin = OKLab.linear(rgb)
        for i in 0..<count {
            let p = rankedIndex[i]
            let c1 = palette.linear[p]
            for j in i + 1 ..< count {
                let q = rankedIndex[j]
                let c2 = palette.linear[q]
                let dr = c2.r - c1.r, dg = c2.g - c1.g, db = c2.b - c1.b
                let len2 = dr * dr + dg * dg + db * db
                guard len2 > 0 else { continue }
                let t = ((lin.r - c1.r) * dr + (lin.g - c1.g) * dg + (lin.b - c1.b) * db) / len2
                let k = Int((min(1, max(0, t)) * 16).rounded())
                guard k > 0, k < 16, !(is256 && ColorReducer.isDotGrid(k, palette.lab[p], palette.lab[q])) else { continue }
                let d = cost(mix(p, q, k, is256: is256, c1: c1, c2: c2))
                if d < best {
                    best = d
                    plan = ColorReducer.Plan(first: UInt8(palette.indices[p]), second: UInt8(palette.indices[q]), sixteenths: k)
                }
            }
        }
        return plan
    }

    /// The OKLab value of entries `p` and `q` mixed `k` sixteenths of the way to `q`.
    @inline(__always)
    private func mix(_ p: Int, _ q: Int, _ k: Int, is256: Bool, c1: (r: Double, g: Double, b: Double), c2: (r: Double, g: Double, b: Double)) -> OKLab {
        let key = UInt32(p << 13 | q << 5 | k << 1 | (is256 ? 0 : 1))
        let slot = Int(truncatingIfNeeded: (key &* 2_654_435_761) >> 20) & (Planner.mixSlots - 1)
        if mixKeys[slot] == key { return mixes[slot] }
        let f = Double(k) / 16
        let m = OKLab(linear: c1.r + f * (c2.r - c1.r), c1.g + f * (c2.g - c1.g), c1.b + f * (c2.b - c1.b))
        mixKeys[slot] = key
        mixes[slot] = m
        return m
    }
}
