import Foundation
import WaveCodecs
import WaveGeometry
import WaveGraphics

/// Writes a baked scene as an SVG document. Tracks that change become SMIL animations
/// (`<animate>`, `<animateTransform>`) over the whole export, repeating forever, so the
/// file plays in a browser and in an `<img>`; a scene of one tick is a still picture.
///
/// Each layer is a `<path>`: a rigid one inside a `<g>` whose transform animates
/// (translate, then rotate, then scale), a morphing one with its `d` animated. Values
/// move linearly between keys; a hold (a path changing structure) is written as a key
/// just before the next one. Tick t shows at t/60 s, as the renderer's tick t.
public struct SVGWriter {
    public var scene: BakedScene
    /// `scene.images`, once: `<use>` refers to each by its index.
    let images: [RasterImage]

    public init(_ scene: BakedScene) {
        self.scene = scene
        images = scene.images
    }

    public var document: String {
        let w = scene.width, h = scene.height
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        out += "<title>\(XML.escaped(scene.name))</title>\n"
        if scene.background.a > 0 {
            out += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"\(rgb(scene.background))\"\(scene.background.a < 1 ? " fill-opacity=\"\(n(scene.background.a))\"" : "")/>\n"
        }
        if !images.isEmpty {
            out += "<defs>\n"
            for (k, image) in images.enumerated() {
                let png = (try? PNGEncoder.encode(width: image.width, height: image.height, rgba: image.straightRGBA, compression: 9)) ?? []
                out += "<image id=\"i\(k)\" width=\"\(image.width)\" height=\"\(image.height)\" preserveAspectRatio=\"none\" "
                    + "href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>\n"
            }
            out += "</defs>\n"
        }
        for (k, filter) in scene.filters.enumerated() { out += filterElement(filter, id: k) }
        for (k, mask) in scene.masks.enumerated() { out += maskElement(mask, id: k) }
        out += elements(scene.layers, prefix: "g", ink: nil)
        return out + "</svg>\n"
    }

    /// The layers in order; a run of consecutive layers naming one filter goes in one
    /// `<g filter>`, so a group's blur and shadow apply to its shapes together, and a run
    /// naming one fade in one `<g opacity>`, so the group is drawn, then faded (nested as
    /// `BakedLayer.scopes` says).
    func elements(_ layers: [BakedLayer], prefix: String, ink: [Double]?) -> String {
        var out = ""
        var open: [BakedScope] = []
        for (i, layer) in layers.enumerated() {
            let scopes = layer.scopes
            var kept = 0
            while kept < min(open.count, scopes.count) && open[kept] == scopes[kept] { kept += 1 }
            out += String(repeating: "</g>\n", count: open.count - kept)
            for scope in scopes[kept...] {
                switch scope {
                case .filter(let f):
                    out += "<g filter=\"url(#f\(f))\">\n"
                case .fade(let f):
                    let opacity = scene.fades[f].opacity
                    out += "<g opacity=\"\(n(opacity.first[0]))\">"
                    if !opacity.isStatic { out += animate("opacity", opacity) { n($0[0]) } }
                    out += "\n"
                }
            }
            open = scopes
            out += element(layer, id: "\(prefix)\(i)", ink: ink)
        }
        return out + String(repeating: "</g>\n", count: open.count)
    }

    /// `<filter id="fK">` in the scene's coordinates: the renderer's order, blur first
    /// (`feGaussianBlur`), then the drop shadow of the blurred alpha (`feDropShadow`), in
    /// sRGB as the renderer mixes.
    func filterElement(_ f: BakedFilter, id k: Int) -> String {
        var out = "<filter id=\"f\(k)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(scene.width)\" height=\"\(scene.height)\" color-interpolation-filters=\"sRGB\">"
        out += "<feGaussianBlur in=\"SourceGraphic\" stdDeviation=\"\(n(f.blur.first[0]))\" result=\"blurred\">"
        if !f.blur.isStatic { out += animate("stdDeviation", f.blur) { n($0[0]) } }
        out += "</feGaussianBlur>"
        if let shadow = f.shadow {
            let v = shadow.first
            out += "<feDropShadow in=\"blurred\" dx=\"\(n(v[0]))\" dy=\"\(n(v[1]))\" stdDeviation=\"\(n(v[2]))\" "
                + "flood-color=\"\(rgb(Array(v[3...])))\" flood-opacity=\"\(n(v[6]))\">"
            // Only what changes is animated.
            func varies(_ c: ClosedRange<Int>) -> Bool { shadow.keys.contains { Array($0.value[c]) != Array(v[c]) } }
            if varies(0...0) { out += animate("dx", shadow) { n($0[0]) } }
            if varies(1...1) { out += animate("dy", shadow) { n($0[1]) } }
            if varies(2...2) { out += animate("stdDeviation", shadow) { n($0[2]) } }
            if varies(3...5) { out += animate("flood-color", shadow) { rgb(Array($0[3...])) } }
            if varies(6...6) { out += animate("flood-opacity", shadow) { n($0[6]) } }
            out += "</feDropShadow>"
        }
        return out + "</filter>\n"
    }

    /// `<mask id="mK">` in the scene's coordinates: a luminance mask whose shapes are drawn
    /// white with their alpha (an inverted mask: black over a white page), so its luminance
    /// is the mask's alpha as the renderer computes it, in every SVG renderer.
    func maskElement(_ mask: BakedMask, id k: Int) -> String {
        var out = "<mask id=\"m\(k)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(scene.width)\" height=\"\(scene.height)\">"
        if mask.inverted { out += "<rect width=\"\(scene.width)\" height=\"\(scene.height)\" fill=\"#fff\"/>" }
        out += "\n"
        out += elements(mask.layers, prefix: "m\(k)g", ink: mask.inverted ? [0, 0, 0] : [1, 1, 1])
        return out + "</mask>\n"
    }

    /// A layer as SVG; with `ink`, every colour of its paint is that colour (alphas kept):
    /// a mask's shapes.
    func element(_ layer: BakedLayer, id: String, ink: [Double]? = nil) -> String {
        let body = shapeElement(layer, id: id, ink: ink)
        guard let m = layer.mask else { return body }
        // On a `<g>` of its own, so the mask stays in the scene's coordinates.
        return "<g mask=\"url(#m\(m))\">\n" + body + "</g>\n"
    }

    /// An image shown inside its shape: the shape as a `<clipPath>`, the image (`<use>` of
    /// its one copy in `<defs>`) placed by its map, in the shape's coordinates.
    func imageElement(_ layer: BakedLayer, id: String, image: RasterImage, placement: Track) -> String {
        let m = placement.first
        var inner = "<clipPath id=\"\(id)c\">"
        var close = ""
        switch layer.shape {
        case .rigid(let path, let motion):
            inner = rigidGroup(motion) + inner + "<path d=\"\(SVGWriter.d(path))\"\(layer.rule == .evenOdd ? " clip-rule=\"evenodd\"" : "")/>"
            close = "</g>"
        case .morphing(let structures, let points):
            inner += "<path d=\"\(SVGWriter.d(Path(kinds: structures[points.keys[0].structure], coordinates: points.first)))\""
                + (layer.rule == .evenOdd ? " clip-rule=\"evenodd\"" : "") + ">"
            if !points.isStatic {
                let (times, values, splines) = timing(points, discrete: structures.count > 1) { v, k in SVGWriter.d(Path(kinds: structures[k], coordinates: v)) }
                inner += "<animate attributeName=\"d\" values=\"\(values)\" keyTimes=\"\(times)\" dur=\"\(duration)\" repeatCount=\"indefinite\"\(structures.count > 1 ? " calcMode=\"discrete\"" : splines)/>"
            }
            inner += "</path>"
        }
        inner += "</clipPath>"
        var g = "<g clip-path=\"url(#\(id)c)\" opacity=\"\(n(layer.opacity.first[0]))\""
        if layer.blend != .normal { g += " style=\"mix-blend-mode:\(layer.blend.rawValue)\"" }
        g += ">"
        if !layer.opacity.isStatic { g += animate("opacity", layer.opacity) { n($0[0]) } }
        let use = "<use href=\"#i\(images.firstIndex { $0 === image } ?? 0)\" transform=\"matrix(\(m.map(n).joined(separator: " ")))\"/>"
        return inner + g + use + "</g>" + close + "\n"
    }

    func shapeElement(_ layer: BakedLayer, id: String, ink: [Double]?) -> String {
        if case .image(let image, let placement) = layer.paint, ink == nil {
            return imageElement(layer, id: id, image: image, placement: placement)
        }
        var out = ""
        var attributes = ""
        var animations = ""
        let colour = { (v: [Double]) in rgb(ink ?? v) }
        switch layer.paint {
        case .solid(let c):
            attributes += " fill=\"\(colour(c.first))\""
            if !c.isStatic && ink == nil { animations += animate("fill", c) { rgb($0) } }
            let alpha = Track(keys: c.keys.map { Track.Key(tick: $0.tick, value: [$0.value[3]], hold: $0.hold, structure: 0, curve: $0.curve) })
            if alpha.keys.contains(where: { $0.value[0] < 1 }) {
                attributes += " fill-opacity=\"\(n(alpha.first[0]))\""
                if !c.isStatic { animations += animate("fill-opacity", alpha) { n($0[0]) } }
            }
        case .linear(let points, let stops):
            out += gradient("linearGradient", id: id, geometry: points, names: ["x1", "y1", "x2", "y2"], stops: stops, ink: ink)
            attributes += " fill=\"url(#\(id))\""
        case .radial(let circle, let stops):
            out += gradient("radialGradient", id: id, geometry: circle, names: ["cx", "cy", "r"], stops: stops, ink: ink)
            attributes += " fill=\"url(#\(id))\""
        case .image:
            // In a mask: the image's shape, as if the image were opaque (reported).
            attributes += " fill=\"\(colour([1, 1, 1]))\""
        }
        if layer.rule == .evenOdd { attributes += " fill-rule=\"evenodd\"" }
        if layer.blend != .normal { attributes += " style=\"mix-blend-mode:\(layer.blend.rawValue)\"" }
        attributes += " opacity=\"\(n(layer.opacity.first[0]))\""
        if !layer.opacity.isStatic { animations += animate("opacity", layer.opacity) { n($0[0]) } }

        switch layer.shape {
        case .rigid(let path, let motion):
            out += rigidGroup(motion)
            out += "<path d=\"\(SVGWriter.d(path))\"\(attributes)>\(animations)</path></g>\n"
        case .morphing(let structures, let points):
            let d0 = SVGWriter.d(Path(kinds: structures[points.keys[0].structure], coordinates: points.first))
            if !points.isStatic {
                let (times, values, splines) = timing(points, discrete: structures.count > 1) { v, k in SVGWriter.d(Path(kinds: structures[k], coordinates: v)) }
                animations += "<animate attributeName=\"d\" values=\"\(values)\" keyTimes=\"\(times)\" dur=\"\(duration)\" repeatCount=\"indefinite\"\(structures.count > 1 ? " calcMode=\"discrete\"" : splines)/>"
            }
            out += "<path d=\"\(d0)\"\(attributes)>\(animations)</path>\n"
        }
        return out
    }

    /// The opening `<g>` of a rigid path: its motion's first value, then its translate,
    /// rotate and scale animated where the motion changes.
    func rigidGroup(_ motion: Track) -> String {
        let m = motion.first
        var out = "<g transform=\"translate(\(n(m[0])) \(n(m[1]))) rotate(\(n(m[2]))) scale(\(n(m[3])) \(n(m[4])))\">"
        if !motion.isStatic {
            out += animateTransform("translate", motion, additive: false) { "\(n($0[0])) \(n($0[1]))" }
            out += animateTransform("rotate", motion, additive: true) { n($0[2]) }
            out += animateTransform("scale", motion, additive: true) { "\(n($0[3])) \(n($0[4]))" }
        }
        return out
    }

    /// `<linearGradient>`/`<radialGradient>` in user space, its geometry and stops animated
    /// where they change.
    func gradient(_ tag: String, id: String, geometry: Track, names: [String], stops: Track, ink: [Double]? = nil) -> String {
        let g = geometry.first
        var out = "<\(tag) id=\"\(id)\" gradientUnits=\"userSpaceOnUse\""
        for (k, name) in names.enumerated() { out += " \(name)=\"\(n(g[k]))\"" }
        out += ">"
        if !geometry.isStatic {
            for (k, name) in names.enumerated() { out += animate(name, geometry) { n($0[k]) } }
        }
        let count = stops.first.count / 5
        var last = -Double.infinity
        for s in 0..<count {
            let v = stops.first
            last = max(last, v[5 * s])
            out += "<stop offset=\"\(n(min(1, max(0, last))))\" stop-color=\"\(rgb(ink ?? Array(v[(5 * s + 1)...])))\" stop-opacity=\"\(n(v[5 * s + 4]))\">"
            if !stops.isStatic {
                out += animate("offset", stops) { n(min(1, max(0, $0[5 * s]))) }
                if ink == nil { out += animate("stop-color", stops) { rgb(Array($0[(5 * s + 1)...])) } }
                out += animate("stop-opacity", stops) { n($0[5 * s + 4]) }
            }
            out += "</stop>"
        }
        return out + "</\(tag)>\n"
    }

    /// The SMIL timing of a track: key times (0...1 over the export) and the values the
    /// format function writes, a hold written as a second key just before the next; and
    /// when a key eases by a timing curve, the attributes of spline timing (`keySplines`,
    /// one an interval: the key's curve, or a straight line), else "".
    func timing(_ track: Track, discrete: Bool, format: ([Double], Int) -> String) -> (times: String, values: String, splines: String) {
        let track = track.withSplinesInUnitSquare()
        let total = Double(scene.tickCount)
        var times: [Double] = [], values: [String] = [], splines: [String] = []
        if discrete {
            // Every tick's value from half a tick before it, so a player paused on a tick
            // shows that tick's value however its clock rounds.
            var prev: String? = nil
            for t in 0..<scene.tickCount {
                let key = track.keys.last { $0.tick <= t } ?? track.keys[0]
                let v = format(track.value(at: t), key.structure)
                if v == prev { continue }
                times.append(t == 0 ? 0 : (Double(t) - 0.5) / total)
                values.append(v)
                prev = v
            }
            return (times.map(SVGWriter.keyTime).joined(separator: ";"), values.joined(separator: ";"), "")
        }
        let straight = "0 0 1 1"
        for (i, k) in track.keys.enumerated() {
            times.append(Double(k.tick) / total)
            values.append(format(k.value, k.structure))
            if k.hold, i + 1 < track.keys.count {
                times.append((Double(track.keys[i + 1].tick) - 0.001) / total)
                values.append(format(k.value, k.structure))
                splines.append(straight)
            }
            if i + 1 < track.keys.count { splines.append(k.curve.map { "\(n($0.x1)) \(n($0.y1)) \(n($0.x2)) \(n($0.y2))" } ?? straight) }
        }
        if times.last != 1 { times.append(1); values.append(values.last ?? ""); splines.append(straight) }
        let eased = track.keys.contains { $0.curve != nil }
        return (times.map(SVGWriter.keyTime).joined(separator: ";"), values.joined(separator: ";"),
                eased ? " calcMode=\"spline\" keySplines=\"\(splines.joined(separator: ";"))\"" : "")
    }

    var duration: String { "\(n(Double(scene.tickCount) / 60))s" }

    /// A key time to 6 decimals, rounded down: a key that a hold jumps to then never lies
    /// after its tick's time, where a player paused on that tick would show a value part of
    /// the way through the jump (rounded to nearest, a jump at 2/3 of a 3 s scene was
    /// written at 0.666667, and Chromium showed 95 % of it: 3.6° short, 17.5 dB), and
    /// key times stay in order however close two are.
    static func keyTime(_ x: Double) -> String {
        String(format: "%.6f", (x * 1_000_000).rounded(.down) / 1_000_000)
    }

    func animate(_ attribute: String, _ track: Track, discrete: Bool = false, format: ([Double]) -> String) -> String {
        let (times, values, splines) = timing(track, discrete: discrete) { v, _ in format(v) }
        return "<animate attributeName=\"\(attribute)\" values=\"\(values)\" keyTimes=\"\(times)\" dur=\"\(duration)\" repeatCount=\"indefinite\"\(discrete ? " calcMode=\"discrete\"" : splines)/>"
    }

    func animateTransform(_ type: String, _ track: Track, additive: Bool, format: ([Double]) -> String) -> String {
        let (times, values, splines) = timing(track, discrete: false) { v, _ in format(v) }
        return "<animateTransform attributeName=\"transform\" type=\"\(type)\" values=\"\(values)\" keyTimes=\"\(times)\" dur=\"\(duration)\" repeatCount=\"indefinite\"\(additive ? " additive=\"sum\"" : "")\(splines)/>"
    }

    /// Path data: absolute commands, numbers rounded to 1/1000 px (M L Q C Z).
    static func d(_ path: Path) -> String {
        var s: [String] = []
        func p(_ q: Point) -> String { "\(n3(q.x)) \(n3(q.y))" }
        for e in path.elements {
            switch e {
            case .move(let a): s.append("M\(p(a))")
            case .line(let a): s.append("L\(p(a))")
            case .quad(let c, let a): s.append("Q\(p(c)) \(p(a))")
            case .cubic(let c1, let c2, let a): s.append("C\(p(c1)) \(p(c2)) \(p(a))")
            case .close: s.append("Z")
            }
        }
        return s.joined()
    }

    static func n3(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let r = (x * 1000).rounded() / 1000
        if r == r.rounded() { return String(Int(r)) }
        var t = String(r)
        if t.contains("e") { t = String(format: "%.3f", r) }
        return t
    }

    func n(_ x: Double) -> String { JSON.format(x) }

    func rgb(_ c: Color) -> String { rgb([c.r, c.g, c.b]) }

    func rgb(_ v: [Double]) -> String {
        func b(_ x: Double) -> Int { Int((min(1, max(0, x.isNaN ? 0 : x)) * 255).rounded()) }
        return "rgb(\(b(v[0])),\(b(v[1])),\(b(v[2])))"
    }
}
