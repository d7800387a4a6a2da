import WaveGeometry
import CFreeType

/// One opened FreeType face and the outlines loaded from it so far.
///
/// Outlines are read unscaled and unhinted (`FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING
/// | FT_LOAD_NO_BITMAP`), so every number here is in exact font units; scaling to
/// pixels happens in Double during layout.
/// Not thread-safe (FreeType faces are not): `FontLibrary` uses it under its lock.
final class FontFace {
    /// A glyph in font units: outline with y pointing down, pen at (0, 0).
    struct Glyph {
        var outline: Path
        var advance: Int
    }

    private let face: FT_Face
    let unitsPerEm: Int
    /// Positive above the baseline.
    let ascender: Int
    /// Negative below the baseline, as in the font.
    let descender: Int
    /// Baseline-to-baseline distance.
    let lineHeight: Int
    /// Height of capital letters above the baseline: the OS/2 table's `sCapHeight` (table
    /// version 2 or later, when not 0), else the top of the outline of 'H', else `ascender`.
    private(set) var capHeight = 0
    /// Height of lower-case letters above the baseline: the OS/2 table's `sxHeight` (table
    /// version 2 or later, when not 0), else the top of the outline of 'x', else half of
    /// `capHeight`.
    private(set) var xHeight = 0
    /// Whether FreeType exposes a legacy 'kern' table for this face
    /// (GPOS kerning is not read).
    let hasKerning: Bool
    private var glyphs: [UInt32: Glyph] = [:]

    /// Opens `file` with `FT_New_Face`. Throws unless the face has outlines.
    init(library: FT_Library, file: String, faceIndex: Int) throws {
        var opened: FT_Face?
        let error = FT_New_Face(library, file, FT_Long(faceIndex), &opened)
        guard error == 0, let face = opened else {
            throw FontError("cannot open font file '\(file)' (FreeType error \(error))")
        }
        guard wave_ft_is_scalable(face) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            throw FontError("font file '\(file)' has no outlines")
        }
        _ = FT_Select_Charmap(face, FT_ENCODING_UNICODE)
        self.face = face
        unitsPerEm = Int(face.pointee.units_per_EM)
        ascender = Int(face.pointee.ascender)
        descender = Int(face.pointee.descender)
        lineHeight = Int(face.pointee.height)
        hasKerning = wave_ft_has_kerning(face) != 0
        let (cap, x) = Self.os2Heights(face)
        capHeight = cap ?? inkTop("H") ?? ascender
        xHeight = x ?? inkTop("x") ?? capHeight / 2
    }

    /// `sCapHeight` and `sxHeight` of the face's OS/2 table: nil each when the table is
    /// missing, older than version 2 (which lacks both fields) or gives 0.
    private static func os2Heights(_ face: FT_Face) -> (cap: Int?, x: Int?) {
        guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) else { return (nil, nil) }
        let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
        guard os2.version >= 2, os2.version != 0xFFFF else { return (nil, nil) }
        return (os2.sCapHeight > 0 ? Int(os2.sCapHeight) : nil, os2.sxHeight > 0 ? Int(os2.sxHeight) : nil)
    }

    /// How far the outline of `c` reaches above the baseline, in font units (rounded);
    /// nil when the face lacks `c` or its outline is empty.
    private func inkTop(_ c: Unicode.Scalar) -> Int? {
        let index = glyphIndex(c)
        guard index != 0, let box = glyph(index).outline.tightBounds else { return nil }
        return Int((-box.minY).rounded())
    }

    deinit {
        FT_Done_Face(face)
    }

    /// The glyph for a code point, 0 (.notdef) when the face lacks it.
    func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// Outline and advance of a glyph; an empty outline with no advance if
    /// FreeType cannot load it.
    func glyph(_ index: UInt32) -> Glyph {
        if let cached = glyphs[index] { return cached }
        let glyph = load(index)
        glyphs[index] = glyph
        return glyph
    }

    /// Horizontal kerning between two glyphs in font units (0 without a 'kern' table).
    func kerning(_ left: UInt32, _ right: UInt32) -> Int {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        var delta = FT_Vector(x: 0, y: 0)
        guard FT_Get_Kerning(face, FT_UInt(left), FT_UInt(right),
                             FT_UInt(FT_KERNING_UNSCALED.rawValue), &delta) == 0 else { return 0 }
        return Int(delta.x)
    }

    private func load(_ index: UInt32) -> Glyph {
        guard FT_Load_Glyph(face, FT_UInt(index), wave_ft_load_exact_outline()) == 0,
              let slot = face.pointee.glyph
        else { return Glyph(outline: Path(), advance: 0) }
        let advance = Int(slot.pointee.metrics.horiAdvance)
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return Glyph(outline: Path(), advance: advance)
        }
        let outline = withUnsafeMutablePointer(to: &slot.pointee.outline) { OutlineCollector.path(of: $0) }
        return Glyph(outline: outline, advance: advance)
    }
}
