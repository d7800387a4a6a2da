/// Which `Host` headers and WebSocket `Origin`s the preview server answers: the defence
/// against DNS rebinding (a page on another site whose name was made to resolve to
/// 127.0.0.1 sends its own name as Host) and against other sites' pages opening the
/// event socket (their Origin is their own).
///
/// A Host is accepted when its port is the bound port and its name is `localhost`, or the
/// IP address the server is bound to, or (bound to a wildcard address, `--host 0.0.0.0` or
/// `::`) any IP address written as such. A DNS rebinding attack needs a name, so IP
/// literals are safe; the only name accepted is `localhost`, which resolves here alone.
public struct HostCheck: Sendable, Equatable {
    /// The address the server listens on, as given (`127.0.0.1`, `::1`, `0.0.0.0`, …).
    public let boundAddress: String
    public let port: Int

    public init(boundAddress: String, port: Int) {
        self.boundAddress = boundAddress
        self.port = port
    }

    /// Whether the server is bound to every interface.
    var isWildcard: Bool { boundAddress == "0.0.0.0" || boundAddress == "::" }

    /// Whether a request with this `Host` header is answered (nil: none was sent, refused).
    public func allows(host: String?) -> Bool {
        guard let host, let (name, port) = HostCheck.split(host), port == self.port else { return false }
        if name.lowercased() == "localhost" { return true }
        guard HostCheck.isIPLiteral(name) else { return false }
        return isWildcard || HostCheck.sameAddress(name, boundAddress)
    }

    /// Whether a WebSocket upgrade from a page of `origin` is accepted: the origin must be
    /// `http://` and the request's own Host, which must itself be allowed. Browsers always
    /// send Origin with a WebSocket; an upgrade without one is refused.
    public func allows(origin: String?, host: String?) -> Bool {
        guard let origin, let host, allows(host: host) else { return false }
        let prefix = "http://"
        guard origin.lowercased().hasPrefix(prefix) else { return false }
        return String(origin.dropFirst(prefix.count)).lowercased() == host.lowercased()
    }

    /// `name:port` (`[v6]:port` for IPv6) split; nil without an explicit decimal port.
    static func split(_ host: String) -> (name: String, port: Int)? {
        let name: Substring, rest: Substring
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            name = host[host.index(after: host.startIndex)..<close]
            rest = host[host.index(after: close)...]
        } else {
            guard let colon = host.lastIndex(of: ":") else { return nil }
            name = host[..<colon]
            rest = host[colon...]
        }
        guard rest.hasPrefix(":"), case let digits = rest.dropFirst(), !digits.isEmpty, digits.count <= 5,
              digits.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(digits), port <= 65535, !name.isEmpty else { return nil }
        return (String(name), port)
    }

    /// A dotted IPv4 address of four decimal parts, or an IPv6 address (hex groups and colons).
    static func isIPLiteral(_ s: String) -> Bool {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) && Int($0).map { $0 <= 255 } == true }) {
            return true
        }
        return s.contains(":") && s.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    /// Whether two written addresses are the same (IPv6 compared without case; `::1` and
    /// `0:0:0:0:0:0:0:1` differ here, which refuses a request rather than accepting one).
    static func sameAddress(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }
}
