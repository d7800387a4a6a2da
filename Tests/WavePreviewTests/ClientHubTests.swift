import FlyingFox
import XCTest
@testable import WavePreview

/// A page that does not read keeps at most `maxQueued` messages: the oldest go.
final class ClientHubTests: XCTestCase {
    func testASlowPageKeepsOnlyTheNewestMessages() async throws {
        let hub = ClientHub()
        let (incoming, input) = AsyncStream<WSMessage>.makeStream()
        let outgoing = try await hub.makeMessages(for: incoming)
        XCTAssertEqual(hub.count, 1)
        for i in 0..<1000 { hub.changed("script-\(i).wave") }
        input.finish()
        var received: [String] = []
        for await message in outgoing { if case .text(let t) = message { received.append(t) } }
        XCTAssertEqual(received.count, ClientHub.maxQueued)
        XCTAssertEqual(received.last, #"{"script":"script-999.wave","type":"changed"}"#)
        XCTAssertEqual(hub.count, 0, "a page that went is forgotten")
    }

    func testASeekGoesToTheOtherPagesOnly() async throws {
        let hub = ClientHub()
        let (inA, sendA) = AsyncStream<WSMessage>.makeStream()
        let (inB, sendB) = AsyncStream<WSMessage>.makeStream()
        let outA = try await hub.makeMessages(for: inA)
        let outB = try await hub.makeMessages(for: inB)
        sendA.yield(.text(#"{"type":"seek","script":"s.wave","tick":37,"playing":false}"#))
        sendA.yield(.text(#"{"type":"seek","script":"s.wave","tick":-4,"playing":false}"#))
        sendA.yield(.text("not json"))
        sendA.finish()
        var a: [String] = []
        for await m in outA { if case .text(let t) = m { a.append(t) } }
        XCTAssertEqual(a, [#"{"type":"hello","client":1}"#])
        var b: [String] = []
        for await m in outB {
            if case .text(let t) = m { b.append(t) }
            if b.count == 2 { break }
        }
        sendB.finish()
        XCTAssertEqual(b.first, #"{"type":"hello","client":2}"#)
        let seek = try JSONDecoder().decode(ClientHub.Seek.self, from: Data(b[1].utf8))
        XCTAssertEqual(seek, ClientHub.Seek(script: "s.wave", tick: 37, playing: false, from: 1))
    }
}
