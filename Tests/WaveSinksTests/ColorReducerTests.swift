import XCTest
@testable import WaveSinks

final class ColorReducerTests: XCTestCase {
    func testNearest256PicksCubeAndGreyEntries() {
        XCTAssertEqual(ColorReducer.nearest256(0x000000).index, 16)
        XCTAssertEqual(ColorReducer.nearest256(0xFFFFFF).index, 231)
        XCTAssertEqual(ColorReducer.nearest256(0xFF0000).index, 196)
        XCTAssertEqual(ColorReducer.nearest256(0x5F87AF).index, 67)      // (95, 135, 175): levels 1, 2, 3
        XCTAssertEqual(ColorReducer.nearest256(0x808080).index, 244)     // grey 8 + 10·12 = 128
        XCTAssertEqual(ColorReducer.nearest256(0x121212).index, 233)     // grey 18
        XCTAssertEqual(ColorReducer.nearest256(0x22C064).index, 35)      // sonar green → (0, 175, 95)
        XCTAssertEqual(ColorReducer.nearest256(0x101418).index, 233)     // sonar background: a dark grey
    }

    func testPalette256ColoursRoundTrip() {
        for index in 16...255 {
            XCTAssertEqual(Int(ColorReducer.nearest256(ColorReducer.rgb256(index)).index), index)
        }
    }

    func testNearest16UsesTheStandardPalette() {
        XCTAssertEqual(ColorReducer.nearest16(0x000000).index, 0)
        XCTAssertEqual(ColorReducer.nearest16(0xCD0000).index, 1)
        XCTAssertEqual(ColorReducer.nearest16(0xF01010).index, 9)
        XCTAssertEqual(ColorReducer.nearest16(0x808080).index, 8)
        XCTAssertEqual(ColorReducer.nearest16(0xFFFFFF).index, 15)
        XCTAssertEqual(ColorReducer.nearest16(0x1010C0).index, 4)
    }

    func testPaletteColoursAreNotDithered() {
        let r256 = ColorReducer(mode: .palette256), r16 = ColorReducer(mode: .ansi16)
        for y in 0..<4 {
            for x in 0..<4 {
                XCTAssertEqual(r256.reduce(0x5F87AF, x: x, y: y), .palette256(67))
                XCTAssertEqual(r16.reduce(0xCDCD00, x: x, y: y), .ansi16(3))
            }
        }
    }

    func testOrderedDitheringMixesTheNeighboursDeterministically() {
        // Red 155 lies half way between the cube levels 135 and 175.
        let reducer = ColorReducer(mode: .palette256)
        var counts: [CellColor: Int] = [:]
        for y in 0..<4 { for x in 0..<4 { counts[reducer.reduce(0x9B0000, x: x, y: y), default: 0] += 1 } }
        XCTAssertEqual(counts, [.palette256(88): 8, .palette256(124): 8])
        XCTAssertEqual(reducer.reduce(0x9B0000, x: 5, y: 9), reducer.reduce(0x9B0000, x: 1, y: 1))   // the 4×4 pattern repeats
    }

    func testTruecolorAndNone() {
        XCTAssertEqual(ColorReducer(mode: .truecolor).reduce(0x123456, x: 3, y: 1), .rgb(0x12, 0x34, 0x56))
        XCTAssertEqual(ColorReducer(mode: .none).reduce(0x123456, x: 3, y: 1), .terminalDefault)
    }

    func testColorModeFromTheEnvironment() {
        XCTAssertEqual(ColorMode.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]), .truecolor)
        XCTAssertEqual(ColorMode.detect(environment: ["COLORTERM": "24bit"]), .truecolor)
        XCTAssertEqual(ColorMode.detect(environment: ["TERM": "screen-256color"]), .palette256)
        XCTAssertEqual(ColorMode.detect(environment: ["TERM": "xterm"]), .ansi16)
        XCTAssertEqual(ColorMode.detect(environment: ["TERM": "dumb"]), .none)
        XCTAssertEqual(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]), .none)
        XCTAssertEqual(ColorMode.detect(environment: ["NO_COLOR": "", "COLORTERM": "truecolor"]), .truecolor)   // set but empty: ignored
    }
}
