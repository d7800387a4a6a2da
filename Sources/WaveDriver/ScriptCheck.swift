import WaveCompiler
import WaveExport
import WaveSinks
import WaveSyntax

/// `wave check`: each script compiled, `FILE: ok (layers, size)` handed to `line` for a
/// good one and every diagnostic of a bad one printed on standard error. Ends with 65 if
/// any script has an error, else 74 if a file could not be read.
public enum ScriptCheck {
    /// Checks `files` (a directory stands for its *.wave files). With `target`, each good
    /// script is also baked as an export to it would be (the scene's duration, or 5 s) and
    /// the export report printed as warnings: what that format cannot show exactly.
    public static func run(_ files: [String], target output: OutputFormat? = nil, line: (String) -> Void) throws {
        var target: ExportFormat? = nil
        if case .export(let e) = output { target = e }
        var failed = false, ioFailed = false, runtimeFailed = false
        let scripts = try ScriptLoader.expandingDirectories(files)
        guard !scripts.isEmpty else {
            Console.error("no .wave scripts in \(files.map(Console.visible).joined(separator: " "))")
            throw Exit.usage
        }
        for path in scripts {
            do {
                let (program, file) = try ScriptLoader.compile(path)
                var ok = "\(Console.visible(file.name)): ok (\(program.layerSummary), \(program.scene.width)x\(program.scene.height))"
                if let target { ok += try exportNote(program, file, path: path, target: target) }
                line(ok)
            } catch {
                if error == Exit.io { ioFailed = true } else if error == Exit.runtime { runtimeFailed = true } else { failed = true }
            }
        }
        if failed { throw Exit.script }
        if runtimeFailed { throw Exit.runtime }
        if ioFailed { throw Exit.io }
    }

    /// Bakes the script as an export to `target` would and prints the report's lines;
    /// returns the note for the `ok` line.
    static func exportNote(_ program: Program, _ file: SourceFile, path: String, target: ExportFormat) throws(Exit) -> String {
        let baker = Baker(program: program, source: file, name: PathName.stem(path), target: target)
        let scene: BakedScene
        do { scene = try baker.bake(ticks: 0..<(program.scene.durationTicks ?? 300)) } catch {
            throw Exit.report(error, source: file)
        }
        scene.report.lines.forEach { StandardError.write("wave: \($0)\n") }
        let notes = scene.report.entries.filter { $0.action != .baked }.count
        return notes == 0 ? "; \(target.displayName): exact" : "; \(target.displayName): \(notes) construct\(notes == 1 ? "" : "s") not exact (above)"
    }
}
