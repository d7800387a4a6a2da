import Foundation
import XCTest
import WaveSyntax
import WaveCompiler
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
