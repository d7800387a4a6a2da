import Foundation

/// An output file written through a temporary file beside it and renamed into place when
/// complete. Until `commit()`, an existing file of that name is untouched; `abort()` (or an
/// error, or deinit without commit) removes the temporary file, so no partial output is
/// ever left behind.
///
/// Only regular files are replaced. A symbolic link is followed: the file it points to is
/// replaced and the link kept. A device, a FIFO or a socket (`/dev/null`, `/dev/stdout`, a
/// named pipe) is written in place, never replaced; such a destination cannot be atomic, so
/// an aborted write may have delivered part of its bytes.
///
/// Writes are buffered (`bufferSize` bytes) and go straight to the file descriptor, so a
/// streaming encoder can hand over many small chunks cheaply.
public final class AtomicFile {
    public let path: String
    /// The temporary file: `.NAME.wave-PID-RANDOM.tmp` in the target's directory (NAME
    /// shortened so the whole fits in 255 bytes); nil when writing a special file in place.
    public let tempPath: String?
    /// The file the rename replaces: `path` with symbolic links resolved.
    let target: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var committed = false
    static let bufferSize = 1 << 18

    /// Every temporary file not yet committed or removed, so a fatal exit can clean up.
    nonisolated(unsafe) static var pending: Set<String> = []
    static let lock = NSLock()

    /// Makes directory `path` and any missing parents (as `mkdir -p`), or says why not in
    /// the system's words ("cannot create directory 'x': not a directory").
    public static func makeDirectory(_ path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw IOError("cannot create directory '\(path)': a file of that name exists") }
            return
        }
        if let parent = PathName.parent(path), parent != path, stat(parent, &st) != 0 { try makeDirectory(parent) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw IOError("cannot create directory '\(path)': \(IOError.reason(errno))")
        }
    }

    /// `path` with its final symbolic links followed, also to a file that does not exist
    /// yet (a dangling link is written through, as `>` in a shell does; Foundation's
    /// resolution stops at a missing file). At most 40 links, as the system's limit.
    static func followingLinks(_ path: String) -> String {
        var p = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(p, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { break }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = buffer.withUnsafeMutableBytes { readlink(p, $0.baseAddress!.assumingMemoryBound(to: CChar.self), Int(PATH_MAX)) }
            guard n > 0 else { break }
            let destination = String(decoding: buffer[0..<n], as: UTF8.self)
            p = destination.hasPrefix("/") ? destination
                : PathName.joining(PathName.parent(p) ?? "", destination)
        }
        return p
    }

    /// Called while an output FIFO has no reader yet, every 20 ms; throwing from it stops
    /// the wait (the driver throws when a signal asked the command to stop).
    nonisolated(unsafe) public static var whileWaiting: (() throws -> Void)?

    public init(path: String) throws {
        self.path = path
        var st = stat()
        if stat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFREG {
            guard (st.st_mode & S_IFMT) != S_IFDIR else { throw IOError("cannot write '\(path)': it is a directory") }
            // A device, FIFO or socket, also through links (/dev/stdout to a pipe, whose
            // link names no file): written in place, opened by the name given.
            target = path
            tempPath = nil
            fd = try AtomicFile.openInPlace(path, isFIFO: st.st_mode & S_IFMT == S_IFIFO)
            return
        }
        target = URL(fileURLWithPath: AtomicFile.followingLinks(path)).resolvingSymlinksInPath().path
        let dir = PathName.directory(of: target)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) else {
            throw IOError("cannot write '\(path)': directory '\(dir)' does not exist")
        }
        guard isDir.boolValue else { throw IOError("cannot write '\(path)': '\(dir)' is not a directory") }
        let name = PathName.lastComponent(target)
        AtomicFile.removeStaleTemporaries(of: name, in: dir)
        let temp = dir + "/" + AtomicFile.temporaryName(for: name, pid: getpid(), random: UInt32.random(in: 0...UInt32.max))
        tempPath = temp
        // Registered before it exists, so a signal arriving in between still cleans up.
        AtomicFile.lock.lock(); AtomicFile.pending.insert(temp); AtomicFile.lock.unlock()
        fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let reason = IOError.reason(errno)
            AtomicFile.lock.lock(); AtomicFile.pending.remove(temp); AtomicFile.lock.unlock()
            throw IOError("cannot write '\(path)': \(reason)")
        }
        // A file it replaces keeps its permissions (a private render stays private).
        if stat(target, &st) == 0 { _ = fchmod(fd, st.st_mode & 0o777) }
        buffer.reserveCapacity(AtomicFile.bufferSize)
    }

    /// Opens a special file for writing without blocking: a FIFO with no reader yet is
    /// tried again every 20 ms (calling `whileWaiting`, so a signal can end the wait) until
    /// one opens it; then writes block as usual.
    static func openInPlace(_ path: String, isFIFO: Bool) throws -> Int32 {
        while true {
            let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            if fd >= 0 {
                let flags = fcntl(fd, F_GETFL)
                if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
                return fd
            }
            guard isFIFO, errno == ENXIO || errno == EINTR else { throw IOError("cannot write '\(path)': \(IOError.reason(errno))") }
            try whileWaiting?()
            usleep(20_000)
        }
    }

    /// `.NAME.wave-PID-RANDOM.tmp`, with NAME cut (at a UTF-8 boundary) so that the whole
    /// is at most 255 bytes, the longest file name Linux file systems take.
    static func temporaryName(for name: String, pid: Int32, random: UInt32) -> String {
        let suffix = ".wave-\(pid)-\(random).tmp"
        var stem = Substring(name)
        while 1 + stem.utf8.count + suffix.utf8.count > 255 { stem = stem.dropLast() }
        return "." + stem + suffix
    }

    /// Removes temporary files of `name` left by processes that no longer exist (killed
    /// with SIGKILL, or a power cut) — never those of a live process.
    static func removeStaleTemporaries(of name: String, in dir: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for entry in entries where entry.hasSuffix(".tmp") && entry.hasPrefix(".") {
            // `.STEM.wave-PID-RANDOM.tmp`, where STEM is NAME or a prefix of it.
            guard let marker = entry.range(of: ".wave-", options: .backwards) else { continue }
            let stem = entry[entry.index(after: entry.startIndex)..<marker.lowerBound]
            let numbers = entry[marker.upperBound...].dropLast(".tmp".count).split(separator: "-")
            guard !stem.isEmpty, name.hasPrefix(stem), numbers.count == 2, UInt32(numbers[1]) != nil,
                  let pid = Int32(numbers[0]), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(dir + "/" + entry) }
        }
    }

    public func write(_ bytes: [UInt8]) throws {
        guard fd >= 0 else { throw IOError("cannot write '\(path)': the file is already closed") }
        if buffer.count + bytes.count > AtomicFile.bufferSize { try flush() }
        if bytes.count >= AtomicFile.bufferSize {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        let failure = writeFully(fd, bytes)
        if let failure {
            abort()
            throw IOError("cannot write '\(path)': \(IOError.reason(failure))")
        }
    }

    /// Flushes, syncs and renames the file into place.
    public func commit() throws {
        guard fd >= 0 else { throw IOError("cannot write '\(path)': the file is already closed") }
        try flush()
        if fsync(fd) != 0 && errno != EINVAL && errno != EROFS {
            let reason = IOError.reason(errno)
            abort()
            throw IOError("cannot write '\(path)': \(reason)")
        }
        if close(fd) != 0 && errno != EINTR {
            let reason = IOError.reason(errno)
            fd = -1
            abort()
            throw IOError("cannot write '\(path)': \(reason)")
        }
        fd = -1
        guard let tempPath else { committed = true; return }
        guard rename(tempPath, target) == 0 else {
            let reason = IOError.reason(errno)
            abort()
            throw IOError("cannot write '\(path)': \(reason)")
        }
        committed = true
        AtomicFile.lock.lock(); AtomicFile.pending.remove(tempPath); AtomicFile.lock.unlock()
    }

    /// Closes and removes the temporary file; the destination is untouched.
    public func abort() {
        if fd >= 0 { close(fd); fd = -1 }
        guard let tempPath else { return }
        if !committed { unlink(tempPath) }
        AtomicFile.lock.lock(); AtomicFile.pending.remove(tempPath); AtomicFile.lock.unlock()
    }

    deinit { if !committed { abort() } }

    /// Writes a whole file atomically.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let f = try AtomicFile(path: path)
        try f.write(bytes)
        try f.commit()
    }

    /// Removes every uncommitted temporary file (used on fatal exits).
    public static func removeAllPending() {
        lock.lock()
        let paths = pending
        pending.removeAll()
        lock.unlock()
        for p in paths { unlink(p) }
    }
}

/// An input/output failure; the command line maps it to exit code 74.
public struct IOError: Error, CustomStringConvertible {
    public let message: String
    /// True when standard output's reader closed the pipe (EPIPE): `wave render -o -`
    /// stops there without an error, as `yes | head` does.
    public let readerClosed: Bool
    public init(_ message: String, readerClosed: Bool = false) {
        self.message = message
        self.readerClosed = readerClosed
    }
    public var description: String { message }

    /// The system's reason for error number `code`, as messages quote it: in lower case
    /// ("no such file or directory").
    public static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
