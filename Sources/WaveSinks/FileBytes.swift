import Foundation

/// Why a file could not be read, in words for a message ("no such file or directory", "it
/// is a directory"), and which of those cases it is.
public struct FileReadError: Error, Equatable, Sendable {
    public enum Kind: Sendable {
        case missing, directory, other
        /// A device, FIFO or socket where a file made elsewhere is expected.
        case notRegular
        /// A regular file larger than the bound it was read with.
        case tooLarge
    }
    public let reason: String
    public let kind: Kind

    public var missing: Bool { kind == .missing }
}

/// The one way files are read whole: scripts, images, goldens, state files, render parts.
/// `read` takes anything that can be opened and read to its end (a file, a pipe or FIFO,
/// `/dev/stdin`); `readRegular` only a regular file, for files made elsewhere (images,
/// goldens, saved states, render parts). The reason for a failure is the system's.
public enum FileBytes {
    /// The bytes of `path` when it is a regular file (through symbolic links) of at most
    /// `limit` bytes; otherwise `.notRegular` (never blocking: a FIFO is opened without
    /// waiting for a writer), `.tooLarge` (checked before reading), or the system's reason.
    public static func readRegular(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        if path.contains("\u{FFFD}"), access(path, F_OK) != 0 {
            throw FileReadError(reason: "the file name is not valid UTF-8", kind: .missing)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            throw FileReadError(reason: IOError.reason(code), kind: code == ENOENT ? .missing : code == EISDIR ? .directory : .other)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileReadError(reason: IOError.reason(errno), kind: .other) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileReadError(reason: "it is a directory", kind: .directory)
        default: throw FileReadError(reason: "it is not a regular file (a device, a FIFO or a socket)", kind: .notRegular)
        }
        guard st.st_size <= limit else {
            throw FileReadError(reason: "it is \(st.st_size) bytes, more than the \(limit) such a file may have", kind: .tooLarge)
        }
        let bytes = try read(path, fd: fd, limit: limit)
        guard bytes.count <= limit else {
            throw FileReadError(reason: "it grew past the \(limit) bytes such a file may have while it was read", kind: .tooLarge)
        }
        return bytes
    }

    /// The bytes of `path` (`fd`, when given, is read instead and not closed). Reading stops
    /// after `limit` + 1 bytes, so an endless stream cannot fill memory: a result longer
    /// than `limit` means the file is too large.
    public static func read(_ path: String, fd given: Int32? = nil, limit: Int = Int.max - 1) throws(FileReadError) -> [UInt8] {
        var fd = given ?? -1
        if given == nil {
            // Arguments that were not valid UTF-8 reach Swift with U+FFFD in place of the
            // bad bytes, so the name asked for is no longer known.
            if path.contains("\u{FFFD}"), access(path, F_OK) != 0 {
                throw FileReadError(reason: "the file name is not valid UTF-8", kind: .missing)
            }
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                let code = errno
                throw FileReadError(reason: IOError.reason(code), kind: code == ENOENT ? .missing : code == EISDIR ? .directory : .other)
            }
        }
        defer { if given == nil { close(fd) } }
        var st = stat()
        if fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { throw FileReadError(reason: "it is a directory", kind: .directory) }
        var bytes: [UInt8] = []
        if st.st_mode & S_IFMT == S_IFREG, st.st_size > 0 { bytes.reserveCapacity(Int(min(Int64(limit) + 1, Int64(st.st_size)))) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                throw code == EISDIR ? FileReadError(reason: "it is a directory", kind: .directory)
                                     : FileReadError(reason: IOError.reason(code), kind: .other)
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}
