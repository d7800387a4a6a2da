import Foundation
import XCTest

/// `wave lsp` run as an editor runs it: the built binary, framed JSON-RPC over pipes.
final class LSPProcess: @unchecked Sendable {
    let process = Process()
    let input = Pipe(), output = Pipe(), errors = Pipe()
    private let lock = NSCondition()
    private var buffer = Data()
    private var ended = false
    /// Every byte the server wrote to standard output.
    private(set) var allOutput = Data()
    var nextID = 0

    /// With `memoryLimitKiB`, the server runs under `ulimit -v` (the shell execs it, so
    /// `process` is the server itself); `environment` adds to the test's.
    init(memoryLimitKiB: Int? = nil, environment: [String: String] = [:]) throws {
        if let memoryLimitKiB {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(memoryLimitKiB); exec \"$0\" lsp", WaveBinary.url.path]
        } else {
            process.executableURL = WaveBinary.url
            process.arguments = ["lsp"]
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = WaveBinary.packageRoot
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let handle = output.fileHandleForReading
        Thread { [self] in
            while true {
                let d = handle.availableData
                lock.lock()
                if d.isEmpty { ended = true } else { buffer.append(d); allOutput.append(d) }
                lock.broadcast()
                lock.unlock()
                if d.isEmpty { return }
            }
        }.start()
        let errHandle = errors.fileHandleForReading
        Thread { while !errHandle.availableData.isEmpty {} }.start()
    }

    func write(_ bytes: Data) { input.fileHandleForWriting.write(bytes) }

    func send(_ object: [String: Any]) {
        let body = try! JSONSerialization.data(withJSONObject: object)
        write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// The next message, or nil after `seconds` without one.
    func receive(within seconds: Double = 20) -> [String: Any]? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let sep = buffer.range(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[buffer.startIndex..<sep.lowerBound], as: UTF8.self)
                let length = Int(header.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? -1
                if buffer.count - (sep.upperBound - buffer.startIndex) >= length {
                    let body = buffer.subdata(in: sep.upperBound..<sep.upperBound + length)
                    buffer.removeSubrange(buffer.startIndex..<sep.upperBound + length)
                    return try? JSONSerialization.jsonObject(with: body) as? [String: Any]
                }
            }
            if ended || !lock.wait(until: deadline) { return nil }
        }
    }

    /// Sends a request and returns its reply, setting aside notifications that come first.
    func request(_ method: String, _ params: [String: Any]) -> [String: Any]? {
        nextID += 1
        send(["jsonrpc": "2.0", "id": nextID, "method": method, "params": params])
        while let m = receive() {
            if m["id"] as? Int == nextID, m["method"] == nil { return m }
        }
        return nil
    }

    func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Opens a document and waits for its diagnostics.
    func open(_ uri: String, _ text: String) -> [[String: Any]]? {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "wave", "version": 1, "text": text]])
        while let m = receive() {
            if m["method"] as? String == "textDocument/publishDiagnostics", let p = m["params"] as? [String: Any], p["uri"] as? String == uri {
                return p["diagnostics"] as? [[String: Any]]
            }
        }
        return nil
    }

    /// `shutdown`, `exit`, and the exit status.
    func stop() -> Int32 {
        _ = request("shutdown", [:])
        notify("exit", [:])
        process.waitUntilExit()
        return process.terminationStatus
    }
}

final class LSPTests: XCTestCase {
    /// The bad scripts of DiagnosticsSuiteTests (read from its source, so new cases count
    /// here too), plus scripts with warnings and non-ASCII text.
    static func suiteScripts() throws -> [String] {
        let source = try String(contentsOf: WaveBinary.packageRoot.appendingPathComponent("Tests/WaveCompilerTests/DiagnosticsSuiteTests.swift"), encoding: .utf8)
        var scripts: [String] = []
        var inCases = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("let cases:") { inCases = true; continue }
            if inCases, line.trimmingCharacters(in: .whitespaces) == "]" { break }
            if inCases, line.trimmingCharacters(in: .whitespaces).hasPrefix("(\""), let first = swiftStringLiteral(line) { scripts.append(first) }
        }
        return scripts
    }

    /// The first string literal on a line of Swift source, unescaped.
    static func swiftStringLiteral(_ line: Substring) -> String? {
        guard let open = line.firstIndex(of: "\"") else { return nil }
        var out = "", i = line.index(after: open)
        while i < line.endIndex {
            let c = line[i]
            if c == "\"" { return out }
            if c == "\\" {
                i = line.index(after: i)
                switch line[i] {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "u":
                    let close = line[i...].firstIndex(of: "}")!
                    let hex = line[line.index(i, offsetBy: 2)..<close]
                    out.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
                    i = close
                default: out.append(line[i])
                }
            } else {
                out.append(c)
            }
            i = line.index(after: i)
        }
        return nil
    }

    /// `wave check`'s diagnostics as `line:col-endcol severity code message` (1-based
    /// columns in characters; the end from the caret line's width).
    static func checkDiagnostics(_ path: String) throws -> [String] {
        let r = try WaveBinary.run(["check", path])
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        let head = try NSRegularExpression(pattern: #"^(.*):(\d+):(\d+): (error|warning)\[(\w+)\]: (.*)$"#)
        for (k, line) in lines.enumerated() {
            guard line.hasPrefix(path), let m = head.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { continue }
            func g(_ n: Int) -> String { String(line[Range(m.range(at: n), in: line)!]) }
            // The caret line follows the source line when there is one.
            var width = 1
            if k + 2 < lines.count, let caret = lines[k + 2].firstIndex(of: "^") {
                width = lines[k + 2][caret...].prefix { $0 == "^" || $0 == "~" }.count
            }
            out.append("\(g(2)):\(g(3))+\(width) \(g(4)) \(g(5)) \(g(6))")
        }
        return out
    }

    /// The same shape from an LSP diagnostic (UTF-16 columns: these scripts are in the BMP).
    static func lspDiagnostic(_ d: [String: Any]) -> String {
        let r = d["range"] as! [String: Any], s = r["start"] as! [String: Any], e = r["end"] as! [String: Any]
        let line = s["line"] as! Int, col = s["character"] as! Int
        let width = e["line"] as! Int == line ? max(1, e["character"] as! Int - col) : -1
        let severity = d["severity"] as! Int == 1 ? "error" : "warning"
        return "\(line + 1):\(col + 1)+\(width) \(severity) \(d["code"] as! String) \(d["message"] as! String)"
    }

    func testDiagnosticsAgreeWithWaveCheckOnTheWholeSuite() throws {
        var scripts = try Self.suiteScripts()
        XCTAssertGreaterThanOrEqual(scripts.count, 30, "the suite's cases were read")
        scripts += [
            "var unused = 1\nlayer s: wave { amplitde 5 }",
            "layer t: text \"x\" { font \"No Such Family Anywhere\" }",
            "layer t: text \"波浪 ∿\" { size 2s }\nvar spare = 3",
        ]
        let dir = try temporaryDirectory()
        let server = try LSPProcess()
        XCTAssertNotNil(server.request("initialize", ["capabilities": [:]]))
        server.notify("initialized", [:])
        var warnings = 0
        for (n, script) in scripts.enumerated() {
            let path = dir.appendingPathComponent("case\(n).wave").path
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            let expected = try Self.checkDiagnostics(path)
            guard let published = server.open(URL(fileURLWithPath: path).absoluteString, script) else { return XCTFail("no diagnostics for \(script)") }
            XCTAssertFalse(expected.isEmpty, script)
            XCTAssertEqual(published.map(Self.lspDiagnostic), expected, "for script:\n\(script)")
            warnings += expected.filter { $0.contains(" warning ") }.count
        }
        XCTAssertGreaterThanOrEqual(warnings, 3, "warnings are compared too")
        XCTAssertEqual(server.stop(), 0)
    }

    func testTheServerSurvivesHostileMessagesAndWritesOnlyProtocol() throws {
        let server = try LSPProcess()
        XCTAssertNotNil(server.request("initialize", ["capabilities": ["general": ["positionEncodings": ["utf-8"]]]]))
        func errorCode(_ m: [String: Any]?) -> Int? { (m?["error"] as? [String: Any])?["code"] as? Int }
        // Not JSON; JSON but not an object; a header without a length.
        server.write(Data("Content-Length: 9\r\n\r\n{not json".utf8))
        XCTAssertEqual(errorCode(server.receive()), -32700)
        server.write(Data("Content-Length: 2\r\n\r\n[]".utf8))
        XCTAssertEqual(errorCode(server.receive()), -32700)
        server.write(Data("Content-Type: text/plain\r\n\r\n".utf8))
        XCTAssertEqual(errorCode(server.receive()), -32700)
        XCTAssertEqual(errorCode(server.request("workspace/teleport", [:])), -32601)
        let never = ["textDocument": ["uri": "file:///never/opened.wave"], "position": ["line": 0, "character": 0]]
        XCTAssertEqual(errorCode(server.request("textDocument/hover", never)), -32803)
        // A cancellation of a request already answered changes nothing.
        server.notify("$/cancelRequest", ["id": 2])
        // Still serving, in UTF-8 columns: "🌊" is 4 bytes.
        let diags = server.open("file:///tmp/u.wave", "layer label: text \"🌊\" { size 2s }")
        XCTAssertEqual(diags?.count, 1)
        XCTAssertEqual(((diags?.first?["range"] as? [String: Any])?["start"] as? [String: Any])?["character"] as? Int, 32)
        let hover = server.request("textDocument/hover", ["textDocument": ["uri": "file:///tmp/u.wave"], "position": ["line": 0, "character": 28]])
        XCTAssertTrue((((hover?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? "").hasPrefix("**size**"))
        XCTAssertEqual(server.stop(), 0)
        // Standard output held frames and nothing else.
        var rest = server.allOutput
        var frames = 0
        while !rest.isEmpty {
            guard let sep = rest.range(of: Data("\r\n\r\n".utf8)) else { return XCTFail("bytes outside a frame") }
            let header = String(decoding: rest[rest.startIndex..<sep.lowerBound], as: UTF8.self)
            XCTAssertTrue(header.hasPrefix("Content-Length: "), header)
            let length = Int(header.dropFirst("Content-Length: ".count))!
            let body = rest.subdata(in: sep.upperBound..<sep.upperBound + length)
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            rest = rest.subdata(in: sep.upperBound + length..<rest.endIndex)
            frames += 1
        }
        XCTAssertGreaterThanOrEqual(frames, 9)
    }

    func testEndOfInputWithoutShutdownExitsOne() throws {
        let server = try LSPProcess()
        XCTAssertNotNil(server.request("initialize", ["capabilities": [:]]))
        try server.input.fileHandleForWriting.close()
        server.process.waitUntilExit()
        XCTAssertEqual(server.process.terminationStatus, 1)
    }
}
