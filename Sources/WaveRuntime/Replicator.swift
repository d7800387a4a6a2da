import WaveCompiler
import WaveGeometry
import WaveGraphics

/// A colour multiplier for everything a layer draws: a replicator's per-copy colour and
/// alpha offsets (CAReplicatorLayer's instanceColor with its red, green, blue and alpha
/// offsets). Guarantees: every component in 0...1.
struct Tint: Equatable, Sendable {
    var r = 1.0, g = 1.0, b = 1.0, a = 1.0
    static let none = Tint()

    func times(_ o: Tint) -> Tint { Tint(r: r * o.r, g: g * o.g, b: b * o.b, a: a * o.a) }

    func apply(_ p: Paint?) -> Paint? {
        guard let p, self != .none else { return p }
        func c(_ x: Color) -> Color { Color(r: x.r * r, g: x.g * g, b: x.b * b, a: x.a * a) }
        switch p {
        case .solid(let x): return .solid(c(x))
        // An image's pixels are not tinted (its copies keep their colours; opacity still applies).
        case .image: return p
        case .linearGradient(let s, let e, let stops): return .linearGradient(start: s, end: e, stops: stops.map { GradientStop($0.location, c($0.color)) })
        case .radialGradient(let o, let radius, let stops): return .radialGradient(center: o, radius: radius, stops: stops.map { GradientStop($0.location, c($0.color)) })
        case .conicGradient(let o, let angle, let stops): return .conicGradient(center: o, angle: angle, stops: stops.map { GradientStop($0.location, c($0.color)) })
        case .projected(let inner, let plane, let centre): return apply(inner).map { .projected($0, plane: plane, centre: centre) }
        }
    }
}

extension ReplicatorIR {
    /// One step of the instance transform in the replicator's own space: scale and turn
    /// about (aboutX, aboutY), then move by (dx, dy).
    var step: Transform {
        Transform.translation(-aboutX, -aboutY)
            .concatenating(.scale(scaleX, scaleY))
            .concatenating(.rotation(rotation))
            .concatenating(.translation(aboutX + dx, aboutY + dy))
    }

    /// The instance transform applied k times, as CAReplicatorLayer applies it to copy k.
    func instanceTransform(_ k: Int) -> Transform {
        var t = Transform.identity
        let s = step
        for _ in 0..<max(0, k) { t = t.concatenating(s) }
        return t
    }

    /// Copy k's colour multiplier: 1 plus k times each offset, clamped to 0...1.
    func tint(_ k: Int) -> Tint {
        func f(_ offset: Double) -> Double { min(1, max(0, 1 + Double(k) * offset)) }
        return Tint(r: f(redOffset), g: f(greenOffset), b: f(blueOffset), a: f(alphaOffset))
    }
}
