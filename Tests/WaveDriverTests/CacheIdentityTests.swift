import Foundation
import XCTest
@testable import WaveGeometry
import WaveGraphics
@testable import WaveAccelerator
import WaveRuntime
@testable import WaveDriver

/// The caches (stroke outlines in the runtime, fill spans and mask coverage in the
/// renderer) never change a byte: every example renders the same with and without them,
/// frame after frame, through the frame pipeline's buffer reuse.
final class CacheIdentityTests: XCTestCase {
    func testEveryExampleRendersTheSameBytesWithAndWithoutCaches() throws {
        let examples = try TestScenes.exampleNames()
        XCTAssertGreaterThan(examples.count, 5)
        for name in examples {
            let (program, _) = try TestScenes.example(name)
            func frames(cached: Bool) throws -> [Pixmap] {
                var runtime = try SceneRuntime(program: program)
                runtime.strokeCache = StrokeCache(enabled: cached)
                var pipeline = FramePipeline(threads: 1, scale: 0.75)
                pipeline.renderer = Accelerator(caches: cached).renderer()
                var out: [Pixmap] = []
                try pipeline.run(&runtime, ticks: Array(0..<24) + [60, 61, 62, 150, 151]) { _, p in out.append(p) }
                return out
            }
            let cached = try frames(cached: true), fresh = try frames(cached: false)
            XCTAssertEqual(cached.count, fresh.count, name)
            for (i, (a, b)) in zip(cached, fresh).enumerated() where a != b {
                return XCTFail("\(name): frame \(i) differs with the caches")
            }
        }
    }

    /// A shadow that repeats is blurred once and then drawn from the shadow cache: the third
    /// render (a hit) gives the bytes of a fresh one, with a new colour and opacity too (the
    /// cache holds only the blurred alpha), and a shadow moved by 1/64 px misses.
    func testARepeatedShadowDrawsTheSameFromTheShadowCache() {
        var renderer = Accelerator.on.renderer()
        var heart = Path()
        heart.addCircle(center: Point(30.3, 28.7), radius: 12.4)
        func item(_ color: Color, dx: Double = 2.5) -> DisplayItem {
            .effect(items: [.fill(path: heart, rule: .nonZero, paint: .solid(.white), opacity: 1)],
                    effects: LayerEffects(shadow: Shadow(color: color, dx: dx, dy: 1.25, radius: 20)))
        }
        let first = item(Color(r: 1, g: 0.3, b: 0.5, a: 0.8)), tinted = item(Color(r: 0, g: 0.2, b: 1, a: 0.4))
        for _ in 0..<3 { _ = renderer.render([first], width: 64, height: 64, background: .black) }
        let hitSame = renderer.render([first], width: 64, height: 64, background: .black)
        let hitTinted = renderer.render([tinted], width: 64, height: 64, background: .black)
        let moved = renderer.render([item(.white, dx: 2.5 + 1.0 / 64)], width: 64, height: 64, background: .black)
        renderer = Renderer()
        XCTAssertEqual(hitSame, renderer.render([first], width: 64, height: 64, background: .black))
        XCTAssertEqual(hitTinted, renderer.render([tinted], width: 64, height: 64, background: .black))
        XCTAssertEqual(moved, renderer.render([item(.white, dx: 2.5 + 1.0 / 64)], width: 64, height: 64, background: .black))
        XCTAssertNotEqual(hitSame, hitTinted)
    }

    /// The span cache must miss when anything about the geometry moves: a fill that
    /// shifts by 1/256 px after being cached renders like a fresh one.
    func testAMovedFillMissesTheSpanCache() {
        var renderer = Accelerator.on.renderer()
        var circle = Path()
        circle.addCircle(center: Point(20.3, 20.7), radius: 9.4)
        let item = DisplayItem.fill(path: circle, rule: .nonZero, paint: .solid(.black), opacity: 1)
        for _ in 0..<3 { _ = renderer.render([item], width: 40, height: 40, background: .clear) }
        let moved = DisplayItem.fill(path: circle.transformed(by: .translation(1.0 / 256, 0)), rule: .nonZero,
                                     paint: .solid(.black), opacity: 1)
        let viaCache = renderer.render([moved], width: 40, height: 40, background: .clear)
        renderer = Renderer()
        XCTAssertEqual(viaCache, renderer.render([moved], width: 40, height: 40, background: .clear))
        XCTAssertNotEqual(viaCache, renderer.render([item], width: 40, height: 40, background: .clear))
    }
}
