import WaveCompiler
import WaveGeometry
import WaveGraphics

/// A running path morph: the paths it runs between, fixed when it starts.
struct MorphState: Sendable {
    /// The instance whose geometry morphs.
    var id: Int
    var from: Path
    var to: Path
    var keyframes: [Path]
}

extension SceneRuntime {
    /// The geometry of path layer declaration `index`: its live instance's, as presented, or
    /// for a template (never drawn) its commands evaluated at the top level.
    func pathGeometry(ofDeclaration index: Int) throws -> Path {
        if index < declaredInstance.count, let id = declaredInstance[index], let inst = instances[id] {
            return try localGeometry(inst).path ?? Path()
        }
        var copy = self
        return try PathBuilder.build(program.layers[index].pathCommands) { e in
            copy.work = 0
            return try copy.eval(e, .top)
        }
    }

    /// Fixes the paths of a morph when it starts; a structure the compiler could not see (an
    /// arc whose sweep needs another number of cubics) is a runtime error here.
    mutating func startMorph(_ a: AnimationIR, _ m: MorphIR, _ ctx: ExecContext, extraDelay: Int, deferEnds: Bool = false) throws {
        guard animations.count < limits.maxAnimations else {
            throw RuntimeError(.tooManyAnimations, "too many running animations (more than \(limits.maxAnimations))", a.range, tick: tick)
        }
        try charge(a.range)
        guard let id = resolve(m.layer, ctx), let inst = instances[id] else { return }
        let current = try localGeometry(inst).path ?? Path()
        let name = program.layers[inst.decl].name
        func source(_ index: Int) throws -> Path {
            let path = try pathGeometry(ofDeclaration: index)
            guard path.hasSameStructure(as: current) else {
                throw RuntimeError(.badMotion, "paths of different structure cannot morph: '\(name)' is drawn with \(current.structureDescription) and '\(program.layers[index].name)' with \(path.structureDescription)",
                                   a.range, tick: tick)
            }
            return path
        }
        let state = MorphState(id: id, from: try m.from.map(source) ?? current, to: try m.to.map(source) ?? current,
                               keyframes: try m.keyframes.map(source))
        var started = ActiveAnimation(ir: a, targets: [], from: [], to: [], keyframes: [],
                                      begin: tick + a.delayTicks + extraDelay, context: ctx, morph: state)
        if deferEnds, m.keyframes.isEmpty, m.from == nil || m.to == nil {
            started.deferredEnds = DeferredEnds(from: m.from == nil, to: m.to == nil, by: nil)
        }
        animations.append(started)
    }

    /// Writes the morphed geometry for this tick, or commits it when the morph ends.
    mutating func writeMorph(_ a: ActiveAnimation, _ m: MorphState, _ position: PassPosition, before: Bool, final: Bool) {
        var path: Path?
        if !m.keyframes.isEmpty {
            // The keyframe machinery on the indices 0, 1, …, n − 1 gives a fractional index.
            let indices = (0..<m.keyframes.count).map { Value.number(Double($0)) }
            let x = Keyframes.sample(indices, times: a.ir.keyTimes, mode: a.ir.keyframeMode, segmentTimings: a.ir.segmentTimings,
                                     progress: Timing.apply(a.ir.timing, position.progress, before: before)).number
            let i = max(0, min(m.keyframes.count - 2, Int(x.rounded(.down))))
            path = Path.interpolating(m.keyframes[i], m.keyframes[i + 1], x - Double(i))
        } else if final, case .spring = a.ir.timing {
            path = m.to
        } else {
            path = Path.interpolating(m.from, m.to, SceneRuntime.eased(a.ir, position.progress, before: before))
        }
        guard let path else { return }
        if final { morphModel[m.id] = path } else { morphOverlay[m.id] = path }
    }
}
