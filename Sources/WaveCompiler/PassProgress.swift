/// PassProgress through one pass of an animation, kept exact for as long as it can be.
///
/// The clock counts whole ticks, so the progress of a pass is a ratio of whole numbers
/// (ticks into the pass over ticks in a pass), and so is the output of `steps(n)`. Those stay
/// `.ratio`, so that step and keyframe boundaries land on the tick rational arithmetic gives
/// rather than one tick late after a floating-point division rounds down. A curve that bends
/// progress (a cubic Bézier) gives a `.real`.
public enum PassProgress: Equatable, Sendable {
    /// numerator / denominator. Invariant (kept by `ratio(_:over:)`): denominator > 0.
    case ratio(Int, Int)
    case real(Double)

    public static let zero = PassProgress.ratio(0, 1)
    public static let one = PassProgress.ratio(1, 1)

    /// n / d with the sign moved to the numerator; a zero denominator gives 0.
    public static func ratio(_ n: Int, over d: Int) -> PassProgress {
        guard d != 0 else { return .zero }
        return d > 0 ? .ratio(n, d) : .ratio(-n, -d)
    }

    /// The nearest Double.
    public var value: Double {
        switch self {
        case .ratio(let n, let d): return Double(n) / Double(d)
        case .real(let x): return x
        }
    }

    /// ⌊self · n⌋, and whether self · n is a whole number. Exact for ratios (unless the
    /// product overflows, when it falls back to Doubles); a non-finite value counts as 0.
    public func scaledFloor(_ n: Int) -> (floor: Int, whole: Bool) {
        if case .ratio(let num, let den) = self, den > 0 {
            let (product, overflow) = num.multipliedReportingOverflow(by: n)
            if !overflow {
                let (q, r) = product.quotientAndRemainder(dividingBy: den)
                return r < 0 ? (q - 1, false) : (q, r == 0)
            }
        }
        let x = value * Double(n)
        guard x.isFinite else { return (0, true) }
        let f = Swift.min(Swift.max(x.rounded(.down), -9e15), 9e15)
        return (Int(f), f == x)
    }

    /// self ≥ t for a key time t. A ratio compares exactly with t read as a fraction
    /// (`fraction(approximating:)`, so 0.3 is 3/10 and 1/3 is 1/3).
    public func isAtLeast(_ t: Double) -> Bool {
        if case .ratio(let n, let d) = self, let (a, b) = PassProgress.fraction(approximating: t) {
            let (l, o1) = n.multipliedReportingOverflow(by: b), (r, o2) = a.multipliedReportingOverflow(by: d)
            if !o1 && !o2 { return l >= r }
        }
        return value >= t
    }

    /// (self − a) / (b − a): where self falls in the key-time interval a…b (a < b), exact
    /// for a ratio when a and b read as fractions and nothing overflows.
    public func within(_ a: Double, _ b: Double) -> PassProgress {
        if case .ratio(let n, let d) = self, let (an, ad) = PassProgress.fraction(approximating: a),
           let (bn, bd) = PassProgress.fraction(approximating: b) {
            // (n/d − an/ad) / (bn/bd − an/ad) = (n·ad − an·d)·bd / (d·(bn·ad − an·bd))
            func mul(_ x: Int, _ y: Int) -> Int? { let (p, o) = x.multipliedReportingOverflow(by: y); return o ? nil : p }
            func sub(_ x: Int?, _ y: Int?) -> Int? {
                guard let x, let y else { return nil }
                let (p, o) = x.subtractingReportingOverflow(y); return o ? nil : p
            }
            if let top = sub(mul(n, ad), mul(an, d)), let width = sub(mul(bn, ad), mul(an, bd)),
               let num = mul(top, bd), let den = mul(d, width), den != 0 {
                return .ratio(num, over: den)
            }
        }
        return .real((value - a) / (b - a))
    }

    /// The fraction nearest to x with a denominator up to `maxDenominator` (the last
    /// continued-fraction convergent that fits), or nil when x is not finite or |x| ≥ 10¹².
    /// Guarantees: den > 0. Decimal literals come back as the fraction they were written as.
    public static func fraction(approximating x: Double, maxDenominator: Int = 1_000_000) -> (num: Int, den: Int)? {
        guard x.isFinite, x.magnitude < 1e12 else { return nil }
        var (h0, h1, k0, k1) = (0, 1, 1, 0)   // convergents h/k
        var r = x.magnitude
        for _ in 0..<64 {
            let a = r.rounded(.down)
            let ai = Int(a)
            let (ah, o1) = ai.multipliedReportingOverflow(by: h1), (ak, o2) = ai.multipliedReportingOverflow(by: k1)
            guard !o1, !o2 else { break }
            let h2 = ah + h0, k2 = ak + k0
            if k2 > maxDenominator { break }
            (h0, h1, k0, k1) = (h1, h2, k1, k2)
            let f = r - a
            guard f > 0, 1 / f < 1e15 else { break }
            r = 1 / f
        }
        guard k1 > 0 else { return nil }
        return (x < 0 ? -h1 : h1, k1)
    }
}
