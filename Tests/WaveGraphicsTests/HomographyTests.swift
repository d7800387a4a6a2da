import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// The projection of a layer's plane (Transform3D.swift): exact where the plane is in front
/// of the eye, clipped (never divided by zero or a negative W) where it is not.
final class HomographyTests: XCTestCase {
    /// Eye at distance 100, the plane tilted about the x axis by 80°: W = 1 − y·sin 80° / 100,
    /// zero at y ≈ 101.5 and negative beyond.
    let tilted = Transform3D.rotationX(80 * .pi / 180).concatenating(.perspective(100)).plane

    func points(_ path: Path) -> [Point] {
        path.elements.compactMap { e -> Point? in
            switch e {
            case .move(let p), .line(let p): return p
            default: return nil
            }
        }
    }

    func testInFrontThePolygonIsProjectedExactly() {
        var square = Path()
        square.addPolygon([Point(-50, -50), Point(50, -50), Point(50, 50), Point(-50, 50)], closed: true)
        let out = points(tilted.project(fill: square, tolerance: 0.1))
        XCTAssertEqual(out.count, 4)
        let s = sin(80 * Double.pi / 180), c = cos(80 * Double.pi / 180)
        for (p, q) in zip(out, [Point(-50, -50), Point(50, -50), Point(50, 50), Point(-50, 50)]) {
            let w = 1 - q.y * s / 100   // independent: z = y·sin θ, W = 1 − z/d
            XCTAssertEqual(p.x, q.x / w, accuracy: 1e-9)
            XCTAssertEqual(p.y, q.y * c / w, accuracy: 1e-9)
        }
    }

    func testCrossingTheEyeIsClippedFiniteAndInsideTheGuardBand() {
        var tall = Path()
        tall.addPolygon([Point(-500, -50), Point(500, -50), Point(500, 400), Point(-500, 400)], closed: true)
        let out = points(tilted.project(fill: tall, tolerance: 0.1))
        XCTAssertGreaterThanOrEqual(out.count, 4)
        for p in out {
            XCTAssertTrue(p.isFinite)
            XCTAssertLessThanOrEqual(abs(p.x), Homography.guardBand * (1 + 1e-9))
            XCTAssertLessThanOrEqual(abs(p.y), Homography.guardBand * (1 + 1e-9))
        }
        let s = sin(80 * Double.pi / 180), c = cos(80 * Double.pi / 180)
        // The far edge stays where it was.
        XCTAssertTrue(out.contains { abs($0.y - (-50 * c / (1 + 50 * s / 100))) < 1e-9 && abs($0.x - (-500 / (1 + 50 * s / 100))) < 1e-9 })
        // The near part ends where W = 0.001: y = 0.999 · 100 / sin θ in the plane.
        XCTAssertEqual(out.map(\.y).max()!, 0.999 * 100 / s * c / Homography.nearW, accuracy: 1e-6)
        // There x = ±500 / 0.001 would be far outside: cut at the guard band.
        XCTAssertEqual(out.map(\.x).max()!, Homography.guardBand, accuracy: 1e-6)
        XCTAssertEqual(out.map(\.x).min()!, -Homography.guardBand, accuracy: 1e-6)
        // Wholly behind the eye: nothing.
        var behind = Path()
        behind.addPolygon([Point(-50, 200), Point(50, 200), Point(50, 300)], closed: true)
        XCTAssertTrue(tilted.project(fill: behind, tolerance: 0.1).isEmpty)
    }

    func testClippingKeepsTheWindingOfTheVisiblePart() {
        // Two nested squares, the inner one running the other way (a hole under non-zero):
        // after the cut each is still a closed polygon of its own orientation.
        var ring = Path()
        ring.addPolygon([Point(-90, -90), Point(90, -90), Point(90, 300), Point(-90, 300)], closed: true)
        ring.addPolygon([Point(-40, -40), Point(-40, 300), Point(40, 300), Point(40, -40)], closed: true)
        let out = tilted.project(fill: ring, tolerance: 0.1)
        func signedArea(_ poly: [Point]) -> Double {
            zip(poly, poly.dropFirst() + [poly[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y } / 2
        }
        var polys: [[Point]] = []
        for e in out.elements {
            switch e {
            case .move(let p): polys.append([p])
            case .line(let p): polys[polys.count - 1].append(p)
            default: break
            }
        }
        XCTAssertEqual(polys.count, 2)
        XCTAssertGreaterThan(signedArea(polys[0]), 0)
        XCTAssertLessThan(signedArea(polys[1]), 0)
    }

    func testDeterminantSaysWhichSideFaces() {
        XCTAssertGreaterThan(Transform3D.rotationY(0.3).concatenating(.perspective(200)).plane.determinant, 0)
        XCTAssertLessThan(Transform3D.rotationY(2.0).concatenating(.perspective(200)).plane.determinant, 0)
        XCTAssertLessThan(Transform3D(.scale(-1, 1)).plane.determinant, 0)   // a mirror shows the back too
    }

    func testAfterComposesWithAnAffineMapFirst() {
        let t = Transform.scale(2, 3).concatenating(.translation(5, -7))
        let h = Transform3D.rotationY(0.7).concatenating(.perspective(150)).plane
        for p in [Point(0, 0), Point(10, -20), Point(-30, 40)] {
            let a = h.after(t).apply(p)!, b = h.apply(t.apply(p))!
            XCTAssertEqual(a.x, b.x, accuracy: 1e-9)
            XCTAssertEqual(a.y, b.y, accuracy: 1e-9)
        }
        // A perspective alone leaves the plane z = 0 where it is: affine (the identity).
        XCTAssertEqual(Transform3D.perspective(150).plane.affine, .identity)
        XCTAssertNil(h.affine)
    }

    func testInverseTakesScreenPointsBackOntoThePlaneWithAPositiveW() {
        // Seen from the front and from behind (a negative determinant): h⁻¹ · (X, Y, 1) is
        // (x, y, 1) / W with W > 0 for a point in front of the eye.
        for h in [tilted, Transform3D.rotationY(2.0).concatenating(.perspective(200)).plane] {
            let back = h.inverse!
            for p in [Point(0, 0), Point(10, -20), Point(-30, 40), Point(25, 60)] {
                guard let q = h.apply(p) else { continue }
                let m = back.h
                let x = m[0] * q.x + m[1] * q.y + m[2], y = m[3] * q.x + m[4] * q.y + m[5], w = m[6] * q.x + m[7] * q.y + m[8]
                XCTAssertGreaterThan(w, 0)
                XCTAssertEqual(x / w, p.x, accuracy: 1e-9)
                XCTAssertEqual(y / w, p.y, accuracy: 1e-9)
            }
        }
        XCTAssertNil(Homography([1, 0, 0, 0, 0, 0, 0, 0, 1]).inverse)   // a plane seen edge-on
    }
}
