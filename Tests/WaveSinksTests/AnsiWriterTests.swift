import XCTest
@testable import WaveSinks

final class AnsiWriterTests: XCTestCase {
    let red = CellColor.rgb(255, 0, 0), blue = CellColor.rgb(0, 0, 255), green = CellColor.rgb(0, 128, 0)

    func grid(_ fill: Cell, columns: Int = 8, rows: Int = 4) -> CellGrid {
        var g = CellGrid(columns: columns, rows: rows)
        for i in g.cells.indices { g.cells[i] = fill }
        return g
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "␛") }

    func testASecondIdenticalFrameWritesOnlyTheSyncMarkers() {
        var writer = AnsiWriter()
        let g = grid(Cell("▀", foreground: red, background: blue))
        _ = writer.encode(g)
        XCTAssertEqual(text(writer.encode(g)), "␛[?2026h␛[?2026l")
    }

    func testOneChangedCellWritesOneCUPOneSGRAndTheCharacter() {
        var writer = AnsiWriter()
        var g = grid(.solid(red))
        _ = writer.encode(g)
        g[2, 1] = Cell("▀", foreground: blue, background: red)
        XCTAssertEqual(text(writer.encode(g)), "␛[?2026h␛[2;3H␛[38;2;0;0;255m▀␛[?2026l")
    }

    func testFirstFrameClearsAndSolidAreasNeedOneColour() {
        var writer = AnsiWriter()
        let out = text(writer.encode(grid(.solid(red), columns: 3, rows: 2)))
        XCTAssertEqual(out, "␛[?2026h␛[0m␛[2J␛[1H␛[48;2;255;0;0m   ␛[2H   ␛[?2026l")
    }

    func testAHalfBlockIsFlippedWhenThatSavesAColourChange() {
        var writer = AnsiWriter()
        var g = grid(.solid(red), columns: 4, rows: 1)
        _ = writer.encode(g)                       // background is now red
        g[1, 0] = Cell("▀", foreground: red, background: blue)
        // '▄' in blue over the red background shows the same picture with only the
        // foreground set.
        XCTAssertEqual(text(writer.encode(g)), "␛[?2026h␛[1;2H␛[38;2;0;0;255m▄␛[?2026l")
    }

    func testShortGapsAreCrossedByRewritingOrByCUF() {
        var writer = AnsiWriter()
        var g = grid(.solid(red), columns: 12, rows: 1)
        g[2, 0] = .solid(blue)
        g[3, 0] = .solid(blue)
        _ = writer.encode(g)
        // Cells 1 and 4 turn blue; the unchanged gap between them is blue too, so after the
        // first the writer is in blue and two spaces are cheaper than a cursor move.
        g[1, 0] = .solid(blue)
        g[4, 0] = .solid(blue)
        XCTAssertEqual(text(writer.encode(g)), "␛[?2026h␛[1;2H␛[48;2;0;0;255m    ␛[?2026l")
        // A gap in other colours is crossed with CUF.
        g[6, 0] = .solid(green)
        g[9, 0] = .solid(green)
        XCTAssertEqual(text(writer.encode(g)), "␛[?2026h␛[C␛[48;2;0;128;0m ␛[2C ␛[?2026l")   // the cursor was just left of it
    }

    func testPaletteColoursUseTheirOwnSGRForms() {
        var writer = AnsiWriter()
        var g = CellGrid(columns: 3, rows: 1)
        g[0, 0] = Cell("▀", foreground: .palette256(196), background: .palette256(21))
        g[1, 0] = Cell("▀", foreground: .ansi16(9), background: .ansi16(4))
        g[2, 0] = Cell("x", foreground: .terminalDefault, background: .terminalDefault)
        XCTAssertEqual(text(writer.encode(g, synchronized: false)),
                       "␛[0m␛[2J␛[1H␛[38;5;196;48;5;21m▀␛[91;44m▀␛[39;49mx")
    }

    func testDefaultColoursAreNeverTradedForFullBlocks() {
        // Without colour, '█' is the foreground colour and ' ' the background: not the same.
        var writer = AnsiWriter()
        var g = CellGrid(columns: 3, rows: 1)
        g[1, 0] = Cell("█", foreground: .terminalDefault, background: .terminalDefault)
        XCTAssertEqual(text(writer.encode(g, synchronized: false)), "␛[0m␛[2J␛[1;2H█")
    }

    func testInvalidateRedrawsWhole() {
        var writer = AnsiWriter()
        let g = grid(.solid(red), columns: 2, rows: 1)
        let first = writer.encode(g)
        writer.invalidate()
        let second = writer.encode(g)
        XCTAssertEqual(text(second), "␛[?2026h␛[0m␛[2J␛[1H␛[48;2;255;0;0m  ␛[?2026l")
        XCTAssertEqual(first, second)
        XCTAssertEqual(writer.bytesWritten, first.count + second.count)
    }

    func testForgetCursorKeepsTheDiffButResendsPositionAndColours() {
        var writer = AnsiWriter()
        var g = grid(.solid(red), columns: 4, rows: 1)
        _ = writer.encode(g)
        writer.forgetCursor()
        g[1, 0] = .solid(blue)
        g[2, 0] = .solid(blue)
        XCTAssertEqual(text(writer.encode(g)), "␛[?2026h␛[1;2H␛[48;2;0;0;255m  ␛[?2026l")
    }
}
