import Dispatch
import Foundation
import WaveSinks

/// Renders many jobs, `filesAtOnce` at a time, sharing the cores between them: each job
/// gets `max(1, cores / filesAtOnce)` rasterizer threads. One job failing does not stop
/// the others; each job's outcome is returned in job order.
public struct RenderJobBatch: Sendable {
    public var jobs: [RenderJob]
    public var filesAtOnce: Int
    public var cores: Int

    public init(jobs: [RenderJob], filesAtOnce: Int = 1, cores: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.jobs = jobs
        self.filesAtOnce = max(1, min(filesAtOnce, jobs.count))
        self.cores = max(1, cores)
    }

    /// Runs every job. `progress` gets one call per frame (from any thread). Jobs not yet
    /// started when `shouldStop` turns true end with `Interrupted`.
    public func run(shouldStop: @escaping @Sendable () -> Bool = { Interrupts.isInterrupted },
                    progress: @escaping @Sendable () -> Void = {}) -> [Result<RenderJob.Result, Error>] {
        let outcomes = OutcomeSlots(count: jobs.count)
        let threads = max(1, cores / filesAtOnce)
        if filesAtOnce == 1 {
            for (i, job) in jobs.enumerated() { outcomes.set(i, run(job, threads: threads, shouldStop, progress)) }
            return outcomes.all
        }
        // Jobs compile and evaluate scripts, whose walks recurse up to the nesting limit:
        // they run on threads with the main thread's usual stack, not Dispatch's 512 KiB.
        let jobs = self.jobs
        let wait = WorkerThreads.start(filesAtOnce) {
            while let i = outcomes.claim() {
                outcomes.set(i, self.run(jobs[i], threads: threads, shouldStop, progress))
            }
        }
        wait()
        return outcomes.all
    }

    private func run(_ job: RenderJob, threads: Int, _ shouldStop: () -> Bool,
                     _ progress: () -> Void) -> Result<RenderJob.Result, Error> {
        if shouldStop() { return .failure(Interrupted(signal: Interrupts.signalNumber)) }
        var job = job
        job.threads = threads
        return Result { try job.run(shouldStop: shouldStop, progress: { _, _ in progress() }) }
    }
}

/// Job outcomes filled in by workers, and the index of the next job to start.
final class OutcomeSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<RenderJob.Result, Error>?]
    private var nextJob = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next job not yet started, or nil.
    func claim() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextJob < slots.count else { return nil }
        defer { nextJob += 1 }
        return nextJob
    }

    func set(_ i: Int, _ r: Result<RenderJob.Result, Error>) {
        lock.lock(); slots[i] = r; lock.unlock()
    }

    var all: [Result<RenderJob.Result, Error>] {
        lock.lock(); defer { lock.unlock() }
        return slots.map { $0 ?? .failure(IOError("not rendered")) }
    }
}
