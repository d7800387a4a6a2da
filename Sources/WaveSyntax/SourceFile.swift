/// A script's text with a line table, so that byte offsets become `line:column` positions.
///
/// Guarantees: `bytes` is the UTF-8 of `text`; `lineStarts[0] == 0` and is strictly increasing;
/// `\n`, `\r\n` and a lone `\r` each end one line.
public struct SourceFile: Sendable {
    public let name: String
    public let text: String
    public let bytes: [UInt8]
    public let lineStarts: [Int]
    /// The offset of the first byte: ranges into this file run from `base` to `base +
    /// bytes.count`. 0 for a script; the REPL gives each input its own stretch, so a range
    /// says which input it is in.
    public let base: Int
    /// UTF-8 continuation bytes (10xxxxxx) before each multiple of `block` bytes, so a
    /// column costs at most one block's scan however long the line: diagnostics on a
    /// megabyte line stay linear in their number.
    /// Each entry also counts, from bit 40 up, the lead bytes of 4-byte sequences (11110xxx:
    /// characters outside the BMP, two UTF-16 units each) before its block, for
    /// `utf16Units(from:to:)`: one array, so a `SourceFile` (copied into many of the
    /// parser's stack frames, which the nesting limit multiplies) stays its size.
    let continuationsBeforeBlock: [Int]
    static let block = 1024
    static let leadShift = 40

    public init(name: String, text: String, base: Int = 0) {
        self.name = name
        self.text = text
        self.base = base
        let bytes = Array(text.utf8)
        self.bytes = bytes
        // A line ends at `\n`, at `\r\n` or at a lone `\r` (old Mac files).
        var starts = [0]
        for (i, b) in bytes.enumerated() {
            if b == 10 || (b == 13 && (i + 1 == bytes.count || bytes[i + 1] != 10)) { starts.append(i + 1) }
        }
        self.lineStarts = starts
        var blocks = [0]
        blocks.reserveCapacity(bytes.count / SourceFile.block + 1)
        var continuations = 0, leads = 0
        for (i, b) in bytes.enumerated() {
            if i > 0 && i % SourceFile.block == 0 { blocks.append(continuations | leads << SourceFile.leadShift) }
            if b & 0xC0 == 0x80 { continuations += 1 } else if b & 0xF8 == 0xF0 { leads += 1 }
        }
        self.continuationsBeforeBlock = blocks
    }

    /// Continuation bytes and 4-byte lead bytes in `bytes[0..<offset]`: the counts packed
    /// before its block, and the rest of the block scanned once.
    func counts(before offset: Int) -> (continuations: Int, leads: Int) {
        let k = min(offset / SourceFile.block, continuationsBeforeBlock.count - 1)
        let packed = continuationsBeforeBlock[k]
        var continuations = packed & (1 << SourceFile.leadShift - 1), leads = packed >> SourceFile.leadShift
        for i in (k * SourceFile.block)..<offset {
            if bytes[i] & 0xC0 == 0x80 { continuations += 1 } else if bytes[i] & 0xF8 == 0xF0 { leads += 1 }
        }
        return (continuations, leads)
    }

    /// UTF-16 code units of the text between byte offsets `start` ≤ `end` (into `bytes`,
    /// both at character starts): a character is one unit, one outside the BMP two. At most
    /// two blocks are scanned, however long the line (an editor's positions on a long line).
    public func utf16Units(from start: Int, to end: Int) -> Int {
        let a = counts(before: start), b = counts(before: end)
        return (end - start) - (b.continuations - a.continuations) + (b.leads - a.leads)
    }

    /// Continuation bytes in `bytes[0..<offset]`.
    func continuations(before offset: Int) -> Int { counts(before: offset).continuations }

    /// 1-based line and column (in characters) of a byte offset.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset - base, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        // A byte-order mark before line 1 is not a column (the lexer skips it).
        let start = lo == 0 && hasByteOrderMark ? min(3, offset) : lineStarts[lo]
        // Count characters, not bytes: continuation bytes (10xxxxxx) do not start a column.
        let column = (offset - start) - (continuations(before: offset) - continuations(before: start)) + 1
        return (lo + 1, column)
    }

    /// Whether the file starts with a UTF-8 byte-order mark (not part of the script).
    var hasByteOrderMark: Bool { bytes.starts(with: [0xEF, 0xBB, 0xBF]) }

    /// The text of a 1-based line, without its line ending (and line 1 without a
    /// byte-order mark).
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = line == 1 && hasByteOrderMark ? 3 : lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        if end > start, bytes[end - 1] == 10 { end -= 1 }
        if end > start, bytes[end - 1] == 13 { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// Whether `range` starts in this file's stretch of offsets.
    public func holds(_ range: SourceRange) -> Bool { range.start >= base && range.start <= base + bytes.count }

    public func text(of range: SourceRange) -> String {
        let s = max(0, min(range.start - base, bytes.count)), e = max(s, min(range.end - base, bytes.count))
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }
}

/// A half-open range of UTF-8 byte offsets into a `SourceFile`.
public struct SourceRange: Hashable, Sendable {
    public var start: Int
    public var end: Int
    public init(_ start: Int, _ end: Int) { self.start = start; self.end = max(start, end) }
    public static let none = SourceRange(0, 0)
    public func to(_ other: SourceRange) -> SourceRange { SourceRange(min(start, other.start), max(end, other.end)) }
}
