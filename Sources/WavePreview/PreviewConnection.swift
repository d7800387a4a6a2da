import Foundation
import WaveHTTP

/// One client connection of the preview server, on a thread of its own: requests read one
/// after another (pipelined ones too) and answered in order, until the client closes, a
/// limit is reached, or the connection becomes the page's WebSocket.
///
/// Limits: a request's head must arrive whole within `readTimeout` of the connection
/// starting to wait for it (a half-open or idle connection, or a head sent a byte at a
/// time, is closed) and be at most `HTTPHeadReader.defaultLimit` bytes (431, or 414 for a
/// request line); an answer must be read by the client within `writeTimeout`. A malformed
/// head gets its 4xx/5xx and the connection is closed.
struct PreviewConnection {
    static let readTimeout = Duration.seconds(10)
    static let writeTimeout = Duration.seconds(10)

    let socket: Socket
    let id: Int
    let table: ConnectionTable
    let handler: PreviewHandler
    let hub: ClientHub

    func run() {
        defer {
            table.close(id)
            socket.close()
        }
        var reader = HTTPHeadReader()
        var buffer: [UInt8] = []
        while true {
            // Waiting for a request: evictable until the whole head is here.
            let deadline = ContinuousClock.now + PreviewConnection.readTimeout
            guard table.setWaiting(id, true) else { return }
            var step = reader.next()
            while step == .needMore {
                buffer.removeAll(keepingCapacity: true)
                guard case .data = socket.read(into: &buffer, max: reader.limit, deadline: deadline) else { return }
                reader.append(buffer)
                step = reader.next()
            }
            guard table.setWaiting(id, false) else { return }
            switch step {
            case .needMore:
                return
            case .failed(let error):
                let answer = PreviewHandler.text(error.status, error.reason + "\n")
                _ = socket.write(answer.serialized(closing: true), deadline: .now + PreviewConnection.writeTimeout)
                return
            case .head(let request):
                let answer = handler.answer(request)
                let upgrade = answer.status == .switchingProtocols
                let closing = !upgrade && !request.keepAlive
                guard socket.write(answer.serialized(headOnly: request.method == "HEAD", closing: closing),
                                   deadline: .now + PreviewConnection.writeTimeout) else { return }
                if upgrade {
                    PreviewSocketSession(socket: socket, hub: hub, received: Array(reader.pending)).run()
                    return
                }
                if closing { return }
            }
        }
    }
}
