import WaveCompiler

extension Track.Curve {
    /// The timing curves `program`'s animations ease by (a named curve is its
    /// `cubic-bezier` once compiled), each once, from its statements and timers. Baked
    /// tracks try them (`Track.reduce`), so an eased animation becomes two keys; a scene
    /// that eases nothing that way pays nothing for it.
    static func used(by program: Program) -> [Track.Curve] {
        var out: [Track.Curve] = []
        func add(_ f: TimingFunction) {
            if case .cubicBezier(let x1, let y1, let x2, let y2) = f, !out.contains(Track.Curve(x1, y1, x2, y2)) {
                out.append(Track.Curve(x1, y1, x2, y2))
            }
        }
        func walk(_ statements: [IRStmt]) {
            for s in statements {
                switch s {
                case .animate(let a): animation(a)
                case .animationGroup(_, _, _, let list): list.forEach(animation)
                case .ifElse(_, let a, let b): walk(a); walk(b)
                case .installTimer(let t): walk(t.body)
                case .spawn(_, _, let body, _), .eachCopy(_, let body): walk(body)
                case .forRange(_, _, _, let body, _): walk(body)
                default: break
                }
            }
        }
        func animation(_ a: AnimationIR) {
            add(a.timing)
            a.segmentTimings.forEach(add)
            walk(a.then)
            walk(a.reached)
        }
        walk(program.statements)
        return out
    }
}
