import Foundation
import XCTest
import WaveCompiler
import WaveSyntax
@testable import WaveExport

/// What the scene declares comes out as Lottie structure: eased animations as two keys with
/// the timing curve's control points as tangents, strokes as stroke items, trims as trim
/// paths. Read back from the written JSON with Foundation's parser.
final class LottieStructureTests: XCTestCase {
    func lottie(_ text: String, ticks: Range<Int>) throws -> [String: Any] {
        let file = SourceFile(name: "t.wave", text: text)
        let (program, diagnostics) = Compiler.compile(file)
        let p = try XCTUnwrap(program, "\(diagnostics)")
        let scene = try Baker(program: p, source: file, name: "t", target: .lottie).bake(ticks: ticks)
        let data = try XCTUnwrap(LottieWriter(scene).json.data(using: .utf8))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The first layer that is not the background.
    func shapeLayer(_ doc: [String: Any]) throws -> [String: Any] {
        let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]])
        return try XCTUnwrap(layers.first { ($0["nm"] as? String) != "background" })
    }

    /// `ease-in-out` is CSS's cubic-bezier(0.42, 0, 0.58, 1): one keyframe pair whose out
    /// tangent is (0.42, 0) and in tangent (0.58, 1), after a delay held as a straight key.
    func testAnEaseInOutMoveIsTwoKeysWithTheCurvesControlPoints() throws {
        let doc = try lottie("""
        scene 200x100 { background #000000 }
        layer r: rect { frame (10, 40, 20, 20)  fill #ff0000 }
        after 0.25s { animate r.position.x from 0 to 150 over 1s ease ease-in-out }
        """, ticks: 0..<100)
        let ks = try XCTUnwrap(try shapeLayer(doc)["ks"] as? [String: Any])
        let p = try XCTUnwrap(ks["p"] as? [String: Any])
        XCTAssertEqual(p["a"] as? Int, 1)
        let keys = try XCTUnwrap(p["k"] as? [[String: Any]])
        XCTAssertEqual(keys.map { $0["t"] as? Int }, [0, 15, 75], "still until the delay, then one eased segment")
        let o = try XCTUnwrap(keys[1]["o"] as? [String: [Double]]), i = try XCTUnwrap(keys[1]["i"] as? [String: [Double]])
        XCTAssertEqual(o["x"], [0.42]); XCTAssertEqual(o["y"], [0])
        XCTAssertEqual(i["x"], [0.58]); XCTAssertEqual(i["y"], [1])
        let start = try XCTUnwrap(keys[1]["s"] as? [Double]), end = try XCTUnwrap(keys[2]["s"] as? [Double])
        XCTAssertEqual(end[0] - start[0], 150, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(keys[0]["o"] as? [String: [Double]])["x"], [0], "the still run is straight")
    }

    /// A curve that overshoots (y outside 0...1) stays two keys in Lottie, whose tangents
    /// take any y, but SMIL's `keySplines` must lie in the unit square (Chromium drops the
    /// whole animation otherwise): the SVG writes that stretch a key a tick.
    func testAnOvershootingCurveIsKeyedByTheTickInSVG() throws {
        let text = """
        scene 100x100 { background #000000 }
        layer r: rect { frame (10, 40, 20, 20)  fill #ff0000 }
        animate r.opacity from 1 to 0.3 over 0.5s ease cubic-bezier(0.3, 1.4, 0.6, 1) delay 0.1s
        """
        let doc = try lottie(text, ticks: 0..<60)
        // The layer's opacity is its fill's (the shape's one item with an `o` track).
        let shapes = try XCTUnwrap(try shapeLayer(doc)["shapes"] as? [[String: Any]])
        let items = try XCTUnwrap(shapes.first?["it"] as? [[String: Any]])
        let o = try XCTUnwrap(items.compactMap { $0["o"] as? [String: Any] }.first { $0["a"] as? Int == 1 })
        let keys = try XCTUnwrap(o["k"] as? [[String: Any]])
        XCTAssertEqual(keys.map { $0["t"] as? Int }, [0, 6, 36], "one eased segment in Lottie")
        XCTAssertEqual((keys[1]["o"] as? [String: [Double]])?["y"], [1.4])

        let file = SourceFile(name: "t.wave", text: text)
        let program = try XCTUnwrap(Compiler.compile(file).0)
        let scene = try Baker(program: program, source: file, name: "t", target: .svg).bake(ticks: 0..<60)
        let svg = SVGWriter(scene).document
        let splines = svg.components(separatedBy: "keySplines=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        for list in splines {
            for number in list.split(whereSeparator: { $0 == " " || $0 == ";" }) {
                XCTAssertTrue((0...1).contains(try XCTUnwrap(Double(number))), "keySplines \(list)")
            }
        }
        let opacity = try XCTUnwrap(svg.components(separatedBy: "<animate attributeName=\"opacity\"").dropFirst().first)
        let values = try XCTUnwrap(opacity.components(separatedBy: "values=\"").dropFirst().first?.prefix { $0 != "\"" })
        let numbers = values.split(separator: ";").compactMap { Double($0) }
        XCTAssertGreaterThanOrEqual(numbers.count, 30, "a key a tick through the eased half second")
        XCTAssertLessThan(numbers.min() ?? 1, 0.3, "the overshoot below the end value is kept")
    }

    /// A custom `cubic-bezier(…)` is found too, and a step (`steps`) is a hold keyframe.
    func testACustomCurveAndAStepAreKeptExactly() throws {
        let doc = try lottie("""
        scene 200x100 { background #000000 }
        layer r: rect { frame (10, 40, 20, 20)  fill #ff0000 }
        animate r.rotation from 0deg to 90deg over 1s ease cubic-bezier(0.3, 0.9, 0.2, 1.2)
        animate r.opacity from 1 to 0.2 over 1s ease steps(2)
        """, ticks: 0..<61)
        let layer = try shapeLayer(doc)
        let r = try XCTUnwrap((layer["ks"] as? [String: Any])?["r"] as? [String: Any])
        let keys = try XCTUnwrap(r["k"] as? [[String: Any]])
        XCTAssertEqual(keys.count, 2)
        XCTAssertEqual((keys[0]["o"] as? [String: [Double]])?["x"], [0.3])
        XCTAssertEqual((keys[0]["i"] as? [String: [Double]])?["y"], [1.2])
        let group = try XCTUnwrap((layer["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
        let opacity = try XCTUnwrap(group.last?["o"] as? [String: Any])
        let steps = try XCTUnwrap(opacity["k"] as? [[String: Any]])
        XCTAssertEqual(steps.map { $0["t"] as? Int }, [0, 30, 60])
        XCTAssertEqual(steps[0]["h"] as? Int, 1, "a step holds")
        XCTAssertEqual(steps[1]["h"] as? Int, 1)
    }

    /// The items of the first shape layer's group, by type.
    func items(_ doc: [String: Any]) throws -> [String: [String: Any]] {
        let group = try XCTUnwrap((try shapeLayer(doc)["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
        var out: [String: [String: Any]] = [:]
        for item in group { if let ty = item["ty"] as? String, out[ty] == nil { out[ty] = item } }
        return out
    }

    /// A declared stroke is a Lottie stroke over the stroked path (not a filled outline):
    /// colour, width, round cap (2), bevel join (3), miter limit, and the dash list (an odd
    /// list repeated, as the stroker lays it) ending with the offset.
    func testAStrokeIsAStrokeItemWithCapJoinMiterAndDashes() throws {
        let doc = try lottie("""
        scene 200x100 { background #000000 }
        layer l: path {
          move (20, 30) line (180, 30) line (180, 80)
          fill none  stroke #ff0000  width 6  cap round  join bevel  miter-limit 4  dash [10, 5, 2]  dash-phase 3
        }
        """, ticks: 0..<2)
        let it = try items(doc)
        XCTAssertNil(it["fl"], "no filled outline")
        let st = try XCTUnwrap(it["st"])
        XCTAssertEqual((st["c"] as? [String: Any])?["k"] as? [Double], [1, 0, 0, 1])
        XCTAssertEqual((st["w"] as? [String: Any])?["k"] as? Double, 6)
        XCTAssertEqual(st["lc"] as? Int, 2)
        XCTAssertEqual(st["lj"] as? Int, 3)
        XCTAssertEqual(st["ml"] as? Double, 4)
        let d = try XCTUnwrap(st["d"] as? [[String: Any]])
        XCTAssertEqual(d.map { $0["n"] as? String }, ["d", "g", "d", "g", "d", "g", "o"])
        XCTAssertEqual(d.map { ($0["v"] as? [String: Any])?["k"] as? Double }, [10, 5, 2, 10, 5, 2, 3])
        let sh = try XCTUnwrap(it["sh"]?["ks"] as? [String: Any])
        let v = try XCTUnwrap((sh["k"] as? [String: Any])?["v"] as? [[Double]])
        XCTAssertEqual(v.count, 3, "the stroked path's three points, not an outline")
        XCTAssertEqual((sh["k"] as? [String: Any])?["c"] as? Bool, false)
    }

    /// A dashed stroke along a slanted line (here a level one turned 20°) is an outline:
    /// rlottie lays dashes along slanted lines at other lengths than wave (24 dB against
    /// `wave render`). Undashed, or dashed along level and upright lines, it stays a stroke.
    func testADashedStrokeOnASlantIsAnOutline() throws {
        func kinds(_ body: String) throws -> Set<String> {
            let doc = try lottie("scene 200x100 { background #000000 }\nlayer l: path { \(body) }", ticks: 0..<2)
            return Set(try items(doc).keys)
        }
        let slanted = try kinds("move (20, 30) line (180, 30)  fill none  stroke #ff0000  width 5  dash [3, 7]  rotation 20deg")
        XCTAssertNil(slanted.firstIndex(of: "st"), "\(slanted)")
        XCTAssertNotNil(slanted.firstIndex(of: "fl"), "\(slanted)")
        let solid = try kinds("move (20, 30) line (180, 30)  fill none  stroke #ff0000  width 5  rotation 20deg")
        XCTAssertNotNil(solid.firstIndex(of: "st"), "\(solid)")
        let level = try kinds("move (20, 30) line (180, 30) line (180, 80) line (20, 80) close  fill none  stroke #ff0000  width 5  dash [3, 7]")
        XCTAssertNotNil(level.firstIndex(of: "st"), "\(level)")
        let closedSlant = try kinds("move (20, 30) line (180, 30) line (180, 80) close  fill none  stroke #ff0000  width 5  dash [3, 7]")
        XCTAssertNil(closedSlant.firstIndex(of: "st"), "the closing piece (180, 80) → (20, 30) is slanted: \(closedSlant)")
    }

    /// rlottie lays a pattern of more than one dash and gap from the right place only for a
    /// phase from 0 to the first dash's length: the phase is written modulo the pattern, and
    /// a stroke whose phase is then past its first dash is an outline (a rectangle with
    /// [7, 6, 4, 4] from 10 scored 17.4 dB as a stroke, 63 as an outline).
    func testADashPatternWithAPhasePastItsFirstDashIsAnOutline() throws {
        func stroke(_ dashes: String) throws -> [String: Any]? {
            let doc = try lottie("scene 60x40 { background #000000 }\nlayer l: rect { frame (15, 5, 30, 25)  fill none  stroke #00ff1d  width 4  dash \(dashes) }",
                                 ticks: 0..<2)
            return try items(doc)["st"]
        }
        func offset(_ st: [String: Any]?) -> Double? {
            ((st?["d"] as? [[String: Any]])?.last?["v"] as? [String: Any])?["k"] as? Double
        }
        XCTAssertNil(try stroke("[7, 6, 4, 4]  dash-phase 10"))
        XCTAssertNil(try stroke("[7, 6, 4, 4]  dash-phase -2"), "−2 is 19 into the pattern")
        XCTAssertEqual(offset(try stroke("[7, 6, 4, 4]  dash-phase 3")), 3)
        XCTAssertEqual(offset(try stroke("[7, 6, 4, 4]  dash-phase 22")), 1, "22 is 1 into the pattern")
        XCTAssertEqual(offset(try stroke("[7, 6]  dash-phase 10")), 10, "one dash and gap: any phase")
    }

    /// A gradient stroke is a gradient stroke item (`gs`): the gradient's ends, type and
    /// stops beside the stroke's width, cap and join, on the stroked path, not an outline
    /// filled with the gradient.
    func testAGradientStrokeIsAGradientStrokeItem() throws {
        let doc = try lottie("""
        scene 200x100 { background #000000 }
        layer l: path {
          move (20, 30) line (180, 30) line (180, 80)
          fill none  stroke linear-gradient(right, #ff0000, #0000ff)  width 6  cap round  join round
        }
        """, ticks: 0..<2)
        let it = try items(doc)
        XCTAssertNil(it["gf"], "no outline filled with the gradient")
        XCTAssertNil(it["st"])
        let gs = try XCTUnwrap(it["gs"])
        XCTAssertEqual((gs["w"] as? [String: Any])?["k"] as? Double, 6)
        XCTAssertEqual(gs["lc"] as? Int, 2)
        XCTAssertEqual(gs["lj"] as? Int, 2)
        XCTAssertEqual(gs["t"] as? Int, 1, "linear")
        let g = try XCTUnwrap(gs["g"] as? [String: Any])
        XCTAssertEqual(g["p"] as? Int, 2)
        XCTAssertEqual((g["k"] as? [String: Any])?["k"] as? [Double], [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1])
        let start = try XCTUnwrap((gs["s"] as? [String: Any])?["k"] as? [Double]), end = try XCTUnwrap((gs["e"] as? [String: Any])?["k"] as? [Double])
        XCTAssertGreaterThan(end[0], start[0], "left to right")
        let sh = try XCTUnwrap(it["sh"]?["ks"] as? [String: Any])
        XCTAssertEqual(((sh["k"] as? [String: Any])?["v"] as? [[Double]])?.count, 3, "the stroked path's three points")
    }

    /// A stroke-end animation is a trim path (`tm`) whose end goes from 20 to 100 % in one
    /// eased segment, before the stroke; the path itself stays still.
    func testAnAnimatedStrokeEndIsATrimPath() throws {
        let doc = try lottie("""
        scene 200x100 { background #000000 }
        layer l: path { move (20, 30) line (180, 30)  fill none  stroke #ffffff  width 4  stroke-end 0.2 }
        animate l.stroke-end to 1 over 1s ease ease-out
        """, ticks: 0..<61)
        let group = try XCTUnwrap((try shapeLayer(doc)["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
        XCTAssertEqual(group.map { $0["ty"] as? String }, ["sh", "tm", "st", "tr"])
        let tm = try XCTUnwrap(try items(doc)["tm"])
        XCTAssertEqual((tm["s"] as? [String: Any])?["k"] as? Double, 0)
        let e = try XCTUnwrap((tm["e"] as? [String: Any])?["k"] as? [[String: Any]])
        XCTAssertEqual(e.map { $0["t"] as? Int }, [0, 60])
        XCTAssertEqual(e.map { ($0["s"] as? [Double])?.first }, [20, 100])
        XCTAssertEqual((e[0]["o"] as? [String: [Double]])?["x"], [0])
        XCTAssertEqual((e[0]["i"] as? [String: [Double]])?["x"], [0.58])
        XCTAssertEqual(((try items(doc)["sh"])?["ks"] as? [String: Any])?["a"] as? Int, 0, "the path does not move")
    }

    /// Typing a text changes its path's structure at each character; a glyph's sub-path
    /// keeps only the keys around its own change (none once it shows), not one every
    /// character, and is never an empty path (rlottie draws holds towards one wrongly).
    func testAGlyphAlreadyTypedIsNotKeyedAgain() throws {
        let doc = try lottie("""
        scene 200x60 { background #000000 }
        layer word: text "il" { font "mono"  size 18  position (20, 30)  anchor left  fill #ffffff  visible-chars min(t / 0.1, 2) }
        """, ticks: 0..<30)
        let group = try XCTUnwrap((try shapeLayer(doc)["shapes"] as? [[String: Any]])?.first?["it"] as? [[String: Any]])
        let paths = group.filter { $0["ty"] as? String == "sh" }.compactMap { $0["ks"] as? [String: Any] }
        XCTAssertGreaterThan(paths.count, 1)
        XCTAssertEqual(paths[0]["a"] as? Int, 0, "the first glyph's contour never changes once typed")
        let keyed = paths.dropFirst().filter { $0["a"] as? Int == 1 }
        XCTAssertFalse(keyed.isEmpty, "the second glyph appears")
        for p in keyed {
            let keys = (p["k"] as? [[String: Any]]) ?? []
            XCTAssertLessThanOrEqual(keys.count, 3, "a later glyph: absent, absent the tick before, shown")
            // Absent as its own contour shrunk to a point, so every key has one vertex count.
            let counts = Set(keys.compactMap { (($0["s"] as? [[String: Any]])?.first?["v"] as? [Any])?.count })
            XCTAssertEqual(counts.count, 1, "\(counts)")
            XCTAssertFalse(counts.contains(0))
        }
    }

    /// A trim from 0 starts while the stroke draws nothing (no outline at its first tick):
    /// the eased run still starts there, at the value its curve gives (0), not at the first
    /// drawn tick's value; after a delay as from the start.
    func testATrimGrowingFromNothingIsOneEasedSegment() throws {
        let doc = try lottie("""
        scene 200x100 { background #000000 }
        layer l: path { move (20, 30) line (180, 30)  fill none  stroke #ffffff  width 4  stroke-end 0 }
        after 0.5s { animate l.stroke-end to 1 over 0.5s ease ease-in-out }
        """, ticks: 0..<70)
        let tm = try XCTUnwrap(try items(doc)["tm"])
        let e = try XCTUnwrap((tm["e"] as? [String: Any])?["k"] as? [[String: Any]])
        XCTAssertEqual(e.map { $0["t"] as? Int }, [0, 30, 60])
        XCTAssertEqual(e.map { ($0["s"] as? [Double])?.first ?? -1 }[1], 0, accuracy: 0.01)
        XCTAssertEqual(e.map { ($0["s"] as? [Double])?.first ?? -1 }[2], 100, accuracy: 0.01)
        XCTAssertEqual((e[1]["o"] as? [String: [Double]])?["x"], [0.42])
        XCTAssertEqual((e[1]["i"] as? [String: [Double]])?["x"], [0.58])
    }

    /// A shape turning with its group about the group's centre, not its own: its path's
    /// origin is that pivot, so its position is static and its rotation two keys, where the
    /// position would otherwise move on a circle every tick.
    func testAShapeTurningAboutItsGroupsCentreKeepsAStillPosition() throws {
        let doc = try lottie("""
        scene 200x200 { background #000000 }
        layer g: group {
          layer left: rect { frame (20, 90, 20, 20)  fill #ff0000 }
          layer right: rect { frame (160, 90, 20, 20)  fill #00ff00 }
        }
        animate g.rotation from 0deg to 360deg over 1s
        """, ticks: 0..<61)
        let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]]).filter { ($0["nm"] as? String) != "background" }
        XCTAssertEqual(layers.count, 2)
        for layer in layers {
            let ks = try XCTUnwrap(layer["ks"] as? [String: Any])
            let p = try XCTUnwrap(ks["p"] as? [String: Any])
            XCTAssertEqual(p["a"] as? Int, 0, "still")
            let k = try XCTUnwrap(p["k"] as? [Double])
            XCTAssertEqual(k[0], 100, accuracy: 0.05); XCTAssertEqual(k[1], 100, accuracy: 0.05)
            let r = try XCTUnwrap((ks["r"] as? [String: Any])?["k"] as? [[String: Any]])
            XCTAssertEqual(r.map { $0["t"] as? Int }, [0, 60])
        }
    }
}
