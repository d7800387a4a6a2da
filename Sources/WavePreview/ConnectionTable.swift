import Foundation
import WaveHTTP

/// The connections open on the preview server, and the rule that keeps their number
/// bounded: at most `limit` at once. A connection over the limit ends the HTTP connection
/// that has waited longest for a request, or is refused itself when none is waiting; so
/// connections held open by one client give way to a page's next request.
final class ConnectionTable: @unchecked Sendable {
    static let maxConnections = 128
    let limit: Int

    private struct Entry {
        let socket: Socket
        /// Since when an HTTP connection has waited for a request; nil while it is answered
        /// or when it is a WebSocket.
        var waitingSince: ContinuousClock.Instant?
    }

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]
    private var nextID = 0

    init(limit: Int = ConnectionTable.maxConnections) { self.limit = limit }

    var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }

    /// Registers a new connection (waiting for its first request) and returns its id, or
    /// nil when it may not stay. Makes room first when the table is full.
    func open(_ socket: Socket) -> Int? {
        lock.lock(); defer { lock.unlock() }
        if entries.count >= limit {
            guard let (oldest, entry) = entries.filter({ $0.value.waitingSince != nil })
                .min(by: { $0.value.waitingSince! < $1.value.waitingSince! }) else { return nil }
            entries[oldest] = nil
            entry.socket.shutdown()
        }
        nextID += 1
        entries[nextID] = Entry(socket: socket, waitingSince: .now)
        return nextID
    }

    /// Whether connection `id` is waiting for a request (evictable) or busy. False when the
    /// connection was evicted meanwhile (its socket is shut down).
    @discardableResult
    func setWaiting(_ id: Int, _ waiting: Bool) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard entries[id] != nil else { return false }
        entries[id]?.waitingSince = waiting ? .now : nil
        return true
    }

    func close(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        entries[id] = nil
    }

    /// Shuts every connection down (the server is stopping): their threads wake and end.
    func shutdownAll() {
        lock.lock()
        let sockets = entries.values.map(\.socket)
        entries = [:]
        lock.unlock()
        for s in sockets { s.shutdown() }
    }
}
