import Foundation
import WaveCompiler
import WaveGraphics
import WaveRuntime

/// Where the picture goes in a grid: the scene is scaled to fit with its aspect kept and
/// centred. A cell is taken to be twice as tall as wide, so it holds `pixelColumns` square
/// pixels across and twice that down; the cell modes whose pixels are not square get them
/// by averaging rows of square pixels (`PixelCanvas.resampledRows`).
public struct CellLayout: Equatable, Sendable {
    public var scale: Double
    /// The picture's first cell and its size in cells.
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int

    public init(scene: SceneIR, columns: Int, rows: Int, mode: CellMode) {
        let pw = mode.pixelColumns
        let availableWidth = Double(max(1, columns) * pw), availableHeight = Double(max(1, rows) * 2 * pw)
        scale = min(availableWidth / Double(scene.width), availableHeight / Double(scene.height))
        let frameWidth = max(1, Int((Double(scene.width) * scale).rounded()))
        let frameHeight = max(1, Int((Double(scene.height) * scale).rounded()))
        self.columns = min(max(1, columns), (frameWidth + pw - 1) / pw)
        self.rows = min(max(1, rows), (frameHeight + 2 * pw - 1) / (2 * pw))
        column = (columns - self.columns) / 2
        row = (rows - self.rows) / 2
    }
}

/// Draws scene frames into cells: frame → pixels (WaveGraphics) → square-pixel canvas →
/// cell pixels → cells, and with `textCells`, small text layers as real characters.
public struct CellRenderer: Sendable {
    public var mode: CellMode
    public var color: ColorMode
    public var textCells: Bool
    let renderer = Renderer()

    public init(mode: CellMode = .half, color: ColorMode = .truecolor, textCells: Bool = false) {
        self.mode = mode
        self.color = color
        self.textCells = textCells
    }

    /// The scene's background over black, as 0xRRGGBB.
    public static func backdrop(_ scene: SceneIR) -> UInt32 {
        let bg = scene.background
        func channel(_ c: Double) -> UInt32 { UInt32((min(1, max(0, c * bg.a)) * 255).rounded()) }
        return channel(bg.r) << 16 | channel(bg.g) << 8 | channel(bg.b)
    }

    /// A grid of `columns` × `rows` cells showing the runtime's current frame.
    public func grid(for runtime: SceneRuntime, columns: Int, rows: Int) throws -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        try draw(runtime, into: &grid, rows: rows)
        return grid
    }

    /// Draws the current frame into the top `rows` rows of `grid` (the rest is untouched).
    public func draw(_ runtime: SceneRuntime, into grid: inout CellGrid, rows: Int) throws {
        let layout = CellLayout(scene: runtime.scene, columns: grid.columns, rows: min(rows, grid.rows), mode: mode)
        let pw = mode.pixelColumns
        let frame: Frame, runs: [TextCellRun]
        if textCells {
            // Text up to four rows tall becomes characters; taller text stays outlines.
            (frame, runs) = try runtime.frameWithTextCells(scale: layout.scale, maxLineHeight: Double(8 * pw))
        } else {
            (frame, runs) = (try runtime.frame(scale: layout.scale), [])
        }
        let backdrop = CellRenderer.backdrop(runtime.scene)
        let pixmap = renderer.render(frame.items, width: frame.width, height: frame.height, background: frame.background)
        var canvas = PixelCanvas(width: layout.columns * pw, height: layout.rows * 2 * pw, fill: backdrop)
        canvas.draw(pixmap)
        canvas = canvas.resampledRows(from: 2 * pw, to: mode.pixelRows)
        let encoder = CellEncoder(mode: mode, color: color, backdrop: backdrop)
        encoder.encode(canvas, into: &grid, column: layout.column, row: layout.row)
        for run in runs { place(run, layout: layout, canvas: canvas, encoder: encoder, into: &grid) }
    }

    /// Writes a text run's characters into consecutive cells centred on the run (so the
    /// text reads as text at any scale), in the text's colour blended over the mean colour
    /// of the picture under each cell. Characters that are not one single-width scalar, and
    /// letters not showing at this tick, leave the picture as it is.
    func place(_ run: TextCellRun, layout: CellLayout, canvas: PixelCanvas, encoder: CellEncoder, into grid: inout CellGrid) {
        let pw = mode.pixelColumns, ph = mode.pixelRows
        let row = Int((run.centerY / Double(2 * pw)).rounded(.down))
        let first = Int((run.centerX / Double(pw) - Double(run.glyphs.count) / 2).rounded())
        guard row >= 0, row < layout.rows else { return }
        for (i, glyph) in run.glyphs.enumerated() {
            let column = first + i
            guard column >= 0, column < layout.columns, let scalar = CellRenderer.cellScalar(glyph.character) else { continue }
            let alpha = min(1, max(0, glyph.color.a))
            guard alpha >= (color == .none ? 0.5 : 0.05) else { continue }
            var block: [UInt32] = []
            for y in 0..<ph { for x in 0..<pw { block.append(canvas[column * pw + x, row * ph + y]) } }
            let under = encoder.mean(block, mask: nil, all: true)
            let text = CellRenderer.blend(glyph.color, alpha: alpha, over: under)
            let gx = layout.column + column, gy = layout.row + row
            guard gx < grid.columns, gy < grid.rows else { continue }
            let reducer = encoder.reducer
            grid[gx, gy] = Cell(scalar, foreground: reducer.reduce(text, x: gx, y: 2 * gy), background: reducer.reduce(under, x: gx, y: 2 * gy + 1))
        }
    }

    static func blend(_ c: Color, alpha: Double, over under: UInt32) -> UInt32 {
        func channel(_ v: Double, _ shift: UInt32) -> UInt32 {
            let u = Double(under >> shift & 0xff) / 255
            return UInt32((min(1, max(0, v * alpha + u * (1 - alpha))) * 255).rounded()) << shift
        }
        return channel(c.r, 16) | channel(c.g, 8) | channel(c.b, 0)
    }

    /// The scalar to draw for a character, if it is one printable, single-width scalar
    /// (after composing accents); nil for spaces, controls, wide and combining characters.
    static func cellScalar(_ c: Character) -> Unicode.Scalar? {
        let composed = String(c).precomposedStringWithCanonicalMapping.unicodeScalars
        guard composed.count == 1, let s = composed.first else { return nil }
        let v = s.value
        guard v > 0x20, v != 0x7F, !(0x80..<0xA0).contains(v), !s.properties.isWhitespace else { return nil }
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control, .surrogate, .privateUse, .unassigned: return nil
        default: break
        }
        if s.properties.isEmojiPresentation { return nil }
        let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                                           0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                                           0xFFE0...0xFFE6, 0x20000...0x3FFFD]
        return wide.contains { $0.contains(v) } ? nil : s
    }
}
