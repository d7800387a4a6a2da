import Foundation
import WaveSinks
import WaveSyntax

/// Standard error, with colour only when it is a terminal and NO_COLOR is unset. The
/// application's one voice for errors, notes and diagnostics.
public enum Console {
    public static var useColor: Bool {
        let env = ProcessInfo.processInfo.environment
        return isatty(STDERR_FILENO) == 1 && env["TERM"] != "dumb" && (env["NO_COLOR"].map(\.isEmpty) ?? true)
    }

    public static func error(_ message: String) {
        let label = useColor ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
        write("wave: \(label) \(visible(message))\n")
    }

    /// `text` with control characters other than newline and tab shown as `\u{1b}`: a file
    /// name quoted in a message cannot drive the terminal.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            if isControl(u) { out.append(contentsOf: "\\u{\(String(u.value, radix: 16))}".unicodeScalars) } else { out.append(u) }
        }
        return String(out)
    }

    private static func isControl(_ u: Unicode.Scalar) -> Bool {
        (u.value < 0x20 && u != "\n" && u != "\t") || (0x7F...0x9F).contains(u.value)
    }

    public static func note(_ message: String) { write("\(message)\n") }

    /// `text` as one word of a shell command to copy: as it is when it has only characters
    /// no shell treats specially, else in single quotes (a quote inside as '\'').
    public static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_./=:,+%@".unicodeScalars.contains($0)
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    public static func diagnostics(_ diagnostics: [Diagnostic], in file: SourceFile) {
        let formatter = DiagnosticFormatter(useColor: useColor)
        var text = formatter.format(all: diagnostics, in: file)
        let errors = diagnostics.filter { $0.severity == .error }.count
        if errors > 0 { text += "\(errors) error\(errors == 1 ? "" : "s") in \(file.name)\n" }
        write(text)
    }

    /// A script that could not be read: located (`file:line:col: error: …`) when the
    /// problem has a place in the file, else a plain error.
    public static func report(_ e: ScriptReadError) {
        if let located = e.locatedLine {
            write(visible(located) + "\n")
        } else {
            error(e.message)
        }
    }

    static func write(_ text: String) { StandardError.write(text) }
}
