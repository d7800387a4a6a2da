import ArgumentParser
import Foundation
import WaveCompiler
import WaveGraphics
import WaveSyntax

/// Exit codes are part of the interface: 0 ok, 64 usage, 65 script error, 70 runtime
/// error, 74 I/O error.
enum Exit {
    static let usage = ExitCode(64)
    static let script = ExitCode(65)
    static let runtime = ExitCode(70)
    static let io = ExitCode(74)
}

/// Standard error, with colour only when it is a terminal and NO_COLOR is unset.
enum Console {
    static var useColor: Bool {
        isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    static func error(_ message: String) {
        let label = useColor ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
        FileHandle.standardError.write(Data("wave: \(label) \(message)\n".utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    static func diagnostics(_ diagnostics: [Diagnostic], in file: SourceFile) {
        let formatter = DiagnosticFormatter(useColor: useColor)
        var text = ""
        for d in diagnostics { text += formatter.format(d, in: file) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        if errors > 0 { text += "\(errors) error\(errors == 1 ? "" : "s") in \(file.name)\n" }
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Reads and compiles scripts, printing diagnostics; failures become exit codes.
enum ScriptLoader {
    /// Largest script accepted, in bytes.
    static let maxScriptBytes = 16 << 20

    static func read(_ path: String) throws -> SourceFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
                Console.error("cannot read '\(path)': it is a directory")
            } else if FileManager.default.fileExists(atPath: path) {
                Console.error("cannot read '\(path)': permission denied")
            } else {
                Console.error("cannot read '\(path)': no such file")
            }
            throw Exit.io
        }
        guard data.count <= maxScriptBytes else {
            Console.error("\(path): script is too large (\(data.count) bytes; the limit is \(maxScriptBytes))")
            throw Exit.script
        }
        let bytes = [UInt8](data)
        if let bad = firstInvalidUTF8(bytes) {
            let prefix = SourceFile(name: path, text: String(decoding: bytes[0..<bad], as: UTF8.self))
            let (line, col) = prefix.location(of: prefix.bytes.count)
            Console.note("\(path):\(line):\(col): error[\(DiagnosticCode.invalidEncoding.code)]: the file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16)))")
            throw Exit.script
        }
        return SourceFile(name: path, text: String(decoding: bytes, as: UTF8.self))
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

    /// The given scripts, or every examples/*.wave when none are given (benchmarks).
    static func scriptsOrExamples(_ files: [String]) throws -> [String] {
        if !files.isEmpty { return files }
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: "examples")) ?? [])
            .filter { $0.hasSuffix(".wave") }.sorted().map { "examples/" + $0 }
        guard !examples.isEmpty else { Console.error("no scripts given and no examples/*.wave here"); throw Exit.usage }
        return examples
    }

    /// Compiles a file; prints its diagnostics; throws exit 65 on errors.
    static func compile(_ path: String, quietWarnings: Bool = false) throws -> (Program, SourceFile) {
        let file = try read(path)
        let (program, compiled) = Compiler.compile(file)
        let diagnostics = compiled + (program.map(fontWarnings) ?? [])
        let shown = quietWarnings ? diagnostics.filter { $0.severity == .error } : diagnostics
        if !shown.isEmpty { Console.diagnostics(shown, in: file) }
        guard let program else { throw Exit.script }
        return (program, file)
    }
}

/// Warnings for text layers whose font family is not installed: fontconfig substitutes
/// another face, so the script still runs, but it will not look as written.
func fontWarnings(_ program: Program) -> [Diagnostic] {
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
    }
    return out
}

/// `1.5s`, `500ms`, `90t` (ticks) or a plain number of seconds, as whole ticks.
struct TimeArgument: ExpressibleByArgument {
    let ticks: Int
    init?(argument: String) {
        let s = argument.trimmingCharacters(in: .whitespaces)
        var number = s, factor = 60.0
        if s.hasSuffix("ms") { number = String(s.dropLast(2)); factor = 0.06 }
        else if s.hasSuffix("s") { number = String(s.dropLast()); factor = 60 }
        else if s.hasSuffix("t") { number = String(s.dropLast()); factor = 1 }
        guard let v = Double(number), v.isFinite, v >= 0, v * factor <= Double(Compiler.maxTicks) else { return nil }
        ticks = Int((v * factor).rounded())
    }
    static var defaultValueDescription: String { "a time: 1.5s, 500ms or 90t (ticks)" }
}
