import WaveSyntax

extension Compiler {
    /// Most points a `linear(…)` curve may have (CSS sets no bound; each one is a segment
    /// searched at every frame of the animation).
    static let maxTimingPoints = 1_000

    /// `linear(p1, p2 40%, p3 50% 60%, …)`, CSS Easing Level 2's linear easing function: each
    /// point an output (a number, constant) with up to two input positions (percentages).
    /// As CSS canonicalises them: the first point without a position is at 0%, the last at
    /// 100%; a position below an earlier one is raised to it; points without a position are
    /// spread evenly between their neighbours; a point with two positions is two points.
    mutating func linearPoints(_ args: [Expr], _ range: SourceRange) -> TimingFunction? {
        let example = "'linear(0, 0.8 40%, 1)'"
        var points: [(output: Double, input: Double?)] = []
        for arg in args {
            var positions: [Expr] = [], value = arg
            while case .stop(let inner, let position) = value.kind {
                positions.insert(position, at: 0)
                value = inner
            }
            guard positions.count <= 2 else {
                error(.badCurveArguments, "a point of linear(…) has at most two positions, as in CSS: \(example)", positions[2].range)
                return nil
            }
            guard let output = constantNumber(value, what: "a point of linear(…)") else { return nil }
            if positions.isEmpty { points.append((output, nil)) }
            for position in positions {
                guard Compiler.isPercentage(position) else {
                    error(.badCurveArguments, "a point's position in linear(…) is a percentage, as in CSS: \(example)", position.range)
                    return nil
                }
                guard let at = constantNumber(position, what: "a position in linear(…)") else { return nil }
                points.append((output, at))
            }
        }
        guard points.count >= 2 else {
            error(.badCurveArguments, "linear(…) needs at least two points, as in CSS: \(example)", range)
            return nil
        }
        guard points.count <= Compiler.maxTimingPoints else {
            error(.badCurveArguments, "linear(…) takes at most \(Compiler.maxTimingPoints) points, found \(points.count)", range)
            return nil
        }
        if points[0].input == nil { points[0].input = 0 }
        if points[points.count - 1].input == nil { points[points.count - 1].input = 1 }
        var highest = points[0].input ?? 0
        for i in points.indices {
            guard let at = points[i].input else { continue }
            highest = Swift.max(highest, at)
            points[i].input = highest
        }
        var i = 0
        while i < points.count {
            guard points[i].input == nil, let start = points[i - 1].input else { i += 1; continue }
            var j = i
            while points[j].input == nil { j += 1 }
            let end = points[j].input ?? start
            for k in i..<j { points[k].input = start + (end - start) * Double(k - i + 1) / Double(j - i + 1) }
            i = j
        }
        return .points(points.map { TimingPoint(input: $0.input ?? 0, output: $0.output) })
    }

    /// `40%` or `-10%` as written: a percentage literal.
    static func isPercentage(_ e: Expr) -> Bool {
        switch e.kind {
        case .number(_, let unit): return unit == .percent
        case .unary("-", let inner): return isPercentage(inner)
        default: return false
        }
    }
}
