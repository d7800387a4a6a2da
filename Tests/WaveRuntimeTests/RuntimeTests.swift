import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

func program(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Program {
    let (p, diags) = Compiler.compile(SourceFile(name: "t.wave", text: text))
    guard let p else {
        XCTFail("\(diags)", file: file, line: line)
        throw XCTSkip("did not compile")
    }
    return p
}

/// The global `x` of a script at each tick 0...`ticks`.
func trace(_ script: String, ticks: Int) throws -> [Double] {
    var r = try SceneRuntime(program: try program(script))
    var out = [r.value(ofGlobal: "x")?.number ?? .nan]
    for _ in 0..<ticks {
        try r.step()
        out.append(r.value(ofGlobal: "x")?.number ?? .nan)
    }
    return out
}

let progressBall = """
scene 200x200 { background #ffffff }
let percent = 0.7
var v = 1.6
var growing = false
layer inside: circle { center (100, 100)  radius 94 }
layer surface: wave { amplitude 5 * v  wavelength width / 0.83  level height  mask inside }
layer water: rect { frame (0, 0, 200, 200) fill linear-gradient(down, rgb(164, 216, 222), rgb(105, 192, 154)) mask surface }
every tick {
  if surface.level > height * (1 - percent) {
    v += growing ? 0.01 : -0.01
    if v <= 1.0 { growing = true }
    if v >= 1.6 { growing = false }
    surface.level -= 1
  } else {
    surface.amplitude -= 0.066
    if surface.amplitude <= 0 { stop }
  }
  surface.phase += 0.4 / pi
}
"""

final class RuntimeTests: XCTestCase {
    func testStepAndSeekGiveIdenticalStateAndFrames() throws {
        let p = try program(progressBall)
        var stepped = try SceneRuntime(program: p)
        for n in 1...200 {
            try stepped.step()
            if n % 37 == 0 || n == 200 {
                let sought = try SceneRuntime.seek(p, to: n)
                XCTAssertEqual(try stepped.frame(), try sought.frame(), "frame at tick \(n)")
                XCTAssertEqual(stepped.value(ofLayer: "surface", .level), sought.value(ofLayer: "surface", .level))
                XCTAssertEqual(stepped.value(ofGlobal: "v"), sought.value(ofGlobal: "v"))
            }
        }
    }

    func testProgressBallFollowsTheSeedNumbers() throws {
        let p = try program(progressBall)
        var r = try SceneRuntime(program: p)
        // `every tick` runs at tick 0 too: the level is 200 − (tick + 1) while rising.
        XCTAssertEqual(r.value(ofLayer: "surface", .level), .number(199))
        XCTAssertEqual(r.value(ofLayer: "surface", .amplitude)?.number ?? 0, 5 * 1.59, accuracy: 1e-9)
        for _ in 0..<59 { try r.step() }
        // Sixty handler runs: v went 1.6 → 1.0 in steps of 0.01 and turns.
        XCTAssertEqual(r.value(ofLayer: "surface", .level), .number(140))
        XCTAssertEqual(r.value(ofGlobal: "v")?.number ?? 0, 1.0, accuracy: 1e-9)
        XCTAssertEqual(r.value(ofGlobal: "growing"), .bool(true))
        try r.step()
        XCTAssertEqual(r.value(ofGlobal: "v")?.number ?? 0, 1.01, accuracy: 1e-9)
        XCTAssertEqual(r.value(ofLayer: "surface", .level), .number(139))
        XCTAssertEqual(r.value(ofLayer: "surface", .phase)?.number ?? 0, 61 * 0.4 / Double.pi, accuracy: 1e-9)
        while !r.isStopped && r.tick < 2000 { try r.step() }
        XCTAssertTrue(r.isStopped)
        XCTAssertEqual(r.value(ofLayer: "surface", .level), .number(60))
        XCTAssertLessThanOrEqual(r.value(ofLayer: "surface", .amplitude)?.number ?? 1, 0)
        // Nothing changes after stop.
        let frozen = try r.frame()
        let tick = r.tick
        for _ in 0..<10 { try r.step() }
        XCTAssertEqual(r.tick, tick)
        XCTAssertEqual(try r.frame(), frozen)
    }

    func testAnimationBoundaryTicksAndFillForwards() throws {
        let p = try program("var x = 0\nanimate x from 10 to 20 over 1s")
        var r = try SceneRuntime(program: p)
        XCTAssertEqual(r.value(ofGlobal: "x"), .number(10))        // begin tick
        for _ in 0..<30 { try r.step() }
        XCTAssertEqual(r.value(ofGlobal: "x"), .number(15))        // half way, linear
        for _ in 0..<30 { try r.step() }
        XCTAssertEqual(r.value(ofGlobal: "x"), .number(20))        // end tick: committed
        for _ in 0..<5 { try r.step() }
        XCTAssertEqual(r.value(ofGlobal: "x"), .number(20))
    }

    func testFillNoneReturnsToTheModelValue() throws {
        let p = try program("var x = 3\nanimate x from 10 to 20 over 1s fill none")
        var r = try SceneRuntime(program: p)
        for _ in 0..<59 { try r.step() }
        XCTAssertEqual(r.value(ofGlobal: "x")?.number ?? 0, 10 + 10 * 59 / 60, accuracy: 1e-12)
        try r.step()
        XCTAssertEqual(r.value(ofGlobal: "x"), .number(3))
    }

    func testSpringThroughTheRuntimeMatchesTheReference() throws {
        let p = try program("var x = 0\nspring x to 1 { mass 1  stiffness 100  damping 10 }")
        var r = try SceneRuntime(program: p)
        for _ in 0..<30 { try r.step() }
        XCTAssertEqual(r.value(ofGlobal: "x")?.number ?? 0, 1.0745905665950333, accuracy: 1e-9)
        for _ in 0..<30 { try r.step() }
        XCTAssertEqual(r.value(ofGlobal: "x")?.number ?? 0, 1.0021701167393262, accuracy: 1e-9)
    }

    /// A binding reads this tick's value of the bound property it names, whichever is
    /// declared first (grammar.md §6): `a` comes before `b`, `b`'s stroke-width before its
    /// radius in property order, and copy 0 reads copy 2.
    func testABindingReadsThisTicksValueOfTheBoundPropertyItReads() throws {
        var r = try SceneRuntime(program: try program("""
        layer a: circle { radius b.radius }
        layer b: circle { stroke-width radius / 4  radius 40 + tick }
        layer dot[3]: circle { center (dot[2].radius, 0)  radius 1 + tick }
        """))
        for n in 0...4 {
            if n > 0 { try r.step() }
            XCTAssertEqual(r.value(ofLayer: "b", .radius)?.number, Double(40 + n))
            XCTAssertEqual(r.value(ofLayer: "a", .radius)?.number, Double(40 + n), "tick \(n)")
            XCTAssertEqual(r.value(ofLayer: "b", .strokeWidth)?.number, Double(40 + n) / 4, "tick \(n)")
            for k in 0..<3 {
                XCTAssertEqual(r.value(ofLayer: "dot", copy: k, .center)?.point.0, Double(1 + n), "copy \(k), tick \(n)")
            }
        }
    }

    /// A binding measuring a layer declared after it (`text-width(g)`, `path-length(c)`)
    /// has that layer's measure from tick 0: made before it exists is not an error.
    func testABindingMayMeasureALayerDeclaredAfterIt() throws {
        let r = try SceneRuntime(program: try program("""
        layer f: rect { frame (100 / text-width(g), 0, 3, 3) }
        layer k: circle { radius 1000 / path-length(c) }
        layer strip: group { position (mod(t + 1, text-width(a)), 0)  layer a: text "marquee" { size 13 } }
        layer g: text "hello" { size 13 }
        layer c: circle { radius 10 }
        """))
        let width = try FontLibrary.shared.layout("hello", font: FontDescriptor.parse("sans"), size: 13).width
        XCTAssertGreaterThan(width, 10)
        guard case .rect(let x, _, _, _) = r.value(ofLayer: "f", .frame) else { return XCTFail("no frame") }
        XCTAssertEqual(x, 100 / width, accuracy: 1e-9)
        XCTAssertEqual(r.value(ofLayer: "k", .radius)?.number ?? .nan, 1000 / (20 * Double.pi), accuracy: 0.01)
        XCTAssertEqual(r.value(ofLayer: "strip", .position)?.point.0 ?? .nan, 1, accuracy: 1e-9)
    }

    /// `text-width(tab[1])` and `path-length(ring[1])` measure that copy.
    func testMeasuresNameOneCopyOfARepeatedLayer() throws {
        let r = try SceneRuntime(program: try program("""
        let labels = ["Home", "Explore"]
        layer tab[2]: text labels[index] { size 14 }
        layer ring[2]: circle { radius 5 + index * 5 }
        layer u: rect { frame (text-width(tab[1]), path-length(ring[1]), text-width(tab[0]), path-length(ring[0])) }
        """))
        let sans = FontDescriptor.parse("sans")
        guard case .rect(let x, let y, let w, let h) = r.value(ofLayer: "u", .frame) else { return XCTFail("no frame") }
        XCTAssertEqual(x, try FontLibrary.shared.layout("Explore", font: sans, size: 14).width, accuracy: 1e-9)
        XCTAssertEqual(w, try FontLibrary.shared.layout("Home", font: sans, size: 14).width, accuracy: 1e-9)
        XCTAssertEqual(y, 20 * Double.pi, accuracy: 0.01)
        XCTAssertEqual(h, 10 * Double.pi, accuracy: 0.01)
    }

    func testSpawnAndRemoveKeepLayerCountBounded() throws {
        let p = try program("""
        scene 240x240
        layer button: rect { frame (90, 105, 60, 30) corner 15 fill #22c064 }
        template ring: rect { frame (90, 105, 60, 30) corner 15 fill #22c064 }
        every 0.6s {
          spawn ring below button {
            animate scale from 1 to 4 over 1.8s
            animate opacity from 0.75 to 0 over 1.8s then remove
          }
        }
        """)
        var r = try SceneRuntime(program: p)
        var most = 0
        for _ in 0..<(60 * 60) {
            try r.step()
            most = max(most, r.liveLayerCount)
        }
        XCTAssertEqual(most, 4)   // the button and three rings
        XCTAssertEqual(r.layerList.last?.name, "button")
    }

    func testRunawayWorkIsARuntimeError() throws {
        let p = try program("var x = 0\nevery tick { every tick { every tick { x += 1 } } }")
        var r = try SceneRuntime(program: p)
        XCTAssertThrowsError(try { for _ in 0..<200 { try r.step() } }()) { e in
            XCTAssertTrue((e as? RuntimeError)?.message.contains("too many timers") ?? false, "\(e)")
        }
    }

    func testNaNGeometryIsALocatedRuntimeError() throws {
        let p = try program("var r = 0\nlayer c: circle { center (10, 10) radius 1 / r * 0 }")
        XCTAssertThrowsError(try SceneRuntime(program: p).frame()) { e in
            XCTAssertTrue((e as? RuntimeError)?.message.contains("not a finite number") ?? false, "\(e)")
        }
    }

    func testFrameHasDeviceSpacePathsAndMasks() throws {
        let p = try program("""
        scene 100x100
        layer m: circle { center (50, 50) radius 20 }
        layer a: rect { frame (0, 0, 100, 100) fill #ff0000 mask m position (5, 0) }
        """)
        let f = try SceneRuntime(program: p).frame()
        XCTAssertEqual(f.items.count, 1)
        guard case .group(let items, 1, let mask?) = f.items[0] else { return XCTFail("expected a masked group: \(f.items)") }
        XCTAssertFalse(mask.inverted)
        guard case .fill(let path, _, .solid(let c), _) = items[0] else { return XCTFail() }
        XCTAssertEqual(path.bounds, Rect(x: 5, y: 0, width: 100, height: 100))
        XCTAssertEqual(c, Color(r: 1, g: 0, b: 0, a: 1))
    }
}

final class RuntimeLimitVariableTests: XCTestCase {
    func testLimitVariablesTakeWholeNumbersWithinTheirMaximum() {
        let limits = RuntimeLimits(environment: ["WAVE_MAX_LAYERS": "20", "WAVE_MAX_WORK": "200000000"])
        XCTAssertEqual(limits.maxLayers, 20)
        XCTAssertEqual(limits.maxWorkPerTick, 200_000_000)
        XCTAssertEqual(RuntimeLimits.problems(in: ["WAVE_MAX_LAYERS": "20"]), [])
    }

    func testValuesALimitCannotHonourAreReportedNotIgnored() {
        for bad in ["0", "-1", "abc", "1e99", "", "9223372036854775807", "200000001"] {
            let problems = RuntimeLimits.problems(in: ["WAVE_MAX_WORK": bad])
            XCTAssertEqual(problems, ["WAVE_MAX_WORK='\(bad)' is not a limit: give a whole number from 1 to 200000000"], bad)
            XCTAssertEqual(RuntimeLimits(environment: ["WAVE_MAX_WORK": bad]).maxWorkPerTick, RuntimeLimits(environment: [:]).maxWorkPerTick)
        }
    }

    /// A text size computed out of range is a located runtime error when the text is laid
    /// out (a constant one is a compile error: `MistakeSuiteTests`).
    func testAComputedTextSizeOutOfRangeIsALocatedRuntimeError() throws {
        let text = "scene 100x100\nvar s = 12\nlayer t1: text \"hi\" { size s }\nafter 2t { s = 0 }"
        var r = try SceneRuntime(program: try program(text))
        XCTAssertNoThrow(try r.frame(scale: 1))
        try r.step()
        // At the tick the binding gives it (2, whether or not a frame is drawn), at the clause.
        XCTAssertThrowsError(try r.step()) { e in
            guard let e = e as? RuntimeError else { return XCTFail("\(e)") }
            XCTAssertEqual(e.code, .badTextSize)
            XCTAssertEqual(e.tick, 2)
            XCTAssertEqual(e.range.start, (text as NSString).range(of: "size s").location)
            XCTAssertTrue(e.message.hasPrefix("size of layer 't1' evaluates to 0"), e.message)
        }
    }

    /// A variable's starting value may read a layer declared above it (its properties, its
    /// outline's length, its text's size), directly, through a `let`, or through another such
    /// variable: it gets the declared values, not the kind's defaults; a layer declared after
    /// the variable may read it.
    func testAVariablesStartingValueReadsTheLayersItNames() throws {
        let text = """
            scene 200x100
            layer c: circle { center (50, 40)  radius 25  opacity 0.5 }
            let l = c.radius
            var r = c.radius
            var viaLet = l * 2
            var twice = r * 2
            var len = path-length(c)
            var plain = 7
            layer d: circle { center (120, 40)  radius r }
            """
        let runtime = try SceneRuntime(program: try program(text))
        XCTAssertEqual(runtime.value(ofGlobal: "r"), .number(25))
        XCTAssertEqual(runtime.value(ofGlobal: "viaLet"), .number(50))
        XCTAssertEqual(runtime.value(ofGlobal: "twice"), .number(50))
        XCTAssertEqual(runtime.value(ofGlobal: "len")?.number ?? 0, 2 * Double.pi * 25, accuracy: 0.1)
        XCTAssertEqual(runtime.value(ofGlobal: "plain"), .number(7))
        let d = try XCTUnwrap(runtime.frame().items.last)
        guard case .fill(let path, _, _, _) = d, let box = path.bounds else { return XCTFail("\(d)") }
        XCTAssertEqual(box.width, 50, accuracy: 1, "d's radius is c's, 25")
    }
}
