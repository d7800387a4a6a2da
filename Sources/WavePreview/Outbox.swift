import Foundation

/// The messages waiting to go to one page's WebSocket: at most `capacity`, the newest
/// (every message says where things are now, so the newest are enough). The page's writer
/// takes them one at a time.
final class Outbox: @unchecked Sendable {
    enum Take: Equatable {
        case message(String)
        /// Nothing came within the wait.
        case idle
        /// The page went, or the server is stopping.
        case closed
    }

    let capacity: Int
    private let condition = NSCondition()
    private var queue: [String] = []
    private var isClosed = false

    init(capacity: Int) { self.capacity = capacity }

    /// Queues `text`, dropping the oldest message when full.
    func push(_ text: String) {
        condition.lock(); defer { condition.unlock() }
        guard !isClosed else { return }
        if queue.count == capacity { queue.removeFirst() }
        queue.append(text)
        condition.signal()
    }

    /// The oldest message, waiting at most `timeout` for one.
    func take(timeout: Duration) -> Take {
        let end = Date(timeIntervalSinceNow: Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18)
        condition.lock(); defer { condition.unlock() }
        while queue.isEmpty && !isClosed {
            if !condition.wait(until: end) { break }
        }
        if !queue.isEmpty { return .message(queue.removeFirst()) }
        return isClosed ? .closed : .idle
    }

    func close() {
        condition.lock(); defer { condition.unlock() }
        isClosed = true
        queue = []
        condition.broadcast()
    }
}
