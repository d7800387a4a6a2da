import WaveCompiler
import WaveSyntax

/// Applying a REPL input so that an error leaves the scene as it was, at a cost that does
/// not grow with the scene.
///
/// Keeping a copy of the whole runtime to go back to costs nothing until the apply writes:
/// then every array and table it writes is copied whole (copy on write), so each input
/// cost as much as the scene was large, and typing 10,000 layers took minutes. An input of
/// declarations alone (`layer`, `var`, `let`, `func`) only adds: new globals, layers,
/// instances and binding steps, at the ends of their arrays or under new ids. Such an input
/// is applied in place, with a `Checkpoint` of where each of those ended, and on an error
/// cut back to it. An input that would change what was there before (a statement, a timer,
/// an animation, a layer placed below another) goes the old way, with a whole copy.
extension SceneRuntime {
    /// Where the parts an input of declarations adds to ended before it.
    struct Checkpoint {
        let scene: SceneIR
        let globals: Int, layers: Int, declared: Int, firstNewID: Int
        let order: Int
        let hadBindingSteps: Bool, bindingSteps: Int, creationOrder: [[Property]]?, creationOrderCount: Int
        let rng: SplitMix64, work: Int, letCache: [String: Value], letCacheTick: Int, overlaysWritten: Bool
        let bindingEvaluations: Int, layersPlanned: Int
        let imageSources: Set<String>

        init(_ r: SceneRuntime) {
            scene = r.program.scene
            globals = r.globals.count
            layers = r.program.layers.count
            declared = r.declaredInstance.count
            firstNewID = r.nextInstanceID
            order = r.order.count
            hadBindingSteps = !r.bindingSteps.isEmpty
            bindingSteps = r.bindingSteps.count
            creationOrder = r.bindingSteps.isEmpty ? r.creationOrder : nil
            creationOrderCount = r.creationOrder.count
            rng = r.rng
            work = r.work
            letCache = r.letCache
            letCacheTick = r.letCacheTick
            overlaysWritten = r.overlaysWritten
            bindingEvaluations = r.bindingEvaluations
            layersPlanned = r.layersPlanned
            imageSources = Set(r.rasterImages.keys)
        }
    }

    /// Whether `increment` only adds to the scene, so that `Checkpoint` can undo it: no
    /// statements, no changed layers or scene header, and no new layer placed next to another.
    static func onlyAdds(_ increment: Program, to program: Program) -> Bool {
        increment.statements.isEmpty && increment.updatedLayers.isEmpty && increment.scene == program.scene
            && increment.layers.allSatisfy { $0.placement == .top || $0.parent != nil || $0.isTemplate }
    }

    /// Puts back what an input of declarations added since `mark`.
    mutating func restore(_ mark: Checkpoint) {
        program.scene = mark.scene
        program.globals.removeLast(program.globals.count - mark.globals)
        globals.removeLast(globals.count - mark.globals)
        globalOverlay.removeLast(globalOverlay.count - mark.globals)
        program.layers.removeLast(program.layers.count - mark.layers)
        declaredInstance.removeLast(declaredInstance.count - mark.declared)
        for id in mark.firstNewID..<nextInstanceID {
            instances[id] = nil
            effects[id] = nil
            morphOverlay[id] = nil
            morphModel[id] = nil
        }
        nextInstanceID = mark.firstNewID
        for d in declaredCopies.keys where d >= mark.layers { declaredCopies[d] = nil }
        order.removeLast(order.count - mark.order)
        if mark.hadBindingSteps {
            bindingSteps.removeLast(bindingSteps.count - mark.bindingSteps)
            creationOrder.removeLast(creationOrder.count - mark.creationOrderCount)
        } else {
            bindingSteps = []
            creationOrder = mark.creationOrder ?? []
        }
        for source in rasterImages.keys where !mark.imageSources.contains(source) { rasterImages[source] = nil }
        rng = mark.rng
        work = mark.work
        letCache = mark.letCache
        letCacheTick = mark.letCacheTick
        overlaysWritten = mark.overlaysWritten
        bindingEvaluations = mark.bindingEvaluations
        layersPlanned = mark.layersPlanned
    }

    /// `apply(increment)`, or nothing at all when it throws: the runtime is then as it was.
    /// An input of declarations alone costs what it adds, however large the scene.
    public mutating func applyOrKeep(_ increment: Program) throws {
        if started && SceneRuntime.onlyAdds(increment, to: program) {
            let mark = Checkpoint(self)
            do {
                if try apply(increment, onlyAdding: true) { return }
            } catch {
                restore(mark)
                throw error
            }
            // It started timers, animations or effects, which change what was there: again,
            // the whole way.
            restore(mark)
        }
        let before = self
        do {
            try apply(increment)
        } catch {
            self = before
            throw error
        }
    }
}
