/// What the layout rules need to know from the syntax tree, as byte offsets of tokens. The
/// formatter writes tokens, not the tree; the tree only tells it where statements and
/// clauses begin and which signs and names play which part.
struct LayoutHints {
    /// First tokens of statements in a statement list: the script or a `{ … }` block. (Not
    /// the single statement of `then remove` or the `if` of `else if`: those stay in line.)
    var statementStarts: Set<Int> = []
    /// First tokens of clauses and child layers in a clause body (layer, scene, spring block).
    var clauseStarts: Set<Int> = []
    /// `-` and `!` tokens that are prefix operators, written against their operand.
    var prefixOperators: Set<Int> = []
    /// End offsets of names that are called: `sin(x)` keeps its `(` against the name.
    var calleeEnds: Set<Int> = []
    /// End offsets of layer names: the `:` after one is written `name: kind`.
    var layerNameEnds: Set<Int> = []

    init(_ statements: [Stmt], tokens: [Token]) {
        var walker = HintWalker(tokens: tokens)
        walker.block(statements)
        self = walker.hints
    }

    init() {}
}

/// Walks the syntax tree once and records the `LayoutHints`.
private struct HintWalker {
    let tokens: [Token]
    /// Token index by start offset.
    let indexAt: [Int: Int]
    var hints = LayoutHints()

    init(tokens: [Token]) {
        self.tokens = tokens
        var index: [Int: Int] = [:]
        for (i, t) in tokens.enumerated() { index[t.range.start] = i }
        self.indexAt = index
    }

    /// The token written just before the token that starts at `offset`.
    func token(before offset: Int) -> Token? {
        guard let i = indexAt[offset], i > 0 else { return nil }
        return tokens[i - 1]
    }

    mutating func block(_ statements: [Stmt]) {
        for s in statements {
            hints.statementStarts.insert(s.range.start)
            statement(s)
        }
    }

    mutating func statement(_ s: Stmt) {
        switch s.kind {
        case .scene(let size, let clauses):
            if let size { expr(size) }
            for c in clauses { clause(c) }
        case .variable(_, _, let value): expr(value)
        case .layer(let decl): layer(decl)
        case .timer(let timer):
            if let time = timer.time { expr(time) }
            block(timer.body)
        case .animate(let a): animate(a)
        case .animationGroup(_, let args, let body):
            for a in args { a.values.forEach { expr($0) } }
            block(body)
        case .effect(let layer, _, let args):
            expr(layer)
            for a in args { a.values.forEach { expr($0) } }
        case .assign(let target, _, let value):
            expr(target)
            expr(value)
        case .ifElse(let condition, let then, let otherwise):
            expr(condition)
            block(then)
            if let otherwise { inlineOrBlock(otherwise, after: "else") }
        case .spawn(let name, _, let body):
            // `spawn T(a = 1) { … }`: the arguments before the block are its first
            // statements, written in line, with '(' against the name.
            var open = s.range.end
            if var k = indexAt[name.range.start] {
                while k < tokens.count, tokens[k].range.start < s.range.end {
                    if tokens[k].isPunct("{") { open = tokens[k].range.start; break }
                    k += 1
                }
            }
            let arguments = body.prefix { $0.range.start < open }
            if !arguments.isEmpty || indexAt[name.range.end].map({ tokens[$0].isPunct("(") }) == true {
                hints.calleeEnds.insert(name.range.end)
            }
            for a in arguments { statement(a) }
            block(Array(body.dropFirst(arguments.count)))
        case .emit(_, _, let clauses): for c in clauses { clause(c) }
        case .function(let name, _, let body):
            hints.calleeEnds.insert(name.range.end)
            expr(body)
        case .forLoop(_, let from, let to, let body):
            expr(from)
            // `0..<n`: the range operator is written without spaces.
            if let i = indexAt[to.range.start], i > 0 { hints.prefixOperators.insert(tokens[i - 1].range.start) }
            expr(to)
            block(body)
        case .remove(let target): if let target { expr(target) }
        case .stop: break
        case .expression(let e): expr(e)
        }
    }

    /// `else if …` and `then remove` hold one statement written in line; `else { … }` and
    /// `then { … }` hold a block.
    mutating func inlineOrBlock(_ statements: [Stmt], after keyword: String) {
        if let first = statements.first, token(before: first.range.start)?.isWord(keyword) == true {
            for s in statements { statement(s) }
        } else {
            block(statements)
        }
    }

    mutating func animate(_ a: Animate) {
        for t in a.targets { expr(t) }
        for arg in a.args { arg.values.forEach { expr($0) } }
        if a.isSpring, let open = springBlock(a) {
            for arg in a.args where arg.label.range.start > open { hints.clauseStarts.insert(arg.label.range.start) }
        }
        if let reached = a.reached { inlineOrBlock(reached, after: StatementWord.reached.rawValue) }
        if let then = a.then { inlineOrBlock(then, after: StatementWord.then.rawValue) }
    }

    /// Offset of the `{` of a spring's `{ clause* }` block, if it has one. Inline arguments
    /// hold no braces, so it is the first `{` after the targets, unless that one comes after
    /// the `then` keyword (which follows every argument, block ones included).
    func springBlock(_ a: Animate) -> Int? {
        guard let last = a.targets.last, let first = indexAt[a.range.start] else { return nil }
        var argsEnd = last.range.end
        for arg in a.args {
            argsEnd = max(argsEnd, arg.label.range.end)
            for v in arg.values { argsEnd = max(argsEnd, v.range.end) }
        }
        var open: Int? = nil, thenKeyword = Int.max
        for t in tokens[first...] {
            if t.range.start >= a.range.end { break }
            if open == nil, t.isPunct("{"), t.range.start >= last.range.end { open = t.range.start }
            if t.isWord(.then), t.range.start >= argsEnd { thenKeyword = t.range.start; break }
        }
        guard let open, open < thenKeyword else { return nil }
        return open
    }

    mutating func layer(_ d: LayerDecl) {
        hints.layerNameEnds.insert(d.name.range.end)
        if let count = d.count {
            // `bar[12]:` stays joined: a space before '[' would make it a list.
            hints.calleeEnds.insert(d.name.range.end)
            expr(count)
            if var k = indexAt[count.range.start] {
                while k < tokens.count, !(tokens[k].isPunct("]") && tokens[k].range.start >= count.range.end) { k += 1 }
                if k < tokens.count { hints.layerNameEnds.insert(tokens[k].range.end) }
            }
        }
        if !d.params.isEmpty {
            // `piece(vx = 0):` stays joined like a call, and its ':' follows the ')'.
            hints.calleeEnds.insert(d.name.range.end)
            for p in d.params { p.values.forEach { expr($0) } }
            if let last = d.params.last?.values.last, var k = indexAt[last.range.start] {
                while k < tokens.count, !(tokens[k].isPunct(")") && tokens[k].range.start >= last.range.end) { k += 1 }
                if k < tokens.count { hints.layerNameEnds.insert(tokens[k].range.end) }
            }
        }
        if let argument = d.argument { expr(argument) }
        for c in d.clauses { clause(c) }
        for child in d.children {
            hints.clauseStarts.insert(child.range.start)
            layer(child)
        }
    }

    mutating func clause(_ c: Clause) {
        hints.clauseStarts.insert(c.head.range.start)
        if let value = c.value { expr(value) }
        for a in c.args { a.values.forEach { expr($0) } }
    }

    mutating func expr(_ e: Expr) {
        switch e.kind {
        case .number, .string, .color, .bool, .name, .error: break
        case .member(let base, _): expr(base)
        case .call(let name, let args):
            hints.calleeEnds.insert(name.range.end)
            args.forEach { expr($0) }
            guard name.name.hasSuffix("-gradient") else { break }
            for arg in args {
                // `#ccc -20%` is a stop at −20% (a colour minus a number means nothing): its
                // '-' stays joined to the number, not spaced as a subtraction.
                guard case .binary("-", let colour, let location) = arg.kind, case .number = location.kind else { continue }
                if case .number = colour.kind { continue }
                if let i = indexAt[location.range.start], i > 0 { hints.prefixOperators.insert(tokens[i - 1].range.start) }
            }
        case .unary(_, let operand):
            // The operator is the token just before its operand. (`e.range` may start at an
            // enclosing `(`: a parenthesised expression keeps its inner kind.)
            if let i = indexAt[operand.range.start], i > 0 { hints.prefixOperators.insert(tokens[i - 1].range.start) }
            expr(operand)
        case .binary(_, let a, let b):
            expr(a)
            expr(b)
        case .ternary(let a, let b, let c):
            expr(a)
            expr(b)
            expr(c)
        case .tuple(let items), .list(let items): items.forEach { expr($0) }
        case .stop(let colour, let location):
            expr(colour)
            expr(location)
        case .index(let base, let i):
            hints.calleeEnds.insert(base.range.end)
            expr(base)
            expr(i)
        }
    }
}

// MARK: - Rules

extension LayoutWriter {
    /// Whether token `i` starts a new output line, given the token written before it on the
    /// current line. `closing` is the block that `i` closes, when it is a `}`.
    func breaksBefore(_ i: Int, after p: Int, newlines: Int, closing: OpenBlock?) -> Bool {
        let t = f.tokens[i], prev = f.tokens[p]
        let inMultilineBlock = blocks.last?.multiline ?? true
        if t.isPunct("}") { return closing?.multiline ?? true }
        if prev.isPunct("{") { return inMultilineBlock }
        // One statement per line, except inside a block kept on one line.
        if f.hints.statementStarts.contains(t.range.start) { return inMultilineBlock }
        // Joined to the line before, wherever the author put them.
        if t.isPunct("{") { return false }
        if t.isWord("else") && prev.isPunct("}") { return false }
        if t.isWord("if") && prev.isWord("else") { return false }
        if f.hints.clauseStarts.contains(t.range.start) {
            if t.isWord("layer") || t.isWord("template") { return inMultilineBlock }
            if prev.isPunct("}") && lastClosedWasMultiline { return true }
        }
        // Elsewhere the author's line breaks stay.
        return newlines > 0
    }

    /// Spaces between token `p` and token `i` written after it on the same line.
    func spaces(between p: Int, and i: Int) -> Int {
        let t = f.tokens[i], prev = f.tokens[p]
        if prev.isPunct("{") { return t.isPunct("}") ? 0 : 1 }
        if t.isPunct("}") { return 1 }
        if t.isPunct(",") || t.isPunct(";") || t.isPunct(")") || t.isPunct("]") { return 0 }
        if t.isPunct(".") || prev.isPunct(".") { return 0 }
        if prev.isPunct("(") || prev.isPunct("[") { return 0 }
        if f.hints.prefixOperators.contains(prev.range.start) { return 0 }
        if t.isPunct("(") || t.isPunct("["), f.hints.calleeEnds.contains(prev.range.end) { return 0 }
        if t.isPunct(":"), f.hints.layerNameEnds.contains(prev.range.end) { return 0 }
        // Two or more spaces between properties on one line are the house separator: keep two.
        if f.hints.clauseStarts.contains(t.range.start) { return f.writtenSpaces(from: prev.range.end, to: t.range.start) >= 2 ? 2 : 1 }
        return 1
    }

    /// Indentation level of a line that starts with token `i`: the block's level for the
    /// first token of a statement or clause and for a bracket (a `{` only starts a line
    /// after a comment), one more for the rest of a continued statement.
    func lineIndent(_ i: Int, previous: Int?) -> Int {
        let t = f.tokens[i]
        if ["{", "}", ")", "]"].contains(where: { t.isPunct($0) }) || isLineHead(i, previous: previous) { return depth }
        return depth + 1
    }

    /// Tokens that may be padded into a column: a property name, a `{`, an `=` of any kind.
    func mayAlign(_ i: Int) -> Bool {
        let t = f.tokens[i]
        if f.hints.clauseStarts.contains(t.range.start) { return true }
        return ["{", "=", "+=", "-=", "*=", "/="].contains { t.isPunct($0) }
    }

    func isLineHead(_ i: Int, previous: Int?) -> Bool {
        let t = f.tokens[i]
        if f.hints.statementStarts.contains(t.range.start) || f.hints.clauseStarts.contains(t.range.start) { return true }
        return t.isWord("else") && previous.map { f.tokens[$0].isPunct("}") } == true
    }
}

// MARK: - Rendering

extension ScriptFormatter {
    /// The text of the lines, and the one-line blocks to open because their line is longer
    /// than `maxLineWidth` (not counting a trailing comment).
    static func render(_ lines: [OutputLine], meter: WorkMeter = WorkMeter()) -> (text: String, overlong: Set<Int>) {
        var lines = lines
        alignColumns(&lines, meter: meter)
        var text = "", overlong: Set<Int> = []
        for line in lines {
            meter.count(line.pieces.count + 1)
            var s = String(repeating: "  ", count: line.indent), width = line.indent * 2
            for p in line.pieces {
                s += String(repeating: " ", count: p.spaces) + p.text
                width += p.spaces + p.width
            }
            if width > maxLineWidth { overlong.formUnion(line.outermostBlocks) }
            if let comment = line.comment {
                if line.pieces.isEmpty { s += comment }
                else { s += String(repeating: " ", count: max(2, line.commentColumn - width)) + comment }
            }
            text += (line.pieces.isEmpty && line.comment == nil ? "" : s) + "\n"
        }
        return (text, overlong)
    }

    /// Most runs of extra spaces one line keeps for columns. A line with more (no table has
    /// that many columns) is written with canonical spaces: each round below settles at most
    /// one run a line, so rounds would grow with the line.
    static let maxPaddedPieces = 32

    /// Extra spaces the author wrote before a token stay only while the token starts in the
    /// same column as the same token (`=`, `{`, a property name) on the line above or below,
    /// as in a table. Each round shrinks the runs that line up with nothing to their canonical
    /// width, until none does (the spaces taken go to the line's next padded token when it
    /// lines up, so it stays in its column); so formatting the result again keeps exactly the
    /// same runs.
    ///
    /// A round looks again only at the lines that changed in the round before and their
    /// neighbours: any other line would see what it saw then, and did not change.
    static func alignColumns(_ lines: inout [OutputLine], meter: WorkMeter = WorkMeter()) {
        func starts(_ line: OutputLine) -> [Int: String] {
            meter.count(line.pieces.count)
            var column = line.indent * 2, starts: [Int: String] = [:]
            for p in line.pieces {
                column += p.spaces
                starts[column] = p.text
                column += p.width
            }
            return starts
        }
        func padded(_ line: OutputLine) -> Int { line.pieces.reduce(0) { $0 + ($1.spaces != $1.canonical ? 1 : 0) } }
        var candidates: [Int] = []
        for i in lines.indices {
            meter.count(lines[i].pieces.count + 1)
            let n = padded(lines[i])
            if n > maxPaddedPieces {
                for k in lines[i].pieces.indices { lines[i].pieces[k].spaces = lines[i].pieces[k].canonical }
            } else if n > 0 {
                candidates.append(i)
            }
        }
        var columns = lines.map(starts)
        while !candidates.isEmpty {
            /// Whether `text` starts at `column` on the line above or below line `i`.
            func linesUp(_ text: String, at column: Int, _ i: Int) -> Bool {
                (i > 0 && columns[i - 1][column] == text) || (i + 1 < lines.count && columns[i + 1][column] == text)
            }
            var changedLines: [Int] = []
            for i in candidates {
                var column = lines[i].indent * 2
                for k in lines[i].pieces.indices {
                    meter.count()
                    let p = lines[i].pieces[k]
                    column += p.spaces
                    if p.spaces != p.canonical, !linesUp(p.text, at: column, i) {
                        lines[i].pieces[k].spaces = p.canonical
                        // The next padded token keeps its column when it lines up (`let  a   = 1`
                        // above `let bb   = 2`: the `=` stays in the table).
                        var next = column + p.width
                        for j in k + 1..<lines[i].pieces.count {
                            meter.count()
                            let q = lines[i].pieces[j]
                            next += q.spaces
                            guard q.spaces == q.canonical else {
                                if linesUp(q.text, at: next, i) { lines[i].pieces[j].spaces += p.spaces - p.canonical }
                                break
                            }
                            next += q.width
                        }
                        changedLines.append(i)
                        break   // the rest of this line has moved: look again next round
                    }
                    column += p.width
                }
            }
            for i in changedLines { columns[i] = starts(lines[i]) }
            var next = Set<Int>()
            for i in changedLines {
                for j in [i - 1, i, i + 1] where lines.indices.contains(j) && padded(lines[j]) > 0 { next.insert(j) }
            }
            candidates = next.sorted()
        }
    }
}
