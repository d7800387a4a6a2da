import CFreeType
import XCTest

/// Reads a font with FreeType directly, without going through WaveGraphics,
/// so tests compare the library against an independent computation.
final class DirectFace {
    private var library: FT_Library?
    let face: FT_Face

    init(file: String) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw XCTSkip("FreeType did not initialize")
        }
        var face: FT_Face?
        guard FT_New_Face(library, file, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw XCTSkip("cannot open \(file)")
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        if let library { FT_Done_FreeType(library) }
    }

    var unitsPerEm: Double { Double(face.pointee.units_per_EM) }
    var ascender: Double { Double(face.pointee.ascender) }
    var descender: Double { Double(face.pointee.descender) }
    var hasKerning: Bool { wave_ft_has_kerning(face) != 0 }

    func glyph(_ c: Character) -> FT_UInt {
        FT_Get_Char_Index(face, FT_ULong(c.unicodeScalars.first!.value))
    }

    /// Advance in font units through `FT_Get_Advance` (a different FreeType
    /// entry point than loading the glyph).
    func advance(_ c: Character) -> Double {
        var advance: FT_Fixed = 0
        XCTAssertEqual(FT_Get_Advance(face, glyph(c), wave_ft_load_exact_outline(), &advance), 0)
        return Double(advance)
    }

    func kerning(_ a: Character, _ b: Character) -> Double {
        var delta = FT_Vector(x: 0, y: 0)
        XCTAssertEqual(
            FT_Get_Kerning(face, glyph(a), glyph(b), FT_UInt(FT_KERNING_UNSCALED.rawValue), &delta), 0)
        return Double(delta.x)
    }

    /// Control box (xMin, yMin, xMax, yMax) of the unscaled outline, y up.
    func controlBox(_ c: Character) -> (Double, Double, Double, Double) {
        XCTAssertEqual(FT_Load_Glyph(face, glyph(c), wave_ft_load_exact_outline()), 0)
        var box = FT_BBox()
        FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
        return (Double(box.xMin), Double(box.yMin), Double(box.xMax), Double(box.yMax))
    }

    /// Exact bounding box (xMin, yMin, xMax, yMax) of the unscaled outline, y up, from
    /// `FT_Outline_Get_BBox` (the curves' extremes, not their control points).
    func exactBox(_ c: Character) -> (Double, Double, Double, Double) {
        XCTAssertEqual(FT_Load_Glyph(face, glyph(c), wave_ft_load_exact_outline()), 0)
        var box = FT_BBox()
        XCTAssertEqual(FT_Outline_Get_BBox(&face.pointee.glyph.pointee.outline, &box), 0)
        return (Double(box.xMin), Double(box.yMin), Double(box.xMax), Double(box.yMax))
    }

    /// The OS/2 table's version, `sCapHeight` and `sxHeight` (the heights only from
    /// version 2 on), read with `FT_Get_Sfnt_Table`; nil without the table.
    var os2: (version: Int, capHeight: Double?, xHeight: Double?)? {
        guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) else { return nil }
        let table = raw.assumingMemoryBound(to: TT_OS2.self).pointee
        let version = Int(table.version)
        return version >= 2 ? (version, Double(table.sCapHeight), Double(table.sxHeight)) : (version, nil, nil)
    }

    /// Unscaled outline points (y up) and contour count.
    func outline(_ c: Character) -> (points: [(Double, Double)], contours: Int) {
        XCTAssertEqual(FT_Load_Glyph(face, glyph(c), wave_ft_load_exact_outline()), 0)
        let outline = face.pointee.glyph.pointee.outline
        let points = (0..<Int(outline.n_points)).map {
            (Double(outline.points[$0].x), Double(outline.points[$0].y))
        }
        return (points, Int(outline.n_contours))
    }
}
