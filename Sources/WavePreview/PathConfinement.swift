import Foundation

/// The one rule for files the preview serves: a path relative to the scripts' folder,
/// naming a file that is, after every symbolic link is followed, inside that folder, and
/// that a script there uses (the script itself, or an image it draws).
///
/// Guarantees: `resolve` never returns a path outside `root` (the folder's real path), for
/// any input: absolute paths, `..` components, empty components, NUL bytes and links that
/// lead out are refused.
public struct PathConfinement: Sendable {
    /// The folder's real path, without a trailing slash (`/` for the root folder).
    public let root: String

    /// nil when `folder` does not exist.
    public init?(folder: String) {
        guard let real = PathConfinement.realPath(folder) else { return nil }
        root = real
    }

    /// The real path of `relative` inside the folder, or nil when it is not a plain
    /// relative path to an existing file that stays inside.
    public func resolve(_ relative: String) -> String? {
        guard PathConfinement.isPlainRelative(relative) else { return nil }
        let joined = root == "/" ? "/" + relative : root + "/" + relative
        guard let real = PathConfinement.realPath(joined), contains(real) else { return nil }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDir), !isDir.boolValue else { return nil }
        return real
    }

    /// Whether the real path `path` lies inside the folder.
    public func contains(_ path: String) -> Bool {
        root == "/" ? path.hasPrefix("/") : path.hasPrefix(root + "/")
    }

    /// Not empty, not absolute, no `.`/`..`/empty components, no backslash or NUL.
    static func isPlainRelative(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0"), !path.contains("\\") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
