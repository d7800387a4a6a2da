import XCTest
@testable import WaveHTTP

/// Request heads as they arrive: in pieces, several at once, too long, malformed.
final class HTTPHeadReaderTests: XCTestCase {
    func heads(_ chunks: [String], limit: Int = HTTPHeadReader.defaultLimit) -> [HTTPHeadReader.Step] {
        var reader = HTTPHeadReader(limit: limit)
        var out: [HTTPHeadReader.Step] = []
        for chunk in chunks {
            reader.append(Array(chunk.utf8))
            while true {
                let step = reader.next()
                out.append(step)
                if case .head = step { continue }
                break
            }
        }
        return out
    }

    func testAHeadInPiecesIsReadOnceWhole() {
        let raw = "GET /frame?script=a%20b.wave&tick=3 HTTP/1.1\r\nHost: 127.0.0.1:8060\r\nX-Empty:\r\nOrigin:  http://x \t\r\n\r\n"
        // Every split point, down to one byte at a time.
        for cut in 1..<raw.utf8.count {
            let bytes = Array(raw.utf8)
            let steps = heads([String(decoding: bytes[..<cut], as: UTF8.self), String(decoding: bytes[cut...], as: UTF8.self)])
            XCTAssertEqual(steps.filter { $0 != .needMore }.count, 1, "cut at \(cut)")
        }
        guard case .head(let head) = heads([raw])[0] else { return XCTFail() }
        XCTAssertEqual(head.method, "GET")
        XCTAssertEqual(head.path, "/frame")
        XCTAssertEqual(head.query, "script=a%20b.wave&tick=3")
        XCTAssertEqual(head.fields, [HTTPField("Host", "127.0.0.1:8060"), HTTPField("X-Empty", ""), HTTPField("Origin", "http://x")])
        XCTAssertEqual(head.host, "127.0.0.1:8060")
        XCTAssertEqual(head.field("origin"), "http://x")
        XCTAssertTrue(head.keepAlive)
        XCTAssertEqual(PercentEncoding.queryItems(head.query)?.map { [$0.name, $0.value] }, [["script", "a b.wave"], ["tick", "3"]])
    }

    func testPipelinedHeadsComeOutInOrderAndLeaveTheRest() {
        var reader = HTTPHeadReader()
        reader.append(Array("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.0\nHost: h\n\n\u{81}\u{80}".utf8))
        guard case .head(let a) = reader.next(), case .head(let b) = reader.next() else { return XCTFail() }
        XCTAssertEqual([a.path, b.path], ["/a", "/b"])
        XCTAssertEqual(b.version, "HTTP/1.0")
        XCTAssertFalse(b.keepAlive, "HTTP/1.0 closes unless asked to keep alive")
        XCTAssertEqual(reader.next(), .needMore)
        XCTAssertEqual(Array(reader.pending), [0xC2, 0x81, 0xC2, 0x80], "bytes after the heads stay for the WebSocket")
    }

    func testEmptyLinesBeforeARequestAreSkipped() {
        guard case .head(let h) = heads(["\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n"])[0] else { return XCTFail() }
        XCTAssertEqual(h.path, "/")
    }

    func testAHeadOverTheLimitFailsAtTheLimit() {
        // A request line over the limit: 414; a header line: 431; both once `limit` bytes are in.
        XCTAssertEqual(heads(["GET /" + String(repeating: "a", count: 100)], limit: 64).last?.status, 414)
        XCTAssertEqual(heads(["GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 100)], limit: 64).last?.status, 431)
        XCTAssertEqual(heads(["GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 40)], limit: 64).last, .needMore)
        XCTAssertEqual(heads(["\r\n", String(repeating: "\r\n", count: 40)], limit: 64).last?.status, 414, "empty lines count too")
        // A megabyte of header line fails after the limit, not after reading it all.
        var reader = HTTPHeadReader()
        reader.append(Array("GET / HTTP/1.1\r\nX: ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20))
        XCTAssertEqual(reader.next().status, 431)
    }

    func testMalformedHeadsGetTheirStatus() {
        let cases: [(String, Int)] = [
            ("GET\r\n\r\n", 400),
            ("GET  / HTTP/1.1\r\n\r\n", 400),
            ("GET / HTTP/2.0\r\n\r\n", 505),
            ("GET / FTP\r\n\r\n", 400),
            ("G@T / HTTP/1.1\r\n\r\n", 400),
            ("GET relative HTTP/1.1\r\n\r\n", 400),
            ("GET /\u{7F} HTTP/1.1\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nNo colon\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nName : v\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nA: b\u{0}c\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n", 413),
            ("POST / HTTP/1.1\r\nContent-Length: 1, 2\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ]
        for (raw, status) in cases { XCTAssertEqual(heads([raw]).first?.status, status, raw.debugDescription) }
        guard case .head = heads(["GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n"])[0] else { return XCTFail("an empty body is no body") }
    }

    func testAnAbsoluteTargetNamesTheHost() {
        guard case .head(let h) = heads(["GET http://127.0.0.1:8060/frame?tick=1 HTTP/1.1\r\nHost: evil.example\r\n\r\n"])[0],
              case .head(let bare) = heads(["GET http://localhost:1?x=1 HTTP/1.1\r\n\r\n"])[0] else { return XCTFail() }
        XCTAssertEqual([h.host, h.path, h.query], ["127.0.0.1:8060", "/frame", "tick=1"])
        XCTAssertEqual([bare.host, bare.path, bare.query], ["localhost:1", "/", "x=1"])
    }

    func testAResponseIsOneBufferWithItsLength() {
        let r = HTTPResponse(.notFound, fields: [HTTPField("Content-Type", "text/plain"), HTTPField("X", "a\r\nInjected: 1")], body: Array("no\n".utf8))
        XCTAssertEqual(String(decoding: r.serialized(closing: true), as: UTF8.self),
                       "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nX: aInjected: 1\r\nContent-Length: 3\r\nConnection: close\r\n\r\nno\n")
        XCTAssertEqual(String(decoding: r.serialized(headOnly: true), as: UTF8.self),
                       "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nX: aInjected: 1\r\nContent-Length: 3\r\n\r\n")
    }

    func testPercentDecodingRefusesMalformedInput() {
        XCTAssertEqual(PercentEncoding.decode("a%2Fb%2e+c"), "a/b.+c")
        XCTAssertNil(PercentEncoding.decode("%"))
        XCTAssertNil(PercentEncoding.decode("%4"))
        XCTAssertNil(PercentEncoding.decode("%zz"))
        XCTAssertNil(PercentEncoding.decode("%c0%ae"), "overlong UTF-8")
        XCTAssertNil(PercentEncoding.queryItems("a=1&b=%ff"))
        XCTAssertEqual(PercentEncoding.queryItems("a&&b=1=2")?.map { [$0.name, $0.value] }, [["a", ""], ["b", "1=2"]])
    }
}

extension HTTPHeadReader.Step {
    var status: Int? {
        if case .failed(let e) = self { return e.status.code }
        return nil
    }
}
