import Foundation
import XCTest
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
