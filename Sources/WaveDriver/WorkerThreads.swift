import Foundation

/// Threads for the driver's parallel work, each with the main thread's usual stack (8 MiB).
/// Dispatch's worker threads have 512 KiB on Linux, too little for walks that recurse up to
/// the nesting limit in a debug build (a frame of 200 nested groups or masks needs more to
/// rasterize); `NestingLimitTests` runs every walk at the limit within this size.
enum WorkerThreads {
    static let stackSize = 8 << 20

    /// Starts `count` threads running `work` and returns a wait that blocks until all end.
    static func start(_ count: Int, _ work: @escaping @Sendable () -> Void) -> () -> Void {
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            let thread = Thread {
                work()
                finished.signal()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        return { for _ in 0..<count { finished.wait() } }
    }
}
