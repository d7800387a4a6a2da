import WaveSinks
/// The one-line status bar under the picture: state, time and tick, speed, frame rate, and
/// either the script's name with the keys or a message (a reload error, "reloaded").
///
/// Drawn light on dark grey in the colour modes; without colour (NO_COLOR or `--color
/// none`) it is plain text in the terminal's own colours.
public struct StatusLine: Equatable, Sendable {
    public enum State: String, Sendable { case playing, paused, ended = "end", error }

    public var state: State = .playing
    public var tick = 0
    public var speed = 1.0
    public var fps = 0
    public var name = ""
    /// Replaces the key help when set; `isError` draws it in red.
    public var message: String?
    public var isError = false
    /// Whether the key help may be shown (not when keys cannot be read).
    public var showsKeys = true

    public init() {}

    /// The status text for a row `width` cells wide: the key help is shortened, then left
    /// out, when it does not fit; a message is cut at the edge.
    public func text(width: Int) -> String {
        // The frame rate only while frames come: paused or ended, a falling count would
        // read as a stall.
        let rate = state == .playing ? "  \(fps) fps" : ""
        let head = " \(state.rawValue)  \(StatusText.time(ofTick: tick))  tick \(tick)  \(StatusText.speed(speed))\(rate)  | "
        if let message { return head + message }
        for help in showsKeys ? ["q quit, space pause, <-/-> step, r restart, +/- speed", "q quit, space pause", ""] : [""] {
            let candidate = head + name + (help.isEmpty ? "" : "  " + help)
            if candidate.count <= width || help.isEmpty { return candidate }
        }
        return head + name
    }

    /// Fills row `row` of `grid` with the status text, cut to the grid's width, in the
    /// colours of `palette` nearest its own.
    public func draw(into grid: inout CellGrid, row: Int, color: ColorMode, palette: TerminalPalette = .xterm) {
        guard row >= 0, row < grid.rows else { return }
        func nearest(_ rgb: UInt32) -> CellColor { ColorReducer.nearest(rgb, mode: color, terminal: palette) }
        let bg = nearest(0x303030)
        var plain = nearest(0xD0D0D0)
        var red = nearest(0xFF8080)
        // With few colours the dark grey may be the terminal's black: keep the text apart.
        if plain == bg { plain = nearest(0xFFFFFF) }
        if red == bg || red == plain { red = nearest(0xFF0000) }
        let text = self.text(width: grid.columns)
        let prefixLength = text.count - (message?.count ?? 0)
        var scalars = Array(text).map { CellRenderer.cellScalar($0) }
        scalars += Array(repeating: nil, count: max(0, grid.columns - scalars.count))
        for x in 0..<grid.columns {
            guard let s = scalars[x] else { grid[x, row] = .solid(bg); continue }
            let fg = isError && message != nil && x >= prefixLength ? red : plain
            grid[x, row] = Cell(s, foreground: fg, background: bg)
        }
    }
}
