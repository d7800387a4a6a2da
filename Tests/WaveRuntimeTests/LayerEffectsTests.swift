import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// Shadow, blur and blend properties reach the display list with Core Animation's meaning:
/// no shadow unless its opacity is set, the shadow under the layer's mask and opacity, the
/// blend mode outermost, radii and offsets scaled with the output, animations moving them.
final class LayerEffectsTests: XCTestCase {
    private func items(_ body: String, tick: Int = 0, scale: Double = 1) throws -> [DisplayItem] {
        var r = try SceneRuntime(program: try program("scene 100x100\n" + body))
        for _ in 0..<tick { try r.step() }
        return try r.frame(scale: scale).items
    }

    func testNoShadowUnlessItsOpacityIsSet() throws {
        let plain = try items("layer a: circle { center (50, 50) radius 10 shadow-radius 8 shadow-offset (3, 3) }")
        guard case .fill = plain.first, plain.count == 1 else { return XCTFail("\(plain)") }
    }

    func testShadowPropertiesBecomeAnEffect() throws {
        let got = try items("layer a: circle { center (50, 50) radius 10 shadow-color #ff0000 shadow-opacity 0.5 shadow-offset (2, 4) shadow-radius 6 }",
                            scale: 2)
        guard case .effect(let inner, let fx) = got.first, got.count == 1, inner.count == 1 else { return XCTFail("\(got)") }
        XCTAssertEqual(fx.shadow, Shadow(color: Color(r: 1, g: 0, b: 0, a: 0.5), dx: 4, dy: 8, radius: 12))
        XCTAssertEqual(fx.blur, 0)
        XCTAssertEqual(fx.blend, .normal)
    }

    func testDefaultsAreCoreAnimations() throws {
        let got = try items("layer a: rect { shadow-opacity 1 }")
        guard case .effect(_, let fx) = got.first else { return XCTFail("\(got)") }
        XCTAssertEqual(fx.shadow, Shadow(color: .black, dx: 0, dy: -3, radius: 3))
    }

    func testOpacityAndMaskWrapTheShadowAndBlendWrapsEverything() throws {
        let got = try items("""
            layer m: circle { center (50, 50) radius 30 }
            layer a: rect { opacity 0.5 blur 4 shadow-opacity 1 blend multiply mask m }
            """)
        guard case .effect(let outer, let blend) = got.first, got.count == 1 else { return XCTFail("\(got)") }
        XCTAssertEqual(blend, LayerEffects(blend: .multiply))
        guard case .group(let grouped, let opacity, let mask) = outer.first else { return XCTFail("\(outer)") }
        XCTAssertEqual(opacity, 0.5)
        XCTAssertNotNil(mask)
        guard case .effect(let fill, let fx) = grouped.first else { return XCTFail("\(grouped)") }
        XCTAssertEqual(fx.blur, 4)
        XCTAssertNotNil(fx.shadow)
        guard case .fill(_, _, _, let fillOpacity) = fill.first else { return XCTFail("\(fill)") }
        XCTAssertEqual(fillOpacity, 1, "the opacity is not folded into the fill: the shadow would fade twice")
    }

    /// The pixel at (50, 50) of `body` over a #e0c020 background.
    private func pixel(_ body: String) throws -> [UInt8] {
        var r = try SceneRuntime(program: try program("scene 100x100 { background #e0c020 }\n" + body))
        let f = try r.frame(scale: 1)
        let pixmap = Renderer().render(f.items, width: f.width, height: f.height, background: f.background)
        let i = (50 * f.width + 50) * 4
        return Array(pixmap.data[i..<i + 4])
    }

    func testAPlainGroupPassesItsChildsBlendThroughAndIsolateStopsIt() throws {
        let child = "layer s: rect { frame (0, 0, 100, 100) fill #00ffff blend multiply }"
        // Multiply with the opaque backdrop: B = Cs · Cb per channel (W3C), on #e0c020.
        let multiplied: [UInt8] = [0, 0xc0, 0x20, 255]
        XCTAssertEqual(try pixel("layer g: group { \(child) }"), multiplied, "pass-through, as in CSS and Core Animation")
        XCTAssertEqual(try pixel("layer g: group { isolate false \(child) }"), multiplied)
        // Isolated: the child blends with the transparent layer (αb = 0: source-over), and the
        // group's layer then lands normally.
        XCTAssertEqual(try pixel("layer g: group { isolate true \(child) }"), [0, 255, 255, 255])
        XCTAssertEqual(try pixel("layer g: group { opacity 0.999 \(child) }"), [0, 255, 255, 255], "opacity below 1 isolates")
        let plain = try items("layer g: group { isolate true layer s: rect { fill red } }")
        guard case .fill = plain.first else { return XCTFail("without a blend among the children isolation changes nothing and costs nothing: \(plain)") }
    }

    func testAGroupCastsOneShadowOfItsComposite() throws {
        let got = try items("""
            layer g: group {
              shadow-opacity 1 shadow-radius 5
              layer a: rect { frame (10, 10, 20, 20) }
              layer b: circle { center (50, 50) radius 10 }
            }
            """)
        guard case .effect(let inner, _) = got.first, got.count == 1 else { return XCTFail("\(got)") }
        XCTAssertEqual(inner.count, 2)
    }

    func testShadowRadiusAndBlurAnimate() throws {
        let script = """
            layer a: rect { shadow-opacity 1 shadow-radius 0 }
            animate a.shadow-radius from 0 to 10 over 10t
            animate a.blur from 0 to 20 over 10t
            """
        guard case .effect(_, let fx) = try items(script, tick: 5).first else { return XCTFail() }
        XCTAssertEqual(fx.shadow?.radius ?? 0, 5, accuracy: 1e-9)
        XCTAssertEqual(fx.blur, 10, accuracy: 1e-9)
    }

    func testNonFiniteOrHugeValuesStayBounded() throws {
        // A NaN or infinite effect value is a runtime error at the statement that gave it
        // (E0706, as for every layer property), not a silently dropped shadow.
        for bad in ["shadow-offset (0 / 0, 1)", "blur 1 / 0"] {
            XCTAssertThrowsError(try items("layer a: rect { shadow-opacity 1 \(bad) }"), bad) { error in
                XCTAssertEqual((error as? RuntimeError)?.code, .nonFiniteGeometry, bad)
            }
        }
        let huge = try items("layer a: rect { shadow-opacity 1 shadow-radius 1e9 }")
        guard case .effect(_, let fx) = huge.first else { return XCTFail("\(huge)") }
        XCTAssertEqual(fx.shadow?.radius, 100)
    }

    func testUnknownEffectKeysAndWordsAreErrors() {
        let (_, bad) = Compiler.compile(SourceFile(name: "t.wave", text: "scene 10x10\nlayer a: rect { shadow-radus 3 }"))
        XCTAssertEqual(bad.map(\.code), [.unknownProperty])
        let (_, word) = Compiler.compile(SourceFile(name: "t.wave", text: "scene 10x10\nlayer a: rect { blend multiplly }"))
        XCTAssertEqual(word.map(\.code), [.unknownWord])
        let (_, gradient) = Compiler.compile(SourceFile(name: "t.wave", text: "scene 10x10\nlayer a: rect { shadow-color linear-gradient(down, red, blue) }"))
        XCTAssertEqual(gradient.map(\.code), [.typeMismatch])
    }
}
