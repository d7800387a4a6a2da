import Foundation

/// Runs a `LanguageServer` on standard input and output: a thread reads and frames the
/// input, the calling thread takes messages in order and publishes debounced diagnostics
/// when they fall due, and two more threads answer requests about documents and check
/// them (`WorkQueue`), so that a check that takes long holds up nothing else.
///
/// Memory stays bounded whatever the client does: messages read but not taken wait in an
/// `Inbox` of at most `Inbox.maxQueuedBytes` (the reader stops reading when it is full),
/// a change that replaces a document's whole text drops the waiting changes before it, and
/// replies are written as they are made, so a client that does not read its replies stops
/// the server at the pipe's buffer rather than queueing them.
///
/// Standard output carries protocol messages only: the loop keeps its own copy of the
/// descriptor and points descriptor 1 at standard error, so a stray print cannot corrupt
/// the stream.
public enum ServerLoop {
    /// Serves until `exit` or the end of input; returns the process's exit status (0 after
    /// `shutdown` then `exit`, 1 otherwise, as the protocol asks).
    public static func run(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        // A client that closes its end makes writes fail with EPIPE rather than kill us.
        signal(SIGPIPE, SIG_IGN)
        let protocolOut = dup(output)
        if output == 1 { dup2(2, 1) }
        let inbox = Inbox()
        let out = ProtocolOutput(fd: protocolOut) { inbox.abort() }
        let reader = Thread { readFrames(from: input, into: inbox, output: out) }
        reader.stackSize = 16 << 20
        reader.start()
        let server = LanguageServer(requests: .thread("wave lsp requests"), checks: .thread("wave lsp checks")) { message in
            out.write(FrameDecoder.frame(message))
        }
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

    static func readFrames(from fd: Int32, into inbox: Inbox, output: ProtocolOutput) {
        var decoder = FrameDecoder()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                output.inputEnded()
                inbox.close()
                return
            }
            decoder.append(Data(buffer[0..<n]))
            while let frame = decoder.next() {
                switch frame {
                case .message(let data):
                    let message = IncomingMessage(data: data)
                    // Nothing after `exit` matters: a reply the client is not reading
                    // must not keep the server from stopping.
                    if message.method == "exit", message.id == nil { output.abandonWhenBlocked() }
                    inbox.push(.message(message), bytes: data.count)
                case .garbage(let why): inbox.push(.garbage(why), bytes: why.utf8.count)
                }
            }
        }
    }
}

/// The protocol's output: whole frames written in place, one at a time, from any thread.
/// A client that stops reading blocks the writer (bounded by the pipe's buffer, nothing is
/// queued); once it has closed its end, or input has ended or `exit` come while it does
/// not read, writing gives up and the connection counts as closed.
final class ProtocolOutput: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private let onClose: () -> Void
    /// Set from the reader thread; read by a writer waiting for the pipe.
    private let state = NSLock()
    private var giveUpAfter: UInt64?
    private var closed = false

    init(fd: Int32, onClose: @escaping () -> Void) {
        self.fd = fd
        self.onClose = onClose
    }

    /// Input ended: replies are still written while the client reads them, but a writer
    /// blocked for `lingerNanoseconds` gives up.
    func inputEnded() { state.lock(); giveUpAfter = min(giveUpAfter ?? .max, ProtocolOutput.lingerNanoseconds); state.unlock() }
    /// `exit` came: a blocked writer gives up at once.
    func abandonWhenBlocked() { state.lock(); giveUpAfter = 0; state.unlock() }

    static let lingerNanoseconds: UInt64 = 2_000_000_000

    func write(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        if closed { return }
        let ok = data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            var blockedSince: UInt64?
            while offset < raw.count {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&p, 1, 100)
                if ready < 0 { if errno == EINTR { continue }; return false }
                if ready == 0 {
                    let now = DispatchTime.now().uptimeNanoseconds
                    let since = blockedSince ?? now
                    blockedSince = since
                    state.lock()
                    let limit = giveUpAfter
                    state.unlock()
                    if let limit, now - since >= limit { return false }
                    continue
                }
                blockedSince = nil
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0 { if errno == EINTR || errno == EAGAIN { continue }; return false }
                offset += n
            }
            return true
        }
        if !ok {
            closed = true
            onClose()
        }
    }
}

/// Messages read but not yet handled. The reader thread notes cancellations as they
/// arrive, so a request still waiting here when its cancellation comes is answered with
/// `RequestCancelled` instead of being worked on.
///
/// Bounded: `push` waits while the items hold more than `maxQueuedBytes` of frames, and a
/// change that replaces a document's whole text takes the place of the changes to it still
/// waiting (back to the last request, which must see the text it was sent about).
final class Inbox: @unchecked Sendable {
    enum Item { case message(IncomingMessage), garbage(String), timedOut, closed }

    /// Most bytes of frames waiting; a single larger frame is let in alone.
    static let maxQueuedBytes = 32 << 20

    private let condition = NSCondition()
    private var items: [(item: Item, bytes: Int)] = []
    private var head = 0
    private var queuedBytes = 0
    private var isClosed = false
    private var isAborted = false
    private var cancelled: Set<RequestID> = []

    func push(_ item: Item, bytes: Int = 0) {
        condition.lock()
        defer { condition.unlock() }
        while queuedBytes > 0, queuedBytes + bytes > Inbox.maxQueuedBytes, !isAborted { condition.wait() }
        if isAborted { return }
        // A cancellation counts only while its request waits here.
        if case .message(let m) = item, m.method == "$/cancelRequest", let id = RequestID(((m.params as? JSON)?["id"])),
           items[head...].contains(where: { if case .message(let w) = $0.item { return w.id == id && w.method != nil }; return false }) {
            cancelled.insert(id)
        }
        if case .message(let m) = item, let uri = Inbox.wholeTextChange(m) { dropChanges(to: uri) }
        items.append((item, bytes))
        queuedBytes += bytes
        condition.broadcast()
    }

    /// The document a `didChange` replaces the whole text of (its last change has no range).
    static func wholeTextChange(_ m: IncomingMessage) -> String? {
        guard m.method == "textDocument/didChange", m.id == nil, let p = m.params as? JSON,
              let changes = p["contentChanges"] as? [JSON], let last = changes.last, last["range"] == nil,
              last["text"] is String else { return nil }
        return (p["textDocument"] as? JSON)?["uri"] as? String
    }

    /// Removes the changes to `uri` waiting after the last request and the last other
    /// message about `uri`.
    private func dropChanges(to uri: String) {
        var i = items.count - 1
        var removed: [Int] = []
        while i >= head {
            guard case .message(let m) = items[i].item else { i -= 1; continue }
            if m.isRequest { break }
            let about = ((m.params as? JSON)?["textDocument"] as? JSON)?["uri"] as? String
            if about == uri {
                guard m.method == "textDocument/didChange" else { break }
                removed.append(i)
            }
            i -= 1
        }
        for i in removed {   // highest first
            queuedBytes -= items[i].bytes
            items.remove(at: i)
        }
    }

    func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The connection is gone: what waits is dropped and `pop` says so at once.
    func abort() {
        condition.lock()
        isClosed = true
        isAborted = true
        items.removeAll()
        head = 0
        queuedBytes = 0
        condition.broadcast()
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
        let (item, bytes) = items[head]
        head += 1
        queuedBytes -= bytes
        if head > 1024 { items.removeFirst(head); head = 0 }
        condition.broadcast()
        return item
    }
}
