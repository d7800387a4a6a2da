import WaveSyntax

/// `emit TEMPLATE { birth-rate 40 lifetime 1s … }`: a particle emitter with Core Animation's
/// CAEmitterCell parameters, lowered to what a script could write by hand: a timer that
/// spawns the template, a spawn block that draws each particle's parameters into the
/// template instance's own variables, and a per-instance `every tick` handler that sets the
/// particle's properties from its age in closed form and removes it at the end of its life.
extension Compiler {
    /// The particle's own variables an emitter adds to its template, in this order.
    static let emitterVars = ["age", "life", "x0", "y0", "vx", "vy", "spin", "r0", "s0", "a0"]

    /// emit -> 'emit' IDENT placement? '{' clause* '}'   (every value constant)
    mutating func compileEmit(template: Identifier, placement: Placement?, clauses: [Clause], range: SourceRange, _ ctx: Context) -> [IRStmt]? {
        if ctx.inHandler || ctx.currentLayer != nil || ctx.copyOf != nil {
            error(.misplacedStatement, "'emit' declares an emitter: it belongs at the top level of a script", range,
                  help: "move it out of the block; 'begin' and 'duration' say when it emits")
            return nil
        }
        guard let tpl = environment.layerIndex[template.name] else {
            unknownTemplate(template)
            return nil
        }
        guard environment.layers[tpl].isTemplate, environment.layers[tpl].parent == nil else {
            error(.wrongLayerUse, "'\(template.name)' is a layer, not a template; declare it with 'template \(template.name): …' to emit copies", template.range)
            return nil
        }
        spawnedTemplates.insert(tpl)
        guard var e = emitterParameters(clauses, range: range) else { return nil }
        e.template = tpl
        var place = PlacementIR.top
        if let placement { guard let p = resolvePlacement(placement) else { return nil }; place = p }
        for p in [Property.position, .rotation, .scale, .opacity, .fill] { writtenProperties.insert("\(tpl).\(p.rawValue)") }
        environment.layers[tpl].emitters.append(e)
        guard e.birthRate > 0 else { return [] }

        // The particle's own variables, added to the template once.
        var slot: [String: Int] = [:]
        for n in Compiler.emitterVars {
            let name = "emit.\(n)"
            if let s = environment.layers[tpl].instanceVars.firstIndex(where: { $0.name == name }) {
                slot[n] = s
            } else {
                slot[n] = environment.layers[tpl].instanceVars.count
                environment.layers[tpl].instanceVars.append(InstanceVarIR(name: name, type: .number(.none), initial: .number(0)))
            }
        }
        func v(_ n: String) -> IRExpr { .instanceVar(slot[n] ?? 0) }
        func set(_ n: String, _ x: IRExpr) -> IRStmt { .assign(.instanceVar(slot[n] ?? 0), nil, x, range) }
        func c(_ x: Double) -> IRExpr { .constant(.number(x)) }
        func add(_ a: IRExpr, _ b: IRExpr) -> IRExpr { .binary(.add, a, b) }
        func mul(_ a: IRExpr, _ b: IRExpr) -> IRExpr { .binary(.mul, a, b) }
        /// a + k·x, or a alone when k is 0 (x is finite: an age or t²/2, so k·x adds nothing).
        func plus(_ a: IRExpr, _ k: Double, _ x: IRExpr) -> IRExpr { k == 0 ? a : add(a, mul(x, c(k))) }
        /// value ± range, drawn from the scene's generator only when the range is not zero.
        func ranged(_ value: Double, _ r: Double) -> IRExpr { r == 0 ? c(value) : add(c(value), .call(.random, [c(-r), c(r)])) }

        // Drawn once, at birth, in this order (the order is part of the scene's bytes).
        var birth: [IRStmt] = [set("age", c(0)), set("life", .call(.round, [mul(ranged(e.lifetime, e.lifetimeRange), c(60))]))]
        let (w, h) = (e.width, e.height)
        switch e.shape {
        case .point:
            birth += [set("x0", c(e.x)), set("y0", c(e.y))]
        case .line:
            birth += [set("x0", ranged(e.x, w / 2)), set("y0", c(e.y))]
        case .rectangle:
            birth += [set("x0", ranged(e.x, w / 2)), set("y0", ranged(e.y, h / 2))]
        case .circle:
            // Uniform over the disc: radius √u·R, angle uniform (vx, vy hold them a moment).
            birth += [set("vx", .call(.random, [c(0), c(2 * Double.pi)])),
                      set("vy", mul(c(w / 2), .call(.sqrt, [.call(.random, [c(0), c(1)])]))),
                      set("x0", add(c(e.x), mul(v("vy"), .call(.cos, [v("vx")])))),
                      set("y0", add(c(e.y), mul(v("vy"), .call(.sin, [v("vx")]))))]
        }
        // Direction and speed (spin and s0 hold them a moment).
        birth += [set("spin", ranged(e.longitude, e.emissionRange)),
                  set("s0", ranged(e.velocity, e.velocityRange)),
                  set("vx", mul(v("s0"), .call(.cos, [v("spin")]))),
                  set("vy", mul(v("s0"), .call(.sin, [v("spin")]))),
                  set("spin", ranged(e.spin, e.spinRange)),
                  set("r0", .layerProperty(.current, .rotation)),
                  set("s0", ranged(e.scale, e.scaleRange)),
                  set("a0", add(.layerProperty(.current, .opacity), e.alphaRange == 0 ? c(0) : .call(.random, [c(-e.alphaRange), c(e.alphaRange)])))]
        if let col = e.color {
            let channel = { (x: Double, r: Double) -> IRExpr in .call(.clamp, [mul(ranged(x, r), c(255)), c(0), c(255)]) }
            birth.append(.assign(.layer(.current, .fill), nil,
                                 .call(.rgba, [channel(col.r, e.redRange), channel(col.g, e.greenRange), channel(col.b, e.blueRange), c(col.a)]), range))
        } else if !e.palette.isEmpty {
            // One colour of the list, drawn after every other parameter (so a single-colour
            // emitter's particles draw the same numbers as before), then each channel ± its range.
            let pick = environment.layers[tpl].instanceVars.firstIndex { $0.name == "emit.pick" } ?? {
                environment.layers[tpl].instanceVars.append(InstanceVarIR(name: "emit.pick", type: .number(.none), initial: .number(0)))
                return environment.layers[tpl].instanceVars.count - 1
            }()
            let n = Double(e.palette.count)
            birth.append(.assign(.instanceVar(pick), nil,
                                 .call(.min, [.call(.floor, [.call(.random, [c(0), c(n)])]), c(n - 1)]), range))
            func of(_ channel: (RGBA) -> Double) -> IRExpr { .element(.makeList(e.palette.map { c(channel($0)) }), .instanceVar(pick)) }
            let channel = { (x: IRExpr, r: Double) -> IRExpr in
                .call(.clamp, [mul(r == 0 ? x : add(x, .call(.random, [c(-r), c(r)])), c(255)), c(0), c(255)])
            }
            birth.append(.assign(.layer(.current, .fill), nil,
                                 .call(.rgba, [channel(of(\.r), e.redRange), channel(of(\.g), e.greenRange),
                                               channel(of(\.b), e.blueRange), of(\.a)]), range))
        }

        // Every tick of its life: the closed form at age t seconds, then one tick older. t
        // and t²/2 are computed once a tick into hidden globals (each particle's handler
        // sets them before it reads them, and handlers run one at a time), not once per use:
        // reading the particle's own variables is the dearer step. Terms whose coefficient is
        // 0 (no acceleration, a constant scale) are left out, t²/2 too when nothing uses it.
        // Same values either way.
        let tSlot = newHiddenGlobal("emit.t@\(template.name)", initial: 0, range)
        let halfSlot = newHiddenGlobal("emit.tt@\(template.name)", initial: 0, range)
        let t = IRExpr.global(tSlot), half = IRExpr.global(halfSlot)
        var live: [IRStmt] = [.assign(.global(tSlot), nil, .binary(.div, v("age"), c(60)), range)]
        let accelerates = e.xAcceleration != 0 || e.yAcceleration != 0
        if accelerates {
            live.append(.assign(.global(halfSlot), nil, mul(mul(t, t), c(0.5)), range))
        }
        live.append(.assign(.layer(.current, .position), nil,
                            .makePoint(plus(add(v("x0"), mul(v("vx"), t)), e.xAcceleration, half),
                                       plus(add(v("y0"), mul(v("vy"), t)), e.yAcceleration, half)), range))
        let spins = e.spin != 0 || e.spinRange != 0
        if spins {
            live.append(.assign(.layer(.current, .rotation), nil, add(v("r0"), mul(v("spin"), t)), range))
        }
        let scales = e.scale != 1 || e.scaleRange != 0 || e.scaleSpeed != 0
        if scales {
            let s = IRExpr.call(.max, [c(0), plus(v("s0"), e.scaleSpeed, t)])
            live.append(.assign(.layer(.current, .scale), nil, .makePoint(s, s), range))
        }
        let fades = e.alphaSpeed != 0 || e.alphaRange != 0
        if fades {
            live.append(.assign(.layer(.current, .opacity), nil, .call(.clamp, [plus(v("a0"), e.alphaSpeed, t), c(0), c(1)]), range))
        }
        live.append(.assign(.instanceVar(slot["age"] ?? 0), .add, c(1), range))
        let ending = IRExpr.binary(.ge, v("age"), v("life"))
        let endSteps = Self.steps(ending)
        let tick = ParticleTickIR(
            age: slot["age"] ?? 0, life: slot["life"] ?? 0, x0: slot["x0"] ?? 0, y0: slot["y0"] ?? 0,
            vx: slot["vx"] ?? 0, vy: slot["vy"] ?? 0, spin: slot["spin"] ?? 0, r0: slot["r0"] ?? 0,
            s0: slot["s0"] ?? 0, a0: slot["a0"] ?? 0, t: tSlot, half: halfSlot,
            xAcceleration: e.xAcceleration, yAcceleration: e.yAcceleration, spins: spins,
            scaleSpeed: scales ? e.scaleSpeed : nil, alphaSpeed: fades ? e.alphaSpeed : nil,
            endSteps: endSteps, liveSteps: endSteps + live.reduce(0) { $0 + Self.steps($1) },
            lowered: [.ifElse(ending, [.remove(.current, range)], live)], range: range)
        let handler = TimerIR(kind: .every(period: 1), body: [.particleTick(tick)], range: range)
        let spawn = IRStmt.spawn(template: tpl, place, birth + [.installTimer(handler)], range)

        // Births: particle k is born at 60k/rate ticks after `begin` (on the first tick at or
        // after it), for every k with 60k/rate before `duration`; at tick m of the emitter,
        // C(m) − C(m−1) are born, C(m) = ⌊m·rate/60⌋ + 1, capped at the N particles of the
        // duration (N = the number of whole k < duration·rate/60), so a burst's last
        // particles are born on the tick after it when their times fall between ticks.
        let m = newHiddenGlobal("emit.m@\(template.name)", initial: Double(-e.beginTicks), range)
        let loop = newHiddenGlobal("emit.k@\(template.name)", initial: 0, range)
        let mv = IRExpr.global(m)
        var born = { (x: IRExpr) -> IRExpr in .binary(.add, .call(.floor, [.binary(.div, mul(x, c(e.birthRate)), c(60))]), c(1)) }
        if let d = e.durationTicks {
            let x = Double(d) * e.birthRate / 60
            let total = x == x.rounded(.down) ? x : x.rounded(.up)
            let uncapped = born
            born = { .call(.min, [uncapped($0), c(total)]) }
        }
        let count = IRExpr.ternary(.binary(.eq, mv, c(0)), born(mv), .binary(.sub, born(mv), born(.binary(.sub, mv, c(1)))))
        let active = IRExpr.binary(.ge, mv, c(0))
        let body: [IRStmt] = [
            .ifElse(active, [.forRange(slot: loop, from: c(0), to: count, body: [spawn], range)], []),
            .assign(.global(m), .add, c(1), range),
        ]
        return [.installTimer(TimerIR(kind: .every(period: 1), body: body, range: range))]
    }

    /// The interpreter's steps for an assignment of the forms a particle's handler has: one
    /// for the statement and one for each expression node evaluated.
    static func steps(_ s: IRStmt) -> Int {
        guard case .assign(_, _, let value, _) = s else { return 0 }
        return 1 + steps(value)
    }

    /// Expression nodes `eval` visits for the forms a particle's handler uses.
    static func steps(_ e: IRExpr) -> Int {
        switch e {
        case .binary(_, let a, let b): return 1 + steps(a) + steps(b)
        case .makePoint(let a, let b): return 1 + steps(a) + steps(b)
        case .call(_, let args): return 1 + args.reduce(0) { $0 + steps($1) }
        case .unary(_, let a), .component(let a, _): return 1 + steps(a)
        default: return 1
        }
    }

    /// A mutable number only the compiler's lowering names (its name has a character no
    /// script can write).
    mutating func newHiddenGlobal(_ name: String, initial: Double, _ range: SourceRange) -> Int {
        let slot = environment.globals.count
        let g = GlobalIR(name: name, isMutable: true, type: .number(.none), initial: .constant(.number(initial)), range: range)
        environment.globals.append(g)
        newGlobals.append(g)
        return slot
    }

    /// The clauses of an `emit` block, checked and lowered (every value constant).
    mutating func emitterParameters(_ clauses: [Clause], range: SourceRange) -> EmitterIR? {
        var e = EmitterIR()
        e.x = Double(environment.scene.width) / 2
        e.y = Double(environment.scene.height) / 2
        var seen: [String: SourceRange] = [:]
        var ok = true
        for clause in clauses {
            var key = clause.head.name
            if !Vocabulary.emitterKeys.contains(key) {
                // CAEmitterCell's camelCase names (`birthRate`) are wave's hyphenated ones; a
                // misspelt key is read as the one it most likely means, so nothing cascades.
                let keys = Vocabulary.emitterKeys
                if let meant = Vocabulary.emitterKeySynonyms[key] ?? Vocabulary.hyphenated(key), keys.contains(meant) {
                    calledOtherwise(.unknownOption, "key", key, clause.head.range, place: " in an emit block", meant: meant)
                    key = meant
                } else {
                    error(.unknownOption, "unknown key '\(key)' in an emit block\(didYouMean(key, keys))", clause.head.range, fix: fixIt(key, keys, clause.head.range))
                    guard let meant = suggestion(for: key, among: keys) else { ok = false; continue }
                    key = meant
                }
            }
            if let first = seen[key] {
                // A key read as another (`birthRate` beside `birth-rate`) was reported already.
                if key == clause.head.name {
                    let (line, col) = file.location(of: first.start)
                    error(.duplicateProperty, "'\(key)' is set twice in this emit block (first at \(line):\(col))", clause.head.range,
                          notes: [.init("'\(key)' is first set here", first)])
                }
                ok = false
                continue
            }
            seen[key] = clause.head.range
            guard let value = clause.value else { ok = false; continue }
            if key == "shape" {
                guard case .name(let w) = value.kind, let shape = EmitterIR.Shape(rawValue: w) else {
                    let words = Vocabulary.emitterShapes
                    let text = file.text(of: value.range)
                    error(.unknownWord, "unknown emitter shape '\(text)'\(didYouMean(text, words))", value.range, fix: fixIt(text, words, value.range))
                    ok = false
                    continue
                }
                e.shape = shape
                continue
            }
            // `color [#e63946, #f4a261, #2a9d8f]`: a palette, one colour a particle.
            if key == "color", case .list(let items) = value.kind {
                var palette: [RGBA] = []
                for item in items {
                    let t = coerce(expression(item, Context()), to: .color, words: [], range: item.range, what: "a colour of 'color' in 'emit'")
                    if t.poisoned { ok = false; continue }
                    guard case .constant(.color(let col)) = t.ir else {
                        error(.notConstant, "the colours of 'color' in 'emit' must be constant", item.range)
                        ok = false
                        continue
                    }
                    palette.append(col)
                }
                if items.isEmpty {
                    error(.missingValue, "'color []' lists no colour: give one or more, as 'color [#ffd166, #ef476f]'", value.range)
                    ok = false
                }
                if palette.count == 1 { e.color = palette[0] } else { e.palette = palette }
                continue
            }
            let type: ValueType
            switch key {
            case "lifetime", "lifetime-range", "begin", "duration": type = .number(.time)
            case "longitude", "emission-range", "spin", "spin-range": type = .number(.angle)
            case "velocity", "velocity-range", "x-acceleration", "y-acceleration": type = .number(.length)
            case "position", "size": type = .point
            case "color": type = .color
            default: type = .number(.none)
            }
            let t = coerce(expression(value, Context()), to: type, words: [], range: value.range, what: "'\(key)' of 'emit'")
            if t.poisoned { ok = false; continue }
            guard case .constant(let v) = t.ir else {
                error(.notConstant, "'\(key)' of 'emit' must be constant (a number, or a 'let' of one)", value.range)
                ok = false
                continue
            }
            if case .color(let col) = v {
                e.color = col
                continue
            }
            if case .point(let px, let py) = v {
                if key == "position" { (e.x, e.y) = (px, py) } else { (e.width, e.height) = (px, py) }
                if key == "size", px < 0 || py < 0 {
                    error(.outOfRange, "the size of an emitter cannot be negative", value.range)
                    ok = false
                }
                continue
            }
            let n = v.number
            guard n.isFinite else { error(.outOfRange, "'\(key)' of 'emit' must be finite", value.range); ok = false; continue }
            let nonNegative: Set<String> = ["birth-rate", "lifetime", "lifetime-range", "velocity-range", "emission-range", "spin-range",
                                            "scale-range", "red-range", "green-range", "blue-range", "alpha-range", "begin", "duration"]
            if nonNegative.contains(key), n < 0 {
                error(.outOfRange, "'\(key)' of 'emit' cannot be negative, found \(Value.format(n))", value.range)
                ok = false
                continue
            }
            switch key {
            case "birth-rate":
                guard n <= Double(EmitterIR.maxBirthRate) else {
                    error(.outOfRange, "'birth-rate' is at most \(EmitterIR.maxBirthRate) a second, found \(Value.format(n))", value.range)
                    ok = false
                    continue
                }
                e.birthRate = n
            case "lifetime": e.lifetime = n
            case "lifetime-range": e.lifetimeRange = n
            case "velocity": e.velocity = n
            case "velocity-range": e.velocityRange = n
            case "longitude": e.longitude = n
            case "emission-range": e.emissionRange = n
            case "spin": e.spin = n
            case "spin-range": e.spinRange = n
            case "x-acceleration": e.xAcceleration = n
            case "y-acceleration": e.yAcceleration = n
            case "scale": e.scale = n
            case "scale-range": e.scaleRange = n
            case "scale-speed": e.scaleSpeed = n
            case "alpha-speed": e.alphaSpeed = n
            case "red-range": e.redRange = n
            case "green-range": e.greenRange = n
            case "blue-range": e.blueRange = n
            case "alpha-range": e.alphaRange = n
            case "begin", "duration":
                guard let ticks = Compiler.ticks(n, range: value.range, what: "'\(key)' of 'emit'", diagnostics: &diagnostics) else { ok = false; continue }
                if key == "begin" { e.beginTicks = ticks } else { e.durationTicks = ticks }
            default: break
            }
        }
        if e.color == nil, e.palette.isEmpty, let r = ["red-range", "green-range", "blue-range"].first(where: { seen[$0] != nil }), let at = seen[r] {
            error(.missingValue, "'\(r)' varies the particles' 'color'; give the emit block a 'color' too", at)
            ok = false
        }
        if seen["birth-rate"] == nil {
            error(.missingValue, "an emit block needs a 'birth-rate' (particles a second)", range)
            ok = false
        }
        if seen["lifetime"] == nil {
            error(.missingValue, "an emit block needs a 'lifetime' (how long each particle lives, as in 'lifetime 2s')", range)
            ok = false
        }
        return ok ? e : nil
    }
}
