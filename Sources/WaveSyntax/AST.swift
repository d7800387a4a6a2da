/// The syntax tree. Every node keeps its source range so that later stages, even the
/// runtime, can point at the script.

public struct Identifier: Equatable, Sendable {
    public var name: String
    public var range: SourceRange
    public init(_ name: String, _ range: SourceRange) { self.name = name; self.range = range }
}

public struct Expr: Equatable, Sendable {
    public indirect enum Kind: Equatable, Sendable {
        case number(Double, NumberUnit?)
        case string(String)
        case color(r: Double, g: Double, b: Double, a: Double)
        case bool(Bool)
        case name(String)
        /// `ball.position.y`
        case member(Expr, Identifier)
        /// `sin(x)`: a call is a name written directly before `(`.
        case call(Identifier, [Expr])
        case unary(String, Expr)
        case binary(String, Expr, Expr)
        case ternary(Expr, Expr, Expr)
        /// `(x, y)` and `(x, y, w, h)`; a one-element tuple is just parentheses.
        case tuple([Expr])
        /// `[10, 5]`
        case list([Expr])
        /// `bar[3]`: a copy of a repeated layer (the `[` directly after the name).
        case index(Expr, Expr)
        /// A gradient stop with a location: `#fff 30%` inside a gradient call.
        case stop(Expr, Expr)
        /// Stands in for an expression that failed to parse (already reported).
        case error
    }
    public var kind: Kind { didSet { height = Expr.height(of: kind) } }
    public var range: SourceRange
    /// Levels of this tree: 1 for a leaf, one more than the tallest child otherwise. Every
    /// walk over an expression recurses this deep, so the parser bounds it (flat chains such
    /// as `1 + 1 + …` included) by `Parser.maxDepth`.
    public private(set) var height: Int
    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind; self.range = range; self.height = Expr.height(of: kind)
    }

    static func height(of kind: Kind) -> Int {
        switch kind {
        case .number, .string, .color, .bool, .name, .error: return 1
        case .member(let e, _), .unary(_, let e): return e.height + 1
        case .binary(_, let a, let b), .stop(let a, let b), .index(let a, let b): return max(a.height, b.height) + 1
        case .ternary(let a, let b, let c): return max(a.height, b.height, c.height) + 1
        case .call(_, let items), .tuple(let items), .list(let items):
            return (items.lazy.map(\.height).max() ?? 0) + 1
        }
    }
}

/// A labelled argument after a clause head: `control (1, 2)`, `inverted`, `radius 25`.
public struct Arg: Equatable, Sendable {
    public var label: Identifier
    public var values: [Expr]
    public init(label: Identifier, values: [Expr]) { self.label = label; self.values = values }
    public var value: Expr? { values.first }
    /// The label as the table's case; nil for a word that is no label.
    public var clauseLabel: ClauseLabel? { ClauseLabel(rawValue: label.name) }
    public func isLabel(_ l: ClauseLabel) -> Bool { label.name == l.rawValue }
}

extension Array where Element == Arg {
    /// The first argument with `label`.
    public func first(_ label: ClauseLabel) -> Arg? { first { $0.isLabel(label) } }
    public func contains(_ label: ClauseLabel) -> Bool { contains { $0.isLabel(label) } }
}

/// A head word with an optional value and labelled arguments. Layer properties
/// (`radius 25`, `mask contour inverted`) and path commands (`quad (0, 9) control (5, 1)`)
/// are clauses; which labels may follow which head is table-driven in the parser.
public struct Clause: Equatable, Sendable {
    public var head: Identifier
    public var value: Expr?
    public var args: [Arg]
    public var range: SourceRange
    public init(head: Identifier, value: Expr?, args: [Arg], range: SourceRange) {
        self.head = head; self.value = value; self.args = args; self.range = range
    }
    public func arg(_ label: ClauseLabel) -> Arg? { args.first(label) }
}

public enum Placement: Equatable, Sendable {
    case below(Identifier)
    case above(Identifier)
}

public struct LayerDecl: Equatable, Sendable {
    public var isTemplate: Bool
    public var name: Identifier
    public var kind: Identifier
    /// The text of a `text` layer: `layer t: text "du" { … }`.
    public var argument: Expr?
    public var placement: Placement?
    public var clauses: [Clause]
    public var children: [LayerDecl]
    public var range: SourceRange
    /// `layer bar[12]: …`: the number of copies, written in brackets after the name.
    public var count: Expr?
    /// `template piece(vx = 0, vy = 0): …`: the template's parameters, each instance's own
    /// variables, with their defaults (label: the name; values: the default).
    public var params: [Arg] = []
    public init(isTemplate: Bool, name: Identifier, kind: Identifier, argument: Expr?, placement: Placement?,
                clauses: [Clause], children: [LayerDecl], range: SourceRange, count: Expr? = nil) {
        self.isTemplate = isTemplate; self.name = name; self.kind = kind; self.argument = argument
        self.placement = placement; self.clauses = clauses; self.children = children; self.range = range
        self.count = count
    }
}

public enum TimerKind: String, Equatable, Sendable { case every, at, after }

public struct Timer: Equatable, Sendable {
    public var kind: TimerKind
    /// nil for `every tick`.
    public var time: Expr?
    /// `every 3 ticks`: the count is in ticks, not a duration.
    public var countsTicks: Bool
    public var body: [Stmt]
    public var range: SourceRange
}

/// `animate targets from … to … over …` and `spring targets to … { … }`.
public struct Animate: Equatable, Sendable {
    public var isSpring: Bool
    public var targets: [Expr]
    public var args: [Arg]
    /// `then remove`, `then { … }`, `then animate …`.
    public var then: [Stmt]?
    public var range: SourceRange
    /// `spring … reached { … }`: run when the spring first reaches its target.
    public var reached: [Stmt]? = nil
    public func arg(_ label: ClauseLabel) -> Arg? { args.first(label) }
}

public struct Stmt: Equatable, Sendable {
    public indirect enum Kind: Equatable, Sendable {
        case scene(size: Expr?, clauses: [Clause])
        case variable(isMutable: Bool, name: Identifier, value: Expr)
        case layer(LayerDecl)
        case timer(Timer)
        case animate(Animate)
        /// `sequence { … }` or `parallel { … }` of animations; `stagger` is an arg.
        case animationGroup(kind: Identifier, args: [Arg], body: [Stmt])
        case effect(layer: Expr, name: Identifier, args: [Arg])
        case assign(target: Expr, op: String, value: Expr)
        case ifElse(condition: Expr, then: [Stmt], else: [Stmt]?)
        case spawn(template: Identifier, placement: Placement?, body: [Stmt])
        /// `emit spark { birth-rate 40 lifetime 1s … }`: a particle emitter (CAEmitterCell's
        /// parameters as clauses) spawning copies of a template; lowered to spawn and
        /// per-instance state.
        case emit(template: Identifier, placement: Placement?, clauses: [Clause])
        /// `for i in 0..<n { … }`: the body once for each whole number from `from` up to,
        /// not including, `to`.
        case forLoop(variable: Identifier, from: Expr, to: Expr, body: [Stmt])
        /// `func NAME(a, b) = expr`: a pure user function, inlined where it is called.
        case function(name: Identifier, params: [Identifier], body: Expr)
        case remove(Expr?)
        case stop
        case expression(Expr)
    }
    public var kind: Kind
    public var range: SourceRange
    public init(_ kind: Kind, _ range: SourceRange) { self.kind = kind; self.range = range }
}

/// A parsed script: its statements and the diagnostics found while parsing.
public struct Script: Sendable {
    public var file: SourceFile
    public var statements: [Stmt]
    public var diagnostics: [Diagnostic]
}
