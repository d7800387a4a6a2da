import Foundation
import WaveCompiler
import WaveSinks
import WaveSyntax

/// `wave fmt`: scripts rewritten in canonical layout (`ScriptFormatter`), each changed
/// file replaced atomically; with `check`, nothing written and a diff of each file that
/// would change. Ends with the worst failure's `Exit`: 65 a script error, 74 an I/O
/// error, 1 a file `check` found unformatted.
public struct Reformat {
    /// Scripts to format; `-` is standard input, formatted onto standard output.
    public var files: [String]
    /// Write nothing; give the diffs instead.
    public var check = false

    /// Formatting of `files`.
    public init(files: [String], check: Bool = false) {
        self.files = files
        self.check = check
    }

    /// Formats every file; `write` gets the text for standard output.
    public func run(write: (String) -> Void) throws {
        var scriptFailed = false, ioFailed = false, unformatted = false
        for path in files {
            do {
                let file = try ScriptLoader.read(path)
                switch ScriptFormatter.format(file) {
                case .failed(let reasons):
                    // Show what `wave check` shows for the script, and why it was not formatted
                    // if that is not among it.
                    let (_, checked) = Compiler.compile(file)
                    let shown = Set(checked)
                    Console.diagnostics(checked + reasons.filter { !shown.contains($0) }, in: file)
                    scriptFailed = true
                case .formatted(let text):
                    if path == "-", !check {
                        // Standard input in, the formatted script out: never a file named '-'.
                        try StandardOutput.write(Array(text.utf8))
                        continue
                    }
                    guard Array(text.utf8) != file.bytes else { continue }
                    if check {
                        write(ScriptFormatter.unifiedDiff(from: file.text, to: text, name: path))
                        unformatted = true
                    } else {
                        try Reformat.rewrite(path, with: text)
                        write("formatted \(path)\n")
                    }
                }
            } catch {
                if Exit.report(error, source: nil) == Exit.io { ioFailed = true } else { scriptFailed = true }
            }
        }
        if scriptFailed { throw Exit.script }
        if ioFailed { throw Exit.io }
        if unformatted { throw Exit(1) }
    }

    /// Replaces a script atomically, keeping its permissions; through a symbolic link, the
    /// file it points to is replaced and the link kept.
    static func rewrite(_ path: String, with text: String) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let permissions = try? FileManager.default.attributesOfItem(atPath: target)[.posixPermissions]
        try AtomicFile.write(Array(text.utf8), to: target)
        if let permissions {
            try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: target)
        }
    }
}
