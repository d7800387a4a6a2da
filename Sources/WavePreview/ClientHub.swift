import FlyingFox
import Foundation

/// The pages connected to `/events`, and what goes to them: news of a script (a new
/// version or new diagnostics: the page then asks for `/info`) and the playhead a page
/// moved, so that other tabs on the same script follow it.
///
/// Each page's outgoing messages wait in a buffer of `maxQueued`; when a page reads too
/// slowly the oldest are dropped (every message says where things are now, so the newest
/// is enough). Frames never go this way: a page asks for them one at a time over HTTP.
public final class ClientHub: WSMessageHandler, @unchecked Sendable {
    static let maxQueued = 16
    private let lock = NSLock()
    private var clients: [Int: AsyncStream<WSMessage>.Continuation] = [:]
    private var nextID = 1

    public init() {}

    public var count: Int {
        lock.lock(); defer { lock.unlock() }
        return clients.count
    }

    /// A page's playhead, as pages send it and as it is passed on.
    struct Seek: Codable, Equatable {
        var type = "seek"
        var script: String
        var tick: Int
        var playing: Bool
        var from: Int?
    }

    public func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(ClientHub.maxQueued))
        let id = register(continuation)
        continuation.yield(.text(#"{"type":"hello","client":\#(id)}"#))
        Task { [self] in
            for await message in client {
                guard case .text(let text) = message, text.utf8.count < 1024,
                      var seek = try? JSONDecoder().decode(Seek.self, from: Data(text.utf8)),
                      seek.type == "seek", (0...PreviewRoute.maxTick).contains(seek.tick) else { continue }
                seek.from = id
                send(seek, except: id)
            }
            remove(id)
            continuation.finish()
        }
        return stream
    }

    private func register(_ c: AsyncStream<WSMessage>.Continuation) -> Int {
        lock.lock(); defer { lock.unlock() }
        let id = nextID
        nextID += 1
        clients[id] = c
        return id
    }

    private func remove(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        clients[id] = nil
    }

    /// Tells every page that `script` has news.
    public func changed(_ script: String) {
        struct Changed: Codable { var type = "changed"; var script: String }
        broadcast(Changed(script: script), except: nil)
    }

    func send(_ seek: Seek, except id: Int) { broadcast(seek, except: id) }

    private func broadcast<T: Encodable>(_ value: T, except: Int?) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else { return }
        lock.lock()
        let targets = clients.filter { $0.key != except }.map(\.value)
        lock.unlock()
        for c in targets { c.yield(.text(text)) }
    }

    /// Ends every page's stream (the server is stopping).
    public func closeAll() {
        lock.lock()
        let all = Array(clients.values)
        clients = [:]
        lock.unlock()
        for c in all { c.finish() }
    }
}
