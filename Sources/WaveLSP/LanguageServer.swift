import Foundation
import WaveDriver
import WaveSyntax

/// The language server's state and its answer to each message. It does no I/O: replies
/// and notifications go to `send`, so tests drive it message by message; `ServerLoop`
/// connects it to standard input and output.
///
/// Requests about a document and the checks behind its diagnostics run on `requests` and
/// `checks` (threads of their own under `ServerLoop`, inline in tests) on a snapshot of the
/// document, so that a check that takes long holds up neither the messages after it nor
/// `shutdown` and `exit`. A change supersedes the checks of older text: their diagnostics
/// are never published.
///
/// Invariant: every request gets exactly one reply, a result or an error (a cancelled one,
/// `RequestCancelled`, as soon as the cancellation comes); a notification never gets one.
/// Nothing a client sends stops the server but `exit`. `send` may be called from any of
/// the three threads.
public final class LanguageServer: @unchecked Sendable {
    public enum State: Equatable { case waiting, running, shutDown, exited(code: Int32) }

    public private(set) var state: State = .waiting
    public private(set) var encoding: PositionEncoding = .utf16
    var documents: [String: Document] = [:]
    let send: (JSON) -> Void
    let fixIts: FixItProvider
    /// Documents whose diagnostics are due, with when (debounced after a change).
    public private(set) var pendingDiagnostics: [String: UInt64] = [:]
    /// How long after the last change diagnostics wait, so typing stays responsive.
    public var debounceNanoseconds: UInt64 = 30_000_000
    /// Ids of requests cancelled before they were handled.
    public var cancelled: Set<RequestID> = []
    let requests: WorkQueue
    let checks: WorkQueue
    /// Most requests waiting for `requests`; more are refused at once, so a flood of them
    /// while a long request runs cannot grow without bound.
    public static let maxWaitingRequests = 1024

    /// Guards `answering`, `generations` and `stopped`, which the worker threads read.
    private let lock = NSLock()
    /// Requests handed to `requests` and not yet answered.
    private var answering: Set<RequestID> = []
    /// Each open document's generation: a new one on every open, change and close. A check
    /// publishes only while the generation it was started for is current.
    private var generations: [String: Int] = [:]
    private var lastGeneration = 0
    /// After `shutdown`: nothing more is published.
    private var stopped = false
    /// The semantic tokens last sent for each document, by result id, for
    /// `semanticTokens/full/delta` (guarded by `lock`; at most one kept a document).
    private var sentTokens: [String: (id: String, data: [Int])] = [:]
    private var lastTokensID = 0

    public init(fixIts: FixItProvider = DiagnosticFixes(), requests: WorkQueue = .inline(), checks: WorkQueue = .inline(),
                send: @escaping (JSON) -> Void) {
        self.fixIts = fixIts
        self.requests = requests
        self.checks = checks
        self.send = send
    }

    /// The methods answered from a document's text (on `requests`).
    static let documentMethods: Set<String> = [
        "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
        "textDocument/documentSymbol", "textDocument/formatting", "textDocument/semanticTokens/full", "textDocument/codeAction",
        "textDocument/semanticTokens/range", "textDocument/prepareRename", "textDocument/rename",
        "textDocument/documentHighlight", "textDocument/foldingRange", "textDocument/documentColor",
        "textDocument/colorPresentation", "textDocument/signatureHelp", "textDocument/semanticTokens/full/delta",
    ]

    // MARK: - Dispatch

    /// Handles one frame's bytes.
    public func handle(_ data: Data, now: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        handle(IncomingMessage(data: data), now: now)
    }

    public func handle(_ message: IncomingMessage, now: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        if let problem = message.malformed {
            // A request we can name gets its error; anything else, an error with a null id.
            reply(message.id, error: ResponseError(message.body.isEmpty ? .parseError : .invalidRequest, problem))
            return
        }
        guard let method = message.method else { return }   // a response to us: we send no requests
        guard let id = message.id else {
            notification(method, message.params, now: now)
            return
        }
        if cancelled.remove(id) != nil {
            reply(id, error: ResponseError(.requestCancelled, "the request was cancelled"))
            return
        }
        do {
            try admit(method)
            let p = message.params as? JSON ?? [:]
            if LanguageServer.documentMethods.contains(method) {
                try answerLater(id, method, p, try document(p))
            } else {
                reply(id, result: try request(method, p))
            }
        } catch let e as ResponseError {
            reply(id, error: e)
        } catch {
            reply(id, error: ResponseError(.internalError, "\(error)"))
        }
    }

    /// Hands a request about `doc` to `requests`; its reply is sent from there, unless
    /// `$/cancelRequest` came first.
    func answerLater(_ id: RequestID, _ method: String, _ p: JSON, _ doc: Snapshot) throws {
        guard requests.waiting < LanguageServer.maxWaitingRequests else {
            throw ResponseError(.requestFailed, "the server is busy: \(LanguageServer.maxWaitingRequests) requests are waiting")
        }
        locked { _ = answering.insert(id) }
        requests.submit { [self] in
            guard locked({ answering.contains(id) }) else { return }   // cancelled while it waited
            let outcome: Result<Any, Error> = Result { try answer(method, p, doc) }
            guard locked({ answering.remove(id) != nil }) else { return }   // cancelled while it ran
            switch outcome {
            case .success(let result): reply(id, result: result)
            case .failure(let e as ResponseError): reply(id, error: e)
            case .failure(let e): reply(id, error: ResponseError(.internalError, "\(e)"))
            }
        }
    }

    /// Refuses a request the server's state does not allow.
    func admit(_ method: String) throws {
        switch state {
        case .waiting where method != "initialize":
            throw ResponseError(.serverNotInitialized, "the server has not been initialized")
        case .running where method == "initialize":
            throw ResponseError(.invalidRequest, "the server is already initialized")
        case .shutDown, .exited:
            throw ResponseError(.invalidRequest, "the server has shut down")
        default: break
        }
    }

    /// The answer to a request that needs no document.
    func request(_ method: String, _ p: JSON) throws -> Any {
        switch method {
        case "initialize": return initialize(p)
        case "shutdown":
            // The server stops working (LSP §shutdown): diagnostics still waiting, or being
            // worked out, are dropped.
            state = .shutDown
            pendingDiagnostics.removeAll()
            locked { stopped = true }
            return NSNull()
        case "workspace/symbol":
            return workspaceSymbols(p["query"] as? String ?? "")
        default:
            throw ResponseError(.methodNotFound, "unknown method '\(method)'")
        }
    }

    /// Most symbols `workspace/symbol` answers with.
    static let maxWorkspaceSymbols = 500

    /// The names declared in the open documents whose spelling holds the query's characters
    /// in order (`bar` finds `bubble-bar`), the closest matches first.
    func workspaceSymbols(_ query: String) -> [JSON] {
        let q = Array(query.lowercased())
        func score(_ name: String) -> Int? {
            let n = Array(name.lowercased())
            if q.isEmpty { return 0 }
            if name.lowercased().hasPrefix(String(q)) { return 0 }
            if name.lowercased().contains(String(q)) { return 1 }
            var i = 0
            for ch in n where i < q.count && ch == q[i] { i += 1 }
            return i == q.count ? 2 : nil
        }
        var found: [(score: Int, name: String, json: JSON)] = []
        for uri in documents.keys.sorted() {
            guard let doc = documents[uri], !doc.analysis.isTooLarge else { continue }
            let snap = snapshot(doc)
            for d in snap.analysis.symbols.definitions.values {
                guard let s = score(d.name) else { continue }
                let kind: Int
                switch d.kind {
                case .layer: kind = 5           // Class
                case .template: kind = 5
                case .function: kind = 12       // Function
                case .constant: kind = 14       // Constant
                default: kind = 13              // Variable
                }
                found.append((s, d.name, ["name": d.name, "kind": kind,
                                         "location": ["uri": uri, "range": snap.mapper.range(d.nameRange)]] as JSON))
            }
        }
        found.sort { ($0.score, $0.name) < ($1.score, $1.name) }
        return found.prefix(LanguageServer.maxWorkspaceSymbols).map(\.json)
    }

    /// The answer to a request about `doc` (one of `documentMethods`); runs on `requests`.
    func answer(_ method: String, _ p: JSON, _ doc: Snapshot) throws -> Any {
        switch method {
        case "textDocument/completion":
            let offset = try located(p, doc)
            // Each item replaces the whole word being typed, hyphens included.
            let range = doc.mapper.range(Completion.wordRange(doc.analysis, at: offset))
            // `sortText` keeps the order the context ranks them in (clients sort by it, and by
            // label without it).
            let items = Completion.items(doc.analysis, at: offset).enumerated().map { index, item -> JSON in
                var o = item.json
                o["textEdit"] = ["range": range, "newText": item.label] as JSON
                o["sortText"] = String(format: "%04d", index)
                return o
            }
            return ["isIncomplete": false, "items": items]
        case "textDocument/hover":
            let offset = try located(p, doc)
            guard let (text, range) = Hover.at(doc.analysis, offset: offset) else { return NSNull() }
            return ["contents": ["kind": "markdown", "value": text], "range": doc.mapper.range(range)]
        case "textDocument/definition":
            let offset = try located(p, doc)
            guard let d = doc.analysis.symbols.definition(at: offset) else { return NSNull() }
            return ["uri": doc.uri, "range": doc.mapper.range(d.nameRange)]
        case "textDocument/references":
            let offset = try located(p, doc)
            guard let d = doc.analysis.symbols.definition(at: offset) else { return [Any]() }
            let includeDeclaration = (p["context"] as? JSON)?["includeDeclaration"] as? Bool ?? true
            var ranges = doc.analysis.symbols.occurrences(of: d)
            if !includeDeclaration { ranges.removeFirst() }
            let m = doc.mapper
            return ranges.map { ["uri": doc.uri, "range": m.range($0)] as JSON }
        case "textDocument/documentSymbol":
            return DocumentSymbols.tree(doc.analysis, doc.mapper)
        case "textDocument/formatting":
            switch ScriptFormatter.format(doc.analysis.file) {
            case .failed:
                // No edits, rather than an error an editor shows on every save while the
                // script has a mistake (its diagnostics say what it is).
                return NSNull()
            case .formatted(let text):
                guard Array(text.utf8) != doc.analysis.file.bytes else { return [Any]() }
                let all = SourceRange(0, doc.analysis.file.bytes.count)
                return [["range": doc.mapper.range(all), "newText": text] as JSON]
            }
        case "textDocument/semanticTokens/full":
            let data = SemanticTokens.encode(doc.analysis, doc.mapper)
            return ["resultId": remember(data, for: doc.uri), "data": data]
        case "textDocument/semanticTokens/full/delta":
            let data = SemanticTokens.encode(doc.analysis, doc.mapper)
            let previous = p["previousResultId"] as? String
            let old = locked { sentTokens[doc.uri] }
            let id = remember(data, for: doc.uri)
            guard let old, old.id == previous else { return ["resultId": id, "data": data] }
            // One edit: what lies between the unchanged start and the unchanged end.
            var start = 0
            while start < old.data.count, start < data.count, old.data[start] == data[start] { start += 1 }
            var end = 0
            while end < old.data.count - start, end < data.count - start,
                  old.data[old.data.count - 1 - end] == data[data.count - 1 - end] { end += 1 }
            let edits: [JSON] = old.data == data ? [] : [["start": start, "deleteCount": old.data.count - start - end,
                                                          "data": Array(data[start..<(data.count - end)])]]
            return ["resultId": id, "edits": edits]
        case "textDocument/semanticTokens/range":
            guard let range = doc.mapper.sourceRange(p["range"]) else { throw ResponseError(.invalidParams, "semanticTokens/range needs a range") }
            return ["data": SemanticTokens.encode(doc.analysis, doc.mapper, in: range)]
        case "textDocument/signatureHelp":
            guard let sig = SignatureHelp.at(doc.analysis, offset: try located(p, doc)) else { return NSNull() }
            let parameters = sig.parameters.map { ["label": [$0.start, $0.end]] as JSON }
            return ["signatures": [["label": sig.label, "documentation": sig.documentation, "parameters": parameters] as JSON],
                    "activeSignature": 0, "activeParameter": sig.active]
        case "textDocument/prepareRename":
            guard let (range, name) = Renaming.prepare(doc.analysis, offset: try located(p, doc)) else { return NSNull() }
            return ["range": doc.mapper.range(range), "placeholder": name]
        case "textDocument/rename":
            guard let newName = p["newName"] as? String else { throw ResponseError(.invalidParams, "rename needs a newName") }
            do {
                let ranges = try Renaming.ranges(doc.analysis, offset: try located(p, doc), newName: newName)
                let edits = ranges.map { ["range": doc.mapper.range($0), "newText": newName] as JSON }
                return ["changes": [doc.uri: edits]]
            } catch let refusal as Renaming.Refusal {
                throw ResponseError(.requestFailed, refusal.message)
            }
        case "textDocument/documentHighlight":
            // 2: read, 3: write (the declaration).
            return Renaming.highlights(doc.analysis, offset: try located(p, doc)).map {
                ["range": doc.mapper.range($0.range), "kind": $0.write ? 3 : 2] as JSON
            }
        case "textDocument/foldingRange":
            return FoldingRanges.ranges(doc.analysis).map { r -> JSON in
                var o: JSON = ["startLine": r.start, "endLine": r.end]
                if r.comment { o["kind"] = "comment" }
                return o
            }
        case "textDocument/documentColor":
            return DocumentColors.colors(doc.analysis).map {
                ["range": doc.mapper.range($0.range),
                 "color": ["red": $0.rgba.r, "green": $0.rgba.g, "blue": $0.rgba.b, "alpha": $0.rgba.a]] as JSON
            }
        case "textDocument/colorPresentation":
            guard let c = p["color"] as? JSON, let r = c["red"] as? Double, let g = c["green"] as? Double,
                  let b = c["blue"] as? Double, let a = c["alpha"] as? Double else {
                throw ResponseError(.invalidParams, "colorPresentation needs a color")
            }
            let range = doc.mapper.sourceRange(p["range"])
            return DocumentColors.presentations(red: r, green: g, blue: b, alpha: a).map { label -> JSON in
                var o: JSON = ["label": label]
                if let range { o["textEdit"] = ["range": doc.mapper.range(range), "newText": label] as JSON }
                return o
            }
        case "textDocument/codeAction":
            let m = doc.mapper
            guard let range = m.sourceRange(p["range"]) else { throw ResponseError(.invalidParams, "codeAction needs a range") }
            // Kinds are hierarchical: asking for "quickfix" or a parent of it ("") gets them.
            if let only = (p["context"] as? JSON)?["only"] as? [String],
               !only.contains(where: { $0.isEmpty || $0 == "quickfix" || "quickfix".hasPrefix($0 + ".") }) {
                return [JSON]()
            }
            return CodeActions.actions(doc.analysis, range: range, uri: doc.uri, provider: fixIts, mapper: m) {
                self.diagnosticJSON($0, doc)
            }
        default:
            throw ResponseError(.methodNotFound, "unknown method '\(method)'")
        }
    }

    func notification(_ method: String, _ params: Any?, now: UInt64) {
        let p = params as? JSON ?? [:]
        if method == "$/cancelRequest" {
            // A request still being worked on is answered now, and its answer dropped; one
            // not read yet is noted by the reader (`Inbox`); any other has been answered.
            if let id = RequestID(p["id"]), locked({ answering.remove(id) != nil }) {
                reply(id, error: ResponseError(.requestCancelled, "the request was cancelled"))
            }
            return
        }
        if method == "exit" {
            state = .exited(code: state == .shutDown ? 0 : 1)
            return
        }
        guard state == .running else { return }
        switch method {
        case "textDocument/didOpen":
            guard let item = p["textDocument"] as? JSON, let uri = item["uri"] as? String, let text = item["text"] as? String else { return }
            documents[uri] = Document(uri: uri, version: item["version"] as? Int ?? 0, text: text)
            supersede(uri)
            publishDiagnostics(uri)
        case "textDocument/didChange":
            guard let item = p["textDocument"] as? JSON, let uri = item["uri"] as? String, let doc = documents[uri],
                  let changes = p["contentChanges"] as? [JSON] else { return }
            // Incremental sync: each change's range is replaced in order; a change without a
            // range is the whole text.
            var text = doc.analysis.file.text
            for change in changes {
                guard let new = change["text"] as? String else { return }
                if let range = PositionMapper(file: SourceFile(name: "", text: text), encoding: encoding).sourceRange(change["range"]) {
                    var bytes = Array(text.utf8)
                    bytes.replaceSubrange(range.start..<range.end, with: Array(new.utf8))
                    text = String(decoding: bytes, as: UTF8.self)
                } else {
                    text = new
                }
            }
            doc.replace(text: text, version: item["version"] as? Int ?? doc.version + 1)
            supersede(uri)
            pendingDiagnostics[uri] = now + debounceNanoseconds
        case "textDocument/didClose":
            guard let uri = (p["textDocument"] as? JSON)?["uri"] as? String, documents.removeValue(forKey: uri) != nil else { return }
            pendingDiagnostics[uri] = nil
            locked { sentTokens[uri] = nil }
            supersede(uri)
            send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": ["uri": uri, "diagnostics": [Any]()]])
        default:
            break   // `initialized`, `$/setTrace`, unknown notifications: nothing to do
        }
    }

    // MARK: - Lifecycle

    func initialize(_ p: JSON) -> JSON {
        let offered = ((p["capabilities"] as? JSON)?["general"] as? JSON)?["positionEncodings"] as? [String]
        encoding = PositionEncoding.negotiate(offered)
        state = .running
        let capabilities: JSON = [
            "positionEncoding": encoding.rawValue,
            // Incremental: a client sends the edited ranges (applied in order), not the
            // whole text on every keystroke.
            "textDocumentSync": ["openClose": true, "change": 2],
            "completionProvider": ["triggerCharacters": ["."]],
            "hoverProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "documentSymbolProvider": true,
            "documentFormattingProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "semanticTokensProvider": ["legend": SemanticTokens.legend, "full": ["delta": true], "range": true],
            "renameProvider": ["prepareProvider": true],
            "documentHighlightProvider": true,
            "foldingRangeProvider": true,
            "colorProvider": true,
            "workspaceSymbolProvider": true,
            "signatureHelpProvider": ["triggerCharacters": ["(", ","], "retriggerCharacters": [","]],
        ]
        return ["capabilities": capabilities, "serverInfo": ["name": "wave", "version": WaveVersion.string]]
    }

    // MARK: - Diagnostics

    /// When the next debounced diagnostics are due, if any.
    public var nextDeadline: UInt64? { pendingDiagnostics.values.min() }

    /// Publishes the diagnostics of every document whose debounce has run out.
    public func publishDue(now: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        for (uri, due) in pendingDiagnostics where due <= now {
            pendingDiagnostics[uri] = nil
            publishDiagnostics(uri)
        }
    }

    /// Most diagnostics published for one document.
    static let maxPublished = 200

    /// Checks the document as it is now, on `checks`, and publishes its diagnostics unless
    /// it has changed by then. A check not started yet is replaced by this one.
    func publishDiagnostics(_ uri: String) {
        guard let document = documents[uri] else { return }
        let doc = snapshot(document), generation = locked { generations[uri] }
        func publish(_ list: [JSON]) {
            locked {
                // Under the lock, so a close's empty list is never followed by an old one.
                guard !stopped, generations[uri] == generation else { return }
                send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                      "params": ["uri": uri, "version": doc.version, "diagnostics": list] as JSON])
            }
        }
        if doc.analysis.isTooLarge {
            // Refused before anything is worked out: one diagnostic, no check.
            publish([["range": doc.mapper.range(SourceRange(0, 0)), "severity": 1, "source": "wave",
                      "message": "script is too large (\(doc.analysis.file.bytes.count) bytes; the limit is \(ScriptReader.maxScriptBytes))"]])
            return
        }
        checks.submit(key: uri) { [self] in
            guard locked({ !stopped && generations[uri] == generation }) else { return }   // superseded while it waited
            // The first `maxPublished` only, as the command line shows its first 50: a
            // megabyte of `}` has tens of thousands, and each costs a scan of its line.
            publish(doc.analysis.checked.diagnostics.prefix(LanguageServer.maxPublished).map { diagnosticJSON($0, doc) })
        }
    }

    /// Starts a new generation of `uri`: checks of its older text publish nothing.
    func supersede(_ uri: String) {
        locked {
            lastGeneration += 1
            generations[uri] = documents[uri] == nil ? nil : lastGeneration
        }
    }

    func diagnosticJSON(_ d: Diagnostic, _ doc: Snapshot) -> JSON {
        let m = doc.mapper
        var o: JSON = ["range": m.range(d.range), "severity": d.severity == .error ? 1 : d.severity == .warning ? 2 : 3,
                       "code": d.code.code, "source": "wave", "message": d.message]
        if [.unusedVariable, .unspawnedTemplate].contains(d.code) { o["tags"] = [1] }   // Unnecessary: shown faded
        if !d.notes.isEmpty {
            o["relatedInformation"] = d.notes.map { ["location": ["uri": doc.uri, "range": m.range($0.range)], "message": $0.message] as JSON }
        }
        return o
    }

    // MARK: - Helpers

    func snapshot(_ doc: Document) -> Snapshot {
        Snapshot(uri: doc.uri, version: doc.version, analysis: doc.analysis, encoding: encoding)
    }

    func document(_ p: JSON) throws -> Snapshot {
        guard let uri = (p["textDocument"] as? JSON)?["uri"] as? String else {
            throw ResponseError(.invalidParams, "the request names no textDocument.uri")
        }
        guard let doc = documents[uri] else { throw ResponseError(.requestFailed, "document '\(uri)' is not open") }
        guard !doc.analysis.isTooLarge else { throw ResponseError(.requestFailed, "document '\(uri)' is too large to analyse") }
        return snapshot(doc)
    }

    func located(_ p: JSON, _ doc: Snapshot) throws -> Int {
        guard let position = Position(p["position"]) else { throw ResponseError(.invalidParams, "the request has no valid position") }
        return doc.mapper.offset(of: position)
    }

    /// Keeps `data` as the tokens last sent for `uri`; returns its result id.
    private func remember(_ data: [Int], for uri: String) -> String {
        locked {
            lastTokensID += 1
            sentTokens[uri] = ("\(lastTokensID)", data)
            return "\(lastTokensID)"
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func reply(_ id: RequestID?, result: Any) {
        send(["jsonrpc": "2.0", "id": id?.json ?? NSNull(), "result": result])
    }

    func reply(_ id: RequestID?, error: ResponseError) {
        send(["jsonrpc": "2.0", "id": id?.json ?? NSNull(), "error": ["code": error.code.rawValue, "message": error.message]])
    }
}
