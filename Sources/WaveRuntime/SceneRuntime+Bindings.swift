import WaveCompiler
import WaveSyntax

/// Bindings: a layer property bound to an expression is evaluated again every tick, in
/// an order where a property comes after the bound properties it reads (`BindingOrder`).
extension SceneRuntime {
    /// Evaluates a layer property's expression; an error inside it with no place of its own
    /// (the work or string limit) points at the property in the declaration.
    mutating func evalProperty(_ e: IRExpr, _ p: Property, of declIndex: Int, _ ctx: ExecContext, checked: Bool = true) throws -> Value {
        do {
            let v = try eval(e, ctx)
            if !checked || SceneRuntime.isFinite(v) && p != .perspective && p != .size { return v }   // nothing for requireFinite to refuse
            if let inst = ctx.current.flatMap({ instances[$0] }) {
                let decl = program.layers[declIndex]
                try requireFinite(v, p, of: inst, at: decl.propertyRanges[p] ?? decl.range, "evaluates to")
            }
            return v
        } catch var error as RuntimeError where error.range == .none {
            let decl = program.layers[declIndex]
            error.range = decl.propertyRanges[p] ?? decl.range
            guard error.code == .tooMuchWork else { throw error }
            error.message = "too much work in one tick (more than \(limits.maxWorkPerTick) steps) evaluating the binding of '\(p.rawValue)' on layer '\(decl.name)'"
            throw error
        }
    }

    /// Sets `bindingSteps` and `creationOrder` for the program's layers, those before
    /// `first` planned already and unchanged (new layers never change how earlier ones are
    /// ordered: `BindingOrder.init(_:from:)`). Returns where the new layers' steps start.
    @discardableResult
    mutating func planBindings(from first: Int = 0) -> Int {
        if first > 0 {
            let plan = BindingOrder(program.layers, from: first)
            layersPlanned += program.layers.count - first
            // No binding read a bound property before, and none does now: still no order.
            if bindingSteps.isEmpty && !plan.readsBound { return 0 }
            if !bindingSteps.isEmpty {
                let start = bindingSteps.count
                bindingSteps += plan.nodes.map { ($0.layer, $0.property.ordinal) }
                if creationOrder.count < first { creationOrder += Array(repeating: [], count: first - creationOrder.count) }
                creationOrder += SceneRuntime.creationOrder(plan.nodes, layers: first..<program.layers.count)
                return start
            }
        }
        let plan = BindingOrder(program.layers)
        layersPlanned += program.layers.count
        bindingSteps = plan.nodes.map { ($0.layer, $0.property.ordinal) }
        creationOrder = plan.nodes.isEmpty ? [] : SceneRuntime.creationOrder(plan.nodes, layers: 0..<program.layers.count)
        return 0
    }

    /// For each layer in `layers`, the order `nodes` sets its properties in, or [] where
    /// that is property order.
    static func creationOrder(_ nodes: [BindingOrder.Node], layers: Range<Int>) -> [[Property]] {
        var byLayer = Array(repeating: [Property](), count: layers.count)
        for n in nodes where layers.contains(n.layer) { byLayer[n.layer - layers.lowerBound].append(n.property) }
        return byLayer.map { ps in zip(ps, ps.dropFirst()).allSatisfy { $0.ordinal < $1.ordinal } ? [] : ps }
    }

    /// `evaluateBindings` for the instances made since id `first` alone (the ids are
    /// sequential), when nothing the others read has changed; `steps`: where the steps of
    /// the declarations they come from start in `bindingSteps`.
    mutating func evaluateBindings(ofInstancesFrom first: Int, steps: Int) throws {
        guard !bindingSteps.isEmpty else {
            for id in first..<nextInstanceID { try evaluateBindings(of: id) }
            return
        }
        var ids: [Int: [Int]] = [:]
        for id in first..<nextInstanceID {
            if let d = instances[id]?.decl { ids[d, default: []].append(id) }
        }
        for (decl, ordinal) in bindingSteps[steps...] {
            guard let mine = ids[decl] else { continue }
            try evaluateBinding(ordinal, of: decl, on: mine)
        }
    }

    mutating func evaluateBindings() throws {
        guard bindingSteps.isEmpty else { return try evaluateBindingsInOrder() }
        for id in instances.keys.sorted() { try evaluateBindings(of: id) }
    }

    /// Evaluates every binding of instance `id`, in property order.
    mutating func evaluateBindings(of id: Int) throws {
        // Only the bindings and the declaration are read out: holding a copy of the whole
        // instance would make each write below copy its model array.
        guard let at = instances.index(forKey: id) else { return }
        let bindings = instances.values[at].bindings, decl = instances.values[at].decl
        let ctx = ExecContext(current: id)
        for i in bindings.indices {
            guard let b = bindings[i] else { continue }
            let p = Property.byOrdinal[i]
            bindingEvaluations += 1
            let v = try evalProperty(b, p, of: decl, ctx)
            // Written in place through the dictionary's index, found again after the
            // evaluation (`instances[id]?.model[i] = …` moved the whole instance out of
            // the dictionary and back for every binding).
            guard let slot = instances.index(forKey: id) else { break }
            instances.values[slot].model[i] = SceneRuntime.stored(v, p)
        }
    }

    /// `evaluateBindings` when some binding reads a bound property: property by property in
    /// `bindingSteps`, each over the instances of its declaration in creation order.
    mutating func evaluateBindingsInOrder() throws {
        var ids = Array(repeating: [Int](), count: program.layers.count)
        for id in instances.keys.sorted() {
            guard let d = instances[id]?.decl, d < ids.count else { continue }
            ids[d].append(id)
        }
        for (decl, ordinal) in bindingSteps { try evaluateBinding(ordinal, of: decl, on: ids[decl]) }
    }

    /// Evaluates the binding of property `ordinal` on each of `ids`, instances of `decl`.
    mutating func evaluateBinding(_ ordinal: Int, of decl: Int, on ids: [Int]) throws {
        let p = Property.byOrdinal[ordinal]
        for id in ids {
            guard let at = instances.index(forKey: id), let b = instances.values[at].bindings[ordinal] else { continue }
            bindingEvaluations += 1
            let v = try evalProperty(b, p, of: decl, ExecContext(current: id))
            guard let slot = instances.index(forKey: id) else { continue }
            instances.values[slot].model[ordinal] = SceneRuntime.stored(v, p)
        }
    }
}
