import Foundation

/// Runs a `LanguageServer` on standard input and output: a thread reads and frames the
/// input, the calling thread answers messages in order and publishes debounced diagnostics
/// when they fall due.
///
/// Standard output carries protocol messages only: the loop keeps its own copy of the
/// descriptor and points descriptor 1 at standard error, so a stray print cannot corrupt
/// the stream.
public enum ServerLoop {
    /// Serves until `exit` or the end of input; returns the process's exit status (0 after
    /// `shutdown` then `exit`, 1 otherwise, as the protocol asks).
    public static func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        let protocolOut = dup(output)
        if output == 1 { dup2(2, 1) }
        let inbox = Inbox()
        let reader = Thread { readFrames(from: input, into: inbox) }
        reader.stackSize = 1 << 20
        reader.start()
        let server = LanguageServer { message in writeAll(protocolOut, FrameDecoder.frame(message)) }
        while true {
            if let status = step(inbox.pop(until: server.nextDeadline), server, inbox) { return status }
        }
    }

    /// Handles one item from the inbox; returns the exit status once the server is done.
    static func step(_ item: Inbox.Item, _ server: LanguageServer, _ inbox: Inbox) -> Int32? {
        switch item {
        case .message(let m):
            // Cancellations the reader saw while this request waited.
            server.cancelled.formUnion(inbox.takeCancelled())
            server.handle(m)
        case .garbage(let why):
            server.reply(nil, error: ResponseError(.parseError, why))
        case .timedOut:
            break
        case .closed:
            return server.state == .shutDown ? 0 : 1
        }
        server.publishDue()
        if case .exited(let code) = server.state { return code }
        return nil
    }

    static func readFrames(from fd: Int32, into inbox: Inbox) {
        var decoder = FrameDecoder()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { inbox.close(); return }
            decoder.append(Data(buffer[0..<n]))
            while let frame = decoder.next() {
                switch frame {
                case .message(let data): inbox.push(.message(IncomingMessage(data: data)))
                case .garbage(let why): inbox.push(.garbage(why))
                }
            }
        }
    }

    static func writeAll(_ fd: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return }
                offset += n
            }
        }
    }
}

/// Messages read but not yet handled. The reader thread notes cancellations as they
/// arrive, so a request still waiting here when its cancellation comes is answered with
/// `RequestCancelled` instead of being worked on.
final class Inbox: @unchecked Sendable {
    enum Item { case message(IncomingMessage), garbage(String), timedOut, closed }

    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private var isClosed = false
    private var cancelled: Set<RequestID> = []

    func push(_ item: Item) {
        condition.lock()
        // A cancellation counts only while its request waits here.
        if case .message(let m) = item, m.method == "$/cancelRequest", let id = RequestID(((m.params as? JSON)?["id"])),
           items[head...].contains(where: { if case .message(let w) = $0 { return w.id == id && w.method != nil }; return false }) {
            cancelled.insert(id)
        }
        items.append(item)
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        isClosed = true
        condition.signal()
        condition.unlock()
    }

    func takeCancelled() -> Set<RequestID> {
        condition.lock()
        defer { cancelled = []; condition.unlock() }
        return cancelled
    }

    /// The next item, waiting at most until `deadline` (an uptime in nanoseconds).
    func pop(until deadline: UInt64?) -> Item {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count {
            if isClosed { return .closed }
            if let deadline {
                let now = DispatchTime.now().uptimeNanoseconds
                if now >= deadline { return .timedOut }
                _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
            } else {
                condition.wait()
            }
        }
        let item = items[head]
        head += 1
        if head > 1024 { items.removeFirst(head); head = 0 }
        return item
    }
}
