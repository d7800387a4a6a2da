/// A response's status code and reason phrase (RFC 9110, section 15): the ones the preview
/// server sends.
public struct HTTPStatus: Sendable, Equatable {
    public let code: Int
    public let phrase: String

    public init(_ code: Int, _ phrase: String) {
        self.code = code
        self.phrase = phrase
    }

    public static let switchingProtocols = HTTPStatus(101, "Switching Protocols")
    public static let ok = HTTPStatus(200, "OK")
    public static let badRequest = HTTPStatus(400, "Bad Request")
    public static let forbidden = HTTPStatus(403, "Forbidden")
    public static let notFound = HTTPStatus(404, "Not Found")
    public static let requestTimeout = HTTPStatus(408, "Request Timeout")
    public static let contentTooLarge = HTTPStatus(413, "Content Too Large")
    public static let uriTooLong = HTTPStatus(414, "URI Too Long")
    public static let misdirectedRequest = HTTPStatus(421, "Misdirected Request")
    public static let unprocessableContent = HTTPStatus(422, "Unprocessable Content")
    public static let upgradeRequired = HTTPStatus(426, "Upgrade Required")
    public static let headerFieldsTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(500, "Internal Server Error")
    public static let notImplemented = HTTPStatus(501, "Not Implemented")
    public static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
    public static let versionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
}

/// A request the server will not answer normally: the status to refuse it with, and why.
/// After one of these the connection is closed (its framing can no longer be trusted).
public struct HTTPError: Error, Sendable, Equatable {
    public let status: HTTPStatus
    public let reason: String

    public init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }
}
