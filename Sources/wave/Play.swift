import ArgumentParser
import Foundation
import WaveRuntime
import WaveDriver
import WaveSinks

extension CellMode: ExpressibleByArgument {}
extension ColorMode: ExpressibleByArgument {}
extension TextMode: ExpressibleByArgument {}
extension TerminalPalette.Source: ExpressibleByArgument {}

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
        dithered only where a mix of two palette colours comes clearly closer. In a terminal, \
        the player first asks for the terminal's own 16 colours and background (OSC 4, 10 and \
        11; tmux and many others do not answer, and then xterm's colours are assumed): a \
        themed terminal's blue is matched as the blue it shows, and a scene whose background \
        is transparent is drawn over the terminal's background. --palette xterm skips the question. Without colour, a pixel \
        is on where it differs clearly from what lies behind it (the scene's background, and the \
        fills covering the whole scene it starts with, such as a sky), and the cell's character \
        is drawn in the terminal's own colours.

        Keys: space pauses and resumes; left and right arrows step one tick while paused; r \
        restarts; + and - double and halve the speed; q, Esc, Ctrl-C or Ctrl-\\ quits; Ctrl-Z \
        suspends. The bottom row is \
        a status bar (--no-status hides it). --watch reloads the script when it changes on \
        disk and keeps the current tick; a broken edit shows its first error in the status \
        bar while the last good version plays on, and a script broken at launch shows its error \
        and waits for a save that compiles (an error too long for the bar ends in …(e): \
        press e to read it whole over the picture, e again to hide it). --text cells draws small text layers as \
        real characters in their colours. The terminal is restored on every exit.

        When stdout is not a terminal, writes --ticks frames of escape codes without pacing \
        (default: the scene's duration, or 300) at --width x --height cells, or \
        $COLUMNS x $LINES, or 80x24, in 24-bit colour unless NO_COLOR or --color says otherwise, and \
        without the status bar: the picture takes every row but the last, where the cursor ends, so \
        printing the file in a terminal of that size scrolls nothing off. In a terminal, --ticks quits after that many ticks.
        """)

    @Argument(help: "The script to play.") var file: String
    @Option(parsing: .unconditional, help: "Number of ticks to play (or to write as frames when stdout is not a terminal).") var ticks: Int?
    @Option(parsing: .unconditional, help: "Width in cells.") var width: Int?
    @Option(parsing: .unconditional, help: "Height in cells (the status row included).") var height: Int?
    @Option(help: "How cells show pixels.") var cells: CellMode = .half
    @Option(help: "Colours (default: from COLORTERM, TERM and NO_COLOR).") var color: ColorMode?
    @Option(help: "Text layers as outlines (pixels) or as characters (cells).") var text: TextMode = .pixels
    @Option(help: "The terminal's colours: query asks it (OSC 4, 10, 11) and falls back to xterm's; xterm assumes xterm's.") var palette: TerminalPalette.Source = .query
    @Flag(help: "Restart at the end of the scene's duration.") var loop = false
    @Option(parsing: .unconditional, help: "Playback speed factor, more than 0 and at most 100.") var speed: Double = 1
    @Flag(help: "Print playback statistics on exit.") var stats = false
    @Flag(help: "Hide the status bar.") var noStatus = false
    @Flag(help: "Reload the script when it changes on disk.") var watch = false
    @Option(help: "Also record what is shown as an asciicast v2 file (asciinema play FILE): in a terminal at the moments it was shown, otherwise each frame at its tick's time.") var record: String?

    func validate() throws {
        if let ticks, ticks < 1 { throw ValidationError("--ticks must be 1 or more") }
        if let width, !(1...PlayOptions.maxColumns).contains(width) { throw ValidationError("--width must be 1 to \(PlayOptions.maxColumns) cells") }
        if let height, !(1...PlayOptions.maxRows).contains(height) { throw ValidationError("--height must be 1 to \(PlayOptions.maxRows) cells") }
        guard speed > 0, speed <= 100, speed.isFinite else { throw ValidationError("--speed must be more than 0 and at most 100") }
    }

    func run() throws {
        var options = PlayOptions()
        options.cells = cells
        options.text = text
        options.showStatus = !noStatus
        options.loop = loop
        options.speed = speed
        options.width = width
        options.height = height
        options.watch = watch
        options.tickLimit = ticks
        options.record = record
        options.paletteSource = palette
        try PlaySession(file: file, options: options, color: color, printStats: stats).run()
    }
}
