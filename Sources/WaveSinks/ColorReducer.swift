/// Turns 24-bit colours into the colours a terminal can show.
///
/// For 256 and 16 colours each colour is first offset by a 4×4 Bayer matrix entry chosen by
/// its pixel position (ordered dithering: deterministic, no error carried between cells),
/// then mapped to the nearest palette entry by the "redmean" weighted RGB distance. A colour
/// already within a couple of levels of a palette entry is not dithered, so flat areas of
/// palette colours stay flat.
public struct ColorReducer: Sendable {
    public let mode: ColorMode

    public init(mode: ColorMode) { self.mode = mode }

    /// The cell colour for `rgb` (0xRRGGBB) drawn at pixel (x, y).
    public func reduce(_ rgb: UInt32, x: Int, y: Int) -> CellColor {
        switch mode {
        case .truecolor: return .rgb(rgb)
        case .none: return .terminalDefault
        case .palette256:
            let exact = ColorReducer.nearest256(rgb)
            if exact.distance <= ColorReducer.closeEnough { return .palette256(exact.index) }
            return .palette256(ColorReducer.nearest256(ColorReducer.dither(rgb, x: x, y: y, spread: 32)).index)
        case .ansi16:
            let exact = ColorReducer.nearest16(rgb)
            if exact.distance <= ColorReducer.closeEnough { return .ansi16(exact.index) }
            return .ansi16(ColorReducer.nearest16(ColorReducer.dither(rgb, x: x, y: y, spread: 64)).index)
        }
    }

    /// Distance below which no dithering is done (about 2 levels on each channel).
    static let closeEnough = 40

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

    static let bayer4: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// `rgb` with every channel moved by (bayer(x, y) + ½)/16 − ½ times `spread`, clamped.
    static func dither(_ rgb: UInt32, x: Int, y: Int, spread: Int) -> UInt32 {
        let b = bayer4[(y & 3) << 2 | (x & 3)]
        let offset = ((2 * b + 1) * spread) / 32 - spread / 2
        func ch(_ shift: UInt32) -> UInt32 { UInt32(min(255, max(0, Int(rgb >> shift & 0xff) + offset))) << shift }
        return ch(16) | ch(8) | ch(0)
    }

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

    /// The nearest of the cube and grey ramp (indices 16–255) and its distance. The 16 basic
    /// colours are left out: terminals disagree about them.
    public static func nearest256(_ rgb: UInt32) -> (index: UInt8, distance: Int) {
        let r = Int(rgb >> 16 & 0xff), g = Int(rgb >> 8 & 0xff), b = Int(rgb & 0xff)
        let (r0, r1) = cubeCandidates(r), (g0, g1) = cubeCandidates(g), (b0, b1) = cubeCandidates(b)
        var best = 16 + 36 * r0 + 6 * g0 + b0
        var bestDistance = distance(rgb, rgb256(best))
        for ri in [r0, r1] {
            for gi in [g0, g1] {
                for bi in [b0, b1] {
                    let index = 16 + 36 * ri + 6 * gi + bi
                    let d = distance(rgb, rgb256(index))
                    if d < bestDistance { best = index; bestDistance = d }
                }
            }
        }
        let grey = min(23, max(0, ((r + g + b) / 3 - 8 + 5) / 10))
        for gi in [grey - 1, grey, grey + 1] where gi >= 0 && gi < 24 {
            let d = distance(rgb, rgb256(232 + gi))
            if d < bestDistance { best = 232 + gi; bestDistance = d }
        }
        return (UInt8(best), bestDistance)
    }

    // MARK: - 16 colours

    /// The standard ANSI colours as xterm shows them by default: black, red, green, yellow,
    /// blue, magenta, cyan, white, then their bright forms.
    public static let ansiPalette: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]

    public static func nearest16(_ rgb: UInt32) -> (index: UInt8, distance: Int) {
        var best = 0, bestDistance = Int.max
        for (i, c) in ansiPalette.enumerated() {
            let d = distance(rgb, c)
            if d < bestDistance { best = i; bestDistance = d }
        }
        return (UInt8(best), bestDistance)
    }
}
