import Foundation
import WaveCompiler
import WaveDriver
import WaveSyntax

/// An open document: the text the client sent last, and what is known about it, worked
/// out on demand and kept until the next change.
final class Document {
    let uri: String
    private(set) var version: Int
    private(set) var analysis: Analysis

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.analysis = Analysis(file: SourceFile(name: Document.displayName(uri), text: text))
    }

    func replace(text: String, version: Int) {
        self.version = version
        analysis = Analysis(file: SourceFile(name: analysis.file.name, text: text))
    }

    /// The file name `wave check` would print for the document: the path of a `file:` URI.
    static func displayName(_ uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        let path = String(uri.dropFirst("file://".count))
        return path.removingPercentEncoding ?? path
    }
}

/// A document as one request or check sees it: the version current when it came, which
/// later changes do not touch.
struct Snapshot: @unchecked Sendable {
    let uri: String
    let version: Int
    let analysis: Analysis
    let encoding: PositionEncoding

    var mapper: PositionMapper { PositionMapper(file: analysis.file, encoding: encoding) }
}

/// One version of a document, analysed lazily: each stage runs the first time a feature
/// needs it, on whichever thread asks first (checks and requests run on threads of their
/// own, `ServerLoop`); the others wait for it.
///
/// The stages that compile share one lock across all documents (`compiling`), so the
/// compiler, image loading and the runtime run on one thread at a time; lexing and parsing
/// do not wait for them.
final class Analysis: @unchecked Sendable {
    let file: SourceFile

    /// Held while any document compiles or evaluates.
    static let compiling = NSRecursiveLock()

    init(file: SourceFile) { self.file = file }

    /// Whether the text is over the size `wave check` accepts; then nothing else is worked out.
    var isTooLarge: Bool { file.bytes.count > ScriptReader.maxScriptBytes }

    private let lexedOnce = Once<(tokens: [Token], comments: [Comment])>()
    private let scriptOnce = Once<Script>()
    private let symbolsOnce = Once<SymbolIndex>()
    private let checkedOnce = Once<(program: Program?, diagnostics: [Diagnostic])>(lock: Analysis.compiling)
    private let environmentOnce = Once<Environment>(lock: Analysis.compiling)

    /// Tokens (without end of file) and comments, from the real lexer.
    var lexed: (tokens: [Token], comments: [Comment]) {
        lexedOnce.get {
            let (tokens, comments) = Lexer.tokenizeKeepingComments(file)
            return (tokens.filter { !$0.isEOF }, comments)
        }
    }

    var script: Script { scriptOnce.get { Parser.parse(file) } }

    /// Exactly what `wave check` reports.
    var checked: (program: Program?, diagnostics: [Diagnostic]) { checkedOnce.get { ScriptLoader.check(file) } }

    /// The compiler's names (layers declared before any error, variables), for completion.
    var environment: Environment { environmentOnce.get { Compiler.compileKeepingEnvironment(file).2 } }

    var symbols: SymbolIndex { symbolsOnce.get { SymbolIndex(script) } }

    /// Index of the token that covers `offset` or ends at it (the word being typed).
    func tokenIndex(at offset: Int) -> Int? {
        let tokens = lexed.tokens
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid].range.end < offset { lo = mid + 1 } else { hi = mid }
        }
        guard lo < tokens.count, tokens[lo].range.start <= offset else { return nil }
        // Prefer the token that starts at the offset over the one that ends there when both
        // are words (`a|.b` hovers `a`; `a.|b` hovers `b`).
        if tokens[lo].range.end == offset, lo + 1 < tokens.count, tokens[lo + 1].range.start == offset,
           tokens[lo + 1].identifier != nil, tokens[lo].identifier == nil { return lo + 1 }
        return lo
    }

    /// Index of the last token that ends at or before `offset`.
    func lastTokenIndex(before offset: Int) -> Int? {
        let tokens = lexed.tokens
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid].range.end <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }
}
