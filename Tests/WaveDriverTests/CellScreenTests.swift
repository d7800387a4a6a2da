import Foundation
import XCTest
@testable import WaveGeometry
import WaveGraphics
import WaveRuntime
@testable import WaveDriver
@testable import WaveSinks

/// Frames of real scenes through the terminal sink's writer and a model of the screen.
final class CellScreenTests: XCTestCase {
    /// Every frame of every example, in every cell mode, through the writer and a model of
    /// the screen: what the screen shows must be the grid, cell for cell.
    func testTheScreenAlwaysShowsTheGrid() throws {
        let examples = try TestScenes.exampleNames()
        XCTAssertFalse(examples.isEmpty)
        let modes: [(CellMode, ColorMode)] = [(.half, .truecolor), (.quadrant, .palette256), (.sextant, .ansi16), (.braille, .truecolor), (.ascii, .none), (.half, .none)]
        for (index, name) in examples.enumerated() {
            let (program, _) = try TestScenes.example(name)
            let (mode, color) = modes[index % modes.count]
            let renderer = CellRenderer(mode: mode, color: color, textCells: index % 2 == 0)
            var runtime = try SceneRuntime(program: program)
            var writer = AnsiWriter()
            var screen = ScreenModel(columns: 37, rows: 13)
            for tick in 0..<90 {
                if tick > 0 { try runtime.step() }
                guard tick % 3 == 0 || tick < 10 else { continue }
                let g = try renderer.grid(for: runtime, columns: 37, rows: 13)
                try screen.apply(writer.encode(g))
                if let d = screen.firstDifference(from: g) {
                    return XCTFail("\(name) \(mode) \(color) tick \(tick): cell \(d.x),\(d.y) shows \(d.screen), expected \(d.grid)")
                }
            }
        }
    }
}

/// `--text cells` keeps text where its anchor puts it.
final class TextCellAnchorTests: XCTestCase {
    func columns(of text: String, in grid: CellGrid, row: Int) -> Range<Int>? {
        let line = Array(grid.text(row: row))
        let chars = Array(text)
        for start in 0...(max(0, line.count - chars.count)) where Array(line[start..<min(line.count, start + chars.count)]) == chars {
            return start..<(start + chars.count)
        }
        return nil
    }

    func testLeftAndRightAnchoredTextGrowAwayFromTheAnchor() throws {
        let program = try TestScenes.program("""
        scene 120x40 { background #ffffff }
        layer l: text "Left" { font "sans"  size 5  anchor left  position (10, 10)  fill #000000 }
        layer r: text "Right" { font "sans"  size 5  anchor right  position (110, 30)  fill #000000 }
        """)
        let runtime = try SceneRuntime(program: program)
        let renderer = CellRenderer(mode: .half, color: .truecolor, textCells: true)
        let grid = try renderer.grid(for: runtime, columns: 60, rows: 10)   // 2 px a column
        let layout = renderer.layout(sceneWidth: 120, sceneHeight: 40, columns: 60, rows: 10)
        XCTAssertEqual(layout.scale, 0.5)
        let left = try XCTUnwrap((0..<10).lazy.compactMap { self.columns(of: "Left", in: grid, row: $0) }.first)
        let right = try XCTUnwrap((0..<10).lazy.compactMap { self.columns(of: "Right", in: grid, row: $0) }.first)
        XCTAssertEqual(left.lowerBound, layout.column + 5, "starts at x = 10 px, column 5")
        XCTAssertEqual(right.upperBound, layout.column + 55, "ends at x = 110 px, column 55")
    }
}
