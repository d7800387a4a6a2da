import Foundation
import WaveGraphics
import XCTest
@testable import WaveSinks

final class TerminalPaletteTests: XCTestCase {
    /// xterm's answers (ended by ST or BEL, four hex digits a component) among other bytes.
    func testRepliesSetTheColoursTheyName() throws {
        let replies = "junk\u{1B}]4;4;rgb:2626/8b8b/d2d2\u{1B}\\\u{1B}]4;1;rgb:dc/32/2f\u{07}x\u{1B}]10;rgb:8/8/8\u{1B}\\\u{1B}]11;rgba:fdfd/f6f6/e3e3/ffff\u{07}"
        let palette = try XCTUnwrap(TerminalPalette.parse(Array(replies.utf8)))
        XCTAssertEqual(palette.ansi[4], 0x268BD2)
        XCTAssertEqual(palette.ansi[1], 0xDC322F)
        XCTAssertEqual(palette.foreground, 0x888888)   // one digit: 8 of 15
        XCTAssertEqual(palette.background, 0xFDF6E3)
        // Colours nobody answered for stay xterm's.
        XCTAssertEqual(palette.ansi[2], ColorReducer.ansiPalette[2])
        XCTAssertEqual(palette.ansi[15], 0xFFFFFF)
    }

    func testMalformedAndCutOffRepliesAreSkipped() {
        XCTAssertNil(TerminalPalette.parse(Array("\u{1B}]4;99;rgb:ff/00/00\u{07}".utf8)))          // no such colour
        XCTAssertNil(TerminalPalette.parse(Array("\u{1B}]4;3;rgb:ff/00\u{07}".utf8)))              // two components
        XCTAssertNil(TerminalPalette.parse(Array("\u{1B}]4;3;rgb:fffff/0/0\u{07}".utf8)))          // five digits
        XCTAssertNil(TerminalPalette.parse(Array("\u{1B}]11;rgb:ff/ff/ff".utf8)))                  // never ended
        XCTAssertNil(TerminalPalette.parse(Array("\u{1B}[?64;1;2c".utf8)))                        // DA1 alone
        // A reply cut off by the next one: the next one still counts.
        let p = TerminalPalette.parse(Array("\u{1B}]4;2;rgb:00\u{1B}]4;3;rgb:ff/ff/00\u{1B}\\".utf8))
        XCTAssertEqual(p?.ansi[3], 0xFFFF00)
        XCTAssertEqual(p?.ansi[2], ColorReducer.ansiPalette[2])
    }

    /// The query through pipes: the questions go out whole, the answers (here written before
    /// the question, as a terminal's would be waiting) are read up to the DA1 reply.
    func testQueryWritesTheQuestionsAndReadsTheAnswersUpToDeviceAttributes() throws {
        var toTerminal: [Int32] = [0, 0], fromTerminal: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&toTerminal), 0)
        XCTAssertEqual(pipe(&fromTerminal), 0)
        defer { [toTerminal[0], toTerminal[1], fromTerminal[0], fromTerminal[1]].forEach { close($0) } }
        let answers = Array("\u{1B}]11;rgb:0000/2b2b/3636\u{1B}\\\u{1B}[?62;22c\u{1B}]4;0;rgb:ff/ff/ff\u{07}".utf8)
        XCTAssertEqual(write(fromTerminal[1], answers, answers.count), answers.count)
        let palette = try XCTUnwrap(TerminalPalette.query(input: fromTerminal[0], output: toTerminal[1], timeout: 5))
        XCTAssertEqual(palette.background, 0x002B36)
        XCTAssertNil(palette.foreground)
        var asked = [UInt8](repeating: 0, count: 4096)
        let n = read(toTerminal[0], &asked, asked.count)
        XCTAssertEqual(Array(asked[0..<max(0, n)]), TerminalPalette.querySequence)
        XCTAssertTrue(String(decoding: TerminalPalette.querySequence, as: UTF8.self).hasSuffix("\u{1B}]11;?\u{1B}\\\u{1B}[c"))
        // A terminal that answers only DA1: no palette.
        let onlyDA1 = Array("\u{1B}[?1;2c".utf8)
        XCTAssertEqual(write(fromTerminal[1], onlyDA1, onlyDA1.count), onlyDA1.count)
        XCTAssertNil(TerminalPalette.query(input: fromTerminal[0], output: toTerminal[1], timeout: 30))
    }

    /// The DA1 reply that ends the wait, and what is not one.
    func testDeviceAttributesReplyIsRecognised() {
        XCTAssertTrue(TerminalPalette.containsDeviceAttributes(Array("x\u{1B}[?64;1;2;6;22c".utf8)))
        XCTAssertTrue(TerminalPalette.containsDeviceAttributes(Array("\u{1B}[?6c".utf8)))
        XCTAssertFalse(TerminalPalette.containsDeviceAttributes(Array("\u{1B}[?64;1;2".utf8)))   // not ended yet
        XCTAssertFalse(TerminalPalette.containsDeviceAttributes(Array("\u{1B}[64c".utf8)))        // no '?'
        XCTAssertFalse(TerminalPalette.containsDeviceAttributes(Array("\u{1B}]4;1;rgb:cd/00/00\u{07}".utf8)))
    }

    /// A themed terminal's blue shown flat as that blue, where xterm's colours would dither it.
    func testReducedColoursMatchTheTerminalsOwnPalette() {
        var ansi = ColorReducer.ansiPalette
        ansi[4] = 0x268BD2
        let themed = ColorReducer(mode: .ansi16, palette: TerminalPalette(ansi: ansi))
        let xterm = ColorReducer(mode: .ansi16)
        for (x, y) in [(0, 0), (1, 0), (2, 3), (3, 1)] {
            XCTAssertEqual(themed.reduce(0x268BD2, x: x, y: y), .ansi16(4))
            XCTAssertEqual(themed.nearest(0x268BD2), .ansi16(4))
        }
        let shown = Set((0..<16).map { xterm.reduce(0x268BD2, x: $0 % 4, y: $0 / 4) })
        XCTAssertNotEqual(shown, [.ansi16(4)])
        // 8 colours take the first eight of the same palette.
        XCTAssertEqual(ColorReducer(mode: .ansi8, palette: TerminalPalette(ansi: ansi)).reduce(0x268BD2, x: 1, y: 2), .ansi16(4))
    }

    /// A transparent scene lies over the terminal's background where that is known.
    func testBackdropIsTheSceneBackgroundOverTheTerminals() {
        let light = CellRenderer(palette: TerminalPalette(background: 0xFDF6E3))
        XCTAssertEqual(light.backdrop(Color.clear), 0xFDF6E3)
        XCTAssertEqual(light.backdrop(Color(r: 0, g: 0, b: 0, a: 0.5)), 0x7F7B72)   // 0xFD/2 = 126.5 → 127
        XCTAssertEqual(light.backdrop(Color(r: 1, g: 0, b: 0)), 0xFF0000)
        XCTAssertEqual(CellRenderer().backdrop(Color.clear), 0x000000)
        XCTAssertEqual(CellRenderer().backdrop(Color(r: 1, g: 1, b: 1, a: 0.5)), 0x808080)
    }
}
