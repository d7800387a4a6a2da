import Foundation
import XCTest
@testable import WaveGeometry
@testable import WaveGraphics
@testable import WaveAccelerator

/// The renderer's shortcuts for groups and masks give the same bytes as the general path:
/// a one-fill group drawn straight through its mask equals the offscreen layer composited;
/// 8-bit mask coverage equals the alpha of the mask drawn as an ordinary layer; cached mask
/// coverage and reused scratch buffers change nothing, on any number of threads.
final class GroupFastPathTests: XCTestCase {
    private let size = 64
    private var canvas: Path { TestScene.rect(0, 0, 64, 64) }
    private let backdrop = Color(r: 0.9, g: 0.6, b: 0.2)

    private var gradient: Paint {
        .linearGradient(start: Point(3, 5), end: Point(60, 50),
                        stops: [GradientStop(0, Color(r: 0.2, g: 0.8, b: 0.9, a: 0.7)), GradientStop(1, Color(r: 0.4, g: 0.7, b: 0.6))])
    }

    /// A fill that draws nothing but makes a group hold two items, forcing the offscreen layer.
    private var nothing: DisplayItem { TestScene.fill(TestScene.rect(1, 1, 2, 2), .clear) }

    private var wave: Path {
        var p = Path()
        p.move(to: Point(0, 30))
        for x in stride(from: 2.0, through: 64, by: 2) { p.line(to: Point(x, 30 + 6 * sin(x / 5))) }
        p.line(to: Point(64, 64))
        p.line(to: Point(0, 64))
        p.close()
        return p
    }

    private var masks: [Mask] {
        let circle = TestScene.fill(TestScene.circle(32.3, 31.7, 22.5), .black, opacity: 0.9)
        let nested = DisplayItem.group(items: [TestScene.fill(wave)], opacity: 1, mask: Mask(items: [circle]))
        let faded = DisplayItem.fill(path: canvas, rule: .nonZero, paint: .radialGradient(
            center: Point(30, 30), radius: 30, stops: [GradientStop(0, .black), GradientStop(1, .clear)]), opacity: 1)
        let translucentGroup = DisplayItem.group(items: [TestScene.fill(TestScene.rect(10, 10, 30, 30)),
                                                         TestScene.fill(TestScene.circle(40, 40, 12))],
                                                 opacity: 0.6, mask: nil)
        return [Mask(items: [circle]), Mask(items: [circle], inverted: true), Mask(items: [nested]),
                Mask(items: [nested], inverted: true), Mask(items: [faded, circle]), Mask(items: [translucentGroup]),
                Mask(items: [.group(items: [TestScene.fill(wave, opacity: 0.5)], opacity: 0.7,
                                    mask: Mask(items: [circle], inverted: true))])]
    }

    func testOneFillGroupEqualsItsOffscreenLayer() {
        let fills = [TestScene.fill(canvas, Color(r: 0.1, g: 0.3, b: 0.9, a: 0.8)),
                     DisplayItem.fill(path: TestScene.circle(30, 34, 25), rule: .nonZero, paint: gradient, opacity: 0.9)]
        for fill in fills {
            for opacity in [1, 0.45] {
                for mask in masks + [nil] {
                    let direct = TestScene.render([.group(items: [fill], opacity: opacity, mask: mask)],
                                                  width: size, height: size, background: backdrop)
                    let layered = TestScene.render([.group(items: [fill, nothing], opacity: opacity, mask: mask)],
                                                   width: size, height: size, background: backdrop)
                    XCTAssertEqual(direct, layered, "opacity \(opacity), mask \(String(describing: mask))")
                }
            }
        }
    }

    /// Opaque red seen through a mask is (m, 0, 0, m) where m is the alpha the mask's items
    /// leave when drawn as an ordinary picture (255 − that alpha when inverted).
    func testMaskCoverageEqualsTheAlphaOfItsItems() {
        let red = TestScene.fill(canvas, Color(r: 1, g: 0, b: 0))
        for mask in masks {
            let alpha = TestScene.render(mask.items, width: size, height: size)
            let seen = TestScene.render([.group(items: [red], opacity: 1, mask: mask)], width: size, height: size)
            var expected: [UInt8] = []
            for i in 0..<(size * size) {
                let m = mask.inverted ? 255 - alpha.data[4 * i + 3] : alpha.data[4 * i + 3]
                expected += [m, 0, 0, m]
            }
            XCTAssertEqual(seen.data, expected, "mask \(mask)")
        }
    }

    /// A scene with a still mask (cached after it repeats) and a moving one, rendered
    /// frame after frame by one renderer, equals each frame rendered by a fresh renderer.
    func testCachedCoverageAndReusedScratchChangeNothing() {
        let still = TestScene.fill(TestScene.circle(32, 32, 24))
        func frame(_ t: Int) -> [DisplayItem] {
            let moving = DisplayItem.group(items: [TestScene.fill(wave.transformed(by: .translation(0, Double(t % 4) - 2)))],
                                           opacity: 1, mask: Mask(items: [still]))
            return [.group(items: [.fill(path: canvas, rule: .nonZero, paint: gradient, opacity: 1)], opacity: 1,
                           mask: Mask(items: [moving])),
                    .group(items: [TestScene.fill(canvas, .white)], opacity: 0.3, mask: Mask(items: [still], inverted: t % 2 == 0))]
        }
        let renderer = Accelerator.on.renderer()
        for t in 0..<8 {
            let reused = renderer.render(frame(t), width: size, height: size, background: backdrop)
            XCTAssertEqual(reused, Renderer().render(frame(t), width: size, height: size, background: backdrop), "frame \(t)")
        }
    }

    func testOneRendererOnManyThreadsGivesTheSameBytes() {
        let items: [DisplayItem] = [.group(items: [.fill(path: canvas, rule: .nonZero, paint: gradient, opacity: 1)],
                                           opacity: 0.8, mask: masks[2])]
        let expected = Renderer().render(items, width: size, height: size, background: backdrop)
        let renderer = Accelerator.on.renderer()
        let results = ResultSlots(count: 16)
        let (side, background) = (size, backdrop)
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            results.set(i, renderer.render(items, width: side, height: side, background: background))
        }
        for i in 0..<16 { XCTAssertEqual(results.get(i), expected, "render \(i)") }
    }

    func testScratchArenaReusesMemoryLastInFirstOut() {
        let arena = ScratchArena()
        let mark = arena.mark
        let a = arena.allocate(100)
        let b = arena.allocate(3 << 20)   // larger than a block: a block of its own
        XCTAssertEqual(Int(bitPattern: a) % ScratchArena.alignment, 0)
        XCTAssertEqual(Int(bitPattern: b) % ScratchArena.alignment, 0)
        let capacity = arena.capacity
        arena.reset(to: mark)
        XCTAssertEqual(arena.allocate(100), a)
        XCTAssertEqual(arena.allocate(3 << 20), b)
        XCTAssertEqual(arena.capacity, capacity)
    }
}

/// Pixmaps written by concurrent renders at distinct indices, read after they all finish.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [Pixmap?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ p: Pixmap) { lock.lock(); slots[i] = p; lock.unlock() }
    func get(_ i: Int) -> Pixmap? { lock.lock(); defer { lock.unlock() }; return slots[i] }
}
