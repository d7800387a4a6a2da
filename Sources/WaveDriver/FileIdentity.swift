import Foundation

/// Which file a path names (device and inode), so that a command can refuse to write over
/// one of its own inputs: `wave render s.wave -o s.wave`, `wave join p.part p.part …`.
public enum FileIdentity {
    /// The device and inode of an existing file (nil when it does not exist).
    static func of(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// The first of `inputs` that is the same file as `output`, if `output` exists.
    public static func input(among inputs: [String], sameAs output: String) -> String? {
        guard let written = of(output) else { return nil }
        return inputs.first { of($0) == written }
    }
}
