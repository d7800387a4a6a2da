import WaveCompiler
import WaveSyntax

/// Stopping a handler that failed, for a live session (the REPL): an `every` block that
/// raises an error would raise it again at each of its ticks, and every later tick would
/// end at it.
extension SceneRuntime {
    /// After `step()` threw `error`: when the error lies in the body of a handler (an
    /// `every`, `at` or `after` block, however deep), removes the running timers of that
    /// handler and of the handlers around it (an outer `every` would install the inner one
    /// again), and returns the outermost one's range. Nil, and nothing changes, when the
    /// error came from elsewhere (a binding, an animation, a function's body).
    public mutating func stopHandler(raising error: RuntimeError) -> SourceRange? {
        guard error.range != .none else { return nil }
        let around = Set(IRTable(program).timers.map(\.range).filter { $0.start <= error.range.start && error.range.end <= $0.end })
        guard let outermost = around.max(by: { ($0.end - $0.start, $1.start) < ($1.end - $1.start, $0.start) }) else { return nil }
        timers.removeAll { around.contains($0.timer.range) }
        return outermost
    }

    /// Runs what is left of the current tick after a handler failed part-way through it
    /// and was stopped: the timers that had not run yet (those that ran are due at a later
    /// tick now), then the animations and bindings.
    public mutating func finishTick() throws {
        try runTick()
    }
}
