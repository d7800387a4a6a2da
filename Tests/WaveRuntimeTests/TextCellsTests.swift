import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

final class TextCellsTests: XCTestCase {
    let label = """
    scene 200x100 { background #ffffff }
    layer box: rect { frame (0, 60, 200, 40)  fill #3a7bd5 }
    layer small: text "ab c" { size 10  position (100, 30)  fill #ff0000  opacity 0.5 }
    layer big: text "XY" { size 80  position (100, 50)  fill #00ff00 }
    layer hole: text "m" { size 10  position (20, 20)  mask box }
    effect small typewriter over 4t
    """

    func testSmallTextComesOutAsCharactersAndLeavesTheFrame() throws {
        var runtime = try SceneRuntime(program: try program(label))
        for _ in 0..<10 { try runtime.step() }
        let (frame, runs) = try runtime.frameWithTextCells(scale: 0.5, maxLineHeight: 20)
        // Only "small" qualifies: "big" is too tall, "hole" has a mask.
        XCTAssertEqual(runs.map(\.layer), ["small"])
        let run = try XCTUnwrap(runs.first)
        XCTAssertEqual(run.glyphs.map(\.character), ["a", "b", " ", "c"])
        XCTAssertEqual(run.centerX, 50, accuracy: 0.001)     // anchored at its centre, at (100, 30) × 0.5
        XCTAssertEqual(run.centerY, 15, accuracy: 0.001)
        XCTAssertLessThan(run.lineHeight, 20)
        XCTAssertTrue(zip(run.glyphs, run.glyphs.dropFirst()).allSatisfy { $0.x < $1.x }, "left to right")
        XCTAssertEqual(run.glyphs[0].color, Color(r: 1, g: 0, b: 0, a: 0.5))   // layer opacity carried
        // The frame is the full frame without "small": one display item fewer.
        let full = try runtime.frame(scale: 0.5)
        XCTAssertEqual(frame.items.count, full.items.count - 1)
    }

    func testTextInPerspectiveStaysOutlinesAndItsBackHides() throws {
        // "flat" is under a perspective but not turned: still characters. "turned" is seen in
        // perspective: outlines in the frame. "away" shows its back with double-sided false:
        // neither.
        let source = """
            scene 200x100 { background #ffffff }
            layer g: group { perspective 300
              layer flat: text "ab" { size 10  position (50, 20) }
              layer turned: text "cd" { size 10  position (100, 50)  rotation-y 40deg }
              layer away: text "ef" { size 10  position (150, 80)  rotation-y 150deg  double-sided false }
            }
            """
        let runtime = try SceneRuntime(program: try program(source))
        let (frame, runs) = try runtime.frameWithTextCells(scale: 1, maxLineHeight: 20)
        XCTAssertEqual(runs.map(\.layer), ["flat"])
        XCTAssertEqual(try XCTUnwrap(runs.first).centerX, 50, accuracy: 0.001)
        XCTAssertEqual(frame.items.count, 1)   // "turned", projected
        XCTAssertEqual(try runtime.frame().items.count, 2)
    }

    func testEffectsShowInVisibility() throws {
        let runtime = try SceneRuntime(program: try program(label))   // tick 0: the typewriter has not begun
        let (_, runs) = try runtime.frameWithTextCells(scale: 1, maxLineHeight: 40)
        XCTAssertEqual(runs.first?.glyphs.map(\.color.a), [0, 0, 0, 0])
    }
}

/// Every text effect waits out its `delay` and then runs, in pixels and in text cells.
final class TextEffectDelayTests: XCTestCase {
    func testEveryEffectDrawsBeforeDuringAndAfterItsDelay() throws {
        for kind in EffectKind.allCases {
            let p = try program("""
            scene 200x60
            layer sub: text "Load ing" { size 16  position (100, 30) }
            effect sub \(kind.rawValue) over 1s delay 0.5s
            """)
            var r = try SceneRuntime(program: p)
            var shown: [Int] = []
            for tick in 0...100 {
                if tick > 0 { try r.step() }
                guard [0, 1, 2, 3, 29, 30, 31, 60, 100].contains(tick) else { continue }
                shown.append(try r.frame().items.count)
                _ = try r.frameWithTextCells(scale: 1, maxLineHeight: 40)
            }
            XCTAssertGreaterThan(shown.last ?? 0, 0, "\(kind): the text shows when the effect has ended")
        }
    }
}
