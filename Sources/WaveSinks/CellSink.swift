import WaveGeometry
import WaveGraphics

/// The terminal as a frame sink: each frame becomes a grid of cells (`CellRenderer`) and
/// the escape codes that change the screen from the last grid (`AnsiWriter`), written to a
/// `ByteSink`.
///
/// One sink (and so one renderer with its scratch memory and caches) serves a whole
/// session; a resize only changes its layout. An interactive player that adds a status row
/// calls `grid(for:)` and `write(_:)` itself; `consume` is both in one.
public final class CellSink: FrameSink {
    public private(set) var renderer: CellRenderer
    public let schedule: [TimedTick]
    public private(set) var layout: CellLayout
    /// The grid's size in cells, and how many of its rows the picture may use.
    public private(set) var columns: Int
    public private(set) var rows: Int
    public private(set) var pictureRows: Int
    public let sceneWidth: Int, sceneHeight: Int
    let out: ByteSink
    var writer = AnsiWriter()

    /// - Parameters:
    ///   - pictureRows: rows for the picture (the rest stays blank, e.g. for a status row).
    ///   - schedule: the ticks to show (for `consume`; an interactive player paces itself).
    public init(renderer: CellRenderer, sceneWidth: Int, sceneHeight: Int, columns: Int, rows: Int,
                pictureRows: Int? = nil, schedule: [TimedTick] = [], out: ByteSink) {
        self.renderer = renderer
        self.sceneWidth = sceneWidth
        self.sceneHeight = sceneHeight
        self.schedule = schedule
        self.out = out
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.pictureRows = min(self.rows, max(1, pictureRows ?? rows))
        layout = renderer.layout(sceneWidth: sceneWidth, sceneHeight: sceneHeight, columns: self.columns, rows: self.pictureRows)
    }

    public var request: FrameRequest { renderer.request(for: layout) }

    /// Frames written to a file or a recording are shown again in a terminal of the grid's
    /// size (`cat frames.ans`, `asciinema play`): the picture takes every row but the last,
    /// and `fileEnding` parks the cursor on that last row with the colours reset, so a shell
    /// prompt printed there scrolls nothing off. A one-row grid keeps its row.
    public static func pictureRowsInFile(rows: Int) -> Int { rows >= 2 ? rows - 1 : max(1, rows) }

    /// What ends frames written to a file of `rows` rows (see `pictureRowsInFile`).
    public static func fileEnding(rows: Int) -> [UInt8] { Array("\u{1B}[0m\u{1B}[\(max(1, rows));1H".utf8) }

    /// Bytes written so far.
    public var bytesWritten: Int { writer.bytesWritten }

    /// Changes the grid's size; the next frame is drawn whole.
    public func resize(columns: Int, rows: Int, pictureRows: Int? = nil) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.pictureRows = min(self.rows, max(1, pictureRows ?? rows))
        layout = renderer.layout(sceneWidth: sceneWidth, sceneHeight: sceneHeight, columns: self.columns, rows: self.pictureRows)
        writer.invalidate()
    }

    /// Forgets what is on screen, so the next frame is drawn whole.
    public func invalidate() { writer.invalidate() }

    /// Forgets the cursor and colours but not the screen: the next frame starts with a
    /// cursor move and its colours in full (see `AnsiWriter.forgetCursor`).
    public func forgetCursor() { writer.forgetCursor() }

    /// The cells for `frame`, which must be built as `request` says.
    public func grid(for frame: SinkFrame) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        renderer.draw(frame.frame, textRuns: frame.textRuns, layout: layout,
                      backdrop: renderer.backdrop(frame.frame.background), into: &grid)
        return grid
    }

    /// Writes what changes the screen to `grid`.
    public func write(_ grid: CellGrid) { out.write(writer.encode(grid)) }

    public func consume(_ frame: SinkFrame) throws { write(grid(for: frame)) }
    public func finish() throws {}
    public func abort() {}
}
