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
    public internal(set) var environment = Environment()
    public internal(set) var runtime: SceneRuntime
    /// Declarations in the order typed (they hold at every tick).
    var declarations = DeclarationList()
    /// Statements with the tick they were applied at, and where they were typed (or loaded
    /// from), so a handler stopped after an error can be left out of the script.
    var statements: [Recorded] = []
    /// Handlers stopped by the clock since the controller last reported them.
    public internal(set) var stoppedHandlers: [StoppedHandler] = []
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
        /// Remarks on what the input did (an assignment a running animation hides).
        public var notes: [String] = []
        /// A replay the input started was stopped (Ctrl-C): the interrupt is dealt with.
        public var stoppedReplay = false
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
        if let replayed = redeclaring(file) { return replayed }
        var outcome = Outcome(file: file)
        // The environment goes to the compiler to be extended in place, and is cut back to
        // the mark when the input fails (keeping a copy would cost the whole session).
        let mark = environment.mark()
        let (increment, diagnostics, compiled) = Compiler.compileKeepingEnvironment(file, environment: takeEnvironment(), printsValues: true)
        environment = compiled
        outcome.diagnostics = diagnostics.filter { $0.code != .unusedVariable && $0.code != .unspawnedTemplate }
        guard let increment else {
            environment.rollBack(to: mark)
            return outcome
        }
        runtime.printed = []
        do {
            try runtime.applyOrKeep(increment)
        } catch let e as RuntimeError {
            environment.rollBack(to: mark)
            if let other = self.file(holding: e.range), other.base != file.base {
                outcome.elsewhere.append((e.diagnostic, other))
            } else {
                outcome.diagnostics.append(e.diagnostic)
            }
            return outcome
        } catch {
            environment.rollBack(to: mark)
            outcome.message = "\(error)"
            return outcome
        }
        outcome.printed = runtime.printed
        let parsed = Parser.parse(file).statements
        record(file, parsed)
        outcome.notes = overridden(parsed, in: file)
        return outcome
    }

    /// The session's environment, given up: left empty here, so the compiler holds the
    /// only reference and extends it without copying.
    func takeEnvironment() -> Environment {
        var given = ReplSession.vacant
        swap(&given, &environment)
        return given
    }

    /// An empty environment, made once (making one reads the process's environment).
    private static let vacant = Environment()

    /// Remembers what was applied for `:save`, `:reset` and `:seek`: declarations as typed,
    /// other statements tagged with their tick. Bare expressions are not kept.
    func record(_ source: SourceFile, _ parsed: [Stmt]) {
        for s in parsed {
            let piece = source.text(of: s.range)
            switch s.kind {
            case .scene, .variable, .layer, .function: declarations.append(piece, declaring: ReplSession.declaredName(s))
            case .expression: continue
            default: statements.append(Recorded(runtime.tick, piece, s.range))
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
    public func script(timeline: Bool) -> String { scriptWithSpans(timeline: timeline).text }

    /// The script, and where in its bytes each of `statements` went (with its `at Nt { }`)
    /// and each of `declarations`.
    func scriptWithSpans(timeline: Bool) -> (text: String, spans: [Range<Int>], declarationSpans: [Range<Int>]) {
        var out = "# saved from a wave repl session at tick \(runtime.tick)\n"
        if timeline { out += "# golden: \(runtime.tick)\n" }
        var declarationSpans: [Range<Int>] = []
        for d in declarations.texts {
            declarationSpans.append(out.utf8.count..<(out.utf8.count + d.utf8.count))
            out += d + "\n"
        }
        var spans: [Range<Int>] = []
        for statement in statements {
            let (tick, s) = (statement.tick, statement.text)
            let piece: String
            if tick == 0 || !timeline { piece = s }
            else if let shifted = ReplSession.emitStarting(s, after: tick) { piece = shifted }
            else { piece = "at \(tick)t {\n" + s.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n}" }
            let start = out.utf8.count
            out += piece
            spans.append(start..<out.utf8.count)
            out += "\n"
        }
        return (out, spans, declarationSpans)
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
        try advance()
    }

    /// Advances `n` ticks even while paused (`:step`).
    public func step(_ n: Int) throws {
        for _ in 0..<n { try advance() }
    }

    /// A handler that raised a runtime error while the clock ran, and was stopped.
    public struct StoppedHandler {
        public var error: RuntimeError
        /// The outermost handler around the error (an `every` that installs the failing
        /// `after` is stopped with it), where it runs.
        public var handler: SourceRange
        /// The statement typed (or loaded) that started it, left out of the script.
        var statement: Recorded?
    }

    /// A statement of the session: its text, the tick it was applied at, where it was typed
    /// (or loaded from), and where the running scene has it (after a `:seek` or `:reset`,
    /// in the rebuilt session's text).
    struct Recorded {
        var tick: Int
        var text: String
        var origin: SourceRange
        var live: SourceRange
        init(_ tick: Int, _ text: String, _ range: SourceRange) {
            self.tick = tick; self.text = text; origin = range; live = range
        }
    }

    /// One tick. A handler whose body raises an error is stopped (it would raise it again
    /// at each of its ticks, and every tick would end at it), left out of the session's
    /// script, and the tick goes on without it; `stoppedHandlers` says which. Any other
    /// runtime error is thrown.
    func advance() throws {
        var resuming = false
        // Each round stops at least the handler that failed; the bound is a backstop.
        for _ in 0...runtime.limits.maxTimers {
            do {
                if resuming { try runtime.finishTick() } else { try runtime.step() }
                return
            } catch let e as RuntimeError {
                guard let handler = runtime.stopHandler(raising: e) else { throw e }
                let typed = statements.firstIndex { $0.live.start <= handler.start && handler.end <= $0.live.end }
                stoppedHandlers.append(StoppedHandler(error: e, handler: handler, statement: typed.map { statements[$0] }))
                if let typed { statements.remove(at: typed) }
                resuming = true
            }
        }
    }

    /// Takes the handlers stopped since the last call, to report them.
    public func takeStoppedHandlers() -> [StoppedHandler] {
        defer { stoppedHandlers = [] }
        return stoppedHandlers
    }

    /// The note after a stopped handler's error: which handler, that the scene goes on
    /// without it, and how to bring it back fixed.
    public func note(for stopped: StoppedHandler) -> String {
        let range = stopped.statement?.origin ?? stopped.handler
        let place = file(holding: range).map { f -> String in
            let (line, column) = f.location(of: range.start)
            let head = f.text(of: range).prefix { $0 != "{" && $0 != "\n" }.trimmingCharacters(in: .whitespaces)
            return "'\(head)' (\(f.name):\(line):\(column))"
        } ?? "that raised it"
        return "note: stopped the handler \(place): the scene plays on without it, and :save leaves it out; "
            + "type it again, corrected, to run it again"
    }

    /// Rebuilds the scene from the session script and seeks to `tick`.
    public func seek(to tick: Int) throws {
        let (text, spans, _) = scriptWithSpans(timeline: true)
        let file = source("<session>", text)
        let (program, diagnostics) = Compiler.compile(file)
        guard let program else {
            throw RuntimeError(.sessionBroken, "the session no longer compiles: \(diagnostics.first?.message ?? "")", .none, tick: runtime.tick)
        }
        let before = (runtime, statements, stoppedHandlers)
        do {
            runtime = try SceneRuntime(program: program)
            // The scene now runs this text: a handler that fails is found in it.
            for (i, span) in spans.enumerated() { statements[i].live = SourceRange(file.base + span.lowerBound, file.base + span.upperBound) }
            // As `SceneRuntime.seek`, with a failing handler stopped on the way.
            while runtime.tick < tick && !runtime.isStopped {
                try advance()
                if runtime.tick & 4095 == 0 { try SceneRuntime.heartbeat?(runtime.tick, 0) }
            }
        } catch {
            (runtime, statements, stoppedHandlers) = before
            throw error
        }
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
        declarations = DeclarationList()
        statements = []
        // Keep the loaded file as the session's script: split it into statements.
        for s in Parser.parse(file).statements {
            let piece = file.text(of: s.range)
            switch s.kind {
            case .scene, .variable, .layer, .function: declarations.append(piece, declaring: ReplSession.declaredName(s))
            default: statements.append(Recorded(0, piece, s.range))
            }
        }
        outcome.message = "loaded \(name): \(program.layerSummary)"
        return outcome
    }
}
