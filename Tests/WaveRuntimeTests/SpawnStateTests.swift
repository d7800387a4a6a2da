import XCTest
import Foundation
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// Template parameters (each spawned instance's own variables), per-instance `every tick`
/// handlers, and the confetti example built on them.
final class SpawnStateTests: XCTestCase {
    static var confetti: String {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("examples/confetti.wave")
            return try String(contentsOf: url, encoding: .utf8)
        }
    }

    func pixels(_ r: SceneRuntime) throws -> [UInt8] {
        let f = try r.frame()
        return Renderer().render(f.items, width: f.width, height: f.height, background: f.background).data
    }

    func testEachInstanceIntegratesItsOwnVariables() throws {
        // Two dots with their own velocities under the same gravity: after n ticks,
        // x = x0 + n·vx and y = y0 + Σ(vy + k·g) for k = 1…n, each from its own values.
        let s = """
        scene 200x200
        var g = 0.5
        template dot(vx = 0, vy = 0): circle { center (100, 100)  radius 2 }
        at 0s {
          spawn dot { vx = 2   vy = -3   every tick { vy += g  position += (vx, vy) } }
          spawn dot { vx = -1  vy = 1    every tick { vy += g  position += (vx, vy) } }
        }
        """
        var r = try SceneRuntime(program: try program(s))
        let n = 20
        for _ in 0..<n { try r.step() }
        let dots = r.instances.values.filter { r.program.layers[$0.decl].name == "dot" }.sorted { $0.id < $1.id }
        XCTAssertEqual(dots.count, 2)
        // The handler is installed at tick 0 and fires on ticks 0…n: n + 1 times.
        let k = Double(n + 1)
        for (dot, (vx, vy)) in zip(dots, [(2.0, -3.0), (-1.0, 1.0)]) {
            let p = dot.present(.position).point
            XCTAssertEqual(p.0, k * vx, accuracy: 1e-9)
            XCTAssertEqual(p.1, k * vy + 0.5 * k * (k + 1) / 2, accuracy: 1e-9)
            XCTAssertEqual(dot.vars[1].number, vy + 0.5 * k, accuracy: 1e-9, "its own vy")
        }
    }

    func testDefaultsBindingsAndSelfRemoval() throws {
        let s = """
        scene 100x100
        template blip(big = 4, life = 10): circle { center (50, 50)  radius big }
        every 5t {
          spawn blip {
            big = 2 + tick / 5
            every tick { life -= 1  if life <= 0 { remove } }
          }
        }
        """
        var r = try SceneRuntime(program: try program(s))
        var counts: [Int] = []
        for _ in 0..<40 { try r.step(); counts.append(r.liveLayerCount) }
        // One spawned every 5 ticks, each living 10 handler runs: two alive at once.
        XCTAssertEqual(counts.max(), 2)
        let radii = r.instances.values.map { $0.present(.radius).number }.sorted()
        XCTAssertEqual(radii, [2 + 35 / 5, 2 + 40 / 5], "the radius follows each blip's own big")
    }

    func testParameterMistakesAreLocatedErrors() throws {
        func codes(_ s: String) -> [String] {
            let (_, diagnostics) = Compiler.compile(SourceFile(name: "t.wave", text: s))
            return diagnostics.map { "\($0.code.rawValue)@\($0.range.start)" }
        }
        XCTAssertEqual(codes("layer a(x = 1): circle { radius 1 }"), ["\(DiagnosticCode.wrongLayerUse.rawValue)@7"], "only a template takes parameters")
        XCTAssertFalse(codes("template a(x = 1, x = 2): circle { radius 1 }").isEmpty, "named twice")
        XCTAssertFalse(codes("template a(radius = 1): circle { radius 1 }").isEmpty, "a property name")
        XCTAssertFalse(codes("var k = 1\ntemplate a(x = k): circle { radius 1 }").isEmpty, "default not constant")
        XCTAssertFalse(codes("template a(x = 1): circle { radius 1 }\nat 0s { spawn a { animate x to 2 over 1s } }").isEmpty, "not animatable")
        XCTAssertFalse(codes("template a(x = 1): circle { radius 1 }\nat 0s { spawn a { x = \"s\" } }").isEmpty, "typed by its default")
        XCTAssertFalse(codes("template a(x = 1): circle { radius 1 }\nx = 2").isEmpty, "only in its template's blocks")
        XCTAssertTrue(codes("template a(x = 1): circle { radius x }\nat 0s { spawn a { x = 3 } }").isEmpty)
    }

    /// `spawn T(a = …, b = …)` passes arguments as the declaration writes them: the same
    /// copies, in the same state, as assigning them at the start of the block.
    func testArgumentsAfterTheNameAreAssignmentsAtTheStartOfTheBlock() throws {
        func dots(_ spawns: String) throws -> [(Double, Double, Double)] {
            let s = """
            scene 200x200 { seed 3 }
            layer mark: rect { frame (0, 0, 10, 10) }
            template dot(vx = 0, vy = 0): circle { center (100, 100)  radius 2 }
            at 0s {
            \(spawns)
            }
            """
            var r = try SceneRuntime(program: try program(s))
            for _ in 0..<10 { try r.step() }
            return r.instances.values.filter { r.program.layers[$0.decl].name == "dot" }.sorted { $0.id < $1.id }.map {
                let p = $0.present(.position).point
                return (p.0, p.1, $0.present(.opacity).number)
            }
        }
        let sugar = try dots("""
          spawn dot(vx = 2, vy = random(-3, -1)) { every tick { position += (vx, vy) } }
          spawn dot(vx = -1, opacity = 0.5) below mark { every tick { position += (vx, vy) } }
          spawn dot()
        """)
        let plain = try dots("""
          spawn dot { vx = 2  vy = random(-3, -1)  every tick { position += (vx, vy) } }
          spawn dot below mark { vx = -1  opacity = 0.5  every tick { position += (vx, vy) } }
          spawn dot
        """)
        XCTAssertEqual(sugar.count, 3)
        XCTAssertEqual(sugar.map { [$0.0, $0.1, $0.2] }, plain.map { [$0.0, $0.1, $0.2] })
        XCTAssertEqual(sugar[0].0, 22, "vx = 2 over 11 handler runs")
        XCTAssertEqual(sugar[1].2, 0.5, "a property of the copy, like a bare name in the block")

        // A value without a name, and an unclosed list, are one located error each.
        for (text, column, message) in [("spawn dot(2, 3)", 11, "expected an argument 'name = value' in 'spawn dot(…)', found number '2'"),
                                        ("spawn dot(vx = 2 vy = 3)", 18, "expected ')' to close the arguments of 'spawn dot' at 2:10, found 'vy'")] {
            let s = "template dot(vx = 0, vy = 0): circle { radius 2 }\n\(text)\nlayer later: circle { radius 1 }"
            let diagnostics = Compiler.compile(SourceFile(name: "t.wave", text: s)).1
            XCTAssertEqual(diagnostics.count, 1, "\(text): \(diagnostics.map(\.message))")
            let file = SourceFile(name: "t.wave", text: s)
            XCTAssertEqual(diagnostics.first.map { file.location(of: $0.range.start) }?.1, column, text)
            XCTAssertEqual(diagnostics.first?.message, message, text)
        }
    }

    /// Issue 15: rendering the confetti tick by tick and seeking straight to a tick give the
    /// same frame (a particle's fate does not depend on the frames drawn before it).
    func testConfettiSeekEqualsStep() throws {
        let p = try program(try SpawnStateTests.confetti)
        var stepped = try SceneRuntime(program: p)
        var peak = 0
        for n in 0...300 {
            if n > 0 { try stepped.step() }
            let drawn = try pixels(stepped)          // every frame drawn on the way
            peak = max(peak, stepped.liveLayerCount)
            guard [1, 20, 60, 120, 300].contains(n) else { continue }
            let sought = try SceneRuntime.seek(p, to: n)
            XCTAssertEqual(try sought.frame(), try stepped.frame(), "display list at tick \(n)")
            XCTAssertEqual(try pixels(sought), drawn, "pixels at tick \(n)")
        }
        XCTAssertEqual(peak, 90, "80+ pieces")
        XCTAssertEqual(stepped.liveLayerCount, 0, "every piece has removed itself by tick 300")
        // The frame at tick 60 is not empty: many pieces are in flight.
        let mid = try SceneRuntime.seek(p, to: 60)
        let background = try SceneRuntime.seek(p, to: 300)
        let differing = zip(try pixels(mid), try pixels(background)).filter { $0 != $1 }.count
        XCTAssertGreaterThan(differing, 90 * 20, "pieces in flight at tick 60")
    }

    func testConfettiRunsAreByteIdentical() throws {
        let p = try program(try SpawnStateTests.confetti)
        let a = try pixels(try SceneRuntime.seek(p, to: 45)), b = try pixels(try SceneRuntime.seek(p, to: 45))
        XCTAssertEqual(a, b)
        // A different seed gives a different burst: the randomness comes from the seed.
        let other = try program(try SpawnStateTests.confetti.replacingOccurrences(of: "seed 7", with: "seed 8"))
        XCTAssertNotEqual(try pixels(try SceneRuntime.seek(other, to: 45)), a)
    }

    /// Issue 15: the live layer count of the confetti and of a long-running emitter stays
    /// bounded over 60 s of scene time.
    func testLiveCountsStayBoundedOverAMinute() throws {
        var confetti = try SceneRuntime(program: try program(try SpawnStateTests.confetti))
        var emitter = try SceneRuntime(program: try program("""
        scene 200x200 { seed 3 }
        template spark(vx = 0, vy = 0): circle { center (100, 100)  radius 2  fill white }
        every 50ms {
          spawn spark {
            vx = random(-2, 2)
            vy = random(-3, -1)
            every tick {
              vy += 0.1
              position += (vx, vy)
              opacity -= 1 / 60
              if opacity <= 0 { remove }
            }
          }
        }
        """))
        var maxConfetti = 0, maxEmitter = 0, emitterLate: [Int] = []
        for n in 1...3600 {
            try confetti.step()
            try emitter.step()
            maxConfetti = max(maxConfetti, confetti.liveLayerCount)
            maxEmitter = max(maxEmitter, emitter.liveLayerCount)
            if n > 3000 { emitterLate.append(emitter.liveLayerCount) }
        }
        XCTAssertEqual(maxConfetti, 90)
        XCTAssertEqual(confetti.liveLayerCount, 0)
        // One spark every 3 ticks, each alive 60 handler runs: at most ⌈61 / 3⌉ = 21.
        XCTAssertLessThanOrEqual(maxEmitter, 21)
        XCTAssertGreaterThanOrEqual(emitterLate.min() ?? 0, 19, "still emitting after a minute")
    }

    func testTooManyLiveInstancesIsALocatedError() throws {
        let s = "template p(v = 0): circle { radius 1 }\nevery tick { spawn p }"
        var limits = RuntimeLimits()
        limits.maxLayers = 50
        var r = try SceneRuntime(program: try program(s), limits: limits)
        XCTAssertThrowsError(try { for _ in 0..<100 { try r.step() } }()) { e in
            guard let e = e as? RuntimeError else { return XCTFail("\(e)") }
            XCTAssertEqual(e.code, .tooManyLayers)
            XCTAssertEqual(e.range.start, s.utf8.count - 9, "points at 'spawn p'")
        }
    }
}

/// Constant lists of colours and strings, indexed by a changing index.
final class PaletteListTests: XCTestCase {
    func testAColourAndAStringPickedFromConstantListsFollowTheIndex() throws {
        let s = """
        scene 4x4 { background white }
        let palette = [#ff0000, #0000ff, #00ff00]
        let words = ["a", "bb", "ccc"]
        var k = 0
        every tick { k = mod(k + 1, 3) }
        layer r: rect { frame (0, 0, 4, 4) fill palette[k] }
        layer label: text words[k] { position (-100, -100) }
        """
        var r = try SceneRuntime(program: try program(s))
        var seen: [[UInt8]] = [], texts: [String] = []
        for _ in 0..<3 {
            try r.step()
            let f = try r.frame()
            let px = Renderer().render(f.items, width: f.width, height: f.height, background: f.background).data
            seen.append(Array(px[0..<4]))
            let t = try XCTUnwrap(r.instances.values.first { r.program.layers[$0.decl].name == "label" })
            if case .string(let w) = t.present(.text) { texts.append(w) }
        }
        // The handler runs at tick 0 too, before bindings are read: k is 2, 0, 1 at ticks 1, 2, 3.
        XCTAssertEqual(seen, [[0, 255, 0, 255], [255, 0, 0, 255], [0, 0, 255, 255]])
        XCTAssertEqual(texts, ["ccc", "a", "bb"])
    }
}
