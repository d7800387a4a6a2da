import XCTest
import CPixelKernels
@testable import WaveGeometry
@testable import WaveGraphics
@testable import WaveAccelerator

/// The accelerator's shadow painter over a recycled frame's stale pixels
/// (`StaleShadowPainter`) against the reference's: the background filled in first, then
/// the shadow painted over it (`ShadowPainter.paint`).
final class StaleShadowPainterTests: XCTestCase {
    /// A shadow painted over stale pixels (`fresh`, standing for a background colour) gives
    /// the bytes of painting it over that background filled first, with the portable and
    /// the wide lookups, whatever the stale pixels hold and however `fresh` meets the shadow.
    func testShadowOverStalePixelsEqualsPaintingOverTheBackground() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return UInt32(truncatingIfNeeded: seed) }
        let rect = PixelBounds(x0: 13, y0: 21, x1: 13 + 93, y1: 21 + 17)
        let area = PixelBounds(x0: 10, y0: 20, x1: 110, y1: 40)
        let background: UInt32 = 0xFF20_101B
        let color: UInt32 = 0xCC5E_44CC
        var alpha = [UInt8](repeating: 0, count: rect.width * rect.height)
        for i in alpha.indices where (i % rect.width) % 17 >= 3 && !(i % rect.width >= 40 && i % rect.width < 80) {
            alpha[i] = next() % 4 == 0 ? 0 : UInt8(truncatingIfNeeded: next())
        }
        let runs = alpha.withUnsafeMutableBufferPointer { ShadowAlpha(alpha: $0.baseAddress!, rect: rect, hiddenUnder: nil) }
        XCTAssertGreaterThan(runs.runs.count, rect.height)   // rows split at the long zero stretch
        let stale: [UInt32] = (0..<area.width * area.height).map { _ in next() | 0xFF00_0000 }
        func paint(_ backdrop: [UInt32], fresh: PixelBounds?) -> [UInt32] {
            var pixels = backdrop
            pixels.withUnsafeMutableBytes { raw in
                let target = Surface(base: raw.baseAddress!, width: area.width, height: area.height, originX: area.x0, originY: area.y0)
                if let fresh {
                    StaleShadowPainter.paint(runs, color: color, onto: target, fresh: FreshRows(fresh), background: background,
                                             plans: ShadowPlans())
                } else {
                    ShadowPainter.paint(runs, color: color, onto: target)   // the reference
                }
            }
            return pixels
        }
        let fresh = [PixelBounds(x0: 0, y0: 0, x1: 200, y1: 100), PixelBounds(x0: 20, y0: 25, x1: 60, y1: 31),
                     PixelBounds(x0: 5, y0: 30, x1: 45, y1: 60), PixelBounds(x0: 90, y0: 10, x1: 108, y1: 24),
                     PixelBounds(x0: 41, y0: 21, x1: 79, y1: 38), PixelBounds(x0: 0, y0: 0, x1: 12, y1: 12)]
        defer { wave_kernels_use(1) }
        for (f, box) in fresh.enumerated() {
            var filled = stale   // the reference: the background filled in first, then painted
            for y in area.y0..<area.y1 { for x in area.x0..<area.x1 where x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1
                && x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1 {
                filled[(y - area.y0) * area.width + x - area.x0] = background
            }}
            wave_kernels_use(0)
            let expected = paint(filled, fresh: nil)
            for level in [0, 1] {   // the portable lookups and the wide ones (where the machine has them)
                wave_kernels_use(Int32(level))
                let pixels = paint(stale, fresh: box)
                for i in expected.indices where expected[i] != pixels[i] {
                    XCTFail("fresh \(f), kernels \(level), pixel (\(i % area.width + area.x0), \(i / area.width + area.y0)): "
                            + "\(String(expected[i], radix: 16)) != \(String(pixels[i], radix: 16))")
                    break
                }
            }
        }
        // No runs at all: the stale part is still written.
        var none = [UInt8](repeating: 0, count: rect.width * rect.height)
        let empty = none.withUnsafeMutableBufferPointer { ShadowAlpha(alpha: $0.baseAddress!, rect: rect, hiddenUnder: nil) }
        var pixels = stale
        pixels.withUnsafeMutableBytes { raw in
            StaleShadowPainter.paint(empty, color: color, onto: Surface(base: raw.baseAddress!, width: area.width, height: area.height,
                                                                        originX: area.x0, originY: area.y0),
                                     fresh: FreshRows(PixelBounds(x0: 20, y0: 25, x1: 30, y1: 27)), background: background,
                                     plans: ShadowPlans())
        }
        XCTAssertEqual(pixels.enumerated().filter { $0.element == background }.map { $0.offset },
                       (25..<27).flatMap { y in (20..<30).map { (y - area.y0) * area.width + $0 - area.x0 } })
    }

    /// A shadow kept as whole rows less a hidden stretch (as the coarse blur makes it),
    /// painted over stale pixels: every pixel outside the hidden stretches gets the bytes of
    /// painting over the background filled in first, and the hidden pixels keep whatever they
    /// held; where the backdrop outside the stale stretch is the plain colour eight pixels at
    /// a time, it is looked up like a stale one. Painting it again into the same pixels over
    /// the same stale stretches replays the plan kept from the first time (one plan, same
    /// bytes); other stretches make a second plan; a plan bigger than the shadow's bytes is
    /// not kept. Portable and wide lookups.
    func testWholeRowShadowOverStalePixelsAndItsKeptPlans() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt32 { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return UInt32(truncatingIfNeeded: seed) }
        let rect = PixelBounds(x0: 12, y0: 22, x1: 12 + 150, y1: 22 + 30)
        let area = PixelBounds(x0: 10, y0: 20, x1: 170, y1: 56)
        let background: UInt32 = 0xFF20_101B, color: UInt32 = 0xE0B0_3050
        // Rows [x0, x1) with a hidden stretch [h0, h1) inside: empty in some rows, at the
        // row's start or end in others.
        let rows: [(x0: Int, x1: Int, h0: Int, h1: Int)] = (0..<rect.height).map { y in
            let x0 = 1 + Int(next() % 20), x1 = rect.width - Int(next() % 25)
            let h0 = y % 5 == 1 ? x0 : x0 + Int(next() % 70)
            let h1 = y % 5 == 2 ? x1 : y % 5 == 3 ? h0 : Swift.min(x1, h0 + 1 + Int(next() % 60))
            return (x0, x1, h0, h1)
        }
        let total = rows.reduce(0) { $0 + ($1.x1 - $1.x0) - ($1.h1 - $1.h0) }
        var builder = ShadowAlpha.Builder(rect: rect, total: total)
        var coverage = [[UInt8]](repeating: [UInt8](repeating: 0, count: rect.width), count: rect.height)
        for (y, row) in rows.enumerated() {
            let (at, h0, h1) = builder.reserveWhole(y: y, from: row.x0, to: row.x1, hiding: row.h0..<row.h1)
            var k = 0
            for x in row.x0..<row.x1 where x < h0 || x >= h1 {
                let a = next() % 3 == 0 ? 0 : UInt8(truncatingIfNeeded: next())
                at[k] = a
                coverage[y][x] = a
                k += 1
            }
        }
        let shadow = builder.finish()
        let plans = ShadowPlans()
        func inside(_ r: PixelBounds, _ x: Int, _ y: Int) -> Bool { x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1 }
        func hidden(_ x: Int, _ y: Int) -> Bool {
            guard inside(rect, x, y) else { return false }
            let row = rows[y - rect.y0]
            return x - rect.x0 >= row.h0 && x - rect.x0 < row.h1
        }
        // Stale pixels: random, but plain-coloured stretches of various lengths.
        let stale: [UInt32] = (0..<area.width * area.height).map { i in (i / 23) % 3 == 0 ? background : next() | 0xFF00_0000 }
        let boxes = [PixelBounds(x0: 30, y0: 25, x1: 140, y1: 50), PixelBounds(x0: 0, y0: 0, x1: 200, y1: 100),
                     PixelBounds(x0: 50, y0: 18, x1: 90, y1: 33)]
        // One buffer, so that every paint lands at the same address (the plans' key).
        let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: stale.count)
        defer { buffer.deallocate() }
        let target = Surface(base: UnsafeMutableRawPointer(buffer.baseAddress!), width: area.width, height: area.height,
                             originX: area.x0, originY: area.y0)
        let origin = UnsafeMutableRawPointer(buffer.baseAddress! + (rect.y0 - area.y0) * area.width + rect.x0 - area.x0)
        defer { wave_kernels_use(1) }
        for level: Int32 in [0, 1] {
            wave_kernels_use(level)
            for (b, box) in boxes.enumerated() {
                var expected = stale
                for y in area.y0..<area.y1 { for x in area.x0..<area.x1 {
                    let i = (y - area.y0) * area.width + x - area.x0
                    if inside(box, x, y) && inside(rect, x, y) && !hidden(x, y) { expected[i] = background }
                    let a = inside(rect, x, y) ? UInt32(coverage[y - rect.y0][x - rect.x0]) : 0
                    if a != 0 { expected[i] = Compositor.over(a == 255 ? color : Compositor.scale(color, a), expected[i]) }
                }}
                for time in 0..<2 {   // the second time from the plan kept the first time
                    _ = buffer.initialize(from: stale)
                    let kept = plans.count
                    StaleShadowPainter.paint(shadow, color: color, onto: target, fresh: FreshRows(box), background: background,
                                             plans: plans)
                    if time == 1 { XCTAssertEqual(plans.count, kept, "box \(b): the kept plan replayed") }
                    if let i = expected.indices.first(where: { expected[$0] != buffer[$0] }) {
                        XCTFail("kernels \(level), box \(b), time \(time), pixel (\(i % area.width + area.x0), "
                                + "\(i / area.width + area.y0)): \(String(expected[i], radix: 16)) != \(String(buffer[i], radix: 16))")
                    }
                }
                if b == 1 {   // the stale stretch holds the whole shadow: every row's is all its columns
                    let whole = (0..<rect.height).flatMap { _ in [Int32(0), Int32(rect.width)] }
                    XCTAssertNotNil(plans.plan(origin: origin, stride: area.width, columns: whole))
                    XCTAssertNil(plans.plan(origin: origin + 4, stride: area.width, columns: whole))
                }
            }
        }
        XCTAssertGreaterThan(plans.count, 0)
        XCTAssertLessThanOrEqual(plans.byteCount, shadow.bytes.count)
        // A shadow too small to keep its plan (a plan has a column pair a row).
        var tiny = ShadowAlpha.Builder(rect: PixelBounds(x0: 0, y0: 0, x1: 40, y1: 40), total: 1)
        tiny.reserveWhole(y: 0, from: 0, to: 1, hiding: 0..<0).at.initialize(to: 9)
        let small = tiny.finish()
        let smallPlans = ShadowPlans()
        var pixels = [UInt32](repeating: 0, count: 40 * 40)
        pixels.withUnsafeMutableBytes { raw in
            StaleShadowPainter.paint(small, color: color, onto: Surface(base: raw.baseAddress!, width: 40, height: 40, originX: 0, originY: 0),
                                     fresh: FreshRows(PixelBounds(x0: 0, y0: 0, x1: 40, y1: 40)), background: background,
                                     plans: smallPlans)
        }
        XCTAssertEqual(smallPlans.count, 0)
        XCTAssertEqual(pixels[0], Compositor.over(Compositor.scale(color, 9), background))
        XCTAssertEqual(Set(pixels[1...]), [background])
    }

    /// A glow drawn frame after frame into one recycled pixmap over the last frame's stale
    /// pixels gives the reference's bytes each time, and its plan is made once, kept in the
    /// shadow cache's entry and replayed: one plan after every frame.
    func testAShadowFromTheCacheReplaysThePlanKeptInItsEntry() {
        let accelerator = ActiveAccelerator(Accelerator())
        let renderer = Renderer(accelerator: accelerator)
        var heart = Path()
        heart.addCircle(center: Point(64, 60), radius: 20)
        let glow = Shadow(color: Color(r: 1, g: 0.2, b: 0.4), dx: 0, dy: 3, radius: 24)
        let scene: [DisplayItem] = [.effect(items: [.fill(path: heart, rule: .nonZero, paint: .solid(Color(r: 0.9, g: 0.1, b: 0.3)),
                                                          opacity: 1)],
                                            effects: LayerEffects(shadow: glow))]
        let background = Color(r: 0.05, g: 0.05, b: 0.1)
        let reference = Renderer().render(scene, width: 128, height: 128, background: background)
        var pixmap = Pixmap(width: 128, height: 128, fill: background)
        renderer.render(scene, into: &pixmap, stale: [], background: background)
        XCTAssertEqual(pixmap.data, reference.data, "first frame")
        for frame in 1...3 {
            let stale = pixmap.footprint ?? []
            XCTAssertFalse(stale.isEmpty, "frame \(frame): the glow's footprint")
            renderer.render(scene, into: &pixmap, stale: stale, background: background)
            XCTAssertEqual(pixmap.data, reference.data, "frame \(frame)")
            let entries = accelerator.shadows.entries
            XCTAssertEqual(entries.count, 1)
            XCTAssertEqual(entries.first?.plans.count, 1, "frame \(frame): one plan, made once and replayed")
        }
    }
}
