/// The kinds of layer a script can declare (`layer NAME: KIND { … }`).
public enum LayerKind: String, CaseIterable, Sendable, Hashable {
    case circle, ellipse, rect, line, polygon, path, wave, text, group, image

    /// Every kind that is filled and stroked: all but `group` and `image`.
    public static let shapes: Set<LayerKind> = Set(allCases.filter { $0 != .group && $0 != .image })
}

/// The type of a property's value, as grammar.md names it. The compiler maps it to its
/// `ValueType`; `length` and `angle` are numbers with that unit.
public enum PropertyType: String, Sendable, Equatable {
    case number, length, angle, point, rect, bool, string, paint, list, word
    /// A plain colour (no gradient): `shadow-color`.
    case color
}

/// Every layer property: the one table the lexer, parser, compiler, runtime defaults,
/// formatter, REPL completion and grammar.md's property tables are read from.
///
/// Invariants (checked by tests): every default text compiles, for every kind that has the
/// property, to a constant of the property's type; grammar.md §4 documents exactly these
/// properties, with these kinds, aliases and defaults.
public enum Property: String, CaseIterable, Sendable, Hashable {
    /// A text layer's `size` must be above 0 and below this (checked at compile time when
    /// constant, else when the text is laid out).
    public static let textSizeLimit = 10_000.0

    // Common to every layer.
    case position, anchor, scale, rotation, opacity, visible
    // Shapes: every kind but group.
    case fill, stroke, strokeWidth = "stroke-width", join, cap, miterLimit = "miter-limit"
    case dash, dashPhase = "dash-phase", fillRule = "fill-rule"
    // Shapes: trimming the stroke (Core Animation's strokeStart / strokeEnd).
    case strokeStart = "stroke-start", strokeEnd = "stroke-end"
    // One kind or two.
    case center, radius, frame, corner, from, to, points
    // Waves.
    case amplitude, wavelength, phase, level, extent, bottom
    // Text.
    case text, font, size, spacing
    // Effects, on every layer and group (Core Animation's shadow*, filters, compositingFilter).
    case shadowColor = "shadow-color", shadowOpacity = "shadow-opacity", shadowOffset = "shadow-offset"
    case shadowRadius = "shadow-radius", blur, blend
    // Groups: whether the children's blend modes stop at the group (CSS's isolation).
    case isolate
    // Image layers.
    case source, gravity
    // Text you can type (issue 17): how many characters show.
    case visibleChars = "visible-chars"
    // 3D transforms (issue 17): turning out of the screen plane, depth, perspective.
    case rotationX = "rotation-x", rotationY = "rotation-y", translationZ = "translation-z", perspective
    case doubleSided = "double-sided"

    /// One row of the table.
    public struct Spec: Sendable {
        /// The kinds that have the property; nil: every kind.
        public var kinds: Set<LayerKind>?
        public var type: PropertyType
        /// Closed words the property accepts: its whole range for a `.word` property, or
        /// names for special values (`anchor left`, `fill none`).
        public var words: [String]
        /// The default, written as wave source exactly as grammar.md shows it. It is
        /// compiled like a written property, so it may read the scene's `width` and
        /// `height`: such a default is derived from the scene size, not a sentinel.
        public var defaultText: String
        /// Kinds whose default differs (a line is stroked black).
        public var kindDefaults: [LayerKind: String]
        /// Other names a layer body accepts for the property (`width` in `stroke #000 width 2`).
        public var aliases: [String]
        /// For a number: the values it can take; one outside counts as the nearest inside
        /// (an opacity of 1.5 as 1), and a constant one written so gets warning W0009.
        public var range: ClosedRange<Double>?

        init(_ kinds: Set<LayerKind>?, _ type: PropertyType, _ defaultText: String, words: [String] = [],
             kindDefaults: [LayerKind: String] = [:], aliases: [String] = [], range: ClosedRange<Double>? = nil) {
            self.kinds = kinds; self.type = type; self.defaultText = defaultText; self.words = words
            self.kindDefaults = kindDefaults; self.aliases = aliases; self.range = range
        }
    }

    public var spec: Spec {
        let shapes = LayerKind.shapes
        switch self {
        case .position: return Spec(nil, .point, "(0, 0)")
        case .anchor: return Spec(nil, .point, "(0.5, 0.5)", words: AnchorWord.allCases.map(\.rawValue))
        case .scale: return Spec(nil, .point, "1")
        case .rotation: return Spec(nil, .angle, "0", aliases: ["rotation-z"])
        case .opacity: return Spec(nil, .number, "1", range: 0...1)
        case .visible: return Spec(nil, .bool, "true")
        case .fill: return Spec(shapes, .paint, "black", words: ["none"])
        case .stroke: return Spec(shapes, .paint, "none", words: ["none"], kindDefaults: [.line: "black"])
        case .strokeWidth: return Spec(shapes, .length, "1", aliases: ["width"], range: 0...Double.infinity)
        case .join: return Spec(shapes, .word, "miter", words: StrokeJoin.allCases.map(\.rawValue))
        case .cap: return Spec(shapes, .word, "butt", words: StrokeCap.allCases.map(\.rawValue))
        case .miterLimit: return Spec(shapes, .number, "10", aliases: ["miter"])
        case .dash: return Spec(shapes, .list, "[]")
        case .dashPhase: return Spec(shapes, .length, "0")
        case .fillRule: return Spec(shapes, .word, "non-zero", words: WindingRule.allCases.map(\.rawValue))
        case .strokeStart: return Spec(shapes, .number, "0", range: 0...1)
        case .strokeEnd: return Spec(shapes, .number, "1", range: 0...1)
        case .center: return Spec([.circle], .point, "(0, 0)")
        case .radius: return Spec([.circle], .length, "10", range: 0...Double.infinity)
        case .frame: return Spec([.rect, .ellipse, .image], .rect, "(0, 0, 100, 100)")
        case .corner: return Spec([.rect], .length, "0", range: 0...Double.infinity)
        case .from: return Spec([.line], .point, "(0, 0)")
        case .to: return Spec([.line], .point, "(100, 100)")
        case .points: return Spec([.polygon], .list, "[]")
        case .amplitude: return Spec([.wave], .length, "10")
        case .wavelength: return Spec([.wave], .length, "100")
        case .phase: return Spec([.wave], .angle, "0")
        case .level: return Spec([.wave], .length, "0")
        case .extent: return Spec([.wave], .point, "(0, width)")
        case .bottom: return Spec([.wave], .length, "height")
        case .text: return Spec([.text], .string, "\"\"")
        case .font: return Spec([.text], .string, "\"sans\"")
        case .size: return Spec([.text], .length, "16")
        case .spacing: return Spec([.text], .length, "0")
        case .shadowColor: return Spec(nil, .color, "black")
        case .shadowOpacity: return Spec(nil, .number, "0", range: 0...1)
        case .shadowOffset: return Spec(nil, .point, "(0, -3)")
        case .shadowRadius: return Spec(nil, .length, "3", range: 0...Double.infinity)
        case .blur: return Spec(nil, .length, "0", range: 0...Double.infinity)
        case .blend: return Spec(nil, .word, "normal", words: BlendWord.allCases.map(\.rawValue))
        case .isolate: return Spec([.group], .bool, "false")
        case .source: return Spec([.image], .string, "\"\"")
        case .gravity: return Spec([.image], .word, "resize", words: GravityWord.allCases.map(\.rawValue))
        case .visibleChars: return Spec([.text], .number, "-1")
        case .rotationX: return Spec(nil, .angle, "0")
        case .rotationY: return Spec(nil, .angle, "0")
        case .translationZ: return Spec(nil, .length, "0")
        case .perspective: return Spec(nil, .length, "0")
        case .doubleSided: return Spec(nil, .bool, "true")
        }
    }

    /// What the property does, in one line (hover text in editors).
    public var meaning: String {
        switch self {
        case .position: return "moves the layer; a text layer's anchor is placed here"
        case .anchor: return "the point, in the layer's unit box, that scale and rotation turn about"
        case .scale: return "stretches the layer about its anchor: one factor, or (x, y)"
        case .rotation: return "turns the layer clockwise on screen about its anchor"
        case .opacity: return "how opaque the layer is, 0 to 1; a group fades as one"
        case .visible: return "whether the layer is drawn at all"
        case .fill: return "the paint inside the shape: a colour, a gradient, or none"
        case .stroke: return "the paint of the shape's outline: a colour, a gradient, or none"
        case .strokeWidth: return "the outline's width"
        case .join: return "how outline corners are drawn"
        case .cap: return "how the ends of open outlines are drawn"
        case .miterLimit: return "how far a miter corner may reach, in stroke widths, before it is bevelled"
        case .dash: return "lengths of dashes and gaps along the outline; empty is solid"
        case .dashPhase: return "how far into the dash pattern the outline starts"
        case .fillRule: return "which points a self-crossing shape covers"
        case .strokeStart: return "where the stroke begins, as a fraction 0 to 1 of the outline's whole length"
        case .strokeEnd: return "where the stroke ends, as a fraction 0 to 1 of the outline's whole length"
        case .center: return "the circle's centre"
        case .radius: return "the circle's radius"
        case .frame: return "the box (x, y, width, height) the shape fills"
        case .corner: return "the radius of the rectangle's rounded corners"
        case .from: return "where the line starts"
        case .to: return "where the line ends"
        case .points: return "the polygon's corners, in order"
        case .amplitude: return "the wave's height above and below its level"
        case .wavelength: return "the distance between two crests"
        case .phase: return "shifts the wave along x; 90deg turns a sine into a cosine"
        case .level: return "the y of the surface's mean line"
        case .extent: return "the x range (from, to) the wave spans"
        case .bottom: return "the y the area under the wave reaches down to"
        case .text: return "the string the layer shows"
        case .font: return "the font, as \"family\" or \"family:style\" (fontconfig)"
        case .size: return "the text size in pixels per em"
        case .spacing: return "extra space between letters"
        case .shadowColor: return "the colour of the layer's shadow"
        case .shadowOpacity: return "how opaque the shadow is, 0 to 1; 0 (no shadow) unless set"
        case .shadowOffset: return "how far (x, y) the shadow falls from the layer"
        case .shadowRadius: return "how soft the shadow is: the blur radius (Gaussian σ = radius / 2)"
        case .blur: return "blurs the layer, a group as one: the radius (Gaussian σ = radius / 2)"
        case .blend: return "how the layer's colours combine with what is beneath it"
        case .isolate: return "true: the children are composited on their own transparent layer, so their blend modes mix only with each other (CSS's isolation: isolate)"
        case .source: return "the PNG file the image layer shows, relative to the script's folder"
        case .gravity: return "how the image is placed in its frame (Core Animation's contentsGravity)"
        case .visibleChars: return "how many characters show, from the first (whole characters; negative: all)"
        case .rotationX: return "turns the layer about the horizontal axis through its anchor; positive brings the bottom edge towards the viewer"
        case .rotationY: return "turns the layer about the vertical axis through its anchor; positive takes the right edge away"
        case .translationZ: return "moves the layer towards the viewer (positive) or away, seen through a perspective"
        case .perspective: return "eye distance for this layer and its children, projected about its anchor; 0 is none"
        case .doubleSided: return "false hides the layer while its back faces the viewer"
        }
    }

    /// The property a layer body names, by its name or an alias.
    public static func named(_ name: String) -> Property? {
        Property(rawValue: name) ?? aliases[name]
    }

    private static let aliases: [String: Property] = Dictionary(
        uniqueKeysWithValues: allCases.flatMap { p in p.spec.aliases.map { ($0, p) } })

    public func applies(to kind: LayerKind) -> Bool { spec.kinds.map { $0.contains(kind) } ?? true }

    /// The default's source text on a layer of `kind`.
    public func defaultText(for kind: LayerKind) -> String { spec.kindDefaults[kind] ?? spec.defaultText }

    /// The kind the property is read for when no layer is at hand (a removed layer).
    public var representativeKind: LayerKind {
        LayerKind.allCases.first { applies(to: $0) && spec.kindDefaults[$0] == nil } ?? .group
    }
}

/// Properties of the scene header (`scene 360x160 { background #fff }`).
public enum SceneProperty: String, CaseIterable, Sendable {
    case size, background, duration, seed
}
