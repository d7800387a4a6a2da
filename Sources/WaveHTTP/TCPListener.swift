import Foundation

/// A listening TCP socket on one address, and its accept loop.
///
/// Guarantees: listens only on the address given; the port is free again as soon as the
/// process ends (SO_REUSEADDR); running out of file descriptors (or kernel memory) at
/// accept is reported and waited out, never the end of the loop, which only `stop` ends.
public final class TCPListener: @unchecked Sendable {
    public let port: Int
    private let fd: Int32
    /// How long accepting pauses after failing for want of descriptors.
    static let backOff: useconds_t = 100_000

    /// Listens on `address` (an IPv4 or IPv6 literal) and `port` (0: any free port). The
    /// error names the call that failed and why.
    public init(address: String, port: Int) throws(ListenError) {
        let v6 = address.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ListenError("socket") }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if v6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, address, &a.sin6_addr) == 1 else { Glibc.close(fd); throw ListenError("inet_pton", message: "not an IPv6 address") }
            bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET, address, &a.sin_addr) == 1 else { Glibc.close(fd); throw ListenError("inet_pton", message: "not an IPv4 address") }
            bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard bound == 0 else { let e = ListenError("bind"); Glibc.close(fd); throw e }
        guard listen(fd, 128) == 0 else { let e = ListenError("listen"); Glibc.close(fd); throw e }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var storage = sockaddr_storage()
        var size = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) } }
        let netPort = withUnsafePointer(to: &storage) { p -> UInt16 in
            v6 ? p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
               : p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
        }
        self.fd = fd
        self.port = Int(UInt16(bigEndian: netPort))
    }

    /// Whether `address` is an IPv4 or IPv6 literal this listener can bind.
    public static func isAddress(_ address: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return address.contains(":") ? inet_pton(AF_INET6, address, &v6) == 1 : inet_pton(AF_INET, address, &v4) == 1
    }

    /// The next connection, or nil once `stop()` returns true (looked at every tenth of a
    /// second). `outOfDescriptors` is called each time accepting fails for want of file
    /// descriptors; then, as after any other failure but a peer that went, accepting
    /// pauses for a tenth of a second and goes on.
    public func accept(until stop: () -> Bool, outOfDescriptors: () -> Void) -> Socket? {
        while !stop() {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let client = Glibc.accept(fd, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                return Socket(fd: client)
            }
            switch errno {
            case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED:
                continue   // a peer that went before it was accepted, or a signal
            case EMFILE, ENFILE:
                outOfDescriptors()
                usleep(TCPListener.backOff)
            default:
                usleep(TCPListener.backOff)   // ENOBUFS, ENOMEM: no memory for the socket now
            }
        }
        return nil
    }

    public func close() { Glibc.close(fd) }
}

/// Listening failed: which call, and the system's message.
public struct ListenError: Error, Sendable, CustomStringConvertible {
    public let call: String
    public let message: String
    init(_ call: String, message: String? = nil) {
        self.call = call
        self.message = message ?? String(cString: strerror(errno)).lowercased()
    }
    public var description: String { "\(call) failed: \(message)" }
}
