import Foundation

/// Threads for the driver's parallel work, each with the main thread's usual stack (8 MiB).
/// Dispatch's worker threads have 512 KiB on Linux, too little for walks that recurse up to
/// the nesting limit in a debug build (a frame of 200 nested groups or masks needs more to
/// rasterize); `NestingLimitTests` runs every walk at the limit within this size.
///
/// The threads are kept between calls, parked on a semaphore: the frame pipeline hands out a
/// batch of a dozen frames at a time, and starting a thread for each batch cost as much as
/// rasterizing a few small frames.
enum WorkerThreads {
    static let stackSize = 8 << 20

    /// Runs `work` on `count` threads and returns a wait that blocks until all have finished.
    static func start(_ count: Int, _ work: @escaping @Sendable () -> Void) -> () -> Void {
        let group = run(count, work)
        return { group.join() }
    }

    /// Runs `work` on `count` threads; the group says when they have finished.
    static func run(_ count: Int, _ work: @escaping @Sendable () -> Void) -> WorkerGroup {
        let group = WorkerGroup(count: count)
        for _ in 0..<count { ParkedWorker.take().run(work, then: group.finished) }
        return group
    }
}

/// Threads running one piece of work, to be joined by the thread that started them.
final class WorkerGroup {
    fileprivate let finished = DispatchSemaphore(value: 0)
    private let count: Int
    private var joined = 0

    fileprivate init(count: Int) { self.count = count }

    /// Whether all have finished, without waiting.
    func isFinished() -> Bool {
        while joined < count, finished.wait(timeout: .now()) == .success { joined += 1 }
        return joined == count
    }

    /// Waits until all have finished.
    func join() {
        while joined < count {
            finished.wait()
            joined += 1
        }
    }
}

/// A thread waiting for its next piece of work.
final class ParkedWorker: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var idle: [ParkedWorker] = []   // guarded by `lock`
    private let go = DispatchSemaphore(value: 0)
    /// Set by `run` before `go` is signalled and read after the thread has waited on it.
    private var job: (work: @Sendable () -> Void, finished: DispatchSemaphore)?

    /// An idle worker, or a new one.
    static func take() -> ParkedWorker {
        lock.lock()
        let worker = idle.popLast()
        lock.unlock()
        return worker ?? ParkedWorker()
    }

    private init() {
        let thread = Thread { [self] in loop() }
        thread.stackSize = WorkerThreads.stackSize
        thread.start()
    }

    func run(_ work: @escaping @Sendable () -> Void, then finished: DispatchSemaphore) {
        job = (work, finished)
        go.signal()
    }

    private func loop() {
        while true {
            go.wait()
            guard let (work, finished) = job else { continue }
            job = nil
            work()
            // Idle again before saying so, so the next batch finds this thread.
            ParkedWorker.lock.lock()
            ParkedWorker.idle.append(self)
            ParkedWorker.lock.unlock()
            finished.signal()
        }
    }
}
