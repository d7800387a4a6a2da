import WaveGeometry
import Foundation  // NFC / NFD normalization

/// Lays out one line: characters → glyphs → kerned pen positions → paths.
///
/// Pen positions are kept in integer font units and scaled to pixels once, so
/// a run is exact and deterministic. Each character (grapheme cluster) becomes
/// one path: its NFC form when the face has every code point of it ("e" +
/// U+0301 → "é"), else its NFD code points in sequence (base, then marks),
/// else the first of fontconfig's fallback faces (`fallback`) that has it, as
/// browsers and Core Text do, else the face's .notdef glyph. Default-ignorable
/// code points the face lacks (variation selectors, joiners) are skipped.
/// Control characters ("\n", "\t", "\r\n") are laid out as a space: a run is
/// a single line. The line's metrics are the face's; a fallback glyph's advance
/// is converted to the face's units and rounded, and kerning applies only
/// between neighbours drawn from the same face.
struct TextLayout {
    let face: FontFace
    /// The face to draw a character the face lacks with, and its glyphs.
    var fallback: (Character) -> (FontFace, [UInt32])? = { _ in nil }

    func run(_ text: String, font: FontMatch, size: Double) -> GlyphRun {
        let scale = size / Double(face.unitsPerEm)
        let characters = Array(text)
        var glyphRanges: [Range<Int>] = []
        var origins: [Point] = []
        var advances: [Double] = []
        var combined = Path()
        var pen = 0
        var previous: (face: FontFace, glyph: UInt32)?

        for character in characters {
            var indices = glyphIndices(for: character), drawn = face
            if indices == [0], let (other, found) = fallback(character) { (drawn, indices) = (other, found) }
            if let first = indices.first, let previous, previous.face === drawn {
                pen += drawn.kerning(previous.glyph, first)
            }
            // The pen in the drawing face's units, and that face's units in the face's.
            let ratio = Double(face.unitsPerEm) / Double(drawn.unitsPerEm)
            var path = Path()
            var advance = 0
            for index in indices {
                let glyph = drawn.glyph(index)
                let at = drawn === face ? Double(pen + advance) : Double(pen + advance) / ratio
                path.append(Self.place(glyph.outline, atUnits: at, scale: size / Double(drawn.unitsPerEm)))
                advance += drawn === face ? glyph.advance : Int((Double(glyph.advance) * ratio).rounded())
            }
            glyphRanges.append(combined.elements.count..<(combined.elements.count + path.elements.count))
            origins.append(Point(Double(pen) * scale, 0))
            advances.append(Double(advance) * scale)
            combined.append(path)
            pen += advance
            if let last = indices.last { previous = (drawn, last) }
        }

        return GlyphRun(
            characters: characters, glyphRanges: glyphRanges, origins: origins, advances: advances,
            width: Double(pen) * scale,
            ascent: Double(face.ascender) * scale,
            descent: Double(-face.descender) * scale,
            lineHeight: Double(face.lineHeight) * scale,
            capHeight: Double(face.capHeight) * scale,
            xHeight: Double(face.xHeight) * scale,
            combinedPath: combined, font: font)
    }

    /// Glyphs drawn for one character; empty for a character made only of
    /// default-ignorable code points the face does not have.
    func glyphIndices(for character: Character) -> [UInt32] { Self.glyphIndices(for: character, in: face) }

    /// Glyphs drawn for one character in `face`; [0] (.notdef) when it lacks a
    /// code point that must be drawn.
    static func glyphIndices(for character: Character, in face: FontFace) -> [UInt32] {
        let scalars = Array(character.unicodeScalars)
        if scalars.allSatisfy({ $0.properties.generalCategory == .control }) {
            return [face.glyphIndex(" ")]
        }
        if character.isASCII {
            return glyphIndices(for: scalars, in: face) ?? [0]
        }
        // NFC then NFD: both depend only on the canonical equivalence class, so
        // "\u{E9}" and "e\u{301}" always give the same glyphs.
        let text = String(character)
        let composed = Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
        let decomposed = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
        for candidate in composed == decomposed ? [composed] : [composed, decomposed] {
            if let indices = glyphIndices(for: candidate, in: face) { return indices }
        }
        return [0]
    }

    /// nil when the face lacks a code point that must be drawn.
    private static func glyphIndices(for scalars: [Unicode.Scalar], in face: FontFace) -> [UInt32]? {
        var indices: [UInt32] = []
        for scalar in scalars {
            let index = face.glyphIndex(scalar)
            if index != 0 {
                indices.append(index)
            } else if !scalar.properties.isDefaultIgnorableCodePoint {
                return nil
            }
        }
        return indices
    }

    /// Moves an outline from font units (pen at 0) to pixels with the pen at
    /// `x` font units.
    static func place(_ outline: Path, atUnits x: Double, scale: Double) -> Path {
        let offset = x
        func map(_ p: Point) -> Point { Point((offset + p.x) * scale, p.y * scale) }
        return Path(outline.elements.map { element in
            switch element {
            case .move(let p): return .move(map(p))
            case .line(let p): return .line(map(p))
            case .quad(let c, let p): return .quad(map(c), map(p))
            case .cubic(let c1, let c2, let p): return .cubic(map(c1), map(c2), map(p))
            case .close: return .close
            }
        })
    }
}
