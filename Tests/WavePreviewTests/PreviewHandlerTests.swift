import FlyingFox
import Foundation
import XCTest
import WaveCodecs
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

    func get(_ h: PreviewHandler, _ path: String, query: String = "", headers: [HTTPHeader: String] = [.host: "127.0.0.1:8060"]) async throws -> HTTPResponse {
        try await h.handleRequest(HTTPRequest(method: .GET, version: .http11, target: .init(path: path, query: query),
                                              headers: HTTPHeaders(headers), body: HTTPBodySequence(data: Data())))
    }

    func testAnswersThePageTheFrameAndTheScript() async throws {
        let h = try handler()
        let page = try await get(h, "/")
        XCTAssertEqual(page.statusCode.code, 200)
        XCTAssertEqual(page.headers[.contentType], "text/html; charset=utf-8")
        let html = String(decoding: try await page.bodyData, as: UTF8.self)
        XCTAssertFalse(html.contains("http"), "nothing fetched from the network")
        XCTAssertNil(html.range(of: #"(src|href)="(?!data:)"#, options: .regularExpression), "no file loaded beside the page")
        let frame = try await get(h, "/frame", query: "tick=37")
        XCTAssertEqual(frame.statusCode.code, 200)
        XCTAssertEqual(frame.headers[HTTPHeader("X-Wave-Version")], "1")
        let image = try PNGDecoder.decode(Array(try await frame.bodyData))
        XCTAssertEqual([image.width, image.height], [240, 240])
        let file = try await get(h, "/file/sonar.wave", query: "script=sonar.wave", headers: [.host: "localhost:8060"])
        XCTAssertEqual(file.statusCode.code, 200)
        let text = String(decoding: try await file.bodyData, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("# Reference scene 4"))
    }

    func testRefusesForeignHostsPathsOutsideAndOtherOrigins() async throws {
        let h = try handler()
        for host in ["evil.example:8060", "127.0.0.1:9999"] {
            let r = try await get(h, "/", headers: [.host: host])
            XCTAssertEqual(r.statusCode.code, 421, host)
        }
        let none = try await get(h, "/", headers: [:])
        XCTAssertEqual(none.statusCode.code, 421)
        for path in ["/file/../sonar.wave", "/file/%2e%2e/examples/sonar.wave", "/file/ocean.wave", "/file//etc/passwd"] {
            let r = try await get(h, path)
            XCTAssertEqual(r.statusCode.code, 403, path)
        }
        let socket: [HTTPHeader: String] = [.host: "127.0.0.1:8060", .upgrade: "websocket", .connection: "Upgrade",
                                            .webSocketKey: "dGhlIHNhbXBsZSBub25jZQ==", .webSocketVersion: "13"]
        var foreign = socket
        foreign[HTTPHeader("Origin")] = "http://evil.example"
        let refused = try await get(h, "/events", headers: foreign)
        XCTAssertEqual(refused.statusCode.code, 403)
        var own = socket
        own[HTTPHeader("Origin")] = "http://127.0.0.1:8060"
        let accepted = try await get(h, "/events", headers: own)
        XCTAssertEqual(accepted.statusCode.code, 101)
        let unknown = try await get(h, "/etc/passwd")
        XCTAssertEqual(unknown.statusCode.code, 404)
        let noScript = try await get(h, "/frame", query: "script=ocean.wave&tick=1")
        XCTAssertEqual(noScript.statusCode.code, 404)
        let badTick = try await get(h, "/frame", query: "tick=-1")
        XCTAssertEqual(badTick.statusCode.code, 400)
    }

    func testRefusesEverythingBeforeItKnowsItsPort() async throws {
        let h = try handler()
        h.hostCheck = nil
        let r = try await get(h, "/")
        XCTAssertEqual(r.statusCode.code, 421)
    }
}
