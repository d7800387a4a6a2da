import WaveSyntax

extension Compiler {
    /// animate/spring -> AnimationIR. Values are expressions evaluated when the animation
    /// starts; timing positions are constant ticks.
    mutating func compileAnimation(_ a: Animate, _ ctx: Context) -> AnimationIR? {
        // The statements after it compile here, after the animation itself: chains of
        // `then animate …` recurse through this small frame, not through the large one of
        // `compileAnimationItself`, so a chain at the documented depth fits the stack
        // (NestingLimitTests).
        guard var anim = compileAnimationItself(a, ctx) else { return nil }
        if a.then != nil || a.reached != nil {
            var later = ctx
            later.later = true
            if let then = a.then { anim.then = compileBody(then, later) }
            if let reached = a.reached {
                anim.reached = compileBody(reached, later)
                anim.reachTick = Compiler.reachTick(of: anim.timing)
            }
        }
        return anim
    }

    /// The animation without the statements that follow it (`compileAnimation` adds them).
    @inline(never)
    mutating func compileAnimationItself(_ a: Animate, _ ctx: Context) -> AnimationIR? {
        guard optionsAgree(a) else { return nil }
        var targets: [Target] = []
        var valueType: ValueType? = nil
        var morph: MorphIR? = nil
        for t in a.targets {
            if let layer = morphTarget(t) {
                guard a.targets.count == 1 else {
                    error(.typeMismatch, "a path morph animates one layer's 'path' on its own", t.range)
                    return nil
                }
                guard let m = compileMorph(a, layer: layer, ctx) else { return nil }
                morph = m
                continue
            }
            guard let (target, type) = target(t, ctx) else { continue }
            if case .instanceVar = target {
                error(.notAnimatable, "a template parameter cannot be animated; change it in 'every tick { … }', or animate a property", t.range)
                continue
            }
            if case .layer(_, let p) = target, !p.isAnimatable {
                if p == .dash || p == .points {
                    // A list: its numbers can be bound to variables, which animate.
                    let example = p == .dash ? "'var on = 10' … 'dash [on, 150]' … 'animate on to 100 over 1s'" : "'var x = 0' … 'points [(x, 0), (50, 80)]' … 'animate x to 100 over 1s'"
                    error(.notAnimatable, "'\(p.rawValue)' is a list and cannot be animated; write its numbers with variables and animate those: \(example)", t.range)
                } else {
                    error(.notAnimatable, "'\(p.rawValue)' cannot be animated; assign it instead", t.range)
                }
                continue
            }
            if case .bool = type { error(.notAnimatable, "a bool cannot be animated", t.range); continue }
            if case .string = type { error(.notAnimatable, "a string cannot be animated", t.range); continue }
            if let vt = valueType, !Compiler.compatible(vt, type), !(isNumber(vt) && isNumber(type)) {
                error(.typeMismatch, "all targets of one animation must have the same type: \(vt) and \(type)", t.range)
                continue
            }
            valueType = valueType ?? type
            targets.append(target)
        }
        guard !targets.isEmpty || morph != nil, let type = valueType ?? (morph != nil ? .point : nil) else { return nil }
        let expected: ValueType = type == .color ? .paint : type
        func value(_ label: ClauseLabel) -> IRExpr? {
            guard morph == nil, let e = a.arg(label)?.value else { return nil }
            let written = expression(e, ctx)
            let before = diagnostics.count
            let t = coerce(written, to: expected, words: [], range: e.range, what: "'\(label.rawValue)'")
            if targets.count == 1, case .layer(_, let p) = targets[0] { explainMismatch(since: before, p) }
            return t.poisoned ? nil : t.ir
        }
        var anim = AnimationIR(targets: targets, from: value(.from), to: value(.to), by: value(.by),
                               keyframes: [], keyTimes: [], keyframeMode: .linear, segmentTimings: [],
                               durationTicks: 15, delayTicks: 0, timing: .linear, repeatCount: nil,
                               repeatDurationTicks: nil, autoreverses: a.arg(.autoreverse) != nil, fill: .forwards,
                               then: [], range: a.range)
        if expected == .paint, morph == nil {
            // `to transparent` next to the other end, or the target's declared colour.
            func colour(_ e: IRExpr?) -> IRExpr? {
                if case .constant(.paint(.color(let c)))? = e { return .constant(.color(c)) }
                if case .constant(.color(let c))? = e { return .constant(.color(c)) }
                return nil
            }
            let declared = targets.compactMap { t -> IRExpr? in
                guard case .layer(.declared(let i), let p) = t else { return nil }
                return colour(environment.layers[i].properties[p])
            }
            for (label, other) in [(ClauseLabel.from, anim.to), (.to, anim.from)] {
                guard let e = a.arg(label)?.value else { continue }
                warnTransparent(e, beside: (colour(other).map { [$0] } ?? []) + declared, what: "the animation")
            }
        }
        anim.morph = morph
        if let r = a.arg(.rotate), a.arg(.along) == nil {
            error(.unknownOption, "'rotate' turns a layer moving along a path; it goes with 'along'", r.label.range)
            return nil
        }
        if a.isSpring {
            guard a.arg(.along) == nil else {
                error(.incompleteAnimation, "a spring moves toward a value, not along a path: write 'animate … along PATH over D'", a.range)
                return nil
            }
            guard anim.to != nil || anim.by != nil || morph?.to != nil else {
                // A value written but wrong is reported already.
                if a.arg(.to)?.value == nil && a.arg(.by)?.value == nil {
                    error(.incompleteAnimation, "a spring needs a target value: 'spring x to 1'", a.range)
                }
                return nil
            }
            guard let params = springParameters(a) else { return nil }
            anim.timing = .spring(params)
            anim.durationTicks = max(1, min(Compiler.maxTicks, (Spring(params).settlingTime * 60).clampedInt(nan: Compiler.maxTicks)))
            if let d = a.arg(.over)?.value {
                switch timeSlot(d, what: "a spring's length", ctx) {
                case .ticks(let ticks): anim.durationTicks = max(1, ticks)
                case .dynamic(let ir): anim.dynamicTiming.duration = ir
                case nil: return nil
                }
            }
        } else {
            if let along = a.arg(.along) {
                guard let motion = compileMotion(a, along, targets, ctx) else { return nil }
                anim.motion = motion
            } else if let m = morph {
                if !m.keyframes.isEmpty { guard compileKeyTiming(m.keyframes.count, a, into: &anim) else { return nil } }
                guard anim.keyframeMode == .linear || anim.keyframeMode == .discrete else {
                    error(.badKeyframes, "a path morph's 'mode' is linear or discrete", a.arg(.mode)?.value?.range ?? a.range)
                    return nil
                }
            } else if let valuesArg = a.arg(.values)?.value {
                guard compileKeyframes(valuesArg, a, expected, ctx, into: &anim) else { return nil }
            } else if anim.from == nil && anim.to == nil && anim.by == nil {
                if ![ClauseLabel.from, .to, .by].contains(where: { a.arg($0)?.value != nil }) {   // a wrong one is reported already
                    error(.incompleteAnimation, "an animation needs 'from', 'to', 'by' or 'values'", a.range)
                }
                return nil
            }
            guard let over = a.arg(.over) ?? a.arg(.duration) else {
                error(.incompleteAnimation, "an animation needs a duration: 'over 2s'", a.range)
                return nil
            }
            guard let d = over.value else { return nil }   // the parser reported the missing value
            switch timeSlot(d, what: "an animation's duration", ctx) {
            case .ticks(let ticks): anim.durationTicks = ticks
            case .dynamic(let ir): anim.dynamicTiming.duration = ir
            case nil: return nil
            }
            if let e = a.arg(.ease)?.value, let f = timingFunction(e) { anim.timing = f }
        }
        if let d = (a.arg(.delay) ?? a.arg(.begin))?.value {
            // A negative delay starts the animation part-way through (CA timeOffset, a CSS
            // negative animation-delay).
            switch timeSlot(d, what: "a delay", ctx, allowNegative: true) {
            case .ticks(let ticks): anim.delayTicks = ticks
            case .dynamic(let ir): anim.dynamicTiming.delay = ir
            case nil: break
            }
        }
        if let r = a.arg(.repeat)?.value {
            let forever = StatementWord.forever.rawValue
            if case .name(forever) = r.kind { anim.repeatCount = .infinity }
            else if case .name(let w) = r.kind, Vocabulary.foreverSynonyms.contains(w) {
                error(.unknownName, "unknown name '\(w)': an endless repeat is 'repeat forever'", r.range, fix: .init(r.range, forever))
                anim.repeatCount = .infinity
            } else if let (n, ir) = numberSlot(r, what: "a repeat count", ctx) {
                if let ir { anim.dynamicTiming.repeatCount = ir; anim.repeatCount = 1 }
                else if let n {
                    guard n > 0 else {
                        // `repeat -1`: GSAP's and some other tools' "forever".
                        error(.outOfRange, "a repeat count must be more than 0" + (n == -1 ? "; an endless repeat is 'repeat forever'" : ""),
                              r.range, fix: n == -1 ? .init(r.range, forever) : nil)
                        return nil
                    }
                    anim.repeatCount = n
                }
            }
        }
        if let r = a.arg(.repeatFor)?.value, let ticks = constantTicks(r, what: "a repeat duration") { anim.repeatDurationTicks = ticks }
        if let f = a.arg(.fill)?.value {
            if case .name(let w) = f.kind, let mode = FillMode(rawValue: w) { anim.fill = mode }
            else {
                let modes = FillMode.allCases.map(\.rawValue)
                error(.unknownWord, "'fill' is one of \(modes.joined(separator: ", "))\(Compiler.wordHint(f, modes))", f.range, fix: Compiler.wordFix(f, modes))
            }
        }
        return anim
    }

    /// A spring's first tick at its target (`Spring.reachTicks`); nil for other timings.
    @inline(never)
    static func reachTick(of timing: TimingFunction) -> Int? {
        if case .spring(let p) = timing { return Spring(p).reachTicks }
        return nil
    }

    mutating func springParameters(_ a: Animate) -> SpringParameters? {
        var p = SpringParameters()
        func number(_ label: ClauseLabel) -> Double? {
            guard let e = a.arg(label)?.value else { return nil }
            return constantNumber(e, what: "'\(label.rawValue)'")
        }
        func seconds(_ label: ClauseLabel) -> Double? {
            guard let e = a.arg(label)?.value else { return nil }
            let t = expression(e, Context())
            guard case .constant(.number(let v)) = t.ir else {
                if !t.poisoned { error(.notConstant, "'\(label.rawValue)' must be a constant duration", e.range) }
                return nil
            }
            if case .number(let d) = t.type, d != .time && (d != .none || v >= 50) {
                // A plain number is seconds, as SwiftUI's `response: 0.5`; `response 500` is
                // milliseconds without their unit, the fix as for `over 500`.
                badDuration(e, t, what: "'\(label.rawValue)'")
                return nil
            }
            return v
        }
        if let f = a.arg(.dampingFraction), let b = a.arg(.bounce) {
            error(.unknownOption, "'bounce' and 'damping-fraction' say the same thing two ways (ζ = 1 − bounce); give one",
                  b.label.range.start > f.label.range.start ? b.label.range : f.label.range)
            return nil
        }
        let perceptual = a.arg(.dampingFraction) != nil || a.arg(.bounce) != nil
        if perceptual || a.arg(.response) != nil || a.arg(.duration) != nil,
           let physical = [ClauseLabel.mass, .stiffness, .damping].compactMap({ a.arg($0) }).first {
            // The two forms fix the same two numbers: mixed, one would silently undo the other.
            // `duration` is the response (SwiftUI's `.spring(duration:bounce:)`); with Core
            // Animation's numbers the time a spring takes follows from them (settlingDuration).
            let timed = perceptual || a.arg(.response) != nil ? "" : "; with stiffness, damping and mass the time it takes follows from them, "
                + "so leave 'duration' out (it is SwiftUI's response)"
            error(.unknownOption, "'\(physical.label.name)' is Core Animation's form of a spring and response (or duration), damping-fraction "
                  + "and bounce SwiftUI's: give one form\(timed)", physical.label.range)
            return nil
        }
        if let response = seconds(.response) ?? seconds(.duration) ?? (perceptual ? Spring.defaultResponse : nil) {
            guard response > 0 else { error(.outOfRange, "a spring's response must be more than 0", a.range); return nil }
            var fraction = number(.dampingFraction) ?? 1
            if let f = a.arg(.dampingFraction), !(fraction >= 0) || !fraction.isFinite {
                error(.outOfRange, "'damping-fraction' is the damping ratio ζ, 0 or more (1 is critically damped), found \(Value.format(fraction))", f.value?.range ?? f.label.range)
                return nil
            }
            if let bounce = number(.bounce) {
                guard bounce > -1, bounce <= 1 else {
                    error(.outOfRange, "'bounce' goes from above -1 to 1 (0 is no bounce, 1 bounces forever), found \(Value.format(bounce))",
                          a.arg(.bounce)?.value?.range ?? a.range)
                    return nil
                }
                fraction = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            }
            p = Spring.perceptual(response: response, dampingFraction: fraction)
        }
        if let m = number(.mass) { p.mass = m }
        if let k = number(.stiffness) { p.stiffness = k }
        if let c = number(.damping) { p.damping = c }
        if let v = number(.velocity) ?? number(.initialVelocity) { p.initialVelocity = v }
        guard p.mass > 0, p.stiffness > 0, p.damping >= 0, p.mass.isFinite, p.stiffness.isFinite, p.damping.isFinite, p.initialVelocity.isFinite else {
            // At the value that is out of range, when one was written.
            let culprit = [(ClauseLabel.mass, !(p.mass > 0) || !p.mass.isFinite), (.stiffness, !(p.stiffness > 0) || !p.stiffness.isFinite),
                           (.damping, !(p.damping >= 0) || !p.damping.isFinite)]
                .first { $0.1 && a.arg($0.0) != nil }.flatMap { a.arg($0.0)?.value?.range }
            error(.outOfRange, "a spring needs mass > 0, stiffness > 0 and damping ≥ 0", culprit ?? a.range)
            return nil
        }
        return p
    }

    /// An unknown curve word: the nearest name, or the list of names and then the two curves
    /// that take arguments.
    private mutating func unknownCurve(_ n: String, _ curves: [String], _ range: SourceRange) {
        // No near name: `didYouMean` lists the words (the curves are few), and the rest follow.
        let more = suggestion(for: n, among: curves) == nil ? "; or cubic-bezier(x1, y1, x2, y2), steps(n) or linear(points…)" : ""
        error(.unknownTimingCurve, "unknown timing curve '\(n)'\(didYouMean(n, curves))\(more)", range, fix: fixIt(n, curves, range))
    }

    /// ease NAME | cubic-bezier(x1, y1, x2, y2) | steps(n[, jump-start|jump-end|jump-none|jump-both])
    ///      | linear(output [position [position]], …)
    mutating func timingFunction(_ e: Expr) -> TimingFunction? {
        let curves = TimingCurveName.allCases.map(\.rawValue)
        if case .name(let n) = e.kind {
            if let meant = Vocabulary.timingCurveSynonyms[n]?.rawValue, let f = Timing.named[meant] {
                // Core Animation's and SwiftUI's names: wave's spelling, read as it.
                calledOtherwise(.unknownTimingCurve, "timing curve", n, e.range, meant: meant)
                return f
            }
        }
        var springName: String? = nil
        if case .name("spring") = e.kind { springName = "spring" }
        if case .call(let f, _) = e.kind, f.name.lowercased().contains("spring") { springName = f.name }
        if let springName {
            // `ease spring`, `ease spring(1, 100, 10, 0)` (Lottie, CSS libraries, SwiftUI's .spring()).
            error(.unknownTimingCurve, "\(springName == "spring" ? "a spring" : "'\(springName)'") is not a timing curve in wave but an animation "
                  + "of its own: write 'spring LAYER.PROPERTY to VALUE' (with stiffness, damping, mass)", e.range)
            return nil
        }
        var written: String? = nil
        if case .name(let n) = e.kind { written = n } else if let joined = Compiler.hyphenated(e) { written = joined }
        if let n = written, TimingCurveName(rawValue: n) == nil {
            let key = Vocabulary.curveKey(n)
            if let (x1, y1, x2, y2) = Vocabulary.namedBezierCurves[key] {
                // easings.net's names (`easeOutBack`): their cubic-bezier, read as it.
                let f = Value.format
                let call = "cubic-bezier(\(f(x1)), \(f(y1)), \(f(x2)), \(f(y2)))"
                error(.unknownTimingCurve, "'\(n)' is \(call) in wave", e.range, fix: .init(e.range, call))
                return .cubicBezier(x1, y1, x2, y2)
            }
            if key.contains("bounce") {
                // The one-sided bounce is easeOutBounce; the others have no name in wave.
                error(.unknownTimingCurve, "'\(n)' has no name in wave: '\(TimingCurveName.easeOutBounce.rawValue)' is easings.net's easeOutBounce "
                      + "(a ball landing, never past the end), and linear(…) draws any other curve through its points", e.range)
                return nil
            }
            if ["elastic", "spring"].contains(where: { key.hasSuffix($0) || key.hasPrefix($0) }), key != "spring" {
                error(.unknownTimingCurve, "'\(n)' has no cubic-bezier form: its overshoot and rebound are a spring's, "
                      + "'spring LAYER.PROPERTY to VALUE { bounce 0.5 }'", e.range)
                return nil
            }
        }
        if let joined = Compiler.hyphenated(e), TimingCurveName(rawValue: joined) == nil {
            // `ease-inout` lexes as a subtraction; report it as the misspelt word it is.
            unknownCurve(joined, curves, e.range)
            return nil
        }
        switch e.kind {
        case .name(let n):
            // The names come from the vocabulary, their control points from `Timing.named`.
            if let name = TimingCurveName(rawValue: n), let f = Timing.named[name.rawValue] { return f }
            unknownCurve(n, curves, e.range)
        case .string(let text) where TimingCurveName(rawValue: text) != nil:
            // `ease "ease-in"`: the name in quotes.
            error(.unknownTimingCurve, "a timing curve is a word, not a string: write \(text) without quotes", e.range, fix: .init(e.range, text))
            return Timing.named[text]
        case .call(let f, let args) where EasingFunction(rawValue: f.name) == .cubicBezier:
            guard args.count == 4 else { error(.argumentCount, "cubic-bezier takes 4 numbers, x1, y1, x2, y2 (as CSS's), found \(args.count)", e.range); return nil }
            var v: [Double] = []
            for a in args { guard let n = constantNumber(a, what: "a cubic-bezier control value") else { return nil }; v.append(n) }
            guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
                error(.badCurveArguments, "cubic-bezier x values must be between 0 and 1", e.range)
                return nil
            }
            return .cubicBezier(v[0], v[1], v[2], v[3])
        case .call(let f, let args) where f.name == TimingCurveName.linear.rawValue:
            return linearPoints(args, e.range)
        case .call(let f, let args) where EasingFunction(rawValue: f.name) == .steps:
            guard (1...2).contains(args.count) else {
                error(.argumentCount, "steps takes a whole number of steps ≥ 1 and an optional position", e.range)
                return nil
            }
            guard let n = constantNumber(args[0], what: "a step count") else { return nil }
            guard n >= 1, n == n.rounded(), n < 1e6 else {
                error(.badCurveArguments, "steps takes a whole number of steps ≥ 1, found \(Value.format(n))", args[0].range)
                return nil
            }
            var pos = StepPosition.jumpEnd
            if args.count == 2 {
                guard case .name(let w) = args[1].kind, let p = StepPosition(rawValue: w) ?? (w == "start" ? .jumpStart : w == "end" ? .jumpEnd : nil) else {
                    error(.unknownWord, "a step position is \(StepPosition.allCases.map(\.rawValue).joined(separator: ", "))", args[1].range)
                    return nil
                }
                pos = p
            }
            if pos == .jumpNone && n < 2 { error(.badCurveArguments, "steps(n, jump-none) needs n ≥ 2", e.range); return nil }
            return .steps(Int(n), pos)
        default:
            error(.unknownTimingCurve, "expected a timing curve: \(curves.joined(separator: ", ")), cubic-bezier(…), steps(…) or linear(…)", e.range)
        }
        return nil
    }

    /// `a-b-c` written as names joined by minus signs, or nil.
    static func hyphenated(_ e: Expr) -> String? {
        switch e.kind {
        case .binary("-", let l, let r):
            guard let a = hyphenated(l), case .name(let b) = r.kind else { return nil }
            return a + "-" + b
        case .name(let n): return n
        default: return nil
        }
    }

    /// values [a, b, c] [times [0, 0.3, 1]] [mode discrete|linear|cubic|paced] [eases [...]]
    mutating func compileKeyframes(_ valuesExpr: Expr, _ a: Animate, _ type: ValueType, _ ctx: Context, into anim: inout AnimationIR) -> Bool {
        guard case .list(let items) = valuesExpr.kind, items.count >= 2 else {
            error(.badKeyframes, "'values' takes a list of at least two values: values [0, 10, 0]", valuesExpr.range)
            return false
        }
        for item in items {
            let t = coerce(expression(item, ctx), to: type, words: [], range: item.range, what: "a keyframe")
            if t.poisoned { return false }
            anim.keyframes.append(t.ir)
        }
        return compileKeyTiming(items.count, a, into: &anim)
    }

    /// For key times that rise from 0 but end before 1 (CSS's keyframes may stop at 60 %;
    /// wave's last value is the one at time 1): the two ways to say what shows after the
    /// last key, written out when the lists are.
    func keysEndingEarlyHelp(_ times: [Double], _ ts: [Expr], _ a: Animate) -> String? {
        guard times.first == 0, let last = times.last, last < 1, zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else { return nil }
        var hold = "add the value to hold at time 1"
        if let v = a.arg(.values)?.value, case .list(let items) = v.kind, let final = items.last {
            let text = { (list: [Expr]) in list.map { self.file.text(of: $0.range) }.joined(separator: ", ") }
            hold += " ('values [\(text(items)), \(file.text(of: final.range))] times [\(text(ts)), 1]')"
        }
        return "the keys end at \(Value.format(last)): \(hold), or write 'mode discrete' to hold each value from its key time"
    }

    /// The key timing of n keyframes: [times [...]] [mode …] [eases [...]].
    mutating func compileKeyTiming(_ n: Int, _ a: Animate, into anim: inout AnimationIR) -> Bool {
        let discrete: Bool
        if let m = a.arg(.mode)?.value, case .name(let w) = m.kind, KeyframeMode(rawValue: w) == .discrete { discrete = true } else { discrete = false }
        if let timesExpr = a.arg(.times)?.value {
            guard case .list(let ts) = timesExpr.kind, ts.count == n else {
                error(.badKeyframes, "'times' needs one key time per value (\(n))", timesExpr.range)
                return false
            }
            var times: [Double] = []
            for t in ts { guard let v = constantNumber(t, what: "a key time") else { return false }; times.append(v) }
            // Discrete values hold from their key time to the next, so the last may start
            // before 1 (SVG's keyTimes for calcMode="discrete").
            guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }), times.first == 0,
                  discrete ? (times.last ?? 0) <= 1 : times.last == 1 else {
                error(.badKeyframes, "key times must rise from 0 to 1", timesExpr.range, help: keysEndingEarlyHelp(times, ts, a))
                return false
            }
            anim.keyTimes = times
        } else if discrete {
            // Each of n values holds for an equal share (SVG calcMode="discrete", Core
            // Animation's kCAAnimationDiscrete without keyTimes).
            anim.keyTimes = (0..<n).map { Double($0) / Double(n) }
        } else {
            anim.keyTimes = (0..<n).map { Double($0) / Double(n - 1) }
        }
        if let m = a.arg(.mode)?.value {
            guard case .name(let w) = m.kind, let mode = KeyframeMode(rawValue: w) else {
                error(.unknownWord, "'mode' is one of \(KeyframeMode.allCases.map(\.rawValue).joined(separator: ", "))\(Compiler.wordHint(m, KeyframeMode.allCases.map(\.rawValue)))", m.range,
                      fix: Compiler.wordFix(m, KeyframeMode.allCases.map(\.rawValue)))
                return false
            }
            anim.keyframeMode = mode
        }
        if let e = a.arg(.eases)?.value {
            // One curve serves every segment, as CSS's animation-timing-function does.
            guard case .list(let fs) = e.kind, fs.count == n - 1 || fs.count == 1 else {
                error(.badKeyframes, "'eases' needs one timing curve per segment (\(n - 1)), or one for all of them", e.range)
                return false
            }
            for f in fs { guard let tf = timingFunction(f) else { return false }; anim.segmentTimings.append(tf) }
            if fs.count == 1, n > 2 { anim.segmentTimings = Array(repeating: anim.segmentTimings[0], count: n - 1) }
        }
        return true
    }

    /// sequence { animate …; animate … } runs them one after another; parallel starts them
    /// together; `stagger D` offsets each start by D more than the previous.
    mutating func compileAnimationGroup(kind: Identifier, args: [Arg], body: [Stmt], _ ctx: Context) -> [IRStmt]? {
        var anims: [AnimationIR] = []
        for s in body {
            guard case .animate(let a) = s.kind else {
                if case .animationGroup(let inner, _, _) = s.kind {
                    error(.misplacedStatement, "'\(inner.name)' cannot go inside '\(kind.name)': groups do not nest; give the animations "
                          + "inside 'delay' options, or chain them with 'then'", s.range)
                    continue
                }
                error(.misplacedStatement, "only 'animate' and 'spring' go inside '\(kind.name)'", s.range)
                continue
            }
            guard !refusesChildren(a) else { continue }
            if let st = a.arg(.stagger) {
                anims += staggeredInGroup(a, st, group: kind.name, ctx)
                continue
            }
            if let anim = compileAnimation(memberTargetsExpanded(a, ctx), ctx) { anims.append(anim) }
        }
        guard optionsGivenOnce(args) != nil else { return nil }
        var stagger = 0, delay = 0
        if let s = args.first(.stagger)?.value, let t = constantTicks(s, what: "a stagger") { stagger = t }
        if let d = args.first(.delay)?.value, let t = constantTicks(d, what: "a delay") { delay = t }
        if let r = args.first(.repeat), file.text(of: r.label.range) == ClauseLabel.repeat.rawValue {   // a misspelling is reported already
            // A group has no repeat of its own: a timer starts it again.
            error(.misplacedStatement, "'\(kind.name)' has no 'repeat': start it again from a timer, 'every D { \(kind.name) { … } }' "
                  + "with D its length, or give each animation inside its own repeat", r.label.range)
        }
        return [.animationGroup(parallel: kind.name == "parallel", staggerTicks: stagger, delayTicks: delay, anims)]
    }

    /// `stagger D` on one animation inside a group: in `parallel`, its several targets (or
    /// `G.children.P`) become one animation each, the k-th starting k·D after the first;
    /// in `sequence`, where each animation is one step, it is an error (nothing says how a
    /// step of several staggered starts would end), as it is on a repeated layer's copies
    /// (one statement of their own spreads those: `delay index * D`).
    mutating func staggeredInGroup(_ a: Animate, _ st: Arg, group: String, _ ctx: Context) -> [AnimationIR] {
        let own = "give it a statement of its own after the group ('then'), or use the group's own 'stagger'"
        guard group == "parallel" else {
            error(.unknownOption, "'stagger' inside 'sequence' has no one step to spread: put the animation in a 'parallel' group, or \(own)",
                  st.label.range)
            return []
        }
        var b = a
        let expanded: [IRStmt]?
        if isChildrenTarget(a) {
            expanded = expandChildren(a, ctx)
        } else if a.targets.count == 1, repeatedTarget(a.targets, ctx) != nil {
            error(.unknownOption, "'stagger' on a repeated layer's copies goes on a statement of its own ('animate … stagger D' or 'delay index * D'), "
                  + "not inside 'parallel'", st.label.range)
            return []
        } else {
            expanded = staggerAnimation(&b, st, ctx)
        }
        var anims: [AnimationIR] = []
        for case .animationGroup(_, let ticks, _, let inner) in expanded ?? [] {
            for (k, var anim) in inner.enumerated() {
                if let delay = anim.dynamicTiming.delay {
                    // A delay computed when it starts replaces delayTicks: the offset goes in it.
                    anim.dynamicTiming.delay = .binary(.add, delay, .constant(.number(Double(k * ticks) / 60)))
                } else {
                    anim.delayTicks += k * ticks
                }
                anim.joinsPrevious = k > 0
                anims.append(anim)
            }
        }
        return anims
    }

    /// Options given twice (`over 1s over 2s`), or two that give the same thing
    /// (`response` and `duration` of a spring, `to` and `by`, `values` with `from`): one
    /// error at the later one, where otherwise the first would silently win. False after one.
    mutating func optionsAgree(_ a: Animate) -> Bool {
        let sameAs: [ClauseLabel: ClauseLabel] = a.isSpring ? [.duration: .response] : [.duration: .over, .begin: .delay]
        guard let seen = optionsGivenOnce(a.args, sameAs: sameAs) else { return false }
        let ends = [ClauseLabel.from, .to, .by].compactMap { seen[$0.rawValue] }
        if ends.count == 3 {
            // Core Animation defines each pair (from/to, from/by, by/to), not all three.
            let last = ends.max { $0.label.range.start < $1.label.range.start }!
            error(.duplicateProperty, "'from', 'to' and 'by' together say where it starts and ends twice (by is to minus from); give two of them",
                  last.label.range)
            return false
        }
        if seen[ClauseLabel.values.rawValue] != nil, let end = ends.first {
            error(.duplicateProperty, "'values' gives every keyframe, the first and last too: '\(end.label.name)' does not go with it", end.label.range)
            return false
        }
        return true
    }

    /// The options by name (`sameAs` maps a synonym to the name it counts as), or nil after
    /// reporting one given twice (`stagger 0.1s … stagger 0.2s`), where otherwise the first
    /// would silently win.
    mutating func optionsGivenOnce(_ args: [Arg], sameAs: [ClauseLabel: ClauseLabel] = [:]) -> [String: Arg]? {
        var seen: [String: Arg] = [:]
        for arg in args {
            let key = arg.clauseLabel.flatMap { sameAs[$0]?.rawValue } ?? arg.label.name
            guard let first = seen[key] else { seen[key] = arg; continue }
            let (line, column) = file.location(of: first.label.range.start)
            if first.label.name == arg.label.name {
                error(.duplicateProperty, "'\(arg.label.name)' is given twice (first at \(line):\(column)); give it once", arg.label.range,
                      notes: [.init("'\(first.label.name)' is first given here", first.label.range)])
            } else {
                error(.duplicateProperty, "'\(first.label.name)' and '\(arg.label.name)' give the same thing (the first at \(line):\(column)); give one",
                      arg.label.range, notes: [.init("'\(first.label.name)' is given here", first.label.range)])
            }
            return nil
        }
        return seen
    }

    /// An animation inside `sequence`/`parallel` with every copy of a repeated layer
    /// (`dot.stroke`) or every child of a group that has the property (`row.children.opacity`)
    /// as its targets: one step that moves them all together.
    func memberTargetsExpanded(_ a: Animate, _ ctx: Context) -> Animate {
        var out = a
        out.targets = a.targets.flatMap { t -> [Expr] in
            if let ct = ChildrenTarget(t), case .name(let gn) = ct.group.kind,
               let gi = environment.layerIndex[gn], environment.layers[gi].kind == .group, repeatedAncestor(of: gi) == nil {
                // Every child that has the property, and every copy of a repeated one.
                let g = ct.group
                let named = environment.layers[gi].children.map { environment.layers[$0] }
                    .filter { c in Property(rawValue: ct.prop.name).map { $0.applies(to: c.kind) } ?? false }
                    .flatMap { c -> [Expr] in
                        let name = Expr(.name(c.name), g.range)
                        guard let count = c.count, !c.isTemplate, count <= Compiler.maxStaggeredCopies else { return [ct.on(name)] }
                        return (0..<count).map { k in ct.on(Expr(.index(name, Expr(.number(Double(k), nil), g.range)), g.range)) }
                    }
                return named.isEmpty ? [t] : named
            }
            // `dot.position` and a component of it, `dot.position.y`: the copy goes on the layer.
            var base = t, members: [Identifier] = []
            while case .member(let inner, let member) = base.kind { members.insert(member, at: 0); base = inner }
            guard !members.isEmpty, case .name(let n) = base.kind, environment.lets[n] == nil, environment.globalIndex[n] == nil,
                  let l = environment.layerIndex[n], l != ctx.copyOf, !environment.layers[l].isTemplate,
                  let count = environment.layers[l].count, count > 0, count <= 1000,
                  environment.layers[l].parent.flatMap({ repeatedAncestor(of: $0) }) == nil else { return [t] }
            return (0..<count).map { k in
                var e = Expr(.index(base, Expr(.number(Double(k), nil), base.range)), base.range)
                for member in members { e = Expr(.member(e, member), base.range.to(member.range)) }
                return e
            }
        }
        return out
    }

    /// effect LAYER NAME over D [delay D] [seed N]
    mutating func compileEffect(layer: Expr, name: Identifier, args: [Arg], _ range: SourceRange, _ ctx: Context) -> EffectIR? {
        guard optionsGivenOnce(args, sameAs: [.duration: .over, .begin: .delay]) != nil else { return nil }
        var ref: LayerRef
        if case .index(let base, let k) = layer.kind, case .name(let n) = base.kind, let index = environment.layerIndex[n] {
            // `effect w[1] fade …`: one copy of a repeated text layer.
            guard let copy = copyRef(base, k, ctx) else { return nil }
            guard environment.layers[index].kind == .text else {
                error(.wrongLayerUse, "text effects apply to text layers; '\(n)' is a \(environment.layers[index].kind.rawValue)", base.range)
                return nil
            }
            ref = copy
        } else if case .name(let n) = layer.kind, let index = environment.layerIndex[n] {
            guard environment.layers[index].kind == .text else {
                error(.wrongLayerUse, "text effects apply to text layers; '\(n)' is a \(environment.layers[index].kind.rawValue)", layer.range)
                return nil
            }
            guard !environment.layers[index].isTemplate else {
                error(.wrongLayerUse, "'\(n)' is a template: use 'effect self …' inside 'spawn \(n) { … }'", layer.range)
                return nil
            }
            ref = ctx.copyOf == index ? .current : .declared(index)
        } else if case .name("self") = layer.kind, let l = ctx.currentLayer, environment.layers[l].kind == .text {
            ref = .current
        } else {
            if case .name(let n) = layer.kind {
                error(.unknownLayer, "unknown layer '\(n)'\(didYouMean(n, environment.layerNames))", layer.range, fix: fixIt(n, environment.layerNames, layer.range))
            } else {
                error(.wrongLayerUse, "'effect' takes a text layer name", layer.range)
            }
            return nil
        }
        guard let kind = EffectKind(rawValue: name.name) else {
            error(.unknownEffect, "unknown text effect '\(name.name)'\(didYouMean(name.name, EffectKind.allCases.map(\.rawValue)))", name.range, fix: fixIt(name.name, EffectKind.allCases.map(\.rawValue), name.range))
            return nil
        }
        guard let over = (args.first(.over) ?? args.first(.duration))?.value else {
            error(.incompleteAnimation, "an effect needs a duration: 'effect \(name.name) over 2s'", range)
            return nil
        }
        guard let ticks = constantTicks(over, what: "an effect's duration") else { return nil }
        guard ticks >= 1 else { error(.badDuration, "an effect lasts at least one tick", over.range); return nil }
        var effect = EffectIR(layer: ref, kind: kind, durationTicks: ticks, delayTicks: 0, seed: nil, range: range)
        if let d = (args.first(.delay) ?? args.first(.begin))?.value {
            switch timeSlot(d, what: "a delay", ctx) {
            case .ticks(let t)?: effect.delayTicks = t
            case .dynamic(let e)?: effect.delay = e
            case nil: return nil
            }
        }
        if let s = args.first(.seed)?.value, let n = constantNumber(s, what: "a seed") {
            effect.seed = UInt64(max(0, min(n, 9e15)))
        }
        return effect
    }
}
