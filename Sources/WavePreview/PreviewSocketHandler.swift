import FlyingFox
import Foundation

/// The frames of the page's WebSocket (`/events`), between the socket and `ClientHub`, with
/// a bounded queue each way: FlyingFox's own handler queues without a limit both the
/// messages a client sends and the frames waiting for a client to read them, so a client
/// flooding seeks or reading nothing made the server's memory grow as long as it went on.
///
/// A client may send text frames of at most `maxMessage` bytes (a seek is about 70), pings
/// and pongs; anything else (binary, fragments, larger frames, a close) ends the connection
/// with a close frame. The server pings every `pingInterval`. Each way keeps at most `ClientHub.maxQueued` messages, the newest:
/// every message says where things are now, so the newest are enough.
struct PreviewSocketHandler: WSHandler {
    static let maxMessage = 1024
    static let pingInterval = Duration.seconds(30)
    let hub: ClientHub

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let (framesOut, output) = AsyncStream<WSFrame>.makeStream(bufferingPolicy: .bufferingNewest(ClientHub.maxQueued))
        let (messagesIn, input) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(ClientHub.maxQueued))
        let messagesOut = try await hub.makeMessages(for: messagesIn)
        let reading = Task {
            do {
                for try await frame in client {
                    switch frame.opcode {
                    case .text where frame.fin && frame.payload.count <= PreviewSocketHandler.maxMessage:
                        input.yield(.text(String(decoding: frame.payload, as: UTF8.self)))
                    case .ping where frame.payload.count <= 125:
                        output.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
                    case .pong:
                        continue
                    default:
                        output.yield(.close(code: frame.opcode == .close ? .normalClosure : WSCloseCode(1009, reason: "refused")))
                        throw CancellationError()
                    }
                }
            } catch {}
            input.finish()
            output.finish()
        }
        let writing = Task {
            for await message in messagesOut {
                guard case .text(let text) = message else { continue }
                output.yield(WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(text.utf8)))
            }
            output.finish()
        }
        // A browser answers a ping by itself: a page that is open keeps its socket moving, so
        // the pool can end a WebSocket that stays silent longer (`GuardedSocketPool`).
        let pinging = Task {
            while (try? await Task.sleep(for: PreviewSocketHandler.pingInterval)) != nil {
                output.yield(WSFrame(fin: true, opcode: .ping, mask: nil, payload: Data()))
            }
        }
        output.onTermination = { _ in
            reading.cancel()
            writing.cancel()
            pinging.cancel()
            input.finish()
        }
        return framesOut
    }
}
