import Foundation
import XCTest
@testable import WaveLSP

/// Whatever a client sends, the server answers as the protocol says and keeps running.
final class HostileMessageTests: XCTestCase {
    func errorCode(_ reply: JSON) -> Int? { (reply["error"] as? JSON)?["code"] as? Int }

    func testMalformedMessagesGetParseOrRequestErrors() {
        let h = ServerHarness()
        for (bytes, code) in [("{not json", -32700), ("[1, 2]", -32700), ("{\"id\": 4, \"method\": \"x\"}", -32600),
                              ("{\"jsonrpc\": \"2.0\", \"id\": [1], \"method\": \"shutdown\"}", -32600),
                              ("{\"jsonrpc\": \"2.0\"}", -32600)] {
            h.sent.removeAll()
            h.server.handle(Data(bytes.utf8))
            XCTAssertEqual(h.sent.count, 1, bytes)
            XCTAssertEqual(errorCode(h.sent[0]), code, bytes)
        }
        XCTAssertEqual(h.sent.last?["id"] as? Int, nil)
        // Still serving.
        h.open("var x = 1\nx")
        XCTAssertNotNil(h.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///t.wave"]]) as? [Any])
    }

    func testUnknownMethodsAndUnopenedDocuments() {
        let h = ServerHarness()
        XCTAssertEqual(errorCode(h.request("textDocument/teleport", [:])), -32601)
        XCTAssertEqual(errorCode(h.request("textDocument/hover", ServerHarness.at(0, 0, uri: "file:///never.wave"))), -32803)
        XCTAssertEqual(errorCode(h.request("textDocument/hover", ["textDocument": ["uri": "file:///never.wave"]])), -32803)
        h.open("var x = 1")
        XCTAssertEqual(errorCode(h.request("textDocument/hover", ["textDocument": ["uri": "file:///t.wave"]])), -32602, "no position")
        XCTAssertEqual(errorCode(h.request("textDocument/completion", ["position": ["line": 0, "character": 0]])), -32602, "no document")
        // Unknown notifications are ignored silently.
        h.sent.removeAll()
        h.notify("$/somethingElse", [:])
        h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///nope.wave"], "contentChanges": [["text": "x"]]])
        XCTAssertTrue(h.sent.isEmpty)
        // A position far outside the document is clamped, not a crash.
        XCTAssertNotNil(h.request("textDocument/completion", ServerHarness.at(500, 9000))["result"])
    }

    func testLifecycleRules() {
        var sent: [JSON] = []
        let server = LanguageServer { sent.append($0) }
        server.handle(Data(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#.utf8))
        XCTAssertEqual(errorCode(sent[0]), -32002, "not initialized")
        server.handle(Data(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"capabilities":{}}}"#.utf8))
        XCTAssertNotNil(sent[1]["result"])
        server.handle(Data(#"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{}}"#.utf8))
        XCTAssertEqual(errorCode(sent[2]), -32600, "initialized twice")
        server.handle(Data(#"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#.utf8))
        XCTAssertTrue(sent[3]["result"] is NSNull)
        server.handle(Data(#"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{}}"#.utf8))
        XCTAssertEqual(errorCode(sent[4]), -32600, "after shutdown")
        server.handle(Data(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8))
        XCTAssertEqual(server.state, .exited(code: 0))
        let abrupt = LanguageServer { _ in }
        abrupt.handle(Data(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8))
        XCTAssertEqual(abrupt.state, .exited(code: 1), "exit without shutdown")
    }

    func testACancelledRequestGetsRequestCancelled() {
        let h = ServerHarness()
        h.open("var x = 1")
        // What the reader thread does when a cancellation arrives while the request waits.
        let inbox = Inbox()
        let request = #"{"jsonrpc":"2.0","id":"h1","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///t.wave"},"position":{"line":0,"character":4}}}"#
        inbox.push(.message(IncomingMessage(data: Data(request.utf8))))
        inbox.push(.message(IncomingMessage(data: Data(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"h1"}}"#.utf8))))
        h.sent.removeAll()
        XCTAssertNil(ServerLoop.step(inbox.pop(until: 0), h.server, inbox))
        XCTAssertEqual(h.sent.count, 1)
        XCTAssertEqual(h.sent[0]["id"] as? String, "h1")
        XCTAssertEqual(errorCode(h.sent[0]), -32800)
        XCTAssertNil(ServerLoop.step(inbox.pop(until: 0), h.server, inbox))
        // The same request again is answered.
        h.sent.removeAll()
        inbox.push(.message(IncomingMessage(data: Data(request.utf8))))
        XCTAssertNil(ServerLoop.step(inbox.pop(until: 0), h.server, inbox))
        XCTAssertNotNil(h.sent.first?["result"] as? JSON)
        // Input ending without shutdown: exit status 1.
        inbox.close()
        XCTAssertEqual(ServerLoop.step(inbox.pop(until: nil), h.server, inbox), 1)
    }

    func testAHugeDocumentIsRefusedNotAnalysed() {
        let h = ServerHarness()
        let huge = String(repeating: "var x = 1 # padding padding padding padding\n", count: (17 << 20) / 44)
        let diags = h.open(huge, uri: "file:///huge.wave")
        XCTAssertEqual(diags.count, 1)
        XCTAssertTrue((diags[0]["message"] as? String ?? "").hasPrefix("script is too large"))
        XCTAssertEqual(errorCode(h.request("textDocument/hover", ServerHarness.at(0, 4, uri: "file:///huge.wave"))), -32803)
        XCTAssertEqual(errorCode(h.request("textDocument/formatting", ["textDocument": ["uri": "file:///huge.wave"]])), -32803)
    }

    func testFramesSplitAnywhereAndGarbageIsSkipped() {
        var decoder = FrameDecoder()
        let one = FrameDecoder.frame(["jsonrpc": "2.0", "method": "a"])
        let two = FrameDecoder.frame(["jsonrpc": "2.0", "method": "b"])
        let stream = one + Data("Content-Type: x\r\n\r\n".utf8) + two
        var frames: [FrameDecoder.Frame] = []
        for byte in stream {   // one byte at a time
            decoder.append(Data([byte]))
            while let f = decoder.next() { frames.append(f) }
        }
        XCTAssertEqual(frames.count, 3)
        XCTAssertEqual(frames[0], .message(one.suffix(from: one.range(of: Data("\r\n\r\n".utf8))!.upperBound)))
        guard case .garbage = frames[1] else { return XCTFail("a header without Content-Length is garbage") }
        guard case .message = frames[2] else { return XCTFail("the next frame is read") }
    }

    func testAnOversizedBodyIsSkippedAndTheNextMessageRead() {
        var decoder = FrameDecoder()
        let size = FrameDecoder.maxBodyBytes + 10
        decoder.append(Data("Content-Length: \(size)\r\n\r\n".utf8))
        guard case .garbage(let why) = decoder.next() else { return XCTFail() }
        XCTAssertTrue(why.contains("over the limit"))
        let chunk = Data(count: 1 << 20)
        var left = size
        while left > 0 {
            let n = min(left, chunk.count)
            decoder.append(chunk.prefix(n))
            left -= n
            XCTAssertNil(decoder.next())
        }
        decoder.append(FrameDecoder.frame(["jsonrpc": "2.0", "method": "after"]))
        guard case .message(let data) = decoder.next() else { return XCTFail("the message after the skipped body") }
        XCTAssertEqual(IncomingMessage(data: data).method, "after")
    }

    /// A document whose path is one character, `.`, `/` or ends in a slash names its image
    /// relative to that path's folder: diagnostics, never a trap (Foundation's path methods
    /// trapped on such names).
    func testOneCharacterDocumentPathsWithImageLayers() {
        let h = ServerHarness()
        for uri in ["file://g", "g", "file://.", "file:///", "file://g/", "file:///x/y/", ".", "/"] {
            let diagnostics = h.open("scene 10x10\nlayer p: image { source \"nope.png\" }", uri: uri)
            XCTAssertEqual(diagnostics.count, 1, uri)
            XCTAssertTrue((diagnostics.first?["message"] as? String ?? "").contains("nope.png"), "\(uri): \(diagnostics)")
        }
    }
}
