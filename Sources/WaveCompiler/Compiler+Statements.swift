import WaveSyntax

extension Compiler {
    /// statement -> IR; nil when the statement was rejected (already reported).
    mutating func compileStatement(_ stmt: Stmt, _ ctx: Context) -> [IRStmt]? {
        switch stmt.kind {
        case .animate, .effect, .assign, .expression, .remove:
            // Already reported by the parser: checking the rest would only cascade.
            if holdsParseError(stmt.range) { return nil }
        default: break
        }
        switch stmt.kind {
        case .scene, .variable, .layer, .function:
            // Uses of a misplaced variable are not reported again as unknown names.
            if case .variable(_, let name, _) = stmt.kind { reportedNames.insert(name.name) }
            error(.misplacedStatement, "declarations (scene, layer, template, let, var) belong at the top level of a script", stmt.range,
                  help: "move it above the block, to the top level")
            return nil
        case .timer(let timer): return compileTimer(timer, ctx).map { [.installTimer($0)] }
        case .animate(var a):
            if let s = a.arg(.stagger), !a.isSpring, !isChildrenTarget(a) {
                guard let staggered = staggerAnimation(&a, s, ctx) else { return nil }
                if !staggered.isEmpty { return staggered }
            }
            if let expanded = expandChildren(a, ctx) { return expanded }
            if let (layer, range) = repeatedTarget(a.targets, ctx) {
                return forEachCopy(layer, at: range, ctx) { c, inner in c.compileAnimation(a, inner).map { [.animate($0)] } }
            }
            let compiled = compileAnimation(a, ctx)
            for t in compiled?.targets ?? [] {
                if case .global(let slot) = t { changingGlobals.insert(slot) }
                if case .globalComponent(let slot, _) = t { changingGlobals.insert(slot) }
            }
            return compiled.map { [.animate($0)] }
        case .animationGroup(let kind, let args, let body):
            return compileAnimationGroup(kind: kind, args: args, body: body, ctx)
        case .effect(let layer, let name, let args):
            return compileEffectStatement(layer, name, args, stmt.range, ctx)
        case .assign(let target, let op, let value):
            if op == Parser.argumentAssignment, case .name(let n) = target.kind, let l = ctx.currentLayer,
               instanceVar(n, ctx) == nil, !(Property.named(n).map { $0.applies(to: environment.layers[l].kind) } ?? false) {
                // `spawn dot(speed = 40)`: an argument names a parameter (or a property of the copy).
                let params = environment.layers[l].instanceVars.map(\.name)
                error(.unknownName, "template '\(environment.layers[l].name)' has no parameter '\(n)'"
                      + (params.isEmpty ? "; it takes none" : didYouMean(n, params)), target.range, fix: fixIt(n, params, target.range))
                _ = expression(value, ctx)
                return nil
            }
            if let (layer, range) = repeatedTarget([target], ctx) {
                return forEachCopy(layer, at: range, ctx) { c, inner in c.compileAssignment(target, op, value, stmt.range, inner).map { [$0] } }
            }
            let compiled = compileAssignment(target, op, value, stmt.range, ctx)
            if case .assign(let t, nil, let v, _)? = compiled, !ctx.inHandler {
                switch t {
                case .layer, .layerComponent: onceAssignments.append((target, v, stmt.range))
                default: break
                }
            }
            return compiled.map { [$0] }
        case .ifElse(let condition, let thenBody, let elseBody):
            let c = expression(condition, ctx)
            if !c.poisoned, c.type != .bool, !isNumber(c.type) { error(.typeMismatch, "an 'if' condition must be a bool, found \(c.type)", condition.range) }
            let a = compileBody(thenBody, ctx)
            let b = elseBody.map { compileBody($0, ctx) } ?? []
            return [.ifElse(c.ir, a, b)]
        case .spawn(let template, let placement, let body):
            guard let index = environment.layerIndex[template.name] else {
                unknownTemplate(template)
                return nil
            }
            guard environment.layers[index].isTemplate, environment.layers[index].parent == nil else {
                error(.wrongLayerUse, "'\(template.name)' is a layer, not a template; declare it with 'template \(template.name): …' to spawn copies", template.range)
                return nil
            }
            spawnedTemplates.insert(index)
            var place = PlacementIR.top
            if let placement { guard let p = resolvePlacement(placement) else { return nil }; place = p }
            var inner = ctx
            inner.currentLayer = index
            inner.inHandler = true
            inner.copyOf = nil
            inner.later = true
            return [.spawn(template: index, place, compileBody(body, inner), stmt.range)]
        case .emit(let template, let placement, let clauses):
            return compileEmit(template: template, placement: placement, clauses: clauses, range: stmt.range, ctx)
        case .remove(let target):
            return compileRemove(target, stmt.range, ctx)
        case .stop: return [.stop(stmt.range)]
        case .forLoop(let variable, let from, let to, let body):
            return compileFor(variable, from, to, body, stmt.range, ctx)
        case .expression(let e):
            let t = expression(e, ctx)
            if t.poisoned { return nil }
            if !printsValues, !holdsParseError(stmt.range) {
                if case .color = e.kind {
                    // `#fade` alone on a line: a comment missing its space after '#'.
                    warning(.valueAlone, "a colour on its own does nothing in a script; a comment needs a space after '#'", stmt.range,
                            help: "write '# \(file.text(of: e.range).dropFirst())'",
                            fix: .init(SourceRange(e.range.start + 1, e.range.start + 1), " "))
                } else {
                    warning(.valueAlone, "a value on its own does nothing in a script; did you mean an assignment such as 'x = …', or a property inside a layer's braces?", stmt.range)
                }
            }
            return [.evaluate(t.ir, t.type, stmt.range)]
        }
    }

    /// `effect LAYER NAME …` (its own function, as `compileRemove`): over a repeated text
    /// layer it runs for each copy, and `stagger D` adds `index * D` to its delay.
    @inline(never)
    mutating func compileEffectStatement(_ layer: Expr, _ name: Identifier, _ given: [Arg], _ range: SourceRange,
                                         _ ctx: Context) -> [IRStmt]? {
        var args = given
        let copies = repeatedTarget([layer], ctx)
        if let s = args.first(.stagger) {
            args.removeAll { $0.isLabel(.stagger) }
            guard let d = s.value else { return nil }
            guard copies != nil else {
                error(.unknownOption, "'stagger' spreads an effect over a repeated text layer's copies; one layer has nothing to spread "
                      + "(each letter already starts in its turn)", s.label.range)
                return nil
            }
            Compiler.addIndexDelay(d, at: s.label.range, to: &args)
        }
        if let (repeated, at) = copies {
            return forEachCopy(repeated, at: at, ctx) { c, inner in
                c.compileEffect(layer: layer, name: name, args: args, range, inner).map { [.effect($0)] }
            }
        }
        return compileEffect(layer: layer, name: name, args: args, range, ctx).map { [.effect($0)] }
    }

    /// `remove NAME`, `remove NAME[k]`, or a bare `remove` in a spawn block (its own
    /// function: kept out of `compileStatement`, whose frame every nested block repeats).
    mutating func compileRemove(_ target: Expr?, _ range: SourceRange, _ ctx: Context) -> [IRStmt]? {
        guard let target else {
            guard ctx.currentLayer != nil || ctx.copyOf != nil else {
                error(.wrongLayerUse, "'remove' without a layer name only works inside 'spawn … { }'", range)
                return nil
            }
            return [.remove(.current, range)]
        }
        if case .index(let base, let i) = target.kind {
            return copyRef(base, i, ctx).map { [.remove($0, range)] }
        }
        if let (layer, at) = repeatedTarget([target], ctx) {
            return forEachCopy(layer, at: at, ctx) { _, _ in [.remove(.current, range)] }
        }
        if case .name(let n) = target.kind, ctx.params?[n] == nil, ctx.locals[n] == nil, !visibleNames(ctx).contains(n) {
            error(.unknownLayer, "unknown layer '\(n)'\(didYouMean(n, environment.layerNames))", target.range,
                  fix: fixIt(n, environment.layerNames, target.range))
            return nil
        }
        if case .name(let n) = target.kind, let index = environment.layerIndex[n], environment.layers[index].isTemplate {
            // A template names no layer: its copies are removed from inside, by a bare 'remove'.
            let inside = ctx.currentLayer == index   // the spawn block of that template: a bare 'remove' is its copy
            error(.wrongLayerUse, "'\(n)' is a template, whose copies have no name: "
                  + (inside ? "a bare 'remove' removes this copy" : "a copy removes itself with a bare 'remove' in its spawn block or timers"),
                  target.range, fix: inside ? .init(SourceRange(range.start, target.range.end), "remove") : nil)
            return nil
        }
        guard case .name(let n) = target.kind, let index = environment.layerIndex[n], !environment.layers[index].isTemplate else {
            error(.wrongLayerUse, "'remove' takes a layer name", target.range)
            return nil
        }
        removals.append((index, range))
        return [.remove(.declared(index), range)]
    }

    mutating func compileBody(_ body: [Stmt], _ ctx: Context) -> [IRStmt] {
        var inner = ctx
        inner.inHandler = true
        var out: [IRStmt] = []
        for s in body {
            if case .expression(let e) = s.kind {
                if holdsParseError(s.range) { continue }
                if case .error = e.kind { continue }   // already reported by the parser
                _ = expression(e, inner)
                error(.badAssignment, "a value on its own does nothing here; did you mean an assignment such as 'x = …'?", s.range)
                continue
            }
            if let c = compileStatement(s, inner) { out += c }
        }
        return out
    }

    /// Whether the animation's target is `G.children.P` (`expandChildren` reads its stagger).
    func isChildrenTarget(_ a: Animate) -> Bool {
        a.targets.count == 1 && ChildrenTarget(a.targets[0]) != nil
    }

    /// `stagger D` over a repeated layer's copies: the statement's delay gains `index * D`
    /// (a `delay` option made of it when there is none), so copy k starts k·D later.
    static func addIndexDelay(_ d: Expr, at label: SourceRange, to args: inout [Arg]) {
        let offset = Expr(.binary("*", Expr(.name("index"), d.range), d), d.range)
        if let i = args.firstIndex(where: { $0.isLabel(.delay) }), let delay = args[i].value {
            args[i].values = [Expr(.binary("+", delay, offset), delay.range)]
        } else {
            args.append(Arg(label: Identifier(ClauseLabel.delay.rawValue, label), values: [offset]))
        }
    }

    /// `stagger D` outside a sequence: on a repeated layer copy k starts k·D later (its delay
    /// gains `index * D`, and `a` is rewritten so; returns []); on several targets each is
    /// its own animation, starting D after the one before (returns them). Nil after an error.
    mutating func staggerAnimation(_ a: inout Animate, _ s: Arg, _ ctx: Context) -> [IRStmt]? {
        a.args.removeAll { $0.isLabel(.stagger) }
        guard let d = s.value else { return nil }
        let repeated = repeatedTarget(a.targets, ctx)
        if repeated != nil, a.targets.count == 1 {
            Compiler.addIndexDelay(d, at: s.label.range, to: &a.args)
            return []
        }
        guard a.targets.count > 1, repeated == nil else {
            error(.unknownOption, a.targets.count > 1
                  ? "'stagger' with several targets takes single layers; give the repeated layer its own 'animate … stagger D'"
                  : "'stagger' spreads the starts of several animations: of a repeated layer's copies, of several targets, of 'G.children.P', or inside 'sequence'/'parallel'; one target has nothing to spread",
                  s.label.range)
            return nil
        }
        guard let ticks = constantTicks(d, what: "a stagger") else { return nil }
        var anims: [AnimationIR] = []
        for (j, t) in a.targets.enumerated() {
            var one = a
            one.targets = [t]
            if j < a.targets.count - 1 { one.then = nil; one.reached = nil }   // the last one ends last: its 'then' runs once
            guard let anim = compileAnimation(one, ctx) else { return nil }
            anims.append(anim)
        }
        return [.animationGroup(parallel: true, staggerTicks: ticks, delayTicks: 0, anims)]
    }

    /// Most copies of one repeated child `G.children.P` animates one by one.
    static let maxStaggeredCopies = 1000

    /// The group `G` of a target `G.children.P` that can stand for its children, after
    /// reporting why not when it cannot: a layer that is no group, a group with copies or
    /// inside one (whose children differ per copy), or one copy's children. Nil, with no
    /// report, for any other target or an unknown name (reported where it is compiled).
    mutating func childrenGroup(_ target: Expr) -> Int? {
        guard let ct = ChildrenTarget(target) else { return nil }
        let (inner, prop, groupExpr) = (ct.inner, ct.prop, ct.group)
        if case .index(let b, _) = groupExpr.kind, case .name(let g) = b.kind, let gi = environment.layerIndex[g],
           environment.layers[gi].kind == .group, environment.layers[gi].count != nil {
            error(.wrongLayerUse, "the children of one copy of '\(g)' cannot be named from outside it: animate a child by name, "
                  + "which runs for every copy, and choose copies by 'index' there", inner.range,
                  help: environment.layers[gi].children.first.map {
                      "for example 'animate \(environment.layers[$0].name).\(prop.name) … delay index * D'"
                  })
            return nil
        }
        guard case .name(let g) = groupExpr.kind, let gi = environment.layerIndex[g] else { return nil }
        guard environment.layers[gi].kind == .group else {
            error(.wrongLayerUse, "'\(g)' is a \(environment.layers[gi].kind.rawValue) layer; only groups have children", groupExpr.range)
            return nil
        }
        if let outer = repeatedAncestor(of: gi) {
            let name = environment.layers[outer].name
            error(.wrongLayerUse, (outer == gi ? "'\(g)' has copies" : "'\(g)' sits inside repeated layer '\(name)'")
                  + ", so '\(g).children' would mean the children of every copy: animate a child by name instead, which runs for every copy",
                  inner.range, help: environment.layers[gi].children.first.map {
                      "for example 'animate \(environment.layers[$0].name).\(prop.name) …', with 'delay index * D' to spread the copies"
                  })
            return nil
        }
        return gi
    }

    /// Whether `e` is a layer's name, or one copy of it (`G` or `G[k]` of `G.children`).
    func namesALayer(_ e: Expr) -> Bool {
        if case .index(let b, _) = e.kind { return namesALayer(b) }
        guard case .name(let n) = e.kind else { return false }
        return environment.layerIndex[n] != nil
    }

    /// Whether a target of `a` is `G.children.P` with a layer `G` whose children it cannot
    /// stand for (reported by `childrenGroup`).
    mutating func refusesChildren(_ a: Animate) -> Bool {
        var refused = false
        for t in a.targets {
            guard let ct = ChildrenTarget(t), namesALayer(ct.group), childrenGroup(t) == nil else { continue }
            refused = true
        }
        return refused
    }

    /// `animate G.children.P … [stagger D]`: one animation per child of group G that has
    /// property P (per copy of a repeated child), each starting D after the previous one.
    mutating func expandChildren(_ a: Animate, _ ctx: Context) -> [IRStmt]? {
        guard a.targets.count == 1, let target = ChildrenTarget(a.targets[0]) else { return nil }
        let (inner, prop, groupExpr) = (target.inner, target.prop, target.group)
        guard let gi = childrenGroup(a.targets[0]) else { return namesALayer(groupExpr) ? [] : nil }
        let g = environment.layers[gi].name
        var anims: [AnimationIR] = []
        for child in environment.layers[gi].children {
            let c = environment.layers[child]
            guard let p = Property(rawValue: prop.name), p.applies(to: c.kind) else { continue }
            // A repeated child's copies are children too, each in its turn.
            let name = Expr(.name(c.name), groupExpr.range)
            var bases = [name]
            if let count = c.count, !c.isTemplate {
                guard count <= Compiler.maxStaggeredCopies else {
                    error(.outOfRange, "'\(c.name)' has \(count) copies; '\(g).children' staggers at most \(Compiler.maxStaggeredCopies) one by one: animate '\(c.name).\(prop.name)' with 'delay index * D'",
                          inner.range)
                    return []
                }
                bases = (0..<count).map { k in Expr(.index(name, Expr(.number(Double(k), nil), groupExpr.range)), groupExpr.range) }
            }
            for base in bases {
                var copy = a
                copy.targets = [target.on(base)]
                copy.args.removeAll { $0.isLabel(.stagger) }
                guard let anim = compileAnimation(copy, ctx) else { return [] }
                anims.append(anim)
            }
        }
        guard !anims.isEmpty else {
            error(.propertyNotOnKind, "no child of group '\(g)' has a property '\(prop.name)'", prop.range)
            return []
        }
        var stagger = 0
        if let s = a.arg(.stagger)?.value, let t = constantTicks(s, what: "a stagger") { stagger = t }
        return [.animationGroup(parallel: true, staggerTicks: stagger, delayTicks: 0, anims)]
    }

    /// timer -> 'every' tick | 'every' N ticks | 'every' duration | 'at' time | 'after' duration
    mutating func compileTimer(_ timer: Timer, _ ctx: Context) -> TimerIR? {
        var kind: TimerIR.Kind
        var dynamic: IRExpr? = nil
        switch timer.kind {
        case .every:
            if let time = timer.time {
                if timer.countsTicks {
                    guard let (n, ir) = numberSlot(time, what: "a tick count", ctx) else { return nil }
                    if let ir {
                        dynamic = ir
                        kind = .every(period: 1)
                    } else {
                        guard let n, n >= 1, n == n.rounded(), n <= Double(Compiler.maxTicks) else {
                            error(.badDuration, "'every N ticks' needs a whole number of ticks of at least 1", time.range)
                            return nil
                        }
                        kind = .every(period: Int(n))
                    }
                } else {
                    switch timeSlot(time, what: "the period of 'every'", ctx) {
                    case nil: return nil
                    case .dynamic(let ir): dynamic = ir; kind = .every(period: 1)
                    case .ticks(let t):
                        guard t >= 1 else { error(.badDuration, "the period of 'every' must be at least one tick (1t)", time.range); return nil }
                        kind = .every(period: t)
                    }
                }
            } else {
                kind = .every(period: 1)
            }
        case .at, .after:
            let what = timer.kind == .at ? "the time of 'at'" : "the delay of 'after'"
            guard let time = timer.time else { return nil }
            switch timeSlot(time, what: what, ctx) {
            case nil: return nil
            case .dynamic(let ir): dynamic = ir; kind = timer.kind == .at ? .at(tick: 0) : .after(delay: 0)
            case .ticks(let t): kind = timer.kind == .at ? .at(tick: t) : .after(delay: t)
            }
        }
        var later = ctx
        later.later = true
        var ir = TimerIR(kind: kind, body: compileBody(timer.body, later), range: timer.range)
        ir.dynamicTime = dynamic
        ir.dynamicCountsTicks = timer.countsTicks
        return ir
    }

    /// Resolves an assignable place: a `var`, a layer property, or one component of either.
    /// `b.opacity` with nothing named 'b': a layer is what is missing (E0204, once per name).
    /// Not for the members points and rects have too (`p.x`, `r.width`): there the base may
    /// be a misspelt variable. True when reported (or reported before).
    @inline(never)
    mutating func unknownLayerBefore(_ member: Identifier, _ base: Expr, _ ctx: Context) -> Bool {
        guard case .name(let n) = base.kind, Property.named(member.name) != nil,
              !["x", "y", "width", "height"].contains(member.name), isUndeclared(n, ctx) else { return false }
        guard reportedNames.insert(n).inserted else { return true }
        let names = environment.layerNames
        error(.unknownLayer, "unknown layer '\(n)'\(didYouMean(n, names))", base.range, fix: fixIt(n, names, base.range))
        return true
    }

    /// Whether `n` names nothing here: no variable, layer, parameter, loop variable, copy
    /// variable, property of the current layer, colour or built-in, nor a variable declared later.
    func isUndeclared(_ n: String, _ ctx: Context) -> Bool {
        environment.layerIndex[n] == nil && environment.globalIndex[n] == nil && environment.lets[n] == nil && ctx.params?[n] == nil && ctx.locals[n] == nil && instanceVar(n, ctx) == nil && laterVariables[n] == nil
            && namedColors[n] == nil && n != "self" && n != Ambient.index.rawValue && !visibleNames(ctx).contains(n)
    }

    mutating func target(_ e: Expr, _ ctx: Context) -> (Target, ValueType)? {
        switch e.kind {
        case .name(let n):
            if ctx.locals[n] != nil {
                error(.badAssignment, "cannot assign to loop variable '\(n)': 'for' sets it on each pass", e.range)
                return nil
            }
            if let (slot, v) = instanceVar(n, ctx) { return (.instanceVar(slot), v.type) }
            if let slot = environment.globalIndex[n] {
                environment.usedNames[n] = true
                if ctx.later { changingGlobals.insert(slot) }
                return (.global(slot), environment.globals[slot].type)
            }
            if environment.lets[n] == nil, let l = ctx.currentLayer, let p = Property(rawValue: n), p.applies(to: environment.layers[l].kind) {
                guard assignable(p, e.range) else { return nil }
                writtenProperties.insert("\(l).\(p.rawValue)")
                return (.layer(.current, p), p.info.type)
            }
            if environment.lets[n] != nil {
                error(.badAssignment, "cannot assign to '\(n)': it is a 'let' constant; declare it with 'var' to change it", e.range)
                return nil
            }
            _ = name(n, e.range, ctx)
            return nil
        case .member(let base, let id):
            var layerBase = base
            if case .index(let b, _) = base.kind { layerBase = b }
            if case .name(let n) = layerBase.kind, environment.globalIndex[n] == nil, environment.lets[n] == nil, environment.layerIndex[n] != nil {
                let typed = member(base, id, ctx)
                guard !typed.poisoned, case .layerProperty(let ref, let p) = typed.ir, assignable(p, e.range) else { return nil }
                if case .declared(let i) = ref { writtenProperties.insert("\(i).\(p.rawValue)") }
                if case .copy(let i, _) = ref { writtenProperties.insert("\(i).\(p.rawValue)") }
                if case .current = ref, let i = ctx.copyOf { writtenProperties.insert("\(i).\(p.rawValue)") }
                return (.layer(ref, p), typed.type)
            }
            if unknownLayerBefore(id, layerBase, ctx) { return nil }
            guard let (baseTarget, baseType) = target(base, ctx) else { return nil }
            let names: [String: Int] = baseType == .point ? ["x": 0, "y": 1] : baseType == .rect ? ["x": 0, "y": 1, "width": 2, "height": 3] : [:]
            guard let c = names[id.name] else {
                error(.typeMismatch, "\(baseType) has no member '\(id.name)'", id.range)
                return nil
            }
            switch baseTarget {
            case .layer(let ref, let p): return (.layerComponent(ref, p, c), .number(.length))
            case .global(let slot): return (.globalComponent(slot, c), .number(.length))
            case .instanceVar:
                error(.badAssignment, "a component of a template parameter cannot be assigned alone; assign the whole point", e.range)
                return nil
            default:
                error(.badAssignment, "cannot assign to a part of a part", e.range)
                return nil
            }
        case .error:
            return nil   // already reported by the parser
        case .binary("-", let lhs, let rhs) where lhs.range.end + 1 == rhs.range.start:
            // `a.skew-x = 1`, `line-width = 1`: written as one hyphenated property name.
            if case .name(let second) = rhs.kind {
                var place = "", head: Identifier? = nil, kind: LayerKind? = ctx.currentLayer.map { environment.layers[$0].kind }
                if case .member(let base, let id) = lhs.kind, case .name(let n) = base.kind, let i = environment.layerIndex[n] {
                    head = id
                    kind = environment.layers[i].kind
                    place = " on \(environment.layers[i].kind.rawValue) layer '\(n)'"
                } else if case .name(let n) = lhs.kind {
                    head = Identifier(n, lhs.range)
                }
                if let head, let kind {
                    // CSS's and SVG's hyphenated names (`stroke-dashoffset`) say wave's, as in a body.
                    let written = "\(head.name)-\(second)", at = head.range.to(rhs.range)
                    let meant = Vocabulary.propertySynonym(written).flatMap { Property.named($0) }.flatMap { $0.applies(to: kind) ? $0.rawValue : nil }
                    let whereWritten = place.isEmpty ? " on \(kind.rawValue)" : place
                    if let meant {
                        error(.unknownProperty, "unknown property '\(written)'\(whereWritten); wave calls it '\(meant)'", at, fix: .init(at, meant))
                    } else {
                        // A misspelt hyphenated name (`shadow-radus`) gets the did-you-mean a
                        // layer body gives it.
                        let names = Property.allCases.filter { $0.applies(to: kind) }.flatMap { [$0.rawValue] + $0.spec.aliases }
                        error(.unknownProperty, "unknown property '\(written)'\(whereWritten)\(didYouMean(written, names))", at,
                              fix: fixIt(written, names, at))
                    }
                    return nil
                }
            }
            error(.badAssignment, "cannot assign to this expression; assign to a variable or a layer property", e.range)
            return nil
        default:
            // `tick[1].opacity = 0` after `layer tick[3]` was refused: that error is the one.
            var root = e
            while true {
                if case .member(let b, _) = root.kind { root = b } else if case .index(let b, _) = root.kind { root = b } else { break }
            }
            if case .name(let n) = root.kind, rejectedNames.contains(n) { return nil }
            error(.badAssignment, "cannot assign to this expression; assign to a variable or a layer property", e.range)
            return nil
        }
    }

    /// An image's `source` is read when the script loads: it cannot change while the scene
    /// runs (an assignment would show nothing, silently). False after reporting it.
    mutating func assignable(_ p: Property, _ range: SourceRange) -> Bool {
        guard p == .source else { return true }
        error(.badAssignment, "an image's 'source' is read when the script loads and cannot change while it runs",
              range, help: "declare a second image layer and switch between them with 'visible' or 'opacity'")
        return false
    }

    mutating func compileAssignment(_ targetExpr: Expr, _ opText: String, _ value: Expr, _ range: SourceRange, _ ctx: Context) -> IRStmt? {
        guard let (t, type) = target(targetExpr, ctx) else {
            // The value is still read (its own mistakes, its names' uses), unless it is a bare
            // layer name: that fits only the target that failed (`a.mask = p`).
            if case .name(let n) = value.kind, environment.layerIndex[n] != nil, !isVariable(n) { return nil }
            _ = expression(value, ctx)
            return nil
        }
        var v: Typed
        if case .layer(_, let p) = t { v = propertyValue(value, p, ctx) } else { v = expression(value, ctx) }
        if v.poisoned { return nil }
        let op: BinaryOp?
        switch opText {
        case "+=": op = .add
        case "-=": op = .sub
        case "*=": op = .mul
        case "/=": op = .div
        default: op = nil
        }
        if let op {
            let ok: Bool
            switch (type, v.type) {
            case (.number(let a), .number(let b)):
                ok = op == .mul || op == .div || Compiler.combine(a, b) != nil
                if !ok { error(.unitMismatch, "cannot \(op == .add ? "add" : "subtract") \(v.type) \(op == .add ? "to" : "from") \(type): units differ", range); return nil }
            case (.point, .point), (.point, .number): ok = true
            default: ok = false
            }
            if !ok { error(.typeMismatch, "'\(opText)' needs numbers or points, found \(type) and \(v.type)", range); return nil }
        } else if case .layer = t {
            // propertyValue already checked the type
        } else {
            v = coerce(v, to: type, words: [], range: value.range, what: "this variable")
            if v.poisoned { return nil }
        }
        return .assign(t, op, v.ir, range)
    }

    /// W0007: `caption.visible-chars = shown` at the top level runs once, at tick 0, but a
    /// newcomer often means it to follow `shown` (as a property written in the layer's body
    /// does). Warned when the value reads the clock (`t`, `tick`) or a variable that changes
    /// while the scene runs (assigned in a timer or handler, or animated).
    mutating func warnOnceAssignments() {
        for (target, value, range) in onceAssignments {
            var globals: Set<Int> = [], clock = false
            Compiler.reads(value, globals: &globals, clock: &clock)
            let changing = globals.intersection(changingGlobals).map { environment.globals[$0].name }.sorted()
            guard clock || !changing.isEmpty else { continue }
            let what = changing.first.map { "'\($0)'" } ?? "the clock"
            var help = "to keep it in step, assign it inside 'every tick { … }'"
            if case .member(let base, let property) = target.kind, case .name(let layer) = base.kind {
                help = "to keep it in step, write '\(property.name) …' in the body of '\(layer)' (re-evaluated every tick), "
                    + "or assign it inside 'every tick { … }'"
            }
            diagnostics.append(Diagnostic.warning(.onceAssignment, "this assignment runs once, at tick 0: the property will not follow \(what) as it changes",
                                                  at: range).with(help: help, fix: nil))
        }
    }

    /// The variables `e` reads, and whether it reads the clock.
    static func reads(_ e: IRExpr, globals: inout Set<Int>, clock: inout Bool) {
        switch e {
        case .global(let slot): globals.insert(slot)
        case .ambient(let a): if a == .time || a == .tick { clock = true }
        case .tickCached: clock = true   // a kept let is never constant: it reads the clock
        default: for x in e.operands { reads(x, globals: &globals, clock: &clock) }
        }
    }

    /// Reports a `spawn` or `emit` of a template that is not declared: the closest name as a
    /// fix, or, with none close, how to declare one.
    mutating func unknownTemplate(_ template: Identifier) {
        let templates = environment.layers.filter(\.isTemplate).map(\.name)
        if let fix = fixIt(template.name, templates, template.range) {
            error(.unknownTemplate, "unknown template '\(template.name)'\(didYouMean(template.name, templates))", template.range, fix: fix)
        } else {
            error(.unknownTemplate, "unknown template '\(template.name)'\(didYouMean(template.name, templates))", template.range,
                  help: "declare it at the top level, e.g. 'template \(template.name): circle { radius 3 }'")
        }
    }
}

/// A target naming every child of a group: `G.children.P`, or a component of it
/// (`G.children.position.y`), taken apart.
struct ChildrenTarget {
    /// `G`, or one copy `G[k]` (refused by `childrenGroup`).
    let group: Expr
    /// `G.children`.
    let inner: Expr
    let prop: Identifier
    let component: Identifier?
    let range: SourceRange

    init?(_ target: Expr) {
        var names: [Identifier] = [], e = target
        while case .member(let base, let name) = e.kind, name.name != "children" {
            names.insert(name, at: 0)
            e = base
        }
        guard case .member(let g, let children) = e.kind, children.name == "children", (1...2).contains(names.count) else { return nil }
        group = g
        inner = e
        prop = names[0]
        component = names.count > 1 ? names[1] : nil
        range = target.range
    }

    /// The same property (and component) of `base`, one child or one copy of it.
    func on(_ base: Expr) -> Expr {
        let p = Expr(.member(base, prop), range)
        return component.map { Expr(.member(p, $0), range) } ?? p
    }
}
