import Foundation

/// Where a render's bytes go.
public enum RenderDestination: Equatable, Sendable {
    /// One file, written atomically (temporary file, then rename).
    case file(String)
    /// Standard output, as a stream (`-o -`).
    case standardOutput
    /// One PNG per tick: `%d` or `%0Nd` in the path becomes the tick number.
    case pattern(String)

    /// True when `path` holds a `%d` / `%04d` tick placeholder.
    public static func isPattern(_ path: String) -> Bool {
        path.range(of: #"%0?[0-9]*d"#, options: .regularExpression) != nil
    }

    /// How many `%d` / `%04d` tick placeholders `path` holds (a sequence takes exactly one).
    public static func placeholderCount(_ path: String) -> Int {
        var count = 0, rest = Substring(path)
        while let r = rest.range(of: #"%0?[0-9]*d"#, options: .regularExpression) {
            count += 1
            rest = rest[r.upperBound...]
        }
        return count
    }

    /// The zero-padded width of the first placeholder (`%04d`: 4), nil for none; a width too
    /// long for an Int is `Int.max`.
    public static func placeholderWidth(_ path: String) -> Int? {
        guard let r = path.range(of: #"%0?[0-9]*d"#, options: .regularExpression) else { return nil }
        let digits = path[r].dropFirst().dropLast()
        return digits.isEmpty ? 0 : Int(digits) ?? Int.max
    }

    /// `pattern` with its placeholder replaced by `tick`, zero-padded to the given width.
    public static func expand(_ pattern: String, _ tick: Int) -> String {
        guard let r = pattern.range(of: #"%0?[0-9]*d"#, options: .regularExpression) else { return pattern }
        let width = Int(pattern[r].dropFirst().dropLast()) ?? 0
        var digits = String(tick)
        if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
        return pattern.replacingCharacters(in: r, with: digits)
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

/// Unbuffered writes to file descriptor 1 that report a closed pipe as an `IOError`
/// (SIGPIPE is ignored while streaming) instead of killing the process.
/// Standard error, written as well as it can be: where messages cannot go, the exit status
/// still tells (Foundation's `FileHandle.write` stopped the process instead).
public enum StandardError {
    public static func write(_ text: String) { _ = writeFully(STDERR_FILENO, Array(text.utf8)) }
}

/// Standard output as a stream of bytes: a failed write (a full disk, a closed pipe) is an
/// `IOError` (exit 74), never a crash.
public enum StandardOutput {
    public static func write(_ bytes: [UInt8]) throws {
        signal(SIGPIPE, SIG_IGN)
        let failure = writeFully(STDOUT_FILENO, bytes)
        if let failure {
            throw IOError(failure == EPIPE ? "cannot write to standard output: the reader closed the pipe"
                                           : "cannot write to standard output: \(IOError.reason(failure))")
        }
    }
}
