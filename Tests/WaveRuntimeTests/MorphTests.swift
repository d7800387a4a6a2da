import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// Path morphing (`animate L.path to M`), against point-by-point arithmetic written here.
final class MorphTests: XCTestCase {
    static let a: [(Double, Double)] = [(10, 10), (50, 10), (50, 40), (10, 40)]
    static let b: [(Double, Double)] = [(20, 0), (90, 30), (60, 80), (0, 50)]

    func script(_ animation: String) -> String {
        func commands(_ p: [(Double, Double)]) -> String {
            "move (\(p[0].0), \(p[0].1)) line (\(p[1].0), \(p[1].1)) cubic (\(p[3].0), \(p[3].1)) control (\(p[2].0), \(p[2].1)) (\(p[2].0), \(p[2].1)) close"
        }
        return """
        layer icon: path { \(commands(MorphTests.a)) }
        template other: path { \(commands(MorphTests.b)) }
        \(animation)
        """
    }

    /// Every point of the icon's drawn outline, in order.
    func points(_ r: SceneRuntime) throws -> [Double] {
        guard case .fill(let path, _, _, _)? = try r.frame().items.first else { XCTFail("nothing drawn"); return [] }
        return path.elements.flatMap { e -> [Double] in
            switch e {
            case .move(let p), .line(let p): return [p.x, p.y]
            case .quad(let c, let p): return [c.x, c.y, p.x, p.y]
            case .cubic(let c1, let c2, let p): return [c1.x, c1.y, c2.x, c2.y, p.x, p.y]
            case .close: return []
            }
        }
    }

    /// The points of the outline morphed by f, computed from the control points above.
    func expected(_ f: Double) -> [Double] {
        func m(_ i: Int) -> [Double] {
            [MorphTests.a[i].0 + (MorphTests.b[i].0 - MorphTests.a[i].0) * f, MorphTests.a[i].1 + (MorphTests.b[i].1 - MorphTests.a[i].1) * f]
        }
        return m(0) + m(1) + m(2) + m(2) + m(3)
    }

    func testHalfWayIsThePointByPointMidpoint() throws {
        let r = try SceneRuntime.seek(try program(script("animate icon.path to other over 10t")), to: 5)
        let got = try points(r), want = expected(0.5)
        XCTAssertEqual(got.count, want.count)
        for (g, w) in zip(got, want) { XCTAssertEqual(g, w, accuracy: 1e-12) }
        // The end is the other path exactly, and it stays.
        let end = try SceneRuntime.seek(try program(script("animate icon.path to other over 10t")), to: 12)
        XCTAssertEqual(try points(end), expected(1))
    }

    /// In a sequence the second morph, without `from`, starts where the first left the
    /// outline (at `other`), not from the outline the icon had when the statement ran.
    func testASequencesSecondMorphStartsWhereTheFirstLeftOff() throws {
        let s = script("template same: path { move (10, 10) line (50, 10) cubic (10, 40) control (50, 40) (50, 40) close }\n"
                       + "sequence { animate icon.path to other over 10t\n animate icon.path to same over 10t }")
        let atSwitch = try SceneRuntime.seek(try program(s), to: 10)
        XCTAssertEqual(try points(atSwitch), expected(1), "the second begins at the first's end, from there")
        let halfBack = try SceneRuntime.seek(try program(s), to: 15)
        let got = try points(halfBack), want = expected(0.5)
        for (g, w) in zip(got, want) { XCTAssertEqual(g, w, accuracy: 1e-12) }
    }

    func testSpringsAndKeyframesDriveTheMorph() throws {
        var r = try SceneRuntime(program: try program(script("spring icon.path to other { stiffness 200  damping 8 }")))
        let spring = Spring(SpringParameters(mass: 1, stiffness: 200, damping: 8))
        var overshot = false
        for tick in 1...40 {
            try r.step()
            let f = spring.progress(Double(tick) / 60)
            overshot = overshot || f > 1
            for (g, w) in zip(try points(r), expected(f)) { XCTAssertEqual(g, w, accuracy: 1e-9, "tick \(tick)") }
        }
        XCTAssertTrue(overshot, "the spring overshoots, and the points with it")
        let k = try SceneRuntime.seek(try program(script("animate icon.path values [icon, other, icon] times [0, 0.25, 1] over 20t")), to: 10)
        // Key time 0.25 is tick 5; tick 10 is a third of the way back.
        for (g, w) in zip(try points(k), expected(1 - 5.0 / 15)) { XCTAssertEqual(g, w, accuracy: 1e-12) }
    }

    func testDifferentStructuresAreALocatedError() {
        let text = """
        layer icon: path { move (0, 0) line (10, 0) line (10, 10) close }
        template bar: path { move (0, 0) line (10, 0) quad (10, 10) control (5, 5) close }
        animate icon.path to bar over 1s
        """
        let file = SourceFile(name: "t.wave", text: text)
        let (p, diags) = Compiler.compile(file)
        XCTAssertNil(p)
        XCTAssertEqual(diags.map(\.code), [.morphMismatch])
        let d = diags[0]
        XCTAssertEqual(file.location(of: d.range.start).line, 3)
        XCTAssertEqual(file.location(of: d.range.start).column, 22)
        XCTAssertEqual(d.message, "paths of different structure cannot morph: 'icon' is move, line, line, close (4 commands) and 'bar' is move, line, quad, close (4 commands); command 3 is 'line' in 'icon' and 'quad' in 'bar'")
        let longer = Compiler.compile(SourceFile(name: "t.wave", text: text.replacingOccurrences(of: "quad (10, 10) control (5, 5) close", with: "line (10, 10) close move (0, 0)"))).1
        XCTAssertTrue(longer.first?.message.hasSuffix("'bar' goes on with move") == true, "\(longer)")
    }

    func testAStructureOnlyTheRuntimeSeesIsARuntimeError() throws {
        // Arcs of different sweeps are drawn with different numbers of cubics.
        let text = """
        layer icon: path { arc (50, 50) radius 20 from 0deg to 90deg }
        template wide: path { arc (50, 50) radius 20 from 0deg to 300deg }
        animate icon.path to wide over 1s
        """
        XCTAssertThrowsError(try SceneRuntime(program: try program(text))) { error in
            XCTAssertEqual((error as? RuntimeError)?.code, .badMotion)
        }
    }
}
