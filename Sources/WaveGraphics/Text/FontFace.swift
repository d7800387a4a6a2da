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
