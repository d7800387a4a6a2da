import WaveSyntax

extension Compiler {
    /// anim_arg for paths: 'along' ( IDENT | STRING ) ( 'rotate' MOTION_ROTATION )?
    ///                     ( 'mode' ( 'paced' | 'linear' ) )? ( 'times' list )?
    ///
    /// The targets must be layer positions. The path is a declared layer's outline (any kind
    /// with one: path, line, polygon, circle …) or SVG path data in a string.
    mutating func compileMotion(_ a: Animate, _ along: Arg, _ targets: [Target], _ ctx: Context) -> MotionIR? {
        for (t, e) in zip(targets, a.targets) {
            guard case .layer(_, .position) = t else {
                error(.typeMismatch, "'along' moves a layer's position: animate NAME.position along PATH", e.range)
                return nil
            }
        }
        for label in [ClauseLabel.from, .to, .by, .values, .eases] {
            guard let arg = a.arg(label) else { continue }
            error(.unknownOption, "'\(label.rawValue)' does not go with 'along': the path gives the positions", arg.label.range)
            return nil
        }
        guard let e = along.value else { return nil }   // the parser reported the missing value
        let source: MotionIR.Source
        switch e.kind {
        case .name(let n):
            guard let i = environment.layerIndex[n] else {
                let names = environment.layerNames
                error(.unknownLayer, "unknown layer '\(n)'\(didYouMean(n, names))", e.range, fix: fixIt(n, names, e.range))
                return nil
            }
            let layer = environment.layers[i]
            guard layer.kind != .text, layer.kind != .group, !layer.isTemplate else {
                let what = layer.isTemplate ? "a template" : "a \(layer.kind.rawValue) layer"
                error(.wrongLayerUse, "'along' follows the outline of a shape layer; '\(n)' is \(what)", e.range)
                return nil
            }
            geometrySources.insert(i)
            source = .layer(i)
        case .string(let text):
            switch SVGPathData.parse(text, range: e.range) {
            case .success(let commands): source = .inline(commands)
            case .failure(let f):
                error(.badPathData, "bad path data at character \(f.offset + 1): \(f.message)", e.range)
                return nil
            }
        default:
            error(.typeMismatch, "'along' takes a layer whose outline to follow, or SVG path data in a string (\"M 0 0 L 100 0\")", e.range)
            return nil
        }
        var rotation = MotionRotation.none
        if let r = a.arg(.rotate)?.value {
            let words = MotionRotation.allCases.map(\.rawValue)
            guard let w = Compiler.hyphenated(r), let mode = MotionRotation(rawValue: w) else {
                error(.unknownWord, "'rotate' is one of \(words.joined(separator: ", "))\(Compiler.wordHint(r, words))", r.range, fix: Compiler.wordFix(r, words))
                return nil
            }
            rotation = mode
        }
        var paced = false
        if let m = a.arg(.mode)?.value {
            guard case .name(let w) = m.kind, w == "paced" || w == "linear" else {
                error(.unknownWord, "along a path 'mode' is paced or linear", m.range)
                return nil
            }
            paced = w == "paced"
        }
        var times: [Double] = []
        if let timesExpr = a.arg(.times)?.value {
            guard !paced else {
                error(.badKeyframes, "'mode paced' sets its own times; leave out 'times'", timesExpr.range)
                return nil
            }
            guard case .list(let ts) = timesExpr.kind, ts.count >= 2 else {
                error(.badKeyframes, "'times' along a path needs one key time per segment boundary: [0, …, 1]", timesExpr.range)
                return nil
            }
            for t in ts { guard let v = constantNumber(t, what: "a key time") else { return nil }; times.append(v) }
            guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }), times.first == 0, times.last == 1 else {
                error(.badKeyframes, "key times must rise from 0 to 1", timesExpr.range)
                return nil
            }
        }
        return MotionIR(source: source, rotation: rotation, paced: paced, keyTimes: times)
    }
}

extension Compiler {
    /// text-width(L[, n]) | text-bounds(L) | ink-bounds(L[, from[, count]]) | baseline(L)
    /// | cap-height(L) | x-height(L): L is a text layer (or `self` in a spawn body).
    mutating func textMeasure(_ m: TextMeasure, _ args: [Expr], _ range: SourceRange, _ ctx: Context) -> Typed {
        guard m.argumentCounts.contains(args.count) else {
            error(.argumentCount, "'\(m.rawValue)' takes \(m.form)", range)
            return .bad()
        }
        let texts = environment.layers.filter { $0.kind == .text && !$0.isTemplate }.map(\.name)
        guard let (ref, index) = measuredLayer(args[0], for: m.rawValue, names: texts, ctx) else { return .bad() }
        guard environment.layers[index].kind == .text else {
            let n = environment.layers[index].name
            error(.wrongLayerUse, "'\(m.rawValue)' measures a text layer; '\(n)' is a \(environment.layers[index].kind.rawValue) layer", args[0].range)
            return .bad()
        }
        geometrySources.insert(index)
        var rest: [IRExpr] = []
        for a in args.dropFirst() {
            let t = expression(a, ctx)
            if t.poisoned { return .bad() }
            guard isNumber(t.type) else {
                let what = m == .inkBounds && rest.isEmpty ? "a character index" : "a character count"
                error(.typeMismatch, "\(what) is a number, found \(t.type)", a.range)
                return .bad()
            }
            rest.append(t.ir)
        }
        return Typed(ir: .measure(m, ref, rest), type: m.isRect ? .rect : .number(.length))
    }
}
