import Foundation

/// Where a render's bytes go.
public enum RenderDestination: Equatable, Sendable {
    /// One file, written atomically (temporary file, then rename).
    case file(String)
    /// Standard output, as a stream (`-o -`).
    case standardOutput
    /// One PNG per tick: `%d` or `%0Nd` in the path becomes the tick number.
    case pattern(String)

    /// The pieces of a sequence's name, read as printf reads a format: `%d` or `%0Nd` is
    /// the tick (`width` N, 0 for `%d`), `%%` a literal `%` (in the text as one `%`),
    /// anything else itself.
    enum Piece: Equatable {
        case text(String)
        case tick(width: Int)
    }

    static func pieces(_ path: String) -> [Piece] {
        var pieces: [Piece] = [], text = ""
        let chars = Array(path)
        var i = 0
        while i < chars.count {
            if chars[i] == "%", i + 1 < chars.count, chars[i + 1] == "%" {
                text.append("%")
                i += 2
                continue
            }
            if chars[i] == "%" {
                var j = i + 1
                while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
                let digits = String(chars[(i + 1)..<j])
                if j < chars.count, chars[j] == "d" {
                    if !text.isEmpty { pieces.append(.text(text)) }
                    text = ""
                    pieces.append(.tick(width: digits.isEmpty ? 0 : Int(digits) ?? Int.max))
                    i = j + 1
                    continue
                }
            }
            text.append(chars[i])
            i += 1
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    /// True when `path` holds a `%d` / `%04d` tick placeholder.
    public static func isPattern(_ path: String) -> Bool { placeholderCount(path) > 0 }

    /// How many `%d` / `%04d` tick placeholders `path` holds (a sequence takes exactly one).
    public static func placeholderCount(_ path: String) -> Int {
        pieces(path).filter { if case .tick = $0 { return true } else { return false } }.count
    }

    /// The zero-padded width of the first placeholder (`%04d`: 4), nil for none; a width too
    /// long for an Int is `Int.max`.
    public static func placeholderWidth(_ path: String) -> Int? {
        for case .tick(let width) in pieces(path) { return width }
        return nil
    }

    /// `pattern` with its placeholder replaced by `tick`, zero-padded to the given width, and
    /// each `%%` by `%` (a sequence has one placeholder: `wave render` refuses more).
    public static func expand(_ pattern: String, _ tick: Int) -> String {
        guard isPattern(pattern) else { return pattern }
        return pieces(pattern).map { piece in
            switch piece {
            case .text(let t): return t
            case .tick(let width):
                let digits = String(tick)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
        }.joined()
    }

    /// True for a `%04d` pattern (one file per tick).
    public var isPattern: Bool {
        if case .pattern = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .file(let p), .pattern(let p): return p
        case .standardOutput: return "standard output"
        }
    }
}

/// The byte stream of one render: an atomic file or standard output.
public final class RenderOutput {
    private let file: AtomicFile?

    public init(_ destination: RenderDestination) throws {
        switch destination {
        case .file(let path): file = try AtomicFile(path: path)
        case .standardOutput: file = nil
        case .pattern(let p): throw IOError("'\(p)' is a pattern: only PNG sequences are written one file per tick")
        }
    }

    public func write(_ bytes: [UInt8]) throws {
        if let file { try file.write(bytes) } else { try StandardOutput.write(bytes) }
    }

    public func commit() throws { try file?.commit() }

    public func abort() { file?.abort() }
}

/// Standard error, written as well as it can be: where messages cannot go, the exit status
/// still tells (Foundation's `FileHandle.write` stopped the process instead).
public enum StandardError {
    public static func write(_ text: String) { _ = writeFully(STDERR_FILENO, Array(text.utf8)) }
}

/// Standard output as a stream of bytes, unbuffered: a failed write (a full disk, a closed
/// pipe, SIGPIPE being ignored) is an `IOError` (exit 74), never a crash.
public enum StandardOutput {
    public static func write(_ bytes: [UInt8]) throws {
        signal(SIGPIPE, SIG_IGN)
        let failure = writeFully(STDOUT_FILENO, bytes)
        if let failure {
            throw failure == EPIPE ? IOError("cannot write to standard output: the reader closed the pipe", readerClosed: true)
                                   : IOError("cannot write to standard output: \(IOError.reason(failure))")
        }
    }
}
