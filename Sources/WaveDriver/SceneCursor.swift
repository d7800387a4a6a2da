import WaveSinks
import WaveCompiler
import WaveRuntime

/// A scene runtime that can be moved to any tick: forward by stepping, backward (a step
/// back, a restart, a loop) from the nearest snapshot taken on the way. Snapshots are
/// copies of the runtime value every `interval` ticks.
struct SceneCursor {
    let program: Program
    private(set) var runtime: SceneRuntime
    private var snapshots: [Int: SceneRuntime] = [:]
    /// The tick at which the script ran `stop`, once seen.
    private(set) var stoppedAt: Int?
    static let interval = 300
    static let maxSnapshots = 200

    init(program: Program) throws {
        self.program = program
        runtime = try SceneRuntime(program: program)
        snapshots[0] = runtime
        if runtime.isStopped { stoppedAt = 0 }
    }

    /// Starts at `runtime`, a new version carried to the old one's tick by a reload; moving
    /// back before that tick replays the new version from tick 0.
    init(program: Program, at runtime: SceneRuntime) throws {
        self.program = program
        self.runtime = runtime
        snapshots[0] = try SceneRuntime(program: program, limits: runtime.limits)
        snapshots[runtime.tick] = runtime
        if runtime.isStopped { stoppedAt = runtime.tick }
    }

    var tick: Int { runtime.tick }

    /// Moves to `target` (or as near as a stopped scene gets); returns the ticks stepped.
    @discardableResult
    mutating func move(to target: Int) throws -> Int {
        if target < runtime.tick {
            let start = snapshots.keys.filter { $0 <= target }.max() ?? 0
            if let snapshot = snapshots[start] { runtime = snapshot } else { runtime = try SceneRuntime(program: program) }
        }
        var stepped = 0
        while runtime.tick < target && !runtime.isStopped {
            try runtime.step()
            stepped += 1
            if runtime.tick % SceneCursor.interval == 0 && snapshots.count < SceneCursor.maxSnapshots { snapshots[runtime.tick] = runtime }
        }
        if runtime.isStopped && stoppedAt == nil { stoppedAt = runtime.tick }
        return stepped
    }

    /// The scene tick shown at playback position `position` (in ticks): with a duration,
    /// the position wraps when looping and holds on the last tick otherwise; a scene without
    /// one runs on, and when looping restarts one second after its `stop`.
    func sceneTick(at position: Int, loop: Bool) -> Int {
        if let duration = program.scene.durationTicks, duration > 0 {
            return loop ? position % duration : min(position, duration - 1)
        }
        if loop, let stoppedAt { return position % (stoppedAt + 60) }
        return position
    }

    /// Whether a non-looping playback has nothing more to show at `position`.
    func hasEnded(at position: Int, loop: Bool) -> Bool {
        if loop { return false }
        if let duration = program.scene.durationTicks { return position >= duration - 1 }
        return runtime.isStopped
    }
}
