import Foundation

/// A connected TCP socket, read and written against deadlines (poll, then a send or recv
/// that cannot block), so no client can hold a thread longer than the deadline it was given.
///
/// Guarantees: no SIGPIPE (sends use MSG_NOSIGNAL); `shutdown()` may be called from any
/// thread and wakes a reader or writer waiting on the socket; it never touches a descriptor
/// after `close()`, which may since have been reused.
public final class Socket: @unchecked Sendable {
    public enum ReadResult: Equatable, Sendable {
        case data(Int)
        case closed
        case timedOut
    }

    private let fd: Int32
    private let lock = NSLock()
    private var isClosed = false

    public init(fd: Int32) {
        self.fd = fd
        var one: Int32 = 1
        // Each answer leaves in one write; without waiting for an acknowledgement (Nagle).
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Appends at most `max` bytes to `buffer`: `.data(n)` with n > 0, `.closed` at the end
    /// of the stream or on an error, `.timedOut` when nothing came before `deadline`.
    public func read(into buffer: inout [UInt8], max: Int = 64 * 1024, deadline: ContinuousClock.Instant) -> ReadResult {
        var chunk = [UInt8](repeating: 0, count: max)
        while true {
            guard wait(for: Int16(POLLIN), until: deadline) else { return .timedOut }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, max, Int32(MSG_DONTWAIT)) }
            if n > 0 {
                buffer.append(contentsOf: chunk[..<n])
                return .data(n)
            }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return .closed }
        }
    }

    /// Sends all of `bytes` before `deadline`; false when the peer went or did not read in time.
    public func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            if n > 0 { sent += n; continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
            guard wait(for: Int16(POLLOUT), until: deadline) else { return false }
        }
        return true
    }

    /// Whether the socket became ready for `events` (or hung up, which the next call sees)
    /// before `deadline`.
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            let ms = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            var p = pollfd(fd: fd, events: events, revents: 0)
            let r = poll(&p, 1, ms)
            if r > 0 { return true }
            if r < 0 && errno != EINTR { return true }
        }
    }

    /// Ends both directions now, waking whoever waits on the socket (it will read the end
    /// of the stream). For another thread, to make a connection let go.
    public func shutdown() {
        lock.lock(); defer { lock.unlock() }
        if !isClosed { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// Closes after what was sent: ends the sending direction, then reads and drops what the
    /// peer still sends (at most `drain` bytes, until `linger` has passed) so that closing
    /// with unread input does not reset the connection and lose the last answer.
    public func close(drain: Int = 4 << 20, linger: Duration = .seconds(1)) {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + linger
        var dropped = 0, sink: [UInt8] = []
        while dropped < drain, case .data(let n) = read(into: &sink, max: 64 * 1024, deadline: deadline) {
            dropped += n
            sink.removeAll(keepingCapacity: true)
        }
        lock.lock(); defer { lock.unlock() }
        if !isClosed { _ = Glibc.close(fd) }
        isClosed = true
    }
}
