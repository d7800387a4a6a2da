import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// 3D transforms (issue 17 item 3): projected outlines against Core Animation's matrix
/// maths, written out here in its own row-vector form.
final class Transform3DTests: XCTestCase {
    /// The vertices of every fill of the frame, in order.
    func vertices(_ source: String, tick: Int = 0) throws -> [[Point]] {
        let r = try SceneRuntime.seek(try program(source), to: tick)
        return try r.frame().items.map { item -> [Point] in
            guard case .fill(let path, _, _, _) = item else { XCTFail("expected a fill"); return [] }
            return path.elements.compactMap { e -> Point? in
                switch e {
                case .move(let p), .line(let p): return p
                default: return nil
                }
            }
        }
    }

    /// Core Animation: `t = CATransform3DIdentity; t.m34 = -1/d; t = CATransform3DRotate(t, θ, 0, 1, 0)`
    /// set as a layer's transform, which is applied about the anchor point: the row vector
    /// (x − ax, y − ay, 0, 1) times R·P, divided by w, plus the anchor's position.
    func caCorner(_ x: Double, _ y: Double, anchor: (Double, Double), theta: Double, d: Double) -> Point {
        let c = cos(theta), s = sin(theta)
        // CATransform3DMakeRotation(θ, 0, 1, 0), rows m1…m4.
        let r: [[Double]] = [[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]]
        var p: [[Double]] = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
        p[2][3] = -1 / d   // m34
        var m = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { m[i][j] += r[i][k] * p[k][j] } } }
        let v = [x - anchor.0, y - anchor.1, 0, 1]
        var out = [0.0, 0, 0, 0]
        for j in 0..<4 { for k in 0..<4 { out[j] += v[k] * m[k][j] } }
        return Point(out[0] / out[3] + anchor.0, out[1] / out[3] + anchor.1)
    }

    func testQuarterTurnAboutYHasZeroWidth() throws {
        for extra in ["", "perspective 250"] {
            let polys = try vertices("layer card: rect { frame (20, 30, 100, 60) rotation-y 90deg \(extra) }")
            XCTAssertEqual(polys.count, 1, extra)
            let xs = polys.flatMap { $0.map(\.x) }
            XCTAssertEqual(xs.max()! - xs.min()!, 0, accuracy: 1e-9, extra)
            XCTAssertEqual(xs[0], 70, accuracy: 1e-9, extra)   // edge-on along the anchor's vertical
            // Its height: 60 flat; in perspective the left edge, turned 50 px towards the
            // eye, is the tallest.
            let ys = polys.flatMap { $0.map(\.y) }
            let top = extra.isEmpty ? 30 : caCorner(20, 30, anchor: (70, 60), theta: .pi / 2, d: 250).y
            XCTAssertEqual(ys.min()!, top, accuracy: 1e-9, extra)
            XCTAssertEqual(ys.max()! - ys.min()!, extra.isEmpty ? 60 : 75, accuracy: 1e-9, extra)
        }
    }

    func testSixtyDegreesWithPerspectiveMatchesCoreAnimation() throws {
        let d = 300.0
        let polys = try vertices("layer card: rect { frame (20, 30, 100, 60) rotation-y 60deg perspective \(Int(d)) }")
        XCTAssertEqual(polys.count, 1)
        // The rect outline runs clockwise from the top-left corner.
        let corners = [(20.0, 30.0), (120.0, 30.0), (120.0, 90.0), (20.0, 90.0)]
        let want = corners.map { caCorner($0.0, $0.1, anchor: (70, 60), theta: .pi / 3, d: d) }
        XCTAssertEqual(polys[0].count, 4)
        for (g, w) in zip(polys[0], want) {
            XCTAssertEqual(g.x, w.x, accuracy: 1e-9)
            XCTAssertEqual(g.y, w.y, accuracy: 1e-9)
        }
        // The right edge went away from the viewer: shorter than the left.
        XCTAssertLessThan(want[2].y - want[1].y, want[3].y - want[0].y)
        // A group's perspective applies to its child the same way (one child: same anchor).
        let grouped = try vertices("""
            layer g: group { perspective \(Int(d))
              layer card: rect { frame (20, 30, 100, 60) rotation-y 60deg } }
            """)
        for (g, w) in zip(grouped[0], want) {
            XCTAssertEqual(g.x, w.x, accuracy: 1e-9)
            XCTAssertEqual(g.y, w.y, accuracy: 1e-9)
        }
    }

    func testTranslationZScalesByTheEyeDistance() throws {
        // z = 100 in front of the plane with the eye at 300: magnified 300 / 200 about the anchor.
        let polys = try vertices("layer r: rect { frame (0, 0, 40, 20) translation-z 100 perspective 300 }")
        let want = [(0.0, 0.0), (40.0, 0.0), (40.0, 20.0), (0.0, 20.0)].map { Point(20 + ($0.0 - 20) * 1.5, 10 + ($0.1 - 10) * 1.5) }
        for (g, w) in zip(polys[0], want) {
            XCTAssertEqual(g.x, w.x, accuracy: 1e-9)
            XCTAssertEqual(g.y, w.y, accuracy: 1e-9)
        }
    }

    func testDoubleSidedFalseHidesTheBack() throws {
        for (angle, extra, shown) in [(180, "", false), (100, "perspective 200", false), (80, "perspective 200", true), (0, "", true)] {
            let source = "layer r: rect { frame (0, 0, 40, 20) rotation-y \(angle)deg double-sided false \(extra) }"
            XCTAssertEqual(try vertices(source).count, shown ? 1 : 0, source)
            // Double-sided (the default): the back shows, mirrored.
            XCTAssertEqual(try vertices(source.replacingOccurrences(of: "double-sided false", with: "")).count, 1, source)
        }
        // Turned by rotation-x too.
        XCTAssertEqual(try vertices("layer r: rect { frame (0, 0, 40, 20) rotation-x 120deg double-sided false }").count, 0)
    }

    func testCrossingTheEyePlaneIsClippedAndFinite() throws {
        // The bottom of this tall card swings past the eye (z up to 600·sin 80° > 100).
        let source = """
            scene 200x200
            layer r: rect { frame (0, 0, 200, 1200) position (0, -500) rotation-x 80deg perspective 100 fill #3060f0 stroke black width 4 }
            """
        let r = try SceneRuntime.seek(try program(source), to: 0)
        let frame = try r.frame()
        XCTAssertEqual(frame.items.count, 2)   // fill and stroke, both clipped, neither lost
        for case .fill(let path, _, _, _) in frame.items {
            XCTAssertFalse(path.isEmpty)
            XCTAssertTrue(path.elements.allSatisfy {
                if case .move(let p) = $0 { return p.x.isFinite && p.y.isFinite }
                if case .line(let p) = $0 { return p.x.isFinite && p.y.isFinite }
                return true
            })
        }
        let pixmap = Renderer().render(frame.items, width: frame.width, height: frame.height, background: frame.background)
        let (red, _, blue, _) = pixmap.pixel(100, 199)
        XCTAssertEqual(red, 0x30)   // the near part covers the bottom of the scene
        XCTAssertEqual(blue, 0xf0)
    }

    func testRotationYAnimatesAsANumber() throws {
        let animated = try vertices("""
            scene 200x200 { duration 2s }
            layer r: rect { frame (20, 30, 100, 60) perspective 300 }
            animate r.rotation-y from 0 to 90deg over 60t ease linear
            """, tick: 30)
        let fixed = try vertices("layer r: rect { frame (20, 30, 100, 60) perspective 300 rotation-y 45deg }")
        for (g, w) in zip(animated[0], fixed[0]) {
            XCTAssertEqual(g.x, w.x, accuracy: 1e-9)
            XCTAssertEqual(g.y, w.y, accuracy: 1e-9)
        }
    }

    /// The CA homography of `caCorner` for any point (the same independent maths).
    func caPoint(_ p: Point, anchor: (Double, Double), theta: Double, d: Double) -> Point {
        caCorner(p.x, p.y, anchor: anchor, theta: theta, d: d)
    }

    func testCurvesStayCurvedUnderPerspective() throws {
        // A circle of radius 40 about (100, 100), turned 60° about y, eye at 150: the near
        // side is magnified about 2.4 times.
        let polys = try vertices("scene 200x200\nlayer c: circle { center (100, 100) radius 40 rotation-y -60deg perspective 150 }")
        XCTAssertEqual(polys.count, 1)
        let poly = polys[0]
        XCTAssertGreaterThan(poly.count, 24)   // flattened finely, not a polygon of a few sides
        // The true outline: the circle's own points (its cubic arcs match a circle to 0.03 %),
        // projected with the independent matrix, densely.
        let truth = (0..<20_000).map { i -> Point in
            let a = 2 * Double.pi * Double(i) / 20_000
            return caPoint(Point(100 + 40 * cos(a), 100 + 40 * sin(a)), anchor: (100, 100), theta: -Double.pi / 3, d: 150)
        }
        func distance(_ p: Point) -> Double { truth.map { hypot($0.x - p.x, $0.y - p.y) }.min()! }
        for (i, p) in poly.enumerated() {
            XCTAssertLessThan(distance(p), 0.05, "vertex \(i)")
            let q = poly[(i + 1) % poly.count]
            // A chord's middle stays within the 0.1 px tolerance of the projected curve.
            XCTAssertLessThan(distance(Point((p.x + q.x) / 2, (p.y + q.y) / 2)), 0.1 + 0.05, "chord \(i)")
        }
    }

    func testTextIsProjected() throws {
        // Glyph outlines are projected like any path: under rotation about y, x' depends on
        // x alone, so the ink's left and right edges land where the matrix puts them, and the
        // near (left) side is taller than the far side.
        let flat = "scene 300x120 { background #000000 }\nlayer label: text \"HH\" { font \"sans:bold\" size 60 fill white position (150, 80) }"
        let turned = flat.replacingOccurrences(of: "position", with: "rotation-y 50deg perspective 250 position")
        func bounds(_ source: String) throws -> Rect {
            let r = try SceneRuntime.seek(try program(source), to: 0)
            var box: Rect? = nil
            for case .fill(let path, _, _, _) in try r.frame().items { if let b = path.bounds { box = box.map { $0.union(b) } ?? b } }
            return try XCTUnwrap(box)
        }
        let f = try bounds(flat), t = try bounds(turned)
        // The anchor of text is its line box's centre, placed at `position`; x only matters here.
        let ax = 150.0, ay = (f.minY + f.maxY) / 2   // any y: x' does not depend on it
        let left = caPoint(Point(f.minX, f.minY), anchor: (ax, ay), theta: 50 * .pi / 180, d: 250)
        let right = caPoint(Point(f.maxX, f.minY), anchor: (ax, ay), theta: 50 * .pi / 180, d: 250)
        XCTAssertEqual(t.minX, left.x, accuracy: 0.01)
        XCTAssertEqual(t.maxX, right.x, accuracy: 0.01)
        // Pixels: the left stem's ink is taller than the right one's.
        let r = try SceneRuntime.seek(try program(turned), to: 0)
        let frame = try r.frame()
        let pixmap = Renderer().render(frame.items, width: frame.width, height: frame.height, background: frame.background)
        func inkHeight(_ x: Int) -> Int { (0..<frame.height).filter { pixmap.pixel(x, $0).r > 127 }.count }
        let l = inkHeight(Int(t.minX.rounded(.up)) + 2), rr = inkHeight(Int(t.maxX.rounded(.down)) - 2)
        XCTAssertGreaterThan(l, rr + 5)
    }

    func testMasksAndGradientsFollowTheProjection() throws {
        // A gradient card in a perspective group, masked by a circle in the same group: the
        // mask is projected with the group, so the card shows only inside the projected circle.
        let source = """
            scene 200x200 { background #000000 }
            layer g: group { perspective 200 rotation-y 40deg
              layer hole: circle { center (100, 100) radius 30 }
              layer card: rect { frame (40, 40, 120, 120) fill linear-gradient(right, #ff0000, #0000ff) mask hole }
            }
            """
        let r = try SceneRuntime.seek(try program(source), to: 0)
        let frame = try r.frame()
        let pixmap = Renderer().render(frame.items, width: frame.width, height: frame.height, background: frame.background)
        // Where the circle's leftmost and rightmost points land (the group's anchor is the
        // centre of its children's bounds, (100, 100)).
        let theta = 40 * Double.pi / 180
        let l = caPoint(Point(70, 100), anchor: (100, 100), theta: theta, d: 200)
        let rt = caPoint(Point(130, 100), anchor: (100, 100), theta: theta, d: 200)
        func ink(_ x: Int) -> Int { let p = pixmap.pixel(x, 100); return Int(p.r) + Int(p.g) + Int(p.b) }
        XCTAssertGreaterThan(ink(Int(l.x) + 2), 200)     // just inside: card
        XCTAssertEqual(ink(Int(l.x) - 3), 0)             // just outside: masked away
        XCTAssertGreaterThan(ink(Int(rt.x) - 2), 200)
        XCTAssertEqual(ink(Int(rt.x) + 3), 0)
        // The unturned circle would reach 70…130: the turned one is narrower, and its near
        // (left) half wider than its far half.
        XCTAssertLessThan(rt.x - l.x, 50)
        XCTAssertGreaterThan(100 - l.x, rt.x - 100 + 3)
        // The gradient runs left to right along the turned card: red side left, blue right.
        let a = pixmap.pixel(Int(l.x) + 2, 100), b = pixmap.pixel(Int(rt.x) - 2, 100)
        XCTAssertGreaterThan(Int(a.r), Int(a.b))
        XCTAssertGreaterThan(Int(b.b), Int(b.r))
    }

    func testRotationXAnimatesByComponent() throws {
        // rotation-x and rotation-y animate as numbers together: halfway through 0 → (60°, 90°)
        // the layer is exactly the one turned (30°, 45°), not a blend of the two matrices.
        let animated = try vertices("""
            scene 200x200 { duration 2s }
            layer r: rect { frame (20, 30, 100, 60) perspective 300 }
            animate r.rotation-x from 0 to 60deg over 60t ease linear
            animate r.rotation-y from 0 to 90deg over 60t ease linear
            """, tick: 30)
        let fixed = try vertices("layer r: rect { frame (20, 30, 100, 60) perspective 300 rotation-x 30deg rotation-y 45deg }")
        XCTAssertEqual(animated[0].count, 4)
        for (g, w) in zip(animated[0], fixed[0]) {
            XCTAssertEqual(g.x, w.x, accuracy: 1e-9)
            XCTAssertEqual(g.y, w.y, accuracy: 1e-9)
        }
        // And the fixed one against CA's row-vector maths: v · Rx(30°) · Ry(45°) · P(300),
        // with CATransform3DMakeRotation's matrices for the axes (1, 0, 0) and (0, 1, 0).
        let (cx, sx, cy, sy) = (cos(Double.pi / 6), sin(Double.pi / 6), cos(Double.pi / 4), sin(Double.pi / 4))
        let rx: [[Double]] = [[1, 0, 0, 0], [0, cx, sx, 0], [0, -sx, cx, 0], [0, 0, 0, 1]]
        let ry: [[Double]] = [[cy, 0, -sy, 0], [0, 1, 0, 0], [sy, 0, cy, 0], [0, 0, 0, 1]]
        let p: [[Double]] = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -1.0 / 300], [0, 0, 0, 1]]
        func times(_ v: [Double], _ m: [[Double]]) -> [Double] { (0..<4).map { j in (0..<4).reduce(0) { $0 + v[$1] * m[$1][j] } } }
        for (g, c) in zip(fixed[0], [(20.0, 30.0), (120.0, 30.0), (120.0, 90.0), (20.0, 90.0)]) {
            let out = times(times(times([c.0 - 70, c.1 - 60, 0, 1], rx), ry), p)
            XCTAssertEqual(g.x, 70 + out[0] / out[3], accuracy: 1e-9)
            XCTAssertEqual(g.y, 60 + out[1] / out[3], accuracy: 1e-9)
        }
    }

    func testNegativePerspectiveIsALocatedRuntimeError() throws {
        let source = "layer a: rect { frame (0, 0, 10, 10) }\nvar d = 100\nevery tick { d -= 60\n  a.perspective = d }"
        // `every tick` runs at tick 0 (d = 40) and tick 1 (d = -20).
        XCTAssertNoThrow(try SceneRuntime.seek(try program(source), to: 0))
        XCTAssertThrowsError(try SceneRuntime.seek(try program(source), to: 1)) { error in
            guard let e = error as? RuntimeError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.code, .badPerspective)
            XCTAssertEqual(e.tick, 1)
            let at = source.utf8.distance(from: source.utf8.startIndex, to: source.range(of: "a.perspective")!.lowerBound)
            XCTAssertEqual(e.range.start, at)
            XCTAssertTrue(e.message.contains("-20"), e.message)
        }
    }
}
