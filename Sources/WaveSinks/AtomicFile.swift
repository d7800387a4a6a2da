import Foundation

/// An output file written through a temporary file beside it and renamed into place when
/// complete. Until `commit()`, an existing file of that name is untouched; `abort()` (or an
/// error) removes the temporary file, so no partial output is ever left behind.
public final class AtomicFile {
    public let path: String
    let tempPath: String
    var handle: FileHandle?
    var committed = false

    /// Every temporary file not yet committed or removed, so a fatal exit can clean up.
    nonisolated(unsafe) static var pending: Set<String> = []
    static let lock = NSLock()

    public init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw IOError("cannot write '\(path)': directory '\(dir)' does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw IOError("cannot write '\(path)': it is a directory")
        }
        tempPath = dir + "/." + url.lastPathComponent + ".wave-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard FileManager.default.createFile(atPath: tempPath, contents: nil),
              let h = FileHandle(forWritingAtPath: tempPath) else {
            throw IOError("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        handle = h
        AtomicFile.lock.lock(); AtomicFile.pending.insert(tempPath); AtomicFile.lock.unlock()
    }

    public func write(_ bytes: [UInt8]) throws {
        guard let handle else { throw IOError("write to closed file '\(path)'") }
        do { try handle.write(contentsOf: bytes) } catch {
            abort()
            throw IOError("cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    public func commit() throws {
        guard let handle else { return }
        do { try handle.synchronize(); try handle.close() } catch {
            abort()
            throw IOError("cannot write '\(path)': \(error.localizedDescription)")
        }
        self.handle = nil
        guard rename(tempPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            abort()
            throw IOError("cannot write '\(path)': \(reason)")
        }
        committed = true
        AtomicFile.lock.lock(); AtomicFile.pending.remove(tempPath); AtomicFile.lock.unlock()
    }

    public func abort() {
        try? handle?.close()
        handle = nil
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
