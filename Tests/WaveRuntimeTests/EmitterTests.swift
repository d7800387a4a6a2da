import XCTest
import Foundation
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// `emit T { … }`: CAEmitterCell's parameters, each measured on the particles it makes.
final class EmitterTests: XCTestCase {
    /// A scene 200x200 with template `p` (a small circle) and an emit block holding `keys`.
    func scene(_ keys: String, seed: Int = 5, template: String = "template p: circle { radius 2  fill #fff }") -> String {
        """
        scene 200x200 { seed \(seed) }
        \(template)
        emit p {
          position (100, 100)
          \(keys)
        }
        """
    }

    struct Particle { var x, y, rotation, scale, opacity: Double; var age: Double; var fill: Value }

    /// The live particles of template `p`, oldest first; `age` is in seconds, as the particle
    /// was drawn at this tick.
    func particles(_ r: SceneRuntime) -> [Particle] {
        guard let decl = r.program.layers.firstIndex(where: { $0.name == "p" }),
              let ageSlot = r.program.layers[decl].instanceVars.firstIndex(where: { $0.name == "emit.age" }) else { return [] }
        return r.instances.values.filter { $0.decl == decl }.sorted { $0.id < $1.id }.map { inst in
            let pos = inst.present(.position).point
            // The handler has already counted this tick: the drawn age is one less.
            return Particle(x: pos.0, y: pos.1, rotation: inst.present(.rotation).number, scale: inst.present(.scale).point.0,
                            opacity: inst.present(.opacity).number, age: (inst.vars[ageSlot].number - 1) / 60, fill: inst.present(.fill))
        }
    }

    func run(_ s: String, to n: Int) throws -> SceneRuntime { try SceneRuntime.seek(try program(s), to: n) }

    func testSteadyStateCountIsBirthRateTimesLifetime() throws {
        // 30 a second living 2 s: 60 alive once the first have died, for a whole minute.
        var r = try SceneRuntime(program: try program(scene("birth-rate 30  lifetime 2s  velocity 10")))
        var late: [Int] = []
        for n in 1...3600 {
            try r.step()
            if n >= 180 { late.append(r.liveLayerCount) }
        }
        XCTAssertEqual(late.min(), 60)
        XCTAssertEqual(late.max(), 60)
        // With lifetime ± 0.5 s the count wanders about the same mean, never above
        // rate × longest life + 1.
        var v = try SceneRuntime(program: try program(scene("birth-rate 30  lifetime 2s  lifetime-range 0.5s")))
        var counts: [Int] = []
        for n in 1...1200 {
            try v.step()
            if n >= 180 { counts.append(v.liveLayerCount) }
        }
        let mean = Double(counts.reduce(0, +)) / Double(counts.count)
        XCTAssertEqual(mean, 60, accuracy: 2)
        XCTAssertLessThanOrEqual(counts.max() ?? 0, 76)
        XCTAssertGreaterThan(Set(counts).count, 3, "lifetimes vary")
    }

    func testBirthsFollowTheRateBeginAndDuration() throws {
        // 7 a second from 0.5 s for 2 s: particle k is born at 30 + 60k/7 ticks while that is
        // before tick 150, so 14 in all; none after.
        let s = scene("birth-rate 7  lifetime 10s  begin 0.5s  duration 2s")
        var r = try SceneRuntime(program: try program(s))
        var born: [Int] = []
        var last = r.liveLayerCount
        for n in 1...300 {
            try r.step()
            if r.liveLayerCount > last { born += Array(repeating: n, count: r.liveLayerCount - last) }
            last = r.liveLayerCount
        }
        let expected = (0..<14).map { 30 + Int((60 * Double($0) / 7).rounded(.up)) }
        XCTAssertEqual(born, expected)
    }

    func testVelocityAndEmissionRangeBoundTheDirectionAndSpeed() throws {
        let s = scene("birth-rate 60  lifetime 5s  velocity 60  velocity-range 20  longitude -90deg  emission-range 30deg")
        let ps = particles(try run(s, to: 120)).filter { $0.age > 0 }
        XCTAssertEqual(ps.count, 120)
        var speeds: [Double] = [], angles: [Double] = []
        for p in ps {
            let dx = p.x - 100, dy = p.y - 100
            speeds.append(hypot(dx, dy) / p.age)
            angles.append(atan2(dy, dx) * 180 / .pi)
        }
        // 60 ± 20 px a second along -90° ± 30°, both ends reached.
        XCTAssertGreaterThanOrEqual(speeds.min() ?? 0, 40 - 1e-9)
        XCTAssertLessThanOrEqual(speeds.max() ?? 0, 80 + 1e-9)
        XCTAssertLessThan(speeds.min() ?? 0, 43)
        XCTAssertGreaterThan(speeds.max() ?? 0, 77)
        XCTAssertGreaterThanOrEqual(angles.min() ?? 0, -120 - 1e-9)
        XCTAssertLessThanOrEqual(angles.max() ?? 0, -60 + 1e-9)
        XCTAssertLessThan(angles.min() ?? 0, -115)
        XCTAssertGreaterThan(angles.max() ?? 0, -65)
    }

    func testAccelerationGivesTheClosedFormParabola() throws {
        // One particle (1 a second for half a second): x = 100 + 60t − 15t², y = 100 + 60t².
        let s = scene("birth-rate 1  duration 0.5s  lifetime 10s  velocity 60  x-acceleration -30  y-acceleration 120")
        for n in [0, 1, 30, 90, 240] {
            let ps = particles(try run(s, to: n))
            XCTAssertEqual(ps.count, 1)
            let t = Double(n) / 60
            XCTAssertEqual(ps[0].x, 100 + 60 * t - 15 * t * t, accuracy: 1e-9, "tick \(n)")
            XCTAssertEqual(ps[0].y, 100 + 60 * t * t, accuracy: 1e-9, "tick \(n)")
        }
    }

    func testAlphaSpeedSpinAndScaleSpeedAreLinearInAge() throws {
        let s = scene("birth-rate 1  duration 0.5s  lifetime 4s  alpha-speed -0.5  spin 90deg  scale 2  scale-speed -0.5")
        for n in [0, 30, 60, 150, 239] {
            let p = try XCTUnwrap(particles(try run(s, to: n)).first)
            let t = Double(n) / 60
            XCTAssertEqual(p.opacity, max(0, 1 - 0.5 * t), accuracy: 1e-9, "fades linearly, tick \(n)")
            XCTAssertEqual(p.rotation, Double.pi / 2 * t, accuracy: 1e-9, "spins 90° a second, tick \(n)")
            XCTAssertEqual(p.scale, 2 - 0.5 * t, accuracy: 1e-9, "shrinks 0.5 a second, tick \(n)")
        }
        XCTAssertEqual(try run(s, to: 240).liveLayerCount, 0, "dies at the end of its 4 s")
    }

    func testRangesOfSpinScaleAlphaAndColour() throws {
        let s = scene("birth-rate 60  lifetime 5s  spin 1  spin-range 0.5  scale 1  scale-range 0.25  alpha-range 0.25  color #808080  red-range 0.2",
                      template: "template p: circle { radius 2  opacity 0.5 }")
        let ps = particles(try run(s, to: 60)).filter { $0.age > 0 }
        let spins = ps.map { $0.rotation / $0.age }, scales = ps.map(\.scale), alphas = ps.map(\.opacity)
        let reds: [Double] = ps.map { if case .paint(.color(let c)) = $0.fill { return c.r }; if case .color(let c) = $0.fill { return c.r }; return -1 }
        for (values, lo, hi) in [(spins, 0.5, 1.5), (scales, 0.75, 1.25), (alphas, 0.25, 0.75), (reds, 128.0 / 255 - 0.2, 128.0 / 255 + 0.2)] {
            XCTAssertGreaterThanOrEqual(values.min() ?? -9, lo - 1e-6)
            XCTAssertLessThanOrEqual(values.max() ?? 9, hi + 1e-6)
            XCTAssertGreaterThan((values.max() ?? 0) - (values.min() ?? 0), (hi - lo) * 0.8, "spread over the range")
        }
    }

    /// `color [a, b, c]`: every particle takes one of the colours, each about a third of the
    /// time; a channel range varies the pick; one colour in a list is a plain `color`.
    func testAPaletteGivesEachParticleOneOfItsColours() throws {
        let palette: [(Double, Double, Double)] = [(230, 57, 70), (244, 162, 97), (42, 157, 143)]
        func rgb(_ v: Value) -> (Double, Double, Double)? {
            if case .paint(.color(let c)) = v { return (c.r * 255, c.g * 255, c.b * 255) }
            if case .color(let c) = v { return (c.r * 255, c.g * 255, c.b * 255) }
            return nil
        }
        let ps = particles(try run(scene("birth-rate 100  lifetime 5s  color [#e63946, #f4a261, #2a9d8f]"), to: 300))
        XCTAssertGreaterThan(ps.count, 400)
        var counts = [0, 0, 0]
        for p in ps {
            let c = try XCTUnwrap(rgb(p.fill))
            let k = try XCTUnwrap(palette.firstIndex { abs($0.0 - c.0) < 0.01 && abs($0.1 - c.1) < 0.01 && abs($0.2 - c.2) < 0.01 }, "\(c)")
            counts[k] += 1
        }
        for n in counts { XCTAssertEqual(Double(n) / Double(ps.count), 1.0 / 3, accuracy: 0.08, "\(counts)") }

        let varied = particles(try run(scene("birth-rate 100  lifetime 5s  color [#e63946, #2a9d8f]  green-range 0.1"), to: 120))
        for p in varied {
            let c = try XCTUnwrap(rgb(p.fill))
            XCTAssertTrue([230.0, 42].contains { abs($0 - c.0) < 0.01 }, "red stays one of the two: \(c)")
            XCTAssertTrue(abs(c.1 - 57) <= 25.5 + 1e-6 || abs(c.1 - 157) <= 25.5 + 1e-6, "green within ± 0.1: \(c)")
        }
        let one = try program(scene("birth-rate 10  lifetime 1s  color [#e63946]"))
        let e = try XCTUnwrap(one.layers.first { $0.name == "p" }?.emitters.first)
        XCTAssertEqual(e.color.map(Value.hex), "#e63946")
        XCTAssertTrue(e.palette.isEmpty)
    }

    /// grammar.md: a template property whose only changing part is `random()` is drawn once a
    /// particle: the hues differ between particles and stay put through a particle's life.
    func testRandomTemplatePropertiesAreDrawnOnceAParticle() throws {
        let s = scene("birth-rate 30  lifetime 2s", template: "template p: circle { radius 2  fill hsl(random(0deg, 360deg), 0.8, 0.6) }")
        let program = try program(s)
        var runtime = try SceneRuntime(program: program)
        for _ in 0..<40 { try runtime.step() }
        let before = particles(runtime).map { "\($0.fill)" }
        try runtime.step()
        let after = particles(runtime).map { "\($0.fill)" }
        XCTAssertGreaterThan(Set(before).count, 10, "each particle its own hue")
        XCTAssertEqual(Array(after.prefix(before.count)), before, "and it keeps it")
    }

    func testEmitterShapes() throws {
        func births(_ keys: String) throws -> [(Double, Double)] {
            particles(try run(scene("birth-rate 600  duration 0.5s  lifetime 2s  \(keys)"), to: 30)).map { ($0.x, $0.y) }
        }
        let point = try births("shape point")
        XCTAssertTrue(point.allSatisfy { $0 == (100, 100) })
        let line = try births("shape line  size (80, 0)")
        XCTAssertTrue(line.allSatisfy { $0.1 == 100 && abs($0.0 - 100) <= 40 })
        XCTAssertGreaterThan(line.map(\.0).max()! - line.map(\.0).min()!, 75)
        let rect = try births("shape rectangle  size (80, 40)")
        XCTAssertTrue(rect.allSatisfy { abs($0.0 - 100) <= 40 && abs($0.1 - 100) <= 20 })
        XCTAssertGreaterThan(rect.map(\.1).max()! - rect.map(\.1).min()!, 36)
        let circle = try births("shape circle  size (80, 80)")
        let radii = circle.map { hypot($0.0 - 100, $0.1 - 100) }
        XCTAssertLessThanOrEqual(radii.max()!, 40 + 1e-9)
        XCTAssertGreaterThan(radii.max()!, 38)
        // Uniform over the disc: about a quarter inside half the radius.
        let inner = Double(radii.filter { $0 < 20 }.count) / Double(radii.count)
        XCTAssertEqual(inner, 0.25, accuracy: 0.06)
    }

    /// A particle's fate does not depend on how many frames were drawn before it, and two
    /// runs give the same bytes.
    func testSeekEqualsStepAndRunsAreByteIdentical() throws {
        let s = scene("""
        birth-rate 40  lifetime 1.5s  lifetime-range 0.5s  velocity 80  velocity-range 30
          longitude -90deg  emission-range 40deg  y-acceleration 90  spin 2  spin-range 2
          scale-range 0.3  alpha-speed -0.5  color #ffaa33  red-range 0.1  green-range 0.2  shape line  size (120, 0)
        """, template: "template p: rect { frame (-3, -2, 6, 4) }")
        let p = try program(s)
        var stepped = try SceneRuntime(program: p)
        let render = { (r: SceneRuntime) throws -> [UInt8] in
            let f = try r.frame()
            return Renderer().render(f.items, width: f.width, height: f.height, background: f.background).data
        }
        for n in 0...200 {
            if n > 0 { try stepped.step() }
            _ = try render(stepped)
            guard [1, 50, 200].contains(n) else { continue }
            let sought = try SceneRuntime.seek(p, to: n)
            XCTAssertEqual(try sought.frame(), try stepped.frame(), "display list at tick \(n)")
        }
        XCTAssertEqual(try render(try SceneRuntime.seek(p, to: 200)), try render(stepped))
        XCTAssertEqual(try render(try SceneRuntime.seek(p, to: 120)), try render(try SceneRuntime.seek(try program(s), to: 120)))
        XCTAssertNotEqual(try render(try SceneRuntime.seek(try program(s.replacingOccurrences(of: "seed 5", with: "seed 6")), to: 120)),
                          try render(try SceneRuntime.seek(p, to: 120)), "the randomness comes from the seed")
    }

    /// A particle's tick runs natively (`ParticleTickIR`); the statements it stands for,
    /// interpreted, must give the same display list, variables and globals at every tick and
    /// count the same steps, for emitters using every term (both accelerations, spin, scale
    /// and alpha speeds and ranges) and for ones leaving terms out.
    func testNativeParticleTicksMatchTheirStatements() throws {
        let scenes = [
            scene("""
            birth-rate 45  lifetime 1s  lifetime-range 0.4s  velocity 70  velocity-range 20  emission-range 180deg
              x-acceleration -30  y-acceleration 90  spin 3  spin-range 1  scale 0.8  scale-range 0.2  scale-speed -0.4
              alpha-range 0.2  alpha-speed -0.7  color #ffaa33  blue-range 0.3  shape rectangle  size (40, 20)
            """, template: "template p: rect { frame (-3, -2, 6, 4)  corner 1 }"),
            scene("birth-rate 12  lifetime 0.5s  velocity 40  shape circle  size (30, 30)"),
            scene("birth-rate 20  lifetime 2s  velocity 10  spin-range 2  begin 0.2s  duration 1s  shape point"),
        ]
        defer { SceneRuntime.interpretParticles = false }
        for s in scenes {
            let p = try program(s)
            var native = try SceneRuntime(program: p), walked = try SceneRuntime(program: p)
            var alive = 0
            for n in 1...150 {
                SceneRuntime.interpretParticles = false
                try native.step()
                SceneRuntime.interpretParticles = true
                try walked.step()
                XCTAssertEqual(native.work, walked.work, "steps at tick \(n)")
                XCTAssertGreaterThan(native.work, 0)
                XCTAssertEqual(try native.frame(), try walked.frame(), "display list at tick \(n)")
                XCTAssertEqual(native.globals, walked.globals, "globals at tick \(n)")
                XCTAssertEqual(native.instances.values.map(\.vars).sorted { "\($0)" < "\($1)" },
                               walked.instances.values.map(\.vars).sorted { "\($0)" < "\($1)" }, "variables at tick \(n)")
                alive = max(alive, particles(native).count)
            }
            XCTAssertGreaterThan(alive, 5, "the emitter ran")
        }
    }

    func testTooManyParticlesIsALocatedError() throws {
        let s = scene("birth-rate 60  lifetime 10s")
        var limits = RuntimeLimits()
        limits.maxLayers = 50
        var r = try SceneRuntime(program: try program(s), limits: limits)
        XCTAssertThrowsError(try { for _ in 0..<100 { try r.step() } }()) { e in
            guard let e = e as? RuntimeError else { return XCTFail("\(e)") }
            XCTAssertEqual(e.code, .tooManyLayers)
            XCTAssertEqual(e.range.start, (s as NSString).range(of: "emit p").location, "points at the emit block")
        }
    }

    func testMistakesInEmitBlocksAreLocatedErrors() throws {
        func diagnostics(_ s: String) -> [Diagnostic] { Compiler.compile(SourceFile(name: "t.wave", text: s)).1.filter { $0.severity == .error } }
        let unknown = diagnostics(scene("birth-rate 5  lifetime 1s  velocty 10"))
        XCTAssertEqual(unknown.map(\.code), [.unknownOption])
        XCTAssertTrue(unknown.first?.message.contains("did you mean 'velocity'") ?? false, unknown.first?.message ?? "")
        XCTAssertEqual(unknown.first?.range.start, (scene("birth-rate 5  lifetime 1s  velocty 10") as NSString).range(of: "velocty").location)
        XCTAssertEqual(diagnostics(scene("birth-rate 5  lifetime 1s  shape squre")).map(\.code), [.unknownWord])
        XCTAssertEqual(diagnostics(scene("birth-rate 5  lifetime 1s  lifetime 2s")).map(\.code), [.duplicateProperty])
        XCTAssertEqual(diagnostics(scene("lifetime 1s")).map(\.code), [.missingValue], "no birth-rate")
        XCTAssertEqual(diagnostics(scene("birth-rate -1  lifetime 1s")).map(\.code), [.outOfRange])
        XCTAssertEqual(diagnostics(scene("birth-rate 5  lifetime 1s  velocity 2s")).map(\.code), [.typeMismatch])
        XCTAssertEqual(diagnostics(scene("birth-rate 5  lifetime 1s  red-range 0.1")).map(\.code), [.missingValue], "a colour range needs a colour")
        XCTAssertEqual(diagnostics("var v = 1\ntemplate p: circle { radius 2 }\nemit p { birth-rate v  lifetime 1s }").map(\.code), [.notConstant])
        XCTAssertEqual(diagnostics("template p: circle { radius 2 }\nemit q { birth-rate 1  lifetime 1s }").map(\.code), [.unknownTemplate])
        XCTAssertEqual(diagnostics("layer p: circle { radius 2 }\nemit p { birth-rate 1  lifetime 1s }").map(\.code), [.wrongLayerUse])
        XCTAssertEqual(diagnostics("template p: circle { radius 2 }\nat 1s {\n  emit p { birth-rate 1  lifetime 1s }\n}").map(\.code), [.misplacedStatement])
    }

    func testTheIRPrintsTheEmitterParameters() throws {
        let p = try program(scene("birth-rate 30  lifetime 2s  lifetime-range 0.5s  velocity 50  longitude -90deg  shape circle  size (40, 40)"))
        let text = IRPrinter(program: p).render()
        XCTAssertTrue(text.contains("emitted: birth-rate 30 lifetime 2s ± 0.5s velocity 50 ± 0 longitude -90deg ± 0deg"), text)
        XCTAssertTrue(text.contains("shape circle position (100, 100) size (40, 40) begin 0t duration forever"), text)
    }
}
