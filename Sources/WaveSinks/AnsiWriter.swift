/// Encodes cell grids as ANSI escape sequences. Only cells that differ from the previous
/// grid are written; the cursor moves only when the next changed cell is not where the
/// cursor already is, and SGR colours are sent only when they change.
public struct AnsiWriter {
    var previous: CellGrid?
    public private(set) var bytesWritten = 0

    public init() {}

    /// Forgets what is on screen (after a resize or a clear), so the next frame is whole.
    public mutating func invalidate() { previous = nil }

    /// The bytes that turn the screen from the previous grid into `grid`, wrapped in
    /// synchronized-output markers (DEC mode 2026) so terminals show the frame at once.
    public mutating func encode(_ grid: CellGrid, synchronized: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(grid.columns * grid.rows * 8)
        if synchronized { out += Array("\u{1B}[?2026h".utf8) }
        let full = previous.map { $0.columns != grid.columns || $0.rows != grid.rows } ?? true
        if full { out += Array("\u{1B}[0m\u{1B}[2J".utf8) }
        var cursor: (Int, Int)? = nil
        var fg: UInt32?? = .none, bg: UInt32?? = .none
        if full { fg = .some(nil); bg = .some(nil) }
        for y in 0..<grid.rows {
            for x in 0..<grid.columns {
                let cell = grid[x, y]
                if !full, let prev = previous, prev[x, y] == cell { continue }
                if cell == .blank && full { continue }
                if cursor.map({ $0 != (x, y) }) ?? true {
                    out += Array("\u{1B}[\(y + 1);\(x + 1)H".utf8)
                }
                if fg != .some(cell.foreground) || bg != .some(cell.background) {
                    out += AnsiWriter.sgr(cell.foreground, cell.background)
                    fg = .some(cell.foreground)
                    bg = .some(cell.background)
                }
                out += Array(String(cell.character).utf8)
                cursor = x + 1 < grid.columns ? (x + 1, y) : nil
            }
        }
        out += Array("\u{1B}[0m".utf8)
        if synchronized { out += Array("\u{1B}[?2026l".utf8) }
        previous = grid
        bytesWritten += out.count
        return out
    }

    static func sgr(_ fg: UInt32?, _ bg: UInt32?) -> [UInt8] {
        var s = "\u{1B}[0"
        if let fg { s += ";38;2;\((fg >> 16) & 0xff);\((fg >> 8) & 0xff);\(fg & 0xff)" }
        if let bg { s += ";48;2;\((bg >> 16) & 0xff);\((bg >> 8) & 0xff);\(bg & 0xff)" }
        return Array((s + "m").utf8)
    }
}
