import ArgumentParser
import Foundation
import WaveREPL
import WaveDriver
import WaveSinks

struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Edit a running scene line by line.",
        discussion: """
        Each line typed is compiled and applied to the running scene at once, without
        resetting the clock: a new layer appears, an 'animate' starts now, an 'every'
        handler installs, an assignment takes effect, and a bare expression prints its
        value ('x * 21' prints 42; 'surface.level' prints the current level).
        Blocks may span lines: the prompt changes to '...' until they close.
        Type :help for the commands (:load, :save, :seek, :step, :render, :trace, :list …).

        In a terminal the scene plays at 60 ticks per second above the prompt (unless
        --no-preview), with line editing, history and Tab completion.
        When stdin is not a terminal there is no preview and the clock only moves with
        :step and :seek, so sessions are scriptable:
          printf 'var x = 2\\nx * 21\\n' | wave repl
        Exit status: 0, or 65 if any input had an error (non-interactive only); 74 if the start file cannot be read.
        """)

    @Argument(help: "A script to start from.") var file: String?
    @Flag(help: "Do not play the scene above the prompt.") var noPreview = false

    func run() throws {
        let session = try ReplSession()
        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let output = StreamOutput()
        let controller = ReplController(session: session, output: output)
        controller.useColor = Console.useColor
        // A start file that cannot be read is an I/O error before any session (as for
        // `wave play`); one that reads is loaded, and its mistakes reported, in the session.
        if let file { _ = try ScriptLoader.read(file) }
        if interactive {
            Interrupts.install()
            // A dumb terminal cannot keep a picture above the prompt: plain line editing only.
            let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
            let terminal = InteractiveRepl(controller: controller, preview: !noPreview && !dumb)
            // Loaded once the screen is set up, so that its messages stay on it.
            try terminal.run(first: file.map { ":load \($0)" })
            // SIGTERM or SIGHUP ended the session: the terminal is restored; report the signal.
            if Interrupts.isInterrupted { throw Exit.signal(Interrupts.signalNumber) }
            return
        }
        if let file { controller.handle(":load \(file)") }
        while !controller.wantsQuit, let line = readLine(strippingNewline: true) {
            controller.handle(line)
        }
        if controller.isContinuing {
            output.error("error: input ended inside an open block")
            throw Exit.script
        }
        if output.hadError { throw Exit.script }
    }
}

/// Prints results to stdout and errors to stderr, remembering whether any error occurred.
final class StreamOutput: ReplOutput {
    var hadError = false
    func line(_ text: String) {
        do { try StandardOutput.write(Array((text + "\n").utf8)) } catch {
            Console.error(Exit.message(error))
            Foundation.exit(Exit.io.code)
        }
    }
    func error(_ text: String) {
        hadError = true
        StandardError.write(text + "\n")
    }
}
