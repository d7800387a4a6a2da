import WaveSyntax

/// How the `character` of an LSP position counts: UTF-8 bytes when the client offers it
/// (`general.positionEncodings`), UTF-16 code units otherwise (the protocol's default).
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8", utf16 = "utf-16"

    /// The encoding to use given what the client offers, in its order of preference.
    public static func negotiate(_ offered: [String]?) -> PositionEncoding {
        guard let offered else { return .utf16 }
        return offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }
}

/// An LSP position: zero-based line and character (in the negotiated units).
public struct Position: Equatable, Sendable {
    public var line: Int
    public var character: Int
    public init(_ line: Int, _ character: Int) { self.line = line; self.character = character }
    var json: JSON { ["line": line, "character": character] }

    init?(_ any: Any?) {
        guard let o = any as? JSON, let l = o["line"] as? Int, let c = o["character"] as? Int, l >= 0, c >= 0 else { return nil }
        self.init(l, c)
    }
}

/// Converts between the byte offsets of `SourceRange` and LSP positions.
public struct PositionMapper: Sendable {
    public let file: SourceFile
    public let encoding: PositionEncoding

    public init(file: SourceFile, encoding: PositionEncoding) { self.file = file; self.encoding = encoding }

    /// The byte offset of a position; a line past the end gives the end of the file, a
    /// character past the end of its line gives the end of the line, and a character inside
    /// a multi-unit character gives that character's start.
    public func offset(of p: Position) -> Int {
        guard p.line < file.lineStarts.count else { return file.bytes.count }
        let start = file.lineStarts[p.line]
        // The line ends before its line break, `\r\n` as one (a position past the end of a
        // CRLF line must not fall between the two).
        var end = p.line + 1 < file.lineStarts.count ? file.lineStarts[p.line + 1] - 1 : file.bytes.count
        if end > start, end < file.bytes.count, file.bytes[end] == 10, file.bytes[end - 1] == 13 { end -= 1 }
        var i = start, units = 0
        while i < end {
            let n = PositionMapper.sequenceLength(file.bytes[i])
            let u = encoding == .utf8 ? n : (n == 4 ? 2 : 1)
            if units + u > p.character { break }
            units += u
            i += n
        }
        return min(i, end)
    }

    /// The position of a byte offset.
    public func position(of offset: Int) -> Position {
        let offset = max(0, min(offset, file.bytes.count))
        var lo = 0, hi = file.lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if file.lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        let start = file.lineStarts[lo]
        switch encoding {
        case .utf8: return Position(lo, offset - start)
        case .utf16:
            // Inside a character, its end (as a count character by character gives).
            var at = offset
            while at < file.bytes.count, file.bytes[at] & 0xC0 == 0x80 { at += 1 }
            return Position(lo, file.utf16Units(from: start, to: at))
        }
    }

    public func range(_ r: SourceRange) -> JSON {
        ["start": position(of: r.start).json, "end": position(of: r.end).json]
    }

    public func sourceRange(_ any: Any?) -> SourceRange? {
        guard let o = any as? JSON, let s = Position(o["start"]), let e = Position(o["end"]) else { return nil }
        return SourceRange(offset(of: s), offset(of: e))
    }

    /// Bytes in the UTF-8 sequence a lead byte starts (a stray continuation byte counts as one).
    static func sequenceLength(_ b: UInt8) -> Int {
        b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
    }
}
