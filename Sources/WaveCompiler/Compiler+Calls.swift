import Foundation
import WaveSyntax

extension Compiler {
    /// Built-in calls, colour constructors and gradients.
    mutating func call(_ f: Identifier, _ args: [Expr], _ range: SourceRange, _ ctx: Context) -> Typed {
        if environment.functions[f.name] == nil, let meant = Vocabulary.hyphenated(f.name),
           Vocabulary.specialFunctions.contains(meant) || Builtin(rawValue: meant) != nil {
            // `textWidth(label)`, `pathLength(check)`: wave's hyphenated name, read as it.
            calledOtherwise(.unknownFunction, "function", f.name, f.range, meant: meant)
            return call(Identifier(meant, f.range), args, range, ctx)
        }
        if let kind = GradientKind(rawValue: f.name) {
            return gradient(kind, args, range, ctx)
        }
        if f.name == "path-length" { return pathLength(args, range, ctx) }
        if let m = TextMeasure(rawValue: f.name) { return textMeasure(m, args, range, ctx) }
        if let fn = environment.functions[f.name] { return callFunction(f, fn, args, range, ctx) }
        guard let builtin = Builtin(rawValue: f.name) else {
            if f.name == "url" {
                // CSS's `url(…)` for a picture: wave's pictures are image layers.
                error(.unknownFunction, "wave has no url(…): a picture is an image layer, 'layer logo: image { source \"logo.png\"  frame (0, 0, 64, 64) }'", f.range)
                return .bad()
            }
            if EasingFunction(rawValue: f.name) != nil {
                // `let backOut = cubic-bezier(…)`: a curve is written after 'ease', not kept.
                error(.unknownFunction, "\(f.name)(…) is a timing curve, written after 'ease' (or in 'eases [ … ]'); it is no value a variable "
                      + "can hold: write it at each animation that uses it", f.range)
                return .bad()
            }
            // A hyphenated name (`conic-gradient`) is compared with the hyphenated functions only.
            let names = f.name.contains("-") ? Vocabulary.specialFunctions
                                             : Builtin.allCases.map(\.rawValue) + GradientKind.allCases.map(\.rawValue)
            error(.unknownFunction, "unknown function '\(f.name)'\(didYouMean(f.name, names))", f.range, fix: fixIt(f.name, names, f.range))
            // A misspelt gradient (`lineargradient(down, …)`): its direction words and stops
            // are not reported as unknown names too.
            if let meant = suggestion(for: f.name, among: names), GradientKind(rawValue: meant) != nil { return .bad(.paint) }
            for a in args { _ = expression(a, ctx) }
            return .bad()
        }
        var typed = args.map { expression($0, ctx) }
        if typed.contains(where: \.poisoned) { return .bad() }
        func arity(_ counts: ClosedRange<Int>) -> Bool {
            guard counts.contains(args.count) else {
                let want = counts.lowerBound == counts.upperBound ? "\(counts.lowerBound)" : "\(counts.lowerBound) to \(counts.upperBound)"
                // `rgb(r, g, b, a)` and `rgba(r, g, b)`: the other constructor is meant.
                let other = builtin == .rgb && args.count == 4 ? "rgba" : builtin == .rgba && args.count == 3 ? "rgb" : nil
                error(.argumentCount, "'\(f.name)' takes \(want) argument\(counts.upperBound == 1 ? "" : "s"), found \(args.count)"
                      + (other.map { builtin == .rgb ? "; with an alpha it is '\($0)'" : "; without an alpha it is '\($0)'" } ?? ""),
                      range, fix: other.map { Diagnostic.FixIt(f.range, $0) })
                return false
            }
            return true
        }
        if builtin == .rgb || builtin == .rgba {
            // CSS's percentages: `rgb(100%, 50%, 0%)` is a fraction of 255 for each component.
            for i in args.indices.prefix(3) where Compiler.isPercentLiteral(args[i]) {
                typed[i].ir = .binary(.mul, typed[i].ir, .constant(.number(255)))
            }
        }
        func numbers() -> [Dimension]? {
            var dims: [Dimension] = []
            for (t, a) in zip(typed, args) {
                guard case .number(let d) = t.type else {
                    error(.typeMismatch, "'\(f.name)' needs numbers, found \(t.type)", a.range)
                    return nil
                }
                dims.append(d)
            }
            return dims
        }
        var result: ValueType = .number(.none)
        switch builtin {
        case .sin, .cos, .tan:
            guard arity(1...1), let d = numbers() else { return .bad() }
            if d[0] == .time { error(.typeMismatch, "'\(f.name)' needs an angle or a plain number, found a time", args[0].range); return .bad() }
        case .asin, .acos, .atan:
            guard arity(1...1), numbers() != nil else { return .bad() }
            result = .number(.angle)
        case .atan2:
            guard arity(2...2), numbers() != nil else { return .bad() }
            result = .number(.angle)
        case .abs, .floor, .ceil, .round, .sign:
            guard arity(1...1), let d = numbers() else { return .bad() }
            result = .number(builtin == .sign ? .none : d[0])
        case .sqrt, .exp, .log:
            guard arity(1...1), numbers() != nil else { return .bad() }
        case .pow:
            guard arity(2...2), numbers() != nil else { return .bad() }
        case .mod:
            guard arity(2...2), let d = numbers() else { return .bad() }
            result = .number(d[0])
        case .min, .max:
            guard arity(1...64), let d = numbers() else { return .bad() }
            guard let dim = d.dropFirst().reduce(Optional(d[0]), { acc, x in acc.flatMap { Compiler.combine($0, x) } }) else {
                error(.unitMismatch, "'\(f.name)' arguments have different units", range)
                return .bad()
            }
            result = .number(dim)
        case .clamp:
            guard arity(3...3), let d = numbers() else { return .bad() }
            result = .number(d[0])
        case .mix:
            guard arity(3...3) else { return .bad() }
            guard isNumber(typed[2].type) else { error(.typeMismatch, "'mix' needs a number fraction as its third argument", args[2].range); return .bad() }
            guard Compiler.compatible(typed[0].type, typed[1].type) || (isNumber(typed[0].type) && isNumber(typed[1].type)) else {
                error(.typeMismatch, "'mix' needs two values of one type, found \(typed[0].type) and \(typed[1].type)", range)
                return .bad()
            }
            result = typed[0].type
        case .random:
            guard arity(0...2) else { return .bad() }
            if !args.isEmpty { guard let d = numbers() else { return .bad() }; result = .number(d[0]) }
            if args.count == 1 {
                error(.argumentCount, "'random' takes no arguments (0 ≤ x < 1) or two (a ≤ x < b)", range)
                return .bad()
            }
        case .rgb:
            guard arity(3...3), numbers() != nil else { return .bad() }
            result = .color
        case .rgba:
            guard arity(4...4), numbers() != nil else { return .bad() }
            result = .color
        case .hsl:
            guard arity(3...3), numbers() != nil else { return .bad() }
            result = .color
        case .point:
            guard arity(2...2), numbers() != nil else { return .bad() }
            result = .point
        case .charCount:
            guard arity(1...1) else { return .bad() }
            guard typed[0].type == .string else { error(.typeMismatch, "'char-count' needs a string, found \(typed[0].type)", args[0].range); return .bad() }
        case .substring:
            guard arity(2...3) else { return .bad() }
            guard typed[0].type == .string else { error(.typeMismatch, "'substring' needs a string first, found \(typed[0].type)", args[0].range); return .bad() }
            for (t, a) in zip(typed, args).dropFirst() where !isNumber(t.type) {
                error(.typeMismatch, "'substring' takes a string, a start index and a count, found \(t.type)", a.range)
                return .bad()
            }
            result = .string
        }
        if result == .color { warnColorRange(builtin, args, typed.map { fold($0).ir }) }
        return fold(Typed(ir: .call(builtin, typed.map(\.ir)), type: result))
    }

    /// linear-gradient([direction | start end,] stop, stop, …) where direction is a word
    /// (down, up, left, right, down-right …: unit-box points), an angle (0deg points up,
    /// 90deg right, measured in the layer's own space as CSS does), or two constant points
    /// in the unit box (CAGradientLayer's startPoint and endPoint);
    /// radial-gradient([center point,] stop, stop, …);
    /// conic-gradient([start angle,] [center point,] stop, stop, …) with the angle 0deg up,
    /// clockwise, as CSS's `from <angle>`. A stop is a colour with an optional location:
    /// `#fff 30%`.
    mutating func gradient(_ kind: GradientKind, _ args: [Expr], _ range: SourceRange, _ ctx: Context) -> Typed {
        var rest = args[...]
        var geometry: [Double]
        /// Whether `e` is geometry of this kind rather than a stop: a number literal (`point`
        /// false) or a tuple (`point` true), or a name (a `let`, a variable) with such a value.
        func isGeometry(_ e: Expr, point: Bool) -> Bool {
            if Compiler.isNumberLiteral(e) { return !point }
            if case .tuple = e.kind { return point }
            guard case .name(let n) = e.kind, environment.lets[n] != nil || isVariable(n) else { return false }
            let t = expression(e, ctx)
            return point ? t.type == .point : isNumber(t.type)
        }
        /// "…; a variable's value is read once" note for geometry that is not constant.
        func notConstant(_ e: Expr) -> String {
            if case .name(let n) = e.kind, isVariable(n) {
                return "; '\(n)' is a variable, and gradient geometry is fixed when the script compiles: to turn a gradient, turn its layer (rotation), or animate a stop's location"
            }
            return ""
        }
        if kind != .linear, let first = rest.first, let parts = Compiler.cssCentre(first), !isVariable("at") {
            // CSS's `[from] 30deg at (0.5, 0.5)` (or `circle at …`): wave gives the centre as
            // an argument of its own after the angle.
            let angle = kind == .conic ? parts.before.filter { Compiler.isNumberLiteral($0) } : []
            var fix: Diagnostic.FixIt? = nil, help: String? = nil
            if parts.after.count == 1, case .tuple(let xy) = parts.after[0].kind, xy.count == 2 {
                let written = (angle + parts.after).map { file.text(of: $0.range) }.joined(separator: ", ")
                fix = .init(first.range, written)
                help = "write '\(written)'"
            }
            let form = kind == .conic ? "conic-gradient(30deg, (0.5, 0.5), red, blue)" : "radial-gradient((0.5, 0.5), red, blue)"
            error(.badGradient, "CSS's 'at' does not place the centre in wave: the centre is a point in the layer's unit box, "
                  + "given as its own argument\(kind == .conic ? " after the angle" : ""): \(form)", first.range, help: help, fix: fix)
            return .bad(.paint)
        }
        if kind == .conic {
            geometry = [0, 0.5, 0.5]
            if let first = rest.first, case .stop(let word, let angle) = first.kind, case .name("from") = word.kind,
               !isVariable("from"), Compiler.isNumberLiteral(angle) {
                // CSS's `from 90deg`: the angle alone in wave, read as meant.
                error(.badGradient, "a conic gradient's start angle is written without 'from' in wave", word.range,
                      help: "delete 'from'", fix: .init(SourceRange(word.range.start, angle.range.start), ""))
                rest = [angle] + rest.dropFirst()
            }
            if let first = rest.first, isGeometry(first, point: false) {
                let t = expression(first, ctx)
                guard case .constant(.number(let angle)) = t.ir, t.type == .number(.angle) || t.type == .number(.none) else {
                    if !t.poisoned { error(.badGradient, "a conic gradient's start angle is a constant angle, such as 90deg\(notConstant(first))", first.range) }
                    return .bad(.paint)
                }
                if t.type == .number(.none) { warnPlainAngle(angle, first.range, what: "a gradient's angle") }
                geometry[0] = angle
                rest = rest.dropFirst()
            }
            if let first = rest.first, isGeometry(first, point: true) {
                let t = expression(first, ctx)
                guard case .constant(.point(let x, let y)) = t.ir else {
                    if !t.poisoned { error(.badGradient, "a conic gradient's centre is a constant point in the layer's unit box, such as (0.5, 0.5)\(notConstant(first))", first.range) }
                    return .bad(.paint)
                }
                geometry[1] = x
                geometry[2] = y
                rest = rest.dropFirst()
            }
        } else if kind == .linear {
            geometry = [0.5, 0, 0.5, 1]
            // CSS's side and corner words, and wave's own direction words after `to`.
            let sides = ["right": "right", "left": "left", "top": "up", "bottom": "down"]
                .merging(GradientDirection.allCases.map { ($0.rawValue, $0.rawValue) }) { a, _ in a }
            if let first = rest.first, case .stop(let to, let side) = first.kind, Compiler.startsWithTo(to), !isVariable("to"),
               Compiler.hyphenated(side).map({ sides[$0] != nil }) == true {
                // CSS's `to right`: wave's direction word; `to bottom right` (CSS's corner
                // form, which depends on the box's aspect) has no word of its own.
                guard case .name("to") = to.kind, let w = Compiler.hyphenated(side), let word = sides[w],
                      let g = GradientDirection(rawValue: word).flatMap({ Compiler.gradientDirections[$0] }) else {
                    error(.badGradient, "CSS's '\(file.text(of: first.range))' has no word in wave: write its angle (CSS turns it with the box's shape: "
                          + "135deg is 'to bottom right' on a square) or a corner-to-corner word such as 'down-right' (Core Animation's)", first.range)
                    return .bad(.paint)
                }
                error(.badGradient, "a gradient direction is a word without 'to' in wave: '\(word)'", first.range,
                      help: "replace '\(file.text(of: first.range))' with '\(word)'", fix: .init(first.range, word))
                geometry = g
                rest = rest.dropFirst()
            } else if let first = rest.first {
                if case .name(let w) = first.kind, let direction = GradientDirection(rawValue: w), let g = Compiler.gradientDirections[direction] {
                    geometry = g
                    rest = rest.dropFirst()
                } else if case .binary("-", _, _) = first.kind, let w = Compiler.hyphenated(first), file.text(of: first.range) == w,
                          !w.split(separator: "-").contains(where: { isDefinedName(String($0), ctx) }),
                          let s = Suggestion.best(for: w, among: GradientDirection.allCases.map(\.rawValue)) {
                    // `down-rigth`: one misspelt word, which the lexer could only read as
                    // `down - rigth`.
                    error(.badGradient, "unknown gradient direction '\(w)'; did you mean '\(s)'?", first.range, fix: .init(first.range, s))
                    return .bad(.paint)
                } else if case .name(let w) = first.kind, !isDefinedName(w, ctx),
                          let s = Suggestion.best(for: w, among: GradientDirection.allCases.map(\.rawValue)) {
                    error(.badGradient, "unknown gradient direction '\(w)'; did you mean '\(s)'?", first.range, fix: .init(first.range, s))
                    return .bad(.paint)
                } else if isGeometry(first, point: false) {
                    let t = expression(first, ctx)
                    guard case .constant(.number(let angle)) = t.ir, t.type == .number(.angle) || t.type == .number(.none) else {
                        if !t.poisoned { error(.badGradient, "a gradient direction is a word (down, up, left, right …) or a constant angle\(notConstant(first))", first.range) }
                        return .bad(.paint)
                    }
                    if t.type == .number(.none) { warnPlainAngle(angle, first.range, what: "a gradient's angle") }
                    geometry = [angle]   // resolved against the layer's bounds per frame
                    rest = rest.dropFirst()
                } else if isGeometry(first, point: true), rest.count >= 2, isGeometry(rest[rest.startIndex + 1], point: true) {
                    var points: [Double] = []
                    for e in rest.prefix(2) {
                        let t = expression(e, ctx)
                        guard case .constant(.point(let x, let y)) = t.ir else {
                            if !t.poisoned { error(.badGradient, "gradient start and end points are constant points in the layer's unit box, such as (0, 0) (1, 1)\(notConstant(e))", e.range) }
                            return .bad(.paint)
                        }
                        points += [x, y]
                    }
                    geometry = points
                    rest = rest.dropFirst(2)
                }
            }
        } else {
            geometry = [0.5, 0.5, 0.5]
            let shapes = ["circle", "ellipse", "closest-side", "farthest-corner", "closest-corner", "farthest-side"]
            if let first = rest.first, let w = Compiler.hyphenated(first), shapes.contains(w), !isVariable(w) {
                // CSS's ending shape and size: wave's radial gradient is one circle.
                let text = file.text(of: first.range)
                let next = rest.dropFirst().first?.range.start ?? first.range.end
                error(.badGradient, "'\(text)': a radial gradient in wave is one circle whose radius is half the larger side of the layer's bounds; "
                      + "leave the shape out", first.range, help: "delete '\(text)'", fix: .init(SourceRange(first.range.start, next), ""))
                rest = rest.dropFirst()
            }
            if let first = rest.first, isGeometry(first, point: true) {
                let t = expression(first, ctx)
                guard case .constant(.point(let x, let y)) = t.ir else {
                    if !t.poisoned { error(.badGradient, "a radial gradient centre is a constant point in the layer's unit box, such as (0.5, 0.5)\(notConstant(first))", first.range) }
                    return .bad(.paint)
                }
                geometry = [x, y, 0.5]
                rest = rest.dropFirst()
            }
        }
        // `red blue`: two stops without the comma between them read as a colour and its
        // location.
        for stop in rest {
            guard case .stop(let c, let loc) = stop.kind else { continue }
            var colour = false
            if case .color = loc.kind { colour = true }
            if case .name(let n) = loc.kind, namedColors[n] != nil, !isVariable(n), environment.lets[n] == nil { colour = true }
            guard colour else { continue }
            error(.badGradient, "'\(file.text(of: loc.range))' is a colour where a stop's location goes: a comma is missing between two stops",
                  loc.range, help: "add ',' after '\(file.text(of: c.range))'", fix: .init(SourceRange(c.range.end, c.range.end), ","))
            return .bad(.paint)
        }
        guard rest.count >= 2 else {
            error(.badGradient, "a gradient needs at least two colour stops", range)
            return .bad(.paint)
        }
        var stops: [IRExpr] = [], locations: [IRExpr?] = [], stopColours: [Expr] = []
        for stop in rest {
            var colorExpr = stop
            var location: IRExpr? = nil
            var written: Expr? = nil
            if case .stop(let c, let loc) = stop.kind {
                colorExpr = c
                written = loc
            } else if case .binary("-", let c, let loc) = stop.kind, Compiler.isNumberLiteral(loc), !Compiler.isNumberLiteral(c) {
                // `#ccc -20%`: a colour minus a number means nothing, so it is the stop
                // `#ccc (-20%)`, as CSS reads it.
                colorExpr = c
                written = Expr(.unary("-", loc), loc.range)
            }
            if let loc = written {
                if case .number(_, .pixels)? = Compiler.literalNumber(loc) {
                    error(.badGradient, "a stop location is a fraction of the gradient line (0.2 or 20%), not a length", loc.range)
                    return .bad(.paint)
                }
                let l = expression(loc, ctx)
                if l.poisoned { return .bad(.paint) }
                switch l.type {
                case .number(.none):
                    location = l.ir
                    // `red 50`: CSS's percentage without its sign, 50 gradient lengths.
                    if case .number(let v, nil) = loc.kind, v >= 2 {
                        let percent = Value.format(v) + "%"
                        warning(.valueRange, "a stop location of \(Value.format(v)) is \(Value.format(v)) gradient lengths (\(Value.format(v * 100))%); a percentage needs its '%'",
                                loc.range, help: "replace '\(file.text(of: loc.range))' with '\(percent)'", fix: .init(loc.range, percent))
                    }
                case .number(.angle) where kind == .conic:
                    // CSS's `conic-gradient(red 90deg, blue 180deg)`: an angle from the start
                    // angle is that fraction of the turn.
                    if case .constant(.number(let a)) = l.ir {
                        location = .constant(.number(a / (2 * Double.pi)))
                    } else {
                        location = .binary(.div, l.ir, .constant(.number(2 * Double.pi)))
                    }
                case .number(let d) where d != .none:
                    let only = d == .angle ? "; an angle places a stop only in a conic gradient" : ""
                    error(.badGradient, "a stop location is a fraction of the gradient line (0.2 or 20%), not \(Compiler.withArticle(d.rawValue))\(only)", loc.range)
                    return .bad(.paint)
                default:
                    error(.badGradient, "a stop location is a number or percentage, found \(l.type)", loc.range)
                    return .bad(.paint)
                }
            }
            let c = expression(colorExpr, ctx)
            if c.poisoned { return .bad(.paint) }
            guard c.type == .color else {
                error(.badGradient, "a gradient stop is a colour, found \(c.type)", colorExpr.range)
                return .bad(.paint)
            }
            stops.append(c.ir)
            locations.append(location)
            stopColours.append(colorExpr)
        }
        for (i, e) in stopColours.enumerated() {
            warnTransparent(e, beside: [i - 1, i + 1].filter(stops.indices.contains).map { stops[$0] }, what: "the gradient")
        }
        let ir = IRExpr.gradient(kind: kind, geometry: geometry, stops: stops, locations: locations)
        if let v = Compiler.constantGradient(ir) { return Typed(ir: .constant(v), type: .paint) }
        return Typed(ir: ir, type: .paint)
    }

    /// `transparent` (transparent black) written next to an opaque colour that is not black,
    /// in a gradient or a colour animation: wave, like Core Animation, interpolates straight
    /// colours, so the colour passes through darker shades to it, where CSS (premultiplied)
    /// fades the colour alone (W0016, with the colour at alpha 0 as the fix).
    mutating func warnTransparent(_ e: Expr, beside others: [IRExpr], what: String) {
        guard case .name("transparent") = e.kind, !isVariable("transparent") else { return }
        for o in others {
            guard case .constant(.color(let c)) = o, c.a > 0, c.r + c.g + c.b > 0 else { continue }
            let fade = "rgba(\(Int((c.r * 255).rounded())), \(Int((c.g * 255).rounded())), \(Int((c.b * 255).rounded())), 0)"
            warning(.transparentBlack, "'transparent' is transparent black, so \(what) darkens between it and the colour beside it (wave interpolates "
                    + "unpremultiplied, as Core Animation does; CSS does not); to fade that colour out, use it at alpha 0, \(fade)",
                    e.range, fix: .init(e.range, fade))
            return
        }
    }

    /// CSS's centre in a gradient's first argument, `30deg at (0.5, 0.5)`: the words and
    /// values before `at` and after it; nil when there is no `at`.
    static func cssCentre(_ e: Expr) -> (before: [Expr], after: [Expr])? {
        var parts: [Expr] = []
        func flatten(_ x: Expr) {
            if case .stop(let a, let b) = x.kind { flatten(a); flatten(b) } else { parts.append(x) }
        }
        flatten(e)
        guard parts.count > 1, let at = parts.firstIndex(where: { if case .name("at") = $0.kind { return true }; return false }) else {
            return nil
        }
        return (Array(parts[..<at]), Array(parts[(at + 1)...]))
    }

    /// The number literal `e` is, under any minus signs.
    static func literalNumber(_ e: Expr) -> Expr.Kind? {
        switch e.kind {
        case .number: return e.kind
        case .unary("-", let inner): return literalNumber(inner)
        default: return nil
        }
    }

    /// A number written as such, or negated (`-45deg`): where a gradient's angle goes.
    static func isNumberLiteral(_ e: Expr) -> Bool { literalNumber(e) != nil }

    /// path-length(L): the length of layer L's outline in its own units (before its
    /// position, scale and rotation), read afresh whenever the expression is evaluated.
    mutating func pathLength(_ args: [Expr], _ range: SourceRange, _ ctx: Context) -> Typed {
        guard args.count == 1 else {
            error(.argumentCount, "'path-length' takes 1 argument, a layer name, found \(args.count)", range)
            for a in args { _ = expression(a, ctx) }
            return .bad()
        }
        guard let (ref, index) = measuredLayer(args[0], for: "path-length", names: environment.layerNames, ctx) else { return .bad() }
        geometrySources.insert(index)
        return Typed(ir: .pathLength(ref), type: .number(.length))
    }

    /// Start and end points in the unit box for each direction word.
    /// Start and end in the unit box of each gradient direction.
    static let gradientDirections: [GradientDirection: [Double]] = [
        .down: [0.5, 0, 0.5, 1], .up: [0.5, 1, 0.5, 0], .right: [0, 0.5, 1, 0.5], .left: [1, 0.5, 0, 0.5],
        .downRight: [0, 0, 1, 1], .downLeft: [1, 0, 0, 1], .upRight: [0, 1, 1, 0], .upLeft: [1, 1, 0, 0],
    ]

    /// Builds the paint value of a gradient whose stops are all constant.
    public static func constantGradient(_ e: IRExpr) -> Value? {
        guard case .gradient(let kind, let g, let stops, let locations) = e else { return nil }
        var values: [GradientStopValue] = []
        for (s, l) in zip(stops, locations) {
            guard let c = ConstantFolder.value(of: s) else { return nil }
            var loc: Double? = nil
            if let l { guard let lv = ConstantFolder.value(of: l) else { return nil }; loc = lv.number }
            guard case .color(let rgba) = c else { return nil }
            values.append(GradientStopValue(location: loc, color: rgba))
        }
        return .paint(makeGradient(kind, geometry: g, stops: values))
    }

    /// Geometry as `IRExpr.gradient` documents it: linear [x0, y0, x1, y1] or [angle],
    /// radial [cx, cy, radius], conic [angle, cx, cy]; anything else (never produced) falls
    /// back to the kind's default.
    public static func makeGradient(_ kind: GradientKind, geometry g: [Double], stops: [GradientStopValue]) -> PaintValue {
        let linear = kind == .linear
        if kind == .conic {
            return g.count == 3 ? .conic(center: (g[1], g[2]), angle: g[0], stops: stops) : .conic(center: (0.5, 0.5), angle: 0, stops: stops)
        }
        if linear && g.count == 1 { return .angled(radians: g[0], stops: stops) }
        if linear { return g.count == 4 ? .linear(start: (g[0], g[1]), end: (g[2], g[3]), stops: stops)
                                        : .linear(start: (0.5, 0), end: (0.5, 1), stops: stops) }
        return g.count == 3 ? .radial(center: (g[0], g[1]), radius: g[2], stops: stops)
                            : .radial(center: (0.5, 0.5), radius: 0.5, stops: stops)
    }

    /// Whether `name` is a variable of the script (a `let` or a `var`).
    func isVariable(_ name: String) -> Bool { environment.lets[name] != nil || environment.globalIndex[name] != nil }

    /// Whether `e` is the word `to`, or a gradient stop that starts with it (`to bottom right`
    /// is read as the stop `to bottom` followed by `right`).
    static func startsWithTo(_ e: Expr) -> Bool {
        switch e.kind {
        case .name("to"): return true
        case .stop(let head, _): return startsWithTo(head)
        default: return false
        }
    }

    /// Whether `e` is a number literal written with `%`.
    static func isPercentLiteral(_ e: Expr) -> Bool {
        if case .number(_, .percent) = e.kind { return true }
        return false
    }

    /// W0008: constant arguments of `rgb`, `rgba` or `hsl` outside their ranges, which are
    /// clamped silently otherwise: components above 255, fractions where 0–255 is meant (as
    /// UIColor writes them), an alpha above 1, and saturation or lightness above 1 (CSS
    /// writes them as percentages).
    mutating func warnColorRange(_ f: Builtin, _ args: [Expr], _ values: [IRExpr]) {
        let numbers = values.map { v -> Double? in if case .constant(.number(let n)) = v { return n }; return nil }
        func warn(_ i: Int, _ message: String) { diagnostics.append(Diagnostic.warning(.colorRange, message, at: args[i].range)) }
        switch f {
        case .rgb, .rgba:
            if let i = (0..<3).first(where: { numbers[$0].map { $0 > 255 || $0 < 0 } ?? false }) {
                warn(i, "'\(f.rawValue)' components run from 0 to 255; \(Value.format(numbers[i] ?? 0)) is read as \(numbers[i] ?? 0 > 255 ? "255" : "0")")
            } else if (0..<3).allSatisfy({ numbers[$0].map { $0 >= 0 && $0 <= 1 } ?? false }),
                      (0..<3).contains(where: { numbers[$0].map { $0 != $0.rounded() } ?? false }),
                      !(0..<3).contains(where: { Compiler.isPercentLiteral(args[$0]) }) {
                warn(0, "'\(f.rawValue)' components run from 0 to 255, so these fractions make a colour close to black; "
                     + "for fractions of full write percentages, as in \(f.rawValue)(100%, 50%, 0%)")
            }
            if f == .rgba, let a = numbers[3], a > 1 || a < 0 {
                warn(3, "the alpha of 'rgba' runs from 0 to 1; \(Value.format(a)) is read as \(a > 1 ? "1 (opaque)" : "0")")
            }
        case .hsl:
            // CSS reads a unitless hue as degrees; wave, as everywhere an angle goes, as radians.
            if let h = numbers[0], case .number(_, nil) = args[0].kind { warnPlainAngle(h, args[0].range, what: "'hsl's hue") }
            for i in 1..<3 {
                if let v = numbers[i], v > 1 || v < 0 {
                    warn(i, "'hsl' \(i == 1 ? "saturation" : "lightness") is a fraction from 0 to 1; \(Value.format(v)) is read as \(v > 1 ? "1" : "0")"
                         + (v > 1 && v <= 100 ? ": write \(Value.format(v))%" : ""))
                }
            }
        default: break
        }
    }
}
