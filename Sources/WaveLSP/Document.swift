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

/// One version of a document, analysed lazily: each stage runs the first time a feature
/// needs it.
final class Analysis {
    let file: SourceFile

    init(file: SourceFile) { self.file = file }

    /// Whether the text is over the size `wave check` accepts; then nothing else is worked out.
    var isTooLarge: Bool { file.bytes.count > ScriptReader.maxScriptBytes }

    /// Tokens (without end of file) and comments, from the real lexer.
    private(set) lazy var lexed: (tokens: [Token], comments: [Comment]) = {
        let (tokens, comments) = Lexer.tokenizeKeepingComments(file)
        return (tokens.filter { !$0.isEOF }, comments)
    }()

    private(set) lazy var script: Script = Parser.parse(file)

    /// Exactly what `wave check` reports.
    private(set) lazy var checked: (program: Program?, diagnostics: [Diagnostic]) = ScriptLoader.check(file)

    /// The compiler's names (layers declared before any error, variables), for completion.
    private(set) lazy var environment: Environment = Compiler.compileKeepingEnvironment(file).2

    private(set) lazy var symbols: SymbolIndex = SymbolIndex(script)

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
