/// The one place where wave takes a file path apart or puts one together: POSIX rules on
/// plain strings, with no file system access.
///
/// Foundation's `NSString.deletingLastPathComponent` traps (SIGILL) on one-character paths
/// such as `g`, `.` or `g/` on Linux, so no code in wave calls it or its relatives; every
/// command, the server and the loaders go through these functions instead.
///
/// Trailing slashes never name an extra component: `a/b/` is `a/b`. Repeated slashes count
/// as one. `/` is its own parent and its own last component.
public enum PathName {
    /// `path` without trailing slashes (`/` stays `/`, the empty path stays empty).
    static func trimmed(_ path: String) -> Substring {
        var s = Substring(path)
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return s
    }

    /// The folder part of `path`, as written, or nil when `path` names something in the
    /// current folder (`g`, `.`, `..`, `g/`). `a/b` → `a`, `/g` → `/`, `/` → `/`,
    /// `a//b` → `a`.
    public static func parent(_ path: String) -> String? {
        let s = trimmed(path)
        if s == "/" { return "/" }
        guard let slash = s.lastIndex(of: "/") else { return nil }
        var head = s[..<slash]
        while head.hasSuffix("/") { head = head.dropLast() }
        return head.isEmpty ? "/" : String(head)
    }

    /// The folder `path` is in, as `dirname` says it: `.` when it names something in the
    /// current folder.
    public static func directory(of path: String) -> String { parent(path) ?? "." }

    /// The last component of `path` (`basename`): `a/b.wave` → `b.wave`, `g/` → `g`,
    /// `/` → `/`.
    public static func lastComponent(_ path: String) -> String {
        let s = trimmed(path)
        if s == "/" { return "/" }
        guard let slash = s.lastIndex(of: "/") else { return String(s) }
        return String(s[s.index(after: slash)...])
    }

    /// The last component without its extension: `a/b.wave` → `b`, `.hidden` → `.hidden`,
    /// `a.tar.gz` → `a.tar`, `..` → `..`.
    public static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
              name != ".." else { return name }
        return String(name[..<dot])
    }

    /// `name` inside `folder`: `name` itself when it is absolute or `folder` is empty;
    /// one slash between the two otherwise.
    public static func joining(_ folder: String, _ name: String) -> String {
        if name.hasPrefix("/") || folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
