import Foundation
import WaveSinks
import WaveCompiler
import WaveSyntax

/// Watches a script on disk for `wave play --watch`: its modification time, size and inode
/// are compared on each `check()`, and a changed file is read and compiled.
public final class ScriptWatcher {
    public enum Change {
        /// The new version compiled.
        case compiled(Program, SourceFile)
        /// The new version has errors (or cannot be read): its first diagnostic, located.
        case failed(String)
    }

    struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
        var inode: UInt64
    }

    public let path: String
    var last: Stamp?

    /// Starts watching from the file's current state (the version already playing).
    public init(path: String) {
        self.path = path
        last = ScriptWatcher.stamp(path)
    }

    static func stamp(_ path: String) -> Stamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Stamp(seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec), size: Int(st.st_size), inode: UInt64(st.st_ino))
    }

    /// The file's new text when it changed since the last look, else nil: for callers that
    /// compile it themselves (the REPL's `:watch`).
    public func poll() -> Result<SourceFile, ScriptReadError>? {
        guard changed() else { return nil }
        return Result { () throws(ScriptReadError) in try ScriptReader.read(path) }
    }

    /// Whether the file changed since the last look. An empty file counts only when it is
    /// still empty a look later: editors truncate a file and then write it, and the moment
    /// between is not a new (blank) version of the script.
    func changed() -> Bool {
        let now = ScriptWatcher.stamp(path)
        guard now != last else { return false }
        if let now, now.size == 0, emptySince != now {
            emptySince = now
            return false
        }
        last = now
        emptySince = nil
        return true
    }
    var emptySince: Stamp?

    /// The new version when the file changed since the last check, else nil.
    public func check() -> Change? {
        guard changed() else { return nil }
        return ScriptWatcher.compile(path)
    }

    /// The script at `path` read and compiled, as a change to it would be reported.
    public static func compile(_ path: String) -> Change {
        let file: SourceFile
        do { file = try ScriptReader.read(path) } catch {
            return .failed("\(PathName.lastComponent(path)): \(error.message)")
        }
        let (program, diagnostics) = Compiler.compile(file)
        if let program { return .compiled(program, file) }
        guard let first = diagnostics.first(where: { $0.severity == .error }) else { return .failed("\(PathName.lastComponent(path)): does not compile") }
        return .failed(ScriptWatcher.describe(first, in: file))
    }

    /// `file:line:col: message [E0104]` on one line, the file by its last path component (the
    /// status row is narrow, so the code comes last, where truncation costs least).
    public static func describe(_ d: Diagnostic, in file: SourceFile) -> String {
        let (line, column) = file.location(of: d.range.start)
        return "\(PathName.lastComponent(file.name)):\(line):\(column): \(d.message) [\(d.code.code)]"
    }
}
