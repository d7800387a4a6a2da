/// A response: status, header fields and body, written as one buffer (so the head and the
/// body leave in one write).
public struct HTTPResponse: Sendable, Equatable {
    public var status: HTTPStatus
    public var fields: [HTTPField]
    public var body: [UInt8]

    public init(_ status: HTTPStatus, fields: [HTTPField] = [], body: [UInt8] = []) {
        self.status = status
        self.fields = fields
        self.body = body
    }

    /// The first field named `name` (without case).
    public func field(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The bytes to send: status line, fields, `Content-Length` (none for 101) and
    /// `Connection: close` when `closing`, the empty line, and the body unless `headOnly`
    /// (the answer to HEAD). CR and LF in field values are dropped.
    public func serialized(headOnly: Bool = false, closing: Bool = false) -> [UInt8] {
        var text = "HTTP/1.1 \(status.code) \(status.phrase)\r\n"
        for f in fields {
            var value = f.value
            value.unicodeScalars.removeAll { $0 == "\r" || $0 == "\n" }
            text += "\(f.name): \(value)\r\n"
        }
        if status.code != 101 { text += "Content-Length: \(body.count)\r\n" }
        if closing { text += "Connection: close\r\n" }
        text += "\r\n"
        var out = Array(text.utf8)
        if !headOnly { out += body }
        return out
    }
}
