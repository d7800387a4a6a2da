/// Delimits request heads in the bytes a connection receives, in time linear in their
/// length, and parses each (`HTTPRequestHead.parse`).
///
/// Guarantees: each byte is looked at once while looking for the end of a head; a head
/// longer than `limit` bytes fails (414 while still in the request line, 431 after it) as
/// soon as `limit` bytes of it have arrived, so the buffer never holds more than `limit` bytes
/// of an unfinished head plus one appended chunk. Bytes after a head stay buffered for the
/// next request (pipelining) or for a WebSocket (`pending`).
public struct HTTPHeadReader: Sendable {
    public static let defaultLimit = 16 * 1024

    public enum Step: Sendable, Equatable {
        case needMore
        case head(HTTPRequestHead)
        case failed(HTTPError)
    }

    public let limit: Int
    private var buffer: [UInt8] = []
    /// The first byte of the head being read.
    private var start = 0
    /// The next byte to look at.
    private var scan = 0
    /// The first byte of the line `scan` is in.
    private var lineStart = 0
    private var sawRequestLine = false

    public init(limit: Int = HTTPHeadReader.defaultLimit) { self.limit = limit }

    public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scan -= start
            lineStart -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received and not yet part of a head.
    public var pending: ArraySlice<UInt8> { buffer[start...] }

    /// The next head, once all of it has arrived.
    public mutating func next() -> Step {
        while scan < buffer.count {
            if scan - start >= limit {
                return .failed(sawRequestLine ? HTTPError(.headerFieldsTooLarge, "the request head is over \(limit) bytes")
                                              : HTTPError(.uriTooLong, "the request line is over \(limit) bytes"))
            }
            let byte = buffer[scan]
            scan += 1
            guard byte == UInt8(ascii: "\n") else { continue }
            let length = scan - 1 - lineStart - (scan - 1 > lineStart && buffer[scan - 2] == UInt8(ascii: "\r") ? 1 : 0)
            lineStart = scan
            if length > 0 { sawRequestLine = true; continue }
            // An empty line: before the request line it is skipped (RFC 9112, section 2.2);
            // after it, it ends the head.
            guard sawRequestLine else { continue }
            let head = buffer[start..<scan]
            start = scan
            sawRequestLine = false
            do { return .head(try HTTPRequestHead.parse(head)) } catch { return .failed(error) }
        }
        return .needMore
    }
}
