/// Rewrites a script in canonical layout (grammar.md §9, "Canonical layout"): two-space
/// indentation, one statement per line, single spaces around operators, every comment kept.
///
/// It writes the script's tokens and comments, not its syntax tree, so nothing the author
/// wrote is lost and literals keep their spelling; the tree only says where statements and
/// clauses begin, which `-` are prefix operators and which names are called.
///
/// Guarantees: the result holds the same tokens and comments in the same order, parses
/// without errors (both checked before it is returned), and is a fixed point: formatting it
/// again changes nothing.
public struct ScriptFormatter {
    /// A block written on one line stays on one line only if its line fits in this many columns.
    public static let maxLineWidth = 120

    public enum Outcome: Equatable, Sendable {
        case formatted(String)
        /// The script was not formatted: its syntax errors, or why its layout cannot be made canonical.
        case failed([Diagnostic])
    }

    enum Item {
        case token(Int)
        case comment(SourceRange)
    }

    let file: SourceFile
    /// The tokens, without the end-of-file token.
    let tokens: [Token]
    let comments: [Comment]
    /// Tokens and comments in source order.
    let items: [Item]
    let hints: LayoutHints
    /// `{` token indices of blocks that may stay on one line: written on one line, or empty.
    let oneLineBlocks: Set<Int>
    /// `{` token indices of empty blocks (`{}`): never opened to make a line fit.
    let emptyBlocks: Set<Int>
    /// For each item, the next token after it that is written (a `;` may be dropped).
    let nextWrittenToken: [Int?]
    /// `{` token indices of one-line blocks whose tokens alone are wider than a line: opened
    /// before the first pass (every pass would open them in turn, one level at a time).
    let tooWideBlocks: Set<Int>
    let meter: WorkMeter

    /// The canonical text of `file`, or the diagnostics that stop it from being formatted.
    /// `meter` counts the work done (`WorkMeter`).
    public static func format(_ file: SourceFile, meter: WorkMeter = WorkMeter()) -> Outcome {
        let script = Parser.parse(file, meter: meter)
        if script.diagnostics.hasErrors { return .failed(script.diagnostics) }
        let formatter = ScriptFormatter(file: file, statements: script.statements, meter: meter)
        let text = formatter.layout()
        if let problem = formatter.check(text) { return .failed([problem]) }
        return .formatted(text)
    }

    init(file: SourceFile, statements: [Stmt], meter: WorkMeter = WorkMeter()) {
        self.file = file
        self.meter = meter
        let (all, comments) = Lexer.tokenizeKeepingComments(file)
        meter.count(all.count + comments.count)
        let tokens = all.filter { !$0.isEOF }
        self.tokens = tokens
        self.comments = comments
        self.hints = LayoutHints(statements, tokens: tokens)

        var items: [Item] = []
        var c = 0
        for (i, t) in tokens.enumerated() {
            while c < comments.count, comments[c].range.start < t.range.start { items.append(.comment(comments[c].range)); c += 1 }
            items.append(.token(i))
        }
        items += comments[c...].map { .comment($0.range) }
        self.items = items
        var nextWritten = [Int?](repeating: nil, count: items.count), next: Int? = nil
        for k in items.indices.reversed() {
            nextWritten[k] = next
            if case .token(let i) = items[k], !tokens[i].isPunct(";") { next = i }
        }
        self.nextWrittenToken = nextWritten

        var oneLine: Set<Int> = [], empty: Set<Int> = [], tooWide: Set<Int> = [], open: [Int] = []
        // Widths of the tokens before each token, to measure a block's tokens at once.
        var widthBefore = [0], width = 0
        widthBefore.reserveCapacity(tokens.count + 1)
        for t in tokens {
            // A `;` may be dropped; every other token is written as it is spelt.
            if !t.isPunct(";") { width += file.text(of: t.range).unicodeScalars.count }
            widthBefore.append(width)
        }
        let commentStarts = comments.map(\.range.start)
        var lineBreaksBefore = 0, lastEnd = 0   // line breaks in the source before `lastEnd`
        var breaksAtOpen: [Int] = []
        for (i, t) in tokens.enumerated() {
            lineBreaksBefore += ScriptFormatter.lineBreaks(in: file.bytes[(lastEnd - file.base)..<max(lastEnd - file.base, t.range.start - file.base)])
            lastEnd = max(lastEnd, t.range.end)
            if t.isPunct("{") { open.append(i); breaksAtOpen.append(lineBreaksBefore) }
            guard t.isPunct("}"), let o = open.popLast(), let breaks = breaksAtOpen.popLast() else { continue }
            let from = tokens[o].range.end
            if o == i - 1, !ScriptFormatter.holdsStart(commentStarts, from: from, to: t.range.start) {
                empty.insert(o)
                oneLine.insert(o)
            } else if lineBreaksBefore == breaks {
                oneLine.insert(o)
                if widthBefore[i + 1] - widthBefore[o] > ScriptFormatter.maxLineWidth { tooWide.insert(o) }
            }
        }
        meter.count(file.bytes.count + tokens.count)
        self.oneLineBlocks = oneLine
        self.emptyBlocks = empty
        self.tooWideBlocks = tooWide
    }

    /// Lays the script out, opening one-line blocks on lines that come out too long, outermost
    /// first, until every one-line block left fits.
    func layout() -> String {
        var opened = tooWideBlocks
        while true {
            var writer = LayoutWriter(f: self, opened: opened)
            meter.count(items.count)
            let (text, overlong) = ScriptFormatter.render(writer.run(), meter: meter)
            let more = overlong.subtracting(opened)
            if more.isEmpty { return text }
            opened.formUnion(more)
        }
    }

    /// Nil when `text` reads exactly as the script does: the same tokens (a `;` may become a
    /// line break) and comments, and no syntax errors. Otherwise an error, placed at the
    /// script's token where the new layout goes wrong, saying the file is left alone. That
    /// is a script the compiler rejects anyway (`every tick { let x = 1` on a line, the body
    /// on the next), or else a formatter bug.
    func check(_ text: String) -> Diagnostic? {
        let out = SourceFile(name: file.name, text: text)
        let (newTokens, newComments) = Lexer.tokenizeKeepingComments(out)
        let kept = tokens.filter { !$0.isPunct(";") }, written = newTokens.filter { !$0.isPunct(";") && !$0.isEOF }
        let sameTokens = kept.map(\.kind) == written.map(\.kind)
        let sameComments = comments.map { commentText($0.range, in: file) } == newComments.map { commentText($0.range, in: out) }
        let problem = Parser.parse(out).diagnostics.first { $0.severity == .error }
        if sameTokens && sameComments && problem == nil { return nil }
        var at = SourceRange.none, why = ""
        if sameTokens, let problem {
            // Tokens correspond one to one: find the script's token where the new text fails.
            if let k = written.firstIndex(where: { $0.range.end > problem.range.start }) { at = kept[k].range }
            why = " (laid out canonically it would read: \(problem.message))"
        }
        return .error(.cannotFormat, "cannot format this script\(why); the file is left unchanged", at: at)
    }

    /// A comment's text without trailing white space.
    func commentText(_ r: SourceRange, in source: SourceFile) -> String {
        var end = r.end
        while end > r.start, [32, 9, 13].contains(source.bytes[end - 1]) { end -= 1 }
        return source.text(of: SourceRange(r.start, end))
    }

    /// Whether a start offset among `starts` (sorted) lies in `from..<to`.
    static func holdsStart(_ starts: [Int], from: Int, to: Int) -> Bool {
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] < from { lo = mid + 1 } else { hi = mid }
        }
        return lo < starts.count && starts[lo] < to
    }

    /// Line breaks among `bytes`: `\n`, `\r\n` and a lone `\r` each count once (as
    /// `SourceFile` numbers lines).
    static func lineBreaks(in bytes: ArraySlice<UInt8>) -> Int {
        var n = 0
        for i in bytes.indices where bytes[i] == 10 || (bytes[i] == 13 && (i + 1 == bytes.endIndex || bytes[i + 1] != 10)) { n += 1 }
        return n
    }

    /// Columns of the white space between two tokens (a tab counts as two); 0 when a line
    /// break is among it.
    func writtenSpaces(from start: Int, to end: Int) -> Int {
        let gap = file.bytes[start..<max(start, end)]
        if ScriptFormatter.lineBreaks(in: gap) > 0 { return 0 }
        return gap.reduce(0) { $0 + ($1 == 9 ? 2 : 1) }
    }
}

/// An open `{` while writing: its token, whether its body is laid out on separate lines, and
/// the indentation level of the line it was written on.
struct OpenBlock {
    var token: Int
    var multiline: Bool
    var indent: Int
}

/// A line of output before it becomes text: its indentation level, its tokens, and a comment.
/// A line with neither tokens nor comment is a blank line.
struct OutputLine {
    var indent = 0
    var pieces: [Piece] = []
    /// The whole line when there are no pieces; else a trailing comment.
    var comment: String? = nil
    /// Column (0-based) the author wrote a trailing comment at.
    var commentColumn = 0
    /// One-line blocks opening on this line and not nested in another one: the blocks to open
    /// when the line is too long.
    var outermostBlocks: [Int] = []
}

/// A token's text and the spaces before it on its line.
struct Piece {
    var text: String
    /// Spaces written before the piece: `canonical`, or the author's wider run while it keeps
    /// the piece in a column with a token of the line above or below.
    var spaces: Int
    var canonical: Int
    var width: Int

    init(text: String, spaces: Int, canonical: Int) {
        self.text = text; self.spaces = spaces; self.canonical = canonical
        self.width = text.unicodeScalars.count
    }
}

/// One pass of writing the items out line by line. Breaks are decided lazily, before each
/// token, so a trailing comment can still join the line of the token before it.
struct LayoutWriter {
    let f: ScriptFormatter
    /// One-line blocks to open anyway, because their line came out too long.
    let opened: Set<Int>

    var lines: [OutputLine] = []
    /// The line being written.
    var line = OutputLine()
    var blocks: [OpenBlock] = []
    /// Just after a `{` that opens a multi-line block: no blank line may follow.
    var atBlockStart = false
    /// Spaces the author wrote on this line, since its last token that may head a column,
    /// beyond the canonical ones (`let  a   = 1`): a padded column token gets them back, so it
    /// keeps the column the author lined it up in.
    var dropped = 0
    var lastClosedWasMultiline = false
    var previous: Int? = nil
    /// End offset of the last item read, written or dropped.
    var lastEnd = 0

    init(f: ScriptFormatter, opened: Set<Int>) {
        self.f = f
        self.opened = opened
    }

    /// Indentation level of the statements in the innermost open block.
    var depth: Int { blocks.last.map { $0.indent + 1 } ?? 0 }

    mutating func run() -> [OutputLine] {
        for (k, item) in f.items.enumerated() {
            switch item {
            case .token(let i): token(i)
            case .comment(let r): comment(r, nextToken: f.nextWrittenToken[k])
            }
        }
        flush()
        return lines
    }

    func newlines(before offset: Int) -> Int {
        ScriptFormatter.lineBreaks(in: f.file.bytes[lastEnd..<max(lastEnd, offset)])
    }

    mutating func token(_ i: Int) {
        let t = f.tokens[i]
        // A `;` between statements becomes the line break that one statement per line needs;
        // in a one-line block one separates statements, and is dropped where it separates
        // nothing (`{; }`, `a;; b`, `b; }`).
        if t.isPunct(";"), (blocks.last?.multiline ?? true) || previous.map({ f.tokens[$0].isPunct("{") || f.tokens[$0].isPunct(";") }) ?? true
            || (i + 1 < f.tokens.count && f.tokens[i + 1].isPunct("}")) {
            lastEnd = t.range.end
            return
        }
        let newlines = newlines(before: t.range.start)
        var closing: OpenBlock? = nil
        if t.isPunct("}") { closing = blocks.popLast() }

        let text = f.file.text(of: t.range)
        if line.pieces.isEmpty || line.comment != nil || previous.map({ breaksBefore(i, after: $0, newlines: newlines, closing: closing) }) ?? true {
            flush()
            if newlines >= 2 && !lines.isEmpty && !atBlockStart && !t.isPunct("}") { lines.append(OutputLine()) }
            line.indent = closing?.indent ?? lineIndent(i, previous: previous)
            line.pieces.append(Piece(text: text, spaces: 0, canonical: 0))
            dropped = 0
        } else if let p = previous {
            // Spaces are canonical, except a wider run the author wrote before a token that
            // may head a table column: it stays while it lines the token up with the same
            // token on the line above or below (`alignColumns`).
            let canonical = spaces(between: p, and: i)
            let written = f.writtenSpaces(from: f.tokens[p].range.end, to: t.range.start)
            let spaces: Int
            if mayAlign(i) {
                spaces = written > canonical ? written + dropped : canonical
                dropped = 0
            } else {
                spaces = canonical
                dropped += Swift.max(0, written - canonical)
            }
            line.pieces.append(Piece(text: text, spaces: spaces, canonical: canonical))
        }
        atBlockStart = false

        if t.isPunct("{") {
            let oneLine = f.oneLineBlocks.contains(i) && !opened.contains(i)
            let outermost = oneLine && (blocks.last?.multiline ?? true) && !f.emptyBlocks.contains(i)
            blocks.append(OpenBlock(token: i, multiline: !oneLine, indent: line.indent))
            if outermost { line.outermostBlocks.append(i) }
            atBlockStart = !oneLine
        }
        if let closing { lastClosedWasMultiline = closing.multiline }
        previous = i
        lastEnd = t.range.end
    }

    mutating func comment(_ r: SourceRange, nextToken: Int?) {
        let text = f.commentText(r, in: f.file)
        let newlines = newlines(before: r.start)
        lastEnd = r.end
        if newlines == 0 && !line.pieces.isEmpty {
            // A trailing comment: placed when the line is rendered, at the author's column if
            // that leaves two spaces after the code, else two spaces after it.
            line.comment = text
            line.commentColumn = f.file.location(of: r.start).column - 1
            return
        }
        // A comment on its own line: at the indentation of the code that follows it.
        flush()
        if newlines >= 2 && !lines.isEmpty && !atBlockStart { lines.append(OutputLine()) }
        var level = depth
        if let n = nextToken, !f.tokens[n].isPunct("}") { level = lineIndent(n, previous: previous) }
        lines.append(OutputLine(indent: level, comment: text))
        atBlockStart = false
    }

    mutating func flush() {
        if !line.pieces.isEmpty { lines.append(line) }
        line = OutputLine()
    }
}
