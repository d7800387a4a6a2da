import Foundation
import WaveSyntax

/// A straight (non-premultiplied) colour with components in 0...1.
public struct RGBA: Equatable, Hashable, Sendable {
    public var r, g, b, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
}

/// What a number measures. Plain numbers fit anywhere; `1s + 3px` is an error.
public enum Dimension: String, Equatable, Sendable {
    case none = "number", length, time, angle
}

/// Static types the compiler checks.
public enum ValueType: Equatable, Sendable, CustomStringConvertible {
    case number(Dimension)
    case bool, point, rect, color, string, paint, list, layer
    /// A word from a closed set (`round`, `forwards`, `left`) resolved by context.
    case word

    public var description: String {
        switch self {
        case .number(let d): return d == .none ? "number" : d.rawValue
        case .bool: return "bool"
        case .point: return "point"
        case .rect: return "rect"
        case .color: return "colour"
        case .string: return "string"
        case .paint: return "paint"
        case .list: return "list"
        case .layer: return "layer"
        case .word: return "word"
        }
    }

    /// The members a value of this type has (`p.x`, `r.width`), in component order.
    public var componentNames: [String] {
        switch self {
        case .point: return ["x", "y"]
        case .rect: return ["x", "y", "width", "height"]
        default: return []
        }
    }
}

/// The gradient functions: `linear-gradient`, `radial-gradient`, `conic-gradient`.
public enum GradientKind: String, CaseIterable, Sendable {
    case linear = "linear-gradient", radial = "radial-gradient", conic = "conic-gradient"
}

public struct GradientStopValue: Equatable, Sendable {
    public var location: Double?
    public var color: RGBA
    public init(location: Double?, color: RGBA) { self.location = location; self.color = color }

    /// Every stop with a location, in CSS's order: the first defaults to 0 and the last to
    /// 1; a given location below one given before it is raised to it; missing ones spread
    /// evenly between their neighbours.
    public static func resolved(_ stops: [GradientStopValue]) -> [GradientStopValue] {
        var locs = stops.map(\.location)
        guard !locs.isEmpty else { return [] }
        if locs[0] == nil { locs[0] = 0 }
        if locs[locs.count - 1] == nil { locs[locs.count - 1] = 1 }
        var highest = -Double.infinity
        for k in locs.indices {
            guard let l = locs[k], !l.isNaN else { continue }
            highest = Swift.max(highest, l)
            locs[k] = highest
        }
        var i = 0
        while i < locs.count {
            if locs[i] == nil {
                var j = i
                while j < locs.count, locs[j] == nil { j += 1 }
                let a = locs[i - 1] ?? 0, b = j < locs.count ? (locs[j] ?? 1) : 1
                for k in i..<j { locs[k] = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
                i = j
            } else {
                i += 1
            }
        }
        return zip(locs, stops).map { GradientStopValue(location: $0 ?? 0, color: $1.color) }
    }
}

/// How a shape is filled or stroked. Gradient geometry is relative to the layer's bounds
/// (the unit box: 0,0 top-left to 1,1 bottom-right), resolved to device space per frame.
public enum PaintValue: Equatable, Sendable {
    case none
    case color(RGBA)
    /// Core Animation's CAGradientLayer model: from `start` to `end` in unit-box
    /// coordinates, which the layer's bounds stretch; colour lines are perpendicular to the
    /// start–end line in the layer's own space.
    case linear(start: (Double, Double), end: (Double, Double), stops: [GradientStopValue])
    /// CSS `linear-gradient(<angle>, …)` (CSS Images Level 3, linear gradients): the angle
    /// (radians, 0 up, clockwise) is measured in the layer's own coordinate space, the
    /// gradient line runs through the centre of the bounds, and its length
    /// |w·sin θ| + |h·cos θ| puts the first and last colours exactly at the corners.
    case angled(radians: Double, stops: [GradientStopValue])
    /// Centre in the unit box, radius as a fraction of the box's larger side.
    case radial(center: (Double, Double), radius: Double, stops: [GradientStopValue])
    /// CSS `conic-gradient(from <angle> at <centre>, …)`: a sweep around `center` (unit box)
    /// starting at `angle` (radians, 0 up, clockwise on screen).
    case conic(center: (Double, Double), angle: Double, stops: [GradientStopValue])

    public static func == (l: PaintValue, r: PaintValue) -> Bool {
        switch (l, r) {
        case (.none, .none): return true
        case (.color(let a), .color(let b)): return a == b
        case (.linear(let s1, let e1, let t1), .linear(let s2, let e2, let t2)):
            return s1 == s2 && e1 == e2 && t1 == t2
        case (.angled(let a1, let t1), .angled(let a2, let t2)):
            return a1 == a2 && t1 == t2
        case (.radial(let c1, let r1, let t1), .radial(let c2, let r2, let t2)):
            return c1 == c2 && r1 == r2 && t1 == t2
        case (.conic(let c1, let a1, let t1), .conic(let c2, let a2, let t2)):
            return c1 == c2 && a1 == a2 && t1 == t2
        default: return false
        }
    }
}

/// A runtime value. Numbers are Doubles in base units: lengths in px, times in seconds,
/// angles in radians.
public enum Value: Equatable, Sendable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)
    case point(Double, Double)
    case rect(Double, Double, Double, Double)
    case color(RGBA)
    case string(String)
    case paint(PaintValue)
    case list([Value])
    /// A word of a closed set, resolved by the compiler; never a string at runtime.
    case word(Word)
    /// A layer instance id (only inside the runtime).
    case layer(Int)

    /// Whether this is a colour or a string (what a constant list may hold besides numbers
    /// and points).
    var isColorOrString: Bool {
        switch self {
        case .color, .string: return true
        default: return false
        }
    }

    public var number: Double {
        switch self {
        case .number(let v): return v
        case .bool(let b): return b ? 1 : 0
        default: return 0
        }
    }
    public var bool: Bool {
        switch self {
        case .bool(let b): return b
        case .number(let v): return v != 0
        default: return false
        }
    }
    public var point: (Double, Double) {
        switch self {
        case .point(let x, let y): return (x, y)
        case .number(let v): return (v, v)
        default: return (0, 0)
        }
    }

    /// The cap of a `cap` value; `butt` (the table's default) for any other value.
    public var cap: StrokeCap { if case .word(.cap(let c)) = self { return c }; return .butt }
    /// The join of a `join` value; `miter` (the table's default) for any other value.
    public var join: StrokeJoin { if case .word(.join(let j)) = self { return j }; return .miter }
    /// The rule of a `fill-rule` value; `non-zero` (the table's default) for any other value.
    public var windingRule: WindingRule { if case .word(.fillRule(let r)) = self { return r }; return .nonZero }
    /// The mode of a `blend` value; `normal` (the table's default) for any other value.
    public var blend: BlendWord { if case .word(.blend(let b)) = self { return b }; return .normal }
    /// The gravity of a `gravity` value; `resize` (the table's default) for any other value.
    public var gravity: GravityWord { if case .word(.gravity(let g)) = self { return g }; return .resize }

    public var description: String {
        switch self {
        case .number(let v): return Value.format(v)
        case .bool(let b): return b ? "true" : "false"
        case .point(let x, let y): return "(\(Value.format(x)), \(Value.format(y)))"
        case .rect(let x, let y, let w, let h): return "(\(Value.format(x)), \(Value.format(y)), \(Value.format(w)), \(Value.format(h)))"
        case .color(let c): return Value.hex(c)
        case .string(let s): return "\"\(s)\""
        case .paint(let p):
            switch p {
            case .none: return "none"
            case .color(let c): return Value.hex(c)
            case .linear(let s, let e, let stops):
                return "linear-gradient((\(Value.format(s.0)), \(Value.format(s.1))) -> (\(Value.format(e.0)), \(Value.format(e.1))), \(Value.stopsText(stops)))"
            case .angled(let a, let stops):
                return "linear-gradient(\(Value.format(a * 180 / Double.pi))deg, \(Value.stopsText(stops)))"
            case .radial(let c, let r, let stops):
                return "radial-gradient((\(Value.format(c.0)), \(Value.format(c.1))) r \(Value.format(r)), \(Value.stopsText(stops)))"
            case .conic(let c, let a, let stops):
                return "conic-gradient(\(Value.format(a * 180 / Double.pi))deg, (\(Value.format(c.0)), \(Value.format(c.1))), \(Value.stopsText(stops)))"
            }
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .word(let w): return w.text
        case .layer(let id): return "layer#\(id)"
        }
    }

    /// Numbers, points and rectangles with every digit (`exact(_:)`), the rest as
    /// `description`: what `wave trace` and the REPL's `:trace` print.
    public var exactDescription: String {
        switch self {
        case .number(let v): return Value.exact(v)
        case .point(let x, let y): return "(\(Value.exact(x)), \(Value.exact(y)))"
        case .rect(let x, let y, let w, let h): return "(\([x, y, w, h].map(Value.exact).joined(separator: ", ")))"
        default: return description
        }
    }

    /// The shortest text that reads back to the same Double (`format` rounds to 6 decimals).
    public static func exact(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    /// Numbers print with up to 6 decimals, trailing zeros trimmed; whole numbers bare.
    public static func format(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        var s = String(format: "%.6f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    public static func hex(_ c: RGBA) -> String {
        func h(_ v: Double) -> String {
            let i = (max(0, min(1, v)) * 255).clampedInt(nan: 0)
            let s = String(i, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(c.r) + h(c.g) + h(c.b) + (c.a < 1 ? h(c.a) : "")
    }

    static func stopsText(_ stops: [GradientStopValue]) -> String {
        stops.map { s in hex(s.color) + (s.location.map { " \(format($0 * 100))%" } ?? "") }.joined(separator: ", ")
    }
}

/// The value of a `.word` property: one case per closed word set of the vocabulary.
public enum Word: Equatable, Sendable {
    case cap(StrokeCap)
    case join(StrokeJoin)
    case fillRule(WindingRule)
    case blend(BlendWord)
    case gravity(GravityWord)

    /// The word `text` as a value of `property`; nil if the property has no such word.
    public init?(_ property: Property, _ text: String) {
        switch property {
        case .cap: guard let c = StrokeCap(rawValue: text) else { return nil }; self = .cap(c)
        case .join: guard let j = StrokeJoin(rawValue: text) else { return nil }; self = .join(j)
        case .fillRule: guard let r = WindingRule(rawValue: text) else { return nil }; self = .fillRule(r)
        case .blend: guard let b = BlendWord(rawValue: text) else { return nil }; self = .blend(b)
        case .gravity: guard let g = GravityWord(rawValue: text) else { return nil }; self = .gravity(g)
        default: return nil
        }
    }

    /// The word as written.
    public var text: String {
        switch self {
        case .cap(let c): return c.rawValue
        case .join(let j): return j.rawValue
        case .fillRule(let r): return r.rawValue
        case .blend(let b): return b.rawValue
        case .gravity(let g): return g.rawValue
        }
    }
}

extension Double {
    /// The one conversion from a script's numbers to `Int` (indices, sizes, counts, ticks,
    /// colour channels): rounded by `rule`, NaN becomes `nan`, and values beyond ±`limit`
    /// (the infinities included) are clamped to it. It never traps, unlike `Int(_:)`.
    public func clampedInt(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero,
                           nan: Int = 0, limit: Int = 1 << 53) -> Int {
        if isNaN { return nan }
        let bound = Double(limit)
        let r = rounded(rule)
        return r >= bound ? limit : r <= -bound ? -limit : Int(r)
    }
}
