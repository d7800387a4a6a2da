import Foundation
import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// Image paints: bilinear sampling checked against values computed here from the four
/// neighbouring pixels, under scaling and rotation, and an image used as a mask.
final class ImagePaintTests: XCTestCase {
    /// 2x2 straight RGBA: red, green / blue, translucent white.
    private let quad: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255,
                                 0, 0, 255, 255, 255, 255, 255, 128]
    private var image: RasterImage { RasterImage(width: 2, height: 2, straightRGBA: quad)! }

    /// Premultiplied channel `c` of image pixel (i, j), indices clamped (edges extend).
    private func texel(_ i: Int, _ j: Int, _ c: Int) -> Double {
        let x = min(max(i, 0), 1), y = min(max(j, 0), 1)
        let k = (y * 2 + x) * 4
        let a = Double(quad[k + 3])
        return c == 3 ? a : Double(quad[k + c]) * a / 255
    }

    /// The bilinear value at image coordinates (u, v) (pixel (i, j) spans [i, i + 1)).
    private func bilinear(_ u: Double, _ v: Double, _ c: Int) -> Double {
        let s = u - 0.5, t = v - 0.5
        let i = Int(s.rounded(.down)), j = Int(t.rounded(.down))
        let fx = s - Double(i), fy = t - Double(j)
        return (texel(i, j, c) * (1 - fx) + texel(i + 1, j, c) * fx) * (1 - fy)
            + (texel(i, j + 1, c) * (1 - fx) + texel(i + 1, j + 1, c) * fx) * fy
    }

    private func check(_ toImage: Transform, size: Int, path: Path, file: StaticString = #filePath, line: UInt = #line) {
        let drawn = TestScene.render([.fill(path: path, rule: .nonZero, paint: .image(image, toImage: toImage), opacity: 1)],
                                     width: size, height: size)
        var compared = 0
        for y in 0..<size { for x in 0..<size {
            let px = drawn.pixel(x, y)
            guard px.a > 0, TestScene.alpha(TestScene.render([TestScene.fill(path)], width: size, height: size), x, y) == 255 else { continue }
            let p = toImage.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
            let got = [px.r, px.g, px.b, px.a].map(Double.init)
            for c in 0..<4 {
                XCTAssertEqual(got[c], bilinear(p.x, p.y, c), accuracy: 1.01, "(\(x), \(y)) channel \(c)", file: file, line: line)
            }
            compared += 1
        }}
        XCTAssertGreaterThan(compared, size * size / 8, file: file, line: line)
    }

    func testA2x2ImageScaledUpIsBilinear() {
        // The image stretched over (0, 0)–(16, 16): 8 device pixels per image pixel.
        check(Transform.scale(1.0 / 8, 1.0 / 8), size: 16, path: TestScene.rect(0, 0, 16, 16))
        // Spot values: the centre of the top-left quarter is pure red; the middle is the mean.
        let drawn = TestScene.render([.fill(path: TestScene.rect(0, 0, 16, 16), rule: .nonZero,
                                            paint: .image(image, toImage: .scale(1.0 / 8, 1.0 / 8)), opacity: 1)], width: 16, height: 16)
        XCTAssertEqual(drawn.pixel(1, 1).r, 255)
        XCTAssertEqual(drawn.pixel(1, 1).g, 0)
        // Device pixel 7 has its centre at image u = 0.9375: 7/16 of the way to the next pixel.
        XCTAssertEqual(Double(drawn.pixel(7, 1).r), 255 * 9 / 16, accuracy: 1)
    }

    func testRotatedAndScaledSamplingIsBilinear() {
        let toDevice = Transform.scale(11, 7).concatenating(.rotation(0.4)).concatenating(.translation(16, 3))
        guard let toImage = toDevice.inverted else { return XCTFail() }
        var outline = TestScene.rect(0, 0, 2, 2)
        outline = outline.transformed(by: toDevice)
        check(toImage, size: 40, path: outline)
    }

    func testAnImageInPerspectiveIsSampledAtEachPixelsPointOfThePlane() {
        // The image stretched over the plane's square (0, 0)–(60, 60), turned about y about
        // its centre and seen from 150 px away, placed at (40, 40).
        let plane = Transform3D.translation(-30, -30, 0).concatenating(.rotationY(-1.0)).concatenating(.perspective(150))
            .concatenating(.translation(40, 40, 0)).plane
        let outline = plane.project(fill: TestScene.rect(0, 0, 60, 60), tolerance: 0.1)
        let paint = Paint.projected(.image(image, toImage: .scale(1.0 / 30, 1.0 / 30)), plane: plane, centre: Point(30, 30))
        let drawn = TestScene.render([.fill(path: outline, rule: .nonZero, paint: paint, opacity: 1)], width: 80, height: 80)
        let cover = TestScene.render([TestScene.fill(outline)], width: 80, height: 80)
        // The plane point of screen point (X, Y), solved from the forward map:
        // (h0 − X·h6)·x + (h1 − X·h7)·y = X·h8 − h2, likewise for Y (Cramer's rule).
        let h = plane.h
        var compared = 0
        for y in 0..<80 { for x in 0..<80 where TestScene.alpha(cover, x, y) == 255 {
            let sx = Double(x) + 0.5, sy = Double(y) + 0.5
            let a = h[0] - sx * h[6], b = h[1] - sx * h[7], c = sx * h[8] - h[2]
            let d = h[3] - sy * h[6], e = h[4] - sy * h[7], f = sy * h[8] - h[5]
            let det = a * e - b * d
            let u = (c * e - b * f) / det / 30, v = (a * f - c * d) / det / 30
            let px = drawn.pixel(x, y)
            let got = [px.r, px.g, px.b, px.a].map(Double.init)
            for ch in 0..<4 {
                XCTAssertEqual(got[ch], bilinear(u, v, ch), accuracy: 1.5, "(\(x), \(y)) channel \(ch)")
            }
            compared += 1
        }}
        XCTAssertGreaterThan(compared, 1000)
    }

    /// The sampler's integer floor and rounding give exactly the bytes of the formula written
    /// with the library's `rounded(.down)` and `rounded()`: at random points, exact halves,
    /// negative and huge coordinates, and NaN.
    func testSamplingEqualsTheFormulaWithLibraryRounding() {
        let w = 5, h = 4
        var seed: UInt64 = 0x1234_5678_9ABC_DEF1
        func next() -> UInt64 { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return seed }
        let pixels: [UInt32] = (0..<w * h).map { _ in
            let a = UInt32(next() % 256)
            return a << 24 | UInt32(next() % UInt64(a + 1)) << 16 | UInt32(next() % UInt64(a + 1)) << 8 | UInt32(next() % UInt64(a + 1))
        }
        func reference(_ s: Double, _ t: Double) -> UInt32 {
            let limit = Double(1 << 24)
            let cs = s > -limit ? (s < limit ? s : limit) : -limit, ct = t > -limit ? (t < limit ? t : limit) : -limit
            let fs = cs.rounded(.down), ft = ct.rounded(.down)
            let wx = UInt32(((cs - fs) * 256).rounded()), wy = UInt32(((ct - ft) * 256).rounded())
            let i0 = Int(fs), j0 = Int(ft)
            let x0 = min(max(i0, 0), w - 1), x1 = min(max(i0 + 1, 0), w - 1)
            let y0 = min(max(j0, 0), h - 1), y1 = min(max(j0 + 1, 0), h - 1)
            let p00 = pixels[y0 * w + x0], p10 = pixels[y0 * w + x1], p01 = pixels[y1 * w + x0], p11 = pixels[y1 * w + x1]
            var out: UInt32 = 0
            for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
                let top = ((p00 >> shift) & 255) * (256 - wx) + ((p10 >> shift) & 255) * wx
                let bottom = ((p01 >> shift) & 255) * (256 - wx) + ((p11 >> shift) & 255) * wx
                out |= ((top * (256 - wy) + bottom * wy + 32768) >> 16) << shift
            }
            return out
        }
        var points: [(Double, Double)] = [(.nan, 1.5), (2.5, .nan), (-.infinity, .infinity), (1e300, -1e300), (-0.0, 0.0),
                                          (3.0 - 1.0 / 512, 1.0 / 512), (1.0 / 512 - 1, 2 + 3.0 / 512), (-2.5 / 256, 0.5 / 256),
                                          (0.49999999999999994 / 256, 255.5 / 256), (Double(1 << 24) - 0.5, -Double(1 << 24) + 0.25)]
        for _ in 0..<20_000 {
            let k = next() % 3
            func coordinate() -> Double {
                let v = Double(next() % 1_000_000) / 1_000_000 * 9 - 2
                return k == 0 ? v : k == 1 ? (v * 512).rounded() / 512 : v * 1e7
            }
            points.append((coordinate(), coordinate()))
        }
        pixels.withUnsafeBufferPointer { px in
            for (s, t) in points {
                let got = ImageBlitter.sample(px, w, h, s, t), want = reference(s, t)
                if got != want { XCTFail("(\(s), \(t)): \(String(got, radix: 16)) != \(String(want, radix: 16))"); return }
            }
        }
    }

    func testAnImageWorksAsAMask() {
        // Mask alpha is the image's: the translucent white quarter lets half through.
        let mask = Mask(items: [.fill(path: TestScene.rect(0, 0, 16, 16), rule: .nonZero,
                                      paint: .image(image, toImage: .scale(1.0 / 8, 1.0 / 8)), opacity: 1)])
        let drawn = TestScene.render([.group(items: [TestScene.fill(TestScene.rect(0, 0, 16, 16))], opacity: 1, mask: mask)],
                                     width: 16, height: 16)
        XCTAssertEqual(TestScene.alpha(drawn, 1, 1), 255)
        XCTAssertEqual(Double(TestScene.alpha(drawn, 14, 14)), 128, accuracy: 1)
    }

    func testFillOpacityScalesTheImage() {
        let drawn = TestScene.render([.fill(path: TestScene.rect(0, 0, 16, 16), rule: .nonZero,
                                            paint: .image(image, toImage: .scale(1.0 / 8, 1.0 / 8)), opacity: 0.5)], width: 16, height: 16)
        XCTAssertEqual(Double(drawn.pixel(1, 1).r), 128, accuracy: 1)
        XCTAssertEqual(Double(drawn.pixel(1, 1).a), 128, accuracy: 1)
    }
}
