import FlyingFox
import FlyingSocks
import Foundation

/// FlyingFox's socket pool with Nagle's algorithm turned off on every socket it waits on
/// (`TCP_NODELAY`; connections accepted from the listening socket inherit it on Linux).
///
/// FlyingFox writes a response's header and body in two writes; with Nagle on, the body
/// waits for the client to acknowledge the header, and clients delay that acknowledgement
/// by up to 40 ms: every frame took at least 44 ms on loopback, however fast it rendered.
struct NoDelaySocketPool: AsyncSocketPool {
    let pool: any AsyncSocketPool = HTTPServer.defaultPool()

    func prepare() async throws { try await pool.prepare() }
    func run() async throws { try await pool.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        var one: Int32 = 1
        // Fails harmlessly for a socket that is not TCP.
        _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        try await pool.suspendSocket(socket, untilReadyFor: events)
    }
}
