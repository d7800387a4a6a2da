import XCTest
import WaveRuntime
@testable import WaveDriver
@testable import WaveSinks

/// The picture's last column and row: a scene scaled to a size that ends part way through
/// a cell shows only the cells it covers whole, so its edge is not a darker band.
final class PictureEdgeTests: XCTestCase {
    /// ocean.wave's shape: 400x240 on black, filled by its sky. At 80x23 cells in half
    /// blocks it is 76.67 cells wide; a 77th column would be two thirds sky, a third black.
    func testAFullBleedFillReachesEveryCellOfThePicture() throws {
        let program = try TestScenes.program("""
        scene 400x240 { background #000000 }
        layer sky: rect { frame (0, 0, 400, 240) fill #4080c0 }
        """)
        let runtime = try SceneRuntime(program: program)
        for mode in [CellMode.half, .quadrant, .sextant, .braille] {
            for (columns, rows) in [(80, 23), (57, 19), (101, 40), (33, 30)] {
                let renderer = CellRenderer(mode: mode, color: .truecolor)
                let grid = try renderer.grid(for: runtime, columns: columns, rows: rows)
                var painted = 0
                for y in 0..<rows {
                    for x in 0..<columns where grid[x, y] != .blank {
                        painted += 1
                        let cell = grid[x, y]
                        let colours = [cell.background] + (cell.scalar == 0x20 ? [] : [cell.foreground])
                        XCTAssertEqual(colours.filter { $0 != .rgb(0x4080c0) }, [], "\(mode) \(columns)x\(rows): cell \(x),\(y)")
                    }
                }
                let layout = renderer.layout(sceneWidth: 400, sceneHeight: 240, columns: columns, rows: rows)
                XCTAssertEqual(painted, layout.columns * layout.rows, "\(mode) \(columns)x\(rows)")
            }
        }
    }

    /// The fitting dimension still fills the grid: 240x240 at 80x23 is 46 columns by 23 rows.
    func testTheFittingSideFillsTheGrid() {
        let layout = CellLayout(sceneWidth: 240, sceneHeight: 240, columns: 80, rows: 23, mode: .half)
        XCTAssertEqual([layout.columns, layout.rows, layout.column, layout.row], [46, 23, 17, 0])
        let ocean = CellLayout(sceneWidth: 400, sceneHeight: 240, columns: 80, rows: 23, mode: .half)
        XCTAssertEqual([ocean.columns, ocean.rows], [76, 23])
    }
}
