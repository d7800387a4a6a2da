import Foundation
import XCTest

/// `wave lsp` against clients that misbehave, under a 2 GiB address-space limit: each case
/// ends in error replies or a closed connection, never a crash, a hang or memory that grows
/// with the input. Timeouts only turn a hang into a failure; nothing here is timed.
final class LSPHostileClientTests: XCTestCase {
    static let limitKiB = 2 << 20

    func errorCode(_ m: [String: Any]?) -> Int? { (m?["error"] as? [String: Any])?["code"] as? Int }

    /// The peak resident set of a live process, from /proc, in KiB.
    func peakRSS(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
    }

    func start(_ environment: [String: String] = [:]) throws -> LSPProcess {
        let server = try LSPProcess(memoryLimitKiB: Self.limitKiB, environment: environment)
        addTeardownBlock { if server.process.isRunning { server.process.terminate() } }
        XCTAssertNotNil(server.request("initialize", ["capabilities": [:]]))
        server.notify("initialized", [:])
        return server
    }

    /// `shutdown`, `exit`, and the exit status; nil (and the server killed) when it has not
    /// exited a minute later.
    func stop(_ server: LSPProcess) -> Int32? {
        let exited = DispatchSemaphore(value: 0)
        server.process.terminationHandler = { _ in exited.signal() }
        let reply = server.request("shutdown", [:])
        XCTAssertTrue(reply?["result"] is NSNull, "shutdown answered: \(reply ?? [:])")
        server.notify("exit", [:])
        guard exited.wait(timeout: .now() + 60) == .success else {
            server.process.terminate()
            exited.wait()
            return nil
        }
        return server.process.terminationStatus
    }

    /// The reply to request `id`, setting aside what comes first.
    func reply(_ server: LSPProcess, _ id: Int) -> [String: Any]? {
        while let m = server.receive() { if m["id"] as? Int == id, m["method"] == nil { return m } }
        return nil
    }

    func testALongCheckHoldsUpNeitherRequestsNorCancellationNorShutdown() throws {
        // The compiler's work limit raised as far as it goes: the check runs for a long time.
        let server = try start(["WAVE_MAX_WORK": "200000000"])
        let slow = "file:///tmp/slow.wave", fine = "file:///tmp/fine.wave"
        func open(_ uri: String, _ text: String) {
            server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "wave", "version": 1, "text": text]])
        }
        open(slow, "func f(n) = n <= 0 ? 1 : f(n - 1) + f(n - 1)\nlet x = f(40)\n")
        open(fine, "var x = 1\nlayer c: circle { radius x }\n")
        let symbols = server.request("textDocument/documentSymbol", ["textDocument": ["uri": fine]])
        XCTAssertEqual((symbols?["result"] as? [[String: Any]])?.count, 2, "answered while the other document is checked")
        // Completion needs the compiler, which is busy: cancelling it answers at once.
        server.nextID += 1
        let completion = server.nextID
        server.send(["jsonrpc": "2.0", "id": completion, "method": "textDocument/completion",
                     "params": ["textDocument": ["uri": slow], "position": ["line": 1, "character": 9]]])
        server.notify("$/cancelRequest", ["id": completion])
        let cancelled = reply(server, completion)
        XCTAssertEqual(errorCode(cancelled) ?? (cancelled?["result"] != nil ? -32800 : nil), -32800, "\(cancelled ?? [:])")
        // Newer text supersedes the check; shutdown and exit are answered while it runs.
        server.notify("textDocument/didChange", ["textDocument": ["uri": slow, "version": 2], "contentChanges": [["text": "var y = 2\n"]]])
        XCTAssertEqual(stop(server), 0)
    }

    /// An image layer whose source is a FIFO, or the server's own standard input: refused,
    /// and the protocol stream is left alone.
    func testImageSourcesThatAreFIFOsOrStandardInputAreRefused() throws {
        let dir = try temporaryDirectory()
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("pipe.png").path, 0o600), 0)
        let server = try start()
        let uri = dir.appendingPathComponent("i.wave").absoluteString
        for source in ["pipe.png", "/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"] {
            let diagnostics = server.open(uri, "scene 40x40\nlayer p: image { source \"\(source)\" }\n")
            XCTAssertEqual(diagnostics?.count, 1, source)
            let message = diagnostics?.first?["message"] as? String ?? ""
            // Refused as not a regular file, or, as the server confines image sources to
            // the document's folder, as not a PNG file inside it.
            XCTAssertTrue(message.contains("cannot read image '\(source)'"), "\(source): \(message)")
            let symbols = server.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
            XCTAssertEqual((symbols?["result"] as? [Any])?.count, 2, "\(source): still reading its own messages")
        }
        XCTAssertEqual(stop(server), 0)
    }

    func testBrokenFramingCostsErrorRepliesAndTheStreamGoesOn() throws {
        let server = try start()
        let hoverable = "file:///tmp/h.wave"
        XCTAssertEqual(server.open(hoverable, "var x = 1\nlayer c: circle { radius x }\n")?.count, 0)
        func frame(_ id: Int) -> Data {
            let body = try! JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": id, "method": "textDocument/documentSymbol",
                                                                    "params": ["textDocument": ["uri": hoverable]]])
            return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        let body = Data(#"{"jsonrpc":"2.0","id":77,"method":"shutdown"}"#.utf8)
        let cases: [(String, Data)] = [
            ("a length that is not a number", Data("Content-Length: forty\r\n\r\n".utf8) + body),
            ("a negative length", Data("Content-Length: -1\r\n\r\n".utf8) + body),
            ("a length past Int", Data("Content-Length: 123456789012345678901234567890\r\n\r\n".utf8) + body),
            ("a terabyte never sent", Data("Content-Length: \(1 << 40)\r\n\r\n".utf8) + body),
            ("a length too short", Data("Content-Length: 10\r\n\r\n".utf8) + body),
            ("invalid UTF-8", Data("Content-Length: 6\r\n\r\n".utf8) + Data([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x7D])),
            ("text between frames", Data("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ]
        for (n, (name, bytes)) in cases.enumerated() {
            let id = 1000 + n
            server.write(bytes + frame(id))
            var errors = 0
            var answered = false
            while let m = server.receive() {
                if m["id"] as? Int == id { answered = m["result"] is [Any]; break }
                if errorCode(m) == -32700 || errorCode(m) == -32600 { errors += 1 }
                XCTAssertNotEqual(m["id"] as? Int, 77, "\(name): the shutdown inside was not read")
            }
            XCTAssertTrue(answered, "\(name): the next message is answered")
            XCTAssertGreaterThanOrEqual(errors, 1, name)
            XCTAssertLessThanOrEqual(errors, 2, name)
        }
        // A message cut off by the end of input: the connection closes, status 1.
        server.write(Data("Content-Length: 500\r\n\r\n{\"jsonrpc\":\"2.0\",".utf8))
        try server.input.fileHandleForWriting.close()
        server.process.waitUntilExit()
        XCTAssertEqual(server.process.terminationStatus, 1)
        XCTAssertEqual(server.process.terminationReason, .exit)
    }

    /// 100,000 changes replacing the whole text, then 20,000 requests, sent as fast as the
    /// pipe takes them: the server's peak memory does not grow with the flood.
    func testFloodsOfEditsAndRequestsStayUnderAMemoryBound() throws {
        let server = try start()
        let uri = "file:///tmp/flood.wave"
        XCTAssertNotNil(server.open(uri, "var x = 1\n"))
        let padding = String(repeating: "# a comment that pads the document out to a kilobyte or so\n", count: 16)
        let writer = Thread {
            for v in 2...100_001 {
                server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": v],
                                                         "contentChanges": [["text": padding + "var v\(v) = \(v)\n"]]])
            }
            for id in 1...20_000 {
                server.send(["jsonrpc": "2.0", "id": 10_000_000 + id, "method": "textDocument/hover",
                             "params": ["textDocument": ["uri": uri], "position": ["line": 16, "character": 5]]])
            }
        }
        writer.stackSize = 1 << 20
        writer.start()
        var replies = 0
        while replies < 20_000, let m = server.receive(within: 120) {
            if let id = m["id"] as? Int, id > 10_000_000 { replies += 1 }
        }
        XCTAssertEqual(replies, 20_000, "every request answered")
        let symbols = server.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        XCTAssertEqual((symbols?["result"] as? [[String: Any]])?.first?["name"] as? String, "v100001", "the last text counts")
        let peak = peakRSS(server.process.processIdentifier) ?? .max
        XCTAssertLessThan(peak, 400 << 10, "peak RSS \(peak) KiB")
        XCTAssertEqual(stop(server), 0)
    }

    /// A client that sends requests and never reads a reply: the server stops at the
    /// pipe's buffer with bounded memory, and once input ends it gives up and exits 1.
    func testAClientThatNeverReadsDoesNotGrowTheServer() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v \(Self.limitKiB); exec \"$0\" lsp", WaveBinary.url.path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        addTeardownBlock { if process.isRunning { process.terminate() } }
        func frame(_ o: [String: Any]) -> Data {
            let body = try! JSONSerialization.data(withJSONObject: o)
            return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        var stream = frame(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["capabilities": [:]]])
        stream += frame(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                         "params": ["textDocument": ["uri": "file:///tmp/s.wave", "version": 1, "text": String(repeating: "var x = 1\n", count: 2000)]]])
        let request = frame(["jsonrpc": "2.0", "id": 1, "method": "textDocument/semanticTokens/full", "params": ["textDocument": ["uri": "file:///tmp/s.wave"]]])
        for _ in 0..<20_000 { stream += request }
        let wrote = DispatchSemaphore(value: 0)
        let all = stream
        Thread {
            input.fileHandleForWriting.write(all)
            try? input.fileHandleForWriting.close()
            wrote.signal()
        }.start()
        XCTAssertEqual(wrote.wait(timeout: .now() + 120), .success, "the server reads its input while its replies wait")
        let peak = peakRSS(process.processIdentifier) ?? .max
        guard exited.wait(timeout: .now() + 120) == .success else {
            process.terminate()
            return XCTFail("it gives up once input has ended (peak RSS \(peak) KiB)")
        }
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertLessThan(peak, 400 << 10, "peak RSS \(peak) KiB")
    }

    /// A document over the size `wave check` accepts is refused with one diagnostic before
    /// anything is worked out.
    func testADocumentOverTheSizeLimitIsRefusedCheaply() throws {
        let server = try start()
        let line = "var x = 1 # padding padding padding padding padding padding\n"
        let huge = String(repeating: line, count: (17 << 20) / line.utf8.count)
        let diagnostics = server.open("file:///tmp/huge.wave", huge)
        XCTAssertEqual(diagnostics?.count, 1)
        XCTAssertTrue((diagnostics?.first?["message"] as? String ?? "").hasPrefix("script is too large"))
        let peak = peakRSS(server.process.processIdentifier) ?? .max
        XCTAssertLessThan(peak, 600 << 10, "peak RSS \(peak) KiB")
        XCTAssertEqual(stop(server), 0)
    }
}
