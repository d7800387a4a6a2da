@preconcurrency import CReadline
import Foundation
import WaveCompiler
import WaveDriver
import WaveRuntime
import WaveSinks
import WaveSyntax

/// The terminal side of the REPL: GNU readline's callback interface for line editing,
/// history and Tab completion, with the scene playing at 60 ticks per second in the upper
/// part of the screen while the prompt stays usable in a scroll region at the bottom.
public final class InteractiveRepl {
    let controller: ReplController
    let preview: Bool
    let out = Terminal()
    var writer = AnsiWriter()
    /// One renderer for the whole session: its scratch memory and caches outlive a frame.
    /// Its colours are the terminal's own where it answers the palette query (as in `wave play`).
    let cells: CellRenderer
    var previewRows = 0
    var size = (columns: 80, rows: 24)
    var drawnTick = -1
    var lastStatus = ""

    /// The session readline's C callbacks reach (they cannot capture context).
    nonisolated(unsafe) static var current: InteractiveRepl?
    nonisolated(unsafe) static var completions: [String] = []
    nonisolated(unsafe) static var lineEnded = false

    public init(controller: ReplController, preview: Bool) {
        self.controller = controller
        self.preview = preview
        let color = TerminalColors.detect(environment: ProcessInfo.processInfo.environment)
        let asks = preview && color != .none && Terminal.isTerminal(STDIN_FILENO) && Terminal.isTerminal(STDOUT_FILENO)
        cells = CellRenderer(color: color, palette: asks ? TerminalPalette.query() ?? .xterm : .xterm)
    }

    /// `$XDG_STATE_HOME/wave/history`, or `~/.wave_history`.
    public static var historyPath: String {
        let env = ProcessInfo.processInfo.environment
        if let state = env["XDG_STATE_HOME"], !state.isEmpty {
            try? FileManager.default.createDirectory(atPath: state + "/wave", withIntermediateDirectories: true)
            return state + "/wave/history"
        }
        return (env["HOME"] ?? ".") + "/.wave_history"
    }

    var prompt: String { controller.isContinuing ? "... " : "wave> " }

    /// Runs the session; `first` (a `:load` of the start file) is handled once the screen
    /// is set up, so that what it prints is not cleared away.
    public func run(first: String? = nil) throws {
        let history = InteractiveRepl.historyPath
        read_history(history)
        InteractiveRepl.current = self
        Interrupts.installTerminalSignals()
        rl_completion_entry_function = { text, state in InteractiveRepl.complete(text, state) }
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        rl_bind_key(12) { _, _ in InteractiveRepl.current?.redrawAll(); return 0 }
        controller.pager = { [weak self] lines in self?.page(lines) }
        layout()
        rl_callback_handler_install(prompt, { line in InteractiveRepl.current?.accept(line) })
        var first = first
        defer {
            rl_callback_handler_remove()
            // Resetting the scroll region homes the cursor, so only the preview (which leaves
            // the alternate screen anyway) does it.
            out.write(preview ? "\u{1B}[r\u{1B}[0m\u{1B}[?2026l\u{1B}[?25h\u{1B}[?1049l" : "\u{1B}[0m")
            // The preview's pane lived on the alternate screen: leave the session's transcript
            // on the main screen, where the terminal's scrollback keeps it.
            if preview && !controller.transcript.isEmpty {
                out.write(controller.transcript.joined(separator: "\n") + "\n")
            }
            write_history(history)
            history_truncate_file(history, 1000)
            InteractiveRepl.current = nil
        }
        var pacer = ReplPacer(now: DispatchTime.now().uptimeNanoseconds, speed: controller.session.speed)
        var lastWatch = DispatchTime.now().uptimeNanoseconds
        while !controller.wantsQuit && !InteractiveRepl.lineEnded {
            if Interrupts.takeSuspend() { suspend() }
            if Interrupts.isInterrupted {
                if Interrupts.signalNumber != SIGINT { break }
                // Ctrl-C cancels the current input; the line stays in history if entered.
                Interrupts.reset()
                controller.cancelInput()
                // Drop the line with its undo list: a history line recalled and edited keeps
                // undo records against its old text, and readline would replay them on the
                // next Enter over a different line (a double free).
                rl_free_line_state()
                rl_replace_line("", 1)
                using_history()
                out.write("^C\n")
                rl_on_new_line()
                rl_set_prompt(prompt)
                rl_redisplay()
            }
            if Interrupts.takeResize() {
                rl_resize_terminal()
                layout()
            }
            let now = DispatchTime.now().uptimeNanoseconds
            // The clock: 60 ticks per second times the speed, while the scene runs.
            let session = controller.session
            let running = !session.isPaused && !session.runtime.isStopped && failure == nil
            for _ in 0..<pacer.due(now: now, speed: session.speed, running: running) {
                do { try session.tick() } catch {
                    fail(error)
                    break
                }
            }
            // A handler that failed was stopped and the scene plays on: say so once.
            if !session.stoppedHandlers.isEmpty { printingAsync { controller.reportStoppedHandlers() } }
            if now - lastWatch > 250_000_000 {
                controller.pollWatch(printing: printingAsync)
                lastWatch = now
            }
            if preview { drawPreview() }
            if let line = first {
                // After the first picture: its whole redraw would clear what this prints.
                first = nil
                printingAsync { controller.handle(line) }
                continue
            }
            let after = DispatchTime.now().uptimeNanoseconds
            let wait = Int32(min(50, (pacer.wait(after: after) ?? 50_000_000) / 1_000_000))
            var p = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, wait) > 0 && p.revents & Int16(POLLIN) != 0 {
                let before = DispatchTime.now().uptimeNanoseconds
                rl_callback_read_char()
                // A command that took a while (a long :seek, :render) is not playing time:
                // `:seek 10s` lands on 10 s, not on 10 s plus the seek.
                let done = DispatchTime.now().uptimeNanoseconds
                if done - before > 20_000_000 { pacer.rebase(now: done) }
            }
        }
    }

    /// A line from readline (nil on Ctrl-D at an empty prompt).
    func accept(_ raw: UnsafeMutablePointer<CChar>?) {
        guard let raw else {
            InteractiveRepl.lineEnded = true
            // Removed here, inside the handler: readline would otherwise show the prompt
            // again for a next line that never comes (a second `wave>` left on the screen).
            rl_callback_handler_remove()
            out.write("\r\n")
            return
        }
        let line = String(cString: raw)
        free(raw)
        if !line.trimmingCharacters(in: .whitespaces).isEmpty { add_history(line) }
        // The error is old news once something is typed; the scene stays paused until
        // `:play` (running it again at each input would raise the error again each time).
        if failure != nil { failure = nil; drawnTick = -2 }
        controller.handle(line)
        rl_set_prompt(prompt)
    }

    func printAbove(_ text: String) { printingAsync { out.write(text + "\n") } }

    /// A runtime error stops the scene: said once above the prompt and in the status line,
    /// until the session changes (the next input clears it).
    var failure: String?
    func fail(_ error: Error) {
        guard failure == nil else { return }
        let session = controller.session
        let plain = (error as? RuntimeError).map { session.describe($0, useColor: false) } ?? "error: \(error)"
        failure = plain.split(separator: "\n").first.map(String.init) ?? plain   // the status row's one line
        session.isPaused = true
        let note = "note: the scene is paused: change what raised the error, then :play"
        controller.record(plain)
        controller.record(note)
        printAbove(((error as? RuntimeError).map { session.describe($0, useColor: controller.useColor) } ?? plain) + "\n" + note)
        drawnTick = -2
    }

    /// Runs `body`, which prints, with readline's prompt and the text being typed taken off
    /// the screen first and put back after, so output never lands inside the prompt.
    func printingAsync(_ body: () -> Void) {
        let typing = rl_line_buffer.map { String(cString: $0) } ?? ""
        let point = rl_point
        rl_save_prompt()
        rl_replace_line("", 0)
        rl_redisplay()
        out.write("\r\u{1B}[K")
        body()
        rl_restore_prompt()
        rl_replace_line(typing, 0)
        rl_point = point
        rl_forced_update_display()
    }

    /// Ctrl-Z: gives the terminal back (main screen, no scroll region, readline's terminal
    /// modes undone), stops, and on `fg` takes it again and redraws everything.
    func suspend() {
        rl_deprep_terminal()
        if preview { out.write("\u{1B}[r\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l") }
        Interrupts.defaultSuspend()
        raise(SIGTSTP)
        Interrupts.installTerminalSignals()
        rl_prep_terminal(1)
        layout()
    }

    /// Shows `lines` in `$PAGER` (default `less`) on the main screen, scrollable with
    /// PageUp/PageDown, starting at the end; the split screen comes back when it quits.
    func page(_ lines: [String]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wave-log-\(getpid()).txt").path
        defer { unlink(path) }
        guard (try? (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)) != nil else { return }
        rl_deprep_terminal()
        if preview { out.write("\u{1B}[r\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l") }
        let pager = ProcessInfo.processInfo.environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less +G"
        // system(3), not Process: the pager must stay in the terminal's foreground process
        // group to read keys (Process starts children in a group of their own).
        let quoted = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let status = system(pager + " " + quoted)
        let ran = status != -1 && (status >> 8) & 0xff != 127
        rl_prep_terminal(1)
        layout()
        // No pager on this machine: the end of the transcript in the pane instead.
        if !ran { printAbove(lines.suffix(40).joined(separator: "\n")) }
    }

    /// Ctrl-L: redraws the whole split screen (readline's own clear-screen would wipe the
    /// layout).
    func redrawAll() {
        layout()
        drawPreview()
    }

    /// Splits the screen: the scene on top, a status line, and the prompt's scroll region,
    /// which gets back the end of the transcript (a resize, Ctrl-L or the pager's return
    /// clears the screen, and the lines just typed and printed must not go with it).
    func layout() {
        size = Terminal.size() ?? (80, 24)
        guard preview else { return }
        previewRows = InteractiveRepl.previewRows(forTerminalRows: size.rows)
        writer.invalidate()
        drawnTick = -1
        out.write("\u{1B}[?1049h\u{1B}[2J\u{1B}[\(previewRows + 2);\(size.rows)r")
        restorePromptRegion()
    }

    /// Rows for the picture in a terminal `rows` high: two thirds, leaving at least six
    /// rows (the status row and five for the prompt and what it prints) where there is
    /// room for three of picture; in a smaller terminal fewer, down to none, so that the
    /// prompt's region always has two rows or more (a one-row scroll region is not one:
    /// the whole screen would scroll and results would never show).
    static func previewRows(forTerminalRows rows: Int) -> Int {
        max(0, max(min(3, rows - 4), min(rows - 6, rows * 2 / 3)))
    }

    /// Writes the end of the transcript into the prompt's region and puts the prompt back
    /// on the last row.
    func restorePromptRegion() {
        let top = previewRows + 2
        let (shown, used) = InteractiveRepl.tail(of: controller.transcript, rows: size.rows - top, columns: size.columns)
        // Bottom-aligned, just above the prompt, as they were before the screen was cleared.
        var screen = "\u{1B}[\(size.rows - used);1H"
        if !shown.isEmpty { screen += shown.joined(separator: "\r\n") + "\r\n" }
        out.write(screen + "\u{1B}[\(size.rows);1H")
        rl_forced_update_display()
    }

    /// The last lines of `transcript` that fill at most `rows` screen rows `columns` wide
    /// (a long line wraps over several; one too long for all of them is left out), safe
    /// to print, and the rows they fill.
    static func tail(of transcript: [String], rows: Int, columns: Int) -> (lines: [String], rows: Int) {
        var shown: [String] = [], used = 0
        for line in transcript.reversed() {
            let text = line.visible
            let height = max(1, (text.count + columns - 1) / max(1, columns))
            guard used + height <= rows else { break }
            shown.append(text)
            used += height
        }
        return (shown.reversed(), used)
    }

    /// Draws the current frame above the scroll region, leaving readline's cursor where it was.
    func drawPreview() {
        let runtime = controller.session.runtime
        let state = failure != nil ? "error" : controller.session.isPaused ? "paused" : runtime.isStopped ? "stopped" : "playing"
        let status = " \(state)  \(StatusText.time(ofTick: runtime.tick))  tick \(runtime.tick)  \(StatusText.speed(controller.session.speed))  layers \(runtime.liveLayerCount)"
            + (failure.map { "  | \($0)" } ?? "") + " "
        // A new tick, or the same tick in a new state (`:pause`, `:speed` while paused).
        guard runtime.tick != drawnTick || status != lastStatus else { return }
        let fresh = drawnTick == -1
        drawnTick = runtime.tick
        // After a runtime error the picture holds (the frame cannot be built); the status
        // row says why.
        var grid: CellGrid?
        if failure == nil, previewRows > 0 {
            do { grid = try cells.grid(for: runtime, columns: size.columns, rows: previewRows) } catch {
                fail(error)
            }
        }
        writer.forgetCursor()
        // The cursor is hidden while the picture is drawn (no flicker over it on terminals
        // without synchronized output) and shown again at the prompt.
        var bytes = Array("\u{1B}[?25l\u{1B}7".utf8)
        if let grid { bytes += writer.encode(grid) }
        if status != lastStatus || fresh {
            lastStatus = status
            let line = String(status.prefix(size.columns))
            bytes += Array("\u{1B}[\(previewRows + 1);1H\u{1B}[0;7m\(line)\(String(repeating: " ", count: max(0, size.columns - line.count)))\u{1B}[0m".utf8)
        }
        bytes += Array("\u{1B}8\u{1B}[?25h".utf8)
        out.write(bytes)
        if fresh {
            // A whole redraw clears the screen: bring the transcript's end and the prompt back.
            restorePromptRegion()
        }
    }

    // MARK: - Completion

    static func complete(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
        let prefix = text.map { String(cString: $0) } ?? ""
        if state == 0 {
            // What is typed before the word: the open block's earlier lines, then this line.
            let line = rl_line_buffer.map { String(cString: $0) } ?? ""
            let upTo = String(decoding: Array(line.utf8).prefix(max(0, Int(rl_point) - prefix.utf8.count)), as: UTF8.self)
            guard let controller = current?.controller else { return nil }
            let before = (controller.pending + [upTo]).joined(separator: "\n")
            completions = ReplCompletion.candidates(for: prefix, before: before, session: controller.session).filter { $0.hasPrefix(prefix) }
            // After a layer name the next key is usually '.', so don't add a space.
            let layers = Set(current?.controller.session.environment.layerNames ?? [])
            if !completions.isEmpty && completions.allSatisfy({ layers.contains($0) }) { rl_completion_append_character = 0 }
            // A folder is completed to its '/', ready for the next name.
            if completions.count == 1, completions[0].hasSuffix("/") { rl_completion_append_character = 0 }
        }
        let i = Int(state)
        guard i < completions.count else { return nil }
        return strdup(completions[i])
    }
}
