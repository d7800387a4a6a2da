import Foundation
import XCTest
@testable import WavePreview

/// A page that does not read keeps at most `maxQueued` messages: the oldest go.
final class ClientHubTests: XCTestCase {
    func drain(_ outbox: Outbox) -> [String] {
        var out: [String] = []
        while case .message(let text) = outbox.take(timeout: .zero) { out.append(text) }
        return out
    }

    func testASlowPageKeepsOnlyTheNewestMessages() {
        let hub = ClientHub()
        let (id, outbox) = hub.connect()
        XCTAssertEqual(hub.count, 1)
        for i in 0..<1000 { hub.changed("script-\(i).wave") }
        let received = drain(outbox)
        XCTAssertEqual(received.count, ClientHub.maxQueued)
        XCTAssertEqual(received.first, #"{"script":"script-984.wave","type":"changed"}"#)
        XCTAssertEqual(received.last, #"{"script":"script-999.wave","type":"changed"}"#)
        hub.disconnect(id)
        XCTAssertEqual(hub.count, 0, "a page that went is forgotten")
        XCTAssertEqual(outbox.take(timeout: .zero), .closed)
    }

    func testASeekGoesToTheOtherPagesOnly() throws {
        let hub = ClientHub()
        let (a, outA) = hub.connect()
        let (_, outB) = hub.connect()
        hub.received(#"{"type":"seek","script":"s.wave","tick":37,"playing":false}"#, from: a)
        hub.received(#"{"type":"seek","script":"s.wave","tick":-4,"playing":false}"#, from: a)
        hub.received("not json", from: a)
        XCTAssertEqual(drain(outA), [#"{"type":"hello","client":1}"#])
        let b = drain(outB)
        XCTAssertEqual(b.count, 2)
        XCTAssertEqual(b.first, #"{"type":"hello","client":2}"#)
        let seek = try JSONDecoder().decode(ClientHub.Seek.self, from: Data(b[1].utf8))
        XCTAssertEqual(seek, ClientHub.Seek(script: "s.wave", tick: 37, playing: false, from: 1))
    }

    func testClosingEndsEveryPageAndWakesItsWriter() {
        let hub = ClientHub()
        let (_, outbox) = hub.connect()
        _ = drain(outbox)
        XCTAssertEqual(outbox.take(timeout: .milliseconds(1)), .idle)
        hub.closeAll()
        XCTAssertEqual(outbox.take(timeout: .seconds(60)), .closed)
        XCTAssertEqual(hub.count, 0)
    }
}
