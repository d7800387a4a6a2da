import Foundation

/// Core Animation's timing maths: named curves, cubic Bézier solving, CSS steps, and
/// closed-form damped springs. Pure functions of progress; shared by the compiler (which
/// prints spring settling times) and the runtime.
public enum Timing {
    /// The named curves, with Core Animation's control points (`TimingCurveName.controlPoints`).
    public static let named: [String: TimingFunction] = Dictionary(uniqueKeysWithValues: TimingCurveName.allCases.map { name in
        (name.rawValue, name == .easeOutBounce ? .bounce : name.controlPoints.map { TimingFunction.cubicBezier($0.x1, $0.y1, $0.x2, $0.y2) } ?? .linear)
    })

    /// Eased progress for linear time fraction `x` (a real number; see `apply(_:_:before:)`).
    public static func apply(_ f: TimingFunction, _ x: Double) -> Double {
        apply(f, .real(x), before: false).value
    }

    /// Eased progress. `linear` and `steps` keep an exact ratio exact; a Bézier gives a real.
    /// `before` is CSS Easing's before flag (see `steps`); only step functions read it. A
    /// spring's progress is computed from time by `Spring`, so here it passes through.
    public static func apply(_ f: TimingFunction, _ p: PassProgress, before: Bool) -> PassProgress {
        switch f {
        case .linear, .spring: return p
        case .cubicBezier(let x1, let y1, let x2, let y2): return .real(cubicBezier(x1, y1, x2, y2, p.value))
        case .steps(let n, let position): return steps(n, position, p, before: before)
        case .bounce: return .real(bounce(p.value))
        case .points(let points): return .real(linearPoints(points, p.value))
        }
    }

    /// easings.net's easeOutBounce: four parabolas of one curvature (7.5625) that touch 1
    /// at x = 1/2.75, 2/2.75, 2.5/2.75 and 1 and dip to 0.75, 0.9375 and 0.984375 between:
    /// never above 1. Before 0 it is 0, after 1 it is 1.
    public static func bounce(_ x: Double) -> Double {
        let n = 7.5625, d = 2.75
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x < 1 / d { return n * x * x }
        if x < 2 / d { let u = x - 1.5 / d; return n * u * u + 0.75 }
        if x < 2.5 / d { let u = x - 2.25 / d; return n * u * u + 0.9375 }
        let u = x - 2.625 / d
        return n * u * u + 0.984375
    }

    /// CSS Easing Level 2's linear easing function: the output on the straight line through
    /// the two points around `x` (the last point at or before x and the one after it; before
    /// the first and after the last, the first two or the last two, extended). Two points at
    /// one input make a jump: at that input the later one holds.
    public static func linearPoints(_ points: [TimingPoint], _ x: Double) -> Double {
        guard points.count >= 2, let first = points.first, let last = points.last else { return x }
        let a: TimingPoint, b: TimingPoint
        if x < first.input {
            (a, b) = (points[0], points[1])
        } else if x >= last.input {
            (a, b) = (points[points.count - 2], last)
        } else {
            let i = points.lastIndex { $0.input <= x } ?? 0
            (a, b) = (points[i], points[min(i + 1, points.count - 1)])
        }
        if a.input == b.input { return x < a.input ? a.output : b.output }
        return a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
    }

    /// Solves x(t) = x for the Bézier's parameter by Newton's method, falling back to
    /// bisection, to |x(t) − x| ≤ 1e-7; returns y(t). Outside 0...1 the curve continues
    /// along its end tangents, as CSS Easing Level 1 ("Cubic Bézier easing functions") says: before 0 along P0→P1
    /// (or P0→P2 when x1 = 0, or flat when x1 = x2 = 0), after 1 along P2→P3 (or P1→P3 when
    /// x2 = 1, or flat when x1 = x2 = 1).
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        if x <= 0 {
            if x == 0 { return 0 }
            if x1 > 0 { return y1 / x1 * x }
            if x2 > 0 { return y2 / x2 * x }
            return 0
        }
        if x >= 1 {
            if x2 < 1 { return 1 + (y2 - 1) / (x2 - 1) * (x - 1) }
            if x1 < 1 { return 1 + (y1 - 1) / (x1 - 1) * (x - 1) }
            return 1
        }
        // Polynomial coefficients of B(t) = ((a t + b) t + c) t for each axis.
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func sx(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func dsx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        func sy(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        let epsilon = 1e-7
        var t = x
        for _ in 0..<8 {
            let err = sx(t) - x
            if abs(err) < epsilon { return sy(t) }
            let d = dsx(t)
            if abs(d) < 1e-6 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let v = sx(t)
            if abs(v - x) < epsilon { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return sy(t)
    }

    /// CSS `steps(n, position)` for a real input (see the exact form below).
    public static func steps(_ n: Int, _ position: StepPosition, _ x: Double, before: Bool = false) -> Double {
        steps(n, position, .real(x), before: before).value
    }

    /// CSS `steps(n, position)`, step by step as CSS Easing Level 1 ("Step easing
    /// functions") gives it:
    /// step = ⌊x·n⌋, plus one for jump-start and jump-both; minus one when the before flag
    /// is set and x·n is whole; not below 0 for x ≥ 0, not above the number of jumps for
    /// x ≤ 1; output step / jumps. The before flag is set in the before phase of a pass
    /// that runs forwards (a delay filled backwards) and in the after phase of one that runs
    /// backwards (the end of an autoreversed last pass), as Web Animations Level 1 says in
    /// "Calculating the transformed progress". An exact input gives an exact output.
    public static func steps(_ n: Int, _ position: StepPosition, _ x: PassProgress, before: Bool) -> PassProgress {
        let n = max(1, n)
        let (floor, whole) = x.scaledFloor(n)
        var step = floor
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        if before && whole { step -= 1 }
        let (nonNegative, atMostOne): (Bool, Bool)
        switch x {
        case .ratio(let num, let den): (nonNegative, atMostOne) = (num >= 0, num <= den)
        case .real(let v): (nonNegative, atMostOne) = (v >= 0, v <= 1)
        }
        if nonNegative && step < 0 { step = 0 }
        let jumps: Int
        switch position {
        case .jumpBoth: jumps = n + 1
        case .jumpNone: jumps = max(1, n - 1)
        default: jumps = n
        }
        if atMostOne && step > jumps { step = jumps }
        return .ratio(step, over: jumps)
    }
}

/// A damped harmonic oscillator moving progress from 0 to 1, solved in closed form.
/// Initial velocity is in progress per second (1 = the whole distance in one second), as
/// in Core Animation.
public struct Spring: Equatable, Sendable {
    public let parameters: SpringParameters
    let omega0: Double
    let zeta: Double

    public init(_ p: SpringParameters) {
        parameters = p
        let m = max(p.mass, 1e-9), k = max(p.stiffness, 1e-9)
        omega0 = (k / m).squareRoot()
        zeta = max(0, p.damping) / (2 * (k * m).squareRoot())
    }

    /// The perceptual form: response (period of the undamped spring, seconds) and damping
    /// fraction ζ, with mass 1: stiffness = (2π/response)², damping = 4π·ζ/response.
    /// SwiftUI's `Spring` response when only a damping fraction or bounce is given.
    public static let defaultResponse = 0.55

    public static func perceptual(response: Double, dampingFraction: Double, initialVelocity: Double = 0) -> SpringParameters {
        let r = max(response, 1e-6)
        return SpringParameters(mass: 1, stiffness: pow(2 * Double.pi / r, 2), damping: 4 * Double.pi * dampingFraction / r,
                                initialVelocity: initialVelocity)
    }

    /// Progress at `t` seconds (1 at rest; may overshoot).
    public func progress(_ t: Double) -> Double {
        if t <= 0 { return 0 }
        let v0 = parameters.initialVelocity
        let y: Double   // displacement from the target, starting at -1
        if zeta < 1 - 1e-12 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let a = -1.0, b = (v0 + zeta * omega0 * a) / wd
            y = exp(-zeta * omega0 * t) * (a * cos(wd * t) + b * sin(wd * t))
        } else if zeta <= 1 + 1e-12 {
            // y = (a + b t)·e^(−ω₀t) with y(0) = a = −1 and y'(0) = b − ω₀a = v₀.
            let a = -1.0, b = v0 + omega0 * a
            y = (a + b * t) * exp(-omega0 * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - s), r2 = -omega0 * (zeta + s)
            let c1 = (v0 + r2) / (r1 - r2)
            let c2 = -1 - c1
            y = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 + y
    }

    /// The first tick (from 1) at which progress is within 0.001 of 1 or past it: when the
    /// spring first reaches its target (an under-damped one then overshoots); nil for one
    /// that does not within `longest`.
    public var reachTicks: Int? {
        let maxTicks = Int(60 * Self.longest)
        var n = 1
        while n <= maxTicks {
            if progress(Double(n) / 60) >= 1 - 0.001 { return n }
            n += 1
        }
        return nil
    }

    /// The longest a spring runs, in seconds: one that has not settled by then (one without
    /// damping never does) ends there, at its target.
    public static let longest = 600.0

    /// Seconds after which |1 − progress| stays below 0.001, to the tick; just over
    /// `longest` for a spring that does not settle by then.
    public var settlingTime: Double {
        let threshold = 0.001
        var last = 0
        let maxTicks = Int(60 * Self.longest)
        var n = 0
        while n <= maxTicks {
            let t = Double(n) / 60
            if abs(1 - progress(t)) >= threshold { last = n }
            if envelope(t) < threshold && n > last { break }
            n += 1
        }
        return Double(last + 1) / 60
    }

    /// An upper bound of |1 − progress| from `t` on.
    func envelope(_ t: Double) -> Double {
        let v0 = parameters.initialVelocity
        if zeta < 1 - 1e-12 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * omega0) / wd
            return exp(-zeta * omega0 * t) * (1 + b * b).squareRoot()
        } else if zeta <= 1 + 1e-12 {
            return (1 + abs(v0 - omega0) * t) * exp(-omega0 * t) + (t < 1e-9 ? 1 : 0)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - s), r2 = -omega0 * (zeta + s)
            let c1 = (v0 + r2) / (r1 - r2)
            return (abs(c1) + abs(-1 - c1)) * exp(r1 * t)
        }
    }
}
