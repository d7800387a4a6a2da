/// Diagnostics are values: every stage appends them and keeps going; only the command line prints.
/// Guarantees: the severity agrees with the code (`W…` codes are warnings, `E…` errors).
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable { case error, warning, note }
    public var severity: Severity
    /// The stable catalogue entry; react to this, never to `message`.
    public var code: DiagnosticCode
    public var message: String
    public var range: SourceRange
    /// Extra located remarks ("'{' opened here").
    public var notes: [Note]
    /// How to fix it, in words; printed as a `help:` line under the caret.
    public var help: String?
    /// Edits that fix it, as data an editor's code action can apply (the LSP server reads
    /// these). Ranges are byte ranges of the same file; applied together, in any order.
    public var fixIts: [FixIt] = []
    /// The parser read the input as the fix has it (`after 1s` as `delay 1s`), so the
    /// statement is whole and its other mistakes can still be reported.
    public var readAsMeant = false

    /// One edit: replace `range` (empty: insert at its start) with `replacement`.
    public struct FixIt: Sendable, Hashable {
        public var range: SourceRange
        public var replacement: String
        public init(_ range: SourceRange, _ replacement: String) { self.range = range; self.replacement = replacement }
    }

    public struct Note: Sendable, Hashable {
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

    /// The same diagnostic with a help line and, optionally, the edit that applies it.
    public func with(help: String?, fix: FixIt? = nil) -> Diagnostic {
        var d = self
        if let help { d.help = help }
        if let fix { d.fixIts.append(fix) }
        return d
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
}

/// Formats diagnostics rustc-style as `file:line:col: error[E0202]: message`, the source
/// line, and a caret line; notes follow as `file:line:col: note: message`.
extension Diagnostic {
    /// "'a', 'b', 'c' and 2 more": the first `limit` items of a list a message names.
    public static func list(_ items: [String], limit: Int) -> String {
        items.prefix(limit).joined(separator: ", ") + (items.count > limit ? " and \(items.count - limit) more" : "")
    }
}

public struct DiagnosticFormatter: Sendable {
    public var useColor: Bool
    public init(useColor: Bool) { self.useColor = useColor }

    /// Most diagnostics printed for one file; the rest are counted in one closing line.
    public static let maxShown = 50
    /// Longest stretch of a source line shown; a longer line is cut around the caret.
    public static let maxLineShown = 120

    /// Formats the first `maxShown` diagnostics, then "… N more errors and M more warnings
    /// not shown". Linear in the number of diagnostics and in the lines shown.
    public func format(all diagnostics: [Diagnostic], in file: SourceFile) -> String {
        var out = ""
        for d in diagnostics.prefix(DiagnosticFormatter.maxShown) { out += format(d, in: file) }
        let rest = diagnostics.dropFirst(DiagnosticFormatter.maxShown)
        if !rest.isEmpty {
            let e = rest.filter { $0.severity == .error }.count, w = rest.count - e
            var parts: [String] = []
            if e > 0 { parts.append("\(e) more error\(e == 1 ? "" : "s")") }
            if w > 0 { parts.append("\(w) more warning\(w == 1 ? "" : "s")") }
            out += "\(file.name): \(parts.joined(separator: " and ")) not shown (only the first \(DiagnosticFormatter.maxShown) are printed)\n"
        }
        return out
    }

    public func format(_ d: Diagnostic, in file: SourceFile) -> String {
        var out = formatOne(severity: d.severity.rawValue, code: d.code.code, message: d.message, range: d.range, in: file)
        if let help = d.help {
            out += "  \(useColor ? "\u{1B}[1;36mhelp:\u{1B}[0m" : "help:") \(help.visible)\n"
        }
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
        var out = "\(file.name.visible):\(line):\(column): \(label) \(message.visible)\n"
        let text = file.lineText(line)
        guard !text.isEmpty || range.start - file.base < file.bytes.count else { return out }
        // The line as shown: tabs as one space, invisible and control characters escaped,
        // so the script cannot drive the terminal; caret offsets are counted in shown text.
        let chars = Array(text.unicodeScalars)   // columns count scalars, as `location(of:)` does
        let (endLine, endColumn) = file.location(of: range.end)
        let caretStart = min(max(0, column - 1), chars.count)
        let caretEnd = endLine == line ? max(caretStart + 1, endColumn - 1) : max(chars.count, caretStart + 1)
        // A long line is cut to a window around the caret.
        let limit = DiagnosticFormatter.maxLineShown
        var from = 0, to = chars.count
        if chars.count > limit {
            from = max(0, min(caretStart - limit / 3, chars.count - limit))
            to = min(chars.count, from + limit)
        }
        func shown(_ a: Int, _ b: Int) -> String {
            let lo = max(from, min(a, to)), hi = max(lo, min(b, to))
            var part = String.UnicodeScalarView()
            part.append(contentsOf: chars[lo..<hi])
            return String(part).replacingTabs().visible
        }
        let lead = from > 0 ? "…" : "", tail = to < chars.count ? "…" : ""
        out += "  \(lead)\(shown(from, to))\(tail)\n"
        let pad = String(repeating: " ", count: lead.count + shown(from, caretStart).unicodeScalars.count)
        let width = max(1, shown(caretStart, caretEnd).unicodeScalars.count)
        let marks = "^" + String(repeating: "~", count: max(0, width - 1))
        out += "  \(pad)\(useColor ? "\u{1B}[1;32m\(marks)\u{1B}[0m" : marks)\n"
        return out
    }
}

extension String {
    /// Tabs become single spaces so that caret columns (counted in characters) line up.
    func replacingTabs() -> String { String(map { $0 == "\t" ? " " : $0 }) }

    /// The text safe to print on a terminal: control characters (ESC, CR, NUL, C1 …) and
    /// invisible ones (BOM, zero-width and bidirectional marks) become `\u{1B}` escapes.
    public var visible: String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar.isInvisibleOrControl { out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" }
            else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}

extension Unicode.Scalar {
    /// C0 and C1 controls, DEL, and characters that print as nothing or reorder text.
    var isInvisibleOrControl: Bool {
        let v = value
        return v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0xFEFF || v == 0xAD
            || (v >= 0x200B && v <= 0x200F) || (v >= 0x2028 && v <= 0x202E) || (v >= 0x2060 && v <= 0x2069)
    }
}
