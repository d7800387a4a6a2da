import Foundation
import WaveSyntax

/// The limit on expression steps (grammar.md §10, `WAVE_MAX_WORK`): the runtime's for one
/// tick (`RuntimeLimits.maxWorkPerTick`) and the compiler's for one statement, so that no
/// evaluation, at run time or when a script is loaded, runs away.
public enum WorkLimit {
    /// Steps allowed when `WAVE_MAX_WORK` is not set.
    public static let defaultSteps = 2_000_000
    /// The variable that changes it, and its largest value.
    public static let variable = "WAVE_MAX_WORK"
    public static let maximum = 200_000_000

    /// The limit `environment` sets: `WAVE_MAX_WORK` when it is a whole number from 1 to
    /// `maximum`, else the default (the commands report a bad value first, as a usage error).
    public static func steps(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let s = environment[variable], let n = Int(s), (1...maximum).contains(n) { return n }
        return defaultSteps
    }
}

/// Work done while compiling one top-level statement: each expression node compiled is a
/// step, and each read of a `let` or of a user function's parameter counts the nodes it
/// writes out, which the runtime will evaluate at every read. A recursive function that
/// calls itself twice (`f(n - 1) + f(n - 1)`) or a chain of lets each reading the one
/// before twice doubles the work at each level; past the limit the statement ends with one
/// too-much-work error (E0702) instead of a compile that never ends.
struct CompileWork {
    var limit: Int
    var done = 0
    var reported = false
    /// The call of a user function written out at the top level (not in another function's
    /// body): a runaway is reported there, where the script asked for it.
    var outerCall: SourceRange? = nil
}

extension Compiler {
    /// Starts a new top-level statement's work.
    mutating func resetWork() {
        work.done = 0
        work.reported = false
        work.outerCall = nil
    }

    /// Counts `steps` of work at `range`; false, once the statement's work is past the limit
    /// (reported once, at the outermost call being written out or else at `range`).
    mutating func charge(_ steps: Int, _ range: SourceRange) -> Bool {
        work.done += steps
        guard work.done > work.limit else { return true }
        if !work.reported {
            work.reported = true
            let at = work.outerCall ?? range
            error(.tooMuchWork, "too much work (more than \(work.limit) steps) writing out this expression when the script is loaded: "
                  + "a function that calls itself more than once, or lets each reading the one before more than once, "
                  + "double the work at every level", at,
                  help: "compute it step by step in a 'var' (for example in 'every tick'), or raise \(WorkLimit.variable)")
        }
        return false
    }
}

/// The limit on live layers (grammar.md §10, `WAVE_MAX_LAYERS`): the runtime's, and the
/// compiler's for the layers a script makes at the start, each copy counted, so that a
/// `replicate 1000000` fails at `wave check`, not at tick 0 of `wave render`.
public enum LayerLimit {
    /// Live layers allowed when `WAVE_MAX_LAYERS` is not set.
    public static let defaultCount = 10_000
    /// The variable that changes it, and its largest value.
    public static let variable = "WAVE_MAX_LAYERS"
    public static let maximum = 1_000_000

    /// The limit `environment` sets (a bad value is the commands' usage error, reported first).
    public static func count(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let s = environment[variable], let n = Int(s), (1...maximum).contains(n) { return n }
        return defaultCount
    }
}

extension Compiler {
    /// E0701 at the first new layer whose copies, with those of the layers before it, pass
    /// the live-layer limit at the start (nested repetitions multiply; templates make none
    /// until spawned).
    mutating func checkLayerCount() {
        let limit = environment.maxLayers
        // What the earlier layers make is kept from the last compile (each input of the
        // REPL counts its own layers), unless this one wrote an earlier layer.
        var (copies, made) = (environment.startCopies, environment.startMade)
        environment.startCopies = []   // moved out, so appending does not copy it
        if copies.count != firstNewLayer || environment.startLimit != limit || environment.layers.touched(before: firstNewLayer) {
            (copies, made) = ([], 0)
        }
        for i in copies.count..<environment.layers.count {
            let l = environment.layers[i]
            let parentCopies = l.parent.map { $0 < i ? copies[$0] : 1 } ?? 1
            let (n, overflow) = (l.count ?? 1).multipliedReportingOverflow(by: parentCopies)
            copies.append(overflow ? Int.max : min(n, limit + 1))
            if l.isTemplate { continue }
            made = min(made + copies[i], limit + 1)
            if made > limit, i >= firstNewLayer {
                error(.tooManyLayers, "layer '\(l.name)' makes more live layers at the start than the limit of \(limit): \(copies[i] > limit ? "more than \(limit)" : "\(copies[i])") "
                      + "of its own\(made == copies[i] ? "" : " with the layers before it"); each copy of a repeated or replicated layer counts "
                      + "(\(LayerLimit.variable) raises the limit)", l.range)
                return
            }
        }
        (environment.startCopies, environment.startMade, environment.startLimit) = (copies, made, limit)
    }
}
