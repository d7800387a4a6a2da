import WaveSyntax

extension Compiler {
    /// First pass: every layer and template name is known before any body compiles, so
    /// masks and handlers may refer to layers declared further down.
    mutating func declareLayers(_ statements: [Stmt]) {
        func declare(_ decl: LayerDecl, parent: Int?) {
            guard let kind = LayerKind(rawValue: decl.kind.name) else {
                let kinds = LayerKind.allCases.map(\.rawValue), name = decl.kind.name
                if let hint = Vocabulary.layerKindHints[name] {
                    error(.unknownLayerKind, "unknown layer kind '\(name)'; \(hint)", decl.kind.range)
                } else {
                    error(.unknownLayerKind, "unknown layer kind '\(name)'\(didYouMean(name, kinds))", decl.kind.range,
                          fix: fixIt(name, kinds, decl.kind.range))
                }
                rejectReserved(decl.name.name)   // its uses would each be "unknown layer"
                return
            }
            if environment.layers.count >= Compiler.maxDeclarations {
                error(.tooManyDeclarations, "too many layers: at most \(Compiler.maxDeclarations)", decl.name.range)
                return
            }
            if let problem = layerNameProblem(decl.name.name) {
                error(.duplicateName, problem, decl.name.range)
                rejectReserved(decl.name.name)
                return
            }
            let index = environment.layers.count
            environment.layers.append(LayerIR(name: decl.name.name, kind: kind, isTemplate: decl.isTemplate || (parent.map { environment.layers[$0].isTemplate } ?? false),
                                              parent: parent, children: [], properties: [:], pathCommands: [], mask: nil,
                                              maskInverted: false, usedAsMask: false, placement: .top, range: decl.range))
            if let c = decl.count {
                // The number is compiled with the body; a literal is known at once, so uses
                // above the declaration can check their index against it.
                if case .number(let v, nil) = c.kind, v >= 0, v == v.rounded(), v <= Double(Compiler.maxCopies) {
                    environment.layers[index].count = Int(v)
                } else {
                    environment.layers[index].count = 0
                }
            }
            environment.layerIndex[decl.name.name] = index
            declareInstanceVars(decl, index)
            if let parent { environment.layers[parent].children.append(index) }
            for child in decl.children { declare(child, parent: index) }
            // A replicator's children are repeated (their count is compiled with its body).
            if kind == .group, decl.clauses.contains(where: { $0.head.name == Vocabulary.replicateClause }) {
                for child in environment.layers[index].children where environment.layers[child].count == nil {
                    environment.layers[child].count = 0
                }
            }
        }
        for stmt in statements { if case .layer(let decl) = stmt.kind { declare(decl, parent: nil) } }
    }

    func layerNameProblem(_ name: String) -> String? {
        if let i = environment.layerIndex[name] {
            let earlier = environment.layers[i].range
            guard file.holds(earlier) else { return "layer '\(name)' is already declared (in an earlier input)" }
            let (line, col) = file.location(of: earlier.start)
            return "layer '\(name)' is already declared at \(line):\(col)"
        }
        if environment.globalIndex[name] != nil || environment.lets[name] != nil { return "'\(name)' is already a variable name" }
        if Parser.statementKeywords.contains(name) { return "'\(name)' is a keyword and cannot name a layer" }
        if Ambient(rawValue: name) != nil || name == "pi" {
            let meaning = Compiler.builtinNameMeanings[name].map { " (\($0))" } ?? ""
            return "'\(name)' is a built-in name\(meaning) and cannot name a layer; choose another, such as '\(name)Layer'"
        }
        return nil
    }

    /// Second pass over one declaration: its properties, path commands and children.
    mutating func compileLayerDecl(_ decl: LayerDecl, parent: Int?) {
        guard let index = environment.layerIndex[decl.name.name], environment.layers[index].range == decl.range else { return }
        let kind = environment.layers[index].kind
        let ctx = Context(currentLayer: index, inHandler: false)
        var layer = environment.layers[index]
        if let arg = decl.argument {
            if kind == .text {
                let t = expression(arg, ctx)
                if !t.poisoned && t.type != .string { error(.typeMismatch, "the text of a text layer is a string, found \(t.type)", arg.range) }
                layer.properties[.text] = t.ir
            } else {
                error(.typeMismatch, "a \(kind.rawValue) layer takes no value after its kind; put properties inside '{ … }'", arg.range)
            }
        }
        if let c = decl.count {
            if decl.isTemplate {
                error(.wrongLayerUse, "a template is copied by 'spawn'; it cannot be repeated with '[\(file.text(of: c.range))]' (its children can)", c.range)
            } else if let n = copyCount(c) {
                layer.count = n
                environment.layers[index].count = n
            }
        }
        if let placement = decl.placement {
            if parent != nil { error(.misplacedStatement, "'below'/'above' only apply to top-level layers", decl.name.range) }
            layer.placement = resolvePlacement(placement) ?? .top
            switch placement { case .below(let id), .above(let id): placementRanges[index] = id.range }
        }
        var seen: [String: SourceRange] = [:]
        // `text "x" { text "y" }`: the text after the kind is set once already.
        if kind == .text, let arg = decl.argument { seen[Property.text.rawValue] = arg.range }
        var previous: Clause? = nil
        for clause in decl.clauses {
            let head = clause.head.name
            defer { previous = clause }
            if holdsParseError(clause.range) { continue }
            if kind == .path, previous?.head.name == "rect", ["radius", "cornerRadius", "corner-radius", "border-radius", "rounded"].contains(head),
               let p = previous, file.location(of: p.range.end).line == file.location(of: clause.range.start).line {
                // `rect (0, 0, 10, 10) radius 8` in a path: the sub-path's label is 'corner'.
                error(.unknownOption, "unknown option '\(head)' for 'rect'; a rect sub-path's rounded corners are its 'corner' label: "
                      + "'rect (x, y, w, h) corner r'", clause.head.range, fix: .init(clause.head.range, "corner"))
                continue
            }
            if kind == .path, head == PathCommand.dataClause {
                layer.pathCommands += pathData(clause, ctx)
                continue
            }
            if kind == .path, Parser.pathCommands.contains(head) {
                if let cmd = pathCommand(clause, ctx) { layer.pathCommands.append(cmd) }
                continue
            }
            if head == "mask" {
                compileMask(clause, into: &layer, index: index)
                continue
            }
            if head == Vocabulary.replicateClause {
                if let first = seen[head] {
                    let (line, col) = file.location(of: first.start)
                    error(.duplicateProperty, "'replicate' is set twice (first at \(line):\(col))", clause.head.range,
                          notes: [.init("'replicate' is first set here", first)])
                    continue
                }
                seen[head] = clause.head.range
                compileReplicate(clause, into: &layer, decl: decl)
                continue
            }
            var synonym = Property.named(head) == nil ? Vocabulary.propertySynonym(head) : nil
            if kind == .line, synonym == Property.fill.rawValue { synonym = Property.stroke.rawValue }   // a line shows only its stroke
            if let synonym, let p = Property.named(synonym), p.applies(to: kind) {
                if seen[p.rawValue] != nil {
                    // Set under wave's name too: renaming would set it twice, so no fix.
                    error(.unknownProperty, "unknown property '\(head)' on \(kind.rawValue); wave calls it '\(synonym)', which this layer sets already",
                          clause.head.range)
                    continue
                }
                calledOtherwise(.unknownProperty, "property", head, clause.head.range, place: " on \(kind.rawValue)", meant: synonym)
            }
            guard let prop = Property.named(head) ?? synonym.flatMap(Property.named) else {
                if head == "transform" {
                    error(.unknownProperty, "unknown property 'transform' on \(kind.rawValue): wave's transforms are properties of their own: "
                          + "position, scale, rotation, anchor, rotation-x, rotation-y, translation-z, perspective", clause.head.range)
                    continue
                }
                if let hint = Compiler.otherToolsEffects[head] {
                    error(.unknownProperty, "unknown property '\(head)' on \(kind.rawValue): \(hint)", clause.head.range)
                    continue
                }
                if kind == .rect || kind == .ellipse || kind == .image, ["x", "y", "height", "left", "top"].contains(head) {
                    error(.unknownProperty, "unknown property '\(head)' on \(kind.rawValue): its place and size are one property, "
                          + "'frame (x, y, width, height)'", clause.head.range)
                    continue
                }
                var names: [String] = []
                if suggests {
                    names = Property.allCases.filter { $0.applies(to: kind) }.flatMap { [$0.rawValue] + $0.spec.aliases } + [Vocabulary.maskClause] + (kind == .group ? [Vocabulary.replicateClause] : [])
                    if kind == .path { names += Parser.pathCommands }
                }
                error(.unknownProperty, "unknown property '\(head)' on \(kind.rawValue)\(didYouMean(head, names))", clause.head.range, fix: fixIt(head, names, clause.head.range))
                continue
            }
            guard prop.applies(to: kind) else {
                var hint = kind == .path && ["center", "radius"].contains(head) ? "; inside a path, use 'circle (x, y) radius r'" : ""
                if kind == .image, head == "width" { hint = "; its place and size are one property, 'frame (x, y, width, height)'" }
                if [.rect, .ellipse, .image].contains(kind), head == "size" { hint = "; its place and size are one property, 'frame (x, y, width, height)'" }
                if kind == .circle || kind == .ellipse, prop == .corner { hint = "; it is round already ('corner' rounds a rect's corners)" }
                if hint.isEmpty {
                    let owners = LayerKind.allCases.filter { prop.applies(to: $0) }.map(\.rawValue)
                    if !owners.isEmpty, owners.count < 4 {
                        let list = owners.count == 1 ? owners[0] : owners.dropLast().joined(separator: ", ") + " and " + owners[owners.count - 1]
                        hint = "; '\(head)' belongs to \(list) layers"
                    }
                }
                error(.propertyNotOnKind, "\(Compiler.withArticle(kind.rawValue)) layer has no property '\(head)'\(hint)", clause.head.range)
                continue
            }
            if let earlier = seen[prop.rawValue] {
                let (line, col) = file.location(of: earlier.start)
                // The string after `text` in the header is easily not seen as the property.
                let header = prop == .text && decl.argument?.range == earlier
                error(.duplicateProperty, "property '\(head)' is set twice (first at \(line):\(col))", clause.head.range,
                      notes: [.init("'\(prop.rawValue)' is first set here", earlier)],
                      help: header ? "the value after 'text' in 'layer \(decl.name.name): text …' is this layer's 'text' property, and may be "
                          + "any expression ('layer \(decl.name.name): text \"score \" + n { … }'); set it there or in the body, not both" : nil)
                continue
            }
            seen[prop.rawValue] = clause.head.range
            guard let value = clause.value else { continue }
            let t = propertyValue(value, prop, ctx)
            if prop == .shadowOffset, Compiler.literalNumber(value) != nil, case .constant(.point(let n, _)) = t.ir, n != 0 {
                let v = Value.format(n)
                warning(.shadowOffsetNumber, "'shadow-offset' takes (dx, dy): \(v) is (\(v), \(v)), a diagonal shadow", value.range,
                        help: "write (0, \(v)) for a shadow straight \(n > 0 ? "down" : "up"), or (\(v), \(v)) to keep the diagonal")
            }
            if let range = prop.spec.range, case .constant(.number(let v)) = t.ir, v.isFinite, !range.contains(v) {
                let nearest = Swift.min(Swift.max(v, range.lowerBound), range.upperBound)
                let bounds = range.upperBound.isFinite ? "goes from \(Value.format(range.lowerBound)) to \(Value.format(range.upperBound))" : "cannot be negative"
                warning(.valueRange, "'\(prop.rawValue)' \(bounds): \(Value.format(v)) counts as \(Value.format(nearest))", value.range,
                        fix: .init(value.range, Value.format(nearest)))
            }
            if prop == .wavelength, case .constant(.number(let v)) = t.ir, v == 0 {
                warning(.valueRange, "a 'wavelength' of 0 draws no wave: the surface is flat, at level + amplitude · sin(phase)", value.range,
                        help: "give the length of one wave, such as 'wavelength 100'")
            }
            if prop == .perspective, case .constant(.number(let d)) = t.ir, d < 0 {
                error(.outOfRange, "perspective is the eye's distance: positive, or 0 for none; found \(Value.format(d))", value.range)
                continue
            }
            if prop == .size, !t.poisoned, case .constant(.number(let size)) = t.ir, !(size > 0 && size < Property.textSizeLimit) {
                error(.outOfRange, "text size must be a positive number below \(Value.format(Property.textSizeLimit)), found \(Value.format(size))",
                      value.range)
                continue
            }
            if !t.poisoned { layer.properties[prop] = t.ir; layer.propertyRanges[prop] = clause.range }
        }
        environment.layers[index] = layer
        for child in decl.children { compileLayerDecl(child, parent: index) }
    }

    /// `below`/`above` that lead back to the layer (`a below b`, `b above a`; `a below a`):
    /// no order satisfies them. Each such layer gets an error and is drawn where it is
    /// declared. A layer may name one declared later (the runtime places targets first).
    mutating func rejectPlacementCycles() {
        func target(_ i: Int) -> Int? {
            switch environment.layers[i].placement {
            case .below(.declared(let t)), .above(.declared(let t)): return t
            default: return nil
            }
        }
        func word(_ i: Int) -> String { if case .below = environment.layers[i].placement { StatementWord.below.rawValue } else { StatementWord.above.rawValue } }
        for i in firstNewLayer..<environment.layers.count {
            guard let first = target(i) else { continue }
            var chain = [i], cur: Int? = first
            while let c = cur, chain.count <= environment.layers.count {
                if c == i {
                    let steps = chain.map { "'\(environment.layers[$0].name)' \(word($0))" }.joined(separator: " ")
                    let at = placementRanges[i] ?? environment.layers[i].range
                    if chain.count == 1 {
                        error(.wrongLayerUse, "layer '\(environment.layers[i].name)' is placed \(word(i)) itself", at,
                              help: "drop '\(word(i)) \(environment.layers[i].name)', or name another layer")
                    } else {
                        error(.wrongLayerUse, "placement cycle: \(steps) '\(environment.layers[i].name)': no drawing order satisfies them",
                              at, help: "place one of them relative to another layer, or drop its '\(word(i))'")
                    }
                    environment.layers[i].placement = .top
                    break
                }
                if chain.contains(c) { break }   // a cycle that does not return to i: reported for its own layers
                chain.append(c)
                cur = target(c)
            }
        }
    }

    /// Bound properties that read themselves, directly or round a loop (`a.radius` bound to
    /// `b.radius + 1` and `b.radius` to `a.radius + 1`): each tick recomputes bindings from
    /// one another, so a loop has no value (it would grow by itself, in an order that
    /// depends on the declarations). Each loop through a new layer is one error.
    mutating func rejectBindingCycles() {
        let layers = environment.layers.all
        func name(_ n: BindingOrder.Node) -> String { "'\(layers[n.layer].name).\(n.property.rawValue)'" }
        func range(_ n: BindingOrder.Node) -> SourceRange { layers[n.layer].propertyRanges[n.property] ?? layers[n.layer].range }
        // A loop through a new layer runs through new layers only, unless this input wrote
        // an earlier layer (which may now read a new one): then every layer is walked.
        let first = environment.layers.touched(before: firstNewLayer) ? 0 : firstNewLayer
        for cycle in BindingOrder(layers, from: first).cycles {
            guard let first = cycle.firstIndex(where: { $0.layer >= firstNewLayer }) else { continue }
            let loop = Array(cycle[first...] + cycle[..<first])
            let n = loop[0]
            if loop.count == 1 {
                error(.bindingCycle, "\(name(n)) is bound to an expression that reads it: a binding is recomputed each tick from other values, so it cannot read itself",
                      range(n), help: "to change it from its last value every tick, assign it: 'every tick { \(layers[n.layer].name).\(n.property.rawValue) += … }'")
            } else {
                let chain = name(n) + " reads " + (loop.dropFirst() + [n]).map(name).joined(separator: ", which reads ")
                error(.bindingCycle, "binding cycle: \(chain): bindings are recomputed each tick from one another, so a loop has no value",
                      range(n), notes: loop.dropFirst().map { .init("\(name($0)) is bound here", range($0)) },
                      help: "give one of them a value, or step it in 'every tick { … }'")
            }
        }
    }

    mutating func resolvePlacement(_ p: Placement) -> PlacementIR? {
        let id: Identifier
        switch p { case .below(let i), .above(let i): id = i }
        guard let target = environment.layerIndex[id.name] else {
            error(.unknownLayer, "unknown layer '\(id.name)'\(didYouMean(id.name, environment.layerNames))", id.range, fix: fixIt(id.name, environment.layerNames, id.range))
            return nil
        }
        if environment.layers[target].isTemplate {
            error(.wrongLayerUse, "cannot place a layer relative to template '\(id.name)'", id.range)
            return nil
        }
        if let r = repeatedAncestor(of: target) {
            error(.wrongLayerUse, "cannot place a layer relative to '\(id.name)': \(r == target ? "it is repeated" : "it sits inside repeated layer '\(environment.layers[r].name)'"), so it has many copies", id.range)
            return nil
        }
        if case .below = p { return .below(.declared(target)) }
        return .above(.declared(target))
    }

    mutating func compileMask(_ clause: Clause, into layer: inout LayerIR, index: Int) {
        guard let value = clause.value else { return }
        guard case .name(let n) = value.kind, let target = environment.layerIndex[n] else {
            if case .name(let n) = value.kind {
                // A layer cannot mask itself: it is not offered.
                let names = environment.layers.indices.filter { $0 != index && !environment.layers[$0].isTemplate }.map { environment.layers[$0].name }
                error(.unknownLayer, "unknown layer '\(n)' for mask\(didYouMean(n, names))", value.range, fix: fixIt(n, names, value.range))
            } else {
                error(.badMask, "'mask' takes a layer name", value.range)
            }
            return
        }
        if target == index { error(.badMask, "a layer cannot mask itself", value.range); return }
        if let r = repeatedAncestor(of: target) {
            error(.badMask, "'\(n)' cannot be a mask: \(r == target ? "it is repeated" : "it sits inside repeated layer '\(environment.layers[r].name)'"), so it has many copies", value.range)
            return
        }
        if environment.layers[target].isTemplate != layer.isTemplate && environment.layers[target].isTemplate {
            error(.badMask, "'\(n)' is a template and cannot mask a declared layer", value.range)
            return
        }
        layer.mask = target
        layer.maskInverted = clause.arg(.inverted) != nil
    }

    /// Marks mask layers (not drawn by themselves) and rejects mask and placement cycles.
    mutating func finishLayers() {
        rejectPlacementCycles()
        rejectBindingCycles()
        // Layers whose mask chain is known to end: a later walk stops there, so a long
        // chain costs linear time, not quadratic.
        var ends = Set<Int>()
        for i in firstNewLayer..<environment.layers.count {
            guard let m = environment.layers[i].mask else { continue }
            environment.layers[m].usedAsMask = true
            var seen: Set<Int> = [i]
            var cur: Int? = m
            defer { ends.formUnion(seen) }
            while let c = cur, !ends.contains(c) {
                if seen.contains(c) {
                    error(.badMask, "mask cycle: layer '\(environment.layers[i].name)' is masked, through its masks, by itself", environment.layers[i].range)
                    environment.layers[i].mask = nil
                    break
                }
                seen.insert(c)
                cur = environment.layers[c].mask
            }
        }
        checkDrawDepth()
        checkLayerCount()
        warnRemovedMasks()
    }

    /// `remove m` where `m` masks other layers: they show nothing from then on (W0014).
    mutating func warnRemovedMasks() {
        var warned = Set<Int>()
        for (m, at) in removals where environment.layers[m].usedAsMask && !warned.contains(m) {
            warned.insert(m)
            let maskedBy = environment.layers.indices.filter { environment.layers[$0].mask == m }
            let masked = maskedBy.map { "'\(environment.layers[$0].name)'" }
            let list = Diagnostic.list(masked, limit: 3)
            // An inverted mask that is gone cuts nothing out: that layer shows whole.
            let inverted = maskedBy.allSatisfy { environment.layers[$0].maskInverted }
            let what = inverted ? "whole (its mask is inverted)" : "nothing"
            warning(.removedMask, "'\(environment.layers[m].name)' masks \(list): once it is removed, \(masked.count == 1 ? "that layer shows" : "they show") \(what)",
                    at, help: inverted ? nil : "to uncover \(masked.count == 1 ? "it" : "them"), grow the mask over \(masked.count == 1 ? "it" : "them") instead of removing it")
        }
    }

    /// Drawing a layer recurses into its children and its mask, and the frame it builds
    /// nests a group for each; both are bounded by `Parser.maxDepth` like any nesting.
    /// Walks the layers with an explicit stack (the chains may be thousands long) and
    /// rejects a layer drawn through itself (a mask that is its own ancestor).
    mutating func checkDrawDepth() {
        let layers = environment.layers.all
        var depth = [Int?](repeating: nil, count: layers.count)
        var onPath = [Bool](repeating: false, count: layers.count)
        // The k-th layer drawn inside layer i: its children, then its mask.
        func edge(_ i: Int, _ k: Int) -> Int? {
            k < layers[i].children.count ? layers[i].children[k] : k == layers[i].children.count ? layers[i].mask : nil
        }
        for root in firstNewLayer..<layers.count where depth[root] == nil {
            // Each entry: a layer, the next edge to look at, and the deepest child so far.
            var stack: [(layer: Int, edge: Int, deepest: Int)] = [(root, 0, 0)]
            onPath[root] = true
            while let top = stack.last {
                let i = top.layer
                if top.edge <= layers[i].children.count {
                    stack[stack.count - 1].edge += 1
                    guard let pending = edge(i, top.edge) else { continue }
                    if let d = depth[pending] {
                        stack[stack.count - 1].deepest = max(top.deepest, d)
                        continue
                    }
                    if onPath[pending] {
                        error(.badMask, "mask cycle: layer '\(layers[i].name)' is drawn through its mask '\(layers[pending].name)', which contains it", layers[i].range)
                        environment.layers[i].mask = nil
                        return
                    }
                    onPath[pending] = true
                    stack.append((pending, 0, 0))
                    continue
                }
                let d = 1 + top.deepest
                depth[i] = d
                onPath[i] = false
                stack.removeLast()
                if !stack.isEmpty { stack[stack.count - 1].deepest = max(stack[stack.count - 1].deepest, d) }
                if d > Parser.maxDepth {
                    error(.nestedTooDeeply, "layer '\(layers[i].name)' is drawn through more than \(Parser.maxDepth) levels of groups and masks", layers[i].range)
                    return
                }
            }
        }
    }

    /// A property value checked against the property's type; words such as `round`,
    /// `none` and `left` resolve here.
    mutating func propertyValue(_ e: Expr, _ prop: Property, _ ctx: Context) -> Typed {
        let info = prop.info
        var e = e
        if info.type == .word, case .string(let w) = e.kind, info.words.contains(w) {
            // `blend "screen"`: the word, without quotes; read as meant.
            error(.unknownWord, "'\(prop.rawValue)' takes the word \(w), not a string", e.range,
                  help: "delete the quotes", fix: .init(e.range, w))
            e = Expr(.name(w), e.range)
        } else if !info.words.isEmpty, let w = writtenWord(e, ctx), !info.words.contains(w),
                  let meant = Vocabulary.wordSynonym(w, among: info.words) {
            calledOtherwise(.unknownWord, "word", w, e.range, place: " for '\(prop.rawValue)'", meant: meant)
            e = Expr(.name(meant), e.range)
        }
        if case .name(let w) = e.kind, info.words.contains(w), environment.lets[w] == nil, environment.globalIndex[w] == nil {
            if prop == .anchor, let a = AnchorWord(rawValue: w) {
                return Typed(ir: .constant(.point(a.unitPoint.x, a.unitPoint.y)), type: .point)
            }
            if prop == .fill || prop == .stroke { return Typed(ir: .constant(.paint(.none)), type: .paint) }
            if let word = Word(prop, w) { return Typed(ir: .constant(.word(word)), type: .word) }
        }
        if info.type == .word {
            error(.unknownWord, "'\(prop.rawValue)' is one of \(info.words.joined(separator: ", "))\(Compiler.wordHint(e, info.words))", e.range,
                  fix: Compiler.wordFix(e, info.words))
            return .bad()
        }
        // A misspelt word (`anchor topleft`, `fill non`) that names nothing in scope.
        if case .name(let w) = e.kind, !info.words.isEmpty, !isDefinedName(w, ctx),
           let s = Suggestion.best(for: w, among: info.words, others: namedColors.keys.sorted()) {
            error(.unknownWord, "unknown word '\(w)' for '\(prop.rawValue)'; did you mean '\(s)'?", e.range, fix: .init(e.range, s))
            return .bad()
        }
        let t = expression(e, ctx)
        if t.poisoned { return t }
        if info.type == .list, case .constant(.list(let vs)) = t.ir, let odd = vs.first(where: \.isColorOrString) {
            let found = if case .color = odd { "colours" } else { "strings" }
            error(.typeMismatch, "'\(prop.rawValue)' needs a list of \(prop == .points ? "points" : "numbers"), found a list of \(found)", e.range)
            return .bad(.list)
        }
        warnPercentLength(e, prop)
        let before = diagnostics.count
        defer { explainMismatch(since: before, prop) }
        return coerce(t, to: info.type, words: info.words, range: e.range, what: "'\(prop.rawValue)'")
    }

    /// Gives the type errors reported since diagnostic `first` a help line naming what
    /// `prop` is, from the property table, with its default as an example:
    /// `'frame': the box (x, y, width, height) the shape fills; for example 'frame (0, 0, 100, 100)'`.
    mutating func explainMismatch(since first: Int, _ prop: Property) {
        for i in first..<diagnostics.count where diagnostics[i].code == .typeMismatch && diagnostics[i].help == nil {
            diagnostics[i].help = "'\(prop.rawValue)': \(prop.meaning); for example '\(prop.rawValue) \(prop.spec.defaultText)'"
        }
    }

    /// `frame (0, 0, 100%, 5)`, `corner 50%`: in a place or size a percentage is the plain
    /// number it stands for (1, 0.5 pixels), never a share of a box as in CSS (W0017).
    /// `scale 120%`, `opacity 50%`, `anchor (50%, 50%)` mean what they say and are left alone.
    mutating func warnPercentLength(_ e: Expr, _ prop: Property) {
        let places: Set<Property> = [.position, .center, .from, .to, .shadowOffset, .extent]
        guard prop.info.type == .number(.length) || prop.info.type == .rect || places.contains(prop) else { return }
        func percent(_ x: Expr) -> Expr? {
            if case .number(_, .percent) = x.kind { return x }
            switch x.kind {
            case .tuple(let items): return items.lazy.compactMap(percent).first
            case .unary(_, let a): return percent(a)
            default: return nil
            }
        }
        guard let p = percent(e), case .number(let v, _) = p.kind else { return }
        warning(.percentLength, "'\(file.text(of: p.range))' is the number \(Value.format(v / 100)) here: a percentage is a plain number (÷ 100), "
                + "not a share of the box or scene as in CSS; '\(prop.rawValue)' is in pixels ('width' and 'height' are the scene's: 'width / 2')", p.range)
    }

    /// Whether a bare name means something here (a variable, layer, colour, built-in …).
    func isDefinedName(_ n: String, _ ctx: Context) -> Bool {
        environment.lets[n] != nil || environment.globalIndex[n] != nil || environment.layerIndex[n] != nil
            || namedColors[n] != nil || Ambient(rawValue: n) != nil || n == "pi" || Builtin(rawValue: n) != nil
            || (ctx.currentLayer != nil && Property.named(n) != nil)
    }

    /// The word `e` is as written: a name not defined in scope, or a hyphenated word the
    /// lexer read as a subtraction (`colour-dodge`).
    func writtenWord(_ e: Expr, _ ctx: Context) -> String? {
        if case .name(let w) = e.kind { return isDefinedName(w, ctx) ? nil : w }
        return Compiler.hyphenated(e)
    }

    /// What the built-in names of expressions stand for (diagnostics, editor hovers).
    public static let builtinNameMeanings: [String: String] = [
        "t": "the seconds since tick 0", "tick": "the tick count", "width": "the scene's width",
        "height": "the scene's height", "index": "a copy's number", "pi": "π",
    ]

    /// Effects and text settings other tools name in one property that wave spells otherwise.
    static let otherToolsEffects: [String: String] = {
        let weight = "the weight is part of the font, fontconfig's family:style: 'font \"sans:bold\"'"
        let style = "the style is part of the font, fontconfig's family:style: 'font \"sans:italic\"'"
        let align = "a text layer is placed by its anchor at its position: 'anchor left', 'anchor center' or 'anchor right'"
        let oneLine = "a text layer is one line: give each line its own text layer"
        let place = "wave's 'position' is where the layer's anchor is, not a move from it: 'position (x, y)'; to move it, animate 'position' or 'position.x'"
        let animation = "an animation is a statement after the layer: 'animate L.P from A to B over D …' (grammar.md §8)"
        let transition = "wave has no implicit transitions: animate each change, 'animate L.P to V over D', or 'spring L.P to V'"
        let text: [String: String] = [
            "font-weight": weight, "fontWeight": weight, "weight": weight, "font-style": style, "fontStyle": style,
            "text-align": align, "textAlign": align, "alignment": align, "alignmentMode": align, "alignment-mode": align, "align": align,
            "line-height": oneLine, "lineHeight": oneLine, "isWrapped": oneLine, "wrapped": oneLine, "white-space": oneLine,
            "animation": animation, "animation-name": animation, "transition": transition, "transition-property": transition,
            "translate": place, "translation": place,
        ]
        let shadow = "wave's shadow is four properties, as Core Animation's: shadow-color, shadow-opacity, shadow-offset (x, y), shadow-radius"
        let path = "wave has no shadow path: the shadow is cast by the layer's own alpha"
        let blur = "the shadow's blur is 'shadow-radius' (Core Animation's shadowRadius; CSS's blur length is the same number)"
        func axis(_ p: String, _ a: String) -> String {
            "'\(p)' is a point: give both, '\(p) (x, y)', or change one in an animation or assignment, '\(p).\(a)'"
        }
        return ["box-shadow": shadow, "boxShadow": shadow, "drop-shadow": shadow, "shadow": shadow,
                "shadowPath": path, "shadow-path": path, "filter": "wave's filter is the 'blur R' property (R is twice CSS's blur())",
                "shadow-blur": blur, "shadowBlur": blur, "shadow-blur-radius": blur,
                "scaleX": axis("scale", "x"), "scaleY": axis("scale", "y"), "scale-x": axis("scale", "x"), "scale-y": axis("scale", "y"),
                "translateX": axis("position", "x"), "translateY": axis("position", "y"),
                "translate-x": axis("position", "x"), "translate-y": axis("position", "y"),
                "positionX": axis("position", "x"), "positionY": axis("position", "y")].merging(text) { a, _ in a }
    }()

    /// "a length", "an angle".
    static func withArticle(_ noun: String) -> String {
        ("aeiou".contains(noun.first ?? "x") ? "an " : "a ") + noun
    }

    /// The edit behind `wordHint`: the misspelt word replaced by the suggestion.
    static func wordFix(_ e: Expr, _ words: [String]) -> Diagnostic.FixIt? {
        if case .name(let w) = e.kind, let s = suggestion(for: w, among: words) { return .init(e.range, s) }
        return nil
    }

    static func wordHint(_ e: Expr, _ words: [String]) -> String {
        if case .name(let w) = e.kind, let s = suggestion(for: w, among: words) { return "; did you mean '\(s)'?" }
        return ""
    }

    /// `rotation to 360`: a plain number where an angle goes is radians, as documented, but
    /// a whole one of 10 or more is nearly always meant in degrees.
    mutating func warnPlainAngle(_ v: Double, _ range: SourceRange, what: String) {
        guard v == v.rounded(), abs(v) >= 10, abs(v) < 1e6 else { return }
        warning(.plainAngle, "\(what) reads the plain number \(Value.format(v)) as radians (\(Value.format((v / (2 * .pi) * 10).rounded() / 10)) turns); "
                + "for degrees write \(Value.format(v))deg", range, fix: .init(range, "\(Value.format(v))deg"))
    }

    /// In an angle computed from plain numbers (`index * 30`, `sin(t) * 20 + 5`), a whole
    /// factor of 10 or more, nearly always meant in degrees; nil when there is none.
    static func plainAngleFactor(_ e: IRExpr) -> Double? {
        switch e {
        case .binary(.mul, let a, let b):
            for f in [a, b] { if case .constant(.number(let v)) = f, v == v.rounded(), abs(v) >= 10, abs(v) < 1e6 { return abs(v) } }
            return plainAngleFactor(a) ?? plainAngleFactor(b)
        case .binary(.add, let a, let b), .binary(.sub, let a, let b): return plainAngleFactor(a) ?? plainAngleFactor(b)
        case .binary(.div, let a, _), .unary(.negate, let a): return plainAngleFactor(a)
        default: return nil
        }
    }

    /// Checks that a value fits a slot of type `expected`, converting where the language
    /// allows it (a number for a uniform scale point, a colour for a paint).
    mutating func coerce(_ t: Typed, to expected: ValueType, words: [String], range: SourceRange, what: String = "value") -> Typed {
        if t.poisoned { return t }
        switch (expected, t.type) {
        case (.number(let want), .number(let have)):
            if want == .angle, have == .none {
                if case .constant(.number(let v)) = t.ir { warnPlainAngle(v, range, what: what) } else if let v = Compiler.plainAngleFactor(t.ir) {
                    warning(.plainAngle, "\(what) multiplies by the plain number \(Value.format(v)), so it is in radians (\(Value.format(v)) radians are "
                            + "\(Value.format((v / (2 * .pi) * 10).rounded() / 10)) turns); for degrees write \(Value.format(v))deg", range)
                }
            }
            if have == want || have == .none || (want == .none && have == .length) || (want == .length && have == .none) { return t }
            error(.typeMismatch, "\(what) needs \(Compiler.withArticle("\(expected)")), found \(Compiler.withArticle("\(t.type)"))", range)
            return .bad()
        case (.point, .number(let d)) where d == .none || d == .length:
            // One number for both: drawn once when it draws a random number (`scale
            // random(0.5, 1.5)` is a uniform scale, not an ellipse).
            if t.ir.drawsRandom { return Typed(ir: .call(.point, [t.ir]), type: .point) }
            return fold(Typed(ir: .makePoint(t.ir, t.ir), type: .point))
        case (.paint, .color):
            if case .constant(.color(let c)) = t.ir { return Typed(ir: .constant(.paint(.color(c))), type: .paint) }
            return t
        case (.paint, .paint), (.color, .color):
            return t
        default:
            if expected == t.type { return t }
            let extra = words.isEmpty ? "" : " or one of \(words.joined(separator: ", "))"
            error(.typeMismatch, "\(what) needs a \(expected)\(extra), found \(t.type)", range)
            return .bad()
        }
    }

    /// `d "M 10 10 L 90 10 A 40 40 0 0 1 10 50 Z"`: SVG path data (a constant string) as the
    /// path's commands, in place among the others.
    mutating func pathData(_ c: Clause, _ ctx: Context) -> [PathCommandIR] {
        guard let value = c.value else { return [] }
        let t = expression(value, ctx)
        if t.poisoned { return [] }
        guard case .constant(.string(let text)) = t.ir else {
            error(.typeMismatch, "'d' takes SVG path data in a constant string, such as \"M 0 0 L 100 0\"", value.range)
            return []
        }
        switch SVGPathData.parse(text, range: value.range) {
        case .success(let commands): return commands
        case .failure(let f):
            error(.badPathData, "bad path data at character \(f.offset + 1): \(f.message)", value.range)
            return []
        }
    }

    /// path_command -> 'move' point | 'line' point | 'quad' point 'control' point
    ///   | 'cubic' point 'control' point point | 'arc' point 'radius' n 'from' angle 'to' angle 'clockwise'?
    ///   | 'circle' point 'radius' n | 'ellipse' point 'radius' point | 'rect' rect ('corner' n)? | 'close'
    mutating func pathCommand(_ c: Clause, _ ctx: Context) -> PathCommandIR? {
        guard let verb = PathCommandIR.Verb(rawValue: c.head.name) else { return nil }
        var operands: [IRExpr] = []
        var ok = true
        func add(_ e: Expr?, _ type: ValueType, _ label: String) {
            guard let e else {
                error(.typeMismatch, "'\(c.head.name)' needs \(label)", c.head.range)
                ok = false
                return
            }
            let t = coerce(expression(e, ctx), to: type, words: [], range: e.range, what: label)
            if t.poisoned { ok = false }
            operands.append(t.ir)
        }
        switch verb {
        case .close: break
        case .move, .line: add(c.value, .point, "a point")
        case .quad:
            add(c.value, .point, "an end point")
            add(c.arg(.control)?.value, .point, "a control point ('control (x, y)')")
        case .cubic:
            add(c.value, .point, "an end point")
            let controls = c.arg(.control)?.values ?? []
            add(controls.first, .point, "two control points ('control (x1, y1) (x2, y2)')")
            add(controls.count > 1 ? controls[1] : nil, .point, "a second control point")
        case .arc:
            add(c.value, .point, "a centre point")
            add(c.arg(.radius)?.value, .number(.length), "a radius")
            add(c.arg(.from)?.value, .number(.angle), "a start angle ('from 0deg')")
            add(c.arg(.to)?.value, .number(.angle), "an end angle ('to 90deg')")
        case .circle:
            add(c.value, .point, "a centre point")
            add(c.arg(.radius)?.value, .number(.length), "a radius ('radius 25')")
        case .ellipse:
            add(c.value, .point, "a centre point")
            add(c.arg(.radius)?.value, .point, "radii ('radius (rx, ry)')")
        case .rect:
            add(c.value, .rect, "a rect (x, y, width, height)")
            if let corner = c.arg(.corner) { add(corner.value, .number(.length), "a corner radius") }
            else { operands.append(.constant(.number(0))) }
        }
        guard ok else { return nil }
        return PathCommandIR(verb: verb, operands: operands, clockwise: c.arg(.clockwise) != nil, range: c.range)
    }
}
