import WaveCompiler
import WaveSyntax

/// The tree-walking interpreter for compiled expressions and statements.
extension SceneRuntime {
    mutating func charge(_ range: SourceRange) throws {
        work += 1
        if work & SceneRuntime.heartbeatMask == 0 { try SceneRuntime.heartbeat?(tick, work) }
        if work > limits.maxWorkPerTick {
            throw RuntimeError(.tooMuchWork, "too much work in one tick (more than \(limits.maxWorkPerTick) steps); a handler runs away", range, tick: tick)
        }
    }

    /// Refuses, before allocating it, a string that would pass `maxStringBytes`.
    func checkConcatenation(_ x: Value, _ y: Value) throws {
        let a: Int, b: Int
        switch (x, y) {
        case (.string(let s), .string(let t)): a = s.utf8.count; b = t.utf8.count
        case (.string(let s), _): a = s.utf8.count; b = 64   // a number or value's text
        case (_, .string(let t)): a = 64; b = t.utf8.count
        default: return
        }
        guard a + b > limits.maxStringBytes else { return }
        // Callers that know the statement or binding being evaluated replace the range.
        throw RuntimeError(.stringTooLong, "a string of \(a + b) bytes is longer than the limit of \(limits.maxStringBytes) (WAVE_MAX_STRING)", .none, tick: tick)
    }

    func presentGlobal(_ slot: Int) -> Value { globalOverlay[slot] ?? globals[slot] }

    mutating func eval(_ e: IRExpr, _ ctx: ExecContext) throws -> Value {
        // A kept let is no step of its own: only the expression it stands for counts.
        if case .tickCached(let name, let inner) = e { return try cachedLet(name, inner, ctx) }
        work += 1
        if work & SceneRuntime.heartbeatMask == 0 { try SceneRuntime.heartbeat?(tick, work) }
        if work > limits.maxWorkPerTick {
            // Callers that know the statement or binding being evaluated replace the range.
            throw RuntimeError(.tooMuchWork, "too much work in one tick (more than \(limits.maxWorkPerTick) steps) evaluating an expression", .none, tick: tick)
        }
        switch e {
        case .constant(let v): return v
        case .global(let slot): return presentGlobal(slot)
        case .ambient(let a):
            switch a {
            case .time: return .number(Double(tick) / 60)
            case .tick: return .number(Double(tick))
            case .width: return .number(Double(scene.width))
            case .height: return .number(Double(scene.height))
            case .index: return .number(Double(ctx.current.flatMap { instances[$0]?.copyIndex } ?? 0))
            }
        case .layerProperty(let ref, let p):
            guard let id = resolve(ref, ctx), let inst = instances[id] else { return defaultValue(p) }
            return inst.present(p)
        case .component(let base, let i): return Ops.component(try eval(base, ctx), i)
        case .unary(let op, let a): return Ops.unary(op, try eval(a, ctx))
        case .binary(let op, let a, let b):
            let x = try eval(a, ctx)
            // Short-circuit logic.
            if op == .and && !x.bool { return .bool(false) }
            if op == .or && x.bool { return .bool(true) }
            let y = try eval(b, ctx)
            if op == .add { try checkConcatenation(x, y) }
            return Ops.binary(op, x, y)
        case .ternary(let c, let a, let b): return try eval(c, ctx).bool ? eval(a, ctx) : eval(b, ctx)
        case .call(let f, let args):
            // Fast paths with no argument array, the same values as `Ops.call` gives
            // (`InterpreterFastPathTests`): a function of one number, `mix`, `clamp`, and
            // the functions of two numbers (emitters call `clamp`, `max` and `random` for
            // every particle).
            if args.count == 1 && Ops.isUnary(f) { return .number(Ops.unary(f, try eval(args[0], ctx).number)) }
            if args.count == 3 && f == .mix {
                let a = try eval(args[0], ctx), b = try eval(args[1], ctx)
                return Ops.mix(a, b, try eval(args[2], ctx).number)
            }
            if args.count == 3 && f == .clamp {
                let x = try eval(args[0], ctx).number, lo = try eval(args[1], ctx).number
                return .number(Swift.min(Swift.max(x, lo), try eval(args[2], ctx).number))
            }
            if args.count == 2 && f == .random {
                let a = try eval(args[0], ctx).number, b = try eval(args[1], ctx).number
                return .number(a + (b - a) * rng.nextUnit())
            }
            if args.count == 2, let binary = Ops.binaryCall(f) {
                let a = try eval(args[0], ctx).number
                return .number(binary(a, try eval(args[1], ctx).number))
            }
            var vs: [Value] = []
            vs.reserveCapacity(args.count)
            for a in args { vs.append(try eval(a, ctx)) }
            if f == .random {
                let u = rng.nextUnit()
                if vs.count == 2 { return .number(vs[0].number + (vs[1].number - vs[0].number) * u) }
                return .number(u)
            }
            return Ops.call(f, vs)
        case .makePoint(let x, let y): return .point(try eval(x, ctx).number, try eval(y, ctx).number)
        case .makeRect(let a, let b, let c, let d):
            return .rect(try eval(a, ctx).number, try eval(b, ctx).number, try eval(c, ctx).number, try eval(d, ctx).number)
        case .makeList(let items):
            var vs: [Value] = []
            for a in items { vs.append(try eval(a, ctx)) }
            return .list(vs)
        case .instanceVar(let slot): return instanceVar(slot, ctx)
        case .tickCached(let name, let inner): return try cachedLet(name, inner, ctx)
        case .element(let list, let i):
            let l = try eval(list, ctx), k = try eval(i, ctx).number
            guard case .list(let vs) = l, k.isFinite, k >= 0, k < Double(vs.count) else {
                let n = { if case .list(let vs) = l { return vs.count }; return 0 }()
                // Callers that know the statement or binding being evaluated replace the range.
                throw RuntimeError(.indexOutOfRange, "index \(Value.format(k)) is outside a list of \(n)", .none, tick: tick)
            }
            return vs[Int(k)]
        case .measure(let m, let ref, let args): return try measure(m, ref, args, ctx)
        case .gradient(let kind, let geometry, let stops, let locations):
            var values: [GradientStopValue] = []
            for (s, l) in zip(stops, locations) {
                let c = try eval(s, ctx)
                let loc = try l.map { try eval($0, ctx).number }
                if case .color(let rgba) = c { values.append(GradientStopValue(location: loc, color: rgba)) }
            }
            return .paint(Compiler.makeGradient(kind, geometry: geometry, stops: values))
        case .pathLength(let ref):
            guard let id = resolve(ref, ctx), let inst = instances[id] else { return .number(0) }
            return .number(try localGeometry(inst).path?.length() ?? 0)
        }
    }

    /// A let of the clock alone (`IRExpr.tickCached`): evaluated at its first read in a
    /// tick, then read from `letCache`, one step a read. So a chain of lets each reading the
    /// one before twice (`let k1 = k0 + k0`, …, `let k60 = k59 + k59`) costs a few steps a
    /// let, as the compiler counts it (`IRExpr.stepCount`), not one for every path through it.
    mutating func cachedLet(_ name: String, _ inner: IRExpr, _ ctx: ExecContext) throws -> Value {
        if letCacheTick != tick {
            letCache.removeAll(keepingCapacity: true)
            letCacheTick = tick
        }
        if let v = letCache[name] {
            if try addWork(1) {
                // Callers that know the statement or binding being evaluated replace the range.
                throw RuntimeError(.tooMuchWork, "too much work in one tick (more than \(limits.maxWorkPerTick) steps) evaluating an expression", .none, tick: tick)
            }
            return v
        }
        let v = try eval(inner, ctx)
        letCache[name] = v
        return v
    }

    mutating func exec(_ s: IRStmt, _ ctx: ExecContext) throws {
        switch s {
        case .assign(let target, let op, let valueExpr, let range):
            try charge(range)
            do {
                var v = try eval(valueExpr, ctx)
                if let op {
                    let old = try read(target, ctx)
                    if op == .add { try checkConcatenation(old, v) }
                    v = Ops.binary(op, old, v)
                }
                try write(target, v, ctx, range: range)
            } catch var e as RuntimeError where e.range == .none {
                e.range = range   // an expression's limit, located at its statement
                throw e
            }
        case .ifElse(let c, let a, let b):
            for s in try eval(c, ctx).bool ? a : b {
                try exec(s, ctx)
                if isStopped { return }
            }
        case .stop:
            isStopped = true
        case .animate(let a):
            try start(a, ctx, extraDelay: 0)
        case .animationGroup(let parallel, let stagger, let delay, let anims):
            var offset = delay
            for (k, a) in anims.enumerated() {
                if parallel, k > 0, a.joinsPrevious { offset -= stagger }   // one statement's targets: one slot
                // A sequence's later members take their missing ends when they begin.
                let started = try start(a, ctx, extraDelay: offset, deferEnds: !parallel && k > 0)
                let length = started.delayTicks + SceneRuntime.activeTicks(started).map { min($0.clampedInt(nan: Compiler.maxTicks), Compiler.maxTicks) }.orZero
                offset += parallel ? stagger : max(0, length) + stagger
            }
        case .installTimer(let t):
            try install(t, ctx)
        case .spawn(let template, let placement, let body, let range):
            try charge(range)
            let id: Int
            do { id = try instantiate(template, parent: nil) } catch var e as RuntimeError {
                e.range = range
                throw e
            }
            try place(id, placement, context: ctx)
            let inner = ExecContext(current: id)
            for s in body { try exec(s, inner) }
        case .remove(let ref, _):
            if let id = resolve(ref, ctx) { removeInstance(id) }
        case .effect(let e):
            try charge(e.range)
            guard let id = resolve(e.layer, ctx) else { return }
            var delay = e.delayTicks
            if let d = e.delay {
                let v = try located(e.range) { try $0.eval(d, ctx) }.number
                delay = try runtimeTicks(v, what: "the delay of this effect", e.range, allowNegative: false)
            }
            effects[id] = ActiveEffect(kind: e.kind, begin: tick + delay, duration: e.durationTicks, seed: e.seed ?? rng.next())
        case .evaluate(let e, _, _):
            printed.append(try eval(e, ctx).description)
        case .forRange(let slot, let from, let to, let body, let range):
            let (a, b) = try located(range) { (try $0.eval(from, ctx).number, try $0.eval(to, ctx).number) }
            var i = a.rounded(.up)
            while i < b {
                try charge(range)
                globals[slot] = .number(i)
                for s in body {
                    try exec(s, ctx)
                    if isStopped { return }
                }
                i += 1
            }
        case .particleTick(let p):
            if SceneRuntime.interpretParticles {
                for s in p.lowered { try exec(s, ctx) }
            } else {
                try particleTick(p, ctx)
            }
        case .eachCopy(let decl, let body):
            for id in liveCopies(of: decl) {
                let inner = ExecContext(current: id, shift: instanceDelay(of: id))
                for s in body {
                    try exec(s, inner)
                    if isStopped { return }
                }
            }
        }
    }

    /// The ticks copy `id` runs behind copy 0: each replicator it sits in delays its copy k by
    /// k · the replicator's delay, and nested replicators add up (a grid's cell (r, c) runs
    /// r · the outer delay + c · the inner one behind, as CAReplicatorLayers nest).
    func instanceDelay(of id: Int) -> Int {
        var shift = 0, cur: Int? = id
        while let c = cur, let inst = instances[c] {
            if let k = inst.copyIndex, let p = inst.parent, let r = instances[p].flatMap({ program.layers[$0.decl].replicator }),
               program.layers[inst.decl].count != nil {
                shift += k * r.delayTicks
            }
            cur = inst.parent
        }
        return shift
    }

    /// `ParticleTickIR.lowered` without walking it: the same numbers from the same
    /// operations in the same order, the same writes (through `write`, with its checks), and
    /// the same steps counted.
    mutating func particleTick(_ p: ParticleTickIR, _ ctx: ExecContext) throws {
        let vars = varHolder(ctx).flatMap { instances[$0]?.vars } ?? []
        func v(_ slot: Int) -> Double { slot < vars.count ? vars[slot].number : 0 }
        try count(p.endSteps, p.range)
        let age = v(p.age)
        if age >= v(p.life) {
            if let id = ctx.current { removeInstance(id) }
            return
        }
        try count(p.liveSteps - p.endSteps, p.range)
        let t = age / 60
        globals[p.t] = .number(t)
        var half = 0.0
        if p.xAcceleration != 0 || p.yAcceleration != 0 {
            half = t * t * 0.5
            globals[p.half] = .number(half)
        }
        /// a + x·k, or a when k is 0 (the lowering leaves the term out).
        func plus(_ a: Double, _ k: Double, _ x: Double) -> Double { k == 0 ? a : a + x * k }
        try write(.layer(.current, .position), .point(plus(v(p.x0) + v(p.vx) * t, p.xAcceleration, half),
                                  plus(v(p.y0) + v(p.vy) * t, p.yAcceleration, half)), ctx, range: p.range)
        if p.spins { try write(.layer(.current, .rotation), .number(v(p.r0) + v(p.spin) * t), ctx, range: p.range) }
        if let speed = p.scaleSpeed {
            let s = Swift.max(0, plus(v(p.s0), speed, t))
            try write(.layer(.current, .scale), .point(s, s), ctx, range: p.range)
        }
        if let speed = p.alphaSpeed {
            try write(.layer(.current, .opacity), .number(Swift.min(Swift.max(plus(v(p.a0), speed, t), 0), 1)), ctx, range: p.range)
        }
        try write(.instanceVar(p.age), Ops.binary(.add, instanceVar(p.age, ctx), .number(1)), ctx, range: p.range)
    }

    /// Adds `steps` to the tick's work at once, with the heartbeat `eval` gives a step at a
    /// time; true when the tick's work limit is passed.
    mutating func addWork(_ steps: Int) throws -> Bool {
        let before = work
        work += steps
        if before | SceneRuntime.heartbeatMask != work | SceneRuntime.heartbeatMask { try SceneRuntime.heartbeat?(tick, work) }
        return work > limits.maxWorkPerTick
    }

    /// `addWork` for a particle's tick, whose limit error is located at its emit block.
    mutating func count(_ steps: Int, _ range: SourceRange) throws {
        guard try addWork(steps) else { return }
        throw RuntimeError(.tooMuchWork, "too much work in one tick (more than \(limits.maxWorkPerTick) steps); a handler runs away", range, tick: tick)
    }

    /// Runs `body`; a limit error inside it with no place of its own is located at `range`.
    mutating func located<T>(_ range: SourceRange, _ body: (inout SceneRuntime) throws -> T) throws -> T {
        do {
            return try body(&self)
        } catch var e as RuntimeError where e.range == .none {
            e.range = range
            throw e
        }
    }

    /// A duration computed while running (seconds) in whole ticks, as the compiler rounds a
    /// constant one; negative only where `allowNegative` (a delay).
    func runtimeTicks(_ seconds: Double, what: String, _ range: SourceRange, allowNegative: Bool) throws -> Int {
        guard seconds.isFinite, allowNegative || seconds >= 0 else {
            throw RuntimeError(.badTimeValue, "\(what) came to \(Value.format(seconds))s; it must be a finite duration\(allowNegative ? "" : " of zero or more")", range, tick: tick)
        }
        let t = (seconds * 60).rounded()
        guard abs(t) <= Double(Compiler.maxTicks) else {
            throw RuntimeError(.badTimeValue, "\(what) came to \(Value.format(seconds))s; the longest is \(Compiler.maxTicks / 3600) minutes", range, tick: tick)
        }
        return Int(t)
    }

    func read(_ target: Target, _ ctx: ExecContext) throws -> Value {
        switch target {
        case .global(let slot): return presentGlobal(slot)
        case .globalComponent(let slot, let c): return Ops.component(presentGlobal(slot), c)
        case .instanceVar(let slot): return instanceVar(slot, ctx)
        case .layer(let ref, let p):
            guard let id = resolve(ref, ctx), let inst = instances[id] else { return defaultValue(p) }
            return inst.present(p)
        case .layerComponent(let ref, let p, let c):
            guard let id = resolve(ref, ctx), let inst = instances[id] else { return .number(0) }
            return Ops.component(inst.present(p), c)
        }
    }

    /// Writes a model value. Assigning to a bound property ends its binding.
    mutating func write(_ target: Target, _ v: Value, _ ctx: ExecContext, range: SourceRange) throws {
        switch target {
        case .global(let slot): globals[slot] = v
        case .globalComponent(let slot, let c): globals[slot] = Ops.replacing(globals[slot], c, v.number)
        case .instanceVar(let slot):
            guard let id = varHolder(ctx) else { return }
            instances.update(id) { $0.setVar(slot, v) }
        // No copy of the instance is held while it is written, so its arrays are changed in
        // place (a copy alive across the write would make each write copy them).
        case .layer(let ref, let p):
            guard let id = resolve(ref, ctx), let decl = instances[id]?.decl else { return }
            let value = p == .scale ? Value.point(v.point.0, v.point.1) : SceneRuntime.stored(v, p)
            try requireFinite(value, p, decl: decl, at: range, "is given")
            instances.update(id) { $0.assign(p.ordinal, value) }
        case .layerComponent(let ref, let p, let c):
            guard let id = resolve(ref, ctx), let decl = instances[id]?.decl, let old = instances[id]?.model[p.ordinal] else { return }
            let value = Ops.replacing(old, c, v.number)
            try requireFinite(value, p, decl: decl, at: range, "is given")
            instances.update(id) { $0.assign(p.ordinal, value) }
        }
    }
}

extension SceneRuntime {
    /// A layer's numbers must be finite: NaN or infinity written to a property (by a
    /// statement, a binding or an animation's end values) is a runtime error located at
    /// what wrote it, never a layer silently hidden or misplaced (`checkFinite` in the
    /// frame builder is the last guard, for values no statement located). Likewise a
    /// negative `perspective` (an eye behind the screen) and a text `size` out of range.
    func requireFinite(_ v: Value, _ p: Property, of inst: LayerInstance, at range: SourceRange, _ how: String) throws {
        try requireFinite(v, p, decl: inst.decl, at: range, how)
    }

    func requireFinite(_ v: Value, _ p: Property, decl: Int, at range: SourceRange, _ how: String) throws {
        if p == .perspective, case .number(let d) = v, d < 0 {
            throw RuntimeError(.badPerspective, "perspective of layer '\(program.layers[decl].name)' \(how) \(Value.format(d)); the eye's distance must be positive, or 0 for none",
                               range, tick: tick)
        }
        if p == .size, case .number(let size) = v, size.isFinite, !(size > 0 && size < Property.textSizeLimit) {
            // Where it is given, at the tick it is, also when no frame is drawn (`wave trace`).
            throw RuntimeError(.badTextSize, "size of layer '\(program.layers[decl].name)' \(how) \(Value.format(size)); text size must be a positive number below \(Value.format(Property.textSizeLimit))",
                               range, tick: tick)
        }
        guard !SceneRuntime.isFinite(v) else { return }
        let name = program.layers[decl].name
        let what: String
        switch v {
        case .color, .paint: what = "a colour or location that is not a finite number (NaN or infinity)"
        default: what = "\(v), which is not a finite number"
        }
        throw RuntimeError(.nonFiniteGeometry, "\(p.rawValue) of layer '\(name)' \(how) \(what)", range, tick: tick)
    }
}

extension SceneRuntime {
    /// False for a number or point with a NaN or infinite part; true for every other value.
    @inline(__always)
    static func isFinite(_ v: Value) -> Bool {
        switch v {
        case .number(let x): return x.isFinite
        case .point(let x, let y): return x.isFinite && y.isFinite
        case .rect(let x, let y, let w, let h): return x.isFinite && y.isFinite && w.isFinite && h.isFinite
        case .color(let c): return isFinite(c)
        case .paint(let paint): return isFinite(paint)
        default: return true
        }
    }

    /// Whether `e` reads a layer (a property, an outline's length, a text measure) or one of
    /// the `deferred` globals.
    static func readsLayer(_ e: IRExpr, deferred: Set<Int>) -> Bool {
        switch e {
        case .layerProperty, .pathLength, .measure: return true
        case .global(let slot): return deferred.contains(slot)
        default: return e.operands.contains { readsLayer($0, deferred: deferred) }
        }
    }

    /// A colour's four components are finite.
    static func isFinite(_ c: RGBA) -> Bool { c.r.isFinite && c.g.isFinite && c.b.isFinite && c.a.isFinite }

    /// A paint's colours, stop locations and geometry are finite (a NaN would draw the layer
    /// hidden, or its stops misplaced).
    /// Checked for every bound paint every tick: no arrays are made.
    static func isFinite(_ paint: PaintValue) -> Bool {
        func finite(_ stops: [GradientStopValue]) -> Bool {
            stops.allSatisfy { isFinite($0.color) && ($0.location?.isFinite ?? true) }
        }
        switch paint {
        case .none: return true
        case .color(let c): return isFinite(c)
        case .linear(let a, let b, let s): return a.0.isFinite && a.1.isFinite && b.0.isFinite && b.1.isFinite && finite(s)
        case .angled(let radians, let s): return radians.isFinite && finite(s)
        case .radial(let c, let radius, let s): return c.0.isFinite && c.1.isFinite && radius.isFinite && finite(s)
        case .conic(let c, let angle, let s): return c.0.isFinite && c.1.isFinite && angle.isFinite && finite(s)
        }
    }
}

extension Optional where Wrapped == Int {
    var orZero: Int { self ?? 0 }
}
