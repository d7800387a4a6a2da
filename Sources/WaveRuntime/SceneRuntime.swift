import WaveCompiler
import WaveGeometry
import WaveGraphics
import WaveAccelerator
import WaveSyntax

/// The state of a scene at tick n, and the rules that move it to n + 1.
///
/// A value type: copying it snapshots the whole scene (seek checkpoints, the REPL's
/// render of the current tick). `step()` runs the handlers due at the new tick, then the
/// animations, then the bindings. The state at tick n is identical whether reached by
/// stepping or by `SceneRuntime.seek(program, to: n)`, because both replay from tick 0.
public struct SceneRuntime: Sendable {
    public internal(set) var program: Program
    public internal(set) var tick = 0
    /// Set by `stop`: the clock halts and nothing changes any more.
    public internal(set) var isStopped = false
    public var limits = RuntimeLimits()
    /// Stroke outlines of earlier frames, reused while a layer's geometry, stroke and
    /// transform stay the same. Replace with `StrokeCache(enabled: false)` to stroke every
    /// frame afresh (the frames are equal either way).
    public var strokeCache = StrokeCache()
    /// Values printed by bare expressions (REPL), in order.
    public var printed: [String] = []

    var globals: [Value] = []
    var globalOverlay: [Value?] = []
    var instances = InstanceTable()
    var nextInstanceID = 0
    /// Instance id of each declared layer (nil for templates and removed layers).
    var declaredInstance: [Int?] = []
    /// Instance ids of the copies of each repeated declaration, by copy index (nil once
    /// removed). Copies inside another repeated layer are not kept here: they have no name.
    var declaredCopies: [Int: [Int?]] = [:]
    /// Top-level instances, bottom first.
    var order: [Int] = []
    var timers: [ActiveTimer] = []
    var animations: [ActiveAnimation] = []
    /// Text effects by layer instance.
    var effects: [Int: ActiveEffect] = [:]
    /// Path morphs by layer instance: the geometry shown this tick, and the geometry a
    /// finished morph left (it replaces the layer's commands, as an assignment ends a binding).
    var morphOverlay: [Int: Path] = [:]
    var morphModel: [Int: Path] = [:]
    var rng: SplitMix64
    var work = 0
    var started = false
    /// False while no instance can hold an animation's presentation value (`overlay`): set
    /// by each such write, cleared when `sampleAnimations` clears them, so a tick with no
    /// running animation does not scan every instance's overlay. Starts true: a restored
    /// state may hold overlays.
    var overlaysWritten = true
    /// Values of lets of the clock alone (`IRExpr.tickCached`) at tick `letCacheTick`.
    var letCache: [String: Value] = [:]
    var letCacheTick = -1
    /// Bound properties (declaration, property ordinal) in the order a tick re-evaluates
    /// them, a property after those it reads (`BindingOrder`); empty when no binding reads
    /// a bound property, and then each instance's bindings go in turn.
    var bindingSteps: [(decl: Int, ordinal: Int)] = []
    /// For declarations with a property read by another of theirs, the order their
    /// properties are first set in (indexed by declaration; empty: property order).
    var creationOrder: [[Property]] = []
    /// Every property's default by kind, for the scene size in `layerDefaultsSize`.
    var layerDefaults: [LayerKind: [Value]] = [:]
    var layerDefaultsSize: [Int] = []
    /// Bindings evaluated, and layers handed to `BindingOrder`, since this runtime began:
    /// counts the tests read to see that one more REPL declaration costs the same work
    /// however many came before.
    var bindingEvaluations = 0
    var layersPlanned = 0
    /// Image layers' decoded images by source (`Program.images`), premultiplied once.
    var rasterImages: [String: RasterImage] = [:]

    public var scene: SceneIR { program.scene }
    public var liveLayerCount: Int { instances.count }

    /// Builds tick 0: globals, declared layers, then the script's top-level statements
    /// (timers install, animations start), then the work of tick 0.
    public init(program: Program, limits: RuntimeLimits = RuntimeLimits()) throws {
        self.program = Program(scene: program.scene)
        self.limits = limits
        self.rng = SplitMix64(seed: program.scene.seed)
        try apply(program)
        started = true
        try runTick()
    }

    /// Adds a compiled increment (REPL input) at the current tick without resetting the clock.
    public mutating func apply(_ increment: Program) throws {
        _ = try apply(increment, onlyAdding: false)
    }

    /// `apply`; with `onlyAdding`, it stops before running anything that could change what
    /// was there before (new timers, animations or effects) and returns false, leaving the
    /// rest to `restore` (see `applyOrKeep`).
    mutating func apply(_ increment: Program, onlyAdding: Bool) throws -> Bool {
        // An increment of declarations alone (the REPL's `layer`, `var`, `let`, `func`)
        // changes nothing the layers already made read: only what it makes is evaluated.
        let declaresOnly = increment.statements.isEmpty && increment.updatedLayers.isEmpty && increment.scene == program.scene
        let firstNewID = nextInstanceID, animationsBefore = animations.count, effectsBefore = effects.count
        program.scene = increment.scene
        letCacheTick = -1   // the scene's size may have changed
        for (source, pixels) in increment.images where rasterImages[source] == nil {
            rasterImages[source] = RasterImage(width: pixels.width, height: pixels.height, straightRGBA: pixels.rgba)
        }
        // A variable whose starting value reads a layer (`var r = c.radius`, `path-length(c)`)
        // or such a variable is set once the layers exist; the others at once, in order,
        // since layers may read them.
        var deferred: Set<Int> = []
        for g in increment.globals {
            let slot = program.globals.count
            program.globals.append(g)
            globalOverlay.append(nil)
            if SceneRuntime.readsLayer(g.initial, deferred: deferred) {
                deferred.insert(slot)
                globals.append(.number(0))   // until the layers exist
            } else {
                let value = try located(g.range) { try $0.eval(g.initial, .top) }   // an error points at the declaration
                globals.append(value)
            }
        }
        for (i, layer) in increment.updatedLayers where i < program.layers.count { program.layers[i] = layer }
        let firstNew = program.layers.count
        program.layers += increment.layers
        let firstNewStep = planBindings(from: increment.updatedLayers.isEmpty ? firstNew : 0)
        declaredInstance += Array(repeating: nil, count: increment.layers.count)
        // Every new layer goes on top in declaration order (copies together), then those
        // placed `below`/`above` another move next to it, a target before the layers placed
        // relative to it: so a layer may name one declared after it (the compiler rejects
        // cycles).
        var placed: [(decl: Int, ids: [Int])] = []
        for index in firstNew..<program.layers.count {
            let decl = program.layers[index]
            guard !decl.isTemplate, decl.parent == nil else { continue }
            var ids: [Int] = []
            for k in 0..<(decl.count ?? 1) {
                let id = try instantiate(index, parent: nil, copyIndex: decl.count == nil ? nil : k)
                order.append(id)
                ids.append(id)
            }
            if decl.placement != .top { placed.append((index, ids)) }
        }
        var done = Set<Int>()
        func placeAfterTarget(_ i: Int) {
            guard !done.contains(i) else { return }
            done.insert(i)
            let (decl, ids) = placed[i]
            let placement = program.layers[decl].placement
            switch placement {
            case .below(.declared(let t)), .above(.declared(let t)):
                if let j = placed.firstIndex(where: { $0.decl == t }) { placeAfterTarget(j) }
            default: break
            }
            let moving = Set(ids)
            order.removeAll { moving.contains($0) }
            switch placement {
            case .below(let ref), .above(let ref):
                if let target = resolve(ref, .top), let at = order.firstIndex(of: target) {
                    order.insert(contentsOf: ids, at: placement == .below(ref) ? at : at + 1)
                } else {
                    order += ids
                }
            case .top: order += ids
            }
        }
        for i in placed.indices { placeAfterTarget(i) }
        for slot in deferred.sorted() {
            let g = program.globals[slot]
            globals[slot] = try located(g.range) { try $0.eval(g.initial, .top) }
        }
        let firstNewTimer = timers.count
        // Kept so that a live reload can tell what the top level started (IRTable).
        program.statements += increment.statements
        for s in increment.statements { try exec(s, .top) }
        if started {
            if onlyAdding && !(timers.count == firstNewTimer && animations.count == animationsBefore && effects.count == effectsBefore) {
                return false
            }
            // Timers typed now run at this tick, as `at Nt { … }` would in a saved script.
            work = 0
            try runTimers(from: firstNewTimer)
            if declaresOnly && timers.count == firstNewTimer && animations.count == animationsBefore && effects.count == effectsBefore {
                // The layers made before were evaluated at this tick already, and nothing
                // they read changed: the new layers' bindings are all there is to do.
                try evaluateBindings(ofInstancesFrom: firstNewID, steps: firstNewStep)
                return true
            }
            // New animations and bindings show at once in the current tick's frame.
            try sampleAnimations()
            try evaluateBindings()
        }
        return true
    }

    /// Advances one tick. After `stop`, nothing changes.
    public mutating func step() throws {
        guard !isStopped else { return }
        tick += 1
        try runTick()
    }

    /// The state at `tick`, by replaying from tick 0. The heartbeat is called every 4,096
    /// ticks, so a long seek can be interrupted however little each tick does.
    public static func seek(_ program: Program, to tick: Int, limits: RuntimeLimits = RuntimeLimits()) throws -> SceneRuntime {
        var r = try SceneRuntime(program: program, limits: limits)
        while r.tick < tick && !r.isStopped {
            try r.step()
            if r.tick & 4095 == 0 { try heartbeat?(r.tick, 0) }
        }
        return r
    }

    /// Called by the interpreter every 2^20 steps of one tick's work (with the tick and the
    /// steps so far) and by `seek` every 4,096 ticks (with 0 steps). The driver installs one
    /// that throws when Ctrl-C or SIGTERM arrived and shows a busy tick in the progress line,
    /// so a runaway handler under a raised WAVE_MAX_WORK can still be watched and stopped.
    /// Set once at start-up, before any runtime runs.
    nonisolated(unsafe) public static var heartbeat: (@Sendable (_ tick: Int, _ work: Int) throws -> Void)?
    static let heartbeatMask = (1 << 20) - 1
    /// Tests: run particles' `ParticleTickIR.lowered` statements instead of the native tick.
    nonisolated(unsafe) static var interpretParticles = false

    mutating func runTick() throws {
        work = 0
        try runTimers()
        try sampleAnimations()
        try evaluateBindings()
    }

    // MARK: - Timers

    struct ActiveTimer: Sendable {
        var timer: TimerIR
        var nextTick: Int
        var context: ExecContext
    }

    mutating func install(_ timer: TimerIR, _ ctx: ExecContext) throws {
        // A particle's own handler (one per particle, gone with it) is bounded by the live
        // layer limit, which reports a busy emitter at its `emit` block (E0701).
        let particles: Bool = { if case .particleTick? = timer.body.first { return true }; return false }()
        guard particles || timers.count < limits.maxTimers else {
            throw RuntimeError(.tooManyTimers, "too many timers at once (more than \(limits.maxTimers)); a handler keeps installing new ones", timer.range, tick: tick)
        }
        var timer = timer
        if let e = timer.dynamicTime {
            // The period, time or delay written as an expression: fixed when installed.
            let v = try located(timer.range) { try $0.eval(e, ctx) }.number
            let ticks = try runtimeTicks(timer.dynamicCountsTicks ? v / 60 : v, what: "the time of this timer", timer.range, allowNegative: false)
            switch timer.kind {
            case .every:
                guard ticks >= 1 else {
                    throw RuntimeError(.badTimeValue, "the period of 'every' came to \(Value.format(v))\(timer.dynamicCountsTicks ? " ticks" : "s"); it must be at least one tick", timer.range, tick: tick)
                }
                timer.kind = .every(period: ticks)
            case .at: timer.kind = .at(tick: ticks)
            case .after: timer.kind = .after(delay: ticks)
            }
            timer.dynamicTime = nil
        }
        var next: Int
        switch timer.kind {
        case .every: next = tick
        case .at(let t): next = t
        case .after(let d): next = tick + d
        }
        next += ctx.shift
        if case .at = timer.kind, next < tick { return }
        if case .after = timer.kind { next = max(next, tick) }
        timers.append(ActiveTimer(timer: timer, nextTick: next, context: ExecContext(current: ctx.current)))
    }

    /// Runs the timers due at this tick, starting at list index `first` (a REPL increment
    /// runs only the timers it installed).
    mutating func runTimers(from first: Int = 0) throws {
        var i = first
        // Timers installed while running may be due this tick too; the list may grow.
        while i < timers.count {
            if isStopped { return }
            var t = timers[i]
            if t.nextTick < tick, case .every(let p) = t.timer.kind {
                // Its tick was skipped (installed between ticks): realign to the period.
                t.nextTick = tick + (p - (tick - t.nextTick) % p) % p
                timers[i] = t
            }
            guard t.nextTick == tick else {
                i += 1
                continue
            }
            if let selfID = t.context.current, instances[selfID] == nil {
                timers.remove(at: i)   // its layer is gone
                continue
            }
            switch t.timer.kind {
            case .every(let p):
                t.nextTick = tick + p
                timers[i] = t
                i += 1
            case .at, .after:
                timers.remove(at: i)
            }
            for s in t.timer.body {
                try exec(s, t.context)
                if isStopped { return }
            }
        }
    }

    // MARK: - Layers

    /// Creates an instance of a layer declaration (and of its children), with its
    /// properties initialised and bindings registered.
    mutating func instantiate(_ declIndex: Int, parent: Int?, copyIndex: Int? = nil) throws -> Int {
        guard instances.count < limits.maxLayers else {
            throw RuntimeError(.tooManyLayers, "too many live layers (more than \(limits.maxLayers)): copies, replicas and an emitter's birth-rate × lifetime count, "
                               + "and so do spawned layers never removed ('then remove'); WAVE_MAX_LAYERS raises the limit",
                               program.layers[declIndex].range, tick: tick)
        }
        let decl = program.layers[declIndex]
        let id = nextInstanceID
        nextInstanceID += 1
        var inst = LayerInstance(id: id, decl: declIndex, kind: decl.kind, parent: parent, defaults: defaults(for: decl.kind))
        inst.copyIndex = copyIndex
        inst.vars = decl.instanceVars.map(\.initial)
        instances[id] = inst
        if !decl.isTemplate {
            declaredInstance[declIndex] = id
            if let count = decl.count, let k = copyIndex, k < count {
                if declaredCopies[declIndex]?.count != count { declaredCopies[declIndex] = Array(repeating: nil, count: count) }
                declaredCopies[declIndex]?[k] = id
            }
        }
        let ctx = ExecContext(current: id)
        let properties = declIndex < creationOrder.count && !creationOrder[declIndex].isEmpty ? creationOrder[declIndex] : Property.byOrdinal
        for p in properties {
            guard let e = decl.properties[p] else { continue }
            // A binding is evaluated again in this tick's binding pass, once every layer made
            // this tick exists, and checked there: now it may read a layer not made yet
            // (`text-width(g)` of a later `g` measures 0), so a non-finite value waits.
            let v = try evalProperty(e, p, of: declIndex, ctx, checked: e.isFixedAtCreation)
            instances[id]?.model[p.ordinal] = SceneRuntime.stored(v, p)
            if !e.isFixedAtCreation { instances[id]?.bindings[p.ordinal] = e }
        }
        for child in decl.children {
            if let count = program.layers[child].count {
                for k in 0..<count {
                    let c = try instantiate(child, parent: id, copyIndex: k)
                    instances[id]?.children.append(c)
                }
            } else {
                let c = try instantiate(child, parent: id, copyIndex: copyIndex)
                instances[id]?.children.append(c)
            }
        }
        return id
    }

    mutating func place(_ id: Int, _ placement: PlacementIR, context: ExecContext) throws {
        switch placement {
        case .top: order.append(id)
        case .below(let ref), .above(let ref):
            guard let target = resolve(ref, context), let at = order.firstIndex(of: target) else {
                order.append(id)
                return
            }
            if case .below = placement { order.insert(id, at: at) } else { order.insert(id, at: at + 1) }
        }
    }

    mutating func removeInstance(_ id: Int) {
        guard let inst = instances[id] else { return }
        for c in inst.children { removeInstance(c) }
        instances[id] = nil
        if let p = inst.parent { instances[p]?.children.removeAll { $0 == id } }
        else { order.removeAll { $0 == id } }
        if inst.decl < declaredInstance.count, declaredInstance[inst.decl] == id { declaredInstance[inst.decl] = nil }
        if let k = inst.copyIndex, let copies = declaredCopies[inst.decl], k < copies.count, copies[k] == id {
            declaredCopies[inst.decl]?[k] = nil
        }
        animations.removeAll { $0.touches(id) }
        effects[id] = nil
        morphOverlay[id] = nil
        morphModel[id] = nil
    }

    func resolve(_ ref: LayerRef, _ ctx: ExecContext) -> Int? {
        switch ref {
        case .current: return ctx.current
        case .declared(let i): return i < declaredInstance.count ? declaredInstance[i] : nil
        case .copy(let i, let k):
            guard let copies = declaredCopies[i], k >= 0, k < copies.count else { return nil }
            return copies[k]
        }
    }

    /// The instance holding the template parameters `ctx` reads: the spawned root of the
    /// current layer.
    func varHolder(_ ctx: ExecContext) -> Int? {
        guard var id = ctx.current else { return nil }
        while let p = instances[id]?.parent { id = p }
        return id
    }

    /// Template variable `slot` of `ctx`'s var holder (`varHolder`), found with one lookup an
    /// ancestor (a spawned particle is its own holder: one lookup in all).
    func instanceVar(_ slot: Int, _ ctx: ExecContext) -> Value {
        guard var id = ctx.current else { return .number(0) }
        while let inst = instances[id] {
            if let p = inst.parent {
                id = p
                continue
            }
            return slot < inst.vars.count ? inst.vars[slot] : .number(0)
        }
        return .number(0)
    }

    /// The live copies of a repeated declaration, in index order; for one inside a repeated
    /// group, every copy in every copy of the group, group by group (creation order).
    func liveCopies(of decl: Int) -> [Int] {
        let l = program.layers[decl]
        if l.parent.map({ program.layers.repeatedAncestor(of: $0) != nil }) == true {
            return instances.keys.filter { instances[$0]?.decl == decl }.sorted()
        }
        return (declaredCopies[decl] ?? []).compactMap { $0 }.filter { instances[$0] != nil }
    }


    // MARK: - Reading state (trace, REPL, tests)

    /// The presented value of a global by name.
    public func value(ofGlobal name: String) -> Value? {
        guard let i = program.globals.firstIndex(where: { $0.name == name }) else { return nil }
        return globalOverlay[i] ?? globals[i]
    }

    /// The presented value of a declared layer's property (of copy `copy` of a repeated one).
    public func value(ofLayer name: String, copy: Int? = nil, _ property: Property) -> Value? {
        guard let d = program.layers.firstIndex(where: { $0.name == name && !$0.isTemplate }) else { return nil }
        let instance = copy.map { resolve(.copy(d, $0), .top) } ?? declaredInstance[d]
        guard let id = instance, let inst = instances[id] else { return nil }
        return inst.present(property)
    }

    /// Evaluates compiled code against the current state (REPL expressions, `wave trace`,
    /// hovers). Looking is not doing: the scene's random stream is left where it was, so
    /// tracing `random()` (or a `let` that calls it) does not change what the scene draws.
    public mutating func evaluate(_ e: IRExpr) throws -> Value {
        work = 0
        let stream = rng
        defer { rng = stream }
        return try eval(e, .top)
    }

    /// Live layers as (name, kind), bottom first, for `:list`.
    public var layerList: [(name: String, kind: LayerKind, spawned: Bool)] {
        var out: [(String, LayerKind, Bool)] = []
        func visit(_ id: Int) {
            guard let inst = instances[id] else { return }
            let decl = program.layers[inst.decl]
            let name = decl.count != nil ? "\(decl.name)[\(inst.copyIndex ?? 0)]" : decl.name
            out.append((name, decl.kind, decl.isTemplate))
            for c in inst.children { visit(c) }
        }
        for id in order { visit(id) }
        return out
    }
}

/// Who a statement runs for: `current` is the spawned instance inside a spawn body, or the
/// copy a statement over every copy of a repeated layer runs for.
struct ExecContext: Sendable, Equatable {
    var current: Int?
    /// Ticks by which animations and timers started here begin later: copy k of a
    /// replicator's child runs k·delay behind copy 0 (CAReplicatorLayer's instanceDelay).
    /// Not kept by what starts: a timer's body or an animation's `then` runs on the shifted
    /// clock already.
    var shift = 0
    static let top = ExecContext(current: nil)
}

