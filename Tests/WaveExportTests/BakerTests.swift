import XCTest
import WaveCompiler
import WaveGeometry
import WaveRuntime
import WaveSyntax
@testable import WaveExport

/// Baking scenes: shapes followed across ticks, a moving shape found rigid, the paths a
/// player reconstructs equal to the renderer's within the tolerance, and the report.
final class BakerTests: XCTestCase {
    func bake(_ text: String, ticks: Range<Int>, target: ExportFormat = .svg) throws -> BakedScene {
        let file = SourceFile(name: "t.wave", text: text)
        let (program, diagnostics) = Compiler.compile(file)
        let p = try XCTUnwrap(program, "\(diagnostics)")
        return try Baker(program: p, source: file, name: "t", target: target).bake(ticks: ticks)
    }

    func testATurningRectIsOneRigidPathWithTwoKeys() throws {
        let scene = try bake("""
        scene 100x100 { background #000000 }
        layer r: rect { frame (40, 30, 20, 40)  fill #ff0000 }
        animate r.rotation from 0deg to 90deg over 1s
        """, ticks: 0..<61)
        XCTAssertEqual(scene.layers.count, 1)
        guard case .rigid(_, let motion) = scene.layers[0].shape else { return XCTFail("not rigid: \(scene.layers[0].shape)") }
        XCTAssertEqual(motion.keys.map(\.tick), [0, 60])
        XCTAssertEqual(motion.keys[1].value[2] - motion.keys[0].value[2], 90, accuracy: 0.01, "a quarter turn")
        if case .solid(let c) = scene.layers[0].paint { XCTAssertTrue(c.isStatic) } else { XCTFail("not solid") }
        XCTAssertTrue(scene.layers[0].opacity.isStatic)
    }

    func testASpawnedShapeBelowAnotherKeepsTheOthersLayer() throws {
        let scene = try bake("""
        scene 100x100 { background #000000 }
        layer top: circle { center (50, 50)  radius 10  fill #00ff00 }
        template dot: circle { center (50, 50)  radius 10  fill #00ff00 }
        after 0.5s { spawn dot below top { animate scale from 1 to 3 over 0.5s } }
        """, ticks: 0..<60)
        XCTAssertEqual(scene.layers.count, 2)
        XCTAssertEqual(scene.layers[1].ticks, 0..<60, "the top circle is one layer the whole time")
        XCTAssertEqual(scene.layers[0].ticks, 30..<60, "the spawned one starts when spawned, drawn below")
    }

    func testReconstructedPathsMatchTheRenderersWithinTheTolerance() throws {
        let text = """
        scene 120x120 { background #000000 }
        layer s: path { move (20, 20) line (100, 30) line (60, 100) close  fill #ffffff }
        animate s.scale from 1 to 0.5 over 1s ease ease-in-out
        animate s.position from (0, 0) to (10, -5) over 1s
        """
        let scene = try bake(text, ticks: 0..<60)
        let file = SourceFile(name: "t.wave", text: text)
        var runtime = try SceneRuntime(program: try XCTUnwrap(Compiler.compile(file).0))
        for t in 0..<60 {
            while runtime.tick < t { try runtime.step() }
            guard case .fill(let path, _, _, _) = try runtime.frame().items[0] else { return XCTFail() }
            let baked = scene.layers[0].shape.path(at: t).split.coordinates
            for (a, b) in zip(baked, path.split.coordinates) { XCTAssertEqual(a, b, accuracy: 0.2, "tick \(t)") }
        }
    }

    func testTheReportNamesBlurAndMasksWithTheirPlaces() throws {
        let scene = try bake("""
        scene 100x100 { background #000000 }
        layer a: circle { center (50, 50)  radius 10  fill #ffffff  blur 4 }
        """, ticks: 0..<2)
        XCTAssertEqual(scene.report.entries.count, 1)
        let e = scene.report.entries[0]
        XCTAssertEqual(e.action, .dropped)
        XCTAssertTrue(e.construct.contains("blur"), e.construct)
        XCTAssertEqual(e.line, 2)
        XCTAssertFalse(scene.report.isEmpty)
        XCTAssertTrue(scene.report.json.contains("\"exact\":false"))
    }
}
