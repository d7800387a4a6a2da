import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

final class CompositorTests: XCTestCase {
    func testHalfRedOverWhite() {
        let items = [TestScene.fill(TestScene.rect(0, 0, 4, 4), Color(r: 1, g: 0, b: 0, a: 0.5))]
        let p = TestScene.render(items, width: 4, height: 4, background: .white).pixel(1, 1)
        XCTAssertEqual(p.r, 255)
        XCTAssertTrue(p.g == 127 || p.g == 128)
        XCTAssertTrue(p.b == 127 || p.b == 128)
        XCTAssertEqual(p.a, 255)
        let viaOpacity = [TestScene.fill(TestScene.rect(0, 0, 4, 4), Color(r: 1, g: 0, b: 0), opacity: 0.5)]
        XCTAssertEqual(TestScene.render(viaOpacity, width: 4, height: 4, background: .white).pixel(1, 1).g, p.g)
    }

    func testPackedArithmeticMatchesExactRounding() {
        for a in stride(from: 0, through: 255, by: 1) {
            for k in stride(from: 0, through: 255, by: 3) {
                let exact = UInt32((Double(a * k) / 255).rounded())
                XCTAssertEqual(Compositor.mul8(UInt32(a), UInt32(k)), exact)
                let px = UInt32(a) | UInt32(255 - a) << 8 | UInt32(a / 2) << 16 | UInt32(a) << 24
                let s = Compositor.scale(px, UInt32(k))
                XCTAssertEqual(s & 0xFF, exact)
                XCTAssertEqual(s >> 24, exact)
                XCTAssertEqual((s >> 8) & 0xFF, UInt32((Double((255 - a) * k) / 255).rounded()))
            }
        }
        // Opaque source replaces; transparent source keeps.
        XCTAssertEqual(Compositor.over(0xFF00_00FF, 0xFF12_3456), 0xFF00_00FF)
        XCTAssertEqual(Compositor.over(0, 0x8040_2010), 0x8040_2010)
    }

    /// The four-pixels-a-step run blend gives each pixel src + round(pixel · (255 − αs) / 255)
    /// per channel, as `over` does one pixel at a time, for every run length and start.
    func testRunOverMatchesExactRoundingPixelByPixel() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt32) -> UInt32 {   // 0...bound, from a fixed-seed xorshift
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt32(truncatingIfNeeded: state >> 32) % (bound + 1)
        }
        func premultiplied(maxAlpha: UInt32) -> UInt32 {
            let a = next(maxAlpha)
            var p = a << 24
            for c in 0..<3 { p |= next(a) << (8 * c) }
            return p
        }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 32 * 4, alignment: 4)
        defer { buffer.deallocate() }
        for _ in 0..<3000 {
            let pixels = (0..<32).map { _ in premultiplied(maxAlpha: 255) }
            for (i, p) in pixels.enumerated() { buffer.storeBytes(of: p.littleEndian, toByteOffset: 4 * i, as: UInt32.self) }
            let src = premultiplied(maxAlpha: 254), inverse = 255 - (src >> 24)
            let start = Int(next(7)), count = Int(next(23))
            Compositor.over(src, inverse: inverse, onto: buffer, from: start, count: count)
            for i in 0..<32 {
                let got = UInt32(littleEndian: buffer.load(fromByteOffset: 4 * i, as: UInt32.self))
                guard i >= start, i < start + count else {
                    XCTAssertEqual(got, pixels[i], "pixel \(i) outside the run changed")
                    continue
                }
                var expected: UInt32 = 0
                for c in 0..<4 {
                    let d = Double((pixels[i] >> (8 * c)) & 0xFF), s = (src >> (8 * c)) & 0xFF
                    expected |= (s + UInt32((d * Double(inverse) / 255).rounded())) << (8 * c)
                }
                XCTAssertEqual(got, expected, "pixel \(i) of a run of \(count) from \(start)")
                XCTAssertEqual(got, Compositor.over(src, pixels[i]))
            }
        }
    }

    func testGroupOpacityDoesNotDarkenOverlap() {
        let a = TestScene.fill(TestScene.rect(10, 10, 30, 30), .black)
        let b = TestScene.fill(TestScene.rect(25, 25, 30, 30), .black)
        let grouped = TestScene.render([.group(items: [a, b], opacity: 0.5, mask: nil)], width: 64, height: 64)
        XCTAssertEqual(grouped.pixel(30, 30).a, grouped.pixel(15, 15).a)
        XCTAssertEqual(grouped.pixel(30, 30).a, 128)
        XCTAssertEqual(grouped.pixel(50, 50).a, 128)
        XCTAssertEqual(grouped.pixel(5, 5).a, 0)
        let separate = TestScene.render([
            TestScene.fill(TestScene.rect(10, 10, 30, 30), .black, opacity: 0.5),
            TestScene.fill(TestScene.rect(25, 25, 30, 30), .black, opacity: 0.5),
        ], width: 64, height: 64)
        XCTAssertEqual(separate.pixel(15, 15).a, 128)
        XCTAssertEqual(separate.pixel(30, 30).a, 192)   // 128 + 128 · 127 / 255
    }

    func testOpaqueGroupWithoutMaskIsDrawnDirectly() {
        let items = [TestScene.fill(TestScene.circle(30.3, 31.7, 20), Color(r: 0.2, g: 0.6, b: 0.9, a: 0.7))]
        let direct = TestScene.render(items, width: 64, height: 64, background: .white)
        let grouped = TestScene.render([.group(items: items, opacity: 1, mask: nil)], width: 64, height: 64,
                                       background: .white)
        XCTAssertEqual(direct, grouped)
        // An offscreen layer (full mask) reproduces the direct rendering byte for byte.
        let fullMask = Mask(items: [TestScene.fill(TestScene.rect(-10, -10, 100, 100))])
        let masked = TestScene.render([.group(items: items, opacity: 1, mask: fullMask)], width: 64, height: 64,
                                      background: .white)
        XCTAssertEqual(direct, masked)
    }

    /// Refilling a used pixmap in place gives exactly a fresh pixmap of that colour, for the
    /// byte-fill colours, the pair-fill ones, and sizes with an odd pixel count.
    func testPixmapFillInPlaceMatchesAFreshPixmap() {
        let colors = [Color.clear, .white, .black, Color(r: 0.2, g: 0.4, b: 0.6), Color(r: 1, g: 0.5, b: 0, a: 0.5)]
        for (w, h) in [(3, 3), (4, 2), (1, 1), (17, 5)] {
            for color in colors {
                var p = Pixmap(width: w, height: h, fill: Color(r: 0.9, g: 0.1, b: 0.3, a: 0.7))
                p.data[0] = 1
                p.fill(color)
                XCTAssertEqual(p, Pixmap(width: w, height: h, fill: color), "\(w)x\(h) \(color)")
            }
        }
    }

    func testPixmapBasics() {
        let p = Pixmap(width: 3, height: 2, fill: Color(r: 1, g: 0.5, b: 0, a: 0.5))
        XCTAssertEqual(p.data.count, 24)
        let px = p.pixel(2, 1)
        XCTAssertEqual(px.a, 128); XCTAssertEqual(px.r, 128); XCTAssertEqual(px.g, 64); XCTAssertEqual(px.b, 0)
        XCTAssertEqual(p.pixel(3, 0).a, 0)
        XCTAssertEqual(p.pixel(-1, 0).a, 0)
        let straight = p.unpremultipliedRGBA()
        XCTAssertEqual(Array(straight[0..<4]), [255, 128, 0, 128])
        XCTAssertEqual(Pixmap(width: -5, height: 3).data.count, 0)
        XCTAssertEqual(Pixmap(width: Int.max, height: 3).width, 0)
        var clearPixel = Pixmap(width: 1, height: 1)
        clearPixel.data = [10, 10, 10, 0]
        XCTAssertEqual(clearPixel.unpremultipliedRGBA(), [0, 0, 0, 0])
    }
}
