import XCTest
import WaveRuntime
@testable import WaveDriver
@testable import WaveSinks

/// `--cells ascii` draws its characters over what lies behind them: the scene's background,
/// the fills covering the whole scene it starts with, or the terminal's own background where
/// the scene's is transparent; never a black it made up.
final class AsciiBackgroundTests: XCTestCase {
    func grid(_ script: String) throws -> CellGrid {
        let runtime = try SceneRuntime(program: try TestScenes.program(script))
        return try CellRenderer(mode: .ascii, color: .truecolor).grid(for: runtime, columns: 30, rows: 10)
    }

    func testATransparentSceneKeepsTheTerminalsBackground() throws {
        let g = try grid("""
        scene 100x50 { background #00000000 }
        layer ball: circle { center (50, 25) radius 20 fill #303060 }
        """)
        XCTAssertEqual(Set(g.cells.map(\.background)), [.terminalDefault])
        XCTAssertTrue(g.cells.contains { $0.foreground == .rgb(0x303060) }, "the ball is drawn in its colour")
    }

    /// ocean.wave's shape: a black background under a sky filling the scene; the cells show
    /// the sky behind the sun's characters, not black.
    func testAFullBleedSkyIsTheBackground() throws {
        let g = try grid("""
        scene 100x50 { background #000000 }
        layer sky: rect { frame (0, 0, 100, 50) fill #203060 }
        layer sun: circle { center (50, 25) radius 10 fill #ffc040 }
        """)
        let backgrounds = Set(g.cells.map(\.background))
        XCTAssertFalse(backgrounds.contains(.rgb(0)), "\(backgrounds)")
        XCTAssertTrue(backgrounds.contains(.rgb(0x203060)), "\(backgrounds)")
        XCTAssertTrue(g.cells.contains { $0.foreground == .rgb(0xffc040) && $0.scalar != 0x20 }, "the sun is drawn in characters")
    }

    /// An opaque background stays what it was.
    func testAnOpaqueBackgroundIsTheCellsBackground() throws {
        let g = try grid("""
        scene 100x50 { background #101418 }
        layer dot: circle { center (50, 25) radius 10 fill #ffffff }
        """)
        XCTAssertEqual(Set(g.cells.filter { $0 != .blank }.map(\.background)), [.rgb(0x101418)])
    }
}
