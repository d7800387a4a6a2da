import WaveDriver

/// Paces the REPL's live scene on the player's clock (`PlaybackClock`): how many ticks are
/// due at a moment, re-based whenever the speed changes or the scene pauses or stops, so a
/// speed change never freezes the scene or makes it jump (the position is a function of time
/// only since the last change).
struct ReplPacer {
    private(set) var clock: PlaybackClock
    /// Clock ticks already handed out.
    private(set) var stepped = 0

    init(now: UInt64, speed: Double = 1) {
        clock = PlaybackClock(speed: speed, now: now)
    }

    /// Ticks to step now: the clock's position minus what was stepped, after applying the
    /// session's speed and whether it is running (not paused, not stopped, no error).
    mutating func due(now: UInt64, speed: Double, running: Bool) -> Int {
        if clock.speed != speed { clock.setSpeed(speed, now: now) }
        if clock.isPaused == running { clock.setPaused(!running, now: now) }
        let position = clock.tick(at: now)
        let n = max(0, position - stepped)
        stepped = max(stepped, position)
        return n
    }

    /// Starts counting again from `now`: the time a slow command took (a long `:seek`, a
    /// `:render`) does not count as time the scene played.
    mutating func rebase(now: UInt64) {
        clock = PlaybackClock(speed: clock.speed, now: now)
        stepped = 0
    }

    /// Nanoseconds from `now` until the next tick is due (nil while paused).
    func wait(after now: UInt64) -> UInt64? { clock.wait(after: now) }
}
