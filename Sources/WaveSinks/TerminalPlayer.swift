import Foundation
import WaveCompiler
import WaveGraphics
import WaveRuntime

/// Renders scene frames into terminal cells: the scene is scaled to fit the grid with its
/// aspect kept (a cell shows two square pixels, one above the other) and centred.
public struct CellRenderer {
    public var columns: Int
    public var rows: Int
    let renderer = Renderer()

    public init(columns: Int, rows: Int) { self.columns = max(1, columns); self.rows = max(1, rows) }

    public func scale(for scene: SceneIR) -> Double {
        min(Double(columns) / Double(scene.width), Double(rows * 2) / Double(scene.height))
    }

    public func grid(for runtime: SceneRuntime) throws -> CellGrid {
        let frame = try runtime.frame(scale: scale(for: runtime.scene))
        let pixmap = renderer.render(frame.items, width: frame.width, height: frame.height, background: frame.background)
        var grid = CellGrid(columns: columns, rows: rows)
        let bg = runtime.scene.background
        let backdrop = bg.a > 0 ? (UInt32(bg.r * 255 + 0.5) << 16) | (UInt32(bg.g * 255 + 0.5) << 8) | UInt32(bg.b * 255 + 0.5) : 0
        grid.drawHalfBlocks(pixmap, column: (columns - frame.width) / 2, pixelRow: (rows * 2 - frame.height) / 2, backdrop: backdrop)
        return grid
    }
}

/// What `wave play --stats` reports.
public struct PlayStats: Sendable {
    public var ticks = 0
    public var framesDrawn = 0
    public var framesSkipped = 0
    public var bytesWritten = 0
    public var frameMilliseconds: [Double] = []

    public var summary: String {
        let sorted = frameMilliseconds.sorted()
        let mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
        let p95 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
        return String(format: "ticks %d, frames drawn %d, frames skipped %d, bytes written %d, frame time mean %.2f ms, p95 %.2f ms",
                      ticks, framesDrawn, framesSkipped, bytesWritten, mean, p95)
    }
}

/// Plays a scene in the terminal at 60 ticks per wall-clock second. When drawing falls
/// behind, frames are skipped, never ticks. `q` or Ctrl-C quits; the terminal is always
/// restored.
public final class TerminalPlayer {
    let program: Program
    public var speed = 1.0
    public var loop = false
    public var fixedColumns: Int?
    public var fixedRows: Int?

    public init(program: Program) { self.program = program }

    /// Writes `ticks` frames of escape codes without pacing (stdout is not a terminal).
    public func writeFrames(ticks: Int, columns: Int, rows: Int, to fd: Int32 = STDOUT_FILENO) throws -> PlayStats {
        var stats = PlayStats()
        var runtime = try SceneRuntime(program: program)
        let cells = CellRenderer(columns: columns, rows: rows)
        var writer = AnsiWriter()
        let out = Terminal(fd: fd)
        for n in 0..<max(0, ticks) {
            if Interrupts.isInterrupted { throw Interrupted(signal: Interrupts.signalNumber) }
            if n > 0 { try runtime.step() }
            let bytes = writer.encode(try cells.grid(for: runtime))
            out.write(bytes)
            stats.ticks = n + 1
            stats.framesDrawn += 1
        }
        stats.bytesWritten = writer.bytesWritten
        return stats
    }

    /// Interactive playback until `q`, Ctrl-C or SIGTERM.
    public func play() throws -> PlayStats {
        var stats = PlayStats()
        let terminal = Terminal()
        terminal.enter()
        defer { terminal.restore() }
        var runtime = try SceneRuntime(program: program)
        var writer = AnsiWriter()
        var size = currentSize()
        var start = DispatchTime.now().uptimeNanoseconds
        var drawnTick = -1
        let endTick = program.scene.durationTicks
        while true {
            if Interrupts.isInterrupted { break }
            let now = DispatchTime.now().uptimeNanoseconds
            let elapsedTicks = Int(Double(now - start) / 1e9 * 60 * speed)
            let keys = Terminal.readKeys(timeoutMilliseconds: 0)
            if keys.contains(UInt8(ascii: "q")) || keys.contains(3) { break }
            var target = elapsedTicks
            if let end = endTick, target >= end {
                if loop {
                    runtime = try SceneRuntime(program: program)
                    start = now
                    target = 0
                    drawnTick = -1
                } else {
                    target = end - 1
                }
            }
            while runtime.tick < target && !runtime.isStopped {
                try runtime.step()
                stats.ticks += 1
                if runtime.tick < target { stats.framesSkipped += 1 }
            }
            let newSize = currentSize()
            if newSize != size { size = newSize; writer.invalidate(); drawnTick = -1 }
            if runtime.tick != drawnTick {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let grid = try CellRenderer(columns: size.0, rows: size.1).grid(for: runtime)
                terminal.write(writer.encode(grid))
                drawnTick = runtime.tick
                stats.framesDrawn += 1
                stats.frameMilliseconds.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            // Sleep until the next tick is due (or a key arrives).
            let next = start + UInt64(Double(elapsedTicks + 1) / (60 * speed) * 1e9)
            let after = DispatchTime.now().uptimeNanoseconds
            let wait = next > after ? (next - after) / 1_000_000 : 0
            let more = Terminal.readKeys(timeoutMilliseconds: Int32(min(wait, 100)))
            if more.contains(UInt8(ascii: "q")) || more.contains(3) { break }
        }
        stats.bytesWritten = writer.bytesWritten
        return stats
    }

    func currentSize() -> (Int, Int) {
        let s = Terminal.size() ?? (80, 24)
        return (fixedColumns ?? s.columns, fixedRows ?? s.rows)
    }
}
