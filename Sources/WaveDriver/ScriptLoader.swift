import Foundation
import WaveSinks
import WaveCompiler
import WaveGeometry
import WaveGraphics
import WaveSyntax

/// A script that could not be read, and why.
public struct ScriptReadError: Error, Equatable, Sendable {
    public let path: String
    public let message: String
    /// Line and column of the problem in the file, when it has one (bad UTF-8).
    public let location: (line: Int, column: Int)?
    /// 74 when the file cannot be read, 65 when its contents are not a script.
    public let exit: Exit

    /// The located form, `file:line:col: error[E0008]: …`, when the problem has a place in
    /// the file; nil otherwise.
    public var locatedLine: String? {
        location.map { "\(path):\($0.line):\($0.column): error[\(DiagnosticCode.invalidEncoding.code)]: \(message)" }
    }

    public static func == (a: ScriptReadError, b: ScriptReadError) -> Bool {
        a.path == b.path && a.message == b.message && a.exit == b.exit
            && a.location?.line == b.location?.line && a.location?.column == b.location?.column
    }
}

/// The one way a script gets read: from a file, or from standard input for `-`; the size
/// limit and the UTF-8 check apply to every caller (commands, `--watch`, the REPL).
public enum ScriptReader {
    /// Largest script accepted, in bytes.
    public static let maxScriptBytes = 16 << 20

    /// The script at `path` (`-`: standard input). Anything that can be opened and read to
    /// its end works: a file, a pipe or FIFO, `/dev/stdin`. Reading stops one byte past the
    /// size limit, so an endless stream is refused instead of filling memory.
    public static func read(_ path: String) throws(ScriptReadError) -> SourceFile {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, fd: path == "-" ? STDIN_FILENO : nil, limit: maxScriptBytes) } catch {
            throw ScriptReadError(path: path, message: "cannot read '\(path)': \(error.reason)", location: nil, exit: .io)
        }
        let name = path == "-" ? "<stdin>" : path
        guard bytes.count <= maxScriptBytes else {
            throw ScriptReadError(path: name, message: "\(name): script is too large (more than \(maxScriptBytes) bytes)",
                                  location: nil, exit: .script)
        }
        if let bad = firstInvalidUTF8(bytes) {
            let prefix = SourceFile(name: name, text: String(decoding: bytes[0..<bad], as: UTF8.self))
            let (line, column) = prefix.location(of: prefix.bytes.count)
            throw ScriptReadError(path: name, message: "the file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16)))",
                                  location: (line, column), exit: .script)
        }
        return SourceFile(name: name, text: String(decoding: bytes, as: UTF8.self))
    }

    /// Offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let n: Int
            if b < 0x80 { i += 1; continue }
            else if b & 0xE0 == 0xC0 && b >= 0xC2 { n = 1 }
            else if b & 0xF0 == 0xE0 { n = 2 }
            else if b & 0xF8 == 0xF0 && b <= 0xF4 { n = 3 }
            else { return i }
            guard i + n < bytes.count else { return i }
            for k in 1...n where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += n + 1
        }
        return nil
    }
}

/// Reads and compiles scripts for the commands, printing diagnostics; failures become
/// `Exit` statuses.
public enum ScriptLoader {
    /// Whether image sources must be files inside the script's folder (see `ImageLoader`):
    /// on when `WAVE_CONFINE=1`; the language server turns it on for every document.
    nonisolated(unsafe) public static var confinesImageSources = ProcessInfo.processInfo.environment["WAVE_CONFINE"] == "1"

    /// A message when `WAVE_CONFINE` is set to something other than 0 or 1.
    public static func confinementProblem(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let s = environment["WAVE_CONFINE"], s != "0", s != "1" else { return nil }
        return "WAVE_CONFINE='\(s)' is not a setting: give 1 (image sources only inside the script's folder) or 0"
    }

    /// Reads a script, printing why it cannot be read.
    public static func read(_ path: String) throws(Exit) -> SourceFile {
        do { return try ScriptReader.read(path) } catch {
            Console.report(error)
            throw error.exit
        }
    }

    /// The scripts named, each directory replaced by its *.wave files (sorted; `wave check
    /// DIR`, `wave test DIR`). Exits 74 when a directory cannot be read.
    public static func expandingDirectories(_ paths: [String]) throws(Exit) -> [String] {
        var out: [String] = []
        for p in paths {
            var isDir: ObjCBool = false
            guard p != "-", FileManager.default.fileExists(atPath: p, isDirectory: &isDir), isDir.boolValue else {
                out.append(p)
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: p) else {
                Console.error("cannot read directory '\(Console.visible(p))'")
                throw .io
            }
            out += names.filter { $0.hasSuffix(".wave") }.sorted().map { PathName.joining(p, $0) }
        }
        return out
    }

    /// The given scripts, or every examples/*.wave when none are given (benchmarks).
    public static func scriptsOrExamples(_ files: [String]) throws(Exit) -> [String] {
        if !files.isEmpty { return files }
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: "examples")) ?? [])
            .filter { $0.hasSuffix(".wave") }.sorted().map { "examples/" + $0 }
        guard !examples.isEmpty else { Console.error("no scripts given and no examples/*.wave here"); throw .usage }
        return examples
    }

    /// What `wave check` reports for a script: the compiler's diagnostics and, when it
    /// compiles, the font warnings. The language server publishes exactly these.
    public static func check(_ file: SourceFile) -> (Program?, [Diagnostic]) {
        var (program, compiled) = Compiler.compile(file)
        if var loaded = program, loaded.layers.contains(where: { $0.kind == .image }) {
            let problems = ImageLoader.load(&loaded, scriptName: file.name)
            compiled += problems
            program = problems.isEmpty ? loaded : nil
        } else if program == nil, file.text.contains("image") {
            // Broken image files are reported with the script's other errors, in order.
            let problems = ImageLoader.checkLiteralSources(of: Parser.parse(file))
            if !problems.isEmpty {
                compiled = (compiled + problems).enumerated().sorted {
                    ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset)
                }.map(\.element)
            }
        }
        return (program, compiled + (program.map(fontWarnings) ?? []))
    }

    /// Compiles a file; prints its diagnostics; throws `Exit.script` on errors.
    public static func compile(_ path: String, quietWarnings: Bool = false) throws(Exit) -> (Program, SourceFile) {
        let file = try read(path)
        let (program, diagnostics) = check(file)
        let shown = quietWarnings ? diagnostics.filter { $0.severity == .error } : diagnostics
        if !shown.isEmpty { Console.diagnostics(shown, in: file) }
        guard let program else { throw .script }
        return (program, file)
    }
}

/// Warnings for text layers whose font family is not installed (fontconfig substitutes
/// another face, so the script still runs, but it will not look as written) or whose
/// constant text has characters the face lacks.
public func fontWarnings(_ program: Program) -> [Diagnostic] {
    var out: [Diagnostic] = []
    for layer in program.layers where layer.kind == .text {
        var font = "sans"
        if let e = layer.properties[.font] {
            guard case .constant(.string(let f)) = e else { continue }
            font = f
        }
        let descriptor = FontDescriptor.parse(font)
        guard let match = try? FontLibrary.shared.resolve(descriptor) else {
            out.append(.warning(.missingFont, "no font can be loaded for '\(font)'; text in layer '\(layer.name)' will not show", at: layer.range))
            continue
        }
        if !match.isExactFamily {
            out.append(.warning(.substitutedFont, "font family '\(descriptor.family)' is not installed; layer '\(layer.name)' uses '\(match.family)' instead", at: layer.range))
        }
        if case .constant(.string(let text)) = layer.properties[.text], text.unicodeScalars.contains(where: isRightToLeft) {
            out.append(.warning(.rightToLeft, "the text of layer '\(layer.name)' has right-to-left letters: wave lays text out left to right, "
                                + "one character after another, without reordering or joining them", at: layer.propertyRanges[.text] ?? layer.range))
        }
        if case .constant(.string(let text)) = layer.properties[.text],
           let missing = try? FontLibrary.shared.missingCharacters(in: text, font: descriptor), !missing.isEmpty {
            let list = Diagnostic.list(missing.map { "'\(visibleForm($0))'" }, limit: 5)
            out.append(.warning(.missingGlyph, "font '\(match.family)' has no glyph for \(list) in layer '\(layer.name)': \(missing.count == 1 ? "it draws" : "each draws") as an empty box",
                                at: layer.propertyRanges[.text] ?? layer.range))
        }
    }
    return out
}

/// Whether `u` is a letter of a right-to-left script (Unicode's blocks for Hebrew, Arabic,
/// Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation forms).
func isRightToLeft(_ u: Unicode.Scalar) -> Bool {
    switch u.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return u.properties.isAlphabetic
    default: return false
    }
}

/// A character as a message shows it: itself, or `\u{E000}` for one with no visible form of
/// its own (private use, unassigned, format and control code points).
func visibleForm(_ c: Character) -> String {
    c.unicodeScalars.map { u in
        switch u.properties.generalCategory {
        case .privateUse, .unassigned, .format, .control, .surrogate: return "\\u{\(String(u.value, radix: 16, uppercase: true))}"
        default: return String(u)
        }
    }.joined()
}
