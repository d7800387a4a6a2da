import Foundation

/// The pages connected to `/events`, and what goes to them: news of a script (a new
/// version or new diagnostics: the page then asks for `/info`) and the playhead a page
/// moved, so that other tabs on the same script follow it.
///
/// Each page's outgoing messages wait in an `Outbox` of `maxQueued`; when a page reads too
/// slowly the oldest are dropped. Frames never go this way: a page asks for them one at a
/// time over HTTP.
public final class ClientHub: @unchecked Sendable {
    static let maxQueued = 16
    private let lock = NSLock()
    private var clients: [Int: Outbox] = [:]
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

    /// A new page: its id and its outbox, which holds a hello naming the id.
    func connect() -> (id: Int, outbox: Outbox) {
        let outbox = Outbox(capacity: ClientHub.maxQueued)
        lock.lock()
        let id = nextID
        nextID += 1
        clients[id] = outbox
        lock.unlock()
        outbox.push(#"{"type":"hello","client":\#(id)}"#)
        return (id, outbox)
    }

    /// A message from page `id`: a seek (on a tick the server would draw) goes to every
    /// other page; anything else is ignored.
    func received(_ text: String, from id: Int) {
        guard text.utf8.count < 1024, var seek = try? JSONDecoder().decode(Seek.self, from: Data(text.utf8)),
              seek.type == "seek", (0...PreviewRoute.maxTick).contains(seek.tick) else { return }
        seek.from = id
        broadcast(seek, except: id)
    }

    /// Page `id` went: its outbox is closed.
    func disconnect(_ id: Int) {
        lock.lock()
        let outbox = clients.removeValue(forKey: id)
        lock.unlock()
        outbox?.close()
    }

    /// Tells every page that `script` has news.
    public func changed(_ script: String) {
        struct Changed: Codable { var type = "changed"; var script: String }
        broadcast(Changed(script: script), except: nil)
    }

    private func broadcast<T: Encodable>(_ value: T, except: Int?) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else { return }
        lock.lock()
        let targets = clients.filter { $0.key != except }.map(\.value)
        lock.unlock()
        for outbox in targets { outbox.push(text) }
    }

    /// Closes every page's outbox (the server is stopping).
    public func closeAll() {
        lock.lock()
        let all = Array(clients.values)
        clients = [:]
        lock.unlock()
        for outbox in all { outbox.close() }
    }
}
