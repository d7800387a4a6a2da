import WaveGeometry
/// One line of text laid out as paths, in pixels: the baseline is y = 0, the
/// first pen position x = 0, and y grows down.
///
/// Guarantees: `characters`, `glyphPaths`, `origins` and `advances` have the
/// same count; `combinedPath` is the glyph paths appended in order; `width` is
/// the pen position after the last character (advances plus kerning).
///
/// Each glyph's path is kept once, as a stretch of `combinedPath`'s elements
/// (`glyphPaths` hands them out as paths on demand), so a long text costs one
/// copy of its outlines, not two.
public struct GlyphRun: Sendable {
    /// The input characters in order (grapheme clusters).
    public var characters: [Character]
    /// One path per character, already positioned at its origin; empty for
    /// spaces and other blank characters.
    public var glyphPaths: GlyphPaths { GlyphPaths(combined: combinedPath, ranges: glyphRanges) }
    /// Where each character's path lies in `combinedPath.elements`.
    public var glyphRanges: [Range<Int>]
    /// Pen position (a point on the baseline) of each character; kerning with
    /// the previous character is already applied.
    public var origins: [Point]
    /// Advance of each character without kerning.
    public var advances: [Double]
    /// Total advance of the line.
    public var width: Double
    /// Distance from the baseline up to the face's ascender line (positive).
    public var ascent: Double
    /// Distance from the baseline down to the face's descender line (positive).
    public var descent: Double
    /// Baseline-to-baseline distance recommended by the face.
    public var lineHeight: Double
    /// Height of the face's capital letters above the baseline (positive): its OS/2
    /// `sCapHeight`, else the top of its 'H' (see `FontFace.capHeight`).
    public var capHeight: Double
    /// Height of the face's lower-case letters above the baseline (positive): its OS/2
    /// `sxHeight`, else the top of its 'x'.
    public var xHeight: Double
    /// All glyph paths appended.
    public var combinedPath: Path
    /// The font the run was laid out with (check `isExactFamily` to warn about
    /// a fallback).
    public var font: FontMatch

    public init(
        characters: [Character], glyphRanges: [Range<Int>], origins: [Point], advances: [Double],
        width: Double, ascent: Double, descent: Double, lineHeight: Double,
        capHeight: Double, xHeight: Double, combinedPath: Path, font: FontMatch
    ) {
        self.characters = characters
        self.glyphRanges = glyphRanges
        self.origins = origins
        self.advances = advances
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
        self.capHeight = capHeight
        self.xHeight = xHeight
        self.combinedPath = combinedPath
        self.font = font
    }

    /// The tight box (x, y, width, height) around the outlines of characters
    /// `range` (clamped to the run), character i moved right by `spacing`·i as
    /// the layer draws it, then mapped by `transform`: exact around the curves
    /// drawn (see `Path.tightBounds`), whatever the transform turns. A range
    /// that draws nothing (spaces, or empty) is the empty rect at the pen
    /// position where it starts, on the baseline.
    public func inkBounds(_ range: Range<Int>, spacing: Double = 0, transform: Transform = .identity) -> Rect {
        let lo = Swift.min(Swift.max(range.lowerBound, 0), characters.count)
        let hi = Swift.min(Swift.max(range.upperBound, lo), characters.count)
        var path = Path()
        for i in lo..<hi {
            path.append(glyphPaths[i].transformed(by: Transform.translation(spacing * Double(i), 0).concatenating(transform)))
        }
        if let box = path.tightBounds { return box }
        let pen = lo < characters.count ? origins[lo].x + spacing * Double(lo) : width + spacing * Double(Swift.max(0, lo - 1))
        let p = transform.apply(Point(pen, 0))
        return Rect(x: p.x, y: p.y, width: 0, height: 0)
    }
}

/// The glyph paths of a run, each made from its stretch of the run's combined path when
/// asked for.
public struct GlyphPaths: RandomAccessCollection, Sendable {
    let combined: Path
    let ranges: [Range<Int>]
    public var startIndex: Int { 0 }
    public var endIndex: Int { ranges.count }
    public subscript(i: Int) -> Path { Path(Array(combined.elements[ranges[i]])) }
}
