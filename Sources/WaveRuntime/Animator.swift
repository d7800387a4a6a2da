import Foundation
import WaveCompiler
import WaveSyntax

/// A concrete place an animation writes: a global or a live layer's property.
enum ResolvedTarget: Equatable, Sendable {
    case global(Int, component: Int?)
    case layer(Int, Property, component: Int?)
}

/// A running animation: its IR, the values it runs between (fixed when it started), and
/// when its active time begins.
struct ActiveAnimation: Sendable {
    var ir: AnimationIR
    var targets: [ResolvedTarget]
    var from: [Value]
    var to: [Value]
    var keyframes: [Value]
    /// Tick at which local time is 0 (start plus delay).
    var begin: Int
    var context: ExecContext

    func touches(_ id: Int) -> Bool {
        targets.contains { if case .layer(let l, _, _) = $0 { return l == id }; return false }
    }
}

extension SceneRuntime {
    /// Ticks of active time (all repeats), or nil for forever.
    static func activeTicks(_ a: AnimationIR) -> Double? {
        if let rd = a.repeatDurationTicks { return Double(rd) }
        if a.repeatCount == .infinity { return nil }
        let cycle = Double(a.durationTicks) * (a.autoreverses ? 2 : 1)
        return cycle * (a.repeatCount ?? 1)
    }

    /// Starts an animation now (plus its delay). Values are fixed at start, following
    /// Core Animation's from/to/by rules; a missing end is the current value.
    mutating func start(_ a: AnimationIR, _ ctx: ExecContext, extraDelay: Int) throws {
        guard animations.count < limits.maxAnimations else {
            throw RuntimeError(.tooManyAnimations, "too many running animations (more than \(limits.maxAnimations))", a.range, tick: tick)
        }
        try charge(a.range)
        var targets: [ResolvedTarget] = []
        var froms: [Value] = [], tos: [Value] = []
        let fromV = try a.from.map { try eval($0, ctx) }
        let toV = try a.to.map { try eval($0, ctx) }
        let byV = try a.by.map { try eval($0, ctx) }
        for t in a.targets {
            guard let r = resolveTarget(t, ctx) else { continue }
            let current = presentValue(r)
            var from = current, to = current
            switch (fromV, toV, byV) {
            case (let f?, let t?, _): from = f; to = t
            case (let f?, nil, let b?): from = f; to = Ops.binary(.add, f, b)
            case (nil, let t?, let b?): from = Ops.binary(.sub, t, b); to = t
            case (let f?, nil, nil): from = f
            case (nil, let t?, nil): to = t
            case (nil, nil, let b?): to = Ops.binary(.add, current, b)
            default: break
            }
            targets.append(r)
            froms.append(SceneRuntime.normalize(from, for: r))
            tos.append(SceneRuntime.normalize(to, for: r))
        }
        var keyframes: [Value] = []
        for k in a.keyframes { keyframes.append(try eval(k, ctx)) }
        guard !targets.isEmpty else { return }
        animations.append(ActiveAnimation(ir: a, targets: targets, from: froms, to: tos, keyframes: keyframes,
                                          begin: tick + a.delayTicks + extraDelay, context: ctx))
    }

    /// Scale is a point; a number written to it means a uniform scale.
    static func normalize(_ v: Value, for target: ResolvedTarget) -> Value {
        if case .layer(_, .scale, nil) = target, case .number(let n) = v { return .point(n, n) }
        return v
    }

    func resolveTarget(_ t: Target, _ ctx: ExecContext) -> ResolvedTarget? {
        switch t {
        case .global(let slot): return .global(slot, component: nil)
        case .globalComponent(let slot, let c): return .global(slot, component: c)
        case .layer(let ref, let p): return resolve(ref, ctx).map { .layer($0, p, component: nil) }
        case .layerComponent(let ref, let p, let c): return resolve(ref, ctx).map { .layer($0, p, component: c) }
        }
    }

    func presentValue(_ r: ResolvedTarget) -> Value {
        switch r {
        case .global(let slot, let c):
            let v = presentGlobal(slot)
            return c.map { Ops.component(v, $0) } ?? v
        case .layer(let id, let p, let c):
            guard let inst = instances[id] else { return defaultValue(p) }
            let v = inst.present(p)
            return c.map { Ops.component(v, $0) } ?? v
        }
    }

    /// Writes a presentation value (this tick only), or a model value when committing.
    mutating func put(_ r: ResolvedTarget, _ v: Value, commit: Bool) {
        switch r {
        case .global(let slot, let c):
            let whole = c.map { Ops.replacing(commit ? globals[slot] : presentGlobal(slot), $0, v.number) } ?? v
            if commit { globals[slot] = whole } else { globalOverlay[slot] = whole }
        case .layer(let id, let p, let c):
            guard let inst = instances[id] else { return }
            let i = p.ordinal
            let base = commit ? inst.model[i] : inst.present(p)
            let whole = c.map { Ops.replacing(base, $0, v.number) } ?? v
            if commit {
                instances[id]?.model[i] = whole
                instances[id]?.bindings[i] = nil
            } else {
                instances[id]?.overlay[i] = whole
            }
        }
    }

    /// Writes every running animation's value for this tick into the presentation
    /// overlay; finished animations commit (fill forwards) and run their `then` statements.
    mutating func sampleAnimations() throws {
        for i in globalOverlay.indices { globalOverlay[i] = nil }
        for id in instances.keys where instances[id]?.overlay.contains(where: { $0 != nil }) == true {
            instances[id]?.overlay = Array(repeating: nil, count: Property.count)
        }
        var index = 0
        while index < animations.count {
            let a = animations[index]
            let tau = Double(tick - a.begin)
            let active = SceneRuntime.activeTicks(a.ir)
            if tau < 0 {
                if a.ir.fill == .backwards || a.ir.fill == .both { write(a, progress: 0, final: false) }
                index += 1
                continue
            }
            if tau < (active ?? .infinity) {
                write(a, progress: SceneRuntime.phase(tau, a.ir, atEnd: false), final: false)
                index += 1
                continue
            }
            // Finished: commit or revert, then the `then` statements.
            animations.remove(at: index)
            if a.ir.fill == .forwards || a.ir.fill == .both {
                write(a, progress: SceneRuntime.phase(active ?? 0, a.ir, atEnd: true), final: true)
            }
            // Animations that `then` starts are appended, so this loop samples them this tick.
            for s in a.ir.then {
                if let cur = a.context.current, instances[cur] == nil { break }
                try exec(s, a.context)
            }
        }
    }

    private mutating func write(_ a: ActiveAnimation, progress p: Double, final: Bool) {
        for (k, target) in a.targets.enumerated() {
            let v: Value
            if !a.keyframes.isEmpty {
                v = Keyframes.sample(a.keyframes, times: a.ir.keyTimes, mode: a.ir.keyframeMode,
                                     segmentTimings: a.ir.segmentTimings, progress: Timing.apply(a.ir.timing, p))
            } else if final, case .spring = a.ir.timing {
                v = a.to[k]
            } else {
                v = Ops.mix(a.from[k], a.to[k], SceneRuntime.eased(a.ir, p))
            }
            put(target, SceneRuntime.normalize(v, for: target), commit: final)
        }
    }

    static func eased(_ a: AnimationIR, _ p: Double) -> Double {
        if case .spring(let params) = a.timing {
            return Spring(params).progress(p * Double(a.durationTicks) / 60)
        }
        return Timing.apply(a.timing, p)
    }

    /// Progress within the current pass for local time `tau` (ticks). At the very end of
    /// active time a pass is complete (1, or 0 after an autoreverse), not restarted.
    static func phase(_ tau: Double, _ a: AnimationIR, atEnd: Bool) -> Double {
        let d = Double(a.durationTicks)
        guard d > 0 else { return a.autoreverses ? 0 : 1 }
        let u = tau / d
        if a.autoreverses {
            var w = u.truncatingRemainder(dividingBy: 2)
            if atEnd && w == 0 && u > 0 { w = 2 }
            return w <= 1 ? w : 2 - w
        }
        var w = u - u.rounded(.down)
        if atEnd && w == 0 && u > 0 { w = 1 }
        return w
    }
}

/// Keyframe interpolation: discrete, linear, cubic (Catmull-Rom) and paced.
enum Keyframes {
    static func sample(_ values: [Value], times: [Double], mode: KeyframeMode, segmentTimings: [TimingFunction], progress p: Double) -> Value {
        guard values.count > 1 else { return values.first ?? .number(0) }
        var keyTimes = times
        if mode == .paced { keyTimes = pacedTimes(values) }
        let p = min(max(p, 0), 1)
        var i = 0
        while i < keyTimes.count - 2 && p >= keyTimes[i + 1] { i += 1 }
        if mode == .discrete { return p >= 1 ? values[values.count - 1] : values[i] }
        let span = keyTimes[i + 1] - keyTimes[i]
        var local = span > 0 ? (p - keyTimes[i]) / span : 1
        if i < segmentTimings.count { local = Timing.apply(segmentTimings[i], local) }
        if mode == .cubic {
            let p0 = values[max(0, i - 1)], p1 = values[i], p2 = values[i + 1], p3 = values[min(values.count - 1, i + 2)]
            return catmullRom(p0, p1, p2, p3, local)
        }
        return Ops.mix(values[i], values[i + 1], local)
    }

    static func pacedTimes(_ values: [Value]) -> [Double] {
        var lengths: [Double] = [0]
        for (a, b) in zip(values, values.dropFirst()) {
            let (ax, ay) = a.point, (bx, by) = b.point
            let d: Double
            if case .number(let x) = a, case .number(let y) = b { d = abs(y - x) } else { d = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot() }
            lengths.append((lengths.last ?? 0) + d)
        }
        let total = lengths.last ?? 0
        guard total > 0 else { return (0..<values.count).map { Double($0) / Double(values.count - 1) } }
        return lengths.map { $0 / total }
    }

    static func catmullRom(_ v0: Value, _ v1: Value, _ v2: Value, _ v3: Value, _ t: Double) -> Value {
        func cr(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
            let t2 = t * t, t3 = t2 * t
            return 0.5 * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (-p0 + 3 * p1 - 3 * p2 + p3) * t3)
        }
        switch (v0, v1, v2, v3) {
        case (.number(let a), .number(let b), .number(let c), .number(let d)): return .number(cr(a, b, c, d))
        case (.point, .point, .point, .point):
            return .point(cr(v0.point.0, v1.point.0, v2.point.0, v3.point.0), cr(v0.point.1, v1.point.1, v2.point.1, v3.point.1))
        default: return Ops.mix(v1, v2, t)
        }
    }
}
