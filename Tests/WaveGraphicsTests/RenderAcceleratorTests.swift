import Foundation
import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// The seam between the reference and an accelerator (`RenderAccelerator`): an accelerator
/// that answers no to everything leaves the reference's bytes, and it is asked a fill, a
/// mask, an effect or a shadow at a time, never a span at a time.
final class RenderAcceleratorTests: XCTestCase {
    /// Answers no to every question and counts them.
    final class Refusing: RenderAccelerator, RenderMemo, @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        func count(_ question: String) { lock.lock(); counts[question, default: 0] += 1; lock.unlock() }
        subscript(_ question: String) -> Int { lock.lock(); defer { lock.unlock() }; return counts[question, default: 0] }

        func makeMemo() -> (any RenderMemo)? { self }
        func ramp(_ stops: [GradientStop], opacity: Double, make: () -> GradientRamp?) -> GradientRamp? {
            count("ramp"); return make()
        }
        func drawFrame(_ items: [DisplayItem], on canvas: Surface, stale: [PixelBounds], background: UInt32,
                       by rasterizer: inout Rasterizer) -> [PixelBounds]? { count("frame"); return nil }
        func drawEffect(_ items: [DisplayItem], _ fx: LayerEffects, _ scope: EffectScope, on surface: Surface,
                        by rasterizer: inout Rasterizer) -> Bool { count("effect"); return false }
        var sparseShadows: Bool { false }
        func sparseShadow(of source: ShadowSource, over rect: PixelBounds, kernels: EffectPlan.Kernels,
                          arena: ScratchArena) -> ShadowAlpha {
            XCTFail("asked for a sparse shadow after saying it makes none")
            return kernels.shadowAlpha(of: Surface(base: arena.allocate(4), width: 1, height: 1, originX: 0, originY: 0),
                                       over: rect, arena: arena)
        }
        func shadow(for key: ShadowKey) -> Recall<ShadowAlpha> { count("shadow"); return .missed(ticket: 1) }
        func offer(_ shadow: ShadowAlpha, for key: ShadowKey, ticket: Int) { count("offer") }
        func spans(of path: Path, rule: FillRule, over rect: PixelBounds) -> Recall<[CoverageSpan]> {
            count("spans"); return .missed(ticket: 2)
        }
        func shouldKeep(ticket: Int) -> Bool { count("shouldKeep"); return false }
        func keep(_ spans: [CoverageSpan], of path: Path, rule: FillRule, over rect: PixelBounds, ticket: Int) { count("keep") }
        func expectRepeat(_ path: Path, rule: FillRule, over rect: PixelBounds) { count("expectRepeat") }
        func mask(of items: [DisplayItem], over rect: PixelBounds) -> Recall<KeptMask> { count("mask"); return .missed(ticket: 3) }
        func shouldKeepMask(ticket: Int) -> Bool { count("shouldKeepMask"); return false }
        func keepMask(_ coverage: AlphaMask, of items: [DisplayItem], ticket: Int) -> KeptMask {
            XCTFail("asked to keep a mask it did not want")
            return KeptMask(mask: coverage, owner: self)
        }
    }

    /// Three fills (a big circle: hundreds of spans), a masked group, and a glow on one fill.
    private func scene() -> [DisplayItem] {
        let disc = TestScene.circle(60, 60, 50)
        let glow = DisplayItem.effect(items: [TestScene.fill(TestScene.circle(64, 64, 20), Color(r: 1, g: 0.2, b: 0.3))],
                                      effects: LayerEffects(shadow: Shadow(color: Color(r: 1, g: 0.3, b: 0.4, a: 0.8), dx: 0, dy: 0,
                                                                           radius: 24)))
        return [TestScene.fill(disc, Color(r: 0.1, g: 0.4, b: 0.8)),
                TestScene.fill(TestScene.rect(10, 90, 100, 20), Color(r: 0.9, g: 0.8, b: 0.1, a: 0.6)),
                .group(items: [TestScene.fill(TestScene.rect(0, 0, 128, 128), Color(r: 0.2, g: 0.9, b: 0.3, a: 0.7))], opacity: 0.8,
                       mask: Mask(items: [TestScene.fill(disc)])),
                glow,
                TestScene.fill(TestScene.circle(100, 30, 12.5), Color(r: 0.5, g: 0.1, b: 0.9))]
    }

    func testAnAcceleratorThatAnswersNoLeavesTheReferenceBytes() {
        let background = Color(r: 0.05, g: 0.05, b: 0.1)
        let reference = Renderer().render(scene(), width: 128, height: 128, background: background)
        let refusing = Refusing()
        let renderer = Renderer(accelerator: refusing)
        XCTAssertTrue(renderer.isAccelerated)
        for pass in 0..<2 {
            XCTAssertEqual(renderer.render(scene(), width: 128, height: 128, background: background), reference, "pass \(pass)")
        }
        XCTAssertEqual(refusing["frame"], 2)
        XCTAssertEqual(refusing["effect"], 2)
        XCTAssertEqual(refusing["shadow"], 2)
        XCTAssertEqual(refusing["offer"], 2)
        XCTAssertEqual(refusing["mask"], 2)
    }

    /// A recycled frame buffer whose stale rectangles hold the last frame: an accelerator
    /// that leaves the frame to the reference gets the bytes of filling them with the
    /// background and drawing after, is asked once a frame, and no footprint is kept.
    func testAFrameOverStalePixelsLeftToTheReferenceFillsThemFirst() {
        let background = Color(r: 0.05, g: 0.05, b: 0.1), left = Color(r: 0.9, g: 0.1, b: 0.1)
        let refusing = Refusing()
        let renderer = Renderer(accelerator: refusing)
        let stale = [PixelBounds(x0: 0, y0: 0, x1: 128, y1: 40), PixelBounds(x0: 30, y0: 40, x1: 100, y1: 120)]
        // Outside the stale rectangles the recycled pixels are what they are; inside, the
        // last frame's (light grey) stands for the background.
        var recycled = Pixmap(width: 128, height: 128, fill: left)
        for r in stale { recycled.fill(Color(r: 0.9, g: 0.9, b: 0.9), in: r) }
        var expected = Pixmap(width: 128, height: 128, fill: left)
        for r in stale { expected.fill(background, in: r) }
        Renderer().render(scene(), into: &expected)
        renderer.render(scene(), into: &recycled, stale: stale, background: background)
        XCTAssertEqual(recycled, expected)
        XCTAssertNil(recycled.footprint)
        XCTAssertEqual(refusing["frame"], 1)
    }

    /// Each fill drawn is one question, however many spans it sweeps: the three plain fills,
    /// the group's one fill and the glow's fill on its layer, twice.
    func testTheMemoIsAskedOnceAFillNotOnceASpan() {
        let refusing = Refusing()
        let renderer = Renderer(accelerator: refusing)
        for _ in 0..<2 { _ = renderer.render(scene(), width: 128, height: 128, background: .black) }
        XCTAssertEqual(refusing["spans"], 2 * 5)
        XCTAssertEqual(refusing["shouldKeep"], 2 * 5)
        XCTAssertEqual(refusing["keep"], 0)
    }
}
