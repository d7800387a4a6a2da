import WaveCompiler
import WaveGeometry
import WaveGraphics
import WaveRuntime
import WaveSyntax

/// Bakes a scene into a `BakedScene`: steps the runtime tick by tick, takes each tick's
/// display list (already lowered to device-space paths, so every feature the renderer
/// draws is there exactly), follows each filled path from tick to tick as one layer, and
/// reduces its values to keyframes (`Track.reduce`) within the export tolerances.
public struct Baker {
    /// 0.05 px for points, 0.1° for turns, 1/255 for colours and opacities.
    public static let pixelTolerance = 0.05
    public static let degreeTolerance = 0.1
    public static let colorTolerance = 1.0 / 255

    public var program: Program
    public var source: SourceFile?
    public var name: String
    public var target: ExportFormat
    /// Whether tracks may be eased by the timing curves the scene's animations use
    /// (`Track.Curve.used(by:)`): an eased animation is then two keys with its curve. False
    /// bakes every animation as springs and scripts are (straight runs, holds and fitted
    /// curves), to measure what exact keyframes save.
    public var usesSceneCurves: Bool

    public init(program: Program, source: SourceFile?, name: String, target: ExportFormat, usesSceneCurves: Bool = true) {
        self.program = program
        self.usesSceneCurves = usesSceneCurves
        self.source = source
        self.name = name
        // A dotLottie holds a Lottie animation: it bakes as one.
        self.target = target == .dotLottie ? .lottie : target
    }

    /// The baked ticks `ticks` (end exclusive). Throws the runtime's errors, and
    /// `Interrupted`-like errors from `shouldStop` through `stop`.
    public func bake(ticks: Range<Int>, stop: () throws -> Void = {}) throws -> BakedScene {
        var runtime = try SceneRuntime(program: program)
        var report = ExportReport.scan(program, source: source, target: target)
        var tracker = SlotTracker()
        var fadeTracker = FadeTracker()
        // Mask k of every tick (numbered in drawing order) is followed as one mask.
        var maskTrackers: [SlotTracker] = []
        var inverted: [Bool] = []
        // Filter k's values at every tick (the last seen where a tick has none).
        var filterSamples: [(blur: [[Double]], shadow: [[Double]], since: Int)] = []
        var frame: Frame? = nil
        for (i, t) in ticks.enumerated() {
            while runtime.tick < t && !runtime.isStopped { try runtime.step() }
            if i % 16 == 0 { try stop() }
            // Lottie strokes paths itself: its shapes keep their declared strokes.
            let f = try runtime.frame(declaringStrokes: target == .lottie)
            var leaves: [Leaf] = []
            var masks = Leaf.Referents()
            masks.strokes = f.strokes
            Leaf.flatten(f.items, opacity: 1, blend: .normal, mask: nil, into: &leaves, masks: &masks, report: &report, source: source)
            tracker.add(leaves, tick: i)
            fadeTracker.add(leaves, slots: tracker.live, tick: i)
            for (k, m) in masks.list.enumerated() {
                if k == maskTrackers.count { maskTrackers.append(SlotTracker()); inverted.append(m.inverted) }
                maskTrackers[k].add(m.leaves, tick: i)
            }
            for (k, f) in masks.filters.enumerated() {
                if k == filterSamples.count { filterSamples.append(([], [], i)) }
                let have = filterSamples[k].blur.count + filterSamples[k].since
                for _ in have..<i { filterSamples[k].blur.append(filterSamples[k].blur.last ?? f.blur); filterSamples[k].shadow.append(filterSamples[k].shadow.last ?? f.shadow) }
                filterSamples[k].blur.append(f.blur)
                filterSamples[k].shadow.append(f.shadow)
            }
            frame = f
        }
        let bg = frame?.background ?? Color.clear
        let count = ticks.count
        let curves = usesSceneCurves ? Track.Curve.used(by: program) : []
        let (fades, fadeOf) = fadeTracker.resolve(&tracker, tickCount: count, curves: curves,
                                                     fadedAtOnce: target == .lottie ? 4 : nil, report: &report, source: source)
        let layers = tracker.order.map { s in
            var layer = tracker.slots[s].baked(tickCount: count, curves: curves)
            if let f = fadeOf[s] { (layer.fades, layer.filterDepth) = f }
            return layer
        }
        let c = Baker.colorTolerance, px = Baker.pixelTolerance
        let filters = filterSamples.map { f -> BakedFilter in
            // Held before its first tick and after its last, so every track covers the export.
            let before = Array(repeating: f.blur.first ?? [0], count: f.since), after = max(0, count - f.since - f.blur.count)
            let blur = before + f.blur + Array(repeating: f.blur.last ?? [0], count: after)
            let shadowBefore = Array(repeating: f.shadow.first ?? [0, 0, 0, 0, 0, 0, 0], count: f.since)
            let shadow = shadowBefore + f.shadow + Array(repeating: f.shadow.last ?? [0, 0, 0, 0, 0, 0, 0], count: after)
            return BakedFilter(blur: Track.reduce(blur, tolerance: [px], curves: curves),
                               shadow: shadow.contains { $0[6] > 0 } ? Track.reduce(shadow, tolerance: [px, px, px, c], curves: curves) : nil)
        }
        let masks = zip(maskTrackers, inverted).map { t, inv in
            BakedMask(layers: t.order.map { t.slots[$0].baked(tickCount: count, curves: curves) }, inverted: inv)
        }
        for layer in layers + masks.flatMap(\.layers) {
            guard case .image(_, let placement) = layer.paint else { continue }
            let m = placement.first
            if !placement.isStatic {
                report.add(source, nil, "image moving inside its shape", .approximated, "placed where it is at the first tick")
            } else if target == .lottie && abs(m[0] * m[2] + m[1] * m[3]) > 1e-6 * max(1e-9, abs(m[0] * m[3] - m[1] * m[2])) {
                report.add(source, nil, "image skewed inside its shape", .approximated, "Lottie places it without the skew (turn, scale and offset kept)")
            } else if target == .lottie, abs(m[1]) > 1e-9, case .rigid(_, let motion) = layer.shape,
                      motion.keys.contains(where: { abs($0.value[3] - $0.value[4]) > 1e-9 }) {
                report.add(source, nil, "image turned inside a shape scaled unevenly", .approximated, "Lottie scales it along its own axes")
            }
        }
        let imageInAMask = masks.flatMap(\.layers).contains { if case .image = $0.paint { return true } else { return false } }
        if target == .svg && imageInAMask {
            report.add(source, nil, "image in a mask", .approximated, "the SVG mask uses the image's shape, as if the image were opaque")
        }
        return BakedScene(name: name, width: program.scene.width, height: program.scene.height, background: bg,
                          tickCount: count, layers: layers, masks: masks, filters: filters, fades: fades, report: report)
    }
}

/// One filled path of one tick's display list, with its paint as numbers.
struct Leaf {
    var kinds: [PathElementKind]
    var points: [Double]
    var rule: FillRule
    var blend: BlendMode
    /// 0 solid, 1 linear, 2 radial, 3 image.
    var paintKind: Int
    /// Solid: [r, g, b, a]; linear: [x0, y0, x1, y1]; radial: [cx, cy, r]; image: the map
    /// from image pixels to the device, [a, b, c, d, tx, ty].
    var paint: [Double]
    /// [location, r, g, b, a] for each stop (gradients).
    var stops: [Double]
    var opacity: Double
    /// The mask (its number at this tick, in drawing order) whose alpha scales this fill.
    var mask: Int? = nil
    /// The filter (blur and shadow; its number at this tick) of the group this fill is in.
    var filter: Int? = nil
    /// An image paint's image.
    var image: RasterImage? = nil
    /// For a stroke kept as declared: its style (device units), `kinds` and `points` being
    /// the stroked path's, not the outline's.
    var stroke: StrokeStyle? = nil
    /// The groups whose opacity below 1 fades this fill together with others it may
    /// overlap (`FadeTracker`), outermost first.
    var fades: [FadeMark] = []

    /// A group fading its fills together, at one tick.
    struct FadeMark {
        /// Its number at this tick.
        var id: Int
        /// Its own opacity, included in the fill's.
        var opacity: Double
        /// Whether the fill's filter (`filter`) applies to this group as a whole (the group
        /// is inside a blurred or shadowed one), not to a part of it.
        var filterOutside: Bool
    }

    /// What one tick's fills refer to: the masks and the filters (blur, drop shadow) of its
    /// display list, each in the order its group is drawn.
    struct Referents {
        var list: [(leaves: [Leaf], inverted: Bool)] = []
        /// [σ of the blur], and [dx, dy, σ, r, g, b, a] of the shadow (a 0 when none).
        var filters: [(blur: [Double], shadow: [Double])] = []
        /// The strokes declared beside their outlines (`Frame.strokes`).
        var strokes: [DeclaredStroke] = []
        /// How many groups fade their fills together (`Leaf.fades`).
        var fadeCount = 0
    }

    /// The values of a stroke that a track follows: [width, miter limit, trim start, trim
    /// end, dash phase, dash lengths…] (an odd dash list repeated, as the stroker does).
    static func strokeValues(_ s: StrokeStyle) -> [Double] {
        [s.width, s.miterLimit, s.trimStart, s.trimEnd, dashPhase(s)] + dashes(s)
    }

    /// The dash phase a Lottie stroke is written with. rlottie lays a pattern of more than
    /// one dash and gap from the right place only for a phase from 0 to the first dash's
    /// length (with [7, 6, 4, 4] on a rectangle: from 3 or 7, 46 dB; from 10, 13, 22 or −2,
    /// 15–17.5), so such a phase is taken modulo the pattern (22 is 1), and a stroke whose
    /// phase is then past its first dash stays an outline. One dash and gap: any phase.
    static func dashPhase(_ s: StrokeStyle) -> Double {
        let d = dashes(s)
        guard d.count > 2 else { return s.dashPhase }
        let period = d.reduce(0, +)
        let p = s.dashPhase.truncatingRemainder(dividingBy: period)
        return p < 0 ? p + period : p
    }

    /// Whether any two of `leaves` may cover a pixel in common: their boxes (a declared
    /// stroke's widened by its width, and its miter) meet. Past 64 leaves, assumed so.
    static func mayOverlap(_ leaves: ArraySlice<Leaf>) -> Bool {
        guard leaves.count > 1 else { return false }
        guard leaves.count <= 64 else { return true }
        var boxes: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        for leaf in leaves {
            var b = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
            var i = 0
            while i + 1 < leaf.points.count {
                b = (min(b.x0, leaf.points[i]), min(b.y0, leaf.points[i + 1]), max(b.x1, leaf.points[i]), max(b.y1, leaf.points[i + 1]))
                i += 2
            }
            // An image leaf is its frame's path; a leaf without points draws nothing.
            guard b.x0 <= b.x1 else { continue }
            let grow = leaf.stroke.map { $0.width / 2 * max(1, $0.miterLimit) } ?? 0
            let box = (b.x0 - grow, b.y0 - grow, b.x1 + grow, b.y1 + grow)
            if boxes.contains(where: { $0.x0 < box.2 && box.0 < $0.x1 && $0.y0 < box.3 && box.1 < $0.y1 }) { return true }
            boxes.append(box)
        }
        return false
    }

    /// Whether every piece of a path (`split`'s kinds and coordinates), the closing ones too,
    /// is a level or upright line. rlottie lays dashes along anything else at other lengths
    /// than wave and browsers do: along a curve, and along a slanted line (a period of 10 on
    /// a line at 29° came out about 9.7, so the dashes drift off wave's: 24 dB), so a dashed
    /// stroke is kept as Lottie's own only on such paths and is an outline elsewhere.
    static func levelAndUpright(_ kinds: [PathElementKind], _ xs: [Double]) -> Bool {
        var i = 0, current = (x: 0.0, y: 0.0), start = current
        func straight(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
            let tolerance = 1e-9 * max(1, abs(a.x), abs(a.y), abs(b.x), abs(b.y))
            return abs(a.x - b.x) <= tolerance || abs(a.y - b.y) <= tolerance
        }
        for k in kinds {
            switch k {
            case .move:
                current = (xs[i], xs[i + 1]); start = current; i += 2
            case .line:
                let next = (x: xs[i], y: xs[i + 1])
                guard straight(current, next) else { return false }
                current = next; i += 2
            case .close:
                guard straight(current, start) else { return false }
                current = start
            case .quad, .cubic:
                return false
            }
        }
        return true
    }

    /// The dash lengths the stroker lays (on, off, …), none for a solid line.
    static func dashes(_ s: StrokeStyle) -> [Double] {
        let d = s.dashes
        guard !d.isEmpty, d.allSatisfy({ $0 >= 0 && $0.isFinite }), d.contains(where: { $0 > 0 }) else { return [] }
        return d.count % 2 == 1 ? d + d : d
    }

    /// Whether two leaves can be one layer's values at two ticks.
    func sameKind(_ o: Leaf) -> Bool {
        paintKind == o.paintKind && stops.count == o.stops.count && rule == o.rule && blend == o.blend && mask == o.mask
            && image === o.image && filter == o.filter && stroke?.cap == o.stroke?.cap && stroke?.join == o.stroke?.join
            && stroke.map(Leaf.dashes)?.count == o.stroke.map(Leaf.dashes)?.count
    }

    /// How unlike `o` this leaf is (0: the same), for following shapes across ticks.
    func distance(to o: Leaf) -> Double {
        var d = 100 * abs(opacity - o.opacity)
        for (a, b) in zip(paint, o.paint) { d += paintKind == 0 ? 100 * abs(a - b) : abs(a - b) / 4 }
        if kinds == o.kinds {
            var s = 0.0
            for (a, b) in zip(points, o.points) { s += abs(a - b) }
            d += s / Double(max(1, points.count))
        } else {
            d += 30
        }
        return d
    }

    /// The fills of `items`, in drawing order, with group opacities multiplied in and the
    /// innermost blend mode. Filters are left out (`ExportReport.scan` names them).
    ///
    /// A group whose opacity is below 1 and whose fills may overlap (`mayOverlap`) fades
    /// them together in the renderer, not one by one: with `fading`, its fills name it
    /// (`Leaf.fades`), and `FadeTracker` writes it as a group with that opacity. Inside a mask (not `fading`) its opacity stays on each fill,
    /// and the report says so.
    ///
    /// A group's mask becomes an entry of `masks` (its own fills, flattened the same way)
    /// that the group's fills name. Inside a masked group a nested mask's fills are masked
    /// by the outer mask, so one mask per fill gives the product of both alphas (exact for
    /// masks that are not inverted). Masking each fill, not the group's composite, differs
    /// only where fills of one group overlap under a partly transparent mask edge.
    static func flatten(_ items: [DisplayItem], opacity: Double, blend: BlendMode, mask: Int?, filter: Int? = nil, fading: Bool = true,
                        into out: inout [Leaf], masks: inout Referents, report: inout ExportReport, source: SourceFile?) {
        for item in items {
            switch item {
            case .fill(let path, let rule, let paint, let o):
                let op = opacity * (o.isNaN ? 0 : min(1, max(0, o)))
                guard op > 0, !path.isEmpty, path.elements.allSatisfy(\.isFinite) else { continue }
                let (kinds, points) = path.split
                var leaf = Leaf(kinds: kinds, points: points, rule: rule, blend: blend, paintKind: 0, paint: [], stops: [], opacity: op, mask: mask, filter: filter)
                // A paint seen in perspective is written with its tangent at the layer's centre.
                switch paint.tangentApproximation {
                case .solid(let c): leaf.paint = [c.r, c.g, c.b, c.a]
                case .linearGradient(let s, let e, let stops):
                    leaf.paintKind = 1; leaf.paint = [s.x, s.y, e.x, e.y]; leaf.stops = flat(stops)
                case .radialGradient(let c, let r, let stops):
                    leaf.paintKind = 2; leaf.paint = [c.x, c.y, r]; leaf.stops = flat(stops)
                case .conicGradient(_, _, let stops):
                    let n = Double(max(1, stops.count))
                    let avg = stops.reduce([0.0, 0, 0, 0]) { [$0[0] + $1.color.r / n, $0[1] + $1.color.g / n, $0[2] + $1.color.b / n, $0[3] + $1.color.a / n] }
                    leaf.paint = avg
                    report.add(source, nil, "conic gradient", .approximated, "filled with the average of its stops' colours")
                case .image(let image, let toImage):
                    guard let toDevice = toImage.inverted else { continue }
                    leaf.paintKind = 3
                    leaf.paint = [toDevice.a, toDevice.b, toDevice.c, toDevice.d, toDevice.tx, toDevice.ty]
                    leaf.image = image
                case .projected:
                    continue   // not left by tangentApproximation
                }
                if leaf.stops.isEmpty && (leaf.paintKind == 1 || leaf.paintKind == 2) { continue }   // no stops paints nothing
                if leaf.paintKind <= 2, let k = masks.strokes.firstIndex(where: { $0.outline == path }) {
                    // A solid or gradient stroke is kept as declared, unless trimmed across sub-paths (wave trims
                    // the length of them all, Lottie's trim paths each one), or dashed along anything but
                    // level and upright lines (`Leaf.levelAndUpright`).
                    let d = masks.strokes.remove(at: k)
                    let (kinds, points) = d.path.split
                    let trimmed = d.style.trimStart > 0 || d.style.trimEnd < 1
                    let dashes = Leaf.dashes(d.style)
                    let dashedSlant = !dashes.isEmpty && !Leaf.levelAndUpright(kinds, points)
                    let phasedPattern = dashes.count > 2 && Leaf.dashPhase(d.style) > dashes[0]
                    if !(trimmed && kinds.filter({ $0 == .move }).count > 1), !dashedSlant, !phasedPattern, points.allSatisfy(\.isFinite) {
                        leaf.kinds = kinds; leaf.points = points; leaf.rule = .nonZero; leaf.stroke = d.style
                    }
                }
                out.append(leaf)
            case .group(let inner, let o, let groupMask):
                var applied = mask
                if let groupMask {
                    if groupMask.inverted && mask != nil {
                        report.add(source, nil, "inverted mask inside a mask", .approximated,
                                   "the outer mask also clips the inverted one's shapes, so it hides a little more")
                    }
                    let id = masks.list.count
                    masks.list.append(([], groupMask.inverted))
                    var maskLeaves: [Leaf] = []
                    flatten(groupMask.items, opacity: 1, blend: .normal, mask: mask, fading: false, into: &maskLeaves, masks: &masks,
                            report: &report, source: source)
                    masks.list[id].leaves = maskLeaves
                    applied = id
                }
                let groupOpacity = o.isNaN ? 0 : min(1, max(0, o))
                let first = out.count
                flatten(inner, opacity: opacity * groupOpacity, blend: blend, mask: applied, filter: filter, fading: fading,
                        into: &out, masks: &masks, report: &report, source: source)
                guard groupOpacity > 0 && groupOpacity < 1 && Leaf.mayOverlap(out[first...]) else { continue }
                guard fading else {
                    report.add(source, nil, Leaf.overlapConstruct, .approximated, Leaf.overlapDetail + " (inside a mask)")
                    continue
                }
                let id = masks.fadeCount
                masks.fadeCount += 1
                for j in first..<out.count {
                    out[j].fades.insert(FadeMark(id: id, opacity: groupOpacity, filterOutside: out[j].filter != nil && out[j].filter == filter), at: 0)
                }
            case .effect(let inner, let effects):
                var applied = filter
                if effects.blur > 0 || effects.shadow != nil {
                    if filter != nil {
                        report.add(source, nil, "blur or shadow inside a blurred or shadowed group", .approximated, "only the inner one is applied")
                    }
                    applied = masks.filters.count
                    let shadow = effects.shadow.map { [$0.dx, $0.dy, $0.radius / 2, $0.color.r, $0.color.g, $0.color.b, $0.color.a] }
                    masks.filters.append(([max(0, min(effects.blur, 4096)) / 2], shadow ?? [0, 0, 0, 0, 0, 0, 0]))
                }
                flatten(inner, opacity: opacity, blend: effects.blend == .normal ? blend : effects.blend, mask: mask, filter: applied,
                        fading: fading, into: &out, masks: &masks, report: &report, source: source)
            }
        }
    }

    /// What the report calls an opacity the exports give each part of a group.
    static let overlapConstruct = "opacity of a layer or group over parts that overlap"
    static let overlapDetail = "applied to each part (a fill, a stroke, a child layer), so where two overlap the lower one shows through "
        + "the upper; the renderer fades them together"

    static func flat(_ stops: [GradientStop]) -> [Double] {
        stops.flatMap { [$0.location, $0.color.r, $0.color.g, $0.color.b, $0.color.a] }
    }
}

extension PathElement {
    var isFinite: Bool {
        switch self {
        case .move(let p), .line(let p): return p.isFinite
        case .quad(let a, let b): return a.isFinite && b.isFinite
        case .cubic(let a, let b, let c): return a.isFinite && b.isFinite && c.isFinite
        case .close: return true
        }
    }
}
