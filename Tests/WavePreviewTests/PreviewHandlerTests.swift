import Foundation
import XCTest
import WaveCodecs
import WaveHTTP
@testable import WavePreview

/// Requests as the server receives them, answered or refused before any work is done.
final class PreviewHandlerTests: XCTestCase {
    static var examples: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples").path
    }

    func handler() throws -> PreviewHandler {
        let h = PreviewHandler(library: try ScriptLibrary(target: PreviewHandlerTests.examples + "/sonar.wave", scale: 1), hub: ClientHub())
        h.hostCheck = HostCheck(boundAddress: "127.0.0.1", port: 8060)
        return h
    }

    func get(_ h: PreviewHandler, _ path: String, query: String = "", headers: [(String, String)] = [("Host", "127.0.0.1:8060")]) -> HTTPResponse {
        h.answer(HTTPRequestHead(method: "GET", target: path + (query.isEmpty ? "" : "?" + query), fields: headers.map { HTTPField($0.0, $0.1) }))
    }

    func testAnswersThePageTheFrameAndTheScript() throws {
        let h = try handler()
        let page = get(h, "/")
        XCTAssertEqual(page.status.code, 200)
        XCTAssertEqual(page.field("Content-Type"), "text/html; charset=utf-8")
        let html = String(decoding: page.body, as: UTF8.self)
        XCTAssertFalse(html.contains("http"), "nothing fetched from the network")
        XCTAssertNil(html.range(of: #"(src|href)="(?!data:)"#, options: .regularExpression), "no file loaded beside the page")
        let frame = get(h, "/frame", query: "tick=37")
        XCTAssertEqual(frame.status.code, 200)
        XCTAssertEqual(frame.field("X-Wave-Version"), "1")
        let image = try PNGDecoder.decode(frame.body)
        XCTAssertEqual([image.width, image.height], [240, 240])
        let file = get(h, "/file/sonar.wave", query: "script=sonar.wave", headers: [("Host", "localhost:8060")])
        XCTAssertEqual(file.status.code, 200)
        let text = String(decoding: file.body, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("# Reference scene 4"))
    }

    func testRefusesForeignHostsPathsOutsideAndOtherOrigins() throws {
        let h = try handler()
        for host in ["evil.example:8060", "127.0.0.1:9999"] {
            let r = get(h, "/", headers: [("Host", host)])
            XCTAssertEqual(r.status.code, 421, host)
        }
        let none = get(h, "/", headers: [])
        XCTAssertEqual(none.status.code, 421)
        for path in ["/file/../sonar.wave", "/file/%2e%2e/examples/sonar.wave", "/file/ocean.wave", "/file//etc/passwd"] {
            let r = get(h, path)
            XCTAssertEqual(r.status.code, 403, path)
        }
        let socket = [("Host", "127.0.0.1:8060"), ("Upgrade", "websocket"), ("Connection", "Upgrade"),
                      ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Sec-WebSocket-Version", "13")]
        let refused = get(h, "/events", headers: socket + [("Origin", "http://evil.example")])
        XCTAssertEqual(refused.status.code, 403)
        let accepted = get(h, "/events", headers: socket + [("Origin", "http://127.0.0.1:8060")])
        XCTAssertEqual(accepted.status.code, 101)
        XCTAssertEqual(accepted.field("Sec-WebSocket-Accept"), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let noOrigin = get(h, "/events", headers: socket)
        XCTAssertEqual(noOrigin.status.code, 403)
        let unknown = get(h, "/etc/passwd")
        XCTAssertEqual(unknown.status.code, 404)
        let noScript = get(h, "/frame", query: "script=ocean.wave&tick=1")
        XCTAssertEqual(noScript.status.code, 404)
        let badTick = get(h, "/frame", query: "tick=-1")
        XCTAssertEqual(badTick.status.code, 400)
    }

    func testRefusesEverythingBeforeItKnowsItsPort() throws {
        let h = try handler()
        h.hostCheck = nil
        let r = get(h, "/")
        XCTAssertEqual(r.status.code, 421)
    }
}
