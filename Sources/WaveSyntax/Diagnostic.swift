/// Diagnostics are values: every stage appends them and keeps going; only the command line prints.
/// Guarantees: the severity agrees with the code (`W…` codes are warnings, `E…` errors).
public struct Diagnostic: Sendable, Equatable {
    public enum Severity: String, Sendable { case error, warning, note }
    public var severity: Severity
    /// The stable catalogue entry; react to this, never to `message`.
    public var code: DiagnosticCode
    public var message: String
    public var range: SourceRange
    /// Extra located remarks ("'{' opened here").
    public var notes: [Note]

    public struct Note: Sendable, Equatable {
        public var message: String
        public var range: SourceRange
        public init(_ message: String, _ range: SourceRange) { self.message = message; self.range = range }
    }

    public init(_ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Note] = []) {
        self.severity = code.isWarning ? .warning : .error
        self.code = code; self.message = message; self.range = range; self.notes = notes
    }
    /// An error; the code decides the severity, so pass an `E` code.
    public static func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Note] = []) -> Diagnostic {
        Diagnostic(code, message, at: range, notes: notes)
    }
    /// A warning; the code decides the severity, so pass a `W` code.
    public static func warning(_ code: DiagnosticCode, _ message: String, at range: SourceRange) -> Diagnostic {
        Diagnostic(code, message, at: range)
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
}

/// Formats diagnostics rustc-style as `file:line:col: error[E0202]: message`, the source
/// line, and a caret line; notes follow as `file:line:col: note: message`.
public struct DiagnosticFormatter: Sendable {
    public var useColor: Bool
    public init(useColor: Bool) { self.useColor = useColor }

    public func format(_ d: Diagnostic, in file: SourceFile) -> String {
        var out = formatOne(severity: d.severity.rawValue, code: d.code.code, message: d.message, range: d.range, in: file)
        for note in d.notes {
            out += formatOne(severity: "note", code: nil, message: note.message, range: note.range, in: file)
        }
        return out
    }

    private func formatOne(severity: String, code: String?, message: String, range: SourceRange, in file: SourceFile) -> String {
        let (line, column) = file.location(of: range.start)
        let head = code.map { "\(severity)[\($0)]" } ?? severity
        let label: String
        if useColor {
            let sgr = severity == "error" ? "31" : severity == "warning" ? "35" : "36"
            label = "\u{1B}[1;\(sgr)m\(head):\u{1B}[0m"
        } else {
            label = "\(head):"
        }
        var out = "\(file.name):\(line):\(column): \(label) \(message)\n"
        let text = file.lineText(line)
        guard !text.isEmpty || range.start < file.bytes.count else { return out }
        let shown = text.replacingTabs()
        out += "  \(shown)\n"
        // Caret width: the range's characters on this line, at least one.
        let (endLine, endColumn) = file.location(of: range.end)
        let width = endLine == line ? max(1, endColumn - column) : max(1, text.count - column + 1)
        let pad = String(repeating: " ", count: max(0, column - 1))
        let marks = "^" + String(repeating: "~", count: max(0, width - 1))
        out += "  \(pad)\(useColor ? "\u{1B}[1;32m\(marks)\u{1B}[0m" : marks)\n"
        return out
    }
}

extension String {
    /// Tabs become single spaces so that caret columns (counted in characters) line up.
    func replacingTabs() -> String { String(map { $0 == "\t" ? " " : $0 }) }
}
