import Foundation
import XCTest
import WaveGraphics
import WaveRuntime
@testable import WaveDriver
@testable import WaveSinks

/// Frames of real scenes through the terminal sink's writer and a model of the screen.
final class CellScreenTests: XCTestCase {
    /// Every frame of every example, in every cell mode, through the writer and a model of
    /// the screen: what the screen shows must be the grid, cell for cell.
    func testTheScreenAlwaysShowsTheGrid() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: TestScenes.packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".wave") }.sorted()
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
