import WaveCompiler
import WaveGeometry
import WaveGraphics

/// A saved runtime state (`wave state`, `wave render --state-from`): the whole
/// `SceneRuntime` value at one tick, so a later run starts there instead of stepping from 0.
///
/// Layout: five text lines, then the binary state, then a checksum.
///
///     wave-state 2
///     script 6f1c0a93d2e4b757     FNV-1a of the script's source bytes
///     scene 320x240 seed 1        the scene's size and random seed
///     build 0123456789abcdef      fingerprint of the state layout this build writes
///     tick 600
///     <state: little-endian 64-bit integers, doubles by bit pattern, UTF-8 strings>
///     <FNV-1a 64 of every byte before it>
///
/// Compiled code (timers, animations, bindings) is saved as a reference into the program
/// (its index in a fixed walk of the statements, or the declaration's property), which is
/// sound because a state only loads for the same script text and the same build.
public enum StateFile {
    public static let formatVersion = 2
    static let magic = "wave-state \(formatVersion)"

    /// What must be equal between the build that wrote a state and the one reading it:
    /// the format version and the vocabulary the state is indexed by (property ordinals,
    /// kinds, words, effects).
    public static let buildFingerprint: String = {
        var text = magic
        for list in [Property.allCases.map(\.rawValue), LayerKind.allCases.map(\.rawValue), EffectKind.allCases.map(\.rawValue),
                     MotionRotation.allCases.map(\.rawValue), StrokeCap.allCases.map(\.rawValue),
                     StrokeJoin.allCases.map(\.rawValue), WindingRule.allCases.map(\.rawValue)] {
            text += ";" + list.joined(separator: ",")
        }
        return fnv(Array(text.utf8))
    }()

    static func fnv(_ bytes: [UInt8]) -> String {
        let hex = String(fnvValue(bytes[...]), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func fnvValue(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    /// The tick a state file holds, read from its header (after the same checks as loading).
    public static func header(_ bytes: [UInt8]) throws(StateFileError) -> (script: String, scene: String, build: String, tick: Int, body: Int) {
        var lines: [String] = []
        var at = 0
        while lines.count < 5 {
            guard let nl = bytes[at...].prefix(200).firstIndex(of: 10) else {
                if lines.isEmpty { throw StateFileError("not a wave state file (no 'wave-state' header line)", offset: 0) }
                throw StateFileError("the header ends early (truncated file?)", offset: at)
            }
            lines.append(String(decoding: bytes[at..<nl], as: UTF8.self))
            at = nl + 1
            if lines.count == 1 && !lines[0].hasPrefix("wave-state ") {
                throw StateFileError("not a wave state file (no 'wave-state' header line)", offset: 0)
            }
        }
        guard lines[0] == magic else {
            throw StateFileError("state format '\(lines[0])' is not the one this wave reads ('\(magic)'); write it again with 'wave state'", offset: 0)
        }
        func field(_ i: Int, _ name: String) throws(StateFileError) -> String {
            guard lines[i].hasPrefix(name + " ") else { throw StateFileError("header line \(i + 1) should start with '\(name)'", offset: 0) }
            return String(lines[i].dropFirst(name.count + 1))
        }
        let script = try field(1, "script"), scene = try field(2, "scene"), build = try field(3, "build")
        guard let tick = Int(try field(4, "tick")), tick >= 0, tick <= StateReader.intRange.upperBound else { throw StateFileError("header line 5: the tick is not a whole number", offset: 0) }
        return (script, scene, build, tick, at)
    }

    /// The header's `scene` line for a scene: its size and random seed.
    static func sceneLine(_ scene: SceneIR) -> String { "\(scene.width)x\(scene.height) seed \(scene.seed)" }
}

/// A state file that cannot be used: corrupt, truncated, or written for another script or
/// build. `offset` is the byte where reading failed.
public struct StateFileError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public init(_ message: String, offset: Int) { self.message = message; self.offset = offset }
    public var description: String { "byte \(offset): \(message)" }
}

extension SceneRuntime {
    /// The runtime state as a state file for `program`, compiled from the script whose source
    /// has fingerprint `script`.
    public func savedState(of program: Program, script: String) throws(StateFileError) -> [UInt8] {
        let table = IRTable(program)
        var w = StateWriter()
        w.bool(isStopped); w.bool(started); w.int(work); w.u64(rng.state); w.int(nextInstanceID)
        w.array(globals) { $0.value($1) }
        w.array(globalOverlay) { w, v in w.optional(v) { $0.value($1) } }
        w.array(declaredInstance) { w, v in w.optional(v) { $0.int($1) } }
        w.array(order) { $0.int($1) }
        let ids = instances.keys.sorted()
        w.int(ids.count)
        for id in ids {
            guard let inst = instances[id] else { continue }
            w.int(inst.id); w.int(inst.decl); w.string(inst.kind.rawValue)
            w.array(inst.model) { $0.value($1) }
            w.array(inst.overlay) { w, v in w.optional(v) { $0.value($1) } }
            w.array(inst.bindings) { $0.bool($1 != nil) }
            w.optional(inst.parent) { $0.int($1) }
            w.array(inst.children) { $0.int($1) }
            w.bool(inst.alive)
            w.optional(inst.copyIndex) { $0.int($1) }
            w.array(inst.vars) { $0.value($1) }
        }
        let copyDecls = declaredCopies.keys.sorted()
        w.int(copyDecls.count)
        for d in copyDecls {
            w.int(d); w.array(declaredCopies[d] ?? []) { w, id in w.optional(id) { $0.int($1) } }
        }
        w.int(timers.count)
        for t in timers {
            guard let index = table.index(of: t.timer) else { throw StateFileError("a running timer is not part of the script (REPL input cannot be saved)", offset: w.bytes.count) }
            w.int(index); w.int(t.nextTick); w.context(t.context)
            // A period or time written as an expression is fixed when the timer starts.
            w.bool(t.timer.dynamicTime == nil)
            switch t.timer.kind {
            case .every(let p): w.byte(0); w.int(p)
            case .at(let t): w.byte(1); w.int(t)
            case .after(let d): w.byte(2); w.int(d)
            }
        }
        w.int(animations.count)
        for a in animations {
            guard let index = table.index(of: a.ir) else { throw StateFileError("a running animation is not part of the script (REPL input cannot be saved)", offset: w.bytes.count) }
            w.int(index)
            // Timing written as expressions is fixed when the animation starts.
            w.bool(a.ir.dynamicTiming.isEmpty); w.int(a.ir.durationTicks); w.int(a.ir.delayTicks)
            w.optional(a.ir.repeatCount) { $0.double($1) }
            w.array(a.targets) { $0.target($1) }
            w.array(a.from) { $0.value($1) }
            w.array(a.to) { $0.value($1) }
            w.array(a.keyframes) { $0.value($1) }
            w.int(a.begin); w.context(a.context)
            w.optional(a.motion) { w, m in
                w.array(m.paths) { $0.path($1) }
                w.array(m.baseRotations) { $0.double($1) }
                w.array(m.keyTimes) { $0.double($1) }
                w.string(m.rotation.rawValue); w.bool(m.paced)
            }
            w.optional(a.morph) { w, m in
                w.int(m.id); w.path(m.from); w.path(m.to); w.array(m.keyframes) { $0.path($1) }
            }
            w.optional(a.deferredEnds) { w, d in w.bool(d.from); w.bool(d.to); w.optional(d.by) { $0.value($1) } }
        }
        let effectIDs = effects.keys.sorted()
        w.int(effectIDs.count)
        for id in effectIDs {
            guard let e = effects[id] else { continue }
            w.int(id); w.string(e.kind.rawValue); w.int(e.begin); w.int(e.duration); w.u64(e.seed)
        }
        for paths in [morphOverlay, morphModel] {
            let keys = paths.keys.sorted()
            w.int(keys.count)
            for k in keys { w.int(k); w.path(paths[k] ?? Path()) }
        }
        let head = "\(StateFile.magic)\nscript \(script)\nscene \(StateFile.sceneLine(program.scene))\nbuild \(StateFile.buildFingerprint)\ntick \(tick)\n"
        var out = Array(head.utf8) + w.bytes
        var sum = StateWriter()
        sum.u64(StateFile.fnvValue(out[...]))
        out += sum.bytes
        return out
    }

    /// The runtime a state file saved, for `program` compiled from the script with
    /// fingerprint `script`. Refuses a state of another script or build, and reports a
    /// corrupt or truncated file with the byte where reading failed.
    public static func loading(_ bytes: [UInt8], program: Program, script: String,
                               limits: RuntimeLimits = RuntimeLimits()) throws -> SceneRuntime {
        let head = try StateFile.header(bytes)
        guard head.script == script else {
            throw StateFileError("this state was saved for another script (or another version of it): script \(head.script), not \(script); write it again with 'wave state'", offset: 0)
        }
        guard head.scene == StateFile.sceneLine(program.scene) else {
            throw StateFileError("this state was saved for a scene of \(head.scene), not \(StateFile.sceneLine(program.scene)); write it again with 'wave state'", offset: 0)
        }
        guard head.build == StateFile.buildFingerprint else {
            throw StateFileError("this state was saved by a wave build with another state layout (build \(head.build), not \(StateFile.buildFingerprint)); write it again with 'wave state'", offset: 0)
        }
        guard bytes.count >= head.body + 8 else { throw StateFileError("the file ends early (truncated)", offset: bytes.count) }
        var sumReader = StateReader(bytes: bytes, at: bytes.count - 8, end: bytes.count)
        let sum = try sumReader.u64()
        guard sum == StateFile.fnvValue(bytes[..<(bytes.count - 8)]) else {
            throw StateFileError("the checksum does not match: the file is corrupt or truncated", offset: bytes.count - 8)
        }
        var r = StateReader(bytes: bytes, at: head.body, end: bytes.count - 8)
        var rt = try SceneRuntime(program: program, limits: limits)
        let table = IRTable(program)
        rt.tick = head.tick
        rt.isStopped = try r.bool(); rt.started = try r.bool(); rt.work = try r.int()
        rt.rng = SplitMix64(seed: try r.u64()); rt.nextInstanceID = try r.int()
        rt.globals = try r.array { try $0.value() }
        rt.globalOverlay = try r.array { r in try r.optional { try $0.value() } }
        guard rt.globals.count == program.globals.count, rt.globalOverlay.count == program.globals.count else {
            throw StateFileError("the state has \(rt.globals.count) globals, the script \(program.globals.count)", offset: r.at)
        }
        rt.declaredInstance = try r.array { r in try r.optional { try $0.int() } }
        guard rt.declaredInstance.count == program.layers.count else {
            throw StateFileError("the state has \(rt.declaredInstance.count) layer declarations, the script \(program.layers.count)", offset: r.at)
        }
        rt.order = try r.array { try $0.int() }
        rt.instances = [:]
        rt.overlaysWritten = true   // restored instances may hold animations' overlays
        for _ in 0..<(try r.count()) {
            let id = try r.int(), decl = try r.index(program.layers.count, "layer declaration")
            guard let kind = LayerKind(rawValue: try r.string()), kind == program.layers[decl].kind else {
                throw StateFileError("a layer's kind is not its declaration's", offset: r.at)
            }
            var inst = LayerInstance(id: id, decl: decl, kind: kind, parent: nil, defaults: try r.array { try $0.value() })
            inst.overlay = try r.array { r in try r.optional { try $0.value() } }
            let bound = try r.array { try $0.bool() }
            guard inst.model.count == Property.count, inst.overlay.count == Property.count, bound.count == Property.count else {
                throw StateFileError("a layer's values do not match the property table", offset: r.at)
            }
            for (i, p) in Property.allCases.enumerated() where bound[i] {
                guard let e = program.layers[decl].properties[p] else { throw StateFileError("a binding the script does not have", offset: r.at) }
                inst.bindings[i] = e
            }
            inst.parent = try r.optional { try $0.int() }
            inst.children = try r.array { try $0.int() }
            inst.alive = try r.bool()
            inst.copyIndex = try r.optional { try $0.int() }
            inst.vars = try r.array { try $0.value() }
            guard inst.vars.count == program.layers[decl].instanceVars.count else {
                throw StateFileError("a layer's parameters do not match its declaration", offset: r.at)
            }
            rt.instances[id] = inst
        }
        rt.declaredCopies = [:]
        for _ in 0..<(try r.count()) {
            let d = try r.index(program.layers.count, "layer declaration")
            rt.declaredCopies[d] = try r.array { r in try r.optional { try $0.int() } }
        }
        try rt.checkLayerTree(at: r.at)
        rt.timers = try r.array { r in
            var t = table.timers[try r.index(table.timers.count, "timer")]
            let next = try r.int(), context = try r.context()
            if try r.bool() { t.dynamicTime = nil }
            switch try r.tag(3) {
            case 0: t.kind = .every(period: max(1, try r.int()))
            case 1: t.kind = .at(tick: try r.int())
            default: t.kind = .after(delay: try r.int())
            }
            return ActiveTimer(timer: t, nextTick: next, context: context)
        }
        rt.animations = try r.array { r in
            var ir = table.animations[try r.index(table.animations.count, "animation")]
            if try r.bool() { ir.dynamicTiming = DynamicTiming() }
            ir.durationTicks = try r.int(); ir.delayTicks = try r.int()
            ir.repeatCount = try r.optional { try $0.double() }
            var a = ActiveAnimation(ir: ir, targets: try r.array { try $0.target() }, from: try r.array { try $0.value() },
                                    to: try r.array { try $0.value() }, keyframes: try r.array { try $0.value() },
                                    begin: try r.int(), context: try r.context())
            a.motion = try r.optional { r in
                let paths = try r.array { try $0.path() }
                let rotations = try r.array { try $0.double() }, keyTimes = try r.array { try $0.double() }
                guard let rotation = MotionRotation(rawValue: try r.string()) else { throw StateFileError("unknown rotation", offset: r.at) }
                return MotionState(measures: paths.map(PathMeasure.init), baseRotations: rotations, keyTimes: keyTimes,
                                   rotation: rotation, paced: try r.bool(), paths: paths)
            }
            for case .global(let slot, _) in a.targets where slot < 0 || slot >= program.globals.count {
                throw StateFileError("an animation writes global \(slot), which the script does not have", offset: r.at)
            }
            guard a.from.count == a.targets.count, a.to.count == a.targets.count else {
                throw StateFileError("an animation's values do not match its targets", offset: r.at)
            }
            if let m = a.motion {
                guard m.baseRotations.count == m.paths.count, m.paths.count <= a.targets.count,
                      m.keyTimes.count == (m.measures.first?.segmentCount ?? 0) + 1 else {
                    throw StateFileError("a motion's path does not match its key times", offset: r.at)
                }
            }
            a.morph = try r.optional { r in
                MorphState(id: try r.int(), from: try r.path(), to: try r.path(), keyframes: try r.array { try $0.path() })
            }
            a.deferredEnds = try r.optional { r in DeferredEnds(from: try r.bool(), to: try r.bool(), by: try r.optional { try $0.value() }) }
            return a
        }
        rt.effects = [:]
        for _ in 0..<(try r.count()) {
            let id = try r.int()
            guard let kind = EffectKind(rawValue: try r.string()) else { throw StateFileError("unknown text effect", offset: r.at) }
            rt.effects[id] = ActiveEffect(kind: kind, begin: try r.int(), duration: try r.int(), seed: try r.u64())
        }
        var maps: [[Int: Path]] = []
        for _ in 0..<2 {
            var m: [Int: Path] = [:]
            for _ in 0..<(try r.count()) { m[try r.int()] = try r.path() }
            maps.append(m)
        }
        rt.morphOverlay = maps[0]; rt.morphModel = maps[1]
        guard r.at == r.end else { throw StateFileError("\(r.end - r.at) bytes left over after the state", offset: r.at) }
        return rt
    }
}

extension SceneRuntime {
    /// Refuses loaded layers that do not form the tree stepping keeps: every id known and
    /// below `nextInstanceID`, parents and children agreeing, every instance reached once
    /// from the top-level order (so drawing a forged state cannot loop or recurse forever).
    func checkLayerTree(at offset: Int) throws(StateFileError) {
        func fail(_ what: String) -> StateFileError { StateFileError("the layers do not form a tree: \(what)", offset: offset) }
        for (id, inst) in instances {
            guard id == inst.id, id >= 0, id < nextInstanceID else { throw fail("layer \(id) is out of range") }
            if let p = inst.parent {
                guard instances[p]?.children.contains(id) == true else { throw fail("layer \(id) is not among its parent's children") }
            }
            for c in inst.children where instances[c]?.parent != id { throw fail("layer \(c) is not a child of layer \(id)") }
        }
        for case let id? in declaredInstance where instances[id] == nil { throw fail("declared layer \(id) does not exist") }
        var seen = Set<Int>()
        var stack = order.reversed() as [Int]
        for id in order where instances[id]?.parent != nil { throw fail("layer \(id) is drawn at the top and inside a group") }
        while let id = stack.popLast() {
            guard let inst = instances[id], seen.insert(id).inserted else { throw fail("layer \(id) is missing or drawn twice") }
            stack += inst.children.reversed()
        }
        guard seen.count == instances.count else { throw fail("\(instances.count - seen.count) layers are not drawn") }
    }
}

/// The compiled timers and animations of a program, in a fixed walk order: how a saved
/// state names the one a running timer or animation came from.
struct IRTable {
    var timers: [TimerIR] = []
    var animations: [AnimationIR] = []
    /// Positions of the timers and animations the script's top level starts by itself
    /// (outside any timer's body and any spawn block), with their `then` chains.
    var topLevelTimers = Set<Int>()
    var topLevelAnimations = Set<Int>()

    init(_ program: Program) { walk(program.statements, topLevel: true) }

    /// Where `timer` came from: equal, or equal but for the time a timer written with an
    /// expression fixed when it started.
    func index(of timer: TimerIR) -> Int? {
        timers.firstIndex { t in
            if t == timer { return true }
            guard t.dynamicTime != nil, timer.dynamicTime == nil else { return false }
            var fixed = t
            fixed.kind = timer.kind; fixed.dynamicTime = nil
            return fixed == timer
        }
    }

    /// Where `animation` came from: equal, or equal but for the timing it fixed when it
    /// started (`over random(1s, 2s)`, `delay index * 0.1s`, `repeat n`).
    func index(of animation: AnimationIR) -> Int? {
        animations.firstIndex { a in
            if a == animation { return true }
            guard !a.dynamicTiming.isEmpty, animation.dynamicTiming.isEmpty else { return false }
            var fixed = a
            fixed.dynamicTiming = DynamicTiming(); fixed.durationTicks = animation.durationTicks
            fixed.delayTicks = animation.delayTicks; fixed.repeatCount = animation.repeatCount
            return fixed == animation
        }
    }

    private mutating func walk(_ statements: [IRStmt], topLevel: Bool) {
        func add(_ a: AnimationIR) {
            if topLevel { topLevelAnimations.insert(animations.count) }
            animations.append(a)
            walk(a.reached, topLevel: topLevel)
            walk(a.then, topLevel: topLevel)
        }
        for s in statements {
            switch s {
            case .assign, .stop, .remove, .effect, .evaluate, .particleTick: break
            case .ifElse(_, let a, let b): walk(a, topLevel: topLevel); walk(b, topLevel: topLevel)
            case .animate(let a): add(a)
            case .animationGroup(_, _, _, let list): for a in list { add(a) }
            case .installTimer(let t):
                if topLevel { topLevelTimers.insert(timers.count) }
                timers.append(t)
                walk(t.body, topLevel: false)
            case .spawn(_, _, let body, _): walk(body, topLevel: false)
            case .eachCopy(_, let body): walk(body, topLevel: topLevel)
            case .forRange(_, _, _, let body, _): walk(body, topLevel: topLevel)
            }
        }
    }
}

struct StateWriter {
    var bytes: [UInt8] = []
    mutating func u64(_ v: UInt64) { for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) } }
    mutating func int(_ v: Int) { u64(UInt64(bitPattern: Int64(v))) }
    mutating func double(_ v: Double) { u64(v.bitPattern) }
    mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }
    mutating func byte(_ v: UInt8) { bytes.append(v) }
    mutating func string(_ s: String) { let u = Array(s.utf8); int(u.count); bytes += u }
    mutating func array<T>(_ items: [T], _ each: (inout StateWriter, T) -> Void) {
        int(items.count)
        for x in items { each(&self, x) }
    }
    mutating func optional<T>(_ v: T?, _ each: (inout StateWriter, T) -> Void) {
        bool(v != nil)
        if let v { each(&self, v) }
    }
    mutating func rgba(_ c: RGBA) { double(c.r); double(c.g); double(c.b); double(c.a) }
    mutating func pair(_ p: (Double, Double)) { double(p.0); double(p.1) }
    mutating func stops(_ s: [GradientStopValue]) { array(s) { w, s in w.optional(s.location) { $0.double($1) }; w.rgba(s.color) } }

    mutating func value(_ v: Value) {
        switch v {
        case .number(let n): byte(0); double(n)
        case .bool(let b): byte(1); bool(b)
        case .point(let x, let y): byte(2); double(x); double(y)
        case .rect(let x, let y, let w, let h): byte(3); double(x); double(y); double(w); double(h)
        case .color(let c): byte(4); rgba(c)
        case .string(let s): byte(5); string(s)
        case .paint(let p):
            byte(6)
            switch p {
            case .none: byte(0)
            case .color(let c): byte(1); rgba(c)
            case .linear(let s, let e, let st): byte(2); pair(s); pair(e); stops(st)
            case .angled(let a, let st): byte(3); double(a); stops(st)
            case .radial(let c, let r, let st): byte(4); pair(c); double(r); stops(st)
            case .conic(let c, let a, let st): byte(5); pair(c); double(a); stops(st)
            }
        case .list(let items): byte(7); array(items) { $0.value($1) }
        case .word(let w):
            byte(8)
            switch w {
            case .cap(let c): byte(0); string(c.rawValue)
            case .join(let j): byte(1); string(j.rawValue)
            case .fillRule(let r): byte(2); string(r.rawValue)
            case .blend(let b): byte(3); string(b.rawValue)
            case .gravity(let g): byte(4); string(g.rawValue)
            }
        case .layer(let id): byte(9); int(id)
        }
    }

    mutating func target(_ t: ResolvedTarget) {
        switch t {
        case .global(let slot, let c): byte(0); int(slot); optional(c) { $0.int($1) }
        case .layer(let id, let p, let c): byte(1); int(id); string(p.rawValue); optional(c) { $0.int($1) }
        }
    }

    mutating func path(_ p: Path) {
        array(p.elements) { w, e in
            switch e {
            case .move(let a): w.byte(0); w.point(a)
            case .line(let a): w.byte(1); w.point(a)
            case .quad(let a, let b): w.byte(2); w.point(a); w.point(b)
            case .cubic(let a, let b, let c): w.byte(3); w.point(a); w.point(b); w.point(c)
            case .close: w.byte(4)
            }
        }
    }
    mutating func point(_ p: Point) { double(p.x); double(p.y) }
    mutating func context(_ c: ExecContext) { optional(c.current) { $0.int($1) }; int(c.shift) }
}

struct StateReader {
    let bytes: [UInt8]
    var at: Int
    let end: Int
    var depth = 0

    init(bytes: [UInt8], at: Int, end: Int) { self.bytes = bytes; self.at = at; self.end = end }

    func fail(_ what: String) -> StateFileError { StateFileError(what, offset: at) }

    mutating func byte() throws(StateFileError) -> UInt8 {
        guard at < end else { throw fail("the state ends early (truncated file?)") }
        defer { at += 1 }
        return bytes[at]
    }
    mutating func u64() throws(StateFileError) -> UInt64 {
        guard at + 8 <= end else { throw fail("the state ends early (truncated file?)") }
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
        at += 8
        return v
    }
    /// Every whole number a state holds (ticks, ids, indices, counts) is within ±2⁴⁰ (about
    /// 580 years of ticks): a forged value beyond that is refused here, so no sum or
    /// product of ticks the runtime forms from it can overflow.
    static let intRange = -(1 << 40)...(1 << 40)

    mutating func int() throws(StateFileError) -> Int {
        let v = Int(Int64(bitPattern: try u64()))
        guard StateReader.intRange.contains(v) else { at -= 8; throw fail("the number \(v) is out of the range a state can hold (±2⁴⁰)") }
        return v
    }
    mutating func double() throws(StateFileError) -> Double { Double(bitPattern: try u64()) }
    mutating func bool() throws(StateFileError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: at -= 1; throw fail("expected a flag (0 or 1)")
        }
    }
    /// A count of items that follow: no more than the bytes left (each item takes one or more).
    mutating func count() throws(StateFileError) -> Int {
        let n = try int()
        guard n >= 0, n <= end - at else { at -= 8; throw fail("a count of \(n) does not fit in the file") }
        return n
    }
    mutating func index(_ limit: Int, _ what: String) throws(StateFileError) -> Int {
        let i = try int()
        guard i >= 0, i < limit else { at -= 8; throw fail("\(what) \(i) does not exist in the script") }
        return i
    }
    mutating func tag(_ limit: UInt8) throws(StateFileError) -> UInt8 {
        let t = try byte()
        guard t < limit else { at -= 1; throw fail("unknown tag \(t)") }
        return t
    }
    mutating func string() throws(StateFileError) -> String {
        let n = try count()
        defer { at += n }
        return String(decoding: bytes[at..<(at + n)], as: UTF8.self)
    }
    mutating func array<T>(_ each: (inout StateReader) throws -> T) throws -> [T] {
        let n = try count()
        var out: [T] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try each(&self)) }
        return out
    }
    mutating func optional<T>(_ each: (inout StateReader) throws -> T) throws -> T? {
        try bool() ? try each(&self) : nil
    }
    mutating func rgba() throws(StateFileError) -> RGBA { RGBA(try double(), try double(), try double(), try double()) }
    mutating func pair() throws(StateFileError) -> (Double, Double) { (try double(), try double()) }
    mutating func stops() throws -> [GradientStopValue] {
        try array { r in
            let location = try r.optional { try $0.double() }
            return GradientStopValue(location: location, color: try r.rgba())
        }
    }

    mutating func value() throws -> Value {
        switch try tag(10) {
        case 0: return .number(try double())
        case 1: return .bool(try bool())
        case 2: return .point(try double(), try double())
        case 3: return .rect(try double(), try double(), try double(), try double())
        case 4: return .color(try rgba())
        case 5: return .string(try string())
        case 6:
            switch try tag(6) {
            case 0: return .paint(.none)
            case 1: return .paint(.color(try rgba()))
            case 2: return .paint(.linear(start: try pair(), end: try pair(), stops: try stops()))
            case 3: return .paint(.angled(radians: try double(), stops: try stops()))
            case 4: return .paint(.radial(center: try pair(), radius: try double(), stops: try stops()))
            default: return .paint(.conic(center: try pair(), angle: try double(), stops: try stops()))
            }
        case 7:
            depth += 1
            defer { depth -= 1 }
            guard depth <= 256 else { throw fail("lists nested more than 256 deep") }
            return .list(try array { try $0.value() })
        case 8:
            let t = try tag(5)
            let text = try string()
            let w: Word?
            switch t {
            case 0: w = StrokeCap(rawValue: text).map(Word.cap)
            case 1: w = StrokeJoin(rawValue: text).map(Word.join)
            case 2: w = WindingRule(rawValue: text).map(Word.fillRule)
            case 3: w = BlendWord(rawValue: text).map(Word.blend)
            default: w = GravityWord(rawValue: text).map(Word.gravity)
            }
            guard let w else { throw fail("unknown word '\(text)'") }
            return .word(w)
        default: return .layer(try int())
        }
    }

    mutating func target() throws -> ResolvedTarget {
        if try tag(2) == 0 { return .global(try int(), component: try optional { try $0.int() }) }
        let id = try int()
        guard let p = Property(rawValue: try string()) else { throw fail("unknown property") }
        return .layer(id, p, component: try optional { try $0.int() })
    }

    mutating func point() throws(StateFileError) -> Point { Point(try double(), try double()) }
    mutating func context() throws -> ExecContext {
        var c = ExecContext(current: try optional { try $0.int() })
        c.shift = try int()
        return c
    }
    mutating func path() throws -> Path {
        Path(try array { r -> PathElement in
            switch try r.tag(5) {
            case 0: return .move(try r.point())
            case 1: return .line(try r.point())
            case 2: return .quad(try r.point(), try r.point())
            case 3: return .cubic(try r.point(), try r.point(), try r.point())
            default: return .close
            }
        })
    }
}
