import Foundation
import XCTest
@testable import WaveGeometry
import WaveGraphics
@testable import WaveAccelerator
import WaveRuntime
@testable import WaveDriver

/// The pipeline's pixmap pool refills a reused pixmap only where the last frame drawn on it
/// could have changed pixels (`Frame.drawnRegions`). Every frame must still have the bytes of
/// a render on a freshly filled pixmap.
final class PixmapReuseTests: XCTestCase {
    func testEveryExampleMatchesFreshPixmapsOnOneAndTwoThreads() throws {
        let examples = try TestScenes.exampleNames()
        XCTAssertGreaterThan(examples.count, 5)
        let ticks = Array(0..<20) + [60, 61, 62, 150, 151]
        for name in examples {
            let (program, _) = try TestScenes.example(name)
            var fresh: [Pixmap] = []
            var runtime = try SceneRuntime(program: program)
            let renderer = Renderer()
            for t in ticks {
                try runtime.advance(to: t)
                let f = try runtime.frame(scale: 0.75)
                fresh.append(renderer.render(f.items, width: f.width, height: f.height, background: f.background))
            }
            for threads in [1, 2] {
                var reused = try SceneRuntime(program: program)
                var pipeline = FramePipeline(threads: threads, scale: 0.75)
                pipeline.alwaysAllThreads = true
                var i = 0
                try pipeline.run(&reused, ticks: ticks) { tick, p in
                    // Compared at once, not kept: a kept pixmap would make the pool refill a copy.
                    if p != fresh[i] { XCTFail("\(name), \(threads) thread(s): tick \(tick) differs from a fresh render") }
                    i += 1
                }
                XCTAssertEqual(i, ticks.count, name)
            }
        }
    }

    /// Seeded random frames (opaque and translucent fills anywhere, partly off the pixmap,
    /// groups with opacity and masks, blurs and offset shadows, now and then a new
    /// background) through one pool:
    /// each equals a render on a new pixmap, and the region left alone is background.
    func testRandomFramesThroughThePoolMatchFreshRenders() {
        var seed: UInt64 = 0xD1B5_4A32_D192_ED03
        func next() -> Double {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return Double(seed % 1_000_000) / 1_000_000
        }
        func circle() -> Path {
            var p = Path()
            p.addCircle(center: Point(next() * 110 - 15, next() * 90 - 15), radius: 1 + next() * 20)
            return p
        }
        func box() -> Path {   // bars, whole pixels or not
            var p = Path()
            let snap = next() < 0.5
            func v(_ x: Double) -> Double { snap ? x.rounded() : x }
            p.addRect(Rect(x: v(next() * 100 - 10), y: v(next() * 80 - 10), width: v(1 + next() * 40), height: v(1 + next() * 50)))
            return p
        }
        func fill() -> DisplayItem {
            // Half of them opaque (drawn over stale pixels with the background only where
            // they do not cover whole), half translucent.
            let alpha = next() < 0.5 ? 1 : 0.2 + next() * 0.8
            return .fill(path: next() < 0.5 ? circle() : box(), rule: .nonZero,
                         paint: .solid(Color(r: next(), g: next(), b: next(), a: alpha)), opacity: 1)
        }
        let pool = PixmapPool()
        let renderer = Accelerator.on.renderer()
        let backgrounds = [Color(r: 0.06, g: 0.08, b: 0.09, a: 1), .white, .clear]
        var background = backgrounds[0]
        var partial = 0, repeated = 0
        var last: [DisplayItem] = []
        for frameIndex in 0..<300 {
            if next() < 0.1 { background = backgrounds[Int(next() * 3) % 3] }
            var items: [DisplayItem] = []
            // Now and then the last frame again (the pool hands its pixmap back as it is).
            let again = next() < 0.15
            if again { repeated += 1 }
            for _ in 0..<(again ? 0 : next() < 0.05 ? 40 : Int(next() * 4)) {   // sometimes past drawnRegionLimit
                switch Int(next() * 4) {
                case 0: items.append(fill())
                case 1: items.append(.group(items: [fill(), fill()], opacity: 0.3 + next() * 0.7,
                                            mask: next() < 0.5 ? Mask(items: [fill()], inverted: next() < 0.3) : nil))
                case 2: items.append(.effect(items: [fill()], effects: LayerEffects(blur: next() * 6)))
                default:
                    // Wide glows (painted over stale pixels whole) and offset shadows, now and then blended.
                    let wide = next() < 0.4
                    let shadow = Shadow(color: Color(r: 0.9, g: 0.3, b: 0.4, a: 0.7), dx: wide ? 0 : next() * 30 - 15,
                                        dy: wide ? 0 : next() * 30 - 15, radius: wide ? 10 + next() * 30 : next() * 10)
                    let blend: BlendMode = next() < 0.2 ? .multiply : .normal
                    items.append(.effect(items: next() < 0.8 ? [fill()] : [fill(), fill()],
                                         effects: LayerEffects(blur: next() < 0.2 ? 3 : 0, shadow: shadow, blend: blend)))
                }
            }
            if again { items = last }
            last = items
            let frame = Frame(tick: frameIndex, width: 80, height: 60, background: background, items: items)
            if frame.drawnRegions.reduce(0, { $0 + $1.width * $1.height }) < 80 * 60 { partial += 1 }
            let pixmap = pool.render(frame, with: renderer)
            XCTAssertEqual(pixmap, renderer.render(items, width: 80, height: 60, background: background), "frame \(frameIndex)")
            pool.give(pixmap, drawn: frame)
        }
        XCTAssertGreaterThan(partial, 100)
        XCTAssertGreaterThan(repeated, 20)
    }

    /// A pixmap that last showed the frame asked for (same background and items, any tick)
    /// is handed back without drawing; any change draws. Seen through a mark that breaks the
    /// pool's contract on purpose (a pixel changed after the render), which a drawing erases.
    func testAPixmapShowingTheFrameAskedForIsNotDrawnAgain() {
        var circle = Path()
        circle.addCircle(center: Point(20, 15), radius: 10)
        let dot = DisplayItem.fill(path: circle, rule: .nonZero, paint: .solid(Color(r: 1, g: 0, b: 0, a: 1)), opacity: 1)
        let frame = Frame(tick: 0, width: 40, height: 30, background: .white, items: [dot])
        let pool = PixmapPool()
        let renderer = Accelerator.on.renderer()
        var shown = pool.render(frame, with: renderer)
        let centre = (15 * 40 + 20) * 4
        XCTAssertEqual(Array(shown.data[centre..<centre + 4]), [255, 0, 0, 255])
        shown.data[centre + 1] = 99   // the mark
        pool.give(shown, drawn: frame)
        var later = frame
        later.tick = 7
        let same = pool.render(later, with: renderer)
        XCTAssertEqual(same.data[centre + 1], 99, "the same frame was drawn again")
        pool.give(same, drawn: later)
        for changed in [Frame(tick: 8, width: 40, height: 30, background: .white, items: [dot, dot]),
                        Frame(tick: 9, width: 40, height: 30, background: .black, items: [dot])] {
            let marked = pool.render(later, with: renderer)
            XCTAssertEqual(marked.data[centre + 1], 99)
            pool.give(marked, drawn: later)
            let drawn = pool.render(changed, with: renderer)
            XCTAssertEqual(drawn, renderer.render(changed.items, width: 40, height: 30, background: changed.background),
                           "tick \(changed.tick)")
            pool.give(drawn, drawn: changed)
            // Back to `later`'s frame: drawn again, then marked again.
            var back = pool.render(later, with: renderer)
            XCTAssertEqual(back.data[centre + 1], 0)
            back.data[centre + 1] = 99
            pool.give(back, drawn: later)
        }
    }

    /// `fill(_:in:)` sets exactly the region's pixels (clipped), as a whole fill would.
    func testRegionFillSetsOnlyTheRegion() {
        let colour = Color(r: 0.2, g: 0.4, b: 0.6, a: 0.5)
        for (x, y, w, h) in [(3, 2, 40, 5), (-4, -3, 10, 10), (70, 50, 30, 30), (0, 0, 80, 60), (5, 5, 0, 3)] {
            var p = Pixmap(width: 80, height: 60, fill: .black)
            p.fill(colour, in: PixelBounds(x0: x, y0: y, x1: x + w, y1: y + h))
            let whole = Pixmap(width: 80, height: 60, fill: colour)
            for py in 0..<60 {
                for px in 0..<80 {
                    let inside = px >= x && px < x + w && py >= y && py < y + h
                    XCTAssertTrue(p.pixel(px, py) == (inside ? whole.pixel(px, py) : (0, 0, 0, 255)), "(\(px), \(py)) of \((x, y, w, h))")
                }
            }
        }
    }

    /// The reference alone (no accelerator) takes stale pixels as the background too: it
    /// fills them first, then draws, so a recycled buffer full of other pixels gives a fresh
    /// render's bytes, a glow and a plain fill over it included.
    func testTheReferenceTakesStalePixelsAsTheBackground() {
        var disc = Path()
        disc.addCircle(center: Point(30, 24), radius: 9)
        let glow = DisplayItem.effect(items: [.fill(path: disc, rule: .nonZero, paint: .solid(Color(r: 1, g: 0.2, b: 0.3, a: 1)), opacity: 1)],
                                      effects: LayerEffects(shadow: Shadow(color: Color(r: 1, g: 0.3, b: 0.4, a: 0.8), dx: 2, dy: 1, radius: 12)))
        let items = [glow, .fill(path: disc, rule: .nonZero, paint: .solid(Color(r: 0.2, g: 0.9, b: 0.4, a: 0.5)), opacity: 1)]
        let background = Color(r: 0.1, g: 0.06, b: 0.12, a: 1)
        let fresh = Renderer().render(items, width: 64, height: 48, background: background)
        // Last frame's pixels (white) in the stale rectangles, the background elsewhere.
        var recycled = Pixmap(width: 64, height: 48, fill: background)
        let stale = [PixelBounds(x0: 0, y0: 0, x1: 40, y1: 48), PixelBounds(x0: 40, y0: 10, x1: 64, y1: 30)]
        let white = Pixmap(width: 1, height: 1, fill: .white).data
        for r in stale { for y in r.y0..<r.y1 { for x in r.x0..<r.x1 {
            recycled.data.replaceSubrange((y * 64 + x) * 4..<(y * 64 + x) * 4 + 4, with: white)
        } } }
        var reference = recycled
        Renderer().render(items, into: &reference, stale: stale, background: background)
        XCTAssertEqual(reference.data, fresh.data)
        var accelerated = recycled
        Accelerator.on.renderer().render(items, into: &accelerated, stale: stale, background: background)
        XCTAssertEqual(accelerated.data, fresh.data)
    }

    /// A render reports where it drew (`Pixmap.footprint`): outside those rectangles every
    /// pixel is the background, and a wide glow is reported as strips that follow its
    /// coverage, well inside the rectangle its kernel can reach (so a pool refills less).
    /// The next frame, the glow moved over the strips left stale, has a fresh render's bytes.
    func testTheFootprintHoldsEveryDrawnPixelAndFollowsAGlow() {
        let (width, height) = (320, 240)
        let background = Color(r: 0.1, g: 0.06, b: 0.12, a: 1)
        func glow(_ x: Double, _ y: Double) -> DisplayItem {
            var disc = Path()
            disc.addCircle(center: Point(x, y), radius: 22)
            return .effect(items: [.fill(path: disc, rule: .nonZero, paint: .solid(Color(r: 1, g: 0.2, b: 0.3, a: 1)), opacity: 1)],
                           effects: LayerEffects(shadow: Shadow(color: Color(r: 1, g: 0.3, b: 0.4, a: 0.8), dx: 0, dy: 0, radius: 36)))
        }
        var bar = Path()
        bar.addRect(Rect(x: 10, y: 200, width: 30, height: 8))
        let plain = DisplayItem.fill(path: bar, rule: .nonZero, paint: .solid(Color(r: 0.2, g: 0.9, b: 0.4, a: 0.6)), opacity: 1)
        let frame = Frame(tick: 0, width: width, height: height, background: background, items: [glow(160, 120), plain])
        let pool = PixmapPool()
        let renderer = Accelerator.on.renderer()
        let pixmap = pool.render(frame, with: renderer)
        guard let footprint = pixmap.footprint else { return XCTFail("no footprint") }
        let bg = Pixmap(width: 1, height: 1, fill: background).data
        for y in 0..<height { for x in 0..<width where !footprint.contains(where: { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }) {
            let i = (y * width + x) * 4
            if Array(pixmap.data[i..<i + 4]) != bg { return XCTFail("(\(x), \(y)) outside the footprint is not background") }
        }}
        let loose = frame.drawnRegions.reduce(0) { $0 + $1.width * $1.height }
        let tight = footprint.reduce(0) { $0 + $1.width * $1.height }
        XCTAssertGreaterThan(footprint.count, 8, "strips")
        XCTAssertLessThan(tight, loose * 85 / 100)
        pool.give(pixmap, drawn: frame)
        let moved = Frame(tick: 1, width: width, height: height, background: background, items: [glow(177, 111), plain])
        let again = pool.render(moved, with: renderer)
        XCTAssertEqual(again, renderer.render(moved.items, width: width, height: height, background: background))
    }
}
