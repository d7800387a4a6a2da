import Foundation
import WaveCompiler
import WaveGeometry
import WaveGraphics
import WaveRuntime
import WaveSyntax

/// A live-editing session: each line typed is compiled against everything typed before and
/// applied to the running scene at the current tick, without resetting the clock.
///
/// The session also keeps a script of what was applied, with statements typed after tick 0
/// wrapped in `at Nt { … }`, so `:save` writes a script that reproduces the live scene.
public final class ReplSession {
    public private(set) var environment = Environment()
    public private(set) var runtime: SceneRuntime
    /// Declarations in the order typed (they hold at every tick).
    var declarations: [String] = []
    /// Statements with the tick they were applied at.
    var statements: [(tick: Int, text: String)] = []
    public var isPaused = false
    public var speed = 1.0
    var inputCount = 0
    /// Every text the running scene was compiled from (inputs, loaded files, the rebuilt
    /// session), each with its own stretch of source offsets, so a runtime error's range
    /// says which one it is in.
    var sources: [SourceFile] = []
    var nextBase = 1

    /// A source file for `text` whose offsets follow every earlier one's.
    func source(_ name: String, _ text: String) -> SourceFile {
        let file = SourceFile(name: name, text: text, base: nextBase)
        nextBase += file.bytes.count + 1
        sources.append(file)
        if sources.count > 10_000 { sources.removeFirst(sources.count - 10_000) }
        return file
    }

    /// The input (or file) a runtime error's range lies in, if it is still known.
    public func file(holding range: SourceRange) -> SourceFile? {
        range == .none ? nil : sources.last { $0.holds(range) }
    }

    /// A runtime error as `wave check` prints errors: located in its input when known.
    public func describe(_ e: RuntimeError, useColor: Bool) -> String {
        guard let file = file(holding: e.range) else { return "error: \(e.description)" }
        return DiagnosticFormatter(useColor: useColor).format(e.diagnostic, in: file).trimmingCharacters(in: .newlines)
    }

    public init() throws {
        runtime = try SceneRuntime(program: Program())
    }

    /// What one input produced: values to print and diagnostics against the input text.
    public struct Outcome {
        public var printed: [String] = []
        public var diagnostics: [Diagnostic] = []
        public var file: SourceFile
        public var message: String?
        /// Diagnostics located in another text than `file` (a runtime error raised in an
        /// earlier input's handler or layer while applying this one).
        public var elsewhere: [(Diagnostic, SourceFile)] = []
    }

    /// How far `line` opens (positive) or closes `{`, `(` and `[`, and whether it leaves a
    /// string open. Strings and comments end with their line, so a block's depth is the sum
    /// over its lines: each line is read once, however long the block grows.
    public static func nesting(of line: String) -> (change: Int, unterminated: Bool) {
        var depth = 0
        for t in Lexer.tokenize(SourceFile(name: "", text: line)) {
            if case .error(.unterminatedString, _) = t.kind { return (depth, true) }
            if t.isPunct("{") || t.isPunct("(") || t.isPunct("[") { depth += 1 }
            if t.isPunct("}") || t.isPunct(")") || t.isPunct("]") { depth -= 1 }
        }
        return (depth, false)
    }

    /// Compiles and applies one input (a declaration, a statement or a bare expression).
    public func submit(_ text: String) -> Outcome {
        inputCount += 1
        let file = source("<input \(inputCount)>", text)
        var outcome = Outcome(file: file)
        let (increment, diagnostics, newEnvironment) = Compiler.compileKeepingEnvironment(file, environment: environment, printsValues: true)
        outcome.diagnostics = diagnostics.filter { $0.code != .unusedVariable && $0.code != .unspawnedTemplate }
        guard let increment else { return outcome }
        let before = runtime
        runtime.printed = []
        do {
            try runtime.apply(increment)
        } catch let e as RuntimeError {
            runtime = before
            if let other = self.file(holding: e.range), other.base != file.base {
                outcome.elsewhere.append((e.diagnostic, other))
            } else {
                outcome.diagnostics.append(e.diagnostic)
            }
            return outcome
        } catch {
            runtime = before
            outcome.message = "\(error)"
            return outcome
        }
        environment = newEnvironment
        outcome.printed = runtime.printed
        record(file, Parser.parse(file).statements)
        return outcome
    }

    /// Remembers what was applied for `:save`, `:reset` and `:seek`: declarations as typed,
    /// other statements tagged with their tick. Bare expressions are not kept.
    func record(_ source: SourceFile, _ parsed: [Stmt]) {
        for s in parsed {
            let piece = source.text(of: s.range)
            switch s.kind {
            case .scene, .variable, .layer, .function: declarations.append(piece)
            case .expression: continue
            default: statements.append((runtime.tick, piece))
            }
        }
    }

    /// The session as a clean script that `wave check` accepts: the timeline, each
    /// statement wrapped in `at Nt { }` at the tick it was typed, so every frame of the
    /// session renders again at its tick (its `# golden:` line names the tick saved at).
    public var script: String { script(timeline: true) }

    /// With `timeline` false, every statement runs at tick 0, in the order typed: the
    /// session's final set-up from the start (what `:save --now` writes), so the script's
    /// first frames already show everything typed.
    public func script(timeline: Bool) -> String {
        var out = "# saved from a wave repl session at tick \(runtime.tick)\n"
        if timeline { out += "# golden: \(runtime.tick)\n" }
        for d in declarations { out += d + "\n" }
        for (tick, s) in statements {
            if tick == 0 || !timeline { out += s + "\n" }
            else if let shifted = ReplSession.emitStarting(s, after: tick) { out += shifted + "\n" }
            else { out += "at \(tick)t {\n" + s.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n}\n" }
        }
        return out
    }

    /// An `emit` block typed at `tick`, as one at the top level that starts emitting then:
    /// its `begin` moved on by `tick` ticks (an `emit` cannot stand inside `at Nt { }`).
    /// Nil when `statement` is not an emit block.
    static func emitStarting(_ statement: String, after tick: Int) -> String? {
        let file = SourceFile(name: "", text: statement)
        guard let first = Parser.parse(file).statements.first, case .emit(_, _, let clauses) = first.kind else { return nil }
        if let begin = clauses.first(where: { $0.head.name == "begin" }), let value = begin.value {
            let r = value.range
            let text = Array(statement.utf8)
            return String(decoding: text[..<r.start], as: UTF8.self) + "(\(file.text(of: r))) + \(tick)t"
                + String(decoding: text[r.end...], as: UTF8.self)
        }
        guard let brace = statement.firstIndex(of: "{") else { return nil }
        let after = statement.index(after: brace)
        return String(statement[..<after]) + " begin \(tick)t " + String(statement[after...])
    }

    /// Advances the clock by one tick unless paused or stopped.
    public func tick() throws {
        guard !isPaused else { return }
        try runtime.step()
    }

    /// Advances `n` ticks even while paused (`:step`).
    public func step(_ n: Int) throws {
        for _ in 0..<n { try runtime.step() }
    }

    /// Rebuilds the scene from the session script and seeks to `tick`.
    public func seek(to tick: Int) throws {
        let file = source("<session>", script)
        let (program, diagnostics) = Compiler.compile(file)
        guard let program else {
            throw RuntimeError(.sessionBroken, "the session no longer compiles: \(diagnostics.first?.message ?? "")", .none, tick: runtime.tick)
        }
        runtime = try SceneRuntime.seek(program, to: tick)
    }

    /// Replaces the session with a script file's contents. With `keepingTick` (`:watch`),
    /// the new version is carried to the current tick without replaying it
    /// (`SceneRuntime.reload`): variables and layer properties the edit left alone keep
    /// their live values.
    public func load(_ text: String, name: String, keepingTick: Bool = false) -> Outcome {
        let file = source(name, text)
        var outcome = Outcome(file: file)
        let (program, diagnostics, env) = Compiler.compileKeepingEnvironment(file)
        outcome.diagnostics = diagnostics.filter { $0.severity == .error }
        guard let program else { return outcome }
        do {
            runtime = keepingTick ? try SceneRuntime.reload(program, keeping: runtime) : try SceneRuntime(program: program)
        } catch let e as RuntimeError {
            outcome.diagnostics.append(e.diagnostic)
            return outcome
        } catch {
            outcome.message = "\(error)"
            return outcome
        }
        environment = env
        declarations = []
        statements = []
        // Keep the loaded file as the session's script: split it into statements.
        for s in Parser.parse(file).statements {
            let piece = file.text(of: s.range)
            switch s.kind {
            case .scene, .variable, .layer, .function: declarations.append(piece)
            default: statements.append((0, piece))
            }
        }
        outcome.message = "loaded \(name): \(program.layerSummary)"
        return outcome
    }
}
