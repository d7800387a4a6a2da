import WaveCompiler

/// A live reload (`wave play --watch`, the REPL's `:watch`): the new version of a script
/// carried to the tick the old one had reached, without replaying from tick 0.
///
/// Replaying an hour of ticks takes seconds; a reload must take a blink. So the new
/// version starts at its tick 0 and is then moved to the old tick by rules (grammar.md
/// "Reloading a script"):
/// - variables declared in both keep their live values, unless the edit changed their
///   initial value (then they take the new one); new variables take their initial value;
/// - declared layers in both (same name and kind) keep every property value the old run
///   had reached, except the properties the edit changed, which take their new values;
/// - the script's own animations and `then` chains are where they would be at that tick
///   (their times come from the clock, not from stepping); `every` timers keep their
///   phase, and `at`/`after` timers already due do not fire again;
/// - the random generator continues where it was;
/// - what handlers had started by then (spawned layers with their variables, timers and
///   animations; animations and timers a handler started on declared layers) carries on
///   as it was running, when the edit kept the script's structure (the same variables,
///   layers, templates and the same number of timers and animations, in the same order);
///   what starts after the reload runs the new text. After an edit that changes the
///   structure, it is not carried (and no spawned layer is kept): it starts again when
///   its handler next runs.
extension SceneRuntime {
    public static func reload(_ program: Program, keeping old: SceneRuntime, limits: RuntimeLimits = RuntimeLimits()) throws -> SceneRuntime {
        var r = try SceneRuntime(program: program, limits: limits)
        let target = old.tick
        guard target > 0 else { return r }
        r.carryVariables(from: old)
        r.carryLayers(from: old)
        r.rng = old.rng
        try r.runClock(to: target)
        r.isStopped = old.isStopped
        let tables = (new: IRTable(program), old: IRTable(old.program))
        if r.keepsStructure(of: old, tables) { try r.carryStarted(from: old, tables) } else { try r.dropSpawned() }
        return r
    }

    /// Whether the edit kept everything compiled code refers to by position: variable
    /// slots, layer declarations (with their children, copies and template variables),
    /// and the walk order of timers and animations. Then what the old version's handlers
    /// started can go on running its own compiled code in the new version.
    func keepsStructure(of old: SceneRuntime, _ tables: (new: IRTable, old: IRTable)) -> Bool {
        let a = program, b = old.program
        guard a.globals.count == b.globals.count, a.layers.count == b.layers.count else { return false }
        for (g, h) in zip(a.globals, b.globals) where g.name != h.name || g.type != h.type || g.isMutable != h.isMutable { return false }
        for (l, m) in zip(a.layers, b.layers) {
            guard l.name == m.name, l.kind == m.kind, l.isTemplate == m.isTemplate, l.parent == m.parent, l.children == m.children,
                  l.count == m.count, l.instanceVars.count == m.instanceVars.count, l.emitters.count == m.emitters.count,
                  (l.replicator == nil) == (m.replicator == nil) else { return false }
        }
        let t = tables.new, u = tables.old
        guard t.timers.count == u.timers.count, t.animations.count == u.animations.count else { return false }
        // Declared layers were made in the same order, so they have the same ids.
        for (mine, theirs) in zip(declaredInstance, old.declaredInstance) where theirs != nil && mine != theirs { return false }
        return true
    }

    /// Takes over what the old version's handlers started (see `reload`): the old run's
    /// spawned layers, removals and drawing order, and its timers and animations that did
    /// not come from the script's top level, keep running; declared layers keep the values
    /// `carryLayers` gave them, and the script's own timers and animations are the new
    /// version's, where the clock put them.
    mutating func carryStarted(from old: SceneRuntime, _ tables: (new: IRTable, old: IRTable)) throws {
        var merged = old.instances
        for (id, theirs) in old.instances where SceneRuntime.isDeclared(theirs.decl, in: old.program) {
            guard var mine = instances[id], mine.decl == theirs.decl else { continue }
            mine.parent = theirs.parent
            mine.children = theirs.children
            mine.alive = theirs.alive
            merged[id] = mine
        }
        let declaredIDs = Set(merged.filter { SceneRuntime.isDeclared($0.value.decl, in: program) }.map(\.key))
        instances = merged
        overlaysWritten = true   // the old run's instances may hold its animations' overlays
        order = old.order
        nextInstanceID = old.nextInstanceID
        declaredInstance = old.declaredInstance
        declaredCopies = old.declaredCopies
        // Text effects and morph outlines: the new version's on declared layers (a text
        // effect a handler started there carries on), the old run's on spawned ones.
        effects = effects.filter { declaredIDs.contains($0.key) }.merging(old.effects.filter { merged[$0.key] != nil }) { mine, _ in mine }
        morphModel = morphModel.filter { declaredIDs.contains($0.key) }.merging(old.morphModel.filter { !declaredIDs.contains($0.key) && merged[$0.key] != nil }) { mine, _ in mine }
        morphOverlay = [:]
        let (newTable, oldTable) = tables
        let ownTimers = newTable.topLevelTimers, ownAnimations = newTable.topLevelAnimations
        timers = timers.filter { newTable.index(of: $0.timer).map(ownTimers.contains) ?? false }
            + old.timers.filter { !(oldTable.index(of: $0.timer).map(ownTimers.contains) ?? false) }
        animations = animations.filter { newTable.index(of: $0.ir).map(ownAnimations.contains) ?? false }
            + old.animations.filter { !(oldTable.index(of: $0.ir).map(ownAnimations.contains) ?? false) }
        try sampleAnimations()
        try evaluateBindings()
    }

    /// After an edit that changed the structure: the layers the new version's handlers
    /// spawned at tick 0 go (their `after` timers were passed over, so they would never
    /// leave); spawning starts again when the handlers next run.
    mutating func dropSpawned() throws {
        for (id, inst) in instances where program.layers[inst.decl].isTemplate { removeInstance(id) }
        try sampleAnimations()
        try evaluateBindings()
    }

    /// Whether declaration `decl` is part of the script's own layers, not of a template.
    static func isDeclared(_ decl: Int, in program: Program) -> Bool {
        var d: Int? = decl
        while let i = d {
            if program.layers[i].isTemplate { return false }
            d = program.layers[i].parent
        }
        return true
    }

    /// Live values of variables the edit left alone.
    mutating func carryVariables(from old: SceneRuntime) {
        for (slot, g) in program.globals.enumerated() where g.isMutable {
            guard let before = old.program.globals.firstIndex(where: { $0.name == g.name }) else { continue }
            let was = old.program.globals[before]
            guard was.isMutable, was.type == g.type, was.initial == g.initial, before < old.globals.count else { continue }
            globals[slot] = old.globals[before]
        }
    }

    /// Property values of declared layers (and their repeated copies) the edit left alone.
    mutating func carryLayers(from old: SceneRuntime) {
        var oldByName: [String: Int] = [:]
        for (i, decl) in old.program.layers.enumerated() where !decl.isTemplate { oldByName[decl.name] = i }
        for (i, decl) in program.layers.enumerated() where !decl.isTemplate {
            guard let j = oldByName[decl.name] else { continue }
            let was = old.program.layers[j]
            guard was.kind == decl.kind else { continue }
            var pairs: [(new: Int, old: Int)] = []
            if let id = declaredInstance[i], let oldID = old.declaredInstance[j] { pairs.append((id, oldID)) }
            if let copies = declaredCopies[i], let oldCopies = old.declaredCopies[j] {
                for (a, b) in zip(copies, oldCopies) { if let a, let b { pairs.append((a, b)) } }
            }
            for (id, oldID) in pairs {
                guard let oldInstance = old.instances[oldID], instances[id] != nil else { continue }
                for p in Property.allCases where decl.properties[p] == was.properties[p] {
                    // The binding too: an assignment may have ended it in the old run.
                    instances[id]?.bindings[p.ordinal] = oldInstance.bindings[p.ordinal]
                    instances[id]?.model[p.ordinal] = oldInstance.model[p.ordinal]
                }
                // The outline a finished morph left, when the declared outline is unchanged.
                if decl.pathCommands == was.pathCommands, let path = old.morphModel[oldID] { morphModel[id] = path }
            }
        }
    }

    /// Moves the clock from tick 0 to `target` without running handlers: animations that
    /// end on the way end at their own tick (so `then` chains start when they would have),
    /// timers skip the ticks they missed, and the bindings are evaluated at `target`.
    mutating func runClock(to target: Int) throws {
        while true {
            var next: Int? = nil
            for a in animations {
                guard let span = SceneRuntime.activeSpan(a.ir) else { continue }
                let end = a.begin + (span.num + span.den - 1) / max(1, span.den)
                if end > tick, end <= target { next = min(next ?? end, end) }
            }
            guard let next else { break }
            tick = next
            work = 0
            try sampleAnimations()
        }
        tick = target
        work = 0
        timers = timers.compactMap { t in
            var t = t
            guard t.nextTick <= target else { return t }
            guard case .every(let p) = t.timer.kind, p > 0 else { return nil }
            t.nextTick += ((target - t.nextTick) / p + 1) * p
            return t
        }
        try sampleAnimations()
        try evaluateBindings()
    }
}
