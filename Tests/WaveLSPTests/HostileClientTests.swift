import Foundation
import XCTest
@testable import WaveLSP

/// Framing a client gets wrong, floods of edits, and documents named outside the
/// workspace: each costs an error reply at most, and the stream goes on.
final class HostileClientTests: XCTestCase {
    func errorCode(_ reply: JSON) -> Int? { (reply["error"] as? JSON)?["code"] as? Int }

    /// All frames a stream of bytes holds, fed in chunks of `chunk` bytes.
    func frames(_ stream: Data, chunk: Int = 7) -> [FrameDecoder.Frame] {
        var decoder = FrameDecoder()
        var out: [FrameDecoder.Frame] = []
        var i = 0
        while i < stream.count {
            decoder.append(stream.subdata(in: i..<min(i + chunk, stream.count)))
            i += chunk
            while let f = decoder.next() { out.append(f) }
        }
        return out
    }

    func method(_ frame: FrameDecoder.Frame?) -> String? {
        guard case .message(let data)? = frame else { return nil }
        return IncomingMessage(data: data).method
    }

    func testABadContentLengthCostsOneErrorNotTheStream() {
        let after = FrameDecoder.frame(["jsonrpc": "2.0", "method": "after"])
        let body = Data(#"{"jsonrpc":"2.0","method":"lost"}"#.utf8)
        for length in ["abc", "-4", "99999999999999999999999", "", "0x20"] {
            let stream = Data("Content-Length: \(length)\r\n\r\n".utf8) + body + after + after
            let got = frames(stream)
            XCTAssertEqual(got.count, 3, "Content-Length: \(length): \(got)")
            guard case .garbage = got.first else { return XCTFail("\(length): the bad header is reported") }
            XCTAssertEqual(got.dropFirst().map(method), ["after", "after"], "Content-Length: \(length)")
        }
    }

    func testAWrongLengthCostsTheMessagesItOverlaps() {
        let after = FrameDecoder.frame(["jsonrpc": "2.0", "method": "after"])
        let body = Data(#"{"jsonrpc":"2.0","method":"lost"}"#.utf8)
        // Too short: the body's rest is skipped up to the next header.
        var got = frames(Data("Content-Length: 5\r\n\r\n".utf8) + body + after)
        XCTAssertEqual(got.count, 3, "\(got)")
        XCTAssertNil(method(got.first), "five bytes of JSON are no message")
        XCTAssertEqual(method(got.last), "after")
        // Too long: it takes the next frame's start; the one after that is read.
        got = frames(Data("Content-Length: \(body.count + 10)\r\n\r\n".utf8) + body + after + after)
        XCTAssertEqual(method(got.last), "after", "\(got)")
        // Over the limit, and never sent: the next header is read, not a gigabyte skipped.
        got = frames(Data("Content-Length: \(1 << 40)\r\n\r\n".utf8) + body + after)
        XCTAssertEqual(got.count, 2, "\(got)")
        XCTAssertEqual(method(got.last), "after")
        // Text between frames, and a header with no length at all.
        got = frames(Data("hello\r\n".utf8) + after + Data("Content-Type: x\r\n\r\n{}".utf8) + after)
        XCTAssertEqual(got.map(method), [nil, "after", nil, "after"], "\(got)")
    }

    func testInvalidUTF8AndDeepNestingAreParseErrors() {
        let h = ServerHarness()
        for body in [Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]),
                     Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8),
                     Data(#"{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#u{FFFD}"#.utf8)] {
            h.sent.removeAll()
            h.server.handle(body)
            XCTAssertEqual(h.sent.count, 1)
            XCTAssertEqual(errorCode(h.sent[0]), -32700)
        }
        h.open("var x = 1")
        XCTAssertNotNil(h.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///t.wave"]]) as? [Any])
    }

    /// 100,000 changes that each replace the whole text, read faster than they are
    /// handled: only the last waits.
    func testABurstOfWholeTextChangesKeepsOnlyTheLatest() {
        let inbox = Inbox()
        let text = String(repeating: "var x = 1\n", count: 100)
        func change(_ version: Int, _ uri: String = "file:///t.wave") -> IncomingMessage {
            let o: JSON = ["jsonrpc": "2.0", "method": "textDocument/didChange",
                           "params": ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text + "# \(version)\n"]]]]
            return IncomingMessage(data: try! JSONSerialization.data(withJSONObject: o))
        }
        let hover = IncomingMessage(data: Data(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///t.wave"},"position":{"line":0,"character":4}}}"#.utf8))
        inbox.push(.message(change(0)), bytes: 1000)
        inbox.push(.message(hover), bytes: 100)   // sees version 0: kept
        for v in 1...100_000 { inbox.push(.message(change(v)), bytes: 1000) }
        inbox.push(.message(change(1, "file:///other.wave")), bytes: 1000)
        var versions: [Int] = []
        while case .message(let m) = inbox.pop(until: 0) {
            versions.append(((m.params as? JSON)?["textDocument"] as? JSON)?["version"] as? Int ?? -1)
        }
        XCTAssertEqual(versions, [0, -1, 100_000, 1])
    }

    /// The server reads no file a URI names: a document is what the client sent. URIs
    /// that point outside the workspace, however spelt, are documents like any other, and
    /// requests about ones not open are errors.
    func testDocumentURIsOutsideTheWorkspace() {
        let h = ServerHarness()
        let uris = [
            "file:///work/project/%2e%2e/%2E%2E/etc/passwd", "file:///work/project/..%2f..%2fetc%2fshadow",
            "file:///work/project/%252e%252e/x.wave", "file:///C:%5C..%5C..%5CWindows%5Cwin.ini",
            "file://C:\\..\\..\\boot.ini", "file:///..\\..\\etc\\hosts", "file://evil.example/share/x.wave",
            "file://localhost/etc/passwd", "file:///dev/stdin", "file:///proc/self/fd/0", "file:", "file://",
            "file:///%00/x.wave", "file:///%ff%fe.wave", "untitled:..%2F..%2Fx", "\\\\server\\share\\x.wave", "",
        ]
        for uri in uris {
            XCTAssertEqual(errorCode(h.request("textDocument/hover", ServerHarness.at(0, 4, uri: uri))), -32803, uri)
            XCTAssertEqual(errorCode(h.request("textDocument/formatting", ["textDocument": ["uri": uri]])), -32803, uri)
            let diagnostics = h.open("layer p: image { source \"passwd\" }\n", uri: uri)
            XCTAssertEqual(diagnostics.count, 1, "\(uri): \(diagnostics)")
            XCTAssertNotNil(h.request("textDocument/hover", ServerHarness.at(0, 6, uri: uri))["result"], uri)
            h.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
            XCTAssertEqual(errorCode(h.request("textDocument/hover", ServerHarness.at(0, 4, uri: uri))), -32803, uri)
        }
    }

    /// A request queued behind a long one is refused once too many wait, not kept.
    func testRequestsWaitingForAnswersAreBounded() {
        var sent: [JSON] = []
        let lock = NSLock()
        let blocker = NSCondition()
        var release = false, started = false
        let requests = WorkQueue.thread("test requests")
        let server = LanguageServer(requests: requests) { m in lock.lock(); sent.append(m); lock.unlock() }
        server.handle(Data(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#.utf8))
        server.handle(Data(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///t.wave","version":1,"text":"var x = 1"}}}"#.utf8))
        // Hold the requests thread.
        requests.submit { blocker.lock(); started = true; blocker.broadcast(); while !release { blocker.wait() }; blocker.unlock() }
        blocker.lock()
        while !started { if !blocker.wait(until: Date(timeIntervalSinceNow: 60)) { break } }
        blocker.unlock()
        let count = LanguageServer.maxWaitingRequests + 10
        for id in 1...count {
            server.handle(Data(#"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///t.wave"}}}"#.utf8))
        }
        // Cancelling one that waits answers it at once.
        server.handle(Data(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#.utf8))
        lock.lock()
        let early = sent.filter { $0["id"] != nil && !($0["id"] is NSNull) && ($0["id"] as? Int) != 0 }
        lock.unlock()
        XCTAssertEqual(early.filter { errorCode($0) == -32803 }.count, count - LanguageServer.maxWaitingRequests, "refused as busy")
        XCTAssertEqual(early.filter { errorCode($0) == -32800 }.map { $0["id"] as? Int }, [1], "cancelled")
        blocker.lock(); release = true; blocker.broadcast(); blocker.unlock()
        // Everything is answered once: wait for the queue to drain (a job after all of them).
        let done = NSCondition()
        var drained = false
        requests.submit { done.lock(); drained = true; done.signal(); done.unlock() }
        done.lock()
        while !drained { if !done.wait(until: Date(timeIntervalSinceNow: 60)) { break } }
        XCTAssertTrue(drained, "the requests thread drains")
        done.unlock()
        lock.lock()
        let ids = sent.compactMap { $0["id"] as? Int }.filter { $0 != 0 }
        lock.unlock()
        XCTAssertEqual(ids.count, count)
        XCTAssertEqual(Set(ids).count, count, "each request answered once")
    }
}
