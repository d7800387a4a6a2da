/// Reads WebSocket frames out of the bytes a connection receives (RFC 6455, section 5.2).
///
/// Guarantees: a frame whose header announces more than `maxPayload` bytes fails with 1009
/// as soon as its length field has arrived, before any of its payload is buffered; so the
/// buffer holds at most one frame's header, `maxPayload` bytes and one appended chunk.
/// Frames with reserved bits or opcodes, control frames that are fragmented or over 125
/// bytes, a 64-bit length with its top bit set, and (with `requireMask`) unmasked frames
/// fail with 1002. Fragments are returned as they come (`fin`, `.continuation`): joining
/// them is the caller's choice.
public struct WebSocketFrameDecoder: Sendable {
    public enum Step: Sendable, Equatable {
        case needMore
        case frame(WebSocketFrame)
        case failed(WebSocketCloseCode, String)
    }

    public let maxPayload: Int
    /// A server requires masked frames from its clients (section 5.1).
    public let requireMask: Bool
    private var buffer: [UInt8] = []
    private var start = 0

    public init(maxPayload: Int, requireMask: Bool = true) {
        self.maxPayload = maxPayload
        self.requireMask = requireMask
    }

    public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Bytes buffered and not yet part of a returned frame.
    public var buffered: Int { buffer.count - start }

    public mutating func next() -> Step {
        let available = buffer.count - start
        guard available >= 2 else { return .needMore }
        let b0 = buffer[start], b1 = buffer[start + 1]
        guard b0 & 0x70 == 0 else { return .failed(.protocolError, "reserved bits set") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: b0 & 0x0F) else { return .failed(.protocolError, "reserved opcode") }
        let fin = b0 & 0x80 != 0
        let masked = b1 & 0x80 != 0
        if requireMask && !masked { return .failed(.protocolError, "a client's frame must be masked") }
        var headerLength = 2
        var length = UInt64(b1 & 0x7F)
        if length == 126 || length == 127 {
            let extra = length == 126 ? 2 : 8
            guard available >= 2 + extra else { return .needMore }
            length = 0
            for i in 0..<extra { length = length << 8 | UInt64(buffer[start + 2 + i]) }
            if extra == 8 && length >> 63 != 0 { return .failed(.protocolError, "the length's top bit is set") }
            headerLength += extra
        }
        if opcode.isControl && (!fin || length > 125) {
            return .failed(.protocolError, "a control frame must be whole and at most 125 bytes")
        }
        guard length <= UInt64(maxPayload) else { return .failed(.messageTooBig, "frames are at most \(maxPayload) bytes") }
        let n = Int(length)
        if masked { headerLength += 4 }
        guard available >= headerLength + n else { return .needMore }
        let payloadStart = start + headerLength
        var payload = Array(buffer[payloadStart..<payloadStart + n])
        if masked {
            let mask = buffer[payloadStart - 4..<payloadStart].map { $0 }
            for i in payload.indices { payload[i] ^= mask[i & 3] }
        }
        start = payloadStart + n
        return .frame(WebSocketFrame(fin: fin, opcode: opcode, payload: payload))
    }
}
