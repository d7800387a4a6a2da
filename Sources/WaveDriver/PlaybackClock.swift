import WaveSinks
/// Wall-clock pacing: the playback position in ticks is a pure function of the monotonic
/// time, 60 × speed ticks per second from an anchor, so it never drifts however late the
/// player wakes. Pausing, stepping and speed changes move the anchor.
public struct PlaybackClock: Equatable, Sendable {
    public private(set) var speed: Double
    public private(set) var isPaused = false
    /// Position at the anchor, and the anchor time in nanoseconds.
    var anchorTick: Int
    var anchorTime: UInt64

    public init(speed: Double = 1, tick: Int = 0, now: UInt64) {
        self.speed = speed
        anchorTick = tick
        anchorTime = now
    }

    /// The position (in ticks) at `now`.
    public func tick(at now: UInt64) -> Int {
        guard !isPaused, now > anchorTime else { return anchorTick }
        return anchorTick + Int((Double(now - anchorTime) * 60 * speed / 1e9).rounded(.down))
    }

    /// When position `tick` is reached (nil while paused).
    public func time(of tick: Int) -> UInt64? {
        guard !isPaused else { return nil }
        if tick <= anchorTick { return anchorTime }
        return anchorTime + UInt64((Double(tick - anchorTick) * 1e9 / (60 * speed)).rounded(.up))
    }

    /// Nanoseconds from `now` until the next tick starts (nil while paused).
    public func wait(after now: UInt64) -> UInt64? {
        guard let next = time(of: tick(at: now) + 1) else { return nil }
        return next > now ? next - now : 0
    }

    public mutating func setPaused(_ paused: Bool, now: UInt64) {
        guard paused != isPaused else { return }
        anchorTick = tick(at: now)
        anchorTime = now
        isPaused = paused
    }

    /// Changes speed from now on, keeping the current position.
    public mutating func setSpeed(_ newSpeed: Double, now: UInt64) {
        anchorTick = tick(at: now)
        anchorTime = now
        speed = newSpeed
    }

    /// Jumps to `tick` (a step while paused, a restart or a loop).
    public mutating func seek(to tick: Int, now: UInt64) {
        anchorTick = tick
        anchorTime = now
    }
}
