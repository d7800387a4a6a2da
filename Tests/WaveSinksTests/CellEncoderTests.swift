import XCTest
@testable import WaveGeometry
import WaveGraphics
@testable import WaveSinks

final class CellEncoderTests: XCTestCase {
    let W: UInt32 = 0xFFFFFF, K: UInt32 = 0x000000, R: UInt32 = 0xC80000, B: UInt32 = 0x0000C8

    func encoder(_ mode: CellMode, _ color: ColorMode = .truecolor, backdrop: UInt32 = 0x000000) -> CellEncoder {
        CellEncoder(mode: mode, color: color, backdrop: backdrop)
    }

    func testHalfBlocksShowTopAsForegroundAndBottomAsBackground() {
        let e = encoder(.half)
        XCTAssertEqual(e.encode(block: [R, B], x: 0, y: 0), Cell("▀", foreground: .rgb(R), background: .rgb(B)))
        XCTAssertEqual(e.encode(block: [R, R], x: 0, y: 0), .solid(.rgb(R)))
    }

    func testQuadrantsPickTheBestTwoColourSplit() {
        let e = encoder(.quadrant)
        // Pixels in reading order: top-left, top-right, bottom-left, bottom-right.
        XCTAssertEqual(e.encode(block: [W, K, K, K], x: 0, y: 0), Cell("▘", foreground: .rgb(W), background: .rgb(K)))
        XCTAssertEqual(e.encode(block: [K, W, K, W], x: 0, y: 0), Cell("▌", foreground: .rgb(K), background: .rgb(W)))
        XCTAssertEqual(e.encode(block: [W, K, K, W], x: 0, y: 0), Cell("▚", foreground: .rgb(W), background: .rgb(K)))
        // Three colours: white on top against the mean of red and blue below.
        XCTAssertEqual(e.encode(block: [W, W, R, B], x: 0, y: 0), Cell("▀", foreground: .rgb(W), background: .rgb(0x640064)))
        XCTAssertEqual(e.encode(block: [R, R, R, R], x: 0, y: 0), .solid(.rgb(R)))
    }

    func testSextantsUseTheLegacyComputingBlock() {
        let e = encoder(.sextant)
        // 2×3 in reading order.
        XCTAssertEqual(e.encode(block: [W, K, W, K, W, K], x: 0, y: 0), Cell("▌", foreground: .rgb(W), background: .rgb(K)))
        XCTAssertEqual(e.encode(block: [W, W, K, K, K, K], x: 0, y: 0), Cell("\u{1FB02}", foreground: .rgb(W), background: .rgb(K)))   // sextant-12
        XCTAssertEqual(e.encode(block: [W, K, K, K, K, K], x: 0, y: 0), Cell("\u{1FB00}", foreground: .rgb(W), background: .rgb(K)))   // sextant-1
        XCTAssertEqual(e.encode(block: [W, W, W, W, W, K], x: 0, y: 0), Cell("\u{1FB1D}", foreground: .rgb(W), background: .rgb(K)))   // sextant-12345
    }

    func testBrailleDotsAreThePixelsBrighterThanTheMean() {
        let e = encoder(.braille)
        // Left column bright: dots 1, 2, 3 and 7.
        XCTAssertEqual(e.encode(block: [W, K, W, K, W, K, W, K], x: 0, y: 0), Cell("⡇", foreground: .rgb(W), background: .rgb(K)))
        // Bottom row bright: dots 7 and 8.
        XCTAssertEqual(e.encode(block: [K, K, K, K, K, K, R, R], x: 0, y: 0), Cell("⣀", foreground: .rgb(R), background: .rgb(K)))
        // No contrast: a solid cell of the mean colour.
        XCTAssertEqual(e.encode(block: [R, R, R, R, R, R, R, 0xC80008], x: 0, y: 0), .solid(.rgb(0xC80001)))
    }

    func testAsciiRampFollowsContrastWithTheBackdrop() {
        let e = encoder(.ascii, backdrop: K)
        XCTAssertEqual(e.encode(block: [W, W], x: 0, y: 0), Cell("@", foreground: .rgb(W), background: .rgb(K)))
        XCTAssertEqual(e.encode(block: [K, K], x: 0, y: 0), .solid(.rgb(K)))
        XCTAssertEqual(e.encode(block: [0x404040, 0x404040], x: 0, y: 0), Cell(":", foreground: .rgb(0x404040), background: .rgb(K)))
        let none = encoder(.ascii, .none, backdrop: W)
        XCTAssertEqual(none.encode(block: [K, K], x: 0, y: 0), Cell("@", foreground: .terminalDefault, background: .terminalDefault))
    }

    func testWithoutColourPixelsAreOnWhereTheyDifferFromTheBackdrop() {
        let e = encoder(.half, .none, backdrop: W)
        XCTAssertEqual(e.encode(block: [K, W], x: 0, y: 0), Cell("▀", foreground: .terminalDefault, background: .terminalDefault))
        XCTAssertEqual(e.encode(block: [K, K], x: 0, y: 0), Cell("█", foreground: .terminalDefault, background: .terminalDefault))
        XCTAssertEqual(e.encode(block: [0xF0F0F0, W], x: 0, y: 0), .blank)   // too faint to draw
        let q = encoder(.quadrant, .none, backdrop: W)
        XCTAssertEqual(q.encode(block: [W, K, W, K], x: 0, y: 0), Cell("▐", foreground: .terminalDefault, background: .terminalDefault))
    }

    func testReducedColoursComeFromThePalette() {
        let e = encoder(.half, .palette256)
        XCTAssertEqual(e.encode(block: [0xFF0000, 0x0000FF], x: 0, y: 0), Cell("▀", foreground: .palette256(196), background: .palette256(21)))
        let e16 = encoder(.half, .ansi16)
        XCTAssertEqual(e16.encode(block: [0xFFFFFF, 0x000000], x: 0, y: 0), Cell("▀", foreground: .ansi16(15), background: .ansi16(0)))
    }

    func testGlyphTablesHaveComplements() {
        XCTAssertEqual(CellGlyphs.complement[UnicodeScalar("▀").value], "▄")
        XCTAssertEqual(CellGlyphs.complement[UnicodeScalar("▘").value], "▟")
        XCTAssertEqual(CellGlyphs.complement[0x1FB00], "\u{1FB3B}")   // sextant-1 ↔ sextant-23456
        XCTAssertEqual(Set(CellGlyphs.sextant).count, 64)
    }

    func testRowResamplingAveragesByArea() {
        var c = PixelCanvas(width: 1, height: 4, fill: 0)
        c.pixels = [0x000000, 0x0000FF, 0x00FF00, 0xFF0000]
        // 4 → 3 rows: weights (3,1,0,0) (0,2,2,0) (0,0,1,3), over 4.
        XCTAssertEqual(c.resampledRows(from: 4, to: 3).pixels, [0x000040, 0x008080, 0xBF4000])
        XCTAssertEqual(c.resampledRows(from: 4, to: 2).pixels, [0x000080, 0x808000])
    }
}

final class AsciiContrastTests: XCTestCase {
    /// A thin light stroke on white (one of the cell's two pixels) used to average away to a
    /// space; it now shows, as at least ':'.
    func testFaintThinStrokesOnWhiteStayVisible() {
        let white: UInt32 = 0xFFFFFF
        let e = CellEncoder(mode: .ascii, color: .truecolor, backdrop: white)
        let cell = e.encode(block: [0xB0B0B0, white], x: 0, y: 0)
        XCTAssertNotEqual(cell.character, " ")
        XCTAssertTrue([":", "-", "=", "+"].contains(cell.character), "\(cell.character)")
        let none = CellEncoder(mode: .ascii, color: .none, backdrop: white)
        XCTAssertNotEqual(none.encode(block: [white, 0xC8C8C8], x: 0, y: 0).character, " ")
        XCTAssertEqual(none.encode(block: [white, 0xFCFCFC], x: 0, y: 0).character, " ", "what barely differs stays blank")
    }
}

final class MonochromeBackdropTests: XCTestCase {
    /// Without colour a pixel shows where it differs from what lies behind it. A scene that
    /// starts with a full-bleed fill (ocean's sky) used to be one solid block, every pixel
    /// differing from the background; the fill now counts as behind, so only the disc on it
    /// shows. Without such a fill the scene's background is what counts.
    func testAFullBleedFillCountsAsWhatLiesBehind() {
        var sky = Path(), sun = Path()
        sky.addRect(Rect(x: -2, y: -2, width: 44, height: 24))
        sun.addCircle(center: Point(20, 10), radius: 6)
        let skyItem = DisplayItem.fill(path: sky, rule: .nonZero, paint: .solid(Color(r: 0.1, g: 0.2, b: 0.6, a: 1)), opacity: 1)
        let sunItem = DisplayItem.fill(path: sun, rule: .nonZero, paint: .solid(Color(r: 1, g: 0.8, b: 0.3, a: 1)), opacity: 1)
        func cells(_ items: [DisplayItem], _ mode: CellMode) -> [String] {
            let frame = Frame(tick: 0, width: 40, height: 20, background: .black, items: items)
            let renderer = CellRenderer(mode: mode, color: .none)
            let layout = renderer.layout(sceneWidth: 40, sceneHeight: 20, columns: 40, rows: 10)
            var grid = CellGrid(columns: 40, rows: 10)
            renderer.draw(frame, layout: layout, backdrop: 0, into: &grid)
            return (0..<10).map { y in String((0..<40).map { grid[$0, y].character }) }
        }
        for mode in [CellMode.half, .ascii] {
            let withSky = cells([skyItem, sunItem], mode)
            let alone = cells([sunItem], mode)
            // Where something shows is the same (in ascii the ramp's density follows the contrast
            // with what is behind, sun on sky or sun on black).
            func shown(_ rows: [String]) -> [String] { rows.map { String($0.map { $0 == " " ? " " : "x" }) } }
            XCTAssertEqual(shown(withSky), shown(alone), "\(mode): the sky is behind, the sun shows as on black")
            if mode == .half { XCTAssertEqual(withSky, alone) }
            XCTAssertTrue(withSky[0].allSatisfy { $0 == " " }, "\(mode): \(withSky[0])")
            XCTAssertTrue(withSky[5].contains { $0 != " " }, "\(mode): \(withSky[5])")
            // The sky alone, on black, is all background: nothing shows.
            XCTAssertTrue(cells([skyItem], mode).allSatisfy { $0.allSatisfy { $0 == " " } }, "\(mode)")
        }
        // Not behind: a fill that leaves part of the frame, or one after another item.
        XCTAssertEqual(CellRenderer.fullBleedPrefix(of: Frame(tick: 0, width: 40, height: 20, background: .black,
                                                              items: [sunItem, skyItem])), 0)
        XCTAssertEqual(CellRenderer.fullBleedPrefix(of: Frame(tick: 0, width: 40, height: 20, background: .black,
                                                              items: [skyItem, sunItem, skyItem])), 1)
        // A scaled scene's frame is whole pixels: a sky ending 0.4 short of its last column
        // (ocean at 80x24) still covers it; one a whole pixel short does not.
        var scaled = Path(), short = Path()
        scaled.addRect(Rect(x: 0, y: 0, width: 39.6, height: 19.7))
        short.addRect(Rect(x: 0, y: 0, width: 39, height: 20))
        func prefix(_ p: Path) -> Int {
            CellRenderer.fullBleedPrefix(of: Frame(tick: 0, width: 40, height: 20, background: .black,
                                                   items: [.fill(path: p, rule: .nonZero, paint: .solid(.white), opacity: 1)]))
        }
        XCTAssertEqual(prefix(scaled), 1)
        XCTAssertEqual(prefix(short), 0)
    }
}
