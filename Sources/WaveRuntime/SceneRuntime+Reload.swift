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
/// - what handlers had started by then (spawned layers, their timers and animations)
///   is not carried: it starts again when its handler next runs.
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
        return r
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
