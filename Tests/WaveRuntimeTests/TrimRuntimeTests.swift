import Foundation
import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// `stroke-end` animated from 0 to 1 over 60 ticks draws, at tick n, exactly the first
/// n/60 of the outline: measured from the pixels as coverage / stroke width (a butt-capped
/// stroke of width w over a centre line of length l covers w·l), against the outline's
/// length computed by hand where it has a formula and by `path-length` for text.
final class TrimRuntimeTests: XCTestCase {
    let ticks = [0, 6, 15, 24, 30, 45, 51, 60]

    /// The drawn length of layer `s` at each of `ticks`, and `path-length(s)` at tick 0.
    func drawnLengths(_ layer: String, width: Double, scene: String = "scene 240x200 { background none }") throws -> (drawn: [Int: Double], pathLength: Double) {
        let p = try program("""
        \(scene)
        var len = 0
        \(layer)
        every tick { len = path-length(s) }
        animate s.stroke-end from 0 to 1 over 1s
        """)
        var r = try SceneRuntime(program: p)
        var drawn: [Int: Double] = [:]
        for n in 0...60 {
            if n > 0 { try r.step() }
            guard ticks.contains(n) else { continue }
            let f = try r.frame()
            let pixmap = Renderer().render(f.items, width: f.width, height: f.height, background: f.background)
            var sum = 0
            for i in stride(from: 3, to: pixmap.data.count, by: 4) { sum += Int(pixmap.data[i]) }
            drawn[n] = Double(sum) / 255 / width
        }
        return (drawn, r.value(ofGlobal: "len")?.number ?? .nan)
    }

    /// Drawn length at tick n is n/60 of `length`, so it grows linearly in the tick.
    func assertProgressive(_ drawn: [Int: Double], _ length: Double, slack: Double, file: StaticString = #filePath, line: UInt = #line) {
        for n in ticks {
            XCTAssertEqual(drawn[n] ?? .nan, Double(n) / 60 * length, accuracy: slack, "tick \(n)", file: file, line: line)
        }
        // Constant speed: equal tick steps draw equal lengths.
        let a = (drawn[24] ?? 0) - (drawn[15] ?? 0), b = (drawn[60] ?? 0) - (drawn[51] ?? 0)
        XCTAssertEqual(a, b, accuracy: 2 * slack, "9 ticks draw the same length early and late", file: file, line: line)
    }

    func testCircle() throws {
        let (drawn, measured) = try drawnLengths("layer s: circle { center (120, 100) radius 70 fill none stroke black width 4 }", width: 4)
        let length = 2 * Double.pi * 70
        XCTAssertEqual(measured, length, accuracy: length * 2e-4)   // cubic arcs run 1.3e-4 longer than circles
        assertProgressive(drawn, length, slack: 0.5 + 0.002 * length)
    }

    func testRoundedRect() throws {
        let (drawn, measured) = try drawnLengths("layer s: rect { frame (20, 30, 200, 120) corner 24 fill none stroke black width 4 }", width: 4)
        let length = 2 * (200 + 120) - 8 * 24 + 2 * Double.pi * 24
        XCTAssertEqual(measured, length, accuracy: length * 2e-4)   // cubic arcs run 1.3e-4 longer than circles
        assertProgressive(drawn, length, slack: 0.5 + 0.002 * length)
    }

    func testPathWithSeveralSubpaths() throws {
        // An open polyline (50 + 40), a circle (2π·25) and a straight line (100).
        let (drawn, measured) = try drawnLengths("""
        layer s: path {
          move (20, 20) line (50, 60) line (90, 60)
          circle (160, 60) radius 25
          move (20, 150) line (120, 150)
          fill none stroke black width 4 join round
        }
        """, width: 4)
        let length = 50 + 40 + 2 * Double.pi * 25 + 100
        XCTAssertEqual(measured, length, accuracy: length * 2e-4)   // cubic arcs run 1.3e-4 longer than circles
        assertProgressive(drawn, length, slack: 1 + 0.002 * length)
    }

    func testTextOutlines() throws {
        // "IO": a rectangle, then two contours; large enough that the stroke never overlaps itself.
        let (drawn, measured) = try drawnLengths("""
        layer s: text "IO" { size 120  position (20, 130)  anchor left  fill none  stroke black  width 2 }
        """, width: 2, scene: "scene 260x240 { background none }")
        XCTAssertGreaterThan(measured, 600, "the outlines of I and O")
        assertProgressive(drawn, measured, slack: 1.5 + 0.003 * measured)
    }

    /// A wave's outline starts at the left end of its surface and runs along it to the right.
    func testWaveOutlineStartsAtTheLeftOfItsSurface() throws {
        // A flat surface at y = 50 from x = 20 to 180, down to 90: 160 + 40 + 160 + 40 = 400.
        let f = try SceneRuntime(program: try program("""
        scene 200x100
        layer s: wave { amplitude 0  level 50  extent (20, 180)  bottom 90  fill none  stroke black  width 4  stroke-end 0.1 }
        """)).frame()
        guard case .fill(let outline, _, _, _)? = f.items.first, let box = outline.bounds else { return XCTFail("\(f.items)") }
        XCTAssertEqual(box.minX, 20, accuracy: 1e-9)
        XCTAssertEqual(box.maxX, 60, accuracy: 1e-9)
        XCTAssertEqual(box.minY, 48, accuracy: 1e-9)
        XCTAssertEqual(box.maxY, 52, accuracy: 1e-9)
    }

    func testStrokeStartAfterStrokeEndDrawsNothingAndStartIsAnimatable() throws {
        let p = try program("""
        scene 100x100 { background none }
        layer s: circle { center (50, 50) radius 30 fill none stroke black width 4 stroke-start 0.7 stroke-end 0.3 }
        """)
        XCTAssertEqual(try SceneRuntime(program: p).frame().items, [])
        let q = try program("""
        scene 100x100 { background none }
        layer s: circle { center (50, 50) radius 30 fill none stroke black width 4 }
        animate s.stroke-start from 0 to 1 over 1s
        """)
        var r = try SceneRuntime(program: q)
        for _ in 0..<45 { try r.step() }
        XCTAssertEqual(r.value(ofLayer: "s", .strokeStart)?.number ?? .nan, 0.75, accuracy: 1e-12)
    }

    func testPathLengthFollowsGeometryAndNamesBadArguments() throws {
        let p = try program("""
        scene 100x100
        var r = 10
        var len = 0
        layer c: circle { center (50, 50) radius r scale 3 }
        every tick { r += 10  len = path-length(c) }
        """)
        var rt = try SceneRuntime(program: p)
        try rt.step()
        // At tick 1 the handler ran twice (ticks 0 and 1), r = 30 but the binding of `radius`
        // is re-evaluated after the handler, so len sees the radius of the tick before: 20.
        XCTAssertEqual(rt.value(ofGlobal: "len")?.number ?? .nan, 2 * Double.pi * 20, accuracy: 0.02,
                       "in the layer's own units: its scale does not count")
        for (source, message) in [
            ("layer c: circle {}\nlet k = path-length(d)", "unknown layer 'd'"),
            ("layer c: circle {}\nlet k = path-length(c, c)", "'path-length' takes 1 argument"),
            ("var v = 1\nlet k = path-length(v)", "'path-length' takes a layer name"),
        ] {
            let (_, diags) = Compiler.compile(SourceFile(name: "t.wave", text: source))
            XCTAssertTrue(diags.contains { $0.message.contains(message) }, "\(source): \(diags.map(\.message))")
        }
    }
}
