import Dispatch
import Foundation
import WaveCompiler
import WaveGeometry
import WaveGraphics
import WaveAccelerator
import WaveRuntime
import WaveSinks

/// Renders a run of ticks to pixels on several threads while the runtime steps ahead,
/// delivering the pixmaps strictly in tick order.
///
/// The caller's thread steps the scene and builds display lists for the next batch while
/// worker threads rasterize the previous batch; the consumer runs on the caller's thread.
/// Rendering is deterministic, so the bytes are the same for any thread count. A
/// `ThreadChooser` drops to the caller's thread alone while the other threads do not make
/// batches faster (a busy core), and tries them again now and then; such a batch runs as the
/// one-thread pipeline does, a frame at a time through one pixmap. Within a batch on several
/// threads the caller never waits long for a worker whose core is taken by other work: when
/// the frame it needs next is still in a worker's hands after one and a half times what a
/// frame takes it, it renders that frame as well and uses whichever copy is ready first (the same bytes),
/// and it does not wait for late workers at the end of a batch, only at the end of the run.
public struct FramePipeline {
    public var threads: Int
    public var scale: Double
    public var renderer: Renderer
    /// What one batch of frames in flight may hold.
    var budget: FrameBudget
    let pool: PixmapPool
    /// Set for a render from a saved state: builds the frames of ticks the runtime is past.
    public var earlier: EarlierTicks?
    /// Set to keep a copy of the runtime as it is at one tick on the way (`--state-to`).
    public var checkpoint: Checkpoint?
    /// For tests: every batch on all threads (no `ThreadChooser`), and a call a worker makes
    /// before it renders frame i of a batch (to make it late).
    var alwaysAllThreads = false
    var beforeWorkerFrame: (@Sendable (Int) -> Void)?

    /// `accelerator`: which of the accelerator's parts the renderer and the frame buffers
    /// use (`WAVE_ACCEL`'s unless given; the runtime's stroke cache is the runtime's own).
    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, scale: Double = 1,
                accelerator: Accelerator = .current) {
        self.threads = max(1, threads)
        self.scale = scale
        self.budget = FrameBudget(threads: self.threads)
        renderer = accelerator.renderer()
        pool = PixmapPool(reuse: accelerator.reuse)
    }

    /// Renders `ticks` (ascending) of `runtime`, which must not be past the first tick.
    /// `consume` gets each tick's pixmap in order; throwing from it stops the run.
    public func run(_ runtime: inout SceneRuntime, ticks: [Int], shouldStop: () -> Bool = { false },
                    consume: (Int, Pixmap) throws -> Void) throws {
        let request = FrameRequest(input: .pixels, scale: scale)
        try run(&runtime, schedule: ticks.map(TimedTick.everyTick), request: request, shouldStop: shouldStop) { f in
            try consume(f.time.tick, f.pixels ?? Pixmap(width: 0, height: 0))
        }
    }

    /// Feeds `sink` its whole schedule from `runtime` (not past the first tick), built as
    /// the sink requests. Does not finish or abort the sink.
    /// `delivered` runs after each frame the sink took.
    public func feed(_ sink: FrameSink, from runtime: inout SceneRuntime, shouldStop: () -> Bool = { false },
                     delivered: (SinkFrame) -> Void = { _ in }) throws {
        try run(&runtime, schedule: sink.schedule, request: sink.request, shouldStop: shouldStop) { frame in
            try sink.consume(frame)
            delivered(frame)
        }
    }

    /// Builds the frames of `schedule` as `request` says, rasterizing them (when it asks for
    /// pixels) on the worker threads, and hands them to `consume` in order.
    public func run(_ runtime: inout SceneRuntime, schedule: [TimedTick], request: FrameRequest,
                    shouldStop: () -> Bool = { false }, consume: (SinkFrame) throws -> Void) throws {
        guard !schedule.isEmpty else { return }
        guard request.input == .pixels else {
            for time in schedule {
                if shouldStop() { return }
                let (frame, runs) = try self.frame(&runtime, at: time.tick, request, shouldStop: shouldStop)
                try consume(SinkFrame(frame: frame, textRuns: runs, pixels: nil, time: time))
            }
            return
        }
        let batch = threads == 1 ? 1 : threads * 6
        // The next batch, built while the last one rasterized on all threads (nil when the
        // last ran on one thread).
        var frames: [(frame: Frame, runs: [TextCellRun])]?, framesBuilt: UInt64 = 0   // ns
        var start = 0
        var chooser = ThreadChooser(threads: threads)
        // Workers of earlier batches that may still be finishing a frame rendered here too.
        var late: [WorkerGroup] = []
        defer { for group in late { group.join() } }
        // How long the caller's thread took for its last frame (ns), to tell a late worker.
        var ownFrame: UInt64 = 0
        while start < schedule.count {
            if shouldStop() { return }
            let began = DispatchTime.now().uptimeNanoseconds
            let used = alwaysAllThreads ? threads : chooser.next(remaining: schedule.count - start)
            let end = min(start + batch, schedule.count)
            if used == 1 {
                // One thread: step, rasterize and hand over each frame in turn, exactly as the
                // one-thread pipeline does (one pixmap reused while it is in the cache, one
                // display list alive), after those built ahead, if any. The chooser gets the
                // time outside `consume`, like the threaded batches, and frames built ahead count
                // with the time they took to build, so that the figure is a one-thread frame's.
                let ahead = frames ?? []
                frames = nil
                var busy: UInt64 = ahead.isEmpty ? 0 : framesBuilt, mark = began
                let stop = ahead.isEmpty ? end : start + ahead.count
                for i in start..<stop {
                    if i > start, shouldStop() { return }
                    let built = ahead.isEmpty ? try self.frame(&runtime, at: schedule[i].tick, request, shouldStop: shouldStop)
                        : ahead[i - start]
                    let rendering = DispatchTime.now().uptimeNanoseconds
                    let pixmap = self.pool.render(built.frame, with: self.renderer)
                    let rendered = DispatchTime.now().uptimeNanoseconds
                    ownFrame = rendered - rendering
                    busy += rendered - mark
                    try consume(SinkFrame(frame: built.frame, textRuns: built.runs, pixels: pixmap, time: schedule[i]))
                    self.pool.give(pixmap, drawn: built.frame)
                    mark = DispatchTime.now().uptimeNanoseconds
                }
                chooser.record(used: 1, frames: stop - start, seconds: Double(busy) / 1e9)
                start = stop
                continue
            }
            let current = try frames ?? buildFrames(&runtime, schedule[start..<end], request, budget: budget, shouldStop: shouldStop)
            frames = nil
            let results = PixmapSlots(count: current.count)
            let counter = WorkCounter(limit: current.count)
            let renderer = self.renderer
            let pool = self.pool, beforeFrame = beforeWorkerFrame
            let work: @Sendable () -> Void = {
                // Workers take the next unrendered frame, so uneven frames balance out. A
                // frame the caller rendered first goes back to the pool.
                while let i = counter.next() {
                    beforeFrame?(i)
                    pool.render(current[i].frame, with: renderer, into: results, at: i)
                }
            }
            late.removeAll { $0.isFinished() }
            // Rasterizing recurses once per nested group or mask: threads with a known stack.
            late.append(WorkerThreads.run(used - 1, work))
            /// Renders frame `j` on this thread.
            func renderHere(_ j: Int) {
                let begun = DispatchTime.now().uptimeNanoseconds
                pool.render(current[j].frame, with: renderer, into: results, at: j)
                ownFrame = DispatchTime.now().uptimeNanoseconds - begun
            }
            // Step ahead while the workers rasterize, then help them and hand over each frame
            // as soon as it and those before it are done, giving its pixmap back to the pool
            // at once: a batch then keeps a few frame buffers alive instead of one a frame
            // (fewer fresh buffers to fault in when the threads start, and warmer caches).
            let nextStart = start + current.count
            if nextStart < schedule.count, alwaysAllThreads || chooser.next(remaining: schedule.count - nextStart) > 1 {
                let building = DispatchTime.now().uptimeNanoseconds
                frames = try buildFrames(&runtime, schedule[nextStart..<min(nextStart + batch, schedule.count)], request,
                                         budget: budget, shouldStop: shouldStop)
                framesBuilt = DispatchTime.now().uptimeNanoseconds - building
            }
            var consuming: UInt64 = 0
            for i in 0..<current.count {
                while !results.isDone(i) {
                    if let j = counter.next() {
                        renderHere(j)
                    } else if !results.waitUntilDone(i, nanoseconds: Swift.max(ownFrame, 50_000) * 3 / 2) {
                        renderHere(i)   // its worker is late: its core is busy with other work
                    }
                }
                let pixmap = results.take(i)
                let handed = DispatchTime.now().uptimeNanoseconds
                try consume(SinkFrame(frame: current[i].frame, textRuns: current[i].runs, pixels: pixmap, time: schedule[start + i]))
                pool.give(pixmap, drawn: current[i].frame)
                consuming += DispatchTime.now().uptimeNanoseconds - handed
            }
            // The chooser gets the time outside `consume`, as for one thread.
            let elapsed = DispatchTime.now().uptimeNanoseconds - began
            chooser.record(used: used, frames: current.count, seconds: Double(elapsed - min(elapsed, consuming)) / 1e9)
            start = nextStart
        }
    }

    /// The frame at `tick`: `runtime` stepped there, or for a tick it is already past (a
    /// render from a saved state whose part starts with frames before it), `earlier`.
    func frame(_ runtime: inout SceneRuntime, at tick: Int, _ request: FrameRequest,
               shouldStop: () -> Bool) throws -> (frame: Frame, runs: [TextCellRun]) {
        if tick < runtime.tick, let earlier {
            return try earlier.frame(at: tick, request, shouldStop: shouldStop)
        }
        if let checkpoint, checkpoint.runtime == nil, runtime.tick <= checkpoint.tick, checkpoint.tick <= tick {
            try runtime.advance(to: checkpoint.tick, shouldStop: shouldStop)
            checkpoint.runtime = runtime
        }
        try runtime.advance(to: tick, shouldStop: shouldStop)
        return try runtime.frame(for: request)
    }

    /// Builds the frames of `schedule` in order, stopping early (after at least
    /// `budget.minimumFrames`) once the batch's pixels or display lists reach the budget.
    func buildFrames(_ runtime: inout SceneRuntime, _ schedule: ArraySlice<TimedTick>, _ request: FrameRequest,
                     budget: FrameBudget,
                     shouldStop: () -> Bool) throws -> [(frame: Frame, runs: [TextCellRun])] {
        var out: [(frame: Frame, runs: [TextCellRun])] = []
        out.reserveCapacity(schedule.count)
        var pixelBytes = 0, elements = 0
        for t in schedule {
            if out.count >= budget.minimumFrames
                && (pixelBytes >= budget.pixelBytes || elements >= budget.pathElements) { break }
            let built = try frame(&runtime, at: t.tick, request, shouldStop: shouldStop)
            pixelBytes += built.frame.width * built.frame.height * 4
            elements += built.frame.items.reduce(0) { $0 + $1.pathElementCount }
            out.append(built)
        }
        return out
    }
}

/// How much one batch of frames in flight may hold. The pipeline keeps two batches alive
/// (one rasterizing, the next being built), each normally six frames a thread; a batch
/// stops growing once its frames' pixels reach `pixelBytes` or their display lists
/// `pathElements` (about 56 bytes each), so a huge canvas or ten thousand text layers
/// cost a few frames of memory, not a dozen. At least one frame a thread, so both cores
/// still work.
struct FrameBudget {
    var pixelBytes = 256 << 20
    var pathElements = 2_000_000
    var minimumFrames: Int

    init(threads: Int) { minimumFrames = max(1, threads) }
}

extension SceneRuntime {
    /// Steps to `tick` (or until the script stops). A long seek polls `shouldStop` every
    /// 64 ticks and throws `Interrupted` when it turns true, so Ctrl-C ends it at once.
    mutating func advance(to tick: Int, shouldStop: () -> Bool = { false }) throws {
        while self.tick < tick && !isStopped {
            if self.tick % 64 == 0 && shouldStop() { throw Interrupted(signal: Interrupts.signalNumber) }
            try step()
        }
    }

    /// The frame a sink requests: at its scale, with small text as runs when it asks.
    func frame(for request: FrameRequest) throws -> (frame: Frame, runs: [TextCellRun]) {
        if let height = request.textRunMaxLineHeight {
            return try frameWithTextCells(scale: request.scale, maxLineHeight: height)
        }
        return (try frame(scale: request.scale), [])
    }
}

extension PixmapPool {
    /// `frame` rendered into slot `i` of `slots`, or given back here when another thread
    /// filled that slot first (a frame rendered twice).
    func render(_ frame: Frame, with renderer: Renderer, into slots: PixmapSlots, at i: Int) {
        let pixmap = render(frame, with: renderer)
        if !slots.set(i, pixmap) { give(pixmap, drawn: frame) }
    }
}

/// Hands out frame indices to workers, each exactly once.
final class WorkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    private let limit: Int
    init(limit: Int) { self.limit = limit }
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// Results written by workers at distinct indices and taken, in any order, by one thread,
/// which can wait for a given index to be written; an index written twice keeps the first.
final class PixmapSlots: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Pixmap?>
    private let count: Int
    private let condition = NSCondition()
    private var done: [Bool]   // guarded by `condition`

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil, count: count)
        done = [Bool](repeating: false, count: count)
    }

    /// Stores `p` at `i`, unless `i` was written before: false then, and `p` is not kept.
    func set(_ i: Int, _ p: Pixmap) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !done[i] else { return false }
        storage[i] = p
        done[i] = true
        condition.broadcast()
        return true
    }

    func isDone(_ i: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return done[i]
    }

    /// Waits until `i` is written or `nanoseconds` have passed; whether it is written.
    func waitUntilDone(_ i: Int, nanoseconds: UInt64) -> Bool {
        let deadline = Date(timeIntervalSinceNow: Double(nanoseconds) / 1e9)
        condition.lock()
        defer { condition.unlock() }
        while !done[i] {
            if !condition.wait(until: deadline) { return done[i] }
        }
        return true
    }

    /// The pixmap written at `i` (which must be done), leaving the slot empty.
    func take(_ i: Int) -> Pixmap {
        condition.lock()
        defer { condition.unlock() }
        let p = storage[i] ?? Pixmap(width: 0, height: 0)
        storage[i] = nil
        return p
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }
}

/// Frames of ticks before a saved state's, stepped from tick 0 on a runtime of their own
/// (a GIF part starts with tick 0 and the frame before its last whole second, an APNG part
/// with the tick before it): the bytes are those of a render from tick 0.
/// `program` is the whole compiled script (a runtime's own `program` keeps its layers and
/// globals, not its statements).
public final class EarlierTicks: @unchecked Sendable {
    private let program: Program
    private var runtime: SceneRuntime?
    public init(program: Program) { self.program = program }

    func frame(at tick: Int, _ request: FrameRequest,
               shouldStop: () -> Bool) throws -> (frame: Frame, runs: [TextCellRun]) {
        if runtime == nil || runtime!.tick > tick { runtime = try SceneRuntime(program: program) }
        try runtime!.advance(to: tick, shouldStop: shouldStop)
        return try runtime!.frame(for: request)
    }
}

/// A copy of the runtime taken as stepping passes `tick` (the state a render writes for the
/// chunk after it). `runtime` stays nil until then.
public final class Checkpoint: @unchecked Sendable {
    public let tick: Int
    public internal(set) var runtime: SceneRuntime?
    public init(tick: Int) { self.tick = tick }
}
