import Foundation
import WaveHTTP

/// The page's WebSocket (`/events`) on one connection, between the socket and `ClientHub`:
/// this thread reads the client's frames; a second thread writes the page's outbox and the
/// pings.
///
/// A client may send text frames of at most `maxMessage` bytes (a seek is about 70), pings,
/// pongs and a close; anything else ends the connection with a close frame saying why:
/// 1009 for a larger frame (refused from its header, before its payload is read), 1003 for
/// binary or fragmented messages, 1007 for text that is not UTF-8, 1002 for a frame that
/// breaks RFC 6455. Of the messages one read brings, the newest `ClientHub.maxQueued` are
/// passed on (each says where a playhead is now), so a client flooding seeks costs no more
/// than one that sends a few. The server pings every `pingInterval`; a socket silent for
/// `readTimeout` (an open page answers pings, so it never is) or that does not take a frame
/// within `PreviewConnection.writeTimeout` is closed.
struct PreviewSocketSession {
    static let maxMessage = 1024
    static let pingInterval = Duration.seconds(30)
    static let readTimeout = Duration.seconds(75)

    let socket: Socket
    let hub: ClientHub
    /// Bytes that came after the upgrade request.
    let received: [UInt8]

    /// Writes frames from both threads one at a time.
    final class Writer: @unchecked Sendable {
        let socket: Socket
        private let lock = NSLock()
        init(socket: Socket) { self.socket = socket }

        /// False (and the socket shut down, which ends the reader too) when the client did not take it in time.
        @discardableResult
        func send(_ frame: WebSocketFrame) -> Bool {
            lock.lock(); defer { lock.unlock() }
            let sent = socket.write(frame.encoded(), deadline: .now + PreviewConnection.writeTimeout)
            if !sent { socket.shutdown() }
            return sent
        }
    }

    func run() {
        let (id, outbox) = hub.connect()
        let writer = Writer(socket: socket)
        let writerDone = DispatchSemaphore(value: 0)
        let started = DetachedThread.start(stackSize: 512 << 10) {
            PreviewSocketSession.write(outbox, to: writer)
            writerDone.signal()
        }
        if let close = started ? read(from: id, writer: writer) : (.internalError, "no thread for the writer") {
            writer.send(.close(close.code, reason: close.reason))
        }
        hub.disconnect(id)
        if started { writerDone.wait() }
    }

    /// Sends the outbox's messages, and a ping whenever `pingInterval` passes without one,
    /// until the outbox closes or the client stops reading.
    static func write(_ outbox: Outbox, to writer: Writer) {
        while true {
            switch outbox.take(timeout: pingInterval) {
            case .message(let text): guard writer.send(.text(text)) else { return }
            case .idle: guard writer.send(WebSocketFrame(opcode: .ping)) else { return }
            case .closed: return
            }
        }
    }

    /// Reads frames until the client closes or breaks a rule: the close frame to answer
    /// with, or nil when the socket is gone.
    func read(from id: Int, writer: Writer) -> (code: WebSocketCloseCode, reason: String)? {
        var decoder = WebSocketFrameDecoder(maxPayload: PreviewSocketSession.maxMessage)
        decoder.append(received)
        var buffer: [UInt8] = []
        while true {
            var messages: [String] = []
            readFrames: while true {
                switch decoder.next() {
                case .needMore: break readFrames
                case .failed(let code, let why): return (code, why)
                case .frame(let frame):
                    switch frame.opcode {
                    case .text where frame.fin:
                        guard let text = String(validating: frame.payload, as: UTF8.self) else { return (.invalidPayload, "text must be UTF-8") }
                        messages.append(text)
                        if messages.count > ClientHub.maxQueued { messages.removeFirst() }
                    case .ping: writer.send(WebSocketFrame(opcode: .pong, payload: frame.payload))
                    case .pong: continue
                    case .close:
                        guard let status = frame.closeStatus else { return (.protocolError, "a malformed close frame") }
                        return (status.code ?? .normal, "")
                    case .continuation, .text, .binary: return (.unsupportedData, "only whole text messages are read")
                    }
                }
            }
            for text in messages { hub.received(text, from: id) }
            buffer.removeAll(keepingCapacity: true)
            guard case .data = socket.read(into: &buffer, deadline: .now + PreviewSocketSession.readTimeout) else { return nil }
            decoder.append(buffer)
        }
    }
}
