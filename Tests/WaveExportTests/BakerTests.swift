import Foundation
import XCTest
import WaveCompiler
import WaveGeometry
import WaveRuntime
import WaveSyntax
@testable import WaveExport

/// Baking scenes: shapes followed across ticks, a moving shape found rigid, the paths a
/// player reconstructs equal to the renderer's within the tolerance, and the report.
final class BakerTests: XCTestCase {
    func bake(_ text: String, ticks: Range<Int>, target: ExportFormat = .svg) throws -> BakedScene {
        let file = SourceFile(name: "t.wave", text: text)
        let (program, diagnostics) = Compiler.compile(file)
        let p = try XCTUnwrap(program, "\(diagnostics)")
        return try Baker(program: p, source: file, name: "t", target: target).bake(ticks: ticks)
    }

    /// A layer's or group's opacity fades its parts together in the renderer: where parts
    /// overlap, the lower does not show through the upper. The exports draw such parts as a
    /// group and fade the group (a half-opaque circle with a wide stroke scored 25 dB in
    /// rlottie with the opacity on each part, 42 as a faded group).
    func testOpacityOverOverlappingPartsFadesThemAsAGroup() throws {
        let head = "scene 80x60 { background #000000 }\n"
        let ring = try bake(head + "layer a: circle { center (30, 30) radius 20  fill #ff0000  stroke #0000ff  width 10  opacity 0.5 }", ticks: 0..<2)
        XCTAssertTrue(ring.report.isEmpty, "\(ring.report.entries)")
        XCTAssertEqual(ring.fades.count, 1)
        XCTAssertEqual(ring.fades[0].opacity.first[0], 0.5, accuracy: 1e-9)
        XCTAssertEqual(ring.layers.map(\.fades), [[0], [0]])
        XCTAssertEqual(ring.layers.map { $0.opacity.first[0] }, [1, 1], "the parts keep their own opacity, 1")

        // An animated group opacity: 1 at tick 0 (no group drawn), then below 1.
        let group = try bake(head + "layer g: group {\n  layer a: circle { center (25, 30) radius 15  fill #ff0000 }\n"
                             + "  layer b: circle { center (35, 30) radius 15  fill #0000ff }\n}\nanimate g.opacity from 1 to 0 over 1s\n"
                             + "layer c: rect { frame (0, 0, 10, 10)  fill #ffffff  opacity 0.5 }", ticks: 0..<61)
        XCTAssertTrue(group.report.isEmpty, "\(group.report.entries)")
        XCTAssertEqual(group.layers.map(\.fades), [[0], [0], []])
        XCTAssertEqual(group.fades[0].opacity.value(at: 0)[0], 1, accuracy: 1e-9)
        XCTAssertEqual(group.fades[0].opacity.value(at: 30)[0], 0.5, accuracy: 1 / 255)
        XCTAssertEqual(group.layers[0].opacity.value(at: 30)[0], 1, accuracy: 1e-9)
        XCTAssertEqual(group.layers[2].opacity.first[0], 0.5, accuracy: 1e-9, "a lone shape keeps its opacity")
        let svg = SVGWriter(group).document
        XCTAssertTrue(svg.contains("<g opacity=\"1\"><animate attributeName=\"opacity\""), svg)
        let lottie = try LottieWriter(group).json
        XCTAssertTrue(lottie.contains("\"refId\":\"fade0\""), lottie)

        // Parts that do not meet, or an opaque layer: no group needed.
        for body in ["layer a: circle { center (30, 30) radius 20  fill #ff0000  stroke #0000ff  width 10 }",
                     "layer g: group {\n  layer a: circle { center (15, 30) radius 10  fill #ff0000 }\n"
                     + "  layer b: circle { center (60, 30) radius 10  fill #0000ff }\n}\nanimate g.opacity from 1 to 0 over 1s",
                     "layer a: circle { center (30, 30) radius 20  fill #ff0000  opacity 0.5 }"] {
            let scene = try bake(head + body, ticks: 0..<2)
            XCTAssertTrue(scene.report.isEmpty && scene.fades.isEmpty, body)
        }
    }

    /// rlottie lowers the whole frame's alpha by about 1/255 for each precomposition it
    /// fades, so a Lottie export fades at most 4 groups at once; past that the parts keep
    /// the opacity, as reported. SVG has no such limit.
    func testLottieFadesAtMostFourGroupsAtOnce() throws {
        func rings(_ n: Int) -> String {
            "scene 200x40 { background #000000 }\n" + (0..<n).map {
                "layer r\($0): circle { center (\(20 + 35 * $0), 20) radius 10  fill #ff0000  stroke #0000ff  width 6  opacity 0.5 }\n"
            }.joined()
        }
        XCTAssertEqual(try bake(rings(4), ticks: 0..<2, target: .lottie).fades.count, 4)
        let five = try bake(rings(5), ticks: 0..<2, target: .lottie)
        XCTAssertTrue(five.fades.isEmpty)
        XCTAssertEqual(five.report.entries.map(\.construct), ["opacity of a layer or group over parts that overlap"])
        XCTAssertEqual(five.layers.map { $0.opacity.first[0] }, Array(repeating: 0.5, count: 10), "each part keeps the opacity")
        let svg = try bake(rings(5), ticks: 0..<2)
        XCTAssertEqual(svg.fades.count, 5)
        XCTAssertTrue(svg.report.isEmpty)
    }

    /// Faded groups inside faded groups nest, in both writers; a group faded inside a mask
    /// keeps its opacity on each part, and the report says so.
    func testFadesNestAndFadesInsideMasksAreReported() throws {
        let nested = try bake("""
        scene 80x60 { background #000000 }
        layer g: group {
          opacity 0.5
          layer a: circle { center (30, 30) radius 20  fill #ff0000  stroke #0000ff  width 10  opacity 0.4 }
          layer b: rect { frame (40, 20, 30, 30)  fill #00ff00 }
        }
        """, ticks: 0..<2)
        XCTAssertTrue(nested.report.isEmpty, "\(nested.report.entries)")
        XCTAssertEqual(nested.fades.count, 2)
        let outer = nested.layers[2].fades
        XCTAssertEqual(outer.count, 1)
        XCTAssertEqual(nested.layers[0].fades.count, 2)
        XCTAssertEqual(nested.layers[0].fades.first, outer.first, "the outer fade holds the inner")
        XCTAssertEqual(nested.layers[1].fades, nested.layers[0].fades)
        XCTAssertEqual(nested.fades[outer[0]].opacity.first[0], 0.5, accuracy: 1e-9)
        XCTAssertEqual(nested.fades[nested.layers[0].fades[1]].opacity.first[0], 0.4, accuracy: 1e-9)
        XCTAssertEqual(nested.layers.map { $0.opacity.first[0] }, [1, 1, 1])
        let svg = SVGWriter(nested).document
        XCTAssertTrue(svg.contains("<g opacity=\"0.5\">\n<g opacity=\"0.4\">\n"), svg)
        let lottie = try LottieWriter(nested).json
        XCTAssertEqual(lottie.components(separatedBy: "\"ty\":0,").count - 1, 2, "a precomposition layer a fade: \(lottie)")

        let masked = try bake("""
        scene 80x60 { background #000000 }
        layer m: circle { center (30, 30) radius 20  fill #ffffff  stroke #ffffff  width 10  opacity 0.5 }
        layer a: rect { frame (0, 0, 80, 60)  fill #ff0000  mask m }
        """, ticks: 0..<2)
        XCTAssertEqual(masked.report.entries.map(\.construct), ["opacity of a layer or group over parts that overlap"])
        XCTAssertTrue(masked.fades.isEmpty)
    }

    /// A fade inside a shadowed group is inside its filter; a blurred layer inside a faded
    /// group has its filter inside the fade. The SVG nests the elements the same way.
    func testFadesAndFiltersNestAsTheSceneDoes() throws {
        let scene = try bake("""
        scene 160x120 { background #ffffff }
        layer card: group {
          shadow-opacity 0.6  shadow-radius 8  shadow-offset (0, 4)
          layer a: rect { frame (20, 20, 60, 50)  corner 6  fill #457b9d }
          layer b: circle { center (70, 60)  radius 25  fill #e9c46a  stroke #264653  width 8  opacity 0.5 }
        }
        layer g: group {
          opacity 0.6
          layer c: rect { frame (90, 30, 50, 50)  fill #2a9d8f  blur 3 }
          layer d: circle { center (120, 80)  radius 20  fill #e76f51 }
        }
        """, ticks: 0..<2)
        XCTAssertTrue(scene.report.isEmpty, "\(scene.report.entries)")
        let inner = try XCTUnwrap(scene.layers[1].fades.first), outer = try XCTUnwrap(scene.layers[3].fades.first)
        XCTAssertEqual(scene.layers.map(\.scopes), [[.filter(0)], [.filter(0), .fade(inner)], [.filter(0), .fade(inner)],
                                                    [.fade(outer), .filter(1)], [.fade(outer)]])
        let svg = SVGWriter(scene).document
        XCTAssertTrue(svg.contains("<g filter=\"url(#f0)\">\n<g transform"), svg)
        XCTAssertTrue(svg.contains("</path></g>\n<g opacity=\"0.5\">\n"), svg)
        XCTAssertTrue(svg.contains("<g opacity=\"0.6\">\n<g filter=\"url(#f1)\">\n"), svg)
    }

    /// A hold's jump is keyed at its tick's time rounded down, never after it: a player
    /// paused on the tick shows the value after the jump (at 2/3 of a 3 s scene the key
    /// rounded to nearest was 0.666667, and Chromium showed the turn 3.6° short).
    func testSVGKeyTimesNeverFallAfterTheirTick() throws {
        XCTAssertEqual(SVGWriter.keyTime(2.0 / 3), "0.666666")
        XCTAssertEqual(SVGWriter.keyTime(1), "1.000000")
        let scene = try bake("""
        scene 50x60 { background #ffffff  duration 3s }
        layer l: rect { frame (10, 10, 30, 20)  fill #000000 }
        animate l.rotation from 0deg to 96deg over 0.5s ease steps(4) repeat forever
        """, ticks: 0..<180)
        let svg = SVGWriter(scene).document
        let times = try XCTUnwrap(svg.range(of: "type=\"rotate\"").flatMap { r in
            svg[r.upperBound...].range(of: "keyTimes=\"").map { k in svg[k.upperBound...].prefix { $0 != "\"" } }
        }).split(separator: ";").map { Double($0)! }
        XCTAssertTrue(times.contains(0.666666), "\(times)")
        XCTAssertFalse(times.contains(0.666667), "\(times)")
        XCTAssertEqual(times, times.sorted())
    }

    func testATurningRectIsOneRigidPathWithTwoKeys() throws {
        let scene = try bake("""
        scene 100x100 { background #000000 }
        layer r: rect { frame (40, 30, 20, 40)  fill #ff0000 }
        animate r.rotation from 0deg to 90deg over 1s
        """, ticks: 0..<61)
        XCTAssertEqual(scene.layers.count, 1)
        guard case .rigid(_, let motion) = scene.layers[0].shape else { return XCTFail("not rigid: \(scene.layers[0].shape)") }
        XCTAssertEqual(motion.keys.map(\.tick), [0, 60])
        XCTAssertEqual(motion.keys[1].value[2] - motion.keys[0].value[2], 90, accuracy: 0.01, "a quarter turn")
        if case .solid(let c) = scene.layers[0].paint { XCTAssertTrue(c.isStatic) } else { XCTFail("not solid") }
        XCTAssertTrue(scene.layers[0].opacity.isStatic)
    }

    func testASpawnedShapeBelowAnotherKeepsTheOthersLayer() throws {
        let scene = try bake("""
        scene 100x100 { background #000000 }
        layer top: circle { center (50, 50)  radius 10  fill #00ff00 }
        template dot: circle { center (50, 50)  radius 10  fill #00ff00 }
        after 0.5s { spawn dot below top { animate scale from 1 to 3 over 0.5s } }
        """, ticks: 0..<60)
        XCTAssertEqual(scene.layers.count, 2)
        XCTAssertEqual(scene.layers[1].ticks, 0..<60, "the top circle is one layer the whole time")
        XCTAssertEqual(scene.layers[0].ticks, 30..<60, "the spawned one starts when spawned, drawn below")
    }

    func testReconstructedPathsMatchTheRenderersWithinTheTolerance() throws {
        let text = """
        scene 120x120 { background #000000 }
        layer s: path { move (20, 20) line (100, 30) line (60, 100) close  fill #ffffff }
        animate s.scale from 1 to 0.5 over 1s ease ease-in-out
        animate s.position from (0, 0) to (10, -5) over 1s
        """
        let scene = try bake(text, ticks: 0..<60)
        let file = SourceFile(name: "t.wave", text: text)
        var runtime = try SceneRuntime(program: try XCTUnwrap(Compiler.compile(file).0))
        for t in 0..<60 {
            while runtime.tick < t { try runtime.step() }
            guard case .fill(let path, _, _, _) = try runtime.frame().items[0] else { return XCTFail() }
            let baked = scene.layers[0].shape.path(at: t).split.coordinates
            for (a, b) in zip(baked, path.split.coordinates) { XCTAssertEqual(a, b, accuracy: 0.2, "tick \(t)") }
        }
    }

    func testTheReportNamesBlurAndMasksWithTheirPlaces() throws {
        let scene = try bake("""
        scene 100x100 { background #000000 }
        layer a: circle { center (50, 50)  radius 10  fill #ffffff  blur 4 }
        """, ticks: 0..<2, target: .lottie)
        XCTAssertEqual(scene.report.entries.count, 1)
        let e = scene.report.entries[0]
        XCTAssertEqual(e.action, .dropped)
        XCTAssertTrue(e.construct.contains("blur"), e.construct)
        XCTAssertEqual(e.line, 2)
        XCTAssertFalse(scene.report.isEmpty)
        XCTAssertTrue(scene.report.json.contains("\"exact\":false"))
    }

    static let maskedScene = """
    scene 100x100 { background #ffffff }
    layer hole: circle { center (50, 50)  radius 30 }
    layer bar: rect { frame (0, 0, 100, 100)  fill #0000ff  mask hole }
    animate hole.position.x from 0 to 20 over 1s
    """

    /// A layer's mask is baked as a mask of its own, followed across ticks like a layer; the
    /// masked layer names it; nothing about masks is reported.
    func testAMaskIsBakedAsAMaskTheLayerNames() throws {
        let scene = try bake(Self.maskedScene, ticks: 0..<61)
        XCTAssertEqual(scene.layers.count, 1, "the mask shape is not drawn itself")
        XCTAssertEqual(scene.masks.count, 1)
        XCTAssertEqual(scene.layers[0].mask, 0)
        XCTAssertFalse(scene.masks[0].inverted)
        XCTAssertEqual(scene.masks[0].layers.count, 1)
        guard case .rigid(_, let motion) = scene.masks[0].layers[0].shape else { return XCTFail("the moving circle is rigid") }
        XCTAssertEqual(motion.keys.map(\.tick), [0, 60])
        XCTAssertEqual(motion.keys[1].value[0] - motion.keys[0].value[0], 20, accuracy: 0.01)
        XCTAssertFalse(scene.report.entries.contains { $0.construct.contains("mask") }, "\(scene.report.entries)")
    }

    /// A mask's own mask (`water` masked by `surface`, itself masked by `inside`): the mask's
    /// shapes name the inner mask.
    func testANestedMaskIsNamedByTheOuterMasksShapes() throws {
        let scene = try bake("""
        scene 100x100 { background #ffffff }
        layer inside: circle { center (50, 50)  radius 40 }
        layer surface: rect { frame (0, 40, 100, 60)  mask inside }
        layer water: rect { frame (0, 0, 100, 100)  fill #00aa88  mask surface }
        """, ticks: 0..<2)
        XCTAssertEqual(scene.layers.count, 1)
        XCTAssertEqual(scene.masks.count, 2)
        let outer = try XCTUnwrap(scene.layers[0].mask)
        let inner = try XCTUnwrap(scene.masks[outer].layers.first?.mask, "the surface is masked by the circle")
        XCTAssertNotEqual(outer, inner)
        XCTAssertNil(scene.masks[inner].layers.first?.mask)
    }

    /// The SVG writes the mask as a luminance mask in scene space (white shapes), the masked
    /// path inside a `<g mask>`; Lottie writes a track matte: a precomposition of the mask
    /// right above the layer (`td` 1), `tt` 1 on the layer.
    func testWritersExpressTheMask() throws {
        let scene = try bake(Self.maskedScene, ticks: 0..<61)
        let svg = SVGWriter(scene).document
        XCTAssertTrue(svg.contains("<mask id=\"m0\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"100\" height=\"100\">"), svg)
        XCTAssertTrue(svg.contains("<g mask=\"url(#m0)\">\n<g transform=\"translate("), "the bar keeps its own transform inside the masked group: \(svg)")
        XCTAssertTrue(svg.contains("fill=\"rgb(255,255,255)\""), "mask shapes are white: \(svg)")
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(LottieWriter(scene).json.utf8)) as? [String: Any])
        let assets = try XCTUnwrap(doc["assets"] as? [[String: Any]])
        XCTAssertEqual(assets.first?["id"] as? String, "mask0")
        XCTAssertEqual((assets.first?["layers"] as? [Any])?.count, 1)
        let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]])
        let matte = try XCTUnwrap(layers.firstIndex { $0["td"] as? Int == 1 })
        XCTAssertEqual(layers[matte]["ty"] as? Int, 0)
        XCTAssertEqual(layers[matte]["refId"] as? String, "mask0")
        XCTAssertEqual(layers[matte + 1]["tt"] as? Int, 1, "the masked layer is right below its matte")
        let indices = layers.compactMap { $0["ind"] as? Int }
        XCTAssertEqual(Set(indices).count, indices.count, "layer indices are unique")
    }

    /// An inverted mask: black shapes over a white page in SVG, the inverted alpha matte in Lottie.
    func testAnInvertedMaskIsWrittenInverted() throws {
        let scene = try bake(Self.maskedScene.replacingOccurrences(of: "mask hole", with: "mask hole inverted"), ticks: 0..<2)
        XCTAssertTrue(scene.masks[0].inverted)
        let svg = SVGWriter(scene).document
        XCTAssertTrue(svg.contains("height=\"100\"><rect width=\"100\" height=\"100\" fill=\"#fff\"/>"), svg)
        XCTAssertTrue(svg.contains("fill=\"rgb(0,0,0)\""), svg)
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(LottieWriter(scene).json.utf8)) as? [String: Any])
        let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]])
        XCTAssertTrue(layers.contains { $0["tt"] as? Int == 2 })
    }

    /// A group's blur and shadow are one filter its shapes share: σ = radius / 2, the shadow
    /// keyed where it changes; the SVG wraps the group's shapes in one `<g filter>` (so the
    /// shadow is the group's, not each shape's) with `feGaussianBlur` then `feDropShadow`.
    func testBlurAndShadowAreOneFilterTheGroupsShapesShare() throws {
        let scene = try bake("""
        scene 100x100 { background #ffffff }
        layer card: group {
          blur 2  shadow-opacity 0.5  shadow-radius 8  shadow-offset (0, 4)
          layer a: rect { frame (10, 10, 30, 30)  fill #ff0000 }
          layer b: circle { center (60, 60)  radius 10  fill #0000ff }
        }
        layer c: rect { frame (80, 0, 10, 10)  fill #000000 }
        animate card.shadow-radius from 8 to 16 over 1s
        """, ticks: 0..<61)
        XCTAssertEqual(scene.filters.count, 1)
        XCTAssertEqual(scene.layers.map(\.filter), [0, 0, nil])
        let f = scene.filters[0]
        XCTAssertTrue(f.blur.isStatic)
        XCTAssertEqual(f.blur.first[0], 1, "σ = blur radius / 2")
        let shadow = try XCTUnwrap(f.shadow)
        XCTAssertEqual(Array(shadow.keys.first!.value[0...2]), [0, 4, 4])
        XCTAssertEqual(shadow.keys.last!.value[2], 8, accuracy: 1e-9, "σ of radius 16 at the end")
        XCTAssertEqual(shadow.keys.first!.value[6], 0.5, accuracy: 1e-9, "the shadow colour's alpha is its opacity")
        XCTAssertTrue(scene.report.isEmpty, "\(scene.report.entries)")

        let svg = SVGWriter(scene).document
        XCTAssertTrue(svg.contains("<filter id=\"f0\" filterUnits=\"userSpaceOnUse\""), svg)
        XCTAssertTrue(svg.contains("<feGaussianBlur in=\"SourceGraphic\" stdDeviation=\"1\" result=\"blurred\">"), svg)
        XCTAssertTrue(svg.contains("<feDropShadow in=\"blurred\" dx=\"0\" dy=\"4\" stdDeviation=\"4\""), svg)
        XCTAssertTrue(svg.contains("<animate attributeName=\"stdDeviation\" values=\"4;8;8\""), svg)
        XCTAssertFalse(svg.contains("attributeName=\"dx\""), "only what changes is animated")
        XCTAssertEqual(svg.components(separatedBy: "<g filter=\"url(#f0)\">").count, 2, "one group for both shapes")
        let inside = svg.components(separatedBy: "<g filter=\"url(#f0)\">")[1].components(separatedBy: "</g>\n</g>")[0]
        XCTAssertEqual(inside.components(separatedBy: "<path").count, 3, "a and b inside, c after")

        let lottie = try bake(Self.maskedScene.replacingOccurrences(of: "fill #0000ff", with: "fill #0000ff  blur 4"), ticks: 0..<2, target: .lottie)
        XCTAssertTrue(lottie.report.entries.contains { $0.construct.contains("blur") && $0.action == .dropped })
    }
}
