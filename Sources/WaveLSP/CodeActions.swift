import Foundation
import WaveSyntax

/// An edit that fixes a diagnostic: replace `range` with `replacement`.
public struct TextFix: Sendable, Equatable {
    public var title: String
    public var range: SourceRange
    public var replacement: String
    public init(title: String, range: SourceRange, replacement: String) {
        self.title = title; self.range = range; self.replacement = replacement
    }
}

/// Where code actions come from: the fix-its a diagnostic carries. The server asks this
/// for every diagnostic under the cursor; the default reads `Diagnostic.fixIts`.
public protocol FixItProvider: Sendable {
    func fixes(for diagnostic: Diagnostic, in file: SourceFile) -> [TextFix]
}

/// The fix-its diagnostics carry as data.
public struct DiagnosticFixes: FixItProvider {
    public init() {}
    public func fixes(for diagnostic: Diagnostic, in file: SourceFile) -> [TextFix] {
        DiagnosticFixes.fromDiagnostic(diagnostic)
    }

    /// The diagnostic's own fix-its, titled by its help line when it has one ("replace
    /// 'ovr' with 'over'", "add '}' to close it"), else by what they write, without the
    /// line breaks an editor's menu would show raw.
    static func fromDiagnostic(_ d: Diagnostic) -> [TextFix] {
        d.fixIts.map { fix in
            let written = fix.replacement.trimmingCharacters(in: .whitespacesAndNewlines)
            let title = d.help ?? (fix.replacement.isEmpty ? "delete it" : written.isEmpty ? "insert a line break" : "write '\(written)'")
            return TextFix(title: title, range: fix.range, replacement: fix.replacement)
        }
    }
}

/// `textDocument/codeAction`: a quick fix for each fix-it of each diagnostic the range touches.
enum CodeActions {
    static func actions(_ analysis: Analysis, range: SourceRange, uri: String, provider: FixItProvider,
                        mapper: PositionMapper, diagnosticJSON: (Diagnostic) -> JSON) -> [JSON] {
        var out: [JSON] = []
        for d in analysis.checked.diagnostics where d.range.start <= range.end && range.start <= d.range.end {
            for fix in provider.fixes(for: d, in: analysis.file) {
                let edit: JSON = ["range": mapper.range(fix.range), "newText": fix.replacement]
                out.append(["title": fix.title, "kind": "quickfix", "diagnostics": [diagnosticJSON(d)],
                            "isPreferred": true, "edit": ["changes": [uri: [edit]]]])
            }
        }
        return out
    }
}
