import WaveSyntax

extension Compiler {
    /// The path layer whose geometry `t` names (`icon.path`), or nil when `t` is anything else.
    func morphTarget(_ t: Expr) -> Int? {
        guard case .member(let base, let id) = t.kind, id.name == "path", case .name(let n) = base.kind,
              environment.globalIndex[n] == nil, environment.lets[n] == nil,
              let i = environment.layerIndex[n], environment.layers[i].kind == .path, !environment.layers[i].isTemplate else { return nil }
        return i
    }

    /// anim_arg of a morph: ( 'from' IDENT )? ( 'to' IDENT )? | 'values' '[' IDENT ( ',' IDENT )+ ']'
    ///
    /// Every path named must be a path layer (declared or a template) whose commands have the
    /// same verbs in the same order as the morphing layer's: the points correspond one to one.
    mutating func compileMorph(_ a: Animate, layer: Int, _ ctx: Context) -> MorphIR? {
        if let by = a.arg(.by) {
            error(.unknownOption, "a path morph takes 'from', 'to' or 'values' (paths), not 'by'", by.label.range)
            return nil
        }
        func source(_ e: Expr) -> Int? {
            guard case .name(let n) = e.kind, let i = environment.layerIndex[n], environment.layers[i].kind == .path else {
                let names = environment.layers.filter { $0.kind == .path }.map(\.name)
                if case .name(let n) = e.kind, environment.layerIndex[n] == nil {
                    error(.unknownLayer, "unknown layer '\(n)'\(didYouMean(n, names))", e.range, fix: fixIt(n, names, e.range))
                } else {
                    error(.typeMismatch, "a path morph runs between path layers: name one (a template is not drawn)", e.range)
                }
                return nil
            }
            geometrySources.insert(i)
            guard sameStructure(layer, i, at: e.range) else { return nil }
            return i
        }
        var morph = MorphIR(layer: .declared(layer), from: nil, to: nil, keyframes: [])
        if let e = a.arg(.from)?.value { guard let i = source(e) else { return nil }; morph.from = i }
        if let e = a.arg(.to)?.value { guard let i = source(e) else { return nil }; morph.to = i }
        if let v = a.arg(.values)?.value {
            guard case .list(let items) = v.kind, items.count >= 2 else {
                error(.badKeyframes, "'values' takes a list of at least two paths: values [play, pause, play]", v.range)
                return nil
            }
            for item in items { guard let i = source(item) else { return nil }; morph.keyframes.append(i) }
        }
        guard morph.from != nil || morph.to != nil || !morph.keyframes.isEmpty else {
            error(.incompleteAnimation, "a path morph needs 'to', 'from' or 'values': animate icon.path to pause over 0.5s", a.range)
            return nil
        }
        return morph
    }

    /// Whether path layers `a` and `b` have the same commands in the same order; if not, a
    /// located error (E0421) saying where they part.
    mutating func sameStructure(_ a: Int, _ b: Int, at range: SourceRange) -> Bool {
        let la = environment.layers[a], lb = environment.layers[b]
        let va = la.pathCommands.map(\.verb.rawValue), vb = lb.pathCommands.map(\.verb.rawValue)
        guard va != vb else { return true }
        func listing(_ v: [String]) -> String {
            (v.count > 8 ? v.prefix(8).joined(separator: ", ") + ", …" : v.joined(separator: ", ")) + " (\(v.count) command\(v.count == 1 ? "" : "s"))"
        }
        var detail: String
        if let k = zip(va, vb).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            detail = "command \(k + 1) is '\(va[k])' in '\(la.name)' and '\(vb[k])' in '\(lb.name)'"
        } else {
            let (longer, extra) = va.count > vb.count ? (la.name, va[vb.count...]) : (lb.name, vb[va.count...])
            detail = "'\(longer)' goes on with \(extra.joined(separator: ", "))"
        }
        error(.morphMismatch, "paths of different structure cannot morph: '\(la.name)' is \(listing(va)) and '\(lb.name)' is \(listing(vb)); \(detail)",
              range, notes: [.init("'\(lb.name)' is declared here", lb.range)],
              help: "give both paths the same commands in the same order (a line can stand for a straight cubic)")
        return false
    }
}
