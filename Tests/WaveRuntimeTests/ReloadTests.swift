import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
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
        var spawning = 0
        for name in names {
            let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            if text.contains("spawn") || text.contains("emit ") { spawning += 1 }
            let p = try program(text)
            for at in [100, 251] {
                var old = try SceneRuntime.seek(p, to: at)
                var r = try SceneRuntime.reload(p, keeping: old)
                for _ in 0..<80 {
                    XCTAssertTrue(try r.frame() == old.frame(), "\(name) reloaded at \(at) differs at tick \(old.tick)")
                    try r.step()
                    try old.step()
                }
            }
        }
        XCTAssertGreaterThanOrEqual(spawning, 3, "sonar, confetti and sparks spawn layers")
    }

    /// What handlers started (spawned layers and their own timers, an animation started by
    /// an `at` timer) carries on through an edit that keeps the structure; the edited
    /// property takes its new value, and new spawns run the new text.
    static let started = """
    scene 100x100
    layer box: rect { frame (40, 40, 20, 20)  fill #ff0000 }
    template dot: circle { radius 3  fill #0000ff }
    var n = 0
    at 0.5s { animate box.rotation from 0 to 360deg over 4s repeat forever }
    every 10t {
      n += 1
      spawn dot {
        center = (10 + n * 3, 20)
        every tick { center = center + (0, 1) }
        after 1s { remove }
      }
    }
    """

    func testWhatHandlersStartedCarriesOnThroughAnEditThatKeepsTheStructure() throws {
        let old = try run(Self.started, to: 200)
        XCTAssertEqual(old.liveLayerCount, 7, "the box and six dots")
        // Unchanged: the same frames as going on.
        var same = try SceneRuntime.reload(try program(Self.started), keeping: old)
        var going = old
        for _ in 0..<120 {
            XCTAssertTrue(try same.frame() == going.frame(), "tick \(going.tick)")
            try same.step()
            try going.step()
        }
        // Edited: the box's colour and the dots' fall speed change.
        let v2 = Self.started.replacingOccurrences(of: "fill #ff0000", with: "fill #00ff00")
            .replacingOccurrences(of: "center + (0, 1)", with: "center + (0, 2)")
        var r = try SceneRuntime.reload(try program(v2), keeping: old)
        XCTAssertEqual(r.liveLayerCount, 7, "the dots are carried")
        XCTAssertEqual(r.value(ofLayer: "box", .rotation)?.number, old.value(ofLayer: "box", .rotation)?.number, "the `at` animation runs on")
        XCTAssertEqual(r.value(ofLayer: "box", .fill), try run(v2, to: 0).value(ofLayer: "box", .fill))
        XCTAssertEqual(r.value(ofGlobal: "n")?.number, 21, "every 10t fired at ticks 0, 10, … 200")
        var carried = old
        for _ in 0..<30 {
            try r.step()
            try carried.step()
            XCTAssertEqual(r.value(ofLayer: "box", .rotation)?.number, carried.value(ofLayer: "box", .rotation)?.number)
        }
        // Ticks 201-230: the dots spawned before the reload fall one pixel a tick (their own
        // running handlers), the three spawned after it two.
        let speeds = try dotSpeeds(r)
        XCTAssertEqual(speeds.filter { $0 == 1 }.count, 3, "\(speeds)")
        XCTAssertEqual(speeds.filter { $0 == 2 }.count, 3, "\(speeds)")
    }

    /// Each live dot's fall over one more tick.
    func dotSpeeds(_ r: SceneRuntime) throws -> [Double] {
        var next = r
        try next.step()
        func y(_ rt: SceneRuntime, _ id: Int) -> Double? {
            guard let inst = rt.instances[id], inst.kind == .circle, case .point(_, let y) = inst.present(.center) else { return nil }
            return y
        }
        return r.instances.keys.sorted().compactMap { id in
            guard let a = y(r, id), let b = y(next, id) else { return nil }
            return b - a
        }
    }

    func testAnEditThatChangesTheStructureStartsHandlersAfresh() throws {
        let old = try run(Self.started, to: 200)
        let v2 = Self.started.replacingOccurrences(of: "var n = 0", with: "var n = 0\nvar extra = 1")
        let r = try SceneRuntime.reload(try program(v2), keeping: old)
        XCTAssertEqual(r.liveLayerCount, 1, "a new variable moves the slots: spawned dots are not carried")
        XCTAssertEqual(r.value(ofLayer: "box", .rotation)?.number, 0, "nor the `at` animation")
    }
}
