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
    let cells = CellRenderer()
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

    public func run() throws {
        let history = InteractiveRepl.historyPath
        read_history(history)
        InteractiveRepl.current = self
        Interrupts.installTerminalSignals()
        rl_completion_entry_function = { text, state in InteractiveRepl.complete(text, state) }
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        layout()
        rl_callback_handler_install(prompt, { line in InteractiveRepl.current?.accept(line) })
        defer {
            rl_callback_handler_remove()
            // Resetting the scroll region homes the cursor, so only the preview (which leaves
            // the alternate screen anyway) does it.
            out.write(preview ? "\u{1B}[r\u{1B}[0m\u{1B}[?2026l\u{1B}[?25h\u{1B}[?1049l" : "\u{1B}[0m")
            write_history(history)
            history_truncate_file(history, 1000)
            InteractiveRepl.current = nil
        }
        var clockStart = DispatchTime.now().uptimeNanoseconds
        var clockTicks = 0
        var lastWatch = clockStart
        while !controller.wantsQuit && !InteractiveRepl.lineEnded {
            if Interrupts.isInterrupted {
                if Interrupts.signalNumber != SIGINT { break }
                // Ctrl-C cancels the current input; the line stays in history if entered.
                Interrupts.reset()
                controller.cancelInput()
                rl_replace_line("", 0)
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
            // The clock: 60 ticks per second times the speed, unless paused.
            let due = Int(Double(now - clockStart) / 1e9 * 60 * controller.session.speed)
            if controller.session.isPaused || controller.session.runtime.isStopped {
                clockStart = now
                clockTicks = 0
            } else {
                while clockTicks < due {
                    do { try controller.session.tick() } catch {
                        printAbove("error: \(error)")
                        controller.session.isPaused = true
                        break
                    }
                    clockTicks += 1
                }
            }
            if now - lastWatch > 250_000_000 {
                controller.pollWatch()
                lastWatch = now
            }
            if preview { drawPreview() }
            let nextTick = clockStart + UInt64(Double(clockTicks + 1) / (60 * controller.session.speed) * 1e9)
            let after = DispatchTime.now().uptimeNanoseconds
            let wait = nextTick > after ? Int32(min(50, (nextTick - after) / 1_000_000)) : 0
            var p = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, wait) > 0 && p.revents & Int16(POLLIN) != 0 {
                rl_callback_read_char()
            }
        }
    }

    /// A line from readline (nil on Ctrl-D at an empty prompt).
    func accept(_ raw: UnsafeMutablePointer<CChar>?) {
        guard let raw else {
            InteractiveRepl.lineEnded = true
            out.write("\r\n")
            return
        }
        let line = String(cString: raw)
        free(raw)
        if !line.trimmingCharacters(in: .whitespaces).isEmpty { add_history(line) }
        controller.handle(line)
        rl_set_prompt(prompt)
    }

    func printAbove(_ text: String) { out.write(text + "\n") }

    /// Splits the screen: the scene on top, a status line, and the prompt's scroll region.
    func layout() {
        size = Terminal.size() ?? (80, 24)
        guard preview else { return }
        previewRows = max(3, min(size.rows - 6, size.rows * 2 / 3))
        writer.invalidate()
        drawnTick = -1
        out.write("\u{1B}[?1049h\u{1B}[2J\u{1B}[\(previewRows + 2);\(size.rows)r\u{1B}[\(size.rows);1H")
        rl_forced_update_display()
    }

    /// Draws the current frame above the scroll region, leaving readline's cursor where it was.
    func drawPreview() {
        let runtime = controller.session.runtime
        guard runtime.tick != drawnTick else { return }
        let fresh = drawnTick == -1
        drawnTick = runtime.tick
        guard let grid = try? cells.grid(for: runtime, columns: size.columns, rows: previewRows) else { return }
        writer.forgetCursor()
        var bytes = Array("\u{1B}7".utf8)
        bytes += writer.encode(grid)
        let status = " tick \(runtime.tick)  \(Value.format(Double(runtime.tick) / 60))s  \(controller.session.isPaused ? "paused" : runtime.isStopped ? "stopped" : "playing")  speed \(Value.format(controller.session.speed))  layers \(runtime.liveLayerCount) "
        if status != lastStatus || fresh {
            lastStatus = status
            let line = String(status.prefix(size.columns))
            bytes += Array("\u{1B}[\(previewRows + 1);1H\u{1B}[0;7m\(line)\(String(repeating: " ", count: max(0, size.columns - line.count)))\u{1B}[0m".utf8)
        }
        bytes += Array("\u{1B}8".utf8)
        out.write(bytes)
        if fresh {
            // A whole redraw clears the screen: bring the prompt back.
            out.write("\u{1B}[\(size.rows);1H")
            rl_forced_update_display()
        }
    }

    // MARK: - Completion

    /// Keywords, layer names, variables, `:commands`, and properties after `layer.`.
    static func candidates(for text: String, line: String) -> [String] {
        if line.hasPrefix(":") && !line.contains(" ") {
            return ReplController.commandHelp.map { String($0.0.split(separator: " ")[0]) }.flatMap { $0.split(separator: "/").map { String($0).trimmingCharacters(in: .whitespaces) } }
        }
        guard let session = current?.controller.session else { return [] }
        if let dot = text.lastIndex(of: ".") {
            let base = String(text[..<dot])
            guard let members = CompletionWords.members(of: base, in: session.environment) else { return [] }
            return members.map { base + "." + $0.rawValue }
        }
        return CompletionWords.statementWords(layerNames: session.environment.layerNames,
                                              variableNames: session.environment.variableNames)
    }

    static func complete(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
        let prefix = text.map { String(cString: $0) } ?? ""
        if state == 0 {
            let line = rl_line_buffer.map { String(cString: $0) } ?? ""
            completions = candidates(for: prefix, line: line).filter { $0.hasPrefix(prefix) }
            // After a layer name the next key is usually '.', so don't add a space.
            let layers = Set(current?.controller.session.environment.layerNames ?? [])
            if !completions.isEmpty && completions.allSatisfy({ layers.contains($0) }) { rl_completion_append_character = 0 }
        }
        let i = Int(state)
        guard i < completions.count else { return nil }
        return strdup(completions[i])
    }
}
