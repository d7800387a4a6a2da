import Foundation
import XCTest
@testable import WaveLSP

/// Drives a `LanguageServer` in process, message by message, collecting what it sends.
final class ServerHarness {
    var sent: [JSON] = []
    var server: LanguageServer!
    var nextID = 1
    var now: UInt64 = 1_000_000_000

    init(fixIts: FixItProvider = DiagnosticFixes(), encodings: [String]? = nil) {
        server = LanguageServer(fixIts: fixIts) { [unowned self] in self.sent.append($0) }
        var general: JSON = [:]
        if let encodings { general["positionEncodings"] = encodings }
        _ = request("initialize", ["capabilities": ["general": general]])
        notify("initialized", [:])
    }

    func raw(_ object: Any) {
        let data = try! JSONSerialization.data(withJSONObject: object)
        server.handle(data, now: now)
    }

    @discardableResult
    func request(_ method: String, _ params: JSON, id: Int? = nil) -> JSON {
        let id = id ?? { nextID += 1; return nextID }()
        sent.removeAll()
        raw(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        let replies = sent.filter { $0["id"] as? Int == id }
        XCTAssertEqual(replies.count, 1, "one reply to \(method)")
        return replies.first ?? [:]
    }

    func result(_ method: String, _ params: JSON) -> Any? { request(method, params)["result"] }

    func notify(_ method: String, _ params: JSON) {
        raw(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Opens a document and returns the diagnostics published for it.
    @discardableResult
    func open(_ text: String, uri: String = "file:///t.wave") -> [JSON] {
        sent.removeAll()
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "wave", "version": 1, "text": text]])
        return published(uri)
    }

    func published(_ uri: String) -> [JSON] {
        let p = sent.last { $0["method"] as? String == "textDocument/publishDiagnostics" && ($0["params"] as? JSON)?["uri"] as? String == uri }
        return (p?["params"] as? JSON)?["diagnostics"] as? [JSON] ?? []
    }

    static func at(_ line: Int, _ character: Int, uri: String = "file:///t.wave") -> JSON {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }
}

/// `(line, character)` of an LSP range's start and end.
func span(_ d: JSON) -> [Int] {
    let r = d["range"] as! JSON, s = r["start"] as! JSON, e = r["end"] as! JSON
    return [s["line"] as! Int, s["character"] as! Int, e["line"] as! Int, e["character"] as! Int]
}
