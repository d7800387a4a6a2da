/// One field line of a message head: its name as sent and its value without surrounding
/// whitespace.
public struct HTTPField: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A request's head (RFC 9112, section 2): the request line and the header fields.
///
/// Guarantees (after `parse`): the method is a token; the target is origin-form (starts with
/// `/`) or absolute-form (`http://authority/…`), of visible ASCII; the version is HTTP/1.0 or
/// HTTP/1.1; field names are tokens and values hold no control characters but tab; at most
/// one Host; no body (Content-Length 0 or none, no Transfer-Encoding).
public struct HTTPRequestHead: Sendable, Equatable {
    public var method: String
    /// The request target as sent.
    public var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    public var fields: [HTTPField]

    public init(method: String, target: String, version: String = "HTTP/1.1", fields: [HTTPField]) {
        self.method = method
        self.target = target
        self.version = version
        self.fields = fields
    }

    /// The first field named `name` (names compare without case).
    public func field(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every comma-separated element of the fields named `name`, lower-cased (for token
    /// lists such as Connection and Upgrade).
    public func tokens(_ name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingSpaces().lowercased() }
    }

    /// The authority of an absolute-form target (`http://HOST/…`), which stands for the
    /// Host field (RFC 9112, section 3.2.2); otherwise the Host field.
    public var host: String? {
        if let (authority, _) = splitAbsolute() { return authority }
        return field("Host")
    }

    /// The target's path, percent-encoded as sent (`/` for an absolute-form target without one).
    public var path: String {
        let origin = splitAbsolute()?.rest ?? Substring(target)
        return String(origin.prefix { $0 != "?" })
    }

    /// The target's query (after `?`), percent-encoded as sent; empty without one.
    public var query: String {
        let origin = splitAbsolute()?.rest ?? Substring(target)
        guard let q = origin.firstIndex(of: "?") else { return "" }
        return String(origin[origin.index(after: q)...])
    }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection:
    /// close`, HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        let connection = tokens("Connection")
        if connection.contains("close") { return false }
        return version == "HTTP/1.1" || connection.contains("keep-alive")
    }

    private func splitAbsolute() -> (authority: String, rest: Substring)? {
        let scheme = "http://"
        guard target.lowercased().hasPrefix(scheme) else { return nil }
        let afterScheme = target.dropFirst(scheme.count)
        let end = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        let rest = afterScheme[end...]
        return (String(afterScheme[..<end]), rest.hasPrefix("?") || rest.isEmpty ? Substring("/" + rest) : rest)
    }
}

extension HTTPRequestHead {
    /// Parses the head's lines: `bytes` from the request line to the empty line that ends
    /// the head (line ends LF or CRLF), as `HTTPHeadReader` delimits it.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(HTTPError) -> HTTPRequestHead {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
            var line = bytes[start..<i]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            start = i + 1
            if line.isEmpty { if lines.isEmpty { continue } else { break } }
            lines.append(line)
        }
        guard let requestLine = lines.first else { throw HTTPError(.badRequest, "no request line") }
        var head = try parseRequestLine(requestLine)
        for line in lines.dropFirst() { head.fields.append(try parseField(line)) }
        try checkFraming(head)
        return head
    }

    /// request-line = method SP request-target SP HTTP-version
    static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPError) -> HTTPRequestHead {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw HTTPError(.badRequest, "the request line is not 'METHOD TARGET HTTP/1.1'") }
        let (method, target, version) = (parts[0], parts[1], parts[2])
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else { throw HTTPError(.badRequest, "the method is not a token") }
        guard !target.isEmpty, target.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw HTTPError(.badRequest, "the target holds a byte that is not visible ASCII")
        }
        let targetText = String(decoding: target, as: UTF8.self)
        guard targetText.hasPrefix("/") || targetText.lowercased().hasPrefix("http://") else {
            throw HTTPError(.badRequest, "the target is neither a path nor an http:// address")
        }
        let versionText = String(decoding: version, as: UTF8.self)
        guard versionText == "HTTP/1.1" || versionText == "HTTP/1.0" else {
            let isVersion = versionText.count == 8 && versionText.hasPrefix("HTTP/") && versionText.dropFirst(5).enumerated()
                .allSatisfy { $0.offset == 1 ? $0.element == "." : $0.element.isASCII && $0.element.isNumber }
            throw isVersion ? HTTPError(.versionNotSupported, "only HTTP/1.1 is served") : HTTPError(.badRequest, "no HTTP version")
        }
        return HTTPRequestHead(method: String(decoding: method, as: UTF8.self), target: targetText, version: versionText, fields: [])
    }

    /// field-line = field-name ":" OWS field-value OWS
    static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPError) -> HTTPField {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw HTTPError(.badRequest, "a header line without ':'") }
        let name = line[..<colon]
        // Also refuses obsolete line folding (a line that starts with whitespace).
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw HTTPError(.badRequest, "a header name that is not a token") }
        var value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
            throw HTTPError(.badRequest, "a header value with a control character")
        }
        while let f = value.first, f == 0x20 || f == 0x09 { value = value.dropFirst() }
        while let l = value.last, l == 0x20 || l == 0x09 { value = value.dropLast() }
        return HTTPField(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// One Host at most, and no body: the server reads none (RFC 9112, section 6.3).
    static func checkFraming(_ head: HTTPRequestHead) throws(HTTPError) {
        func all(_ name: String) -> [String] { head.fields.filter { $0.name.lowercased() == name }.map(\.value) }
        guard all("host").count <= 1 else { throw HTTPError(.badRequest, "more than one Host header") }
        guard all("transfer-encoding").isEmpty else { throw HTTPError(.notImplemented, "request bodies are not accepted") }
        let lengths = all("content-length").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map { $0.trimmingSpaces() }
        guard lengths.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }), Set(lengths).count <= 1 else {
            throw HTTPError(.badRequest, "a malformed Content-Length")
        }
        if let length = lengths.first, length.contains(where: { $0 != "0" }) {
            throw HTTPError(.contentTooLarge, "request bodies are not accepted")
        }
    }

    /// tchar (RFC 9110, section 5.6.2).
    static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(b)
        }
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
