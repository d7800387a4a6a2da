import Foundation

/// The server's side of the opening handshake (RFC 6455, section 4.2).
public enum WebSocketHandshake {
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// `Sec-WebSocket-Accept` for a client's key: base64 of the SHA-1 of the key and the GUID.
    public static func accept(key: String) -> String {
        Data(SHA1.hash(Array((key + guid).utf8))).base64EncodedString()
    }

    /// The 101 answer that upgrades `request` to a WebSocket, or the refusal: 400 for a
    /// request that is not a valid upgrade, 426 (naming version 13) for another version.
    public static func response(to request: HTTPRequestHead) -> HTTPResponse {
        func refuse(_ why: String) -> HTTPResponse {
            HTTPResponse(.badRequest, fields: [HTTPField("Content-Type", "text/plain; charset=utf-8")], body: Array((why + "\n").utf8))
        }
        guard request.method == "GET", request.version == "HTTP/1.1" else { return refuse("a WebSocket opens with GET over HTTP/1.1") }
        guard request.tokens("Upgrade").contains("websocket"), request.tokens("Connection").contains("upgrade") else {
            return refuse("this path is a WebSocket: send Upgrade: websocket and Connection: Upgrade")
        }
        guard request.field("Sec-WebSocket-Version") == "13" else {
            return HTTPResponse(.upgradeRequired, fields: [HTTPField("Sec-WebSocket-Version", "13")], body: Array("WebSocket version 13 only\n".utf8))
        }
        guard let key = request.field("Sec-WebSocket-Key"), let nonce = Data(base64Encoded: key), nonce.count == 16 else {
            return refuse("Sec-WebSocket-Key must be 16 bytes in base64")
        }
        return HTTPResponse(.switchingProtocols, fields: [
            HTTPField("Upgrade", "websocket"),
            HTTPField("Connection", "Upgrade"),
            HTTPField("Sec-WebSocket-Accept", accept(key: key)),
        ])
    }
}
