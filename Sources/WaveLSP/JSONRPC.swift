import Foundation

/// JSON-RPC 2.0 as LSP frames it: `Content-Length: N\r\n\r\n` then N bytes of UTF-8 JSON.
/// Values are Foundation's JSON objects (`JSONSerialization`); `JSON` names them.
public typealias JSON = [String: Any]

/// A request id: LSP allows integers and strings.
public enum RequestID: Hashable, Sendable {
    case number(Int)
    case string(String)

    init?(_ any: Any?) {
        if let s = any as? String { self = .string(s) }
        else if let b = any as? NSNumber, String(cString: b.objCType) == "c" { return nil }   // true/false: no id (JSON-RPC §4)
        else if let n = any as? Int { self = .number(n) }
        else { return nil }
    }

    var json: Any {
        switch self {
        case .number(let n): return n
        case .string(let s): return s
        }
    }
}

/// The protocol's error codes (JSON-RPC's and LSP's).
public enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestCancelled = -32800
    case requestFailed = -32803
}

/// A failure that becomes the error reply of a request.
public struct ResponseError: Error, Sendable, Equatable {
    public var code: ErrorCode
    public var message: String
    public init(_ code: ErrorCode, _ message: String) { self.code = code; self.message = message }
}

/// One message as read from the wire: a request (id and method), a notification (method),
/// or a response to a request of ours (id, no method), or a frame that is not JSON-RPC at all.
/// Guarantees: `body` is the object the frame held; `malformed` explains a frame that
/// could not be read as a JSON object, and then `body` is empty.
public struct IncomingMessage: @unchecked Sendable {
    public var id: RequestID?
    public var method: String?
    public var body: JSON
    public var malformed: String?

    public init(data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data), let body = object as? JSON else {
            self.id = nil; self.method = nil; self.body = [:]
            self.malformed = "the message is not a JSON object"
            return
        }
        self.body = body
        self.id = RequestID(body["id"])
        self.method = body["method"] as? String
        self.malformed = nil
        if body["jsonrpc"] as? String != "2.0" { self.malformed = "the message is not JSON-RPC 2.0" }
        else if body["id"] != nil, id == nil { self.malformed = "a request id must be a number or a string" }
        else if method == nil, id == nil { self.malformed = "the message has neither a method nor an id" }
    }

    public var params: Any? { body["params"] }
    public var isRequest: Bool { id != nil && method != nil }
}

/// Splits a byte stream into frames. Feed it bytes as they arrive; take whole frames out.
/// After bytes that are not a frame (a header without a valid length, text between frames)
/// it resynchronises on the next `Content-Length` header, so one bad frame costs one error,
/// not the rest of the stream.
/// Invariant: `buffer` holds only bytes not yet returned as a frame or skipped.
public struct FrameDecoder {
    /// Largest body accepted; a longer one is reported and skipped up to the next header
    /// (a huge document is refused before it is read into memory twice).
    public static let maxBodyBytes = 64 << 20
    /// Longest header accepted.
    public static let maxHeaderBytes = 8192

    public enum Frame: Equatable {
        case message(Data)
        /// Bytes that are not a frame (a bad header, or a body over the limit); reply with a parse error.
        case garbage(String)
    }

    var buffer = Data()
    /// Whether bytes are being skipped up to the next header, and have been reported.
    var skippingJunk = false

    public init() {}

    public mutating func append(_ data: Data) { buffer.append(data) }

    /// The next whole frame, or nil when more bytes are needed.
    public mutating func next() -> Frame? {
        // Bytes before the header (the rest of a body whose length was wrong, or text that
        // is no frame at all) are reported once and dropped.
        if !FrameDecoder.startsWithField(buffer) {
            let reported = skippingJunk
            skippingJunk = true
            dropUntilHeader()
            if !reported { return .garbage("bytes outside a message were skipped up to the next Content-Length header") }
            if !FrameDecoder.startsWithField(buffer) { return nil }
        }
        let separator = Data("\r\n\r\n".utf8)
        guard let end = buffer.range(of: separator) else {
            // A header never grows this big; drop what cannot be one.
            if buffer.count > FrameDecoder.maxHeaderBytes {
                buffer.removeAll()
                return .garbage("a message header is longer than \(FrameDecoder.maxHeaderBytes) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        let bodyStart = end.upperBound
        guard let length, length >= 0 else {
            // Where its body ends is unknown: what follows, up to the next header, is skipped;
            // that may be one inside this block, after bytes that only looked like a field.
            if let inside = FrameDecoder.headerStart(in: buffer, from: buffer.startIndex + 1), inside < end.lowerBound {
                buffer.removeSubrange(buffer.startIndex..<inside)
                let reported = skippingJunk
                skippingJunk = true
                return reported ? next() : .garbage("bytes outside a message were skipped up to the next Content-Length header")
            }
            buffer.removeSubrange(buffer.startIndex..<bodyStart)
            skippingJunk = true
            dropUntilHeader()
            return .garbage("a message header has no valid Content-Length")
        }
        if length > FrameDecoder.maxBodyBytes {
            // Not skipped by its length, which a client can make endless: like a bad
            // header, up to the next header.
            buffer.removeSubrange(buffer.startIndex..<bodyStart)
            skippingJunk = true
            dropUntilHeader()
            return .garbage("a message of \(length) bytes is over the limit of \(FrameDecoder.maxBodyBytes)")
        }
        guard buffer.count - (bodyStart - buffer.startIndex) >= length else { return nil }
        skippingJunk = false
        let body = buffer.subdata(in: bodyStart..<bodyStart + length)
        buffer.removeSubrange(buffer.startIndex..<bodyStart + length)
        return .message(body)
    }

    /// Drops the bytes before the next `Content-Length` header, or all but a tail that
    /// may be the start of one.
    mutating func dropUntilHeader() {
        let start = FrameDecoder.headerStart(in: buffer, from: buffer.startIndex) ?? buffer.endIndex
        buffer.removeSubrange(buffer.startIndex..<start)
    }

    static let headerName = Array("content-length".utf8)

    /// Where the first `Content-Length` header (in any case) at or after `from` starts, or
    /// where the buffer's end could still become one; nil when none has begun.
    static func headerStart(in buffer: Data, from: Data.Index) -> Data.Index? {
        let name = headerName
        var i = from
        while i < buffer.endIndex {
            var k = 0
            while k < name.count, i + k < buffer.endIndex, lowercased(buffer[i + k]) == name[k] { k += 1 }
            if k == name.count || i + k == buffer.endIndex { return i }
            i += 1
        }
        return nil
    }

    static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    /// Whether `buffer` starts with what may be a header field (`Name:`, a name of letters,
    /// digits and hyphens), or with too little to tell.
    static func startsWithField(_ buffer: Data) -> Bool {
        for (n, byte) in buffer.enumerated() {
            if byte == UInt8(ascii: ":") { return n > 0 }
            let c = byte | 0x20
            guard (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") else { return false }
        }
        return true
    }

    /// One framed message.
    public static func frame(_ object: JSON) -> Data {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        var out = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.append(body)
        return out
    }
}
