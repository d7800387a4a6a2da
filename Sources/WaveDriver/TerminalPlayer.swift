import Foundation
import WaveCompiler
import WaveRuntime
import WaveSinks
import WaveSyntax

/// How text layers reach the terminal.
public enum TextMode: String, CaseIterable, Sendable {
    /// As outlines, like every other layer (masks stay exact).
    case pixels
    /// As real characters in their cells, in their colours (see `CellRenderer.place`).
    case cells
}

public struct PlayOptions: Sendable {
    public var cells: CellMode = .half
    public var color: ColorMode = .truecolor
    public var text: TextMode = .pixels
    public var showStatus = true
    public var loop = false
    public var speed = 1.0
    /// Size in cells (status row included); nil fits the terminal.
    public var width: Int?
    public var height: Int?
    /// Reload the script when it changes on disk.
    public var watch = false
    /// Whether keys can be read (stdin is a terminal): the status row shows key help only then.
    public var keysReadable = true
    /// Quit after this many ticks of playback.
    public var tickLimit: Int?
    /// Also record the frames as an asciicast to this file (`--record`).
    public var record: String?
    /// Where the terminal's colours come from (`--palette`).
    public var paletteSource: TerminalPalette.Source = .query
    /// The terminal's colours: xterm's, or what the terminal answered (set by `PlaySession`).
    public var palette: TerminalPalette = .xterm
    /// The largest grid the player draws, in cells, whatever the terminal or the
    /// environment says (a cell grid of the terminal's claimed size is allocated per frame).
    public static let maxColumns = 2000, maxRows = 1000
    public init() {}
}

/// Plays a scene in the terminal at 60 ticks per wall-clock second. When drawing falls
/// behind, frames are skipped, never ticks. The terminal is restored on every exit: `q`,
/// Ctrl-C, SIGTERM, a runtime error (before it is printed) or a crash.
public final class TerminalPlayer {
    /// The program playing and its source (after a `--watch` reload, the new version's).
    public private(set) var program: Program
    public private(set) var source: SourceFile
    public var options: PlayOptions
    /// Statistics so far; complete once `play` or `writeFrames` returns or throws.
    public private(set) var stats = PlayStats()

    public init(program: Program, source: SourceFile, options: PlayOptions = PlayOptions()) {
        self.program = program
        self.source = source
        self.options = options
    }

    /// A player for `--watch` on a script broken at launch: it shows the first error of the
    /// file at `path` over a blank picture and plays nothing until a save compiles, which then
    /// starts from tick 0 (as the REPL's `:watch` keeps the session until a good save). Nil
    /// when the file cannot be read or compiles after all.
    public static func awaitingFix(of path: String, options: PlayOptions) -> TerminalPlayer? {
        guard case .failed(let message) = ScriptWatcher.compile(path) else { return nil }
        let blank = SourceFile(name: path, text: "scene 320x240 { background #000000 }")
        guard let program = Compiler.compile(blank).0 else { return nil }
        let player = TerminalPlayer(program: program, source: blank, options: options)
        player.failure = message
        player.stalled = true
        player.awaitingFix = true
        player.showingError = true
        return player
    }
    /// Whether the script has not compiled yet (see `awaitingFix(of:options:)`).
    private(set) var awaitingFix = false

    /// The renderer for every frame of this player (its scratch memory and caches live as
    /// long as the player); rebuilt only when the options that shape it change.
    var cellRenderer: CellRenderer {
        let wanted = (options.cells, options.color, options.text == .cells)
        if let r = storedRenderer, (r.mode, r.color, r.textCells) == wanted, r.palette == options.palette { return r }
        let r = CellRenderer(mode: wanted.0, color: wanted.1, textCells: wanted.2, palette: options.palette)
        storedRenderer = r
        renderersBuilt += 1
        return r
    }
    private var storedRenderer: CellRenderer?
    /// How many renderers this player has built (one, unless the cell options changed).
    private(set) var renderersBuilt = 0

    /// Writes `ticks` frames of escape codes (ticks 0, 1, …) without pacing and without a
    /// status row, through the same drawing path as interactive playback: what `wave play`
    /// does when stdout is not a terminal, and what `wave play-bench` measures.
    public func writeFrames(ticks: Int, columns: Int, rows: Int, to out: ByteSink) throws -> PlayStats {
        stats = PlayStats()
        cursor = try SceneCursor(program: program)
        size = (max(1, columns), max(1, rows))
        let showStatus = options.showStatus
        options.showStatus = false
        writingToFile = true
        defer { options.showStatus = showStatus; writingToFile = false }
        screen = nil
        retiredBytes = 0
        drawn = nil
        shownPosition = nil
        for n in 0..<max(0, ticks) {
            if Interrupts.isInterrupted { throw Interrupted(signal: Interrupts.signalNumber) }
            try cursor?.move(to: n)
            position = n
            drawn = nil
            try draw(to: out)
            if let failure = out.writeFailure { throw failure }
            stats.ticks = n + 1
        }
        if ticks > 0 {
            // Leave a terminal that prints the file as it was: colours reset, the cursor on the
            // row below the picture, the last (a shell prompt then follows it without
            // scrolling the picture's top row off).
            out.write(CellSink.fileEnding(rows: size.rows))
            if let failure = out.writeFailure { throw failure }
        }
        return stats
    }

    // MARK: - Interactive playback

    var cursor: SceneCursor?
    var clock = PlaybackClock(now: 0)
    /// The terminal sink for the current size (nil until the first frame, and after a resize).
    var screen: CellSink?
    /// Bytes written by terminal sinks replaced since playback began.
    var retiredBytes = 0

    /// Replaces the terminal sink (the scene's size changed); its bytes stay counted.
    func retire(_ old: CellSink) {
        retiredBytes += old.bytesWritten
        screen = nil
    }
    var status = StatusLine()
    var size = (columns: 80, rows: 24)
    /// Playback position in clock ticks (the scene tick follows from it, see `SceneCursor`).
    var position = 0
    /// Whether `writeFrames` is drawing (no status row, the last row left to the cursor).
    var writingToFile = false
    /// The last playback position whose frame was on screen (see `noteShown`).
    var shownPosition: Int?
    var drawn: (tick: Int, status: StatusLine)?
    var drawTimes: [UInt64] = []
    /// When the last frame was drawn, and the shortest time between two frames (1/60 s).
    var lastDrawTime: UInt64?
    static let frameInterval: UInt64 = 16_666_666
    var lastGrid: CellGrid?
    /// A reload or runtime error shown in the status row, and a transient note with its expiry.
    var failure: String?
    var stalled = false
    var note: (text: String, until: UInt64)?

    /// Plays until `q`, Ctrl-C, SIGTERM or `tickLimit`; a signal is rethrown as `Interrupted`
    /// after the terminal is restored.
    /// `recorder`, when given, receives the frames instead of `terminal` (and passes them on).
    public func play(terminal: Terminal = Terminal(), keys: KeyReader = KeyReader(), recorder: ByteSink? = nil) throws -> PlayStats {
        let out: ByteSink = recorder ?? terminal
        stats = PlayStats()
        // Position 0 is played with the first frame; each later position as the clock reaches it.
        stats.ticks = 1
        shownPosition = nil
        Interrupts.installTerminalSignals()
        terminal.enter()
        defer { terminal.restore() }
        cursor = try SceneCursor(program: program)
        status.name = PathName.lastComponent(source.name)
        size = currentSize()
        screen = nil
        retiredBytes = 0
        position = 0
        drawn = nil
        try draw(to: out)
        clock = PlaybackClock(speed: options.speed, now: monotonicNanoseconds())
        let watcher = options.watch ? ScriptWatcher(path: source.name) : nil
        var nextWatch: UInt64 = 0
        while !Interrupts.isInterrupted {
            if Interrupts.takeSuspend() { suspend(terminal) }
            let newSize = currentSize()
            if Interrupts.takeResize() || newSize != size { size = newSize; screen?.invalidate(); drawn = nil }
            var now = monotonicNanoseconds()
            if let watcher, now >= nextWatch {
                if let change = watcher.check() { reload(change) }
                nextWatch = now + 250_000_000
            }
            let target = clock.tick(at: now)
            if let limit = options.tickLimit, target >= limit {
                // Positions 0 to limit - 1 are played, the last of them perhaps not shown.
                if !clock.isPaused { stats.ticks += limit - 1 - position; position = limit - 1 }
                break
            }
            try advance(to: target)
            try draw(to: out)
            now = monotonicNanoseconds()
            var wait = clock.wait(after: now) ?? 250_000_000
            // Above 1x, ticks come faster than a display shows frames: draw at most 60 a
            // second (the scene still steps every tick; skipped frames are counted). At 1x
            // and below ticks come at most 60 a second, and the next one is due one tick
            // after the last, not one frame interval after the last drawing ended: counting
            // from the end would add each frame's drawing time to the next wait, until the
            // delay passed a whole tick and one was skipped (about 1 in 16 at 1 ms a frame).
            if clock.speed > 1, let last = lastDrawTime, last + TerminalPlayer.frameInterval > now {
                wait = max(wait, last + TerminalPlayer.frameInterval - now)
            }
            if watcher != nil { wait = min(wait, 250_000_000) }
            if let note, note.until > now { wait = min(wait, note.until - now) }
            let pressed = keys.read(waiting: min(wait, 500_000_000))
            if try handle(pressed) { break }
        }
        // Positions played since the last one shown were passed over.
        if !clock.isPaused, let shown = shownPosition, position > shown { stats.framesSkipped += position - shown }
        if Interrupts.isInterrupted { terminal.restore(); throw Interrupted(signal: Interrupts.signalNumber) }
        return stats
    }

    func currentSize() -> (columns: Int, rows: Int) {
        let s = Terminal.size() ?? (80, 24)
        return (min(options.width ?? s.columns, s.columns, PlayOptions.maxColumns),
                min(options.height ?? s.rows, s.rows, PlayOptions.maxRows))
    }

    /// Moves the playback position to clock tick `target` and the scene with it.
    func advance(to target: Int) throws {
        if target > position && !clock.isPaused { stats.ticks += target - position }
        position = target
        // After a runtime error under --watch the picture holds until the script is fixed.
        guard !stalled, var cursor else { return }
        do {
            try cursor.move(to: cursor.sceneTick(at: position, loop: options.loop))
        } catch let error as RuntimeError where options.watch {
            failure = ScriptWatcher.describe(error.diagnostic, in: source)
            stalled = true
            return
        }
        self.cursor = cursor
    }

    /// Moves playback back to position 0, to be played again: the positions passed over
    /// since the last one shown are skipped.
    func rewind(now: UInt64) {
        if !clock.isPaused {
            if let shown = shownPosition, position > shown { stats.framesSkipped += position - shown }
            stats.ticks += 1
            shownPosition = nil
        }
        position = 0
        clock.seek(to: 0, now: now)
    }

    /// Counts the playback position as shown (its frame is on screen, drawn now or unchanged
    /// from the last, as a held last tick is) and the positions passed over since the last
    /// one shown as skipped: so while playing, every position played is counted once, drawn
    /// or skipped. Positions visited while paused count as neither, like their ticks.
    func noteShown() {
        defer { shownPosition = position }
        guard !clock.isPaused, shownPosition != position else { return }
        if let shown = shownPosition, position > shown { stats.framesSkipped += position - shown - 1 }
        stats.framesDrawn += 1
    }

    /// Draws the frame if the scene tick, the size or the status row changed.
    func draw(to terminal: ByteSink) throws {
        guard let cursor else { return }
        let now = monotonicNanoseconds()
        drawTimes.removeAll { $0 + 1_000_000_000 <= now }
        var line = status
        line.state = stalled ? .error : clock.isPaused ? .paused : cursor.hasEnded(at: position, loop: options.loop) ? .ended : .playing
        line.tick = cursor.tick
        line.speed = clock.speed
        line.fps = drawTimes.count
        if let note, note.until <= now { self.note = nil }
        line.message = failure ?? note?.text
        if line.message == nil, line.state == .ended {
            line.message = "ended at \(StatusText.time(ofTick: cursor.tick)); r restarts, q quits"
        }
        line.showsKeys = options.keysReadable
        line.isError = failure != nil
        let statusRows = options.showStatus && size.rows >= 2 ? 1 : 0
        // Frames for a file leave their last row to the cursor, as the status row would.
        let pictureRows = writingToFile ? CellSink.pictureRowsInFile(rows: size.rows) : size.rows - statusRows
        if let drawn, drawn.tick == cursor.tick, drawn.status == line || statusRows == 0 { return noteShown() }
        let start = monotonicNanoseconds()
        if let old = screen, old.columns != size.columns || old.rows != size.rows || old.sceneWidth != program.scene.width
            || old.sceneHeight != program.scene.height || old.pictureRows != pictureRows {
            old.resize(columns: size.columns, rows: size.rows, pictureRows: pictureRows)
            if old.sceneWidth != program.scene.width || old.sceneHeight != program.scene.height { retire(old) }
        }
        let sink = screen ?? CellSink(renderer: cellRenderer, sceneWidth: program.scene.width, sceneHeight: program.scene.height,
                                      columns: size.columns, rows: size.rows, pictureRows: pictureRows, out: terminal)
        screen = sink
        var grid = CellGrid(columns: size.columns, rows: size.rows)
        do {
            let (frame, runs) = try cursor.runtime.frame(for: sink.request)
            grid = sink.grid(for: SinkFrame(frame: frame, textRuns: runs, pixels: nil, time: .everyTick(cursor.tick)))
        } catch let error as RuntimeError where options.watch {
            // The frame cannot be built: keep the last picture, say why, wait for a fix.
            failure = ScriptWatcher.describe(error.diagnostic, in: source)
            stalled = true
            (line.state, line.message, line.isError) = (.error, failure, true)
            if let last = lastGrid, last.columns == grid.columns, last.rows == grid.rows { grid = last }
        }
        lastGrid = grid
        if let failure, showingError { TerminalPlayer.overlay(failure, on: &grid, rows: pictureRows) }
        if let failure, !showingError, statusRows == 1, line.text(width: size.columns).count > size.columns {
            // Too long for the row: cut it, and say how to read the rest.
            let head = line.text(width: Int.max).count - failure.count
            let hint = " …(e)"
            line.message = String(failure.prefix(max(0, size.columns - head - hint.count))) + hint
        }
        if statusRows == 1 { line.draw(into: &grid, row: size.rows - 1, color: options.color, palette: options.palette) }
        sink.write(grid)
        // Frames for a file start from a known cursor and colours, as a cast's do (so a
        // recording equals `wave render -o x.cast`, whose shards join).
        if writingToFile { sink.forgetCursor() }
        let end = monotonicNanoseconds()
        stats.frameMilliseconds.append(Double(end - start) / 1e6)
        noteShown()
        stats.bytesWritten = retiredBytes + sink.bytesWritten
        if drawn?.tick != cursor.tick { drawTimes.append(end) }
        lastDrawTime = end
        drawn = (cursor.tick, line)
        status = line
    }

    /// Whether the whole failure is shown over the picture (`e`).
    var showingError = false

    /// Writes `text` over the top of the picture, wrapped to the grid's width, light on dark
    /// red, so an error longer than the status row can be read whole.
    static func overlay(_ text: String, on grid: inout CellGrid, rows: Int) {
        let width = max(1, grid.columns - 2)
        var lines: [String] = []
        for paragraph in text.components(separatedBy: "\n") {
            var rest = Substring(paragraph)
            repeat {
                lines.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            } while !rest.isEmpty
        }
        let bg = CellColor.rgb(0x5A1010), fg = CellColor.rgb(0xFFE0E0)
        for (y, line) in lines.prefix(max(0, rows)).enumerated() {
            let chars = Array(" " + line)
            for x in 0..<grid.columns {
                let scalar = x < chars.count ? CellRenderer.cellScalar(chars[x]) : nil
                grid[x, y] = scalar.map { Cell($0, foreground: fg, background: bg) } ?? .solid(bg)
            }
        }
    }

    /// Acts on keys; true to quit.
    func handle(_ keys: [Key]) throws -> Bool {
        let now = monotonicNanoseconds()
        for key in keys {
            switch key {
            case .quit: return true
            case .pause: clock.setPaused(!clock.isPaused, now: now)
            case .stepForward where clock.isPaused: position += 1; clock.seek(to: position, now: now)
            case .stepBack where clock.isPaused: position = max(0, position - 1); clock.seek(to: position, now: now)
            case .stepForward, .stepBack: break
            case .restart:
                rewind(now: now)
                try cursor?.move(to: 0)
            case .showError: showingError.toggle(); drawn = nil
            case .faster: clock.setSpeed(min(64, clock.speed * 2), now: now)
            case .slower: clock.setSpeed(max(1.0 / 64, clock.speed / 2), now: now)
            }
        }
        if !keys.isEmpty { try advance(to: clock.tick(at: now)) }
        return false
    }

    /// Takes a new version from the watcher: a compiled one is carried to the current scene
    /// tick without replaying it (`SceneRuntime.reload`) and replaces the old; a broken one
    /// (or one that fails on the way) only shows its first error, and the last good version
    /// keeps playing.
    func reload(_ change: ScriptWatcher.Change) {
        switch change {
        case .failed(let message):
            failure = message
        case .compiled(let newProgram, let newSource):
            do {
                if awaitingFix {
                    // The first good version: play it from the start.
                    cursor = nil
                    rewind(now: monotonicNanoseconds())
                }
                var next: SceneCursor
                if let cursor {
                    next = try SceneCursor(program: newProgram, at: SceneRuntime.reload(newProgram, keeping: cursor.runtime))
                } else {
                    next = try SceneCursor(program: newProgram)
                }
                try next.move(to: next.sceneTick(at: position, loop: options.loop))
                cursor = next
                program = newProgram
                source = newSource
                failure = nil
                stalled = false
                awaitingFix = false
                showingError = false
                note = ("reloaded \(status.name)", monotonicNanoseconds() + 2_000_000_000)
                drawn = nil
            } catch let error as RuntimeError {
                failure = ScriptWatcher.describe(error.diagnostic, in: newSource)
            } catch {
                failure = "\(error)"
            }
        }
    }

    /// Ctrl-Z: hands the terminal back, stops, and takes it again on `fg`.
    func suspend(_ terminal: Terminal) {
        let now = monotonicNanoseconds()
        let wasPaused = clock.isPaused
        clock.setPaused(true, now: now)
        terminal.restore()
        Interrupts.defaultSuspend()
        raise(SIGTSTP)
        Interrupts.installTerminalSignals()
        terminal.enter()
        screen?.invalidate()
        drawn = nil
        if !wasPaused { clock.setPaused(false, now: monotonicNanoseconds()) }
    }
}
