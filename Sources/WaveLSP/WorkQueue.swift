import Foundation

/// Where the server's work on documents runs: on the calling thread (`inline`, so tests
/// see each answer as soon as they send a message), or in order on a thread of its own
/// (`ServerLoop`), so that a check that takes long never stops the server from reading,
/// answering `shutdown`, `exit` and `$/cancelRequest`, or taking newer text.
///
/// A job submitted with a key replaces a job with the same key that has not started yet:
/// only the latest check of a document matters.
/// Invariant: `jobs` holds at most one job for each key.
public final class WorkQueue: @unchecked Sendable {
    public typealias Job = () -> Void

    private let threaded: Bool
    private let condition = NSCondition()
    private var jobs: [(key: String?, job: Job)] = []

    /// A queue that runs each job when it is submitted, on the caller's thread.
    public static func inline() -> WorkQueue { WorkQueue(threaded: false, name: "") }

    /// A queue with one thread of its own, named `name`.
    public static func thread(_ name: String) -> WorkQueue { WorkQueue(threaded: true, name: name) }

    private init(threaded: Bool, name: String) {
        self.threaded = threaded
        guard threaded else { return }
        let worker = Thread { [self] in run() }
        worker.name = name
        // Deep scripts recurse in the parser and the compiler, as on the main thread.
        worker.stackSize = 64 << 20
        worker.start()
    }

    public func submit(key: String? = nil, _ job: @escaping Job) {
        guard threaded else { job(); return }
        condition.lock()
        if let key, let i = jobs.firstIndex(where: { $0.key == key }) {
            jobs[i].job = job
        } else {
            jobs.append((key, job))
        }
        condition.signal()
        condition.unlock()
    }

    /// Jobs waiting to start (for tests and bounds).
    public var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let next = jobs.removeFirst()
            condition.unlock()
            next.job()
        }
    }
}

/// A value worked out once, the first time any thread asks, under `lock`.
final class Once<Value>: @unchecked Sendable {
    private let lock: NSRecursiveLock
    private var value: Value?

    init(lock: NSRecursiveLock = NSRecursiveLock()) { self.lock = lock }

    func get(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}
