import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// Timing positions from expressions (negative delays included) and repeated layers.
final class TimingExpressionTests: XCTestCase {
    func testNegativeDelayStartsPartWayThrough() throws {
        // CSS: a delay of −d shows at tick n what a delay of 0 shows at tick n + d.
        let late = try trace("var x = 0\nanimate x from 0 to 60 over 60t delay -20t", ticks: 50)
        let plain = try trace("var x = 0\nanimate x from 0 to 60 over 60t", ticks: 70)
        XCTAssertEqual(late[0], 20)
        XCTAssertEqual(late, Array(plain[20...70]))
        // Past its whole active time it has finished at once and committed its end value.
        XCTAssertEqual(try trace("var x = 0\nanimate x from 0 to 5 over 10t delay -1s", ticks: 2), [5, 5, 5])
    }

    func testDurationDelayAndRepeatFromVariables() throws {
        let s = "var d = 20t\nvar n = 2\nvar x = 0\nanimate x from 0 to 20 over d delay d / 2 repeat n"
        let xs = try trace(s, ticks: 60)
        XCTAssertEqual(xs[10], 0)
        XCTAssertEqual(xs[15], 5)
        XCTAssertEqual(xs[35], 5, "second pass")
        XCTAssertEqual(xs[50], 20, "two passes of 20 ticks after a 10-tick delay end at tick 50")
    }

    func testRandomDurationsAreFixedPerStartAndSeeded() throws {
        let s = """
        scene { seed 7 }
        var x = 0
        var ends = 0
        animate x from 0 to 1 over random(10t, 20t) then { ends = tick }
        """
        var r = try SceneRuntime(program: try program(s))
        for _ in 0..<30 { try r.step() }
        let end = try XCTUnwrap(r.value(ofGlobal: "ends")?.number)
        XCTAssert((10...20).contains(end), "\(end)")
        var again = try SceneRuntime(program: try program(s))
        for _ in 0..<30 { try again.step() }
        XCTAssertEqual(again.value(ofGlobal: "ends")?.number, end, "same seed, same duration")
    }

    func testTimerPeriodFromAnExpression() throws {
        let xs = try trace("var p = 3\nvar x = 0\nevery p ticks { x += 1 }", ticks: 9)
        XCTAssertEqual(xs, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4])
        let ys = try trace("var p = 0.05s\nvar x = 0\nafter p * 2 { x = 7 }", ticks: 7)
        XCTAssertEqual(ys, [0, 0, 0, 0, 0, 0, 7, 7])
    }

    func testBadComputedDurationIsALocatedRuntimeError() throws {
        let p = try program("var d = -1s\nvar x = 0\nat 2t { animate x to 1 over d }")
        var r = try SceneRuntime(program: p)
        try r.step()
        XCTAssertThrowsError(try r.step()) { e in
            let err = e as? RuntimeError
            XCTAssertEqual(err?.code, .badTimeValue)
            XCTAssertEqual(err?.range.start, 30)
        }
        let q = try program("var p = 0\nevery p ticks { }")
        XCTAssertThrowsError(try SceneRuntime(program: q)) { XCTAssertEqual(($0 as? RuntimeError)?.code, .badTimeValue) }
    }
}

final class RepetitionTests: XCTestCase {
    let bars = """
    scene 120x120
    layer bar[12]: rect { frame (56, 14, 8, 26)  anchor (0.5, 1.77)  rotation index * 30deg  opacity 0.25 }
    """

    func testCopiesEachHaveTheirIndex() throws {
        let r = try SceneRuntime(program: try program(bars))
        XCTAssertEqual(r.liveLayerCount, 12)
        for k in 0..<12 {
            XCTAssertEqual(try XCTUnwrap(r.value(ofLayer: "bar", copy: k, .rotation)?.number), Double(k) * .pi / 6, accuracy: 1e-12)
        }
        XCTAssertEqual(r.layerList.map(\.name), (0..<12).map { "bar[\($0)]" })
        XCTAssertNil(r.value(ofLayer: "bar", copy: 12, .rotation))
    }

    func testCopyNamesInExpressionsAndAssignments() throws {
        let s = bars + """

        var seen = 0
        at 1t { bar[3].opacity = 0.5  seen = bar[3].opacity + bar[4].opacity }
        at 2t { bar.opacity = index / 10 }
        at 3t { remove bar[5] }
        """
        var r = try SceneRuntime(program: try program(s))
        try r.step()
        XCTAssertEqual(r.value(ofGlobal: "seen")?.number, 0.75)
        try r.step()
        XCTAssertEqual(r.value(ofLayer: "bar", copy: 7, .opacity)?.number, 0.7)
        try r.step()
        XCTAssertEqual(r.liveLayerCount, 11)
        XCTAssertNil(r.value(ofLayer: "bar", copy: 5, .opacity))
        XCTAssertEqual(r.value(ofLayer: "bar", copy: 6, .opacity)?.number, 0.6)
    }

    /// The stagger by index: with delay index·d, copy k shows at tick n what copy 0 showed
    /// at tick n − k·d (Core Animation's instanceDelay, CSS nth-child delays).
    func testStaggerByIndexShiftsEachCopy() throws {
        let d = 5
        let s = bars + "\nanimate bar.opacity values [1, 0.2, 0.6] over 1s delay index * \(d)t repeat forever"
        var r = try SceneRuntime(program: try program(s))
        var history: [[Double]] = []
        for _ in 0...180 {
            history.append((0..<12).map { r.value(ofLayer: "bar", copy: $0, .opacity)?.number ?? .nan })
            try r.step()
        }
        var checked = 0
        for n in 0...180 {
            for k in 1..<12 where n - k * d >= 0 {
                XCTAssertEqual(history[n][k], history[n - k * d][0], accuracy: 1e-12, "copy \(k) at tick \(n)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1500)
        XCTAssertEqual(history[0][11], 0.25, "before its delay a copy shows its model value")
    }

    /// `stagger D` on a repeated layer is the delay index·D: the same values, tick by tick,
    /// as writing that delay.
    func testStaggerOnCopiesIsADelayOfIndexTimesD() throws {
        let staggered = bars + "\nanimate bar.opacity from 1 to 0 over 20t delay 3t stagger 5t"
        let delayed = bars + "\nanimate bar.opacity from 1 to 0 over 20t delay 3t + index * 5t"
        var a = try SceneRuntime(program: try program(staggered)), b = try SceneRuntime(program: try program(delayed))
        var moving = 0
        for n in 0...90 {
            for k in 0..<12 {
                let x = try XCTUnwrap(a.value(ofLayer: "bar", copy: k, .opacity)?.number)
                XCTAssertEqual(x, try XCTUnwrap(b.value(ofLayer: "bar", copy: k, .opacity)?.number), "copy \(k), tick \(n)")
                if x > 0 && x < 1 { moving += 1 }
            }
            try a.step(); try b.step()
        }
        XCTAssertGreaterThan(moving, 200)
        // Several targets: each its own animation, b starting 10 ticks after a.
        var r = try SceneRuntime(program: try program("""
        layer a: rect { }
        layer b: rect { }
        animate a.opacity, b.opacity from 1 to 0 over 20t stagger 10t
        """))
        for n in 0...40 {
            let ta = min(1, Double(n) / 20), tb = min(1, max(0, Double(n - 10) / 20))
            XCTAssertEqual(try XCTUnwrap(r.value(ofLayer: "a", .opacity)?.number), 1 - ta, accuracy: 1e-12, "a at \(n)")
            XCTAssertEqual(try XCTUnwrap(r.value(ofLayer: "b", .opacity)?.number), 1 - tb, accuracy: 1e-12, "b at \(n)")
            try r.step()
        }
    }

    /// A property reading only `index` and `random()` (through a conditional, a list
    /// element or a rect) is computed once, when the copy is made: it does not change.
    func testIndexAndRandomPropertiesAreFixedAtCreation() throws {
        var r = try SceneRuntime(program: try program("""
        let sizes = [2, 4, 6]
        layer d[3]: circle { radius index < 2 ? random(1, 10) : sizes[index]  opacity [0.5, 1, 0.7][index] }
        layer b[2]: rect { frame (index * 20, random(0, 50), 10, 10) }
        """))
        let first = (0..<3).map { r.value(ofLayer: "d", copy: $0, .radius) }
        let frames = (0..<2).map { r.value(ofLayer: "b", copy: $0, .frame) }
        XCTAssertEqual(first[2]?.number, 6)
        XCTAssertNotEqual(first[0], first[1], "each copy draws its own random()")
        for _ in 0..<30 { try r.step() }
        XCTAssertEqual((0..<3).map { r.value(ofLayer: "d", copy: $0, .radius) }, first)
        XCTAssertEqual((0..<2).map { r.value(ofLayer: "b", copy: $0, .frame) }, frames)
        for k in 0..<3 { XCTAssertNil(r.instances[try XCTUnwrap(r.resolve(.copy(0, k), .top))]?.bindings[Property.radius.ordinal] ?? nil) }
    }

    /// A text effect on a repeated text layer runs for every copy; `w[1]` names one.
    func testTextEffectOnCopies() throws {
        for (statement, fading) in [("effect w fade over 30t", [true, true, true]), ("effect w[1] fade over 30t", [false, true, false])] {
            var r = try SceneRuntime(program: try program("layer w[3]: text \"Hello\" { position (20, 30 + index * 40) }\n" + statement))
            try r.step()
            for k in 0..<3 {
                let id = try XCTUnwrap(r.resolve(.copy(0, k), .top))
                XCTAssertEqual(r.effects[id] != nil, fading[k], "\(statement): copy \(k)")
            }
        }
    }

    /// A statement naming a plain layer inside a repeated group runs for its copy in each of
    /// the group's copies, with the group's copy number as `index` (grammar.md §4).
    func testAStatementOverAPlainLayerInARepeatedGroupRunsForEachCopy() throws {
        var r = try SceneRuntime(program: try program("""
        layer col[3]: group {
          layer bar: rect { frame (20 + index * 50, 100, 30, 60) }
        }
        animate bar.opacity from 0 to 1 over 30t delay index * 10t fill backwards
        """))
        for _ in 0..<15 { try r.step() }
        let decl = try XCTUnwrap(r.program.layers.firstIndex { $0.name == "bar" })
        let opacities = r.liveCopies(of: decl).compactMap { r.instances[$0]?.present(.opacity).number }
        XCTAssertEqual(opacities.count, 3)
        for (seen, expected) in zip(opacities, [15.0 / 30, 5.0 / 30, 0]) { XCTAssertEqual(seen, expected, accuracy: 1e-9) }
    }

    /// An effect over the copies may read `index` in its delay, and `stagger D` adds index·D
    /// to it: copy k begins k·D (plus the delay) after the statement runs.
    func testTextEffectDelaysSpreadOverCopies() throws {
        for (statement, begins) in [("effect w fade over 30t delay index * 0.5s", [0, 30, 60]),
                                    ("effect w fade over 30t stagger 10t", [0, 10, 20]),
                                    ("effect w fade over 30t delay 5t stagger 10t", [5, 15, 25])] {
            var r = try SceneRuntime(program: try program("layer w[3]: text \"Hello\" { position (20, 30 + index * 40) }\n" + statement))
            try r.step()
            let started = r.tick - 1   // the statement ran at tick 0
            let seen = try (0..<3).map { k in try XCTUnwrap(r.effects[try XCTUnwrap(r.resolve(.copy(0, k), .top))]).begin - started }
            XCTAssertEqual(seen, begins, statement)
        }
    }

    /// In a sequence, `dot.radius` (a repeated layer) and `row.children.opacity` are one step
    /// each, moving every copy or child together.
    func testSequenceStepsOverCopiesAndChildren() throws {
        var r = try SceneRuntime(program: try program("""
        layer dot[3]: circle { radius 5 }
        layer row: group {
          layer p: circle { }
          layer q: circle { }
        }
        sequence {
          animate dot.radius to 8 over 10t
          animate row.children.opacity to 0 over 10t
        }
        """))
        for n in 0...25 {
            for k in 0..<3 {
                XCTAssertEqual(try XCTUnwrap(r.value(ofLayer: "dot", copy: k, .radius)?.number), 5 + 3 * min(1, Double(n) / 10),
                               accuracy: 1e-12, "dot[\(k)] at \(n)")
            }
            for c in ["p", "q"] {
                XCTAssertEqual(try XCTUnwrap(r.value(ofLayer: c, .opacity)?.number), 1 - min(1, max(0, Double(n - 10) / 10)),
                               accuracy: 1e-12, "\(c) at \(n)")
            }
            try r.step()
        }
    }

    /// A component of a repeated layer's property (`dot.position.y`) is one step too, as
    /// it is a statement over every copy at the top level.
    func testSequenceStepsOverAComponentOfEveryCopy() throws {
        var r = try SceneRuntime(program: try program("""
        layer dot[3]: circle { radius 5 }
        sequence {
          animate dot.position.y from 0 to 30 over 10t
          animate dot.position.x to 10 over 5t
        }
        """))
        for n in 0...20 {
            for k in 0..<3 {
                let p = try XCTUnwrap(r.value(ofLayer: "dot", copy: k, .position))
                XCTAssertEqual(p, .point(2 * Double(min(5, max(0, n - 10))), 3 * Double(min(n, 10))), "dot[\(k)] at \(n)")
            }
            try r.step()
        }
    }

    func testRepeatedChildrenAndGroups() throws {
        let s = """
        scene 200x100
        layer grid: group {
          layer dot[6]: circle { center (20 + index * 30, 50)  radius 4 + index }
        }
        layer row[2]: group {
          layer a: circle { radius 10 * (index + 1) }
        }
        """
        let r = try SceneRuntime(program: try program(s))
        XCTAssertEqual(r.liveLayerCount, 1 + 6 + 2 + 2)
        XCTAssertEqual(r.value(ofLayer: "dot", copy: 5, .center), .point(170, 50))
        XCTAssertEqual(r.value(ofLayer: "dot", copy: 2, .radius), .number(6))
        // A child of a repeated group reads its parent copy's index.
        let radii = r.instances.values.filter { r.program.layers[$0.decl].name == "a" }.map { $0.present(.radius).number }.sorted()
        XCTAssertEqual(radii, [10, 20])
    }

    func testLiveLayerLimitCountsCopies() throws {
        let p = try program("layer dot[50]: circle { }")
        var limits = RuntimeLimits()
        limits.maxLayers = 20
        XCTAssertThrowsError(try SceneRuntime(program: p, limits: limits)) { XCTAssertEqual(($0 as? RuntimeError)?.code, .tooManyLayers) }
    }
}
