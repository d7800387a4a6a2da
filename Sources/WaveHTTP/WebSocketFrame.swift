/// A WebSocket frame (RFC 6455, section 5.2) as a value, and its encoding.
public struct WebSocketFrame: Sendable, Equatable {
    public enum Opcode: UInt8, Sendable {
        case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA

        /// Close, ping and pong (opcodes 8 and up): at most 125 bytes, never fragmented.
        public var isControl: Bool { rawValue >= 0x8 }
    }

    public var fin: Bool
    public var opcode: Opcode
    /// Unmasked.
    public var payload: [UInt8]

    public init(fin: Bool = true, opcode: Opcode, payload: [UInt8] = []) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }

    public static func text(_ s: String) -> WebSocketFrame { WebSocketFrame(opcode: .text, payload: Array(s.utf8)) }

    /// A close frame with `code` and a UTF-8 `reason` (cut to fit the 125 bytes of a control frame).
    public static func close(_ code: WebSocketCloseCode, reason: String = "") -> WebSocketFrame {
        var reasonBytes: [UInt8] = []
        for scalar in reason.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            guard reasonBytes.count + bytes.count <= 123 else { break }
            reasonBytes += bytes
        }
        return WebSocketFrame(opcode: .close, payload: [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)] + reasonBytes)
    }

    /// The frame's bytes: masked with `mask` (4 bytes) as a client sends them, unmasked
    /// (nil) as a server does. The length takes the shortest of its three forms.
    public func encoded(mask: [UInt8]? = nil) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        let n = payload.count
        if n < 126 {
            out.append(maskBit | UInt8(n))
        } else if n <= 0xFFFF {
            out += [maskBit | 126, UInt8(n >> 8), UInt8(n & 0xFF)]
        } else {
            out.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: UInt64(n) >> UInt64(shift))) }
        }
        guard let mask else { return out + payload }
        out += mask
        for (i, b) in payload.enumerated() { out.append(b ^ mask[i & 3]) }
        return out
    }

    /// The status code and reason of a close frame's payload (RFC 6455, section 5.5.1):
    /// (nil, "") for an empty payload; nil for a malformed one (one byte, a code that may
    /// not be sent, or a reason that is not UTF-8).
    public var closeStatus: (code: WebSocketCloseCode?, reason: String)? {
        guard opcode == .close else { return nil }
        if payload.isEmpty { return (nil, "") }
        guard payload.count >= 2 else { return nil }
        let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.maySend, let reason = String(validating: payload[2...], as: UTF8.self) else { return nil }
        return (code, reason)
    }
}

/// A close frame's status code (RFC 6455, section 7.4).
public struct WebSocketCloseCode: RawRepresentable, Sendable, Equatable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let normal = WebSocketCloseCode(rawValue: 1000)
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    public static let invalidPayload = WebSocketCloseCode(rawValue: 1007)
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    public static let internalError = WebSocketCloseCode(rawValue: 1011)

    /// Whether an endpoint may put this code in a close frame: 1000–1003, 1007–1011 and
    /// 3000–4999 (1004–1006 and 1015 are reserved or only reported locally).
    public var maySend: Bool {
        (1000...1003).contains(rawValue) || (1007...1011).contains(rawValue) || (3000...4999).contains(rawValue)
    }
}
