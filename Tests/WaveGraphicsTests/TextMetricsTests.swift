import Foundation
@testable import WaveGeometry
import WaveGraphics
import XCTest

/// Ink bounds, cap height and x-height of a run against FreeType read directly
/// (`DirectFace`): the glyphs' exact boxes from `FT_Outline_Get_BBox` and the OS/2
/// table from `FT_Get_Sfnt_Table`, scaled to the size in the test.
final class TextMetricsTests: XCTestCase {
    private let bold = FontDescriptor.parse("sans:bold")

    private func direct(_ font: FontDescriptor) throws -> DirectFace {
        try DirectFace(file: FontLibrary.shared.resolve(font).file)
    }

    /// DejaVu's OS/2 table is version 1, without sCapHeight and sxHeight: the heights are
    /// the tops of 'H' and 'x', FreeType's exact boxes of them scaled to the size.
    func testHeightsWithoutOS2ValuesAreTheTopsOfHAndX() throws {
        let face = try direct(bold)
        let os2 = try XCTUnwrap(face.os2)
        XCTAssertLessThan(os2.version, 2, "this test is about a font without OS/2 heights")
        for size in [12.0, 64, 150] {
            let run = try FontLibrary.shared.layout("Wave", font: bold, size: size)
            let scale = size / face.unitsPerEm
            XCTAssertEqual(run.capHeight, face.exactBox("H").3 * scale, accuracy: 1e-9, "size \(size)")
            XCTAssertEqual(run.xHeight, face.exactBox("x").3 * scale, accuracy: 1e-9, "size \(size)")
        }
        // DejaVu Sans Bold: 'H' is 1493 units tall, 'x' 1120, of 2048.
        let run = try FontLibrary.shared.layout("x", font: bold, size: 2048)
        XCTAssertEqual(run.capHeight, 1493, accuracy: 1e-9)
        XCTAssertEqual(run.xHeight, 1120, accuracy: 1e-9)
    }

    /// A font whose OS/2 table (version 2 or later) gives the heights: they are used as
    /// they are, scaled to the size, though Nimbus Sans's 'H' reaches 729 units above the
    /// baseline where the table says 718. Needs Nimbus Sans (Debian's fonts-urw-base35, a
    /// CFF font: cubic outlines); skips without it.
    func testHeightsComeFromTheOS2TableWhenItHasThem() throws {
        let font = try nimbus()
        let face = try direct(font)
        let os2 = try XCTUnwrap(face.os2)
        let cap = try XCTUnwrap(os2.capHeight), x = try XCTUnwrap(os2.xHeight)
        XCTAssertNotEqual(cap, face.exactBox("H").3, "the table's cap height is not the top of 'H'")
        XCTAssertNotEqual(x, face.exactBox("x").3, "the table's x-height is not the top of 'x'")
        let run = try FontLibrary.shared.layout("Wave", font: font, size: 50)
        let scale = 50 / face.unitsPerEm
        XCTAssertEqual(run.capHeight, cap * scale, accuracy: 1e-9)
        XCTAssertEqual(run.xHeight, x * scale, accuracy: 1e-9)
    }

    private func nimbus() throws -> FontDescriptor {
        let font = FontDescriptor.parse("Nimbus Sans")
        guard try FontLibrary.shared.resolve(font).file.contains("NimbusSans") else { throw XCTSkip("Nimbus Sans is not installed") }
        return font
    }

    /// The ink box of a run, and of each character, is the union of FreeType's exact glyph
    /// boxes (y flipped) at pen positions summed from `FT_Get_Advance` and the kerning.
    /// FreeType's box is whole font units (its extremes rounded outwards), so the two agree
    /// within one unit; in 'ȡ' (U+0221) a curve's control point lies two units outside the
    /// curve, which the control box (`Path.bounds`) would take.
    func testInkBoundsAreFreeTypesExactGlyphBoxesAtTheirPens() throws {
        let curl = try checkInkBounds("HOgyxS\u{221}", bold)
        XCTAssertTrue(curl, "some glyph's control points reach past its curves")
    }

    /// The same with cubic outlines (Nimbus Sans, a CFF font; skips without it), where the
    /// control points of '$' reach 7 units past its curves.
    func testInkBoundsOfCubicOutlinesAreFreeTypesExactBoxes() throws {
        let dollar = try checkInkBounds("HOg$,S", try nimbus())
        XCTAssertTrue(dollar, "some glyph's control points reach past its curves")
    }

    /// Compares the run's ink boxes with FreeType's; true when some glyph's control box
    /// reaches two units or more past its exact box.
    private func checkInkBounds(_ text: String, _ font: FontDescriptor, size: Double = 64) throws -> Bool {
        let face = try direct(font)
        let run = try FontLibrary.shared.layout(text, font: font, size: size)
        let scale = size / face.unitsPerEm
        var pen = 0.0, previous: Character?
        var boxes: [Rect] = []
        var controlDiffers = false
        for c in text {
            if let previous, face.hasKerning { pen += face.kerning(previous, c) }
            let (x0, y0, x1, y1) = face.exactBox(c)
            boxes.append(Rect(x: (pen + x0) * scale, y: -y1 * scale, width: (x1 - x0) * scale, height: (y1 - y0) * scale))
            let (cx0, cy0, cx1, cy1) = face.controlBox(c)
            if max(x0 - cx0, y0 - cy0, cx1 - x1, cy1 - y1) >= 2 { controlDiffers = true }
            pen += face.advance(c)
            previous = c
        }
        // Where the box is an on-curve point ('H'), exact.
        XCTAssertEqual(run.inkBounds(0..<1), boxes[0])
        let unit = scale * 1.0001
        func assertEqual(_ a: Rect, _ b: Rect, _ what: String) {
            XCTAssertEqual(a.minX, b.minX, accuracy: unit, what); XCTAssertEqual(a.minY, b.minY, accuracy: unit, what)
            XCTAssertEqual(a.maxX, b.maxX, accuracy: unit, what); XCTAssertEqual(a.maxY, b.maxY, accuracy: unit, what)
        }
        for (i, box) in boxes.enumerated() { assertEqual(run.inkBounds(i..<(i + 1)), box, "\(font) character \(i)") }
        let x0 = boxes.map(\.minX).min() ?? 0, y0 = boxes.map(\.minY).min() ?? 0
        let all = Rect(x: x0, y: y0, width: (boxes.map(\.maxX).max() ?? 0) - x0, height: (boxes.map(\.maxY).max() ?? 0) - y0)
        assertEqual(run.inkBounds(0..<text.count), all, "\(font) whole text")
        // Out-of-range ends are clamped.
        assertEqual(run.inkBounds(-3..<99), all, "\(font) clamped")
        return controlDiffers
    }

    /// Letter spacing moves character i right by spacing·i; a transform maps the outlines
    /// before their box is taken, so a quarter turn swaps the box's sides.
    func testInkBoundsFollowSpacingAndTransform() throws {
        let run = try FontLibrary.shared.layout("Hx", font: bold, size: 40)
        let plain = run.inkBounds(0..<2), spaced = run.inkBounds(0..<2, spacing: 7)
        XCTAssertEqual(spaced.width, plain.width + 7, accuracy: 1e-9)
        XCTAssertEqual(spaced.minX, plain.minX, accuracy: 1e-9)
        let turned = run.inkBounds(0..<2, transform: Transform.rotation(.pi / 2).concatenating(.translation(100, 50)))
        // (x, y) → (−y, x), then moved by (100, 50).
        XCTAssertEqual(turned.minX, 100 - plain.maxY, accuracy: 1e-9)
        XCTAssertEqual(turned.minY, 50 + plain.minX, accuracy: 1e-9)
        XCTAssertEqual(turned.width, plain.height, accuracy: 1e-9)
        XCTAssertEqual(turned.height, plain.width, accuracy: 1e-9)
    }

    /// Blanks draw nothing: their ink box is the empty rect at the pen, on the baseline.
    func testBlankRangesAreAnEmptyRectAtThePen() throws {
        let run = try FontLibrary.shared.layout("a  b", font: bold, size: 30)
        let blank = run.inkBounds(1..<3)
        XCTAssertEqual(blank, Rect(x: run.origins[1].x, y: 0, width: 0, height: 0))
        XCTAssertEqual(run.inkBounds(4..<4), Rect(x: run.width, y: 0, width: 0, height: 0))
    }
}
