import WaveCompiler
import WaveRuntime
import WaveSyntax

/// Changing what the session declared: typing a declaration again (`layer heart: circle
/// { … }`, `var speed = 2`, `let k = …`, `func f(x) = …`, `scene …`) replaces the earlier one
/// in the session's script, and the scene is rebuilt from it and replayed to the current
/// tick, every input at the tick it was typed (as `:seek` does): the layer, variable or
/// function is as if declared so from the start.
extension ReplSession {
    /// The name `statement` declares at the top level (`scene` for the header), or nil.
    static func declaredName(_ statement: Stmt) -> String? {
        switch statement.kind {
        case .scene: return "scene"
        case .variable(_, let name, _): return name.name
        case .layer(let decl): return decl.name.name
        case .function(let name, _, _): return name.name
        default: return nil
        }
    }

    /// When `file` declares a name the session's script declares already, the session
    /// rebuilt with the new declaration in its place (and the input's other statements
    /// typed now), replayed to the current tick; nil for an input that redeclares nothing
    /// (or does not parse: the usual path reports it).
    func redeclaring(_ file: SourceFile) -> Outcome? {
        let parsed = Parser.parse(file)
        guard !parsed.diagnostics.hasErrors,
              parsed.statements.contains(where: { ReplSession.declaredName($0).flatMap(declarations.place(of:)) != nil }) else { return nil }
        var newDeclarations = declarations, newStatements = statements, replaced: [String] = []
        var typed: [Int: SourceRange] = [:]   // declarations of this input, by index, with their range in it
        for s in parsed.statements {
            let piece = file.text(of: s.range)
            if let name = ReplSession.declaredName(s) {
                if let i = declarations.place(of: name) {
                    newDeclarations.replace(at: i, with: piece)
                    replaced.append(name)
                    typed[i] = s.range
                } else {
                    typed[newDeclarations.texts.count] = s.range
                    newDeclarations.append(piece, declaring: name)
                }
            } else if case .expression = s.kind {
                continue
            } else {
                newStatements.append(Recorded(runtime.tick, piece, s.range))
            }
        }
        guard !replaced.isEmpty else { return nil }
        var outcome = Outcome(file: file)
        let before = (declarations, statements, environment)
        declarations = newDeclarations
        statements = newStatements
        let (text, _, declarationSpans) = scriptWithSpans(timeline: true)
        let rebuilt = source("<session>", text)
        let (program, diagnostics, newEnvironment) = Compiler.compileKeepingEnvironment(rebuilt)
        let errors = diagnostics.filter { $0.severity == .error }
        guard program != nil, errors.isEmpty else {
            (declarations, statements, environment) = before
            for e in errors {
                // In a declaration of this input: shown there, as any input's error is.
                let offset = e.range.start - rebuilt.base
                if let (i, range) = typed.first(where: { declarationSpans[$0.key].contains(offset) }) {
                    let shift = range.start - (rebuilt.base + declarationSpans[i].lowerBound)
                    var moved = e
                    moved.range = SourceRange(e.range.start + shift, e.range.end + shift)
                    moved.notes = e.notes.filter { declarationSpans[i].contains($0.range.start - rebuilt.base) }
                        .map { Diagnostic.Note($0.message, SourceRange($0.range.start + shift, $0.range.end + shift)) }
                    moved.fixIts = e.fixIts.map { Diagnostic.FixIt(SourceRange($0.range.start + shift, $0.range.end + shift), $0.replacement) }
                    outcome.diagnostics.append(moved)
                } else {
                    outcome.elsewhere.append((e, rebuilt))
                }
            }
            outcome.message = "the session does not compile with the new \(ReplSession.list(replaced)); it is unchanged"
            return outcome
        }
        let tick = runtime.tick
        do {
            try seek(to: tick)
        } catch let e as RuntimeError {
            (declarations, statements, environment) = before
            if let other = self.file(holding: e.range) { outcome.elsewhere.append((e.diagnostic, other)) } else { outcome.message = "error: \(e.description)" }
            return outcome
        } catch {
            // Ctrl-C during a long replay: nothing changed.
            (declarations, statements, environment) = before
            outcome.message = "the replay stopped (\(error)); the session is unchanged"
            outcome.stoppedReplay = true
            return outcome
        }
        environment = newEnvironment
        outcome.message = "redeclared \(ReplSession.list(replaced)): the session replayed from tick 0 to tick \(tick) with the new declaration"
        return outcome
    }

    static func list(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }

    /// For each assignment `L.P = value` in `parsed` whose property shows another value
    /// afterwards: a note that a running animation hides it (an assignment changes the model
    /// value under a running animation, not what it shows).
    func overridden(_ parsed: [Stmt], in file: SourceFile) -> [String] {
        var notes: [String] = []
        for s in parsed {
            guard case .assign(let target, "=", let value) = s.kind, case .member = target.kind else { continue }
            let name = file.text(of: target.range)
            guard let (shown, _) = Compiler.compileExpression(SourceFile(name: "", text: name), environment: environment),
                  let (assigned, _) = Compiler.compileExpression(SourceFile(name: "", text: file.text(of: value.range)), environment: environment),
                  !assigned.drawsRandom else { continue }
            var copy = runtime
            guard let a = try? copy.evaluate(assigned), let b = try? copy.evaluate(shown), !ReplSession.same(a, b) else { continue }
            notes.append("note: '\(name)' is being animated, so it still shows \(b.description): an assignment changes the value under a running "
                         + "animation, not what it shows (with the default fill the animation's final value then replaces it); to change "
                         + "what shows, animate it")
        }
        return notes
    }

    /// Equal values, numbers within rounding.
    static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(x - y) <= 1e-9 * max(1, abs(x))
        case (.point(let x1, let y1), .point(let x2, let y2)): return same(.number(x1), .number(x2)) && same(.number(y1), .number(y2))
        case (.number(let x), .point(let x2, let y2)): return same(.number(x), .number(x2)) && same(.number(x), .number(y2))
        default: return a == b
        }
    }
}
