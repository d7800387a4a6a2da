import Foundation

/// Named colours (CSS names for the common ones).
public let namedColors: [String: RGBA] = {
    let table: [(String, UInt32)] = [
        ("black", 0x000000), ("white", 0xffffff), ("red", 0xff0000), ("green", 0x008000), ("blue", 0x0000ff),
        ("yellow", 0xffff00), ("cyan", 0x00ffff), ("magenta", 0xff00ff), ("gray", 0x808080), ("grey", 0x808080),
        ("silver", 0xc0c0c0), ("maroon", 0x800000), ("olive", 0x808000), ("lime", 0x00ff00), ("aqua", 0x00ffff),
        ("teal", 0x008080), ("navy", 0x000080), ("fuchsia", 0xff00ff), ("purple", 0x800080), ("orange", 0xffa500),
        ("pink", 0xffc0cb), ("brown", 0xa52a2a), ("gold", 0xffd700), ("coral", 0xff7f50), ("salmon", 0xfa8072),
        ("skyblue", 0x87ceeb), ("steelblue", 0x4682b4), ("tomato", 0xff6347), ("violet", 0xee82ee),
        ("indigo", 0x4b0082), ("turquoise", 0x40e0d0), ("crimson", 0xdc143c), ("darkgray", 0xa9a9a9),
        ("lightgray", 0xd3d3d3), ("dimgray", 0x696969), ("beige", 0xf5f5dc), ("ivory", 0xfffff0),
    ]
    var out: [String: RGBA] = ["transparent": RGBA(0, 0, 0, 0)]
    for (name, v) in table {
        out[name] = RGBA(Double((v >> 16) & 0xff) / 255, Double((v >> 8) & 0xff) / 255, Double(v & 0xff) / 255, 1)
    }
    return out
}()

/// The pure operations shared by constant folding in the compiler and by the runtime
/// interpreter: one definition of what `+` or `mix` means.
public enum Ops {
    public static func unary(_ op: UnaryOp, _ v: Value) -> Value {
        switch (op, v) {
        case (.negate, .number(let x)): return .number(-x)
        case (.negate, .point(let x, let y)): return .point(-x, -y)
        case (.not, _): return .bool(!v.bool)
        default: return v
        }
    }

    public static func binary(_ op: BinaryOp, _ a: Value, _ b: Value) -> Value {
        switch op {
        case .and: return .bool(a.bool && b.bool)
        case .or: return .bool(a.bool || b.bool)
        case .eq: return .bool(a == b)
        case .ne: return .bool(a != b)
        case .lt: return .bool(a.number < b.number)
        case .le: return .bool(a.number <= b.number)
        case .gt: return .bool(a.number > b.number)
        case .ge: return .bool(a.number >= b.number)
        case .add, .sub, .mul, .div:
            switch (a, b) {
            case (.number(let x), .number(let y)): return .number(arith(op, x, y))
            case (.point(let x1, let y1), .point(let x2, let y2)): return .point(arith(op, x1, x2), arith(op, y1, y2))
            case (.point(let x, let y), .number(let s)): return .point(arith(op, x, s), arith(op, y, s))
            case (.number(let s), .point(let x, let y)): return .point(arith(op, s, x), arith(op, s, y))
            case (.string(let s), _) where op == .add: return .string(s + plain(b))
            case (_, .string(let s)) where op == .add: return .string(plain(a) + s)
            default: return a
            }
        }
    }

    private static func plain(_ v: Value) -> String {
        if case .string(let s) = v { return s }
        return v.description
    }

    /// Division by zero gives ±infinity or NaN, never a trap; geometry later drops
    /// non-finite values.
    static func arith(_ op: BinaryOp, _ x: Double, _ y: Double) -> Double {
        switch op {
        case .add: return x + y
        case .sub: return x - y
        case .mul: return x * y
        default: return x / y
        }
    }

    /// The built-ins of one number giving a number (`sin`, `abs`, `sqrt`, …): the
    /// interpreter calls `unary` for them without building argument arrays.
    public static func isUnary(_ f: Builtin) -> Bool {
        switch f {
        case .sin, .cos, .tan, .asin, .acos, .atan, .abs, .sign, .sqrt, .exp, .log, .floor, .ceil, .round: return true
        default: return false
        }
    }

    /// A built-in for which `isUnary` holds, of `x`: what `call(f, [.number(x)])` gives.
    @inline(__always)
    public static func unary(_ f: Builtin, _ x: Double) -> Double {
        switch f {
        case .sin: return Foundation.sin(x)
        case .cos: return Foundation.cos(x)
        case .tan: return Foundation.tan(x)
        case .asin: return Foundation.asin(x)
        case .acos: return Foundation.acos(x)
        case .atan: return Foundation.atan(x)
        case .abs: return Swift.abs(x)
        case .sign: return x > 0 ? 1 : x < 0 ? -1 : 0
        case .sqrt: return Foundation.sqrt(x)
        case .exp: return Foundation.exp(x)
        case .log: return Foundation.log(x)
        case .floor: return Foundation.floor(x)
        case .ceil: return Foundation.ceil(x)
        case .round: return x.rounded()
        default: return 0
        }
    }

    /// The function of two numbers `call` computes for `f` given two arguments, or nil.
    public static func binaryCall(_ f: Builtin) -> ((Double, Double) -> Double)? {
        switch f {
        case .min: return { Swift.min($0, $1) }
        case .max: return { Swift.max($0, $1) }
        case .atan2: return { Foundation.atan2($0, $1) }
        case .pow: return { Foundation.pow($0, $1) }
        case .mod: return { a, m in
            let r = Foundation.fmod(a, m)
            return r != 0 && (r < 0) != (m < 0) ? r + m : r
        }
        default: return nil
        }
    }

    /// Evaluates a pure built-in (everything but `random`).
    public static func call(_ f: Builtin, _ args: [Value]) -> Value {
        let n = args.map(\.number)
        func arg(_ i: Int) -> Double { i < n.count ? n[i] : 0 }
        switch f {
        case .sin, .cos, .tan, .asin, .acos, .atan, .abs, .sign, .sqrt, .exp, .log, .floor, .ceil, .round:
            return .number(unary(f, arg(0)))
        case .atan2, .pow, .mod: return .number(binaryCall(f).map { $0(arg(0), arg(1)) } ?? 0)
        case .min: return .number(n.dropFirst().reduce(arg(0)) { Swift.min($0, $1) })
        case .max: return .number(n.dropFirst().reduce(arg(0)) { Swift.max($0, $1) })
        case .clamp: return .number(Swift.min(Swift.max(arg(0), arg(1)), arg(2)))
        case .mix: return mix(args.first ?? .number(0), args.count > 1 ? args[1] : .number(0), arg(2))
        case .rgb: return .color(RGBA(unit(arg(0) / 255), unit(arg(1) / 255), unit(arg(2) / 255), 1))
        case .rgba: return .color(RGBA(unit(arg(0) / 255), unit(arg(1) / 255), unit(arg(2) / 255), unit(arg(3))))
        case .hsl: return .color(hsl(arg(0), arg(1), arg(2)))
        case .point: return n.count == 1 ? .point(arg(0), arg(0)) : .point(arg(0), arg(1))   // one: a number for both
        case .random: return .number(0)
        case .charCount:
            guard case .string(let s) = args.first else { return .number(0) }
            return .number(Double(s.count))
        case .substring:
            guard case .string(let s) = args.first else { return .string("") }
            return .string(substring(s, from: arg(1), count: args.count > 2 ? arg(2) : .infinity))
        }
    }

    /// `substring(s, from[, count])`: `count` characters (grapheme clusters) from index `from`
    /// (0 the first), both rounded down and clamped to the string; NaN counts as 0.
    static func substring(_ s: String, from: Double, count: Double) -> String {
        let n = s.count
        let start = from.clampedInt(.down, nan: 0, limit: n)
        let length = count.clampedInt(.down, nan: 0, limit: n)
        guard start < n, length > 0 else { return "" }
        let a = s.index(s.startIndex, offsetBy: max(0, start))
        let b = s.index(a, offsetBy: min(length, n - max(0, start)))
        return String(s[a..<b])
    }

    /// `.x`/`.y` of a point, or the n-th number of a rect (x, y, width, height).
    public static func component(_ v: Value, _ i: Int) -> Value {
        switch v {
        case .point(let x, let y): return .number(i == 0 ? x : y)
        case .rect(let x, let y, let w, let h): return .number([x, y, w, h][max(0, min(3, i))])
        default: return .number(0)
        }
    }

    /// The same value with one component replaced.
    public static func replacing(_ v: Value, _ i: Int, _ n: Double) -> Value {
        switch v {
        case .point(let x, let y): return i == 0 ? .point(n, y) : .point(x, n)
        case .rect(var x, var y, var w, var h):
            switch i { case 0: x = n; case 1: y = n; case 2: w = n; default: h = n }
            return .rect(x, y, w, h)
        default: return v
        }
    }

    /// A colour component clamped to 0...1; NaN stays NaN, so that a colour made from one is
    /// refused where it reaches a layer (E0706) instead of drawing it hidden.
    static func unit(_ v: Double) -> Double { v.isNaN ? v : Swift.min(1, Swift.max(0, v)) }

    /// Linear interpolation of numbers, points, rects and colours. Colours interpolate
    /// their straight sRGB components and alpha independently (see grammar.md).
    public static func mix(_ a: Value, _ b: Value, _ f: Double) -> Value {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(l(x, y))
        case (.point(let x1, let y1), .point(let x2, let y2)): return .point(l(x1, x2), l(y1, y2))
        case (.point(let x1, let y1), .number(let s)): return .point(l(x1, s), l(y1, s))
        case (.number(let s), .point(let x2, let y2)): return .point(l(s, x2), l(s, y2))
        case (.rect(let a1, let b1, let c1, let d1), .rect(let a2, let b2, let c2, let d2)):
            return .rect(l(a1, a2), l(b1, b2), l(c1, c2), l(d1, d2))
        case (.color(let c1), .color(let c2)): return .color(mixColor(c1, c2, f))
        case (.paint(.color(let c1)), .paint(.color(let c2))): return .paint(.color(mixColor(c1, c2, f)))
        case (.paint(.color(let c1)), .color(let c2)), (.color(let c1), .paint(.color(let c2))):
            return .paint(.color(mixColor(c1, c2, f)))
        case (.paint(let p1), .paint(let p2)):
            return mixGradient(p1, p2, f).map { .paint($0) } ?? (f < 0.5 ? a : b)
        default: return f < 0.5 ? a : b
        }
    }

    /// Two gradients of one form with as many stops: geometry, stop locations (resolved
    /// first) and stop colours interpolated, so an animation of `fill` can move a
    /// gradient's stops or end points (CAGradientLayer's animatable `locations`,
    /// `startPoint`, `endPoint`). Nil for anything else.
    static func mixGradient(_ a: PaintValue, _ b: PaintValue, _ f: Double) -> PaintValue? {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        func p(_ x: (Double, Double), _ y: (Double, Double)) -> (Double, Double) { (l(x.0, y.0), l(x.1, y.1)) }
        func stops(_ s: [GradientStopValue], _ t: [GradientStopValue]) -> [GradientStopValue]? {
            guard s.count == t.count else { return nil }
            return zip(GradientStopValue.resolved(s), GradientStopValue.resolved(t)).map { x, y in
                GradientStopValue(location: l(x.location ?? 0, y.location ?? 0), color: mixColor(x.color, y.color, f))
            }
        }
        switch (a, b) {
        case (.linear(let s1, let e1, let t1), .linear(let s2, let e2, let t2)):
            return stops(t1, t2).map { .linear(start: p(s1, s2), end: p(e1, e2), stops: $0) }
        case (.angled(let a1, let t1), .angled(let a2, let t2)):
            return stops(t1, t2).map { .angled(radians: l(a1, a2), stops: $0) }
        case (.radial(let c1, let r1, let t1), .radial(let c2, let r2, let t2)):
            return stops(t1, t2).map { .radial(center: p(c1, c2), radius: l(r1, r2), stops: $0) }
        case (.conic(let c1, let a1, let t1), .conic(let c2, let a2, let t2)):
            return stops(t1, t2).map { .conic(center: p(c1, c2), angle: l(a1, a2), stops: $0) }
        default:
            return nil
        }
    }

    static func mixColor(_ a: RGBA, _ b: RGBA, _ f: Double) -> RGBA {
        RGBA(unit(a.r + (b.r - a.r) * f), unit(a.g + (b.g - a.g) * f), unit(a.b + (b.b - a.b) * f), unit(a.a + (b.a - a.a) * f))
    }

    /// Hue in radians, saturation and lightness as fractions.
    static func hsl(_ h: Double, _ s: Double, _ l: Double) -> RGBA {
        let hue = Foundation.fmod(Foundation.fmod(h / (2 * Double.pi), 1) + 1, 1) * 6
        let c = (1 - Swift.abs(2 * unit(l) - 1)) * unit(s)
        let x = c * (1 - Swift.abs(Foundation.fmod(hue, 2) - 1))
        let m = unit(l) - c / 2
        let (r, g, b): (Double, Double, Double)
        switch hue.clampedInt(.towardZero) {   // a NaN hue takes sector 0, whose channels are then NaN
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        return RGBA(unit(r + m), unit(g + m), unit(b + m), 1)
    }
}
