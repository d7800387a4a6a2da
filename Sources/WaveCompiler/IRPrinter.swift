import Foundation
import WaveSyntax

/// Prints the timeline IR readably for `wave ir`: the scene, globals, layers with their
/// resolved properties, and the statements run at tick 0 (timers, animations).
public struct IRPrinter {
    let program: Program
    let file: SourceFile?
    /// Lets of the clock alone (`IRExpr.tickCached`) met while printing, in the order met:
    /// each use prints the let's name and the let is printed once, after the statements. A
    /// chain of lets each reading the one before twice is written out in full nowhere (it
    /// doubles with each link: 22 links printed 25 MB).
    private final class KeptLets {
        var order: [String] = []
        var values: [String: IRExpr] = [:]
    }
    private let kept = KeptLets()

    public init(program: Program, file: SourceFile? = nil) { self.program = program; self.file = file }

    public func render() -> String {
        var out: [String] = []
        let s = program.scene
        out.append("scene \(s.width)x\(s.height) background \(Value.hex(s.background)) duration \(s.durationTicks.map { "\($0)t (\(Value.format(Double($0) / 60))s)" } ?? "unset") seed \(s.seed)")
        for (i, g) in program.globals.enumerated() {
            out.append("global \(i) \(g.name): \(g.type) = \(expr(g.initial))\(loc(g.range))")
        }
        for (i, l) in program.layers.enumerated() {
            let copies = l.count.map { "[\($0)]" } ?? ""
            var head = "layer \(i) \(l.name)\(copies): \(l.kind.rawValue)"
            if l.isTemplate { head = "template \(i) \(l.name)\(copies): \(l.kind.rawValue)" }
            if let p = l.parent { head += " in \(program.layers[p].name)" }
            switch l.placement {
            case .top: break
            case .below(let r): head += " below \(layer(r))"
            case .above(let r): head += " above \(layer(r))"
            }
            if let m = l.mask { head += " mask \(program.layers[m].name)\(l.maskInverted ? " inverted" : "")" }
            if l.usedAsMask { head += " (mask only, not drawn)" }
            out.append(head + loc(l.range))
            for (slot, v) in l.instanceVars.enumerated() {
                out.append("  var#\(slot) \(v.name): \(v.type) = \(v.initial)   (each instance's own)")
            }
            if let r = l.replicator {
                let f = Value.format
                out.append("  replicate \(r.count) translate (\(f(r.dx)), \(f(r.dy))) rotate \(f(r.rotation * 180 / Double.pi))deg scale (\(f(r.scaleX)), \(f(r.scaleY))) about (\(f(r.aboutX)), \(f(r.aboutY))) delay \(r.delayTicks)t"
                           + " red-offset \(f(r.redOffset)) green-offset \(f(r.greenOffset)) blue-offset \(f(r.blueOffset)) alpha-offset \(f(r.alphaOffset))")
            }
            for e in l.emitters {
                let f = Value.format
                let deg = { (r: Double) in f(r * 180 / Double.pi) + "deg" }
                var line = "  emitted: birth-rate \(f(e.birthRate)) lifetime \(f(e.lifetime))s ± \(f(e.lifetimeRange))s velocity \(f(e.velocity)) ± \(f(e.velocityRange))"
                line += " longitude \(deg(e.longitude)) ± \(deg(e.emissionRange)) spin \(deg(e.spin)) ± \(deg(e.spinRange))"
                line += " acceleration (\(f(e.xAcceleration)), \(f(e.yAcceleration))) scale \(f(e.scale)) ± \(f(e.scaleRange)) scale-speed \(f(e.scaleSpeed))"
                line += " alpha-speed \(f(e.alphaSpeed)) ± \(f(e.alphaRange))"
                if let c = e.color { line += " color \(Value.hex(c)) ± (\(f(e.redRange)), \(f(e.greenRange)), \(f(e.blueRange)))" }
                if !e.palette.isEmpty {
                    line += " color one of [\(e.palette.map(Value.hex).joined(separator: ", "))] ± (\(f(e.redRange)), \(f(e.greenRange)), \(f(e.blueRange)))"
                }
                line += " shape \(e.shape.rawValue) position (\(f(e.x)), \(f(e.y))) size (\(f(e.width)), \(f(e.height))) begin \(e.beginTicks)t duration \(e.durationTicks.map { "\($0)t" } ?? "forever")"
                out.append(line)
            }
            for p in Property.allCases {
                guard let e = l.properties[p] else { continue }
                out.append("  \(p.rawValue) = \(expr(e))\(e.isConstant ? "" : e.isFixedAtCreation ? "   (computed once, when the layer or copy is made)" : "   (bound: re-evaluated every tick)")")
            }
            for c in l.pathCommands {
                out.append("  \(c.verb.rawValue) \(c.operands.map(expr).joined(separator: " "))\(c.clockwise ? " clockwise" : "")")
            }
        }
        out.append("at tick 0:")
        for st in program.statements { out += stmt(st, indent: "  ") }
        var i = 0
        while i < kept.order.count {   // printing a let may meet more lets
            if i == 0 { out.append("lets of the clock (each evaluated once a tick):") }
            let name = kept.order[i]
            if let value = kept.values[name] { out.append("  let \(name) = \(expr(value))") }
            i += 1
        }
        return out.joined(separator: "\n") + "\n"
    }

    func loc(_ r: SourceRange) -> String {
        guard let file else { return "" }
        let (line, col) = file.location(of: r.start)
        return "   @\(line):\(col)"
    }

    func layer(_ r: LayerRef) -> String {
        switch r {
        case .current: return "self"
        case .declared(let i): return i < program.layers.count ? program.layers[i].name : "layer#\(i)"
        case .copy(let i, let k): return "\(layer(.declared(i)))[\(k)]"
        }
    }

    func target(_ t: Target) -> String {
        let comp = ["x", "y", "width", "height"]
        switch t {
        case .global(let s): return s < program.globals.count ? program.globals[s].name : "global#\(s)"
        case .globalComponent(let s, let c): return "\(target(.global(s))).\(comp[c])"
        case .layer(let r, let p): return "\(layer(r)).\(p.rawValue)"
        case .layerComponent(let r, let p, let c): return "\(layer(r)).\(p.rawValue).\(comp[c])"
        case .instanceVar(let s): return "self.var#\(s)"
        }
    }

    public func expr(_ e: IRExpr) -> String {
        switch e {
        case .constant(let v): return v.description
        case .global(let s): return s < program.globals.count ? program.globals[s].name : "global#\(s)"
        case .ambient(let a): return a.rawValue
        case .layerProperty(let r, let p): return "\(layer(r)).\(p.rawValue)"
        case .component(let b, let i): return "\(expr(b)).\(["x", "y", "width", "height"][min(3, i)])"
        case .unary(let op, let a): return "\(op.rawValue)\(expr(a))"
        case .binary(let op, let a, let b): return "(\(expr(a)) \(op.rawValue) \(expr(b)))"
        case .ternary(let c, let a, let b): return "(\(expr(c)) ? \(expr(a)) : \(expr(b)))"
        case .call(let f, let args): return "\(f.rawValue)(\(args.map(expr).joined(separator: ", ")))"
        case .makePoint(let x, let y): return "(\(expr(x)), \(expr(y)))"
        case .makeRect(let a, let b, let c, let d): return "(\(expr(a)), \(expr(b)), \(expr(c)), \(expr(d)))"
        case .makeList(let items): return "[\(items.map(expr).joined(separator: ", "))]"
        case .element(let l, let i): return "\(expr(l))[\(expr(i))]"
        case .instanceVar(let s): return "self.var#\(s)"
        case .tickCached(let name, let inner):
            if kept.values[name] == nil { kept.order.append(name); kept.values[name] = inner }
            return name
        case .pathLength(let r): return "path-length(\(layer(r)))"
        case .measure(let m, let r, let args): return "\(m.rawValue)(\(([layer(r)] + args.map(expr)).joined(separator: ", ")))"
        case .gradient(let kind, let g, let stops, _):
            return "\(kind.rawValue)(\(g.map(Value.format).joined(separator: " ")); \(stops.map(expr).joined(separator: ", ")))"
        }
    }

    func timing(_ f: TimingFunction) -> String {
        switch f {
        case .linear: return "linear"
        case .cubicBezier(let a, let b, let c, let d): return "cubic-bezier(\([a, b, c, d].map(Value.format).joined(separator: ", ")))"
        case .bounce: return TimingCurveName.easeOutBounce.rawValue
        case .points(let ps): return "linear(" + ps.map { "\(Value.format($0.output)) \(Value.format($0.input * 100))%" }.joined(separator: ", ") + ")"
        case .steps(let n, let p): return "steps(\(n), \(p.rawValue))"
        case .spring(let p):
            let settle = Spring(p).settlingTime
            let end = settle > Spring.longest ? "does not settle within \(Value.format(Spring.longest))s: it ends there, at its target"
                : "settles in \(Value.format(settle))s = \((settle * 60).clampedInt())t"
            return "spring(mass \(Value.format(p.mass)), stiffness \(Value.format(p.stiffness)), damping \(Value.format(p.damping)), velocity \(Value.format(p.initialVelocity)); \(end))"
        }
    }

    func animation(_ a: AnimationIR) -> String {
        var s = "animate \(a.targets.map(target).joined(separator: ", "))"
        if let m = a.morph {
            func name(_ i: Int) -> String { i < program.layers.count ? program.layers[i].name : "layer#\(i)" }
            s += "\(layer(m.layer)).path"
            if let f = m.from { s += " from \(name(f))" }
            if let t = m.to { s += " to \(name(t))" }
            if !m.keyframes.isEmpty {
                s += " values [\(m.keyframes.map(name).joined(separator: ", "))] times [\(a.keyTimes.map(Value.format).joined(separator: ", "))] mode \(a.keyframeMode.rawValue)"
            }
        }
        if let f = a.from { s += " from \(expr(f))" }
        if let t = a.to { s += " to \(expr(t))" }
        if let b = a.by { s += " by \(expr(b))" }
        if !a.keyframes.isEmpty {
            s += " values [\(a.keyframes.map(expr).joined(separator: ", "))] times [\(a.keyTimes.map(Value.format).joined(separator: ", "))] mode \(a.keyframeMode.rawValue)"
        }
        if let m = a.motion {
            switch m.source {
            case .layer(let i): s += " along \(i < program.layers.count ? program.layers[i].name : "layer#\(i)")"
            case .inline(let commands): s += " along path(\(commands.count) commands)"
            }
            s += " rotate \(m.rotation.rawValue) mode \(m.paced ? "paced" : "linear")"
            if !m.keyTimes.isEmpty { s += " times [\(m.keyTimes.map(Value.format).joined(separator: ", "))]" }
        }
        s += " over \(a.dynamicTiming.duration.map { "\(expr($0)) (s, when it starts)" } ?? "\(a.durationTicks)t") ease \(timing(a.timing))"
        if let d = a.dynamicTiming.delay { s += " delay \(expr(d)) (s, when it starts)" } else if a.delayTicks != 0 { s += " delay \(a.delayTicks)t" }
        if let r = a.dynamicTiming.repeatCount { s += " repeat \(expr(r)) (when it starts)" }
        else if let r = a.repeatCount { s += " repeat \(r.isInfinite ? "forever" : Value.format(r))" }
        if let r = a.repeatDurationTicks { s += " repeat-for \(r)t" }
        if a.autoreverses { s += " autoreverse" }
        s += " fill \(a.fill.rawValue)"
        return s
    }

    func stmt(_ s: IRStmt, indent: String) -> [String] {
        switch s {
        case .assign(let t, let op, let v, _): return ["\(indent)\(target(t)) \(op.map { $0.rawValue + "=" } ?? "=") \(expr(v))"]
        case .ifElse(let c, let a, let b):
            var out = ["\(indent)if \(expr(c))"]
            for x in a { out += stmt(x, indent: indent + "  ") }
            if !b.isEmpty {
                out.append("\(indent)else")
                for x in b { out += stmt(x, indent: indent + "  ") }
            }
            return out
        case .stop: return ["\(indent)stop"]
        case .animate(let a):
            var out = ["\(indent)\(animation(a))"]
            if !a.reached.isEmpty {
                out.append("\(indent)  reached at \(a.reachTick.map { "\($0)t" } ?? "never")")
                for x in a.reached { out += stmt(x, indent: indent + "    ") }
            }
            if !a.then.isEmpty {
                out.append("\(indent)  then")
                for x in a.then { out += stmt(x, indent: indent + "    ") }
            }
            return out
        case .animationGroup(let parallel, let stagger, let delay, let anims):
            var out = ["\(indent)\(parallel ? "parallel" : "sequence") stagger \(stagger)t" + (delay > 0 ? " delay \(delay)t" : "")]
            for a in anims { out += stmt(.animate(a), indent: indent + "  ") }
            return out
        case .installTimer(let t):
            var head: String
            switch t.kind {
            case .every(let p): head = "every \(p)t (from the tick it is installed)"
            case .at(let tick): head = "at tick \(tick)"
            case .after(let d): head = "after \(d)t"
            }
            if let e = t.dynamicTime {
                let word = head.split(separator: " ").first.map(String.init) ?? "every"
                head = "\(word) \(expr(e))\(t.dynamicCountsTicks ? " ticks" : " (s)"), computed when installed"
            }
            var out = ["\(indent)\(head)"]
            for x in t.body { out += stmt(x, indent: indent + "  ") }
            return out
        case .spawn(let tpl, let placement, let body, _):
            var head = "\(indent)spawn \(program.layers[tpl].name)"
            switch placement {
            case .top: break
            case .below(let r): head += " below \(layer(r))"
            case .above(let r): head += " above \(layer(r))"
            }
            var out = [head]
            for x in body { out += stmt(x, indent: indent + "  ") }
            return out
        case .remove(let r, _): return ["\(indent)remove \(layer(r))"]
        case .effect(let e): return ["\(indent)effect \(layer(e.layer)) \(e.kind.rawValue) over \(e.durationTicks)t\(e.delay.map { " delay \(expr($0))" } ?? (e.delayTicks > 0 ? " delay \(e.delayTicks)t" : ""))\(e.seed.map { " seed \($0)" } ?? "")"]
        case .evaluate(let e, _, _): return ["\(indent)print \(expr(e))"]
        case .particleTick(let p):
            var out = ["\(indent)particle tick (run natively as:)"]
            for x in p.lowered { out += stmt(x, indent: indent + "  ") }
            return out
        case .forRange(let slot, let a, let b, let body, _):
            let name = slot < program.globals.count ? program.globals[slot].name : "global#\(slot)"
            var out = ["\(indent)for \(name) in \(expr(a))..<\(expr(b))"]
            for x in body { out += stmt(x, indent: indent + "  ") }
            return out
        case .eachCopy(let l, let body):
            var out = ["\(indent)for each copy of \(layer(.declared(l))) (self, index)"]
            for x in body { out += stmt(x, indent: indent + "  ") }
            return out
        }
    }
}
