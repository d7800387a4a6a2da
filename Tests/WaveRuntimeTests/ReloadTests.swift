import XCTest
import WaveSyntax
import WaveCompiler
import WaveGraphics
@testable import WaveRuntime

/// A live reload carries the new version of a script to the old one's tick without
/// replaying it (issue 20 item 4): the rules in grammar.md "Reloading a script".
final class ReloadTests: XCTestCase {
    func run(_ script: String, to tick: Int) throws -> SceneRuntime {
        try SceneRuntime.seek(try program(script), to: tick)
    }

    func number(_ r: SceneRuntime, _ name: String) -> Double? { r.value(ofGlobal: name)?.number }

    func testVariablesKeepTheirValuesUnlessTheEditChangedTheirInitialValue() throws {
        let v1 = "scene 10x10\nvar x = 0\nvar y = 0\nevery tick { x += 1  y += 2 }"
        let old = try run(v1, to: 600)
        XCTAssertEqual(number(old, "x"), 601)
        let v2 = "scene 10x10\nvar x = 0\nvar y = 7\nvar z = 5\nevery tick { x += 1  y += 2  z += 1 }"
        var r = try SceneRuntime.reload(try program(v2), keeping: old)
        XCTAssertEqual(r.tick, 600)
        XCTAssertEqual(number(r, "x"), 601, "unchanged: the live value")
        XCTAssertEqual(number(r, "y"), 9, "its initial value changed: the new one, after tick 0's handler (7 + 2)")
        XCTAssertEqual(number(r, "z"), 6, "new: its initial value, after tick 0's handler")
        try r.step()
        XCTAssertEqual(number(r, "x"), 602, "and the handlers go on from there")
    }

    func testLayersKeepLivePropertiesAndTakeTheEditedOnes() throws {
        let v1 = """
        scene 100x100
        layer c: circle { center (50, 50)  radius 10  fill #ff0000 }
        every tick { c.radius = 10 + tick / 60 }
        """
        let old = try run(v1, to: 600)
        XCTAssertEqual(old.value(ofLayer: "c", .radius)?.number, 20)
        let v2 = v1.replacingOccurrences(of: "fill #ff0000", with: "fill #00ff00")
        let r = try SceneRuntime.reload(try program(v2), keeping: old)
        XCTAssertEqual(r.value(ofLayer: "c", .radius)?.number, 20, "set by a handler: carried")
        XCTAssertEqual(r.value(ofLayer: "c", .fill), try run(v2, to: 0).value(ofLayer: "c", .fill), "edited: the new colour")
    }

    func testTimersKeepTheirPhaseAndDueOnesDoNotFireAgain() throws {
        let script = "scene 10x10\nvar n = 0\nvar m = 0\nevery 100t { n += 1 }\nat 1s { m += 1 }"
        let old = try run(script, to: 650)
        var r = try SceneRuntime.reload(try program(script), keeping: old)
        var replay = old
        XCTAssertEqual(number(r, "n"), 7)
        XCTAssertEqual(number(r, "m"), 1)
        for _ in 0..<250 {
            try r.step()
            try replay.step()
            XCTAssertEqual(number(r, "n"), number(replay, "n"), "tick \(r.tick)")
        }
        XCTAssertEqual(number(r, "n"), 10, "fired at 700, 800 and 900")
        XCTAssertEqual(number(r, "m"), 1)
    }

    func testAnimationsAndThenChainsAreWhereTheClockPutsThem() throws {
        let script = """
        scene 100x100
        layer a: rect { frame (0, 0, 10, 10) }
        layer b: rect { frame (0, 20, 10, 10) }
        animate a.rotation from 0 to 60 over 1s then animate b.rotation from 0 to 60 over 1s
        animate a.opacity from 1 to 0 over 2s repeat forever autoreverse
        """
        for tick in [30, 60, 90, 150, 500] {
            let old = try run(script, to: tick)
            let r = try SceneRuntime.reload(try program(script), keeping: old)
            for (layer, p) in [("a", Property.rotation), ("b", .rotation), ("a", .opacity)] {
                XCTAssertEqual(r.value(ofLayer: layer, p), old.value(ofLayer: layer, p), "\(layer).\(p) at tick \(tick)")
            }
        }
    }

    /// The examples whose state is variables, declared layers, timers and the script's
    /// own animations reload onto themselves exactly: the frames after the reload equal
    /// the frames of a run that never reloaded.
    func testReloadingAnUnchangedExampleChangesNoFrame() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".wave") }.sorted()
        XCTAssertGreaterThan(names.count, 10)
        for name in names {
            let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            // Not carried (grammar.md): spawned layers, and animations a handler started that
            // are still running at the reload (checkmark's and logo-spring's `at` animations,
            // morph's springs are, at tick 100).
            if text.contains("spawn") || ["checkmark.wave", "logo-spring.wave", "morph.wave"].contains(name) { continue }
            let p = try program(text)
            var old = try SceneRuntime.seek(p, to: 100)
            var r = try SceneRuntime.reload(p, keeping: old)
            for _ in 0..<80 {
                XCTAssertTrue(try r.frame() == old.frame(), "\(name) differs at tick \(old.tick)")
                try r.step()
                try old.step()
            }
        }
    }
}
