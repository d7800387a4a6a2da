import FlyingFox
import FlyingSocks
import Foundation

/// FlyingFox's socket pool, guarded against clients that hold the server's resources: every
/// wait of a connection's socket goes through here, so this is where a connection that does
/// not move on is ended (FlyingFox closes a connection whose wait throws).
///
/// - A connection waiting to be written to (a client that does not read its response or its
///   messages) is closed after `writeTimeout`.
/// - An HTTP connection waiting for a request (half-open, idle after its last answer, or
///   sending its head a byte at a time) is closed after `readTimeout`; a WebSocket after
///   `webSocketReadTimeout` (an open page answers the server's pings more often: see
///   `PreviewSocketHandler`), so a client that stops in the middle of a frame is ended too.
/// - At most `maxConnections` are open at once (`ConnectionLog` counts them). A connection
///   over the limit, the first time it waits, ends the HTTP connection that has waited
///   longest for a request, or is closed itself when none is waiting, before it costs more
///   than its socket. So connections held open by one client give way to a page's next
///   request. Without the limit, a client opening connections until the server ran out of
///   file descriptors stopped the server (its accept failed).
///
/// Also turns Nagle's algorithm off (`TCP_NODELAY`): FlyingFox writes a response's header
/// and body in two writes, and with Nagle on every frame waited up to 40 ms for the client
/// to acknowledge the header.
final class GuardedSocketPool: AsyncSocketPool, @unchecked Sendable {
    static let maxConnections = 128
    let readTimeout: Duration
    let webSocketReadTimeout: Duration
    let writeTimeout: Duration
    let connections: ConnectionLog
    private let pool: any AsyncSocketPool = HTTPServer.defaultPool()

    private let lock = NSLock()
    /// The peer of each socket seen waiting, by descriptor: a descriptor with another peer
    /// is a new connection (descriptors are reused).
    private var peers: [Int32: Socket.Address] = [:]
    /// Peers whose connection is a WebSocket (`PreviewHandler` marks them at the upgrade).
    private var webSockets: Set<Socket.Address> = []
    /// HTTP connections waiting for a request, with when they began to wait.
    private var waitingToRead: [Int32: ContinuousClock.Instant] = [:]
    /// Connections to end at once, to make room.
    private var evicted: Set<Int32> = []

    init(connections: ConnectionLog, readTimeout: Duration = .seconds(10), webSocketReadTimeout: Duration = .seconds(75),
         writeTimeout: Duration = .seconds(10)) {
        self.connections = connections
        self.readTimeout = readTimeout
        self.webSocketReadTimeout = webSocketReadTimeout
        self.writeTimeout = writeTimeout
    }

    func prepare() async throws { try await pool.prepare() }
    func run() async throws { try await pool.run() }

    /// Marks the connection from `peer` as a WebSocket: its waits to read may be longer.
    func markWebSocket(_ peer: HTTPRequest.Address?) {
        guard let peer else { return }
        let address: Socket.Address
        switch peer {
        case .ip4(let ip, let port): address = .ip4(ip, port: port)
        case .ip6(let ip, let port): address = .ip6(ip, port: port)
        case .unix(let path): address = .unix(path)
        }
        lock.lock(); webSockets.insert(address); lock.unlock()
    }

    /// Records `peer` as the one on `fd`: whether that is a new connection, and whether it is a WebSocket.
    private func note(_ peer: Socket.Address, on fd: Int32) -> (isNew: Bool, isWebSocket: Bool) {
        lock.lock(); defer { lock.unlock() }
        let isNew = peers[fd] != peer
        if isNew {
            if let old = peers[fd] { webSockets.remove(old) }
            peers[fd] = peer
        }
        return (isNew, webSockets.contains(peer))
    }

    /// Marks the HTTP connection that has waited longest for a request to be ended; false
    /// when none is waiting.
    private func evictLongestWaiting() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard let oldest = waitingToRead.min(by: { $0.value < $1.value })?.key else { return false }
        waitingToRead[oldest] = nil
        evicted.insert(oldest)
        return true
    }

    private func setWaiting(_ fd: Int32, _ waiting: Bool) {
        lock.lock(); defer { lock.unlock() }
        waitingToRead[fd] = waiting ? .now : nil
        if !waiting { evicted.remove(fd) }
    }

    private func isEvicted(_ fd: Int32) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return evicted.contains(fd)
    }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        let fd = socket.file.rawValue
        var one: Int32 = 1
        // Fails harmlessly for a socket that is not TCP.
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var listening: Int32 = 0, size = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening != 0 {
            return try await pool.suspendSocket(socket, untilReadyFor: events)
        }
        guard let peer = try? socket.remotePeer() else { throw SocketError.disconnected }
        let (isNew, isWebSocket) = note(peer, on: fd)
        if isNew, connections.open > GuardedSocketPool.maxConnections, !evictLongestWaiting() { throw SocketError.disconnected }
        let writing = events.contains(.write)
        let limit = writing ? writeTimeout : isWebSocket ? webSocketReadTimeout : readTimeout
        let evictable = !writing && !isWebSocket
        if evictable { setWaiting(fd, true) }
        defer { if evictable { setWaiting(fd, false) } }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { [pool] in
                try await pool.suspendSocket(socket, untilReadyFor: events)
                return true
            }
            group.addTask { [self] in
                // The time limit, looked at every tenth of a second for an eviction.
                let end = ContinuousClock.now + limit
                while ContinuousClock.now < end {
                    try await Task.sleep(for: .milliseconds(100))
                    if evictable && isEvicted(fd) { break }
                }
                return false
            }
            let ready = try await group.next() ?? false
            group.cancelAll()
            if !ready { throw SocketError.disconnected }
        }
    }
}

/// FlyingFox's log, counting the connections open (it logs each opening and closing) and
/// otherwise silent: the page and the terminal say what matters.
final class ConnectionLog: Logging, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var open: Int { lock.lock(); defer { lock.unlock() }; return count }

    func logInfo(_ info: @autoclosure () -> String) {
        let text = info()
        let delta = text.hasSuffix(" open connection") ? 1 : text.hasSuffix(" close connection") ? -1 : 0
        guard delta != 0 else { return }
        lock.lock(); count += delta; lock.unlock()
    }
    func logDebug(_ debug: @autoclosure () -> String) {}
    func logWarning(_ warning: @autoclosure () -> String) {}
    func logError(_ error: @autoclosure () -> String) {}
    func logCritical(_ critical: @autoclosure () -> String) {}
}
