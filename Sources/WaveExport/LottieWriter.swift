import Foundation
import WaveCodecs
import WaveGeometry
import WaveGraphics

/// Writes a baked scene as Lottie JSON (Bodymovin 5): 60 fps, the scene's size, a frame a
/// tick. Each baked layer is a shape layer: a rigid path with position, rotation and
/// scale keyframes on the layer, a morphing one with path keyframes; its fill or gradient
/// fill with colour keyframes, its opacity on the layer. Keys move linearly (tangents
/// out 0,0 in 1,1) or along their timing curve (its control points as the tangents); a
/// hold is a hold keyframe. The background is a rectangle at the bottom.
public struct LottieWriter {
    public var scene: BakedScene
    /// `scene.images`, once: image layers name their asset by its index.
    let images: [RasterImage]

    /// Lottie's players keep sizes and frame counts in 32-bit numbers; 10 hours at 60 fps
    /// and 8192 px fit comfortably, so only non-positive sizes are refused.
    public struct Unwritable: Error, CustomStringConvertible {
        public var description: String
    }

    public init(_ scene: BakedScene) {
        self.scene = scene
        images = scene.images
    }

    public var json: String {
        get throws {
            guard scene.width > 0, scene.height > 0, scene.tickCount > 0 else {
                throw Unwritable(description: "a Lottie animation needs a size and at least one frame")
            }
            var layers = composition(scene.layers, firstIndex: 2)
            if scene.background.a > 0 { layers.append(background) }
            var assets = scene.masks.enumerated().map { k, mask in
                JSON.object([("id", .string("mask\(k)")), ("nm", .string("mask \(k)")), ("layers", .array(composition(mask.layers, firstIndex: 1)))])
            }
            for k in scene.fades.indices {
                let held = scene.layers.filter { $0.fades.contains(k) }
                let depth = (held.first?.fades.firstIndex(of: k) ?? 0) + 1
                assets.append(.object([("id", .string("fade\(k)")), ("nm", .string("fade \(k)")),
                                       ("layers", .array(composition(held, firstIndex: 1, depth: depth)))]))
            }
            for (k, image) in images.enumerated() {
                let png = try PNGEncoder.encode(width: image.width, height: image.height, rgba: image.straightRGBA, compression: 9)
                assets.append(.object([("id", .string("image\(k)")), ("w", .number(Double(image.width))), ("h", .number(Double(image.height))),
                                       ("u", .string("")), ("p", .string("data:image/png;base64," + Data(png).base64EncodedString())),
                                       ("e", .number(1))]))
            }
            let doc = JSON.object([
                ("v", .string("5.7.4")), ("fr", .number(60)), ("ip", .number(0)), ("op", .number(Double(scene.tickCount))),
                ("w", .number(Double(scene.width))), ("h", .number(Double(scene.height))), ("nm", .string(scene.name)),
                ("ddd", .number(0)), ("assets", .array(assets)), ("layers", .array(layers)),
            ])
            return doc.text
        }
    }

    /// `layers` (bottom to top) as Lottie layers, top first, indices from `firstIndex`. A
    /// masked layer gets its mask as a track matte: a precomposition of the mask's shapes
    /// (asset `maskK`) placed right above it with `td` 1, and `tt` 1 on the layer (2, the
    /// inverted alpha matte, for an inverted mask).
    ///
    /// A run of layers naming one fade (the one `depth` deep in their `fades`; the ones
    /// before hold the whole composition) is one precomposition layer instead (asset
    /// `fadeK`, the run's layers), whose opacity fades them together.
    func composition(_ layers: [BakedLayer], firstIndex: Int, depth: Int = 0) -> [JSON] {
        var out: [JSON] = []
        var index = firstIndex
        var fadesDone = Set<Int>()
        for layer in layers.reversed() {
            if layer.fades.count > depth {
                let k = layer.fades[depth]
                guard fadesDone.insert(k).inserted else { continue }
                let run = layers.filter { $0.fades.count > depth && $0.fades[depth] == k }
                let ticks = run.map(\.ticks.lowerBound).min()! ..< run.map(\.ticks.upperBound).max()!
                out.append(fadeLayer(k, index: index, ticks: ticks))
                index += 1
                continue
            }
            var shape: JSON
            if case .image(let image, let placement) = layer.paint {
                shape = imageLayer(layer, index: index + (layer.mask == nil ? 0 : 1), image: image, placement: placement)
            } else {
                shape = shapeLayer(layer, index: index + (layer.mask == nil ? 0 : 1))
            }
            if let k = layer.mask {
                out.append(matteLayer(mask: k, index: index, ticks: layer.ticks))
                shape = shape.adding("tt", .number(scene.masks[k].inverted ? 2 : 1))
                index += 1
            }
            out.append(shape)
            index += 1
        }
        return out
    }

    /// An image layer: the embedded image placed by the layer transform (the shape's motion
    /// and the image's map, whose axis-aligned part Lottie can hold: anchor, scale), clipped
    /// by the shape as layer masks (one a subpath, added), in the image's own coordinates.
    func imageLayer(_ layer: BakedLayer, index: Int, image: RasterImage, placement: Track) -> JSON {
        // The image's map as a turn φ after a scale (kx, ky) and an offset t, its skew left
        // out (`Baker` reports it): then motion ∘ map is the layer transform with anchor
        // −R(−φ)t / k, the motion's position, rotation + φ, scale · k (exact for a motion
        // that scales both axes alike).
        let l = placement.first
        let phi = atan2(l[1], l[0])
        let kx = max(1e-9, (l[0] * l[0] + l[1] * l[1]).squareRoot())
        let ky = (l[0] * l[3] - l[1] * l[2]) / kx
        let ky1 = ky == 0 ? 1 : ky
        let map = Transform.scale(kx, ky1).concatenating(.rotation(phi)).concatenating(.translation(l[4], l[5]))
        let toImage = map.inverted ?? .identity
        let back = Transform.rotation(-phi).apply(Point(l[4], l[5]))
        let anchor = fixed([-back.x / kx, -back.y / ky1])
        let degrees = phi * 180 / .pi
        var transform: [(String, JSON)]
        var paths: [JSON] = []
        switch layer.shape {
        case .rigid(let path, let motion):
            transform = [("a", anchor), ("p", track(motion) { [$0[0], $0[1]] }),
                         ("s", track(motion) { [$0[3] * kx * 100, $0[4] * ky1 * 100] }), ("r", track(motion) { [$0[2] + degrees] })]
            paths = LottiePath.subpaths(path.transformed(by: toImage)).map { .object([("a", .number(0)), ("k", $0)]) }
        case .morphing(let structures, let points):
            transform = [("a", anchor), ("p", fixed([0, 0])), ("s", fixed([kx * 100, ky1 * 100])), ("r", fixed(degrees))]
            let perKey = points.keys.map { LottiePath.subpaths(Path(kinds: structures[$0.structure], coordinates: $0.value).transformed(by: toImage)) }
            let count = perKey.map(\.count).max() ?? 0
            for s in 0..<count {
                if points.isStatic {
                    paths.append(.object([("a", .number(0)), ("k", perKey[0][s])]))
                } else {
                    paths.append(keyframes(points, values: LottiePath.values(of: s, in: perKey, collapsing: true)))
                }
            }
        }
        let masks = paths.map { pt in
            JSON.object([("mode", .string("a")), ("nm", .string("shape")), ("inv", .bool(false)), ("pt", pt), ("o", fixed(100))])
        }
        let imageIndex = images.firstIndex { $0 === image } ?? 0
        return .object([("ddd", .number(0)), ("ind", .number(Double(index))), ("ty", .number(2)), ("nm", .string("image \(index - 1)")),
                        ("refId", .string("image\(imageIndex)")), ("sr", .number(1)),
                        ("ks", .object(transform + [("o", track(layer.opacity) { [$0[0] * 100] })])), ("ao", .number(0)),
                        ("hasMask", .bool(true)), ("masksProperties", .array(masks)),
                        ("ip", .number(Double(layer.ticks.lowerBound))), ("op", .number(Double(layer.ticks.upperBound))), ("st", .number(0)),
                        ("bm", .number(Double(LottieWriter.blendCode(layer.blend))))])
    }

    /// A precomposition layer of fade `k`'s layers, with its opacity.
    func fadeLayer(_ k: Int, index: Int, ticks: Range<Int>) -> JSON {
        .object([("ddd", .number(0)), ("ind", .number(Double(index))), ("ty", .number(0)), ("nm", .string("fade \(k)")),
                 ("refId", .string("fade\(k)")), ("sr", .number(1)),
                 ("ks", .object(staticTransform + [("o", track(scene.fades[k].opacity) { [$0[0] * 100] })])), ("ao", .number(0)),
                 ("w", .number(Double(scene.width))), ("h", .number(Double(scene.height))),
                 ("ip", .number(Double(ticks.lowerBound))), ("op", .number(Double(ticks.upperBound))), ("st", .number(0)),
                 ("bm", .number(0))])
    }

    /// A precomposition layer of mask `k`, as the track matte of the layer below it.
    func matteLayer(mask k: Int, index: Int, ticks: Range<Int>) -> JSON {
        .object([("ddd", .number(0)), ("ind", .number(Double(index))), ("ty", .number(0)), ("nm", .string("mask \(k)")),
                 ("refId", .string("mask\(k)")), ("td", .number(1)), ("sr", .number(1)),
                 ("ks", .object(staticTransform + [("o", fixed(100))])), ("ao", .number(0)),
                 ("w", .number(Double(scene.width))), ("h", .number(Double(scene.height))),
                 ("ip", .number(Double(ticks.lowerBound))), ("op", .number(Double(ticks.upperBound))), ("st", .number(0)),
                 ("bm", .number(0))])
    }

    var background: JSON {
        let c = scene.background
        let w = Double(scene.width), h = Double(scene.height)
        let rect = JSON.object([("ty", .string("rc")), ("nm", .string("background")), ("d", .number(1)),
                                ("p", fixed([w / 2, h / 2])), ("s", fixed([w, h])), ("r", fixed(0))])
        let fill = JSON.object([("ty", .string("fl")), ("nm", .string("fill")), ("c", fixed([c.r, c.g, c.b, 1])),
                                ("o", fixed(c.a * 100)), ("r", .number(1))])
        return layerJSON(name: "background", index: 1, transform: staticTransform, items: [rect, fill],
                         ticks: 0..<scene.tickCount, blend: .normal)
    }

    func shapeLayer(_ layer: BakedLayer, index: Int) -> JSON {
        var items: [JSON] = []
        var transform = staticTransform
        let opacity = track(layer.opacity) { [$0[0] * 100] }
        switch layer.shape {
        case .rigid(let path, let motion):
            items += LottiePath.subpaths(path).map { sh(.object([("a", .number(0)), ("k", $0)])) }
            transform = [("a", fixed([0, 0])), ("p", track(motion) { [$0[0], $0[1]] }),
                         ("s", track(motion) { [$0[3] * 100, $0[4] * 100] }), ("r", track(motion) { [$0[2]] })]
        case .morphing(let structures, let points):
            let perKey = points.keys.map { LottiePath.subpaths(Path(kinds: structures[$0.structure], coordinates: $0.value)) }
            let count = perKey.map(\.count).max() ?? 0
            for s in 0..<count {
                if points.isStatic {
                    items.append(sh(.object([("a", .number(0)), ("k", perKey[0][s])])))
                } else {
                    let values = LottiePath.values(of: s, in: perKey, collapsing: layer.stroke == nil)
                    items.append(sh(keyframes(points, values: values)))
                }
            }
        }
        if let stroke = layer.stroke {
            items += strokeItems(stroke, paint: layer.paint)
        } else {
            items.append(paintItem(layer))
        }
        // The opacity goes on the shape group, not the layer: rlottie 0.2 lowers the alpha
        // of the whole frame under a layer whose opacity is below 100.
        return layerJSON(name: "shape \(index - 1)", index: index, transform: transform, items: items, ticks: layer.ticks,
                         blend: layer.blend, opacity: opacity)
    }

    func paintItem(_ layer: BakedLayer) -> JSON {
        let rule = JSON.number(layer.rule == .evenOdd ? 2 : 1)
        switch layer.paint {
        case .solid(let c):
            return .object([("ty", .string("fl")), ("nm", .string("fill")), ("c", track(c) { [$0[0], $0[1], $0[2], 1] }),
                            ("o", track(c) { [$0[3] * 100] }), ("r", rule)])
        case .linear, .radial:
            return .object([("ty", .string("gf")), ("nm", .string("gradient")), ("o", fixed(100)), ("r", rule)] + gradientFields(layer.paint))
        case .image:
            // Image layers are written by `imageLayer`; a shape never gets here with one.
            return .object([("ty", .string("fl")), ("nm", .string("fill")), ("c", fixed([1, 1, 1, 1])), ("o", fixed(100)), ("r", rule)])
        }
    }

    /// A stroke as Lottie draws it: trim paths (`tm`) when it is trimmed, then the stroke
    /// (`st`, or `gs` for a gradient) with its colour, width, cap, join, miter limit and
    /// dashes (`d`: on, off…, offset).
    func strokeItems(_ stroke: BakedStroke, paint: BakedPaint) -> [JSON] {
        let v = stroke.values
        var items: [JSON] = []
        if v.keys.contains(where: { $0.value[2] > 0 || $0.value[3] < 1 }) {
            func percent(_ x: Double) -> Double { min(1, max(0, x.isNaN ? 0 : x)) * 100 }
            items.append(.object([("ty", .string("tm")), ("nm", .string("trim")), ("s", track(v) { [percent($0[2])] }),
                                  ("e", track(v) { [percent($0[3])] }), ("o", fixed(0)), ("m", .number(1))]))
        }
        let cap: Double = stroke.cap == .butt ? 1 : stroke.cap == .round ? 2 : 3
        let join: Double = stroke.join == .miter ? 1 : stroke.join == .round ? 2 : 3
        var fields: [(String, JSON)]
        if case .solid(let c) = paint {
            fields = [("ty", .string("st")), ("nm", .string("stroke")), ("c", track(c) { [$0[0], $0[1], $0[2], 1] }), ("o", track(c) { [$0[3] * 100] })]
        } else {
            fields = [("ty", .string("gs")), ("nm", .string("gradient stroke")), ("o", fixed(100))] + gradientFields(paint)
        }
        fields += [("w", track(v) { [$0[0]] }), ("lc", .number(cap)), ("lj", .number(join)), ("ml", .number(v.first[1]))]
        let dashCount = v.first.count - 5
        if dashCount > 0 {
            var dashes: [JSON] = []
            for i in 0..<dashCount {
                let kind = i % 2 == 0 ? "d" : "g"
                dashes.append(.object([("n", .string(kind)), ("nm", .string(kind == "d" ? "dash" : "gap")), ("v", track(v) { [$0[5 + i]] })]))
            }
            dashes.append(.object([("n", .string("o")), ("nm", .string("offset")), ("v", track(v) { [$0[4]] })]))
            fields.append(("d", .array(dashes)))
        }
        items.append(.object(fields))
        return items
    }

    /// The fields a gradient fill (`gf`) and a gradient stroke (`gs`) share: start, end,
    /// type (1 linear, 2 radial) and the stops; none for another paint.
    func gradientFields(_ paint: BakedPaint) -> [(String, JSON)] {
        let type: Int, start: JSON, end: JSON, stops: Track
        switch paint {
        case .linear(let points, let s):
            (type, start, end, stops) = (1, track(points) { [$0[0], $0[1]] }, track(points) { [$0[2], $0[3]] }, s)
        case .radial(let circle, let s):
            (type, start, end, stops) = (2, track(circle) { [$0[0], $0[1]] }, track(circle) { [$0[0] + $0[2], $0[1]] }, s)
        case .solid, .image:
            return []
        }
        let count = stops.first.count / 5
        let colors = track(stops) { v in
            var offsets: [Double] = [], alphas: [Double] = []
            var last = -Double.infinity
            for s in 0..<count {
                last = max(last, v[5 * s])
                let at = min(1, max(0, last))
                offsets += [at, v[5 * s + 1], v[5 * s + 2], v[5 * s + 3]]
                alphas += [at, v[5 * s + 4]]
            }
            return offsets + alphas
        }
        return [("s", start), ("e", end), ("t", .number(Double(type))), ("g", .object([("p", .number(Double(count))), ("k", colors)]))]
    }

    var staticTransform: [(String, JSON)] {
        [("a", fixed([0, 0])), ("p", fixed([0, 0])), ("s", fixed([100, 100])), ("r", fixed(0))]
    }

    func layerJSON(name: String, index: Int, transform: [(String, JSON)], items: [JSON], ticks: Range<Int>, blend: BlendMode,
                   opacity: JSON? = nil) -> JSON {
        let t = transform + [("o", fixed(100))]
        let group = JSON.object([("ty", .string("gr")), ("nm", .string(name)),
                                 ("it", .array(items + [.object([("ty", .string("tr")), ("nm", .string("transform"))] + staticTransform + [("o", opacity ?? fixed(100))])]))])
        return .object([("ddd", .number(0)), ("ind", .number(Double(index))), ("ty", .number(4)), ("nm", .string(name)), ("sr", .number(1)),
                        ("ks", .object(t)), ("ao", .number(0)), ("shapes", .array([group])),
                        ("ip", .number(Double(ticks.lowerBound))), ("op", .number(Double(ticks.upperBound))), ("st", .number(0)),
                        ("bm", .number(Double(LottieWriter.blendCode(blend))))])
    }

    func sh(_ ks: JSON) -> JSON { .object([("ty", .string("sh")), ("nm", .string("path")), ("ks", ks)]) }

    func fixed(_ x: Double) -> JSON { .object([("a", .number(0)), ("k", .number(x))]) }
    func fixed(_ xs: [Double]) -> JSON { .object([("a", .number(0)), ("k", JSON.numbers(xs))]) }

    /// A property from a track: static where the mapped values never change (a motion that
    /// only turns keeps its position), or keyframes with `map` applied to each key.
    func track(_ t: Track, _ map: ([Double]) -> [Double]) -> JSON {
        let first = map(t.first)
        if t.keys.allSatisfy({ map($0.value) == first }) {
            return first.count == 1 ? fixed(first[0]) : fixed(first)
        }
        return keyframes(t, values: t.keys.map { JSON.numbers(map($0.value)) })
    }

    /// Keyframes at the track's keys with `values` (one a key): linear, eased by the key's
    /// timing curve, or held.
    /// A key whose value is the one before it and after it is left out: one sub-path of a
    /// path that changes elsewhere (a typed text's glyphs) keeps only the keys around its
    /// own changes. (A hold is never stretched up to a change of vertex count: rlottie 0.2
    /// draws some such long holds wrongly.)
    func keyframes(_ t: Track, values: [JSON]) -> JSON {
        var kept: [(key: Track.Key, value: JSON)] = []
        var texts: [String] = []
        for (i, k) in t.keys.enumerated() {
            let text = values[i].text
            let isLast = i + 1 == t.keys.count
            if let previous = texts.last, previous == text, isLast || values[i + 1].text == text {
                if !isLast {
                    kept[kept.count - 1].key.hold = k.hold
                    kept[kept.count - 1].key.curve = k.curve
                } else {
                    kept[kept.count - 1].key.hold = false
                    kept[kept.count - 1].key.curve = nil
                }
                continue
            }
            kept.append((k, values[i]))
            texts.append(text)
        }
        if kept.count == 1 {
            if case .array(let xs) = kept[0].value, xs.count == 1, case .number(let x) = xs[0] { return fixed(x) }
            return .object([("a", .number(0)), ("k", kept[0].value)])
        }
        var keys: [JSON] = []
        for (i, (k, value)) in kept.enumerated() {
            var fields: [(String, JSON)] = [("t", .number(Double(k.tick))), ("s", .array([value]))]
            if case .array(let xs) = value, !xs.isEmpty, case .number = xs[0] { fields[1] = ("s", value) }
            if i + 1 < kept.count {
                // The timing curve's control points as the tangents: out of this key, into the next.
                let c = k.curve ?? Track.Curve(0, 0, 1, 1)
                fields += [("o", .object([("x", JSON.numbers([c.x1])), ("y", JSON.numbers([c.y1]))])),
                           ("i", .object([("x", JSON.numbers([c.x2])), ("y", JSON.numbers([c.y2]))]))]
                if k.hold { fields.append(("h", .number(1))) }
            }
            keys.append(.object(fields))
        }
        return .object([("a", .number(1)), ("k", .array(keys))])
    }

    /// Lottie's blend mode numbers (`bm`).
    static func blendCode(_ b: BlendMode) -> Int {
        switch b {
        case .normal: return 0
        case .multiply: return 1
        case .screen: return 2
        case .overlay: return 3
        case .darken: return 4
        case .lighten: return 5
        case .colorDodge: return 6
        case .colorBurn: return 7
        case .hardLight: return 8
        case .softLight: return 9
        case .difference: return 10
        case .exclusion: return 11
        case .plusLighter: return 16
        }
    }
}

/// Paths as Lottie shape values: one `{c, v, i, o}` a sub-path, cubic Béziers with
/// tangents relative to their vertex (a quadratic raised to a cubic, exactly).
enum LottiePath {
    static let empty = JSON.object([("c", .bool(false)), ("v", .array([])), ("i", .array([])), ("o", .array([]))])

    /// Sub-path `s` of each key's sub-paths (`perKey`). Where a key has no such sub-path it
    /// is empty, or with `collapsing` (a filled path, where a point draws nothing) the
    /// nearest key's sub-path shrunk to its first point: rlottie 0.2 draws nothing for a
    /// hold towards a path of another vertex count, so an absent contour keeps its count.
    static func values(of s: Int, in perKey: [[JSON]], collapsing: Bool) -> [JSON] {
        let present = perKey.indices.filter { s < perKey[$0].count }
        return perKey.indices.map { k in
            if s < perKey[k].count { return perKey[k][s] }
            guard collapsing, let near = present.min(by: { abs($0 - k) < abs($1 - k) }) else { return empty }
            return collapsed(perKey[near][s])
        }
    }

    /// A sub-path value with every vertex at its first one and no tangents: the same
    /// vertex count, no area.
    static func collapsed(_ shape: JSON) -> JSON {
        guard case .object(let fields) = shape, let v = fields.first(where: { $0.0 == "v" })?.1,
              case .array(let vertices) = v, let first = vertices.first else { return empty }
        let zero = Array(repeating: JSON.numbers([0, 0]), count: vertices.count)
        let closed = fields.first { $0.0 == "c" }?.1 ?? .bool(false)
        return .object([("c", closed), ("v", .array(Array(repeating: first, count: vertices.count))), ("i", .array(zero)), ("o", .array(zero))])
    }

    static func subpaths(_ path: Path) -> [JSON] {
        var out: [JSON] = []
        var v: [Point] = [], ins: [Point] = [], outs: [Point] = []
        var closed = false
        var start = Point(0, 0)
        func flush() {
            if !v.isEmpty {
                // To 1/1000 px, as the SVG writes paths: far inside the bake's 0.05 px.
                func r(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
                func list(_ ps: [Point]) -> JSON { .array(ps.map { JSON.numbers([r($0.x), r($0.y)]) }) }
                out.append(.object([("c", .bool(closed)), ("v", list(v)), ("i", list(ins)), ("o", list(outs))]))
            }
            v = []; ins = []; outs = []; closed = false
        }
        func begin(_ p: Point) { flush(); v = [p]; ins = [Point(0, 0)]; outs = [Point(0, 0)]; start = p }
        func ensure(_ p: Point) { if v.isEmpty { begin(p) } }
        for e in path.elements {
            switch e {
            case .move(let p): begin(p)
            case .line(let p):
                if closed { begin(start) }
                ensure(p)
                v.append(p); ins.append(Point(0, 0)); outs.append(Point(0, 0))
            case .quad(let c, let p):
                if closed { begin(start) }
                ensure(c)
                let p0 = v[v.count - 1]
                let c1 = Point(p0.x + 2 / 3 * (c.x - p0.x), p0.y + 2 / 3 * (c.y - p0.y))
                let c2 = Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y))
                cubic(c1, c2, p)
            case .cubic(let c1, let c2, let p):
                if closed { begin(start) }
                ensure(c1)
                cubic(c1, c2, p)
            case .close:
                if !v.isEmpty { closed = true }
            }
        }
        func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
            let last = v[v.count - 1]
            outs[outs.count - 1] = Point(c1.x - last.x, c1.y - last.y)
            v.append(p); ins.append(Point(c2.x - p.x, c2.y - p.y)); outs.append(Point(0, 0))
        }
        flush()
        return out
    }
}
