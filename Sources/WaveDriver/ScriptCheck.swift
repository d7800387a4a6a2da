import WaveCompiler

/// `wave check`: each script compiled, `FILE: ok (layers, size)` handed to `line` for a
/// good one and every diagnostic of a bad one printed on standard error. Ends with 65 if
/// any script has an error, else 74 if a file could not be read.
public enum ScriptCheck {
    /// Checks `files` (a directory stands for its *.wave files).
    public static func run(_ files: [String], line: (String) -> Void) throws {
        var failed = false, ioFailed = false
        let scripts = try ScriptLoader.expandingDirectories(files)
        guard !scripts.isEmpty else {
            Console.error("no .wave scripts in \(files.map(Console.visible).joined(separator: " "))")
            throw Exit.usage
        }
        for path in scripts {
            do {
                let (program, file) = try ScriptLoader.compile(path)
                line("\(Console.visible(file.name)): ok (\(program.layerSummary), \(program.scene.width)x\(program.scene.height))")
            } catch {
                if error == Exit.io { ioFailed = true } else { failed = true }
            }
        }
        if failed { throw Exit.script }
        if ioFailed { throw Exit.io }
    }
}
