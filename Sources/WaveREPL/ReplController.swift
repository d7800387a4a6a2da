import Foundation
import WaveCompiler
import WaveDriver
import WaveRuntime
import WaveSinks
import WaveSyntax

/// Where the REPL's results go: printed lines, and diagnostics shown with a caret under
/// the input.
public protocol ReplOutput: AnyObject {
    func line(_ text: String)
    func error(_ text: String)
}

/// Turns input lines into session actions: gathers continuation lines while a block is
/// open, runs `:commands`, and prints values and located errors.
public final class ReplController {
    public let session: ReplSession
    let output: ReplOutput
    /// Everything typed (after the prompt) and printed, in order, without colour codes:
    /// what `:log` shows or writes, and what the terminal keeps after the session.
    public private(set) var transcript: [String] = []
    /// Shows a long text the interactive way (a pager); nil prints it instead.
    public var pager: (([String]) -> Void)?
    static let transcriptLimit = 10_000
    public var useColor = false
    var pending: [String] = []
    /// Brackets the pending lines leave open.
    var pendingDepth = 0
    public private(set) var wantsQuit = false
    /// A file being watched (`:watch`).
    public var watched: ScriptWatcher?

    public init(session: ReplSession, output: ReplOutput) {
        self.session = session
        self.output = output
    }

    /// True while a block is open and more lines are expected.
    public var isContinuing: Bool { !pending.isEmpty }

    public static let commandHelp: [(String, String)] = [
        (":help [NAME]", "this list, or what NAME is: a property, function, statement, layer kind, command or name of the session"),
        (":load FILE", "replace the session with a script"),
        (":save [--now] FILE", "write the session as a script: its timeline (each input at its tick), or with --now everything typed from tick 0"),
        (":reset", "restart the clock at tick 0, keeping what was typed"),
        (":pause / :play", "stop or restart the clock"),
        (":seek TIME", "go to a time: 2s, 500ms, 90t"),
        (":step [N]", "advance N ticks (default 1), even while paused"),
        (":speed X", "playback speed factor"),
        (":render FILE.png", "write the current frame as a PNG"),
        (":ir", "print the compiled scene"),
        (":trace NAME [N]", "print NAME (any expression) for the next N ticks (default 10) without moving the clock, every digit as wave trace does"),
        (":list", "the layers, bottom first, with their kinds"),
        (":watch FILE", "load FILE and reload it whenever it changes, keeping the tick (:watch alone stops; :load does too)"),
        (":log [N] / :log FILE", "the session so far: in a pager (PageUp/PageDown, q), the last N lines, or written to FILE"),
        (":quit", "leave (Ctrl-D too)"),
    ]

    /// The commands' names (`:pause / :play` gives two).
    public static let commandNames: [String] = commandHelp.flatMap { entry in
        entry.0.split(separator: "/").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The spellings of `:help`.
    static let helpCommands: Set<String> = [":help", ":h", ":?"]

    /// The commands whose argument is a file name (Tab completes it).
    public static let fileCommands: Set<String> = [":load", ":save", ":watch", ":render", ":log"]

    /// Names in the folder `text` points into that start as its last component does:
    /// folders with a trailing '/', hidden ones only when asked for (`.`), sorted.
    public static func fileCandidates(for text: String, fileManager: FileManager = .default) -> [String] {
        let slash = text.lastIndex(of: "/")
        let folder = slash.map { String(text[...$0]) } ?? ""
        let stem = slash.map { String(text[text.index(after: $0)...]) } ?? text
        let expanded = folder.hasPrefix("~/") ? (NSHomeDirectory() + folder.dropFirst()) : folder
        guard let names = try? fileManager.contentsOfDirectory(atPath: expanded.isEmpty ? "." : expanded) else { return [] }
        return names.filter { $0.hasPrefix(stem) && (stem.hasPrefix(".") || !$0.hasPrefix(".")) }.map { name -> String in
            var isFolder: ObjCBool = false
            _ = fileManager.fileExists(atPath: (expanded.isEmpty ? "" : expanded) + name, isDirectory: &isFolder)
            return folder + name + (isFolder.boolValue ? "/" : "")
        }.sorted()
    }

    /// Handles one line typed at the prompt.
    public func handle(_ line: String) {
        record((pending.isEmpty ? "wave> " : "... ") + line)
        if pending.isEmpty, line.trimmingCharacters(in: .whitespaces).hasPrefix(":") {
            command(line.trimmingCharacters(in: .whitespaces))
            return
        }
        pending.append(line)
        let nesting = ReplSession.nesting(of: line)
        pendingDepth += nesting.change
        // More lines while a bracket is open; a string left open is an error to show now.
        if pendingDepth > 0, !nesting.unterminated { return }
        let text = pending.joined(separator: "\n")
        pending = []
        pendingDepth = 0
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        let outcome = session.submit(text)
        // Ctrl-C stopped a redeclaration's replay: said, and not a second Ctrl-C for the prompt.
        if outcome.stoppedReplay { Interrupts.reset() }
        show(outcome)
    }

    /// Drops a half-typed block (Ctrl-C).
    public func cancelInput() {
        pending = []
        pendingDepth = 0
    }

    func show(_ outcome: ReplSession.Outcome) {
        for p in outcome.printed { say(p) }
        if let m = outcome.message { say(m) }
        for n in outcome.notes { say(n) }
        let formatter = DiagnosticFormatter(useColor: useColor)
        for (d, file) in outcome.diagnostics.map({ ($0, outcome.file) }) + outcome.elsewhere {
            record(DiagnosticFormatter(useColor: false).format(d, in: file).trimmingCharacters(in: .newlines))
            output.error(formatter.format(d, in: file).trimmingCharacters(in: .newlines))
        }
    }

    /// Reports, once each, the handlers the clock stopped since the last report: the error
    /// at its place, then which handler stopped and how to run it again.
    public func reportStoppedHandlers() {
        for stopped in session.takeStoppedHandlers() {
            record(session.describe(stopped.error, useColor: false))
            output.error(session.describe(stopped.error, useColor: useColor))
            complain(session.note(for: stopped))
        }
    }

    /// Prints a result line and keeps it in the transcript.
    func say(_ text: String) {
        record(text)
        output.line(text)
    }

    /// Prints an error line and keeps it in the transcript.
    func complain(_ text: String) {
        record(text)
        output.error(text)
    }

    func record(_ text: String) {
        transcript.append(contentsOf: text.components(separatedBy: "\n"))
        if transcript.count > ReplController.transcriptLimit { transcript.removeFirst(transcript.count - ReplController.transcriptLimit) }
    }

    /// `:log [N]` shows the end of the transcript; `:log FILE` writes all of it.
    func log(_ arg: String) throws {
        if arg.isEmpty, let pager {
            pager(Array(transcript.dropLast()))
            return
        }
        if arg.isEmpty || Int(arg) != nil {
            let n = Int(arg) ?? 40
            guard n >= 1 else { return complain("usage: :log [N] or :log FILE") }
            let shown = Array(transcript.dropLast().suffix(n))
            for line in shown { output.line(line) }
            return
        }
        try AtomicFile.write(Array((transcript.joined(separator: "\n") + "\n").utf8), to: arg)
        say("wrote \(transcript.count) lines to \(arg)")
    }

    func command(_ line: String) {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let name = parts[0]
        let arg = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        do {
            switch name {
            case _ where ReplController.helpCommands.contains(name):
                guard arg.isEmpty else { return explain(arg) }
                let width = (ReplController.commandHelp.map(\.0.count).max() ?? 0) + 2
                for (c, d) in ReplController.commandHelp { say(c.padding(toLength: width, withPad: " ", startingAt: 0) + d) }
                say("Anything else is wave code: declarations, statements, or an expression to print.")
            case ":quit", ":q", ":exit": wantsQuit = true
            case ":load":
                // The session is replaced: a watched file would replace it again on its next save.
                if let w = watched, !arg.isEmpty {
                    watched = nil
                    say("stopped watching \(w.path)")
                }
                try load(arg)
            case ":save":
                let now = arg.hasPrefix("--now")
                let path = now ? String(arg.dropFirst("--now".count)).trimmingCharacters(in: .whitespaces) : arg
                guard !path.isEmpty else { return complain("usage: :save [--now] FILE") }
                try AtomicFile.write(Array(session.script(timeline: !now).utf8), to: path)
                say(now ? "saved \(path) (everything typed, from tick 0)" : "saved \(path) (the timeline: tick \(session.runtime.tick) renders what you see now)")
            case ":reset":
                try session.seek(to: 0)
                reportStoppedHandlers()
                say("reset to tick 0")
            case ":pause": session.isPaused = true; say("paused at tick \(session.runtime.tick)")
            case ":play": session.isPaused = false; say("playing")
            case ":seek":
                guard let ticks = ReplController.ticks(arg) else {
                    return complain(arg.isEmpty ? "usage: :seek TIME (2s, 500ms or 90t)" : ":seek \(arg): \(TimeValue.problem(arg))")
                }
                do {
                    try session.seek(to: ticks)
                } catch is Interrupted {
                    // Ctrl-C: the scene stays where it was, and the prompt stays empty.
                    Interrupts.reset()
                    return complain("seek interrupted; still at tick \(session.runtime.tick)")
                }
                reportStoppedHandlers()
                say("tick \(session.runtime.tick)")
            case ":step":
                let n = arg.isEmpty ? 1 : Int(arg) ?? -1
                guard n >= 0, n <= 1_000_000 else {
                    return complain("usage: :step [N], N a whole number of ticks from 0 to 1000000 (to go further, :seek TIME)")
                }
                try session.step(n)
                reportStoppedHandlers()
                say("tick \(session.runtime.tick)")
            case ":speed":
                guard let x = Double(arg), x > 0, x <= 100 else { return complain("usage: :speed X (more than 0, at most 100)") }
                session.speed = x
                say("speed \(Value.format(x))")
            case ":render":
                guard !arg.isEmpty else { return complain("usage: :render FILE.png") }
                guard arg.lowercased().hasSuffix(".png") else {
                    return complain(":render writes the current frame as one PNG: name the file FILE.png (for an animation, :save the script and 'wave render' it)")
                }
                let tick = session.runtime.tick
                let job = RenderJob(program: session.runtime.program, format: .png, destination: .file(arg), ticks: tick..<(tick + 1))
                var runtime = session.runtime
                _ = try job.render(from: &runtime)
                say("wrote \(arg) (tick \(session.runtime.tick))")
            case ":log": try log(arg)
            case ":ir": say(IRPrinter(program: session.runtime.program).render().trimmingCharacters(in: .newlines))
            case ":trace": try trace(arg)
            case ":list":
                let layers = session.runtime.layerList
                if layers.isEmpty { say("no layers") }
                for l in layers { say("\(l.name): \(l.kind.rawValue)\(l.spawned ? " (spawned)" : "")") }
            case ":watch":
                guard !arg.isEmpty else {
                    guard let w = watched else { return complain("usage: :watch FILE (alone, it stops watching)") }
                    watched = nil
                    return say("stopped watching \(w.path)")
                }
                try load(arg)
                watched = ScriptWatcher(path: arg)
                say("watching \(arg)")
            default:
                complain("unknown command '\(name)'\(suggestion(for: name, among: ReplController.commandNames).map { "; did you mean '\($0)'?" } ?? ""); :help lists them")
            }
        } catch let e as RuntimeError {
            reportStoppedHandlers()
            record(session.describe(e, useColor: false))
            output.error(session.describe(e, useColor: useColor))
        } catch {
            complain("error: \(error)")
        }
    }

    /// `:help NAME`: a command's line of the list, what the language's vocabulary says of a
    /// word (`Explanation`, as an editor's hover shows it), or what a name of the session is.
    func explain(_ word: String) {
        // A command by its name with or without the colon; a word of the language first
        // (`:help log` is the function, `:help :log` the command).
        let bare = word.hasPrefix(":") ? String(word.dropFirst()) : word
        if word.hasPrefix(":") || Explanation.of(word) == nil, let entry = ReplController.commandHelp.first(where: { e in
            e.0.split(separator: "/").contains { $0.split(separator: " ").first.map { $0 == ":" + bare } ?? false }
        }) {
            return say("\(entry.0)  \(entry.1)")
        }
        let environment = session.environment
        var text: String?
        if let index = environment.layer(named: word) {
            let kind = environment.layers[index].kind
            text = "\(word) — \(kind.rawValue) layer of this session (:help \(kind.rawValue) lists its properties)"
        } else if environment.variableNames.contains(word) {
            text = "\(word) — variable of this session; type it to print its value, ':trace \(word)' to follow it"
        }
        if let vocabulary = Explanation.of(word) {
            text = (text.map { $0 + "\n" } ?? "") + Explanation.plain(vocabulary)
        }
        guard let text else {
            let hint = suggestion(for: word, among: ReplController.helpTopics(session: session)).map { "; did you mean '\($0)'?" } ?? ""
            return complain("no help for '\(word)'\(hint): :help NAME explains a property, function, statement, layer kind, command or name of the session")
        }
        for line in text.components(separatedBy: "\n") where !line.isEmpty { say(line) }
    }

    /// What `:help` can explain: commands, the vocabulary, and the session's names.
    static func helpTopics(session: ReplSession) -> [String] {
        let vocabulary = Property.allCases.map(\.rawValue) + Builtin.allCases.map(\.rawValue) + Vocabulary.specialFunctions
            + StatementKeyword.allCases.map(\.rawValue) + LayerKind.allCases.map(\.rawValue) + TimingCurveName.allCases.map(\.rawValue)
        return Array(Set(commandNames + vocabulary + session.environment.layerNames + session.environment.variableNames)).sorted()
    }

    func load(_ path: String) throws {
        guard !path.isEmpty else { return complain("usage: :load FILE") }
        do {
            let file = try ScriptReader.read(path)
            show(session.load(file.text, name: path))
        } catch {
            complain(Self.describe(error))
        }
    }

    /// Reloads a watched file when it changed (a broken edit keeps the last good scene),
    /// printing what loading says inside `printing`: the live screen takes readline's prompt
    /// off around it, and only then, so a reverse search in progress (Ctrl-R) keeps its own.
    public func pollWatch(printing: (() -> Void) -> Void = { $0() }) {
        guard let w = watched, let change = w.poll() else { return }
        switch change {
        case .success(let file): printing { show(session.load(file.text, name: w.path, keepingTick: true)) }
        case .failure(let e): printing { complain(Self.describe(e) + "; the scene is unchanged") }
        }
    }

    /// A script that could not be read, as the transcript shows it: at its place in the file
    /// when it has one.
    static func describe(_ e: ScriptReadError) -> String { e.locatedLine ?? "error: \(e.message)" }

    func trace(_ arg: String) throws {
        let text = arg.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return complain("usage: :trace NAME [N]") }
        func compiled(_ e: String) -> IRExpr? {
            Compiler.compileExpression(SourceFile(name: "<trace>", text: e), environment: session.environment)?.0
        }
        // Any expression, spaces and all (`:trace n * 2`); a whole number after it is the
        // count (`:trace (n * 2) 5`) when what comes before it is an expression.
        var name = text, n = 10
        if let space = text.lastIndex(of: " "), let count = Int(text[text.index(after: space)...]),
           compiled(String(text[..<space])) != nil || compiled(text) == nil {
            name = String(text[..<space]).trimmingCharacters(in: .whitespaces)
            n = count
        }
        guard n >= 1, n <= 100_000 else { return complain("usage: :trace NAME [N], N from 1 to 100000") }
        guard let ir = compiled(name) else {
            return complain("'\(name)' is not a variable, layer property or expression of this session")
        }
        var copy = session.runtime
        for _ in 0..<n {
            say("\(copy.tick)\t\(try copy.evaluate(ir).exactDescription)")
            try copy.step()
        }
    }

    /// `2s`, `500ms`, `90t` or plain seconds, as ticks.
    public static func ticks(_ s: String) -> Int? { TimeValue.ticks(s, bare: .seconds) }
}
