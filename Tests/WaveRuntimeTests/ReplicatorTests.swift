import XCTest
import Foundation
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// `replicate` on a group, against Core Animation's CAReplicatorLayer model.
final class ReplicatorTests: XCTestCase {
    /// The activity indicator's model: twelve copies, instance rotation 30°, instance delay d.
    func script(delay d: Int) -> String {
        """
        scene 120x120
        layer spinner: group {
          replicate 12 rotate 30deg delay \(d)t about (60, 60) alpha-offset -0.05
          layer bar: rect { frame (56, 12, 8, 26) fill white }
        }
        animate bar.opacity values [1, 0.2, 0.7, 0.15] over 1.2s repeat forever
        """
    }

    /// Fill items of a frame, flattened, with their centres and opacities, in drawing order.
    func fills(_ items: [DisplayItem], opacity: Double = 1) -> [(center: Point, opacity: Double, paint: Paint)] {
        var out: [(Point, Double, Paint)] = []
        for item in items {
            switch item {
            case .fill(let path, _, let paint, let o):
                if let b = path.bounds { out.append((Point(b.x + b.width / 2, b.y + b.height / 2), o * opacity, paint)) }
            case .group(let inner, let o, _): out += fills(inner, opacity: opacity * o)
            default: break
            }
        }
        return out
    }

    func testCopyKRunsKDelaysBehindCopyZero() throws {
        for d in [3, 6, 10] {
            var r = try SceneRuntime(program: try program(script(delay: d)))
            var history: [[Double]] = []
            for _ in 0...200 {
                history.append((0..<12).map { r.value(ofLayer: "bar", copy: $0, .opacity)?.number ?? .nan })
                try r.step()
            }
            for n in 0...200 {
                for k in 0..<12 where n - k * d >= 0 {
                    XCTAssertEqual(history[n][k], history[n - k * d][0], accuracy: 1e-12, "delay \(d), copy \(k), tick \(n)")
                }
                for k in 0..<12 where n - k * d < 0 {
                    XCTAssertEqual(history[n][k], 1, "before its shifted start copy \(k) shows its model value")
                }
            }
        }
    }

    /// Issue 15, on the example itself: instance rotation 30°, instance delay d = 0.1 s = 6
    /// ticks, a fade of period 72 ticks started a whole cycle in (delay −1.2 s). Copy k's
    /// opacity at tick n is copy 0's at n − k·d (before tick 0, read on copy 0's cycle).
    func testActivityIndicatorCopyKIsCopyZeroKDelaysEarlier() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/activity-indicator.wave")
        let p = try program(try String(contentsOf: url, encoding: .utf8))
        let spinner = try XCTUnwrap(p.layers.first { $0.name == "spinner" }?.replicator)
        XCTAssertEqual(spinner.count, 12)
        XCTAssertEqual(spinner.rotation, Double.pi / 6, accuracy: 1e-12)
        let d = spinner.delayTicks, period = 72
        XCTAssertEqual(d, 6)
        var r = try SceneRuntime(program: p)
        var history: [[Double]] = []
        for n in 0...(2 * period) {
            if n > 0 { try r.step() }
            history.append(try (0..<12).map { try XCTUnwrap(r.value(ofLayer: "bar", copy: $0, .opacity)?.number) })
        }
        for n in 0...(2 * period) {
            for k in 0..<12 {
                let m = n - k * d
                let expected = m >= 0 ? history[m][0] : history[m + period][0]
                XCTAssertEqual(history[n][k], expected, accuracy: 1e-12, "copy \(k), tick \(n)")
            }
        }
        // Not all equal: the bright spot is on one bar at a time.
        XCTAssertEqual(history[20].indices.max { history[20][$0] < history[20][$1] }, 3, "brightest bar at tick 20")
        XCTAssertGreaterThan(history[20].max()! - history[20].min()!, 0.7)
    }

    func testInstanceTransformAndAlphaOffsetAreCumulative() throws {
        let r = try SceneRuntime(program: try program(script(delay: 6)))
        let drawn = fills(try r.frame().items)
        XCTAssertEqual(drawn.count, 12)
        for (k, f) in drawn.enumerated() {
            // The bar's centre (60, 25) turned k·30° clockwise about (60, 60).
            let a = Double(k) * Double.pi / 6
            XCTAssertEqual(f.center.x, 60 + 35 * sin(a), accuracy: 1e-9, "copy \(k)")
            XCTAssertEqual(f.center.y, 60 - 35 * cos(a), accuracy: 1e-9, "copy \(k)")
            XCTAssertEqual(f.opacity, 1 - 0.05 * Double(k), accuracy: 1e-12, "copy \(k): alpha offset added k times")
        }
    }

    func testNestedReplicatorsMultiply() throws {
        let s = """
        scene 320x200
        layer grid: group {
          replicate 6 translate (0, 30)
          layer row: group {
            replicate 10 translate (30, 0) red-offset -0.1
            layer dot: circle { center (25, 25)  radius 10  fill white }
          }
        }
        """
        let r = try SceneRuntime(program: try program(s))
        XCTAssertEqual(r.liveLayerCount, 1 + 6 + 60)
        let drawn = fills(try r.frame().items)
        XCTAssertEqual(drawn.count, 60)
        for (i, f) in drawn.enumerated() {
            let row = i / 10, column = i % 10
            XCTAssertEqual(f.center.x, 25 + 30 * Double(column), accuracy: 1e-9)
            XCTAssertEqual(f.center.y, 25 + 30 * Double(row), accuracy: 1e-9)
            guard case .solid(let c) = f.paint else { return XCTFail("solid paint") }
            XCTAssertEqual(c.r, 1 - 0.1 * Double(column), accuracy: 1e-12)
            XCTAssertEqual(c.g, 1)
        }
    }

    /// Nested replicators: a statement over every copy of the inner child runs for every
    /// copy in every row, and cell c of row r runs r·D(grid) + c·D(row) behind cell (0, 0).
    func testNestedReplicatorDelaysAddUp() throws {
        let s = """
        scene 140x140
        layer grid: group {
          replicate 3 translate (0, 30) delay 20t
          layer row: group {
            replicate 4 translate (30, 0) delay 5t
            layer cell: rect { frame (15, 15, 20, 20) fill white opacity 0.2 }
          }
        }
        animate cell.opacity from 1 to 0.1 over 40t
        """
        var r = try SceneRuntime(program: try program(s))
        var history: [[Double]] = []
        for _ in 0...100 {
            // Cells in drawing order: row by row, left to right.
            history.append(fills(try r.frame().items).map(\.opacity))
            try r.step()
        }
        XCTAssertEqual(history[0].count, 12)
        var moving = 0
        for n in 0...100 {
            for row in 0..<3 {
                for c in 0..<4 {
                    let shift = row * 20 + c * 5, k = row * 4 + c
                    // (Never 0: a cell at opacity 0 is not drawn, and the order would shift.)
                    let expected = n < shift ? 0.2 : max(0.1, 1 - 0.9 * Double(n - shift) / 40)
                    XCTAssertEqual(history[n][k], expected, accuracy: 1e-9, "cell (\(row), \(c)) at tick \(n)")
                    if expected > 0.1 && expected < 1 { moving += 1 }
                }
            }
        }
        XCTAssertGreaterThan(moving, 300)
    }

    /// A group's anchor is placed in its children's bounds, replicated copies included: a
    /// turned ring of twelve bars turns about the ring's centre, (60, 60), so each bar lands
    /// where another bar was.
    func testTurnedReplicatorRingTurnsAboutTheRing() throws {
        for degrees in [30.0, 45, 90] {
            let s = """
            scene 120x120
            layer ring: group {
              replicate 12 rotate 30deg about (60, 60)
              rotation \(Int(degrees))deg
              layer bar: rect { frame (56, 12, 8, 26) fill white }
            }
            """
            let drawn = fills(try SceneRuntime(program: try program(s)).frame().items)
            XCTAssertEqual(drawn.count, 12)
            for (k, f) in drawn.enumerated() {
                // Bar k's centre: (60, 25) turned k·30° + the group's turn about (60, 60).
                let a = Double(k) * Double.pi / 6 + degrees * Double.pi / 180
                XCTAssertEqual(f.center.x, 60 + 35 * sin(a), accuracy: 1e-9, "\(degrees)°, copy \(k)")
                XCTAssertEqual(f.center.y, 60 - 35 * cos(a), accuracy: 1e-9, "\(degrees)°, copy \(k)")
            }
        }
    }

    /// The bounds come from the children's model values: a child moved by a running
    /// animation does not move the group's pivot (Core Animation: sublayers never resize
    /// their parent), and a turned child counts with all four corners.
    func testGroupPivotIgnoresRunningAnimationsAndCountsTurnedCorners() throws {
        let s = """
        scene 200x200
        layer g: group {
          scale 2
          layer a: rect { frame (40, 40, 20, 20) fill white }
          layer b: rect { frame (100, 100, 20, 20) rotation 45deg fill white }
        }
        animate b.position from (0, 0) to (60, 0) over 1s
        """
        var r = try SceneRuntime(program: try program(s))
        // The bounds: a's (40, 40)–(60, 60) and b turned 45° about (110, 110), reaching
        // 10·√2 from its centre: x and y up to 110 + 14.142…; the pivot is their centre.
        let reach = 110 + 10 * 2.0.squareRoot(), centre = (40 + reach) / 2
        for tick in 0..<40 {
            let drawn = fills(try r.frame().items)
            // a's centre (50, 50) scaled by 2 about the pivot, whatever b's animation does.
            XCTAssertEqual(drawn[0].center.x, centre + 2 * (50 - centre), accuracy: 1e-9, "tick \(tick)")
            XCTAssertEqual(drawn[0].center.y, centre + 2 * (50 - centre), accuracy: 1e-9, "tick \(tick)")
            try r.step()
        }
    }

    /// `above`/`below` may name a layer declared later; chains are placed target first.
    func testPlacementNamesLayersDeclaredLater() throws {
        let s = """
        scene 100x100
        layer a: rect above b { frame (0, 0, 10, 10) fill white }
        layer c: rect below d { frame (20, 0, 10, 10) fill white }
        layer b: rect above d { frame (40, 0, 10, 10) fill white }
        layer d: rect { frame (60, 0, 10, 10) fill white }
        layer e: rect { frame (80, 0, 10, 10) fill white }
        """
        let drawn = fills(try SceneRuntime(program: try program(s)).frame().items)
        // Bottom to top: c below d, b above d, a above b, then e (declared last, unplaced).
        XCTAssertEqual(drawn.map(\.center.x), [25, 65, 45, 5, 85])
    }

    func compileErrors(_ text: String) -> [String] {
        let file = SourceFile(name: "t.wave", text: text)
        return Compiler.compile(file).1.filter { $0.severity == .error }.map { d in
            let (l, c) = file.location(of: d.range.start)
            return "\(l):\(c) \(d.message)"
        }
    }

    func testReplicateMistakesAreLocated() {
        XCTAssertEqual(compileErrors("layer g: group {\n  replicate 3 rotat 30deg\n  layer a: rect { }\n}"),
                       ["2:15 unknown option 'rotat' for 'replicate'; did you mean 'rotate'?"])
        XCTAssertEqual(compileErrors("layer a: rect { replicate 3 }"),
                       ["1:17 only a group replicates its children; put the rect inside 'layer NAME: group { replicate N … }'"])
        XCTAssertEqual(compileErrors("var n = 3\nlayer g: group { replicate n\n  layer a: rect { } }"), ["2:28 the number of copies must be a constant number"])
        XCTAssertEqual(compileErrors("layer g: group { replicate 2\n  layer a[3]: rect { } }"),
                       ["2:11 a replicator's child is already repeated by 'replicate'; drop '[3]', or nest a replicator group"])
    }
}
