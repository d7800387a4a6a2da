// The IR is written in the vocabulary's terms (LayerKind, Property, StepPosition, FillMode,
// EffectKind …), which live in WaveSyntax; whoever reads the IR sees them too.
@_exported import WaveSyntax

/// The timeline IR: everything resolved (slots and indices, no names to look up), units
/// lowered (lengths px, angles radians, times seconds; timing positions in whole ticks).

/// A layer reference inside compiled code.
public enum LayerRef: Equatable, Sendable {
    /// A declared (non-template) layer, by declaration index.
    case declared(Int)
    /// One copy of a repeated layer (`bar[3]`): declaration index and copy index.
    case copy(Int, Int)
    /// The layer being spawned or the template instance a statement runs for.
    case current
}

public enum UnaryOp: String, Sendable { case negate = "-", not = "!" }
public enum BinaryOp: String, Sendable {
    case add = "+", sub = "-", mul = "*", div = "/"
    case lt = "<", le = "<=", gt = ">", ge = ">=", eq = "==", ne = "!="
    case and = "&&", or = "||"
}

public enum Builtin: String, CaseIterable, Sendable {
    case sin, cos, tan, asin, acos, atan, atan2, abs, min, max, clamp, mix, sqrt, pow, floor, ceil, round
    case mod, random, rgb, rgba, hsl, point, sign, exp, log
    // Strings (issue 17): characters are grapheme clusters.
    case substring, charCount = "char-count"
}

/// Scene-wide values an expression can read.
public enum Ambient: String, Sendable {
    case time = "t", tick, width, height
    /// The copy index of a repeated layer (`layer bar[12]: …`) inside its body and the
    /// statements run for each copy; 0 elsewhere.
    case index
}

public indirect enum IRExpr: Equatable, Sendable {
    case constant(Value)
    case global(Int)
    case ambient(Ambient)
    case layerProperty(LayerRef, Property)
    /// `.x`/`.y` of a point, or the n-th number of a rect.
    case component(IRExpr, Int)
    case unary(UnaryOp, IRExpr)
    case binary(BinaryOp, IRExpr, IRExpr)
    case ternary(IRExpr, IRExpr, IRExpr)
    case call(Builtin, [IRExpr])
    case makePoint(IRExpr, IRExpr)
    case makeRect(IRExpr, IRExpr, IRExpr, IRExpr)
    case makeList([IRExpr])
    /// A gradient whose stops are computed (colours may be bound to variables). Geometry,
    /// as `Compiler.makeGradient` reads it: linear [x0, y0, x1, y1] (unit-box points) or
    /// [angle] (radians, CSS); radial [cx, cy, radius]; conic [angle, cx, cy].
    case gradient(kind: GradientKind, geometry: [Double], stops: [IRExpr], locations: [IRExpr?])
    /// `path-length(L)`: the length of layer L's outline, measured each time it is read.
    case pathLength(LayerRef)
    /// `text-width(L[, n])`, `ink-bounds(L, …)` and the other `TextMeasure`s: measured at
    /// run time from the layer's font.
    case measure(TextMeasure, LayerRef, [IRExpr])
    /// `list[i]`: the element at whole index ⌊i⌋ (a runtime error outside the list).
    case element(IRExpr, IRExpr)
    /// A template instance's own variable (`vx` of `template piece(vx = 0)`), by slot.
    case instanceVar(Int)
    /// The value of `let name = expr` where expr depends on the clock alone (constants,
    /// `t`, `tick`, the scene's size, built-ins but `random`, other such lets): the same
    /// wherever it is read within one tick, so the runtime evaluates it once a tick and
    /// keeps it (`SceneRuntime.letCache`). A let is unique by name in a program.
    case tickCached(name: String, IRExpr)

    /// True when `e` depends on the clock alone, as `tickCached` requires.
    public static func dependsOnClockAlone(_ e: IRExpr) -> Bool {
        switch e {
        case .constant, .tickCached: return true
        case .ambient(let a): return a != .index
        case .component(let a, _), .unary(_, let a): return dependsOnClockAlone(a)
        case .binary(_, let a, let b), .makePoint(let a, let b), .element(let a, let b):
            return dependsOnClockAlone(a) && dependsOnClockAlone(b)
        case .ternary(let a, let b, let c): return dependsOnClockAlone(a) && dependsOnClockAlone(b) && dependsOnClockAlone(c)
        case .call(let f, let args): return f != .random && args.allSatisfy(dependsOnClockAlone)
        case .makeRect(let a, let b, let c, let d): return [a, b, c, d].allSatisfy(dependsOnClockAlone)
        case .makeList(let items): return items.allSatisfy(dependsOnClockAlone)
        case .global, .layerProperty, .gradient, .pathLength, .measure, .instanceVar: return false
        }
    }

    public var isConstant: Bool { if case .constant = self { return true }; return false }

    /// The nodes the interpreter visits at most to evaluate this once (both branches of a
    /// `?:` counted), a kept let counting one (it is evaluated once a tick), or `limit + 1`
    /// when that is more than `limit`: the walk stops there.
    public func stepCount(limit: Int) -> Int {
        var count = 0
        var stack: [IRExpr] = [self]
        while let e = stack.popLast() {
            count += 1
            if count > limit { return limit + 1 }
            if case .tickCached = e { continue }
            stack.append(contentsOf: e.operands)
        }
        return count
    }

    /// Whether evaluating this draws from the scene's random numbers (`random()` anywhere in it).
    public var drawsRandom: Bool {
        if case .call(.random, _) = self { return true }
        return operands.contains { $0.drawsRandom }
    }

    /// The expressions this one is made of, one level down (for walks that look for what an
    /// expression reads; not for the per-tick interpreter). A kept let (`tickCached`) has
    /// none: it reads the clock alone, and a chain of lets each reading the one before twice
    /// would otherwise be walked once for every path through it.
    public var operands: [IRExpr] {
        switch self {
        case .constant, .global, .ambient, .layerProperty, .pathLength, .instanceVar, .tickCached: return []
        case .component(let a, _), .unary(_, let a): return [a]
        case .binary(_, let a, let b), .makePoint(let a, let b), .element(let a, let b): return [a, b]
        case .ternary(let a, let b, let c): return [a, b, c]
        case .call(_, let args), .makeList(let args), .measure(_, _, let args): return args
        case .makeRect(let a, let b, let c, let d): return [a, b, c, d]
        case .gradient(_, _, let stops, let locations): return stops + locations.compactMap { $0 }
        }
    }

    /// Whether a property bound to this is computed once, when its layer (or copy) is made,
    /// and never again: it reads nothing that changes but `index` and `random()` (grammar.md,
    /// "Repeated layers").
    public var isFixedAtCreation: Bool {
        switch self {
        case .constant, .ambient(.index): return true
        case .call(_, let args), .makeList(let args): return args.allSatisfy(\.isFixedAtCreation)
        case .unary(_, let a), .component(let a, _): return a.isFixedAtCreation
        case .binary(_, let a, let b), .makePoint(let a, let b), .element(let a, let b): return a.isFixedAtCreation && b.isFixedAtCreation
        case .ternary(let a, let b, let c): return a.isFixedAtCreation && b.isFixedAtCreation && c.isFixedAtCreation
        case .makeRect(let a, let b, let c, let d): return [a, b, c, d].allSatisfy(\.isFixedAtCreation)
        case .gradient(_, _, let stops, let locations):
            return stops.allSatisfy(\.isFixedAtCreation) && locations.allSatisfy { $0?.isFixedAtCreation ?? true }
        default: return false
        }
    }
}

/// What an assignment or animation writes to.
public enum Target: Equatable, Sendable {
    case global(Int)
    case layer(LayerRef, Property)
    /// One component of a point property (`ball.position.y`).
    case layerComponent(LayerRef, Property, Int)
    case globalComponent(Int, Int)
    /// A parameter of the template instance the statement runs for (`vx` of
    /// `template piece(vx = 0)`): that instance's own variable, by slot.
    case instanceVar(Int)
}


public struct SpringParameters: Equatable, Sendable {
    public var mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }
}

public enum TimingFunction: Equatable, Sendable {
    case linear
    case cubicBezier(Double, Double, Double, Double)
    case steps(Int, StepPosition)
    case spring(SpringParameters)
    /// `ease-out-bounce`.
    case bounce
    /// CSS Easing 2's `linear(…)`: straight lines through the points.
    /// Guarantees: at least two points, inputs never decreasing, all finite.
    case points([TimingPoint])
}

/// A point of a `linear(…)` curve: progress `output` at time fraction `input`.
public struct TimingPoint: Equatable, Sendable {
    public var input: Double
    public var output: Double
    public init(input: Double, output: Double) { self.input = input; self.output = output }
}


public struct AnimationIR: Equatable, Sendable {
    public var targets: [Target]
    public var from: IRExpr?
    public var to: IRExpr?
    public var by: IRExpr?
    public var keyframes: [IRExpr]
    public var keyTimes: [Double]
    public var keyframeMode: KeyframeMode
    public var segmentTimings: [TimingFunction]
    /// Duration of one pass in ticks (for springs: the settling time unless given).
    public var durationTicks: Int
    public var delayTicks: Int
    public var timing: TimingFunction
    /// nil = once; `.infinity` = forever.
    public var repeatCount: Double?
    public var repeatDurationTicks: Int?
    public var autoreverses: Bool
    public var fill: FillMode
    public var then: [IRStmt]
    public var range: SourceRange
    /// `spring … reached { … }`: run at local tick `reachTick` of the first pass, when the
    /// spring first comes within 0.001 of its target (or passes it).
    public var reached: [IRStmt] = []
    public var reachTick: Int? = nil
    /// Motion along a path (`along`): the targets are layer positions, moved along the path
    /// by this animation's timing instead of between values.
    public var motion: MotionIR? = nil
    /// A path morph (`animate L.path to M`): the geometry of path layer L, interpolated
    /// point by point; `targets` is empty.
    public var morph: MorphIR? = nil
    /// Timing positions written as expressions that are not constant (`over random(1s, 2s)`,
    /// `delay index * 0.1s`): evaluated when the animation starts, replacing the fields above.
    public var dynamicTiming = DynamicTiming()
    /// In a `parallel` group: starts in the same slot as the animation before it (one
    /// statement's targets spread by its own `stagger`), so the group's stagger is not added.
    public var joinsPrevious = false
}

/// Timing positions evaluated when their statement runs: durations and delays in seconds,
/// repeat counts as plain numbers. nil: the constant field is used.
public struct DynamicTiming: Equatable, Sendable {
    public var duration: IRExpr?
    public var delay: IRExpr?
    public var repeatCount: IRExpr?
    public init(duration: IRExpr? = nil, delay: IRExpr? = nil, repeatCount: IRExpr? = nil) {
        self.duration = duration; self.delay = delay; self.repeatCount = repeatCount
    }
    public var isEmpty: Bool { duration == nil && delay == nil && repeatCount == nil }
}

/// `animate L.path from A to B` / `values [A, B, C]` / `spring L.path to B`: the path
/// layers (declared or templates) whose geometry the morph runs between. A missing end is
/// L's geometry when the morph starts.
public struct MorphIR: Equatable, Sendable {
    public var layer: LayerRef
    public var from: Int?
    public var to: Int?
    public var keyframes: [Int]
    public init(layer: LayerRef, from: Int?, to: Int?, keyframes: [Int]) {
        self.layer = layer; self.from = from; self.to = to; self.keyframes = keyframes
    }
}

/// `animate L.position along PATH [rotate auto|auto-reverse] [mode paced] [times […]]`:
/// Core Animation's CAKeyframeAnimation with a `path`.
public struct MotionIR: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// The outline of a declared layer, as drawn (its transform applied), fixed when the
        /// animation starts.
        case layer(Int)
        /// A path written inline as SVG path data, compiled to path commands.
        case inline([PathCommandIR])
    }
    public var source: Source
    public var rotation: MotionRotation
    /// Constant speed by arc length (`mode paced`); otherwise each segment of the path takes
    /// an equal share of the pass, or the share `keyTimes` gives it.
    public var paced: Bool
    /// Empty, or one rising time per segment boundary (segments + 1, from 0 to 1).
    public var keyTimes: [Double]
    public init(source: Source, rotation: MotionRotation, paced: Bool, keyTimes: [Double]) {
        self.source = source; self.rotation = rotation; self.paced = paced; self.keyTimes = keyTimes
    }
}

public struct TimerIR: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Fires at its install tick and every `period` ticks after.
        case every(period: Int)
        /// Fires once, at an absolute tick.
        case at(tick: Int)
        /// Fires once, `delay` ticks after it is installed.
        case after(delay: Int)
    }
    public var kind: Kind
    public var body: [IRStmt]
    public var range: SourceRange
    /// The period, time or delay written as an expression that is not constant (seconds,
    /// or ticks for `every N ticks`): evaluated when the timer is installed.
    public var dynamicTime: IRExpr? = nil
    public var dynamicCountsTicks = false
}

public enum PlacementIR: Equatable, Sendable {
    case top
    case below(LayerRef)
    case above(LayerRef)
}

public indirect enum IRStmt: Equatable, Sendable {
    case assign(Target, BinaryOp?, IRExpr, SourceRange)
    case ifElse(IRExpr, [IRStmt], [IRStmt])
    case stop(SourceRange)
    case animate(AnimationIR)
    case animationGroup(parallel: Bool, staggerTicks: Int, delayTicks: Int, [AnimationIR])
    case installTimer(TimerIR)
    case spawn(template: Int, PlacementIR, [IRStmt], SourceRange)
    case remove(LayerRef, SourceRange)
    case effect(EffectIR)
    /// A bare expression (REPL): evaluated and printed.
    case evaluate(IRExpr, ValueType, SourceRange)
    /// Runs the statements once for every live copy of a repeated layer, in index order,
    /// with that copy as the current layer (`animate bar.opacity …` on `layer bar[12]`).
    case eachCopy(Int, [IRStmt])
    /// `for i in a..<b { … }`: the body for each whole number from ⌈a⌉ below b, the number
    /// held in global `slot`; every pass is charged to the tick's work limit.
    case forRange(slot: Int, from: IRExpr, to: IRExpr, body: [IRStmt], SourceRange)
    /// One tick of a particle an `emit` spawned: `lowered`, run as native code.
    case particleTick(ParticleTickIR)
}

/// The per-tick handler of an emitted particle (`Compiler.compileEmit`). `lowered` says
/// what it does as ordinary statements (and is what `wave ir` prints); the runtime does
/// the same arithmetic in the same order without walking them, and counts the same steps
/// against the tick's work limit. With t = age / 60 and h = t²/2:
///   age ≥ life: the particle is removed;
///   else the globals `t` (and `half` = h when it accelerates) are set, then
///   position = (x0 + vx·t + h·ax, y0 + vy·t + h·ay), rotation = r0 + spin·t (if it
///   spins), scale = max(0, s0 + t·scaleSpeed) (if set), opacity = clamp(a0 + t·alphaSpeed,
///   0, 1) (if set), and age += 1,
/// where a term whose coefficient is 0 is left out, as in `lowered`.
public struct ParticleTickIR: Equatable, Sendable {
    /// Instance variable slots of the particle (its var holder's).
    public var age, life, x0, y0, vx, vy, spin, r0, s0, a0: Int
    /// The hidden globals holding t and t²/2.
    public var t: Int, half: Int
    public var xAcceleration: Double, yAcceleration: Double
    public var spins: Bool
    /// nil: the property is not written.
    public var scaleSpeed: Double?, alphaSpeed: Double?
    /// Interpreter steps `lowered` takes: to the removal, and for a living tick.
    public var endSteps: Int, liveSteps: Int
    public var lowered: [IRStmt]
    public var range: SourceRange

    public init(age: Int, life: Int, x0: Int, y0: Int, vx: Int, vy: Int, spin: Int, r0: Int, s0: Int, a0: Int,
                t: Int, half: Int, xAcceleration: Double, yAcceleration: Double, spins: Bool, scaleSpeed: Double?,
                alphaSpeed: Double?, endSteps: Int, liveSteps: Int, lowered: [IRStmt], range: SourceRange) {
        (self.age, self.life, self.x0, self.y0, self.vx, self.vy) = (age, life, x0, y0, vx, vy)
        (self.spin, self.r0, self.s0, self.a0, self.t, self.half) = (spin, r0, s0, a0, t, half)
        (self.xAcceleration, self.yAcceleration, self.spins) = (xAcceleration, yAcceleration, spins)
        (self.scaleSpeed, self.alphaSpeed, self.endSteps, self.liveSteps) = (scaleSpeed, alphaSpeed, endSteps, liveSteps)
        (self.lowered, self.range) = (lowered, range)
    }
}

public struct EffectIR: Equatable, Sendable {
    public var layer: LayerRef
    public var kind: EffectKind
    public var durationTicks: Int
    public var delayTicks: Int
    /// nil: drawn from the scene's random generator when the effect starts.
    public var seed: UInt64?
    public var range: SourceRange
    /// A delay computed when the statement runs (`delay index * 0.2s` over a repeated text
    /// layer's copies), replacing `delayTicks`; nil when it is constant.
    public var delay: IRExpr? = nil
}

public struct PathCommandIR: Equatable, Sendable {
    public typealias Verb = PathCommand
    public var verb: Verb
    /// Operands in order: points and numbers, see grammar.md for each verb.
    public var operands: [IRExpr]
    public var clockwise: Bool
    public var range: SourceRange
}

public struct LayerIR: Equatable, Sendable {
    public var name: String
    public var kind: LayerKind
    public var isTemplate: Bool
    public var parent: Int?
    public var children: [Int]
    /// Initial value of every property this layer sets; constant or a binding.
    public var properties: [Property: IRExpr]
    public var pathCommands: [PathCommandIR]
    public var mask: Int?
    public var maskInverted: Bool
    /// Layers used as a mask are not drawn by themselves.
    public var usedAsMask: Bool
    public var placement: PlacementIR
    public var range: SourceRange
    /// Where each property set in the declaration is written (runtime errors in a binding
    /// point here).
    public var propertyRanges: [Property: SourceRange] = [:]
    /// Number of copies of a repeated layer (`layer bar[12]: …`); nil for a single layer.
    public var count: Int? = nil
    /// A group's `replicate` clause: its children are repeated `count` times, copy k drawn
    /// through the instance transform applied k times (Core Animation's CAReplicatorLayer).
    public var replicator: ReplicatorIR? = nil
    /// A template's parameters: each spawned instance's own variables, in slot order.
    public var instanceVars: [InstanceVarIR] = []
    /// The `emit` blocks that spawn this template (for `wave ir`; their timers are among
    /// the program's statements).
    public var emitters: [EmitterIR] = []
}

/// An `emit` block's parameters, lowered (CAEmitterCell's and CAEmitterLayer's): lengths
/// px, angles radians, times seconds (begin and duration in ticks); speeds a second.
public struct EmitterIR: Equatable, Sendable {
    public enum Shape: String, Sendable { case point, line, rectangle, circle }
    /// Most particles a second one emitter may ask for.
    public static let maxBirthRate = 100_000
    public var template = 0
    public var birthRate = 0.0
    public var lifetime = 0.0, lifetimeRange = 0.0
    public var velocity = 0.0, velocityRange = 0.0
    public var longitude = 0.0, emissionRange = 0.0
    public var spin = 0.0, spinRange = 0.0
    public var xAcceleration = 0.0, yAcceleration = 0.0
    public var scale = 1.0, scaleRange = 0.0, scaleSpeed = 0.0
    public var alphaSpeed = 0.0, alphaRange = 0.0
    /// nil: the template's own fill.
    public var color: RGBA? = nil
    /// `color [a, b, c]`: each particle takes one of these, drawn uniformly at birth (the
    /// channel ranges then vary it); empty for a single `color`.
    public var palette: [RGBA] = []
    public var redRange = 0.0, greenRange = 0.0, blueRange = 0.0
    public var shape = Shape.point
    public var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    public var beginTicks = 0
    /// nil: for ever.
    public var durationTicks: Int? = nil
    public init() {}
}

/// A template parameter: an instance's own variable, starting at its constant default
/// (a spawn body sets it as it likes).
public struct InstanceVarIR: Equatable, Sendable {
    public var name: String
    public var type: ValueType
    public var initial: Value
    public init(name: String, type: ValueType, initial: Value) { self.name = name; self.type = type; self.initial = initial }
}

/// CAReplicatorLayer's parameters, lowered: lengths px, angles radians, the delay in ticks.
public struct ReplicatorIR: Equatable, Sendable {
    public var count: Int
    /// One step of the instance transform, about (aboutX, aboutY): scale, then rotate, then
    /// translate by (dx, dy).
    public var dx = 0.0, dy = 0.0, rotation = 0.0, scaleX = 1.0, scaleY = 1.0
    public var aboutX = 0.0, aboutY = 0.0
    /// instanceDelay: copy k's animations and timers start k·delayTicks later.
    public var delayTicks = 0
    /// Added k times to copy k's colour multiplier (which starts at 1), then clamped to 0–1.
    public var redOffset = 0.0, greenOffset = 0.0, blueOffset = 0.0, alphaOffset = 0.0
    public init(count: Int) { self.count = count }
}

public struct GlobalIR: Equatable, Sendable {
    public var name: String
    public var isMutable: Bool
    public var type: ValueType
    public var initial: IRExpr
    public var range: SourceRange
}

public struct SceneIR: Equatable, Sendable {
    public var width: Int = 320
    public var height: Int = 240
    public var background: RGBA = RGBA(1, 1, 1, 1)
    /// Scene length for renders and playback; nil when the script does not say.
    public var durationTicks: Int?
    public var seed: UInt64 = 1
    public init() {}
}

/// A compiled script (or a REPL increment): new globals and layers, then statements to run
/// at the tick it is applied (top-level animations start, timers install).
public struct Program: Equatable, Sendable {
    public var scene: SceneIR
    public var globals: [GlobalIR]
    public var layers: [LayerIR]
    public var statements: [IRStmt]
    /// Decoded images by `source` string, filled in after compiling by whoever can read files
    /// (`ScriptLoader`); an image layer whose source is missing here draws nothing.
    public var images: [String: ImagePixels] = [:]
    /// In an increment (REPL input compiled against what came before): earlier layers this
    /// input changed, by index (an `emit` adds its particles' variables to an earlier
    /// template; a new layer's `mask` marks an earlier layer as a mask).
    public var updatedLayers: [Int: LayerIR] = [:]
    public init(scene: SceneIR = SceneIR(), globals: [GlobalIR] = [], layers: [LayerIR] = [], statements: [IRStmt] = []) {
        self.scene = scene; self.globals = globals; self.layers = layers; self.statements = statements
    }

    /// "12 layers, 1 template": the layers made at the start, each copy of a repeated or
    /// replicated layer counted (nested ones multiply), and the templates spawning copies.
    public var layerSummary: String {
        var copies: [Int] = []
        var made = 0, templates = 0
        for (i, l) in layers.enumerated() {
            let n = (l.count ?? 1) * (l.parent.map { $0 < i ? copies[$0] : 1 } ?? 1)
            copies.append(n)
            if l.isTemplate { if l.parent == nil { templates += 1 } } else { made += n }
        }
        func plural(_ n: Int, _ w: String) -> String { "\(n) \(w)\(n == 1 ? "" : "s")" }
        return plural(made, "layer") + (templates > 0 ? ", " + plural(templates, "template") : "")
    }
}

extension Array where Element == LayerIR {
    /// The repeated declaration that layer `i` is or sits inside (nearest first), if any.
    public func repeatedAncestor(of i: Int) -> Int? {
        var cur: Int? = i
        while let c = cur {
            if self[c].count != nil { return c }
            cur = self[c].parent
        }
        return nil
    }
}

/// An image for image layers: straight-alpha RGBA8, row-major, `width · height · 4` bytes.
public struct ImagePixels: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
