import WaveSyntax

/// The names a script declares and every place it uses them, from its syntax tree: what
/// go-to-definition, find-references, hover and document symbols read.
///
/// Layers, templates and variables share one namespace (the compiler reports a second
/// declaration of a name as a duplicate), so a name maps to at most one definition; the
/// first declaration wins, as in the compiler.
public struct SymbolIndex: Sendable {
    public enum Kind: String, Sendable { case layer, template, variable, constant, function, parameter }

    public struct Definition: Sendable, Equatable {
        public var name: String
        public var kind: Kind
        /// The name where it is declared.
        public var nameRange: SourceRange
        /// The whole declaration.
        public var range: SourceRange
        /// The layer kind (`circle`) of a layer or template.
        public var layerKind: String?
        /// A parameter's template or function, by name.
        public var owner: String? = nil
        /// Where a local name (a parameter, a loop variable) is seen; nil for a script-wide one.
        public var scope: SourceRange? = nil
    }

    /// Script-wide names: layers, templates, variables, functions.
    public private(set) var definitions: [String: Definition] = [:]
    /// Local names: function and template parameters, loop variables, each seen only within
    /// its scope, where it hides a script-wide name of the same spelling.
    public private(set) var locals: [Definition] = []
    /// Every use of a declared or undeclared name, in source order (declarations excluded).
    public private(set) var uses: [(name: String, range: SourceRange)] = []

    public init(_ script: Script) {
        for s in script.statements { statement(s) }
    }

    /// What `name` written at byte `offset` refers to: the innermost local of that name
    /// whose scope holds the offset, else the script-wide one.
    public func definition(of name: String, at offset: Int) -> Definition? {
        let inScope = locals.filter { $0.name == name && $0.scope.map { $0.start <= offset && offset < $0.end } == true }
        return inScope.min { ($0.scope?.end ?? 0) - ($0.scope?.start ?? 0) < ($1.scope?.end ?? 0) - ($1.scope?.start ?? 0) }
            ?? definitions[name]
    }

    /// The definition of the name declared or used at a byte offset (the offset may sit
    /// just after the name).
    public func definition(at offset: Int) -> Definition? {
        func holds(_ r: SourceRange) -> Bool { r.start <= offset && offset <= r.end }
        if let d = locals.first(where: { holds($0.nameRange) }) ?? definitions.values.first(where: { holds($0.nameRange) }) { return d }
        guard let use = uses.first(where: { holds($0.range) }) else { return nil }
        return definition(of: use.name, at: use.range.start)
    }

    /// The declaration of `d` and the uses that refer to it, the declaration first.
    public func occurrences(of d: Definition) -> [SourceRange] {
        [d.nameRange] + uses.filter { $0.name == d.name && definition(of: $0.name, at: $0.range.start)?.nameRange == d.nameRange }.map(\.range)
    }

    private mutating func define(_ id: Identifier, _ kind: Kind, _ range: SourceRange, layerKind: String? = nil, owner: String? = nil) {
        guard definitions[id.name] == nil else { use(id); return }
        definitions[id.name] = Definition(name: id.name, kind: kind, nameRange: id.range, range: range, layerKind: layerKind, owner: owner)
    }

    /// A parameter or loop variable, seen within `scope`.
    private mutating func defineLocal(_ id: Identifier, _ kind: Kind, _ range: SourceRange, owner: String?, scope: SourceRange) {
        locals.append(Definition(name: id.name, kind: kind, nameRange: id.range, range: range, owner: owner, scope: scope))
    }

    private mutating func use(_ id: Identifier) { uses.append((id.name, id.range)) }

    private mutating func statement(_ s: Stmt) {
        switch s.kind {
        case .scene(let size, let clauses):
            size.map { expression($0) }
            clauses.forEach { clause($0) }
        case .variable(let isMutable, let name, let value):
            define(name, isMutable ? .variable : .constant, s.range)
            expression(value)
        case .layer(let decl):
            layer(decl)
        case .timer(let t):
            t.time.map { expression($0) }
            t.body.forEach { statement($0) }
        case .animate(let a):
            a.targets.forEach { expression($0) }
            for arg in a.args { arg.values.forEach { expression($0) } }
            a.reached?.forEach { statement($0) }
            a.then?.forEach { statement($0) }
        case .animationGroup(_, let args, let body):
            for arg in args { arg.values.forEach { expression($0) } }
            body.forEach { statement($0) }
        case .function(let name, let params, let body):
            define(name, .function, s.range)
            for p in params { defineLocal(p, .parameter, p.range, owner: name.name, scope: s.range) }
            expression(body)
        case .forLoop(let variable, let from, let to, let body):
            defineLocal(variable, .variable, variable.range, owner: nil, scope: s.range)
            expression(from)
            expression(to)
            body.forEach { statement($0) }
        case .effect(let layer, _, let args):
            expression(layer)
            for arg in args { arg.values.forEach { expression($0) } }
        case .assign(let target, let op, let value):
            // `spawn dot(speed = 3)`: the label names the template's parameter, not a use of
            // a script-wide name.
            if op != Parser.argumentAssignment { expression(target) }
            expression(value)
        case .ifElse(let condition, let then, let otherwise):
            expression(condition)
            then.forEach { statement($0) }
            otherwise?.forEach { statement($0) }
        case .spawn(let template, let placement, let body):
            use(template)
            placement.map { self.placement($0) }
            body.forEach { statement($0) }
        case .emit(let template, let placement, let clauses):
            use(template)
            placement.map { self.placement($0) }
            clauses.forEach { clause($0) }
        case .remove(let e):
            e.map { expression($0) }
        case .stop:
            break
        case .expression(let e):
            expression(e)
        }
    }

    private mutating func layer(_ decl: LayerDecl) {
        define(decl.name, decl.isTemplate ? .template : .layer, decl.range, layerKind: decl.kind.name)
        for p in decl.params {
            defineLocal(p.label, .parameter, p.label.range.to(p.value?.range ?? p.label.range), owner: decl.name.name, scope: decl.range)
            p.values.forEach { expression($0) }
        }
        decl.argument.map { expression($0) }
        decl.placement.map { placement($0) }
        decl.clauses.forEach { clause($0) }
        decl.children.forEach { layer($0) }
    }

    private mutating func placement(_ p: Placement) {
        switch p {
        case .below(let id), .above(let id): use(id)
        }
    }

    /// A clause's head is a property or command word, never a use of a name.
    private mutating func clause(_ c: Clause) {
        c.value.map { expression($0) }
        for arg in c.args { arg.values.forEach { expression($0) } }
    }

    private mutating func expression(_ e: Expr) {
        switch e.kind {
        case .number, .string, .color, .bool, .error: break
        case .name(let n): uses.append((n, e.range))
        case .member(let base, _): expression(base)
        case .call(let f, let args):
            use(f)   // a user function's use (built-ins have no definition to find)
            args.forEach { expression($0) }
        case .unary(_, let x): expression(x)
        case .binary(_, let a, let b): expression(a); expression(b)
        case .ternary(let a, let b, let c): expression(a); expression(b); expression(c)
        case .tuple(let xs), .list(let xs): xs.forEach { expression($0) }
        case .stop(let a, let b), .index(let a, let b): expression(a); expression(b)
        }
    }
}
