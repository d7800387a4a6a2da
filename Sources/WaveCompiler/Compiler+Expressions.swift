import Foundation
import WaveSyntax

extension Compiler {
    /// Compiles an expression: resolves names, checks types and units, folds constants.
    mutating func expression(_ e: Expr, _ ctx: Context) -> Typed {
        guard charge(1, e.range) else { return .bad() }
        switch e.kind {
        case .error: return .bad()
        case .number(let v, let unit): return Typed(ir: .constant(.number(Compiler.lower(v, unit))), type: .number(Compiler.dimension(of: unit)))
        case .string(let s): return Typed(ir: .constant(.string(s)), type: .string)
        case .color(let r, let g, let b, let a): return Typed(ir: .constant(.color(RGBA(r, g, b, a))), type: .color)
        case .bool(let b): return Typed(ir: .constant(.bool(b)), type: .bool)
        case .name(let n): return name(n, e.range, ctx)
        case .member(let base, let id): return member(base, id, ctx)
        case .call(let f, let args): return call(f, args, e.range, ctx)
        case .unary(let op, let operand): return unary(op, operand, ctx)
        case .binary(let op, let l, let r): return binary(op, l, r, e.range, ctx)
        case .ternary(let c, let a, let b): return ternary(c, a, b, ctx)
        case .tuple(let items): return tuple(items, e.range, ctx)
        case .list(let items):
            // Numbers (of any unit) and points, or constant colours or strings (a palette, a
            // list of captions): one kind a list.
            var irs: [IRExpr] = []
            var poisoned = false
            var kind: ValueType? = nil
            func kindOf(_ t: ValueType) -> ValueType? {
                switch t {
                case .number, .point: return .number(.none)   // numbers and points mix, as they always have
                case .color, .string: return t
                default: return nil
                }
            }
            for item in items {
                let t = expression(item, ctx)
                poisoned = poisoned || t.poisoned
                if t.poisoned { continue }
                guard let k = kindOf(t.type) else {
                    error(.typeMismatch, "a list holds numbers, points, colours or strings, found \(t.type)", item.range)
                    poisoned = true
                    continue
                }
                if let kind, kind != k {
                    error(.typeMismatch, "a list holds values of one kind: this \(t.type) follows \(kind == .number(.none) ? "numbers" : "a \(kind)")", item.range)
                    poisoned = true
                    continue
                }
                kind = k
                irs.append(t.ir)
            }
            let list = fold(Typed(ir: .makeList(irs), type: .list, poisoned: poisoned))
            if !poisoned, kind == .color || kind == .string, !list.ir.isConstant {
                error(.typeMismatch, "a list of \(kind == .color ? "colours" : "strings") must be constant: its items known when the script is loaded", e.range)
                return .bad(.list)
            }
            return list
        case .index(let base, let i):
            if let element = listElement(base, i, e.range, ctx) { return element }
            if copyRef(base, i, ctx) != nil {
                error(.notAValue, "'\(file.text(of: e.range))' is a layer, not a value; use one of its properties, such as \(file.text(of: e.range)).opacity", e.range)
            }
            return .bad()
        case .stop(let c, _):
            error(.badGradient, "a gradient stop location only goes inside linear-gradient(…), radial-gradient(…) or conic-gradient(…)", e.range)
            _ = expression(c, ctx)
            return .bad()
        }
    }

    static func lower(_ v: Double, _ unit: NumberUnit?) -> Double {
        switch unit {
        case nil, .seconds, .pixels, .radians: return v
        case .milliseconds: return v / 1000
        case .ticks: return v / 60
        case .degrees: return v * Double.pi / 180
        case .percent: return v / 100
        }
    }

    static func dimension(of unit: NumberUnit?) -> Dimension {
        switch unit {
        case nil, .percent: return .none
        case .seconds, .milliseconds, .ticks: return .time
        case .degrees, .radians: return .angle
        case .pixels: return .length
        }
    }

    /// All names visible in expressions, for suggestions.
    func visibleNames(_ ctx: Context) -> [String] {
        var names = environment.variableNames + ["pi", "t", "tick", "width", "height"]
        names += environment.layerNames
        if let l = ctx.currentLayer {
            names += Property.allCases.filter { $0.applies(to: environment.layers[l].kind) }.map(\.rawValue)
        }
        names += Builtin.allCases.map(\.rawValue)
        return names
    }

    /// Whether `n` names a value here: a parameter, local, copy variable, `let`, `var`,
    /// property of the current layer, `pi` or a scene-wide value.
    func inScope(_ n: String, _ ctx: Context) -> Bool {
        if ctx.params?[n] != nil || ctx.locals[n] != nil || instanceVar(n, ctx) != nil { return true }
        if environment.lets[n] != nil || environment.globalIndex[n] != nil || n == "pi" { return true }
        if let l = ctx.currentLayer, let p = Property(rawValue: n), p.applies(to: environment.layers[l].kind) { return true }
        if n == Ambient.index.rawValue { return indexAvailable(ctx) }
        return Ambient(rawValue: n) != nil
    }

    mutating func name(_ n: String, _ range: SourceRange, _ ctx: Context) -> Typed {
        if let p = ctx.params?[n] {
            // The argument is written out again at each read of its parameter.
            return charge(ctx.paramSteps[n, default: 1] - 1, range) ? p : .bad(p.type)
        }
        if let slot = ctx.locals[n] { return Typed(ir: .global(slot), type: .number(.none)) }
        if let (slot, v) = instanceVar(n, ctx) { return Typed(ir: .instanceVar(slot), type: v.type) }
        // Variables first; then, inside a layer or spawn body, the layer's own properties.
        if let binding = environment.lets[n] {
            environment.usedNames[n] = true
            // A let is written out at each read: the runtime evaluates it there each time.
            guard charge(binding.steps - 1, range) else { return .bad(binding.type) }
            return Typed(ir: binding.expr, type: binding.type)
        }
        if let slot = environment.globalIndex[n] {
            environment.usedNames[n] = true
            return Typed(ir: .global(slot), type: environment.globals[slot].type)
        }
        if let l = ctx.currentLayer, let p = Property(rawValue: n), p.applies(to: environment.layers[l].kind) {
            return Typed(ir: .layerProperty(.current, p), type: p.info.type)
        }
        if n == "pi" { return Typed(ir: .constant(.number(Double.pi)), type: .number(.none)) }
        if n == Ambient.index.rawValue {
            guard indexAvailable(ctx) else {
                error(.unknownName, "'index' is the copy number inside a repeated layer ('layer bar[12]: …') and in statements over its copies; there is none here", range)
                return .bad()
            }
            return Typed(ir: .ambient(.index), type: .number(.none))
        }
        if let a = Ambient(rawValue: n) {
            // The scene header comes first, so the canvas size is a constant.
            if a == .width { return Typed(ir: .constant(.number(Double(environment.scene.width))), type: .number(.length)) }
            if a == .height { return Typed(ir: .constant(.number(Double(environment.scene.height))), type: .number(.length)) }
            return Typed(ir: .ambient(a), type: .number(.none))
        }
        if let c = namedColors[n] { return Typed(ir: .constant(.color(c)), type: .color) }
        if environment.layerIndex[n] != nil {
            error(.notAValue, "'\(n)' is a layer, not a value; use one of its properties, such as \(n).opacity", range)
            return .bad()
        }
        if Builtin(rawValue: n) != nil || environment.functions[n] != nil {
            error(.notAValue, "'\(n)' is a function: call it as \(n)(…)", range)
            return .bad()
        }
        if Property.named(n) != nil && ctx.currentLayer != nil {
            error(.notAValue, "'\(n)' is a property name, not a value; is a value missing before it?", range)
            return .bad()
        }
        // `x-height` with a variable `x`: the lexer reads a function's hyphenated name as one
        // word, but without its call it is the subtraction it reads as (grammar.md §1).
        if Vocabulary.specialFunctions.contains(n), let dash = n.firstIndex(of: "-") {
            let a = String(n[..<dash]), b = String(n[n.index(after: dash)...])
            if inScope(a, ctx), inScope(b, ctx) {
                let ra = SourceRange(range.start, range.start + a.utf8.count), rb = SourceRange(ra.end + 1, range.end)
                return expression(Expr(.binary("-", Expr(.name(a), ra), Expr(.name(b), rb)), range), ctx)
            }
        }
        // Once per name: later uses of the same unknown name add nothing.
        guard reportedNames.insert(n).inserted else { return .bad() }
        if let declared = laterVariables[n] {
            let (line, column) = file.location(of: declared.start)
            error(.usedBeforeDeclaration, "'\(n)' is declared at \(line):\(column), after this use; move the declaration up", range,
                  notes: [.init("'\(n)' is declared here", declared)],
                  help: "move the declaration of '\(n)' above its first use")
            return .bad()
        }
        if n.lowercased() == "currentcolor" {
            error(.unknownName, "wave has no inherited colour (CSS's currentColor): write the colour, or a 'let' holding it", range)
            return .bad()
        }
        if n == "self" {
            // Swift's `self.position`: inside a spawn block the copy's properties are bare names.
            error(.unknownName, "wave has no 'self.': in a spawn block or a template's body write the copy's properties bare "
                  + "(position = (10, 10)); 'self' alone names the copy only in path-length(self) and 'effect self'", range)
            return .bad()
        }
        // Colour names are values too, but suggested only when nothing in scope is as close.
        let visible = visibleNames(ctx).sorted(), colours = namedColors.keys.sorted()
        if let s = Suggestion.best(for: n, among: visible, others: colours) {
            error(.unknownName, "unknown name '\(n)'; did you mean '\(s)'?", range, fix: .init(range, s))
        } else {
            error(.unknownName, "unknown name '\(n)'", range)
        }
        return .bad()
    }

    /// `layer.property`, `point.x`, `rect.width`.
    mutating func member(_ base: Expr, _ id: Identifier, _ ctx: Context) -> Typed {
        if unknownLayerBefore(id, base, ctx) { return .bad() }
        var copy: LayerRef? = nil
        var layerBase = base
        if case .index(let b, let i) = base.kind, case .name(let n) = b.kind, ctx.locals[n] == nil, environment.lets[n] == nil,
           environment.globalIndex[n] == nil, environment.layerIndex[n] != nil {
            guard let ref = copyRef(b, i, ctx) else { return .bad() }
            copy = ref
            layerBase = b
        }
        if case .name(let n) = layerBase.kind, environment.lets[n] == nil, environment.globalIndex[n] == nil,
           let index = environment.layerIndex[n] {
            let layer = environment.layers[index]
            if layer.isTemplate {
                error(.wrongLayerUse, "'\(n)' is a template: its spawned copies have no name; use bare property names inside 'spawn \(n) { … }'", base.range)
                return .bad()
            }
            if copy == nil, ctx.copyOf == index {
                copy = .current
            } else if copy == nil, let r = repeatedAncestor(of: index) {
                reportCopies(of: index, inside: r, nameOne: " ('\(n)[0].\(id.name)'), or use '\(n).\(id.name)' as the target of an assignment or animation to change every copy", base.range)
                return .bad()
            }
            var named = Property(rawValue: id.name) ?? (id.name == "width" ? nil : Property.named(id.name))
            if named == nil, let synonym = Vocabulary.propertySynonym(id.name), let p = Property.named(synonym), p.applies(to: layer.kind) {
                calledOtherwise(.unknownProperty, "property", id.name, id.range, place: " on \(layer.kind.rawValue) layer '\(n)'", meant: p.rawValue)
                named = p
            }
            if named == nil, id.name == Vocabulary.maskClause {
                error(.unknownProperty, "'mask' is not a property to assign or animate: a layer's mask is written in its body, "
                      + "'layer \(n): \(layer.kind.rawValue) { mask OTHER }'; to change what shows, animate the mask layer itself", id.range)
                return .bad()
            }
            if named == nil, id.name == "transform" {
                // Core Animation's key paths (`transform.scale`, `transform.rotation.z`).
                error(.unknownProperty, "unknown property 'transform' on \(layer.kind.rawValue) layer '\(n)': Core Animation's transform key paths "
                      + "are properties of their own in wave: scale, rotation, position, rotation-x, rotation-y, translation-z", id.range)
                return .bad()
            }
            if let p = named, !p.applies(to: layer.kind) {
                error(.propertyNotOnKind, "'\(n)' is \(Compiler.withArticle(layer.kind.rawValue)) layer, which has no property '\(p.rawValue)'", id.range)
                return .bad()
            }
            guard let p = named else {
                let names = Property.allCases.filter { $0.applies(to: layer.kind) }.map(\.rawValue)
                error(.unknownProperty, "unknown property '\(id.name)' on \(layer.kind.rawValue) layer '\(n)'\(didYouMean(id.name, names))", id.range, fix: fixIt(id.name, names, id.range))
                return .bad()
            }
            return Typed(ir: .layerProperty(copy ?? .declared(index), p), type: p.info.type)
        }
        let b = expression(base, ctx)
        if b.poisoned { return b }
        let components = b.type.componentNames
        guard !components.isEmpty else {
            error(.typeMismatch, "\(b.type) has no member '\(id.name)'", id.range)
            return .bad()
        }
        guard let c = components.firstIndex(of: id.name) else {
            error(.typeMismatch, "\(b.type) has no member '\(id.name)'\(didYouMean(id.name, components))", id.range, fix: fixIt(id.name, components, id.range))
            return .bad()
        }
        return fold(Typed(ir: .component(b.ir, c), type: .number(.length)))
    }

    mutating func unary(_ op: String, _ operand: Expr, _ ctx: Context) -> Typed {
        let t = expression(operand, ctx)
        if t.poisoned { return t }
        if op == "-" {
            switch t.type {
            case .number, .point: return fold(Typed(ir: .unary(.negate, t.ir), type: t.type))
            default:
                error(.typeMismatch, "cannot negate a \(t.type)", operand.range)
                return .bad()
            }
        }
        guard t.type == .bool || isNumber(t.type) else {
            error(.typeMismatch, "'!' needs a bool, found \(t.type)", operand.range)
            return .bad()
        }
        return fold(Typed(ir: .unary(.not, t.ir), type: .bool))
    }

    func isNumber(_ t: ValueType) -> Bool { if case .number = t { return true }; return false }

    /// Combines two dimensions for `+`, `-` and comparisons: plain numbers fit anything;
    /// lengths and plain numbers mix; times and angles only with themselves.
    static func combine(_ a: Dimension, _ b: Dimension) -> Dimension? {
        if a == b { return a }
        if a == .none { return b }
        if b == .none { return a }
        return nil
    }

    mutating func binary(_ opText: String, _ l: Expr, _ r: Expr, _ range: SourceRange, _ ctx: Context) -> Typed {
        let a = expression(l, ctx), b = expression(r, ctx)
        guard let op = BinaryOp(rawValue: opText) else { return .bad() }
        if a.poisoned || b.poisoned { return .bad() }
        func mismatch() -> Typed {
            error(.typeMismatch, "cannot apply '\(opText)' to \(a.type) and \(b.type)", range)
            return .bad()
        }
        switch op {
        case .and, .or:
            guard (a.type == .bool || isNumber(a.type)) && (b.type == .bool || isNumber(b.type)) else { return mismatch() }
            return fold(Typed(ir: .binary(op, a.ir, b.ir), type: .bool))
        case .eq, .ne:
            if case .number(let da) = a.type, case .number(let db) = b.type, Compiler.combine(da, db) == nil {
                error(.typeMismatch, "cannot compare \(a.type) with \(b.type)", range)
                return .bad()
            }
            return fold(Typed(ir: .binary(op, a.ir, b.ir), type: .bool))
        case .lt, .le, .gt, .ge:
            guard case .number(let da) = a.type, case .number(let db) = b.type else { return mismatch() }
            guard Compiler.combine(da, db) != nil else {
                error(.typeMismatch, "cannot compare \(a.type) with \(b.type)", range)
                return .bad()
            }
            return fold(Typed(ir: .binary(op, a.ir, b.ir), type: .bool))
        case .add, .sub:
            if op == .add, a.type == .string || b.type == .string {
                return fold(Typed(ir: .binary(op, a.ir, b.ir), type: .string))
            }
            switch (a.type, b.type) {
            case (.number(let da), .number(let db)):
                guard let d = Compiler.combine(da, db) else {
                    error(.unitMismatch, "cannot \(op == .add ? "add" : "subtract") \(b.type) \(op == .add ? "to" : "from") \(a.type): units differ", range)
                    return .bad()
                }
                return fold(Typed(ir: .binary(op, a.ir, b.ir), type: .number(d)))
            case (.point, .point): return fold(Typed(ir: .binary(op, a.ir, b.ir), type: .point))
            default: return mismatch()
            }
        case .mul, .div:
            switch (a.type, b.type) {
            case (.number(let da), .number(let db)):
                let d: Dimension
                if da == .none { d = db } else if db == .none { d = da } else if da == db { d = op == .div ? .none : da } else if op == .div { d = .none }
                else if Set([da, db]) == [.length, .angle] { d = .length }   // an arc's length: radius × angle
                else {
                    error(.unitMismatch, "cannot multiply \(Compiler.withArticle(da.rawValue)) by \(Compiler.withArticle(db.rawValue)): units differ "
                          + "(a plain number keeps the other's unit: to drop one, divide it by its unit, as in 'd / 1s')", range)
                    return .bad()
                }
                return fold(Typed(ir: .binary(op, a.ir, b.ir), type: .number(d)))
            case (.point, .number), (.point, .point): return fold(Typed(ir: .binary(op, a.ir, b.ir), type: .point))
            case (.number, .point) where op == .mul: return fold(Typed(ir: .binary(op, a.ir, b.ir), type: .point))
            default: return mismatch()
            }
        }
    }

    mutating func ternary(_ c: Expr, _ a: Expr, _ b: Expr, _ ctx: Context) -> Typed {
        let tc = expression(c, ctx)
        // Inside a user function a constant condition takes one branch only, so recursion
        // on constant arguments ends (`n <= 1 ? 1 : n * f(n - 1)`).
        if ctx.params != nil, !tc.poisoned, case .constant(let v) = tc.ir, tc.type == .bool || isNumber(tc.type) {
            return expression(v.bool ? a : b, ctx)
        }
        let ta = expression(a, ctx), tb = expression(b, ctx)
        if tc.poisoned || ta.poisoned || tb.poisoned { return .bad(ta.type) }
        guard tc.type == .bool || isNumber(tc.type) else {
            error(.typeMismatch, "the condition of '?:' must be a bool, found \(tc.type)", c.range)
            return .bad()
        }
        var type = ta.type
        if case .number(let da) = ta.type, case .number(let db) = tb.type {
            guard let d = Compiler.combine(da, db) else {
                error(.unitMismatch, "the branches of '?:' have different units: \(ta.type) and \(tb.type)", a.range.to(b.range))
                return .bad()
            }
            type = .number(d)
        } else if !Compiler.compatible(ta.type, tb.type) {
            error(.typeMismatch, "the branches of '?:' have different types: \(ta.type) and \(tb.type)", a.range.to(b.range))
            return .bad()
        }
        return fold(Typed(ir: .ternary(tc.ir, ta.ir, tb.ir), type: type))
    }

    static func compatible(_ a: ValueType, _ b: ValueType) -> Bool {
        if a == b { return true }
        let paints: Set<String> = ["colour", "paint"]
        return paints.contains(a.description) && paints.contains(b.description)
    }

    mutating func tuple(_ items: [Expr], _ range: SourceRange, _ ctx: Context) -> Typed {
        let parts = items.map { expression($0, ctx) }
        if parts.contains(where: \.poisoned) { return .bad(items.count == 4 ? .rect : .point) }
        for (p, item) in zip(parts, items) where !isNumber(p.type) {
            error(.typeMismatch, "a tuple holds numbers, found \(p.type)", item.range)
            return .bad()
        }
        for (p, item) in zip(parts, items) {
            if case .number(let d) = p.type, d == .time || d == .angle {
                error(.typeMismatch, "a point or rect holds lengths, found \(p.type)", item.range)
                return .bad()
            }
        }
        switch parts.count {
        case 2: return fold(Typed(ir: .makePoint(parts[0].ir, parts[1].ir), type: .point))
        case 4: return fold(Typed(ir: .makeRect(parts[0].ir, parts[1].ir, parts[2].ir, parts[3].ir), type: .rect))
        default:
            error(.typeMismatch, "a tuple is a point (x, y) or a rect (x, y, width, height); found \(parts.count) values", range)
            return .bad()
        }
    }

    /// Evaluates an expression at compile time when every operand is constant.
    func fold(_ t: Typed) -> Typed {
        guard !t.poisoned, let v = ConstantFolder.value(of: t.ir) else { return t }
        return Typed(ir: .constant(v), type: t.type)
    }
}

/// Evaluates pure IR whose leaves are all constants.
enum ConstantFolder {
    static func value(of e: IRExpr) -> Value? {
        switch e {
        case .constant(let v): return v
        case .tickCached(_, let inner): return value(of: inner)
        case .global, .ambient, .layerProperty, .gradient, .pathLength, .measure, .instanceVar: return nil
        case .element(let list, let i):
            guard case .list(let vs)? = value(of: list), let k = value(of: i)?.number, k.isFinite, k >= 0, Int(k) < vs.count else { return nil }
            return vs[Int(k)]
        case .component(let base, let i):
            guard let v = value(of: base) else { return nil }
            return Ops.component(v, i)
        case .unary(let op, let a): return value(of: a).map { Ops.unary(op, $0) }
        case .binary(let op, let a, let b):
            guard let x = value(of: a), let y = value(of: b) else { return nil }
            return Ops.binary(op, x, y)
        case .ternary(let c, let a, let b):
            guard let cv = value(of: c) else { return nil }
            return value(of: cv.bool ? a : b)
        case .call(let f, let args):
            if f == .random { return nil }
            var vs: [Value] = []
            for a in args { guard let v = value(of: a) else { return nil }; vs.append(v) }
            return Ops.call(f, vs)
        case .makePoint(let x, let y):
            guard let xv = value(of: x), let yv = value(of: y) else { return nil }
            return .point(xv.number, yv.number)
        case .makeRect(let a, let b, let c, let d):
            guard let av = value(of: a), let bv = value(of: b), let cv = value(of: c), let dv = value(of: d) else { return nil }
            return .rect(av.number, bv.number, cv.number, dv.number)
        case .makeList(let items):
            var vs: [Value] = []
            for a in items { guard let v = value(of: a) else { return nil }; vs.append(v) }
            return .list(vs)
        }
    }
}
