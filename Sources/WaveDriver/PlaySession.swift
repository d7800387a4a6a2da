import Foundation
import WaveSinks

/// `wave play`: a script played in the terminal when standard output is one, else its
/// frames written there as escape codes without pacing, in the colours the environment
/// allows. A failure is reported (once the terminal is restored) and thrown as its `Exit`.
public struct PlaySession {
    public var file: String
    /// The player's options; `color` and `keysReadable` are set from the environment.
    public var options: PlayOptions
    /// The colours asked for; nil: from COLORTERM, TERM and NO_COLOR in a terminal, and
    /// 24-bit (or none with NO_COLOR) into a file.
    public var color: ColorMode?
    /// Print the playback statistics on standard error at the end.
    public var printStats = false

    /// A session playing `file` with `options`.
    public init(file: String, options: PlayOptions, color: ColorMode? = nil, printStats: Bool = false) {
        self.file = file
        self.options = options
        self.color = color
        self.printStats = printStats
    }

    /// A player for the compiled script. With `waiting` (--watch in a terminal), a script
    /// broken at launch gives a player that shows its error and waits for a good save.
    static func player(for file: String, waiting: Bool, options: PlayOptions) throws(Exit) -> TerminalPlayer {
        do {
            let (program, source) = try ScriptLoader.compile(file)
            return TerminalPlayer(program: program, source: source)
        } catch {
            guard error == .script, waiting, let player = TerminalPlayer.awaitingFix(of: file, options: options) else { throw error }
            return player
        }
    }

    /// Compiles the script and plays it (or writes its frames).
    public func run() throws {
        let env = ProcessInfo.processInfo.environment
        let interactive = Terminal.isTerminal(STDOUT_FILENO)
        let player = try PlaySession.player(for: file, waiting: options.watch && interactive, options: options)
        Interrupts.install()
        if interactive && env["TERM"] == "dumb" {
            Console.error("TERM=dumb cannot move the cursor, so the scene cannot play here; write frames to a file instead (wave play \(file) --ticks 120 > frames.txt) or render it (wave render \(file) -o out.gif)")
            throw Exit.usage
        }
        var options = options
        // Frames written to a file are 24-bit unless NO_COLOR asks for none (no-color.org:
        // whatever the output is).
        let noColor = env["NO_COLOR"].map { !$0.isEmpty } ?? false
        options.color = color ?? (interactive ? TerminalColors.detect(environment: env) : noColor ? ColorMode.none : .truecolor)
        options.keysReadable = Terminal.isTerminal(STDIN_FILENO)
        // A terminal that answers says its own colours (a theme's blue is not xterm's); one
        // that does not keeps xterm's. Only in colour, and only where the answers can be read.
        if interactive, options.keysReadable, options.color != .none, options.paletteSource == .query {
            options.palette = TerminalPalette.query() ?? .xterm
        }
        player.options = options
        defer { if printStats { Console.note(player.stats.summary) } }
        var recorder: AsciicastRecorder?
        do {
            if interactive {
                if let record = options.record {
                    // A session is recorded as it was seen: each frame at its wall-clock time.
                    let size = player.currentSize(), start = monotonicNanoseconds()
                    recorder = AsciicastRecorder(columns: size.columns, rows: size.rows, output: try RenderOutput(.file(record)),
                                                 passingTo: Terminal(fd: STDOUT_FILENO)) { Int((monotonicNanoseconds() - start) / 1000) }
                }
                _ = try player.play(recorder: recorder)
            } else {
                // A closed pipe is a write error to report, not a signal to die of.
                signal(SIGPIPE, SIG_IGN)
                // $COLUMNS and $LINES are clamped to the limits of --width and --height.
                let cols = options.width ?? env["COLUMNS"].flatMap(Int.init).map { min(PlayOptions.maxColumns, $0) } ?? 80
                let rows = options.height ?? env["LINES"].flatMap(Int.init).map { min(PlayOptions.maxRows, $0) } ?? 24
                let terminal = Terminal(fd: STDOUT_FILENO)
                if let record = options.record {
                    // Frames written without pacing are recorded at their ticks' exact times (while
                    // tick n is drawn, n ticks are done; the closing reset comes at the end).
                    recorder = AsciicastRecorder(columns: max(1, cols), rows: max(1, rows), output: try RenderOutput(.file(record)),
                                                 passingTo: terminal) { [player] in AsciicastEncoder.microseconds(ticks: player.stats.ticks) }
                }
                _ = try player.writeFrames(ticks: options.tickLimit ?? player.program.scene.durationTicks ?? 300,
                                           columns: max(1, cols), rows: max(1, rows), to: recorder ?? terminal)
            }
            try recorder?.commit()
        } catch let e as Interrupted {
            recorder?.abort()
            throw Exit.signal(e.signal)
        } catch {
            recorder?.abort()
            // The terminal is already restored: play() unwinds before this runs.
            throw Exit.report(error, source: player.source)
        }
    }
}
