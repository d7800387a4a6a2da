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
    /// The measured path of an `along` animation.
    var motion: MotionState? = nil
    /// The paths of a morph.
    var morph: MorphState? = nil
    /// An animation with an end left to the current value: that end is taken when it
    /// begins (not when its statement ran), from the value shown then, so a member of a
    /// `sequence` starts where the one before it left off (as `then` chains do), one after
    /// a delay from where the value is by then, and one that interrupts a running animation
    /// from where that one is at this tick.
    var deferredEnds: DeferredEnds? = nil

    func touches(_ id: Int) -> Bool {
        if morph?.id == id { return true }
        return targets.contains { if case .layer(let l, _, _) = $0 { return l == id }; return false }
    }
}

/// Which ends of an animation are the current value when it begins: `from` (no from), `to`
/// (no to), and `by` added to the current value for the end.
struct DeferredEnds: Sendable, Equatable {
    var from: Bool
    var to: Bool
    var by: Value?
}

extension SceneRuntime {
    /// Ticks of active time (all repeats), or nil for forever.
    static func activeTicks(_ a: AnimationIR) -> Double? {
        activeSpan(a).map { Double($0.num) / Double($0.den) }
    }

    /// Active time (all repeats) in ticks as the exact ratio num / den, or nil for forever.
    /// Guarantees: den > 0, num ≥ 0. A repeat count is read as a fraction
    /// (`PassProgress.fraction(approximating:)`, so `repeat 1.1` of 30 ticks is exactly 33
    /// ticks); a count of 10¹² or more, or an active time beyond Int's range, is forever.
    static func activeSpan(_ a: AnimationIR) -> (num: Int, den: Int)? {
        if let rd = a.repeatDurationTicks { return (max(0, rd), 1) }
        // A zero-length pass lasts no time however often it repeats (Web Animations: the
        // active duration is zero when the iteration duration is), so `then` follows at once.
        if a.repeatCount == .infinity { return a.durationTicks <= 0 ? (0, 1) : nil }
        let cycle = max(0, a.durationTicks) * (a.autoreverses ? 2 : 1)
        guard let (p, q) = PassProgress.fraction(approximating: a.repeatCount ?? 1) else { return nil }
        let (num, overflow) = cycle.multipliedReportingOverflow(by: max(0, p))
        return overflow ? nil : (num, q)
    }

    /// Starts an animation now (plus its delay). Values are fixed at start, following
    /// Core Animation's from/to/by rules; a missing end is the current value.
    @discardableResult
    mutating func start(_ a: AnimationIR, _ ctx: ExecContext, extraDelay: Int, deferEnds: Bool = false) throws -> AnimationIR {
        if let m = a.morph {
            let a = try resolveTiming(a, ctx)
            try startMorph(a, m, ExecContext(current: ctx.current), extraDelay: extraDelay + ctx.shift, deferEnds: deferEnds)
            return a
        }
        guard animations.count < limits.maxAnimations else {
            throw RuntimeError(.tooManyAnimations, "too many running animations (more than \(limits.maxAnimations))", a.range, tick: tick)
        }
        try charge(a.range)
        let a = try resolveTiming(a, ctx)
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
            if case .layer(let id, let p, _) = r, let inst = instances[id] {
                for end in [from, to] { try requireFinite(end, p, of: inst, at: a.range, "would be animated to") }
            }
            targets.append(r)
            froms.append(SceneRuntime.normalize(from, for: r))
            tos.append(SceneRuntime.normalize(to, for: r))
        }
        var keyframes: [Value] = []
        for k in a.keyframes { keyframes.append(try eval(k, ctx)) }
        for case .layer(let id, let p, _) in targets {
            guard let inst = instances[id] else { continue }
            for k in keyframes { try requireFinite(k, p, of: inst, at: a.range, "would be animated to") }
        }
        guard !targets.isEmpty else { return a }
        let motion = try a.motion.map { try startMotion($0, a, targets: targets) }
        var started = ActiveAnimation(ir: a, targets: targets, from: froms, to: tos, keyframes: keyframes,
                                      begin: tick + a.delayTicks + extraDelay + ctx.shift, context: ExecContext(current: ctx.current),
                                      motion: motion)
        // A missing end is the value shown when the animation begins (after its delay, and
        // after the animations sampled before it that tick): one that interrupts a running
        // animation starts where that one is now, not where it was a tick ago.
        if a.keyframes.isEmpty, a.motion == nil {
            switch (fromV, toV, byV) {
            case (nil, _?, nil): started.deferredEnds = DeferredEnds(from: true, to: false, by: nil)
            case (_?, nil, nil): started.deferredEnds = DeferredEnds(from: false, to: true, by: nil)
            case (nil, nil, let b?): started.deferredEnds = DeferredEnds(from: true, to: true, by: b)
            default: break
            }
        }
        animations.append(started)
        return a
    }
    /// The animation with its computed timing positions (`over random(1s, 2s)`, `delay
    /// index * 0.1s`, `repeat n`) evaluated now, in this context, and fixed from here on.
    mutating func resolveTiming(_ a: AnimationIR, _ ctx: ExecContext) throws -> AnimationIR {
        guard !a.dynamicTiming.isEmpty else { return a }
        var a = a
        let dynamic = a.dynamicTiming
        a.dynamicTiming = DynamicTiming()
        if let e = dynamic.duration {
            let v = try located(a.range) { try $0.eval(e, ctx) }.number
            a.durationTicks = try runtimeTicks(v, what: "the duration of this animation", a.range, allowNegative: false)
            if case .spring = a.timing { a.durationTicks = max(1, a.durationTicks) }
        }
        if let e = dynamic.delay {
            let v = try located(a.range) { try $0.eval(e, ctx) }.number
            a.delayTicks = try runtimeTicks(v, what: "the delay of this animation", a.range, allowNegative: true)
        }
        if let e = dynamic.repeatCount {
            let n = try located(a.range) { try $0.eval(e, ctx) }.number
            guard n > 0, !n.isNaN else {
                throw RuntimeError(.badTimeValue, "the repeat count of this animation came to \(Value.format(n)); it must be more than 0", a.range, tick: tick)
            }
            a.repeatCount = n
        }
        return a
    }

    /// `visible-chars` animated between counts of 0 or more stays at 0 or more: a curve that
    /// undershoots (a back ease, a spring) would otherwise pass a negative count, which means
    /// "show them all", and flash the whole text (CSS's widths cannot go below 0 either).
    static func undershootClamped(_ v: Value, _ a: ActiveAnimation, _ k: Int, for target: ResolvedTarget) -> Value {
        guard case .layer(_, .visibleChars, nil) = target, case .number(let n) = v, n < 0 else { return v }
        let ends = a.keyframes.isEmpty ? [a.from[k], a.to[k]] : a.keyframes
        return ends.allSatisfy({ $0.number >= 0 }) ? .number(0) : v
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
        case .instanceVar: return nil   // the compiler refuses to animate a parameter
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
            if commit {
                globals[slot] = whole
                // Shown this tick too: an animation earlier in the list may have written the
                // value into the overlay from the model as it was before this commit.
                if let shown = globalOverlay[slot] { globalOverlay[slot] = c.map { Ops.replacing(shown, $0, v.number) } ?? whole }
            } else { globalOverlay[slot] = whole }
        case .layer(let id, let p, let c):
            // In place through the dictionary's index, holding no copy of the instance (a
            // copy would make the write copy the whole model or overlay array).
            guard let at = instances.index(forKey: id) else { return }
            let i = p.ordinal
            let base = commit ? instances.values[at].model[i] : instances.values[at].present(p)
            let whole = c.map { Ops.replacing(base, $0, v.number) } ?? SceneRuntime.stored(v, p)
            if commit {
                instances.values[at].model[i] = whole
                instances.values[at].bindings[i] = nil
                // Shown this tick too (an animation earlier in the list may have written the
                // property's overlay from the model as it was before this commit), as the
                // ticks before it showed this animation over the earlier one.
                if let shown = instances.values[at].overlay[i] {
                    instances.values[at].overlay[i] = c.map { Ops.replacing(shown, $0, v.number) } ?? whole
                }
            } else {
                instances.values[at].overlay[i] = whole
                overlaysWritten = true
            }
        }
    }

    /// Writes every running animation's value for this tick into the presentation
    /// overlay; finished animations commit (fill forwards) and run their `then` statements.
    /// Local time is a whole number of ticks, so pass progress is an exact ratio.
    mutating func sampleAnimations() throws {
        for i in globalOverlay.indices { globalOverlay[i] = nil }
        if !morphOverlay.isEmpty { morphOverlay = [:] }
        if overlaysWritten {
            for id in instances.keys where instances[id]?.overlay.contains(where: { $0 != nil }) == true {
                instances[id]?.overlay = Array(repeating: nil, count: Property.count)
            }
            overlaysWritten = false
        }
        var index = 0
        while index < animations.count {
            var a = animations[index]
            let tau = tick - a.begin
            if tau >= 0, let ends = a.deferredEnds {
                // Its ends from the value shown now, after the animations before it this tick.
                if var m = a.morph {
                    if let inst = instances[m.id], let current = try localGeometry(inst).path {
                        if ends.from { m.from = current }
                        if ends.to { m.to = current }
                    }
                    a.morph = m
                }
                for (k, target) in a.targets.enumerated() {
                    let current = presentValue(target)
                    if ends.from { a.from[k] = SceneRuntime.normalize(current, for: target) }
                    if ends.to { a.to[k] = SceneRuntime.normalize(ends.by.map { Ops.binary(.add, current, $0) } ?? current, for: target) }
                    if case .layer(let id, let p, _) = target, let inst = instances[id] {
                        for end in [a.from[k], a.to[k]] { try requireFinite(end, p, of: inst, at: a.ir.range, "would be animated to") }
                    }
                }
                a.deferredEnds = nil
                animations[index] = a
            }
            let active = SceneRuntime.activeSpan(a.ir)
            if tau < 0 {
                // Before phase, going forwards: CSS's before flag is set.
                if a.ir.fill == .backwards || a.ir.fill == .both {
                    write(a, PassPosition(progress: .zero, reversed: false), before: true, final: false)
                }
                index += 1
                continue
            }
            if let active, SceneRuntime.reached(tau, active) {
                // Finished: commit or revert, then the `then` statements.
                animations.remove(at: index)
                if a.ir.fill == .forwards || a.ir.fill == .both {
                    // After phase: the before flag is set when the last pass ran backwards.
                    let end = SceneRuntime.position(active, a.ir, atEnd: true)
                    write(a, end, before: end.reversed, final: true)
                }
                if tau == a.ir.reachTick { try run(a.ir.reached, of: a) }
                // Animations that `then` starts are appended, so this loop samples them this tick.
                try run(a.ir.then, of: a)
                continue
            }
            write(a, SceneRuntime.position((tau, 1), a.ir, atEnd: false), before: false, final: false)
            index += 1
            if tau == a.ir.reachTick { try run(a.ir.reached, of: a) }
        }
    }

    /// An animation's `then` statements (when it ends) or a spring's `reached` ones (at the
    /// tick it first reaches its target), in its context; they stop if its layer is gone.
    private mutating func run(_ statements: [IRStmt], of a: ActiveAnimation) throws {
        for s in statements {
            if let cur = a.context.current, instances[cur] == nil { break }
            try exec(s, a.context)
        }
    }

    /// tau ≥ num / den, exactly.
    static func reached(_ tau: Int, _ span: (num: Int, den: Int)) -> Bool {
        let (scaled, overflow) = tau.multipliedReportingOverflow(by: span.den)
        return overflow ? tau > 0 : scaled >= span.num
    }

    private mutating func write(_ a: ActiveAnimation, _ position: PassPosition, before: Bool, final: Bool) {
        if let morph = a.morph {
            writeMorph(a, morph, position, before: before, final: final)
            return
        }
        if let motion = a.motion {
            writeMotion(a, motion, SceneRuntime.eased(a.ir, position.progress, before: before), final: final)
            return
        }
        for (k, target) in a.targets.enumerated() {
            let v: Value
            if !a.keyframes.isEmpty {
                v = Keyframes.sample(a.keyframes, times: a.ir.keyTimes, mode: a.ir.keyframeMode, segmentTimings: a.ir.segmentTimings,
                                     progress: Timing.apply(a.ir.timing, position.progress, before: before))
            } else if final, case .spring = a.ir.timing {
                v = a.to[k]
            } else {
                v = Ops.mix(a.from[k], a.to[k], SceneRuntime.eased(a.ir, position.progress, before: before))
            }
            put(target, SceneRuntime.normalize(SceneRuntime.undershootClamped(v, a, k, for: target), for: target), commit: final)
        }
    }

    static func eased(_ a: AnimationIR, _ p: PassProgress, before: Bool) -> Double {
        if case .spring(let params) = a.timing {
            return Spring(params).progress(p.value * Double(a.durationTicks) / 60)
        }
        return Timing.apply(a.timing, p, before: before).value
    }

    /// The pass that local time `tau` (ticks, as the ratio num / den with den > 0 and
    /// num ≥ 0) falls in: its exact progress and whether it runs backwards (the second half
    /// of an autoreversed cycle, as Core Animation's `autoreverses`). At the very end of
    /// active time a pass is complete (1, or 0 after an autoreverse), not restarted.
    /// Overflow-free while durationTicks ≤ Compiler.maxTicks and den ≤ 10⁶, as the compiler
    /// and `activeSpan` guarantee.
    static func position(_ tau: (num: Int, den: Int), _ a: AnimationIR, atEnd: Bool) -> PassPosition {
        let d = a.durationTicks
        guard d > 0 else { return PassPosition(progress: a.autoreverses ? .zero : .one, reversed: a.autoreverses) }
        let pass = tau.den * d
        let cycle = a.autoreverses ? 2 * pass : pass
        var w = tau.num % cycle
        if w < 0 { w += cycle }
        if atEnd && w == 0 && tau.num > 0 { w = cycle }
        if w <= pass { return PassPosition(progress: .ratio(w, over: pass), reversed: false) }
        return PassPosition(progress: .ratio(cycle - w, over: pass), reversed: true)
    }
}

/// Where an animation is within its current pass.
struct PassPosition: Equatable {
    /// 0 at the pass's start value, 1 at its end value.
    var progress: PassProgress
    /// True in the backwards half of an autoreversed cycle.
    var reversed: Bool
}

/// Keyframe interpolation: discrete, linear, cubic (Catmull-Rom) and paced.
enum Keyframes {
    /// The value at `progress` (the animation's eased progress, which an overshooting curve
    /// may take outside 0...1). Invariant: `times` has one rising key time per value (the
    /// compiler's guarantee; paced mode computes its own).
    ///
    /// Discrete: value i holds from its key time until the next (SVG `calcMode="discrete"`,
    /// Core Animation's `kCAAnimationDiscrete`); before 0 the first value shows, from 1 on the
    /// last. Other modes pick the interval as Web Animations does ("the effect value of a
    /// keyframe effect"): the last key whose time is ≤ progress and < 1, else the first; so
    /// progress below 0 extrapolates along the first segment and above 1 along the last,
    /// unless two keys share time 0 (below 0 the first value holds) or 1 (at 1 and above the last).
    static func sample(_ values: [Value], times: [Double], mode: KeyframeMode, segmentTimings: [TimingFunction], progress p: PassProgress) -> Value {
        guard values.count > 1 else { return values.first ?? .number(0) }
        let keyTimes = mode == .paced ? pacedTimes(values) : times
        let last = values.count - 1
        guard keyTimes.count == values.count else { return values[0] }
        if mode == .discrete {
            if p.isAtLeast(1) { return values[last] }
            var i = 0
            while i < last && p.isAtLeast(keyTimes[i + 1]) { i += 1 }
            return values[i]
        }
        let x = p.value
        if x < 0 && keyTimes[1] <= 0 { return values[0] }
        if p.isAtLeast(1) && keyTimes[last - 1] >= 1 { return values[last] }   // WA: progress ≥ 1, not only > 1
        var i = 0
        while i < last - 1 && keyTimes[i + 1] < 1 && p.isAtLeast(keyTimes[i + 1]) { i += 1 }
        let span = keyTimes[i + 1] - keyTimes[i]
        var local: PassProgress = span > 0 ? p.within(keyTimes[i], keyTimes[i + 1]) : .one
        if i < segmentTimings.count { local = Timing.apply(segmentTimings[i], local, before: false) }
        if mode == .cubic {
            let p0 = values[max(0, i - 1)], p1 = values[i], p2 = values[i + 1], p3 = values[min(last, i + 2)]
            return catmullRom(p0, p1, p2, p3, local.value)
        }
        return Ops.mix(values[i], values[i + 1], local.value)
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
