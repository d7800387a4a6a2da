import Foundation

/// An output file written through a temporary file beside it and renamed into place when
/// complete. Until `commit()`, an existing file of that name is untouched; `abort()` (or an
/// error, or deinit without commit) removes the temporary file, so no partial output is
/// ever left behind.
///
/// Writes are buffered (`bufferSize` bytes) and go straight to the file descriptor, so a
/// streaming encoder can hand over many small chunks cheaply.
public final class AtomicFile {
    public let path: String
    /// The temporary file: `.NAME.wave-PID-RANDOM.tmp` in the same directory.
    public let tempPath: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var committed = false
    static let bufferSize = 1 << 18

    /// Every temporary file not yet committed or removed, so a fatal exit can clean up.
    nonisolated(unsafe) static var pending: Set<String> = []
    static let lock = NSLock()

    public init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) else {
            throw IOError("cannot write '\(path)': directory '\(dir)' does not exist")
        }
        guard isDir.boolValue else { throw IOError("cannot write '\(path)': '\(dir)' is not a directory") }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw IOError("cannot write '\(path)': it is a directory")
        }
        tempPath = dir + "/." + url.lastPathComponent + ".wave-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        // Registered before it exists, so a signal arriving in between still cleans up.
        AtomicFile.lock.lock(); AtomicFile.pending.insert(tempPath); AtomicFile.lock.unlock()
        fd = open(tempPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            AtomicFile.lock.lock(); AtomicFile.pending.remove(tempPath); AtomicFile.lock.unlock()
            throw IOError("cannot write '\(path)': \(reason)")
        }
        buffer.reserveCapacity(AtomicFile.bufferSize)
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
            throw IOError("cannot write '\(path)': \(String(cString: strerror(failure)))")
        }
    }

    /// Flushes, syncs and renames the file into place.
    public func commit() throws {
        guard fd >= 0 else { throw IOError("cannot write '\(path)': the file is already closed") }
        try flush()
        if fsync(fd) != 0 && errno != EINVAL {
            let reason = String(cString: strerror(errno))
            abort()
            throw IOError("cannot write '\(path)': \(reason)")
        }
        close(fd)
        fd = -1
        guard rename(tempPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            abort()
            throw IOError("cannot write '\(path)': \(reason)")
        }
        committed = true
        AtomicFile.lock.lock(); AtomicFile.pending.remove(tempPath); AtomicFile.lock.unlock()
    }

    /// Closes and removes the temporary file; the destination is untouched.
    public func abort() {
        if fd >= 0 { close(fd); fd = -1 }
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
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
