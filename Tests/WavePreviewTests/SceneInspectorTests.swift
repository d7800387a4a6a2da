import XCTest
import WaveCompiler
import WaveDriver
import WaveSyntax
@testable import WavePreview

/// The inspector shows the layers as a tree with their values at the tick.
final class SceneInspectorTests: XCTestCase {
    func testTreeValuesAndSpawnedCopiesAtATick() throws {
        let text = """
        scene 100x100 { duration 2s }
        var level = 0
        layer g: group {
          layer dot: circle { center (10, 10)  radius 5  fill #ff0000 }
        }
        template spark: circle { radius 2 }
        every 0.5s { spawn spark }
        animate level from 0 to 60 over 1s
        """
        let program = try XCTUnwrap(Compiler.compile(SourceFile(name: "i.wave", text: text)).0)
        let seeker = try FrameSeeker(program: program)
        let snap = SceneInspector.snapshot(try seeker.runtime(at: 30), version: 4, tick: 30)
        XCTAssertEqual(snap.layers.map { "\($0.name):\($0.kind):\($0.depth)" }, ["g:group:0", "dot:circle:1"])
        XCTAssertEqual(snap.spawned, ["spark": 2], "spawned at ticks 0 and 30")
        XCTAssertEqual(snap.globals, [SceneInspector.Entry(name: "level", value: "30", plottable: true, written: true)])
        let dot = try XCTUnwrap(snap.layers[1].properties)
        XCTAssertEqual(dot.first { $0.name == "radius" }, SceneInspector.Entry(name: "radius", value: "5", plottable: true, written: true))
        XCTAssertEqual(dot.first { $0.name == "fill" }?.value, "#ff0000")
        XCTAssertEqual(dot.first { $0.name == "opacity" }?.written, false)
        XCTAssertNil(dot.first { $0.name == "text" }, "only the properties a circle has")
        XCTAssertEqual(SceneInspector.snapshot(try seeker.runtime(at: 29), version: 4, tick: 29).spawned, ["spark": 1], "back before the second")
    }
}
