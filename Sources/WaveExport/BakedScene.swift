import WaveGeometry
import WaveGraphics

/// A scene baked into a vector timeline: what every tick of a range draws, as layers with
/// tracks of values, ready for a writer (`SVGWriter`, `LottieWriter`). Ticks are counted
/// from the range's first tick; a player shows tick t at t/60 s.
public struct BakedScene: Sendable {
    public var name: String
    public var width: Int
    public var height: Int
    public var background: Color
    /// Number of ticks (frames at 60 fps) the export covers.
    public var tickCount: Int
    /// Bottom to top.
    public var layers: [BakedLayer]
    /// The masks layers name (`BakedLayer.mask`), each its own shapes.
    public var masks: [BakedMask] = []
    /// The filters layers name (`BakedLayer.filter`): a blur and a drop shadow.
    public var filters: [BakedFilter] = []
    /// The opacities layers name (`BakedLayer.fades`) that fade several of them together.
    public var fades: [BakedFade] = []
    /// What could not be expressed exactly, and what was done instead.
    public var report: ExportReport

    /// Every image the layers and masks show, once each, in order of first use: the
    /// writers embed each once and refer to it by its index here.
    public var images: [RasterImage] {
        var list: [RasterImage] = []
        for layer in layers + masks.flatMap(\.layers) {
            if case .image(let image, _) = layer.paint, !list.contains(where: { $0 === image }) { list.append(image) }
        }
        return list
    }
}

/// One drawn shape of the scene, followed across ticks: a filled path (strokes outlined,
/// text as glyph outlines) with its paint, fill rule, opacity and blend mode, or for Lottie
/// a stroked path where the scene strokes a shape (`stroke`).
public struct BakedLayer: Sendable {
    /// The ticks it is drawn at: `ticks.lowerBound ..< ticks.upperBound` (it may also be
    /// absent at some ticks inside, where its opacity is 0).
    public var ticks: Range<Int>
    public var rule: FillRule
    public var blend: BlendMode
    public var shape: BakedShape
    public var paint: BakedPaint
    /// Opacity 0...1 (the paint colour's alpha not included).
    public var opacity: Track
    /// The index in `BakedScene.masks` of the mask whose alpha scales this layer, or nil.
    public var mask: Int? = nil
    /// The index in `BakedScene.filters` of the filter of the group this layer is in, or nil:
    /// consecutive layers naming one filter are filtered together, as the group was.
    public var filter: Int? = nil
    /// A stroke kept as declared: `shape` is the stroked path and `paint` the stroke's
    /// paint (a colour or a linear or radial gradient); nil for a filled path.
    public var stroke: BakedStroke? = nil
    /// The indices in `BakedScene.fades` of the opacities this layer is faded with together
    /// with the consecutive layers naming each (drawn as one group, then faded), outermost
    /// first.
    public var fades: [Int] = []
    /// How many of `fades` hold the layer's filter (the rest are inside it).
    public var filterDepth = 0

    /// The groups the layer is drawn in, outermost first: its fades and its filter, in the
    /// order they nest.
    public var scopes: [BakedScope] {
        let f = fades.map(BakedScope.fade)
        guard let filter else { return f }
        return Array(f[..<filterDepth]) + [.filter(filter)] + Array(f[filterDepth...])
    }
}

/// A group a layer is drawn in: a filter or a fade, by its index in the scene's lists.
public enum BakedScope: Equatable, Sendable {
    case filter(Int)
    case fade(Int)
}

/// An opacity a run of layers is faded with as a group: the group is drawn, then shown
/// with this opacity, as the renderer draws a group whose parts overlap.
public struct BakedFade: Sendable {
    /// [opacity] 0...1.
    public var opacity: Track
}

/// A stroke kept as the scene declares it, for a writer that strokes paths itself.
public struct BakedStroke: Sendable {
    public var cap: LineCap
    public var join: LineJoin
    /// [width, miter limit, trim start, trim end, dash phase, dash lengths (on, off)…], the
    /// lengths in the units of the layer's path (for a rigid shape, its own coordinates).
    public var values: Track
}

/// A group's blur and drop shadow, as the renderer draws them: the group blurred with σ
/// `blur`, then its alpha moved by (dx, dy), blurred with σ, painted in (r, g, b, a) under it.
public struct BakedFilter: Sendable {
    /// [σ], 0 for none.
    public var blur: Track
    /// [dx, dy, σ, r, g, b, a], or nil for no shadow.
    public var shadow: Track?
}

/// A mask: its shapes are drawn alone and their alpha (1 − alpha when `inverted`) scales
/// the layers that name it. Its layers may name masks of their own (nested masks).
public struct BakedMask: Sendable {
    /// Bottom to top.
    public var layers: [BakedLayer]
    public var inverted: Bool
}

/// A layer's geometry.
public enum BakedShape: Sendable {
    /// A path that only moves, turns and scales: `path` (coordinates about its own centre)
    /// placed by `motion`, a track of [x, y, rotation in degrees (clockwise on screen),
    /// scale x, scale y]: the path point p is shown at (x, y) + R(rotation)·S(scale)·p.
    case rigid(path: Path, motion: Track)
    /// A path that changes shape: `structures[k]` gives the element kinds of the keys of
    /// structure k, `points` every coordinate of the path in device space.
    case morphing(structures: [[PathElementKind]], points: Track)
}

/// A layer's paint. Gradient geometry is in the same space as the shape's path (for a
/// rigid shape, the path's own coordinates, so it moves with the shape).
public enum BakedPaint: Sendable {
    /// A track of [r, g, b, a], 0...1.
    case solid(Track)
    /// A track of [x0, y0, x1, y1] and a track of the stops [location, r, g, b, a]...
    case linear(points: Track, stops: Track)
    /// A track of [cx, cy, radius] and a track of the stops.
    case radial(circle: Track, stops: Track)
    /// An image (embedded as a PNG) placed by a track of [a, b, c, d, tx, ty], the map
    /// from its pixel coordinates to the shape's, and shown inside the shape.
    case image(RasterImage, placement: Track)
}

/// The kind of one path element, without its points (which a track holds).
public enum PathElementKind: Equatable, Hashable, Sendable {
    case move, line, quad, cubic, close

    /// Coordinates the element holds: 2 for each point.
    public var coordinateCount: Int {
        switch self {
        case .move, .line: return 2
        case .quad: return 4
        case .cubic: return 6
        case .close: return 0
        }
    }
}

extension Path {
    /// The element kinds and the coordinates, in order.
    var split: (kinds: [PathElementKind], coordinates: [Double]) {
        var kinds: [PathElementKind] = [], xs: [Double] = []
        for e in elements {
            switch e {
            case .move(let p): kinds.append(.move); xs += [p.x, p.y]
            case .line(let p): kinds.append(.line); xs += [p.x, p.y]
            case .quad(let c, let p): kinds.append(.quad); xs += [c.x, c.y, p.x, p.y]
            case .cubic(let c1, let c2, let p): kinds.append(.cubic); xs += [c1.x, c1.y, c2.x, c2.y, p.x, p.y]
            case .close: kinds.append(.close)
            }
        }
        return (kinds, xs)
    }

    /// The path with `kinds` and `coordinates` (as `split` gives them).
    public init(kinds: [PathElementKind], coordinates xs: [Double]) {
        var es: [PathElement] = []
        var i = 0
        func p() -> Point { defer { i += 2 }; return Point(xs[i], xs[i + 1]) }
        for k in kinds {
            switch k {
            case .move: es.append(.move(p()))
            case .line: es.append(.line(p()))
            case .quad: let c = p(); es.append(.quad(c, p()))
            case .cubic: let c1 = p(), c2 = p(); es.append(.cubic(c1, c2, p()))
            case .close: es.append(.close)
            }
        }
        self.init(es)
    }
}

extension BakedShape {
    /// The path the layer shows at `tick`, in device space.
    public func path(at tick: Int) -> Path {
        switch self {
        case .rigid(let path, let motion):
            return path.transformed(by: RigidMotion.transform(motion.value(at: tick)))
        case .morphing(let structures, let points):
            let key = points.keys.last { $0.tick <= tick } ?? points.keys[0]
            return Path(kinds: structures[key.structure], coordinates: points.value(at: tick))
        }
    }
}
