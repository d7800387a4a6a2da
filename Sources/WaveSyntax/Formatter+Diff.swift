extension ScriptFormatter {
    /// Lines of context around each change in `unifiedDiff`.
    public static let diffContext = 3
    /// Past this many differing lines the diff stops looking for a shortest edit and shows
    /// the differing middle of the files as one replacement.
    static let maxDiffEdits = 2000

    /// A unified diff from `old` to `new` (`--- NAME`, `+++ NAME (formatted)`, `@@` hunks with
    /// three lines of context), or "" when they are equal. A last line without a newline is
    /// followed by `\ No newline at end of file`.
    public static func unifiedDiff(from old: String, to new: String, name: String) -> String {
        let a = diffLines(old), b = diffLines(new)
        let edits = lineEdits(a, b)
        guard edits.contains(where: { $0.kind != " " }) else { return "" }
        var out = "--- \(name)\n+++ \(name) (formatted)\n"
        var k = 0
        while let change = edits[k...].firstIndex(where: { $0.kind != " " }) {
            // A hunk runs from `diffContext` lines before a change to `diffContext` lines after
            // the last change that is no more than twice that far from the one before.
            let start = max(k, change - diffContext)
            var end = change
            while end < edits.count {
                guard let next = edits[end...].firstIndex(where: { $0.kind != " " }) else { break }
                if next - end > 2 * diffContext && end > change { break }
                end = next + 1
            }
            end = min(edits.count, end + diffContext)
            let hunk = edits[start..<end]
            let oldCount = hunk.filter { $0.kind != "+" }.count, newCount = hunk.filter { $0.kind != "-" }.count
            let oldStart = (hunk.first { $0.kind != "+" }?.oldLine ?? edits[start].oldLine) + (oldCount > 0 ? 1 : 0)
            let newStart = (hunk.first { $0.kind != "-" }?.newLine ?? edits[start].newLine) + (newCount > 0 ? 1 : 0)
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for e in hunk {
                let line = e.kind == "+" ? b[e.newLine] : a[e.oldLine]
                out += "\(e.kind)\(line.text)\n"
                if !line.hasNewline { out += "\\ No newline at end of file\n" }
            }
            k = end
        }
        return out
    }

    struct DiffLine: Equatable {
        var text: String
        var hasNewline: Bool
    }

    /// One line of an edit script: `kind` is " " (kept), "-" (removed) or "+" (added);
    /// `oldLine` and `newLine` are 0-based, the position in the other file for adds and removes.
    struct LineEdit {
        var kind: Character
        var oldLine: Int
        var newLine: Int
    }

    /// Lines split at "\n" bytes only (a "\r" stays part of its line, so it shows in the diff).
    static func diffLines(_ text: String) -> [DiffLine] {
        let parts = text.utf8.split(separator: 10, omittingEmptySubsequences: false)
        var lines = parts.dropLast().map { DiffLine(text: String(decoding: $0, as: UTF8.self), hasNewline: true) }
        if let last = parts.last, !last.isEmpty { lines.append(DiffLine(text: String(decoding: last, as: UTF8.self), hasNewline: false)) }
        return lines
    }

    /// A shortest edit script (Myers' O(ND) algorithm) after trimming the common start and end.
    static func lineEdits(_ a: [DiffLine], _ b: [DiffLine]) -> [LineEdit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var edits = (0..<prefix).map { LineEdit(kind: " ", oldLine: $0, newLine: $0) }
        let n = a.count - prefix - suffix, m = b.count - prefix - suffix
        let middle = myers(n, m, maxEdits: maxDiffEdits) { a[prefix + $0] == b[prefix + $1] }
            ?? (0..<n).map { LineEdit(kind: "-", oldLine: $0, newLine: 0) } + (0..<m).map { LineEdit(kind: "+", oldLine: n, newLine: $0) }
        edits += middle.map { LineEdit(kind: $0.kind, oldLine: $0.oldLine + prefix, newLine: $0.newLine + prefix) }
        edits += (0..<suffix).map { LineEdit(kind: " ", oldLine: a.count - suffix + $0, newLine: b.count - suffix + $0) }
        return edits
    }

    /// Myers' greedy forward search with the frontier of every round kept for the walk back;
    /// nil when more than `maxEdits` lines differ.
    static func myers(_ n: Int, _ m: Int, maxEdits: Int, same: (Int, Int) -> Bool) -> [LineEdit]? {
        let limit = min(n + m, maxEdits)
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        let zero = limit + 1
        var trace: [[Int]] = []   // trace[d][k + d + 1]: frontier before round d
        for d in 0...limit {
            trace.append(Array(v[(zero - d - 1)...(zero + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[zero + k - 1] < v[zero + k + 1]) ? v[zero + k + 1] : v[zero + k - 1] + 1
                var y = x - k
                while x < n, y < m, same(x, y) { x += 1; y += 1 }
                v[zero + k] = x
                if x >= n && y >= m { return walkBack(trace, n, m) }
            }
        }
        return nil
    }

    private static func walkBack(_ trace: [[Int]], _ n: Int, _ m: Int) -> [LineEdit] {
        var edits: [LineEdit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            func at(_ k: Int) -> Int { v[k + d + 1] }
            let k = x - y
            let down = k == -d || (k != d && at(k - 1) < at(k + 1))
            let prevK = down ? k + 1 : k - 1
            let prevX = d == 0 ? 0 : at(prevK), prevY = d == 0 ? 0 : prevX - prevK
            while x > prevX && y > prevY {
                x -= 1; y -= 1
                edits.append(LineEdit(kind: " ", oldLine: x, newLine: y))
            }
            guard d > 0 else { break }
            if down { edits.append(LineEdit(kind: "+", oldLine: x, newLine: prevY)) }
            else { edits.append(LineEdit(kind: "-", oldLine: prevX, newLine: y)) }
            x = prevX; y = prevY
        }
        return edits.reversed()
    }
}
