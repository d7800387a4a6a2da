import WaveSyntax

/// Folding ranges: every `{ … }` block that spans lines (a layer's body, a group, a
/// handler, an animation group), and runs of two or more comment lines.
enum FoldingRanges {
    /// (first line, last line, is a comment) zero-based; a block folds up to the line before
    /// its closing brace, so the brace stays visible.
    static func ranges(_ analysis: Analysis) -> [(start: Int, end: Int, comment: Bool)] {
        let file = analysis.file
        let (tokens, comments) = analysis.lexed
        func line(_ offset: Int) -> Int { file.location(of: offset).line - 1 }
        var out: [(Int, Int, Bool)] = []
        var open: [Int] = []
        for t in tokens {
            if t.isPunct("{") { open.append(line(t.range.start)) }
            else if t.isPunct("}"), let start = open.popLast() {
                let end = line(t.range.start) - 1
                if end > start { out.append((start, end, false)) }
            }
        }
        var run: (start: Int, end: Int)? = nil
        for c in comments {
            let l = line(c.range.start)
            // Only whole-line comments join a run (a comment after code on its line does not).
            let text = file.lineText(l + 1).drop { $0 == " " || $0 == "\t" }
            guard text.hasPrefix("#") || text.hasPrefix("//") else { continue }
            if let r = run, r.end + 1 == l { run = (r.start, l); continue }
            if let r = run, r.end > r.start { out.append((r.start, r.end, true)) }
            run = (l, l)
        }
        if let r = run, r.end > r.start { out.append((r.start, r.end, true)) }
        return out.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { (start: $0.0, end: $0.1, comment: $0.2) }
    }
}
