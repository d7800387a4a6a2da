import WaveCompiler
import WaveSyntax

/// The ticks worth jumping to on a scene's timeline, read from the program without running
/// it: `at` times, `after` delays, and where animations start (their delay, after the tick
/// the statement holding them runs), each with the source line that sets it.
///
/// Statements at the top run at tick 0; inside `at T` at T; inside `after D` D ticks after
/// the statement that installs it; an animation's `then` when its passes end. An `every`
/// timer marks its first firing only. Times written as expressions that are not constant
/// (`after random(1s, 2s)`) are known only when the scene runs and give no marker.
public struct TimelineMarkers {
    public struct Marker: Equatable, Sendable, Codable {
        public var tick: Int
        /// `at`, `after`, `every` or `animate`.
        public var kind: String
        /// 1-based line of the statement in the script.
        public var line: Int
    }

    /// Markers sorted by tick then line, one per (tick, kind, line), inside `0..<limit`.
    public static func of(_ program: Program, in file: SourceFile, limit: Int) -> [Marker] {
        var out: [Marker] = []
        func line(_ range: SourceRange) -> Int { file.location(of: range.start).0 }
        func add(_ tick: Int, _ kind: String, _ range: SourceRange) {
            if tick >= 0, tick < limit { out.append(Marker(tick: tick, kind: kind, line: line(range))) }
        }
        func animation(_ a: AnimationIR, at base: Int) {
            guard a.dynamicTiming.delay == nil else { return }
            let start = base + a.delayTicks
            add(start, "animate", a.range)
            // `then` runs when a finite run ends.
            guard a.dynamicTiming.isEmpty, !a.then.isEmpty else { return }
            let passes = a.repeatDurationTicks ?? Int((a.repeatCount ?? 1) * Double(a.durationTicks) * (a.autoreverses ? 2 : 1))
            if a.repeatCount?.isFinite ?? true { walk(a.then, at: start + passes) }
        }
        func walk(_ statements: [IRStmt], at base: Int) {
            guard base < limit else { return }
            for s in statements {
                switch s {
                case .animate(let a): animation(a, at: base)
                case .animationGroup(let parallel, let stagger, let delay, let items):
                    // In parallel, slot k starts k staggers in; in sequence, each after the last.
                    var offset = base + delay, slot = -1
                    for a in items {
                        if parallel {
                            if !a.joinsPrevious || slot < 0 { slot += 1 }
                            animation(a, at: base + delay + slot * stagger)
                        } else {
                            animation(a, at: offset)
                            offset += a.delayTicks + a.durationTicks
                        }
                    }
                case .installTimer(let t) where t.dynamicTime == nil:
                    switch t.kind {
                    case .at(let tick): add(tick, "at", t.range); walk(t.body, at: tick)
                    case .after(let delay): add(base + delay, "after", t.range); walk(t.body, at: base + delay)
                    case .every: add(base, "every", t.range)
                    }
                case .ifElse(_, let a, let b): walk(a, at: base); walk(b, at: base)
                default: break
                }
            }
        }
        walk(program.statements, at: 0)
        var seen = Set<String>()
        return out.sorted { ($0.tick, $0.line) < ($1.tick, $1.line) }.filter { seen.insert("\($0.tick) \($0.kind) \($0.line)").inserted }
    }
}
