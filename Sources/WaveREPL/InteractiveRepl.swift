@preconcurrency import CReadline
import Foundation
import WaveSinks

/// The terminal side of the REPL: GNU readline for line editing and history.
public final class InteractiveRepl {
    let controller: ReplController
    let preview: Bool

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

    public func run() throws {
        let history = InteractiveRepl.historyPath
        read_history(history)
        defer {
            write_history(history)
            history_truncate_file(history, 1000)
        }
        print("wave repl — :help for commands, Ctrl-D to quit")
        while !controller.wantsQuit {
            let prompt = controller.isContinuing ? "... " : "wave> "
            guard let raw = readline(prompt) else { break }
            let line = String(cString: raw)
            free(raw)
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { add_history(line) }
            controller.handle(line)
        }
    }
}
