import Foundation
import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// Linear gradient geometry on a non-square layer: CSS angles against the CSS definition,
/// computed here independently, and the unit-box point form of CAGradientLayer.
final class GradientGeometryTests: XCTestCase {
    /// A 140x80 rect at (30, 20) in a 200x120 scene, filled with `paint`.
    func gradient(_ paint: String) throws -> (start: Point, end: Point, frame: Frame) {
        let f = try SceneRuntime(program: try program("""
        scene 200x120 { background #ffffff }
        layer r: rect { frame (30, 20, 140, 80) fill \(paint) }
        """)).frame()
        guard case .fill(_, _, .linearGradient(let s, let e, _), _)? = f.items.first else {
            XCTFail("no linear gradient fill in \(f.items)")
            throw XCTSkip("no gradient")
        }
        return (s, e, f)
    }

    /// Where point p falls along the gradient line s → e (0 at s, 1 at e).
    func along(_ p: Point, _ s: Point, _ e: Point) -> Double {
        let vx = e.x - s.x, vy = e.y - s.y
        return ((p.x - s.x) * vx + (p.y - s.y) * vy) / (vx * vx + vy * vy)
    }

    /// CSS Images Level 3, linear-gradient(<angle>): the angle is measured in the element's
    /// own box (0deg up, clockwise), and the gradient line's length makes the two far
    /// corners land exactly on the first and last colours. On 140x80, 30deg stays 30deg.
    func testAngleIsMeasuredInTheLayersOwnSpaceAndReachesTheCorners() throws {
        let (s, e, _) = try gradient("linear-gradient(30deg, #000000, #ffffff)")
        let direction = atan2(e.x - s.x, -(e.y - s.y)) * 180 / Double.pi
        XCTAssertEqual(direction, 30, accuracy: 1e-9, "30deg from vertical, not the unit box's ~45°")
        let corners = [Point(30, 20), Point(170, 20), Point(30, 100), Point(170, 100)].map { along($0, s, e) }
        XCTAssertEqual(corners[2], 0, accuracy: 1e-12, "bottom-left corner gets the first colour")
        XCTAssertEqual(corners[1], 1, accuracy: 1e-12, "top-right corner gets the last colour")
        XCTAssertEqual(corners.min() ?? .nan, 0, accuracy: 1e-12)
        XCTAssertEqual(corners.max() ?? .nan, 1, accuracy: 1e-12)
        // CSS's length: |w sin θ| + |h cos θ|.
        let length = ((e.x - s.x) * (e.x - s.x) + (e.y - s.y) * (e.y - s.y)).squareRoot()
        XCTAssertEqual(length, 140 * 0.5 + 80 * 3.0.squareRoot() / 2, accuracy: 1e-9)
    }

    /// The rendered pixels match the CSS definition at a few pixel centres: grey level
    /// 255·t with t = ((x − cx)·sin θ − (y − cy)·cos θ) / L + 1/2 (± the ramp's dither).
    func testAngledGradientPixelsMatchTheCSSDefinition() throws {
        let (_, _, frame) = try gradient("linear-gradient(120deg, #000000, #ffffff)")
        let pixmap = Renderer().render(frame.items, width: frame.width, height: frame.height, background: frame.background)
        let theta = 120 * Double.pi / 180
        let length = abs(140 * sin(theta)) + abs(80 * cos(theta))
        for (x, y) in [(31, 21), (100, 60), (60, 90), (150, 30), (168, 98), (45, 40)] {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let t = ((px - 100) * sin(theta) - (py - 60) * cos(theta)) / length + 0.5
            let got = pixmap.pixel(x, y)
            XCTAssertEqual(Double(got.r), 255 * t, accuracy: 2.5, "pixel (\(x), \(y)), t \(t)")
            XCTAssertEqual(got.r, got.b)
        }
    }

    /// Core Animation's CAGradientLayer: startPoint and endPoint are in the unit coordinate
    /// space of the layer's bounds, so (0, 0) → (1, 1) runs from corner to corner; the words
    /// are such points (down is (0.5, 0) → (0.5, 1)).
    /// Geometry from `let` constants gives the same gradient as the literals; a `var` is
    /// an error that says how to turn a gradient.
    func testGeometryFromLetConstantsEqualsLiterals() throws {
        for (lets, named, literal) in [("let d = 30deg", "d, red, blue", "30deg, red, blue"),
                                       ("let a = (0, 0)\nlet b = (1, 1)", "a, b, red, blue", "(0, 0), (1, 1), red, blue")] {
            let prefix = "scene 200x120\n\(lets)\nlayer r: rect { frame (30, 20, 140, 80) fill linear-gradient("
            let x = try SceneRuntime(program: try program(prefix + named + ") }")).frame()
            let y = try SceneRuntime(program: try program(prefix + literal + ") }")).frame()
            XCTAssertEqual(x.items, y.items, lets)
            guard case .fill(_, _, .linearGradient, _)? = x.items.first else { return XCTFail("no linear gradient for \(lets)") }
        }
        let file = SourceFile(name: "t.wave", text: "var a = 0deg\nlayer r: rect { fill conic-gradient(a, red, blue) }\nanimate a to 1 over 1s")
        let errors = Compiler.compile(file).1.filter { $0.severity == .error }.map(\.message)
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.contains("'a' is a variable, and gradient geometry is fixed when the script compiles") ?? false, "\(errors)")
    }

    func testUnitBoxPointsAreStretchedOverTheBounds() throws {
        let (s, e, _) = try gradient("linear-gradient((0, 0), (1, 1), #000000, #ffffff)")
        XCTAssertEqual(s, Point(30, 20))
        XCTAssertEqual(e, Point(170, 100))
        let (ds, de, _) = try gradient("linear-gradient(down, #000000, #ffffff)")
        XCTAssertEqual(ds, Point(100, 20))
        XCTAssertEqual(de, Point(100, 100))
        let (rs, re, _) = try gradient("linear-gradient(down-right, #000000, #ffffff)")
        XCTAssertEqual(rs, Point(30, 20))
        XCTAssertEqual(re, Point(170, 100))
    }

    /// On every side of a square the angle form and the CSS words agree with the points:
    /// 90deg is left → right, 180deg top → bottom.
    func testRightAnglesMatchTheSidesOfTheBox() throws {
        let (s, e, _) = try gradient("linear-gradient(180deg, #000000, #ffffff)")
        XCTAssertEqual(s.x, 100, accuracy: 1e-9); XCTAssertEqual(s.y, 20, accuracy: 1e-9)
        XCTAssertEqual(e.x, 100, accuracy: 1e-9); XCTAssertEqual(e.y, 100, accuracy: 1e-9)
        let (s2, e2, _) = try gradient("linear-gradient(90deg, #000000, #ffffff)")
        XCTAssertEqual(s2.x, 30, accuracy: 1e-9); XCTAssertEqual(s2.y, 60, accuracy: 1e-9)
        XCTAssertEqual(e2.x, 170, accuracy: 1e-9); XCTAssertEqual(e2.y, 60, accuracy: 1e-9)
    }
}

/// Conic gradients placed by the layer's unit box and transform, and gradients animated as
/// a whole (CAGradientLayer's animatable locations and points).
final class ConicAndAnimatedGradientTests: XCTestCase {
    func firstPaint(_ script: String, ticks: Int = 0) throws -> Paint? {
        var r = try SceneRuntime(program: try program(script))
        for _ in 0..<ticks { try r.step() }
        guard case .fill(_, _, let paint, _)? = try r.frame().items.first else { return nil }
        return paint
    }

    func testConicCentreAndStartFollowTheUnitBoxAndRotation() throws {
        let paint = try firstPaint("""
        scene 200x120
        layer r: rect { frame (30, 20, 140, 80)  rotation 30deg  fill conic-gradient(90deg, (0.25, 0.5), #000000, #ffffff) }
        """)
        guard case .conicGradient(let c, let angle, let stops)? = paint else { return XCTFail("\(String(describing: paint))") }
        // The unit point (0.25, 0.5) is (65, 60); rotating 30deg about the centre (100, 60)
        // moves it to (100 − 35·cos 30°, 60 − 35·sin 30°).
        XCTAssertEqual(c.x, 100 - 35 * cos(Double.pi / 6), accuracy: 1e-9)
        XCTAssertEqual(c.y, 60 - 35 * sin(Double.pi / 6), accuracy: 1e-9)
        XCTAssertEqual(angle * 180 / Double.pi, 120, accuracy: 1e-9, "90deg turned by the layer's 30deg")
        XCTAssertEqual(stops.map(\.location), [0, 1])
        let negative = try firstPaint("layer r: rect { fill conic-gradient(-90deg, #000000, #ffffff) }")
        guard case .conicGradient(_, let west, _)? = negative else { return XCTFail("\(String(describing: negative))") }
        XCTAssertEqual(west * 180 / Double.pi, -90, accuracy: 1e-9, "a negated angle is an angle too")
    }

    func testConicPixelsThroughTheRuntime() throws {
        let f = try SceneRuntime(program: try program("""
        scene 100x100 { background none }
        layer r: rect { frame (0, 0, 100, 100)  fill conic-gradient(#000000, #ffffff) }
        """)).frame()
        let pixmap = Renderer().render(f.items, width: 100, height: 100, background: f.background)
        for (x, y) in [(75, 50), (50, 80), (20, 50), (30, 20), (70, 10)] {
            let dx = Double(x) + 0.5 - 50, dy = Double(y) + 0.5 - 50
            var turn = atan2(dx, -dy) / (2 * Double.pi)
            if turn < 0 { turn += 1 }
            XCTAssertEqual(Double(pixmap.pixel(x, y).r), 255 * turn, accuracy: 2, "pixel (\(x), \(y))")
        }
    }

    func testAnimatingAGradientInterpolatesLocationsPointsAndColours() throws {
        let paint = try firstPaint("""
        scene 100x100
        layer r: rect { frame (0, 0, 100, 100)  fill linear-gradient((0, 0), (1, 0), #000000, #ffffff 20%, #000000 40%) }
        animate r.fill to linear-gradient((0, 0), (0, 1), #ff0000 60%, #ffffff 80%, #000000) over 1s
        """, ticks: 30)
        guard case .linearGradient(let s, let e, let stops)? = paint else { return XCTFail("\(String(describing: paint))") }
        XCTAssertEqual(s.x, 0, accuracy: 1e-9)
        XCTAssertEqual(e.x, 50, accuracy: 1e-9, "the end point half-way from (1, 0) to (0, 1)")
        XCTAssertEqual(e.y, 50, accuracy: 1e-9)
        // Locations 0 → 0.6, 0.2 → 0.8, 0.4 → 1 (the missing last location resolves to 1).
        XCTAssertEqual(stops.map(\.location), [0.3, 0.5, 0.7].map { $0 }, accuracy: 1e-12)
        XCTAssertEqual(stops[0].color.r, 0.5, accuracy: 1e-12)
        XCTAssertEqual(stops[0].color.g, 0, accuracy: 1e-12)
        // Different stop counts switch half-way instead.
        let switched = try firstPaint("""
        scene 100x100
        layer r: rect { frame (0, 0, 100, 100)  fill linear-gradient(right, #000000, #ffffff) }
        animate r.fill to linear-gradient(right, #000000, #ff0000, #ffffff) over 1s
        """, ticks: 20)
        guard case .linearGradient(_, _, let before)? = switched else { return XCTFail() }
        XCTAssertEqual(before.count, 2)
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
