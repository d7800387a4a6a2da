import ArgumentParser
import Foundation
import WaveRuntime
import WaveSinks

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a script in the terminal at 60 ticks per second.",
        discussion: """
        Draws with 24-bit colour upper-half blocks, scaled to fit the terminal. Keys: q quits
        (Ctrl-C too). The terminal is restored on every exit.
        When stdout is not a terminal, writes --ticks frames of escape codes without pacing
        (default: the scene's duration) at --width x --height cells, or $COLUMNS x $LINES, or 80x24.
        """)

    @Argument(help: "The script to play.") var file: String
    @Option(help: "Number of ticks (frames) to write when stdout is not a terminal.") var ticks: Int?
    @Option(help: "Width in cells.") var width: Int?
    @Option(help: "Height in cells.") var height: Int?
    @Flag(help: "Restart at the end of the scene's duration.") var loop = false
    @Option(help: "Playback speed factor.") var speed: Double = 1
    @Flag(help: "Print playback statistics on exit.") var stats = false

    func validate() throws {
        if let ticks, ticks < 0 { throw ValidationError("--ticks must be 0 or more") }
        if let width, !(1...2000).contains(width) { throw ValidationError("--width must be 1 to 2000 cells") }
        if let height, !(1...1000).contains(height) { throw ValidationError("--height must be 1 to 1000 cells") }
        guard speed > 0, speed <= 100, speed.isFinite else { throw ValidationError("--speed must be more than 0 and at most 100") }
    }

    func run() throws {
        let (program, source) = try ScriptLoader.compile(file)
        Interrupts.install()
        let player = TerminalPlayer(program: program)
        player.loop = loop
        player.speed = speed
        player.fixedColumns = width
        player.fixedRows = height
        do {
            let result: PlayStats
            if Terminal.isTerminal(STDOUT_FILENO) && ticks == nil {
                result = try player.play()
            } else {
                let env = ProcessInfo.processInfo.environment
                let cols = width ?? env["COLUMNS"].flatMap(Int.init) ?? 80
                let rows = height ?? env["LINES"].flatMap(Int.init) ?? 24
                result = try player.writeFrames(ticks: ticks ?? program.scene.durationTicks ?? 300, columns: cols, rows: rows)
            }
            if stats { Console.note(result.summary) }
        } catch let e as RuntimeError {
            Console.diagnostics([e.diagnostic], in: source)
            throw Exit.runtime
        } catch let e as Interrupted {
            throw ExitCode(128 + e.signal)
        }
    }
}
