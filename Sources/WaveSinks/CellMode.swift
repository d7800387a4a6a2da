/// How one terminal cell shows a block of pixels.
///
/// A pattern is a bit set over the cell's pixels, row-major from the top-left pixel
/// (bit 0); a set bit shows the foreground colour, a clear bit the background.
public enum CellMode: String, CaseIterable, Sendable {
    /// Upper and lower half blocks: 1×2 pixels, each its own colour.
    case half
    /// Quadrant blocks: 2×2 pixels in two colours.
    case quadrant
    /// Sextant blocks (Unicode 13 "legacy computing"): 2×3 pixels in two colours.
    case sextant
    /// Braille dots: 2×4 pixels, dots in one colour over another.
    case braille
    /// A luminance ramp of ASCII characters: 1×2 pixels, one character.
    case ascii

    /// Pixels across and down one cell.
    public var pixelColumns: Int {
        switch self { case .half, .ascii: return 1; case .quadrant, .sextant, .braille: return 2 }
    }

    public var pixelRows: Int {
        switch self { case .half, .ascii, .quadrant: return 2; case .sextant: return 3; case .braille: return 4 }
    }

    /// The character that shows `pattern` (nil for ascii, which has no patterns).
    public func glyph(_ pattern: Int) -> Unicode.Scalar? {
        switch self {
        case .half: return CellGlyphs.half[pattern & 3]
        case .quadrant: return CellGlyphs.quadrant[pattern & 15]
        case .sextant: return CellGlyphs.sextant[pattern & 63]
        case .braille: return CellGlyphs.braille(pattern)
        case .ascii: return nil
        }
    }
}

/// The characters of each cell mode, by pattern.
enum CellGlyphs {
    static func scalar(_ v: UInt32) -> Unicode.Scalar { Unicode.Scalar(v) ?? " " }

    /// 1×2: none, top, bottom, both.
    static let half: [Unicode.Scalar] = [" ", "▀", "▄", "█"]

    /// 2×2 with bits top-left, top-right, bottom-left, bottom-right.
    static let quadrant: [Unicode.Scalar] = [
        " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛",
        "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]

    /// 2×3 with bits in reading order. Unicode numbers sextant cells the same way (1 = top
    /// left … 6 = bottom right) and encodes U+1FB00… in pattern order, leaving out the four
    /// patterns that older blocks already have: empty, left half, right half, full.
    static let sextant: [Unicode.Scalar] = (0..<64).map { p in
        switch p {
        case 0: return " "
        case 21: return "▌"
        case 42: return "▐"
        case 63: return "█"
        default: return scalar(0x1FB00 + UInt32(p - 1 - (p > 21 ? 1 : 0) - (p > 42 ? 1 : 0)))
        }
    }

    /// Braille dot bit for each pixel of the 2×4 block in reading order (dots 1, 4, 2, 5,
    /// 3, 6, 7, 8).
    static let brailleBits: [UInt32] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]

    static func braille(_ pattern: Int) -> Unicode.Scalar {
        var bits: UInt32 = 0
        for i in 0..<8 where pattern & (1 << i) != 0 { bits |= brailleBits[i] }
        return scalar(0x2800 + bits)
    }

    /// Characters from empty to dense, for the ascii mode.
    static let ramp: [Unicode.Scalar] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    /// For block characters that have a complement (the same picture with the colours
    /// swapped), the complement: the writer uses it when that saves a colour change.
    static let complement: [UInt32: Unicode.Scalar] = {
        var map: [UInt32: Unicode.Scalar] = [:]
        for (table, all) in [(half, 3), (quadrant, 15), (sextant, 63)] {
            for p in 1..<all { map[table[p].value] = table[all ^ p] }
        }
        return map
    }()
}
