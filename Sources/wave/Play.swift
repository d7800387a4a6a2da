import ArgumentParser
import Foundation
import WaveRuntime
import WaveDriver
import WaveSinks

extension CellMode: ExpressibleByArgument {}
extension ColorMode: ExpressibleByArgument {}
extension TextMode: ExpressibleByArgument {}

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a script in the terminal at 60 ticks per second.",
        discussion: """
        The scene is scaled to fit the terminal, keeping its aspect, and re-fitted when the \
        terminal is resized. Cells show pixels as half blocks (default), quadrants, sextants, \
        braille dots or an ASCII ramp (--cells). Colours follow the terminal: \
        COLORTERM=truecolor or 24bit gives 24-bit colour; otherwise terminfo decides (the RGB or Tc \
        capability, or its colors count: 256, 16, or 8 for the basic eight without the bright \
        codes, as TERM=xterm and linux declare), and for terminals it does not know, a TERM ending in -256color the \
        256-colour palette, anything else the 16 ANSI colours, and NO_COLOR (set, not empty) \
        none; --color overrides. Reduced colours are matched perceptually (OKLab) and \
        dithered only where a mix of two palette colours comes clearly closer. Without colour, a pixel \
        is on where it differs clearly from what lies behind it (the scene's background, and the \
        fills covering the whole scene it starts with, such as a sky), and the cell's character \
        is drawn in the terminal's own colours.

        Keys: space pauses and resumes; left and right arrows step one tick while paused; r \
        restarts; + and - double and halve the speed; q, Esc, Ctrl-C or Ctrl-\\ quits; Ctrl-Z \
        suspends. The bottom row is \
        a status bar (--no-status hides it). --watch reloads the script when it changes on \
        disk and keeps the current tick; a broken edit shows its first error in the status \
        bar while the last good version plays on (an error too long for the bar ends in …(e): \
        press e to read it whole over the picture, e again to hide it). --text cells draws small text layers as \
        real characters in their colours. The terminal is restored on every exit.

        When stdout is not a terminal, writes --ticks frames of escape codes without pacing \
        (default: the scene's duration, or 300) at --width x --height cells, or \
        $COLUMNS x $LINES, or 80x24, in 24-bit colour unless NO_COLOR or --color says otherwise, and \
        without the status bar. In a terminal, --ticks quits after that many ticks.
        """)

    @Argument(help: "The script to play.") var file: String
    @Option(parsing: .unconditional, help: "Number of ticks to play (or to write as frames when stdout is not a terminal).") var ticks: Int?
    @Option(parsing: .unconditional, help: "Width in cells.") var width: Int?
    @Option(parsing: .unconditional, help: "Height in cells (the status row included).") var height: Int?
    @Option(help: "How cells show pixels.") var cells: CellMode = .half
    @Option(help: "Colours (default: from COLORTERM, TERM and NO_COLOR).") var color: ColorMode?
    @Option(help: "Text layers as outlines (pixels) or as characters (cells).") var text: TextMode = .pixels
    @Flag(help: "Restart at the end of the scene's duration.") var loop = false
    @Option(parsing: .unconditional, help: "Playback speed factor, more than 0 and at most 100.") var speed: Double = 1
    @Flag(help: "Print playback statistics on exit.") var stats = false
    @Flag(help: "Hide the status bar.") var noStatus = false
    @Flag(help: "Reload the script when it changes on disk.") var watch = false

    func validate() throws {
        if let ticks, ticks < 1 { throw ValidationError("--ticks must be 1 or more") }
        if let width, !(1...PlayOptions.maxColumns).contains(width) { throw ValidationError("--width must be 1 to \(PlayOptions.maxColumns) cells") }
        if let height, !(1...PlayOptions.maxRows).contains(height) { throw ValidationError("--height must be 1 to \(PlayOptions.maxRows) cells") }
        guard speed > 0, speed <= 100, speed.isFinite else { throw ValidationError("--speed must be more than 0 and at most 100") }
    }

    func run() throws {
        let (program, source) = try ScriptLoader.compile(file)
        Interrupts.install()
        let env = ProcessInfo.processInfo.environment
        let interactive = Terminal.isTerminal(STDOUT_FILENO)
        if interactive && env["TERM"] == "dumb" {
            Console.error("TERM=dumb cannot move the cursor, so the scene cannot play here; write frames to a file instead (wave play \(file) --ticks 120 > frames.txt) or render it (wave render \(file) -o out.gif)")
            throw Exit.usage
        }
        var options = PlayOptions()
        options.cells = cells
        // Frames written to a file are 24-bit unless NO_COLOR asks for none (no-color.org:
        // whatever the output is).
        let noColor = env["NO_COLOR"].map { !$0.isEmpty } ?? false
        options.color = color ?? (interactive ? TerminalColors.detect(environment: env) : noColor ? ColorMode.none : .truecolor)
        options.text = text
        options.showStatus = !noStatus
        options.loop = loop
        options.speed = speed
        options.width = width
        options.height = height
        options.watch = watch
        options.keysReadable = Terminal.isTerminal(STDIN_FILENO)
        options.tickLimit = ticks
        let player = TerminalPlayer(program: program, source: source, options: options)
        defer { if stats { Console.note(player.stats.summary) } }
        do {
            if interactive {
                _ = try player.play()
            } else {
                // A closed pipe is a write error to report, not a signal to die of.
                signal(SIGPIPE, SIG_IGN)
                // $COLUMNS and $LINES are clamped to the limits of --width and --height.
                let cols = width ?? env["COLUMNS"].flatMap(Int.init).map { min(PlayOptions.maxColumns, $0) } ?? 80
                let rows = height ?? env["LINES"].flatMap(Int.init).map { min(PlayOptions.maxRows, $0) } ?? 24
                _ = try player.writeFrames(ticks: ticks ?? program.scene.durationTicks ?? 300,
                                           columns: max(1, cols), rows: max(1, rows), to: Terminal(fd: STDOUT_FILENO))
            }
        } catch let e as Interrupted {
            throw Exit.signal(e.signal)
        } catch {
            // The terminal is already restored: play() unwinds before this runs.
            throw Exit.report(error, source: player.source)
        }
    }
}
