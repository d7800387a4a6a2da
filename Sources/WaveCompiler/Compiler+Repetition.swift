import WaveSyntax

/// Repeated layers (`layer bar[12]: rect { … }`) and timing positions given by expressions.
extension Compiler {
    /// Most copies one repeated declaration may ask for; the live-layer limit applies too.
    static let maxCopies = 1_000_000

    /// The repeated declaration that `layer` is or sits inside (nearest first), if any.
    func repeatedAncestor(of layer: Int) -> Int? { environment.layers.repeatedAncestor(of: layer) }

    /// Whether `index` means something here: inside the body of a repeated layer (or of a
    /// layer inside one), or in statements run for each copy.
    func indexAvailable(_ ctx: Context) -> Bool {
        ctx.copyOf != nil || ctx.currentLayer.flatMap { repeatedAncestor(of: $0) } != nil
    }

    /// The count of `layer NAME[COUNT]`: a constant whole number from 0 to `maxCopies`.
    mutating func copyCount(_ e: Expr) -> Int? {
        guard let n = constantNumber(e, what: "the number of copies") else { return nil }
        guard n >= 0, n == n.rounded(), n <= Double(Compiler.maxCopies) else {
            error(.outOfRange, "the number of copies must be a whole number from 0 to \(Compiler.maxCopies), found \(Value.format(n))", e.range)
            return nil
        }
        return Int(n)
    }

    /// `bar[3]`: a copy of a repeated layer, by a constant index.
    mutating func copyRef(_ base: Expr, _ indexExpr: Expr, _ ctx: Context) -> LayerRef? {
        guard case .name(let n) = base.kind, environment.lets[n] == nil, environment.globalIndex[n] == nil,
              let layer = environment.layerIndex[n] else {
            _ = expression(base, ctx)
            error(.typeMismatch, "only a repeated layer can be indexed: 'bar[3]' for 'layer bar[12]: …'", base.range)
            return nil
        }
        guard environment.layers[layer].count != nil, !environment.layers[layer].isTemplate else {
            error(.wrongLayerUse, "'\(n)' is a single layer, not a repeated one; write 'layer \(n)[N]: …' for copies", base.range)
            return nil
        }
        if let outer = environment.layers[layer].parent.flatMap({ repeatedAncestor(of: $0) }) {
            error(.wrongLayerUse, "'\(n)' sits inside repeated layer '\(environment.layers[outer].name)', so it has copies in every copy of it; name it from inside their bodies", base.range)
            return nil
        }
        let t = expression(indexExpr, ctx)
        if t.poisoned { return nil }
        guard case .constant(.number(let k)) = t.ir, k == k.rounded(), k >= 0, k < Double(Int32.max) else {
            error(.notConstant, "a copy index must be a constant whole number of 0 or more", indexExpr.range)
            return nil
        }
        if let count = environment.layers[layer].count, count > 0, Int(k) >= count {
            error(.outOfRange, "'\(n)' has \(count) copies, numbered 0 to \(count - 1); there is no \(n)[\(Value.format(k))]", indexExpr.range)
            return nil
        }
        return .copy(layer, Int(k))
    }

    /// Layer `index`, named where one layer is meant, has many copies: it is repeated
    /// (`r == index`; `nameOne` follows "name one" with how), or sits inside repeated `r`.
    mutating func reportCopies(of index: Int, inside r: Int, nameOne: String, _ range: SourceRange) {
        let n = environment.layers[index].name
        if r == index {
            error(.wrongLayerUse, "'\(n)' has \(environment.layers[index].count ?? 0) copies: name one\(nameOne)", range)
        } else {
            error(.wrongLayerUse, "'\(n)' sits inside repeated layer '\(environment.layers[r].name)', so it has a copy in each of its copies; it cannot be named here", range)
        }
    }

    /// The layer a measuring built-in names (`path-length(L)`, `text-width(L)`): a declared
    /// layer, one copy of a repeated one (`bar[2]`), or `self` inside a layer or spawn body;
    /// nil, reported, otherwise. `names` are offered for a misspelt name.
    mutating func measuredLayer(_ arg: Expr, for what: String, names: [String], _ ctx: Context) -> (ref: LayerRef, index: Int)? {
        switch arg.kind {
        case .name("self") where ctx.currentLayer != nil:
            return ctx.currentLayer.map { (.current, $0) }
        case .index(let base, let i):
            guard let ref = copyRef(base, i, ctx), case .copy(let layer, _) = ref else { return nil }
            return (ref, layer)
        case .name(let n) where environment.lets[n] == nil && environment.globalIndex[n] == nil:
            guard let index = environment.layerIndex[n] else {
                error(.unknownLayer, "unknown layer '\(n)'\(didYouMean(n, names))", arg.range, fix: fixIt(n, names, arg.range))
                return nil
            }
            if environment.layers[index].isTemplate {
                error(.wrongLayerUse, "'\(n)' is a template: its spawned copies have no name; write \(what)(self) inside 'spawn \(n) { … }'", arg.range)
                return nil
            }
            if ctx.copyOf == index { return (.current, index) }
            if let r = repeatedAncestor(of: index) {
                reportCopies(of: index, inside: r, nameOne: ", '\(what)(\(n)[0])'", arg.range)
                return nil
            }
            return (.declared(index), index)
        default:
            _ = expression(arg, ctx)
            error(.wrongLayerUse, "'\(what)' takes a layer name", arg.range)
            return nil
        }
    }

    /// The repeated layer whose copies a statement's targets name bare (`bar.opacity` for
    /// `layer bar[12]`, or for a plain `bar` inside `layer col[3]: group`, which has a copy in
    /// each of col's), so the statement runs once per copy; nil if none does.
    func repeatedTarget(_ targets: [Expr], _ ctx: Context) -> (layer: Int, range: SourceRange)? {
        for t in targets {
            var e = t
            while case .member(let base, _) = e.kind { e = base }
            if case .name(let n) = e.kind, environment.lets[n] == nil, environment.globalIndex[n] == nil,
               let l = environment.layerIndex[n], environment.layers[l].count != nil || repeatedAncestor(of: l) != nil,
               !environment.layers[l].isTemplate, l != ctx.copyOf {
                return (l, e.range)
            }
        }
        return nil
    }

    /// Compiles statements once per copy of `layer`: `[.eachCopy(layer, …)]`.
    mutating func forEachCopy(_ layer: Int, at range: SourceRange, _ ctx: Context, _ body: (inout Compiler, Context) -> [IRStmt]?) -> [IRStmt]? {
        if ctx.copyOf != nil || ctx.currentLayer != nil {
            let name = environment.layers[layer].name
            if environment.layers[layer].count == nil, let r = repeatedAncestor(of: layer) {
                // A plain layer inside a repeated group has no copy number of its own to name.
                error(.wrongLayerUse, "'\(name)' sits inside repeated layer '\(environment.layers[r].name)', so it has a copy in each of its copies; "
                      + "statements over all of them stand at the top level or in a timer", range)
            } else {
                error(.wrongLayerUse, "statements over every copy of '\(name)' stand at the top level or in a timer; inside this block, name one copy ('\(name)[0]')", range)
            }
            return nil
        }
        // A layer inside a repeated group runs it for every copy in every copy of the group.
        var inner = ctx
        inner.copyOf = layer
        guard let stmts = body(&self, inner) else { return nil }
        return [.eachCopy(layer, stmts)]
    }

    /// A timing position: constant ticks, or an expression evaluated when its statement runs.
    enum TimeSlot { case ticks(Int), dynamic(IRExpr) }

    /// Reports a value that is not a duration where one goes. A plain number literal gets
    /// the unit it most likely lacks as a fix: milliseconds from 50 on (`over 500`, as CSS
    /// and JavaScript count), seconds below (`over 0.5`, `duration 5`), and always seconds
    /// where the duration is a whole scene's (`inSeconds`).
    mutating func badDuration(_ e: Expr, _ t: Typed, what: String, inSeconds: Bool = false) {
        var fix: Diagnostic.FixIt? = nil
        if case .number(let n, nil) = e.kind, n > 0 {
            let unit = n >= 50 && !inSeconds ? "ms" : "s"
            fix = .init(e.range, file.text(of: e.range) + unit)
        }
        error(.badDuration, "\(what) must be a duration such as 2s, 500ms or 90t, found \(t.type)", e.range, fix: fix)
    }

    /// A duration (`2s`, `random(1s, 2s)`, `index * 100ms`). A constant is rounded to ticks
    /// now and checked; `allowNegative` admits negative constants (a delay that starts an
    /// animation part-way through).
    mutating func timeSlot(_ e: Expr, what: String, _ ctx: Context, allowNegative: Bool = false) -> TimeSlot? {
        let t = expression(e, ctx)
        if t.poisoned { return nil }
        guard case .number(let dim) = t.type, dim == .time else {
            badDuration(e, t, what: what)
            return nil
        }
        guard case .constant(.number(let seconds)) = t.ir else { return .dynamic(t.ir) }
        if allowNegative && seconds < 0 {
            return Compiler.ticks(-seconds, range: e.range, what: what, diagnostics: &diagnostics).map { .ticks(-$0) }
        }
        return Compiler.ticks(seconds, range: e.range, what: what, diagnostics: &diagnostics).map { .ticks($0) }
    }

    /// A plain number that may be computed when its statement runs (a repeat count).
    mutating func numberSlot(_ e: Expr, what: String, _ ctx: Context) -> (Double?, IRExpr?)? {
        let t = expression(e, ctx)
        if t.poisoned { return nil }
        guard case .number(let dim) = t.type, dim == .none else {
            error(.typeMismatch, "\(what) must be a plain number, found \(t.type)", e.range)
            return nil
        }
        guard case .constant(.number(let n)) = t.ir else { return (nil, t.ir) }
        guard n.isFinite else { error(.outOfRange, "\(what) must be a finite number", e.range); return nil }
        return (n, nil)
    }

    /// replicate -> 'replicate' COUNT ( 'translate' point | 'rotate' angle | 'scale' number|point
    ///   | 'about' point | 'delay' time | ('red-offset' | 'green-offset' | 'blue-offset'
    ///   | 'alpha-offset') number )*   — every value constant; only on a group.
    mutating func compileReplicate(_ clause: Clause, into layer: inout LayerIR, decl: LayerDecl) {
        guard layer.kind == .group else {
            error(.propertyNotOnKind, "only a group replicates its children; put the \(layer.kind.rawValue) inside 'layer NAME: group { replicate N … }'", clause.head.range)
            return
        }
        guard let value = clause.value, let n = copyCount(value) else { return }
        var r = ReplicatorIR(count: n)
        r.aboutX = Double(environment.scene.width) / 2
        r.aboutY = Double(environment.scene.height) / 2
        func constant(_ label: ClauseLabel, _ type: ValueType) -> Value? {
            guard let e = clause.arg(label)?.value else { return nil }
            let t = coerce(expression(e, Context()), to: type, words: [], range: e.range, what: "'\(label.rawValue)' of 'replicate'")
            if t.poisoned { return nil }
            guard case .constant(let v) = t.ir else {
                error(.notConstant, "'\(label.rawValue)' of 'replicate' must be constant", e.range)
                return nil
            }
            return v
        }
        if let v = constant(.translate, .point) { (r.dx, r.dy) = v.point }
        if let v = constant(.rotate, .number(.angle)) { r.rotation = v.number }
        if let v = constant(.scale, .point) { (r.scaleX, r.scaleY) = v.point }
        if let v = constant(.about, .point) { (r.aboutX, r.aboutY) = v.point }
        if let e = clause.arg(.delay)?.value {
            switch timeSlot(e, what: "the delay of 'replicate'", Context(), allowNegative: true) {
            case .ticks(let t): r.delayTicks = t
            case .dynamic: error(.notConstant, "the delay of 'replicate' must be constant", e.range)
            case nil: break
            }
        }
        if let v = constant(.redOffset, .number(.none)) { r.redOffset = v.number }
        if let v = constant(.greenOffset, .number(.none)) { r.greenOffset = v.number }
        if let v = constant(.blueOffset, .number(.none)) { r.blueOffset = v.number }
        if let v = constant(.alphaOffset, .number(.none)) { r.alphaOffset = v.number }
        for childDecl in decl.children {
            guard let child = environment.layerIndex[childDecl.name.name], environment.layers[child].range == childDecl.range else { continue }
            if let c = childDecl.count {
                error(.wrongLayerUse, "a replicator's child is already repeated by 'replicate'; drop '[\(file.text(of: c.range))]', or nest a replicator group", c.range)
            }
            environment.layers[child].count = n
        }
        layer.replicator = r
    }

    /// for -> 'for' IDENT 'in' expr '..<' expr block. The loop variable is a hidden global
    /// slot, visible (and read-only) in the body only.
    mutating func compileFor(_ variable: Identifier, _ from: Expr, _ to: Expr, _ body: [Stmt], _ range: SourceRange, _ ctx: Context) -> [IRStmt]? {
        if let problem = nameProblem(variable.name) {
            error(.duplicateName, problem, variable.range)
            return nil
        }
        if ctx.locals[variable.name] != nil {
            error(.duplicateName, "'\(variable.name)' is already the variable of an enclosing 'for'", variable.range)
            return nil
        }
        var bounds: [IRExpr] = []
        for e in [from, to] {
            let t = expression(e, ctx)
            if t.poisoned { return nil }
            guard case .number(let d) = t.type, d == .none else {
                error(.typeMismatch, "the bounds of 'for' are plain numbers, found \(t.type)", e.range)
                return nil
            }
            bounds.append(t.ir)
        }
        let slot = environment.globals.count
        let g = GlobalIR(name: "\(variable.name)@for", isMutable: true, type: .number(.none), initial: .constant(.number(0)), range: variable.range)
        environment.globals.append(g)
        newGlobals.append(g)
        var inner = ctx
        inner.locals[variable.name] = slot
        return [.forRange(slot: slot, from: bounds[0], to: bounds[1], body: compileBody(body, inner), range)]
    }

    /// `list[i]` when the base is a list: its element (a plain number, or a point when the
    /// list is a constant list of points). nil when the base is no list (a layer's copy).
    mutating func listElement(_ base: Expr, _ i: Expr, _ range: SourceRange, _ ctx: Context) -> Typed? {
        if case .name(let n) = base.kind, ctx.locals[n] == nil, environment.lets[n] == nil, environment.globalIndex[n] == nil,
           environment.layerIndex[n] != nil { return nil }
        let b = expression(base, ctx)
        if b.poisoned { return .bad() }
        guard b.type == .list else {
            error(.typeMismatch, "only a list or a repeated layer can be indexed, found \(b.type)", base.range)
            return .bad()
        }
        let k = expression(i, ctx)
        if k.poisoned { return .bad() }
        guard case .number(let d) = k.type, d == .none else {
            error(.typeMismatch, "a list index is a plain number, found \(k.type)", i.range)
            return .bad()
        }
        var type: ValueType = .number(.none)
        if case .constant(.list(let vs)) = b.ir {
            switch vs.first {
            case .point?: type = .point
            case .color?: type = .color
            case .string?: type = .string
            default: break
            }
        }
        if case .constant(.list(let vs)) = b.ir, case .constant(.number(let n)) = k.ir, !(n >= 0 && n < Double(vs.count)) {
            error(.outOfRange, "index \(Value.format(n)) is outside this list of \(vs.count) (0 to \(vs.count - 1))", i.range)
            return .bad()
        }
        return fold(Typed(ir: .element(b.ir, k.ir), type: type))
    }

    /// First pass over `func` declarations, so a function may call one declared below it.
    mutating func declareFunctions(_ statements: [Stmt]) {
        for stmt in statements {
            guard case .function(let name, let params, let body) = stmt.kind else { continue }
            if let problem = nameProblem(name.name) ?? (Builtin(rawValue: name.name) != nil || TextMeasure(rawValue: name.name) != nil ? "'\(name.name)' is a built-in function" : nil) {
                error(.duplicateName, problem, name.range)
                continue
            }
            var seen: Set<String> = []
            for p in params where !seen.insert(p.name).inserted {
                error(.duplicateName, "parameter '\(p.name)' is named twice", p.range)
            }
            environment.functions[name.name] = FunctionDef(params: params, body: body, range: stmt.range)
        }
    }

    /// A call of a user function: its body compiled with the parameters bound to the
    /// compiled arguments (so it is typed by each use), reading no caller's locals.
    mutating func callFunction(_ f: Identifier, _ fn: FunctionDef, _ args: [Expr], _ range: SourceRange, _ ctx: Context) -> Typed {
        environment.usedNames[f.name] = true
        // A runaway is reported at the outermost call, arguments included (`g(g(g(t)))`).
        let outermost = work.outerCall == nil
        if outermost { work.outerCall = range }
        defer { if outermost { work.outerCall = nil } }
        guard args.count == fn.params.count else {
            error(.argumentCount, "'\(f.name)' takes \(fn.params.count) argument\(fn.params.count == 1 ? "" : "s"), found \(args.count)", range)
            return .bad()
        }
        let typed = args.map { expression($0, ctx) }
        if typed.contains(where: \.poisoned) { return .bad() }
        guard inlineHeight + fn.body.height <= Parser.maxDepth else {
            // Once per outermost call: the other calls at that depth (`wid` beside a recursive
            // `xpos`) are not to blame.
            if !inlineOverflowReported {
                error(.nestedTooDeeply, "'\(f.name)' nests calls too deeply: each call writes out its body (\(fn.body.height) levels of "
                      + "expression) inside the caller's, and the whole may be at most \(Parser.maxDepth) levels; recursion ends only where its condition is constant", range)
                inlineOverflowReported = true
            }
            return .bad()
        }
        inlineHeight += fn.body.height
        defer {
            inlineHeight -= fn.body.height
            if inlineHeight == 0 { inlineOverflowReported = false }
        }
        var inner = Context()
        inner.params = Dictionary(zip(fn.params.map(\.name), typed), uniquingKeysWith: { first, _ in first })
        for (p, t) in zip(fn.params, typed) where inner.paramSteps[p.name] == nil {
            inner.paramSteps[p.name] = t.ir.stepCount(limit: work.limit)
        }
        let result = expression(fn.body, inner)
        return result.poisoned ? .bad(result.type) : result
    }

    /// `template piece(vx = 0, vy = (0, 0)): …`: each parameter an instance variable with a
    /// constant default, read and written by name in the template's body and spawn blocks.
    mutating func declareInstanceVars(_ decl: LayerDecl, _ index: Int) {
        guard !decl.params.isEmpty, decl.isTemplate else { return }
        var seen: Set<String> = []
        for p in decl.params {
            let n = p.label.name
            if let problem = nameProblem(n) ?? (Property.named(n) != nil ? "'\(n)' is a property name; name the parameter otherwise" : nil) {
                error(.duplicateName, problem, p.label.range)
                continue
            }
            guard seen.insert(n).inserted else { error(.duplicateName, "parameter '\(n)' is named twice", p.label.range); continue }
            guard let e = p.value else { continue }
            let said = diagnostics.count
            let t = expression(e, Context())
            let spawn = "'spawn \(decl.name.name)(\(n) = …)' can set it from any expression"
            if t.poisoned {
                // Defaults are made before the script's variables: `template e(k = q)` with
                // `let q` above is one error saying so, not "q is declared after this use".
                if let i = diagnostics[said...].firstIndex(where: { $0.code == .usedBeforeDeclaration }) {
                    let at = diagnostics[i].range
                    diagnostics.removeSubrange(said...)
                    error(.notConstant, "the default of parameter '\(n)' is made before the script's variables, so it cannot read "
                          + "'\(file.text(of: at))': write the value itself, or \(spawn)", at)
                }
                reportedNames.insert(n)   // its uses are not unknown names besides
                continue
            }
            guard case .constant(let v) = t.ir else {
                error(.notConstant, "the default of parameter '\(n)' must be constant; \(spawn)", e.range)
                reportedNames.insert(n)
                continue
            }
            environment.layers[index].instanceVars.append(InstanceVarIR(name: n, type: t.type, initial: v))
        }
    }

    /// A parameter of the template whose body or spawn block `ctx` is in.
    func instanceVar(_ n: String, _ ctx: Context) -> (Int, InstanceVarIR)? {
        guard var l = ctx.currentLayer else { return nil }
        while let p = environment.layers[l].parent { l = p }
        guard let slot = environment.layers[l].instanceVars.firstIndex(where: { $0.name == n }) else { return nil }
        return (slot, environment.layers[l].instanceVars[slot])
    }
}
