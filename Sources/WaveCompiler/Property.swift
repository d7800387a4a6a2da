/// Every layer property, with its type, default and the layer kinds that have it.
/// grammar.md's property tables are written from this list.
public enum Property: String, CaseIterable, Sendable, Hashable {
    // Common to every layer.
    case position, anchor, scale, rotation, opacity, visible
    case fill, stroke, strokeWidth = "stroke-width", join, cap, miterLimit = "miter-limit"
    case dash, dashPhase = "dash-phase", fillRule = "fill-rule"
    // Shapes.
    case center, radius, frame, corner, from, to, points
    // Waves.
    case amplitude, wavelength, phase, level, extent, bottom
    // Text.
    case text, font, size, spacing

    public struct Info: Sendable {
        public var type: ValueType
        public var defaultValue: Value
        /// nil: every kind.
        public var kinds: Set<LayerKind>?
        /// Words accepted when the type is `.word`.
        public var words: [String]
    }

    static let shapeKinds: Set<LayerKind> = [.circle, .ellipse, .rect, .line, .polygon, .path, .wave, .text]

    public var info: Info {
        let black = Value.paint(.color(RGBA(0, 0, 0, 1)))
        switch self {
        case .position: return Info(type: .point, defaultValue: .point(0, 0), kinds: nil, words: [])
        case .anchor: return Info(type: .point, defaultValue: .point(0.5, 0.5), kinds: nil,
                                  words: ["center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right"])
        case .scale: return Info(type: .point, defaultValue: .point(1, 1), kinds: nil, words: [])
        case .rotation: return Info(type: .number(.angle), defaultValue: .number(0), kinds: nil, words: [])
        case .opacity: return Info(type: .number(.none), defaultValue: .number(1), kinds: nil, words: [])
        case .visible: return Info(type: .bool, defaultValue: .bool(true), kinds: nil, words: [])
        case .fill: return Info(type: .paint, defaultValue: black, kinds: Property.shapeKinds, words: ["none"])
        case .stroke: return Info(type: .paint, defaultValue: .paint(.none), kinds: Property.shapeKinds, words: ["none"])
        case .strokeWidth: return Info(type: .number(.length), defaultValue: .number(1), kinds: Property.shapeKinds, words: [])
        case .join: return Info(type: .word, defaultValue: .word("miter"), kinds: Property.shapeKinds, words: ["miter", "round", "bevel"])
        case .cap: return Info(type: .word, defaultValue: .word("butt"), kinds: Property.shapeKinds, words: ["butt", "round", "square"])
        case .miterLimit: return Info(type: .number(.none), defaultValue: .number(10), kinds: Property.shapeKinds, words: [])
        case .dash: return Info(type: .list, defaultValue: .list([]), kinds: Property.shapeKinds, words: [])
        case .dashPhase: return Info(type: .number(.length), defaultValue: .number(0), kinds: Property.shapeKinds, words: [])
        case .fillRule: return Info(type: .word, defaultValue: .word("non-zero"), kinds: Property.shapeKinds, words: ["non-zero", "even-odd"])
        case .center: return Info(type: .point, defaultValue: .point(0, 0), kinds: [.circle], words: [])
        case .radius: return Info(type: .number(.length), defaultValue: .number(10), kinds: [.circle], words: [])
        case .frame: return Info(type: .rect, defaultValue: .rect(0, 0, 100, 100), kinds: [.rect, .ellipse], words: [])
        case .corner: return Info(type: .number(.length), defaultValue: .number(0), kinds: [.rect], words: [])
        case .from: return Info(type: .point, defaultValue: .point(0, 0), kinds: [.line], words: [])
        case .to: return Info(type: .point, defaultValue: .point(100, 100), kinds: [.line], words: [])
        case .points: return Info(type: .list, defaultValue: .list([]), kinds: [.polygon], words: [])
        case .amplitude: return Info(type: .number(.length), defaultValue: .number(10), kinds: [.wave], words: [])
        case .wavelength: return Info(type: .number(.length), defaultValue: .number(100), kinds: [.wave], words: [])
        case .phase: return Info(type: .number(.angle), defaultValue: .number(0), kinds: [.wave], words: [])
        case .level: return Info(type: .number(.length), defaultValue: .number(0), kinds: [.wave], words: [])
        case .extent: return Info(type: .point, defaultValue: .point(0, .nan), kinds: [.wave], words: [])
        case .bottom: return Info(type: .number(.length), defaultValue: .number(.nan), kinds: [.wave], words: [])
        case .text: return Info(type: .string, defaultValue: .string(""), kinds: [.text], words: [])
        case .font: return Info(type: .string, defaultValue: .string("sans"), kinds: [.text], words: [])
        case .size: return Info(type: .number(.length), defaultValue: .number(16), kinds: [.text], words: [])
        case .spacing: return Info(type: .number(.length), defaultValue: .number(0), kinds: [.text], words: [])
        }
    }

    /// Property names as written in scripts, with aliases (`width` is the stroke width
    /// inside a layer body: `stroke #000 width 2`).
    public static func named(_ name: String) -> Property? {
        if name == "width" { return .strokeWidth }
        if name == "miter" { return .miterLimit }
        return Property(rawValue: name)
    }

    public func applies(to kind: LayerKind) -> Bool { info.kinds.map { $0.contains(kind) } ?? true }

    /// Whether an animation may interpolate this property.
    public var isAnimatable: Bool {
        switch info.type {
        case .number, .point, .rect, .color, .paint: return true
        default: return false
        }
    }
}
