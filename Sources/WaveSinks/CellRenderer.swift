import Foundation
import WaveGeometry
import WaveGraphics
import WaveAccelerator

/// Where the picture goes in a grid: the scene is scaled to fit with its aspect kept and
/// centred, in the whole cells it covers. A cell is taken to be twice as tall as wide, so it holds `pixelColumns` square
/// pixels across and twice that down; the cell modes whose pixels are not square get them
/// by averaging rows of square pixels (`PixelCanvas.resampledRows`).
public struct CellLayout: Equatable, Sendable {
    public var scale: Double
    /// The picture's first cell and its size in cells.
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int

    /// The layout of a `sceneWidth` × `sceneHeight` scene in `columns` × `rows` cells.
    public init(sceneWidth: Int, sceneHeight: Int, columns: Int, rows: Int, mode: CellMode) {
        let pw = mode.pixelColumns
        let availableWidth = Double(max(1, columns) * pw), availableHeight = Double(max(1, rows) * 2 * pw)
        scale = min(availableWidth / Double(max(1, sceneWidth)), availableHeight / Double(max(1, sceneHeight)))
        // Only cells the scaled scene covers whole: a last column or row it covers in part
        // would show the backdrop in the rest (or an edge pixel blended with it), a darker
        // band. Less than a cell of the scene is left out instead.
        let slack = 1e-9
        let coveredColumns = Int((Double(sceneWidth) * scale / Double(pw) + slack).rounded(.down))
        let coveredRows = Int((Double(sceneHeight) * scale / Double(2 * pw) + slack).rounded(.down))
        self.columns = min(max(1, columns), max(1, coveredColumns))
        self.rows = min(max(1, rows), max(1, coveredRows))
        column = (columns - self.columns) / 2
        row = (rows - self.rows) / 2
    }
}

/// Draws frames into cells: frame → pixels (WaveGraphics) → square-pixel canvas → cell
/// pixels → cells, and text runs as real characters.
///
/// Keep one renderer for a whole session: it holds the rasterizer's scratch memory and
/// caches, which a fresh renderer per frame would throw away.
public struct CellRenderer: Sendable {
    public var mode: CellMode
    public var color: ColorMode
    /// Whether small text layers are drawn as characters (the frame must then be built with
    /// `request(for:)`'s `textRunMaxLineHeight`).
    public var textCells: Bool
    /// Asks `WAVE_ACCEL`'s accelerator first, like the frame pipeline's.
    let renderer = Accelerator.current.renderer()
    /// Colour plans worked out for earlier frames (256 and 16 colours): a picture changes
    /// little from frame to frame, so most of its colours are planned once a session.
    let memos: ObjectPool<ReducerMemo>
    /// The colours the terminal shows: its 16 colours (matched in 16 and 8 colours) and its
    /// background (under a scene whose background is not opaque).
    public let palette: TerminalPalette

    public init(mode: CellMode = .half, color: ColorMode = .truecolor, textCells: Bool = false, palette: TerminalPalette = .xterm) {
        self.mode = mode
        self.color = color
        self.textCells = textCells
        self.palette = palette
        memos = ObjectPool<ReducerMemo>(make: { ReducerMemo(palette: palette) })
    }

    /// A scene's background as the terminal shows it, 0xRRGGBB: over the terminal's own
    /// background where it is known, else over black.
    public func backdrop(_ bg: Color) -> UInt32 {
        CellRenderer.backdrop(bg, over: palette.background ?? 0)
    }

    /// `bg` over the opaque colour `under` (0xRRGGBB), as 0xRRGGBB.
    public static func backdrop(_ bg: Color, over under: UInt32 = 0) -> UInt32 {
        let a = min(1, max(0, bg.a))
        func channel(_ c: Double, _ shift: UInt32) -> UInt32 {
            let below = Double(under >> shift & 0xff) / 255
            return UInt32((min(1, max(0, c * a + below * (1 - a))) * 255).rounded()) << shift
        }
        return channel(bg.r, 16) | channel(bg.g, 8) | channel(bg.b, 0)
    }

    /// Where a scene goes in `rows` × `columns` cells, and so the frame the driver builds.
    public func layout(sceneWidth: Int, sceneHeight: Int, columns: Int, rows: Int) -> CellLayout {
        CellLayout(sceneWidth: sceneWidth, sceneHeight: sceneHeight, columns: columns, rows: rows, mode: mode)
    }

    /// The frame this renderer needs for `layout`: a display list at the layout's scale, and
    /// with `textCells`, text up to four rows tall as text runs (taller text stays outlines).
    public func request(for layout: CellLayout) -> FrameRequest {
        FrameRequest(input: .displayList, scale: layout.scale,
                     textRunMaxLineHeight: textCells ? Double(8 * mode.pixelColumns) : nil)
    }

    /// Draws `frame` (built at `layout.scale`) and its text runs into the top rows of `grid`
    /// that `layout` covers (the rest is untouched). `backdrop` is the scene's background
    /// over black, 0xRRGGBB: the colour around the picture.
    public func draw(_ frame: Frame, textRuns: [TextCellRun] = [], layout: CellLayout, backdrop: UInt32, into grid: inout CellGrid) {
        let pw = mode.pixelColumns
        func canvas(of items: [DisplayItem]) -> PixelCanvas {
            let pixmap = renderer.render(items, width: frame.width, height: frame.height, background: frame.background)
            var canvas = PixelCanvas(width: layout.columns * pw, height: layout.rows * 2 * pw, fill: backdrop)
            canvas.draw(pixmap)
            return canvas.resampledRows(from: 2 * pw, to: mode.pixelRows)
        }
        let picture = canvas(of: frame.items)
        // Without colour, and in ascii, a pixel shows where it differs from what lies behind:
        // the scene's background, and the full-bleed fills it starts with (ocean's sky),
        // which would otherwise make the whole picture one block (or, in ascii, characters
        // on black).
        let behind = color == .none || mode == .ascii ? CellRenderer.fullBleedPrefix(of: frame) : 0
        let memo = memos.take()
        defer { memos.give(memo) }
        let encoder = CellEncoder(mode: mode, color: color, backdrop: backdrop, transparentBackdrop: frame.background.a == 0, memo: memo)
        encoder.encode(picture, behind: behind > 0 ? canvas(of: Array(frame.items.prefix(behind))) : nil,
                       into: &grid, column: layout.column, row: layout.row)
        for run in textRuns { place(run, layout: layout, canvas: picture, encoder: encoder, into: &grid) }
    }

    /// How many of the frame's first items are fills covering the whole frame (a sky, a
    /// backdrop rectangle): what lies behind the rest. A scaled scene's frame is a whole
    /// number of pixels, so a fill may stop short of its last column or row by less than a
    /// pixel (ocean's sky at 80x24 ends at 159.6 of 160): that still covers it (the
    /// picture of what lies behind has the same partly covered edge).
    static func fullBleedPrefix(of frame: Frame) -> Int {
        var n = 0
        for item in frame.items {
            guard case .fill(let path, _, _, _) = item, let box = path.bounds, box.minX < 1, box.minY < 1,
                  box.maxX > Double(frame.width) - 1, box.maxY > Double(frame.height) - 1 else { break }
            n += 1
        }
        return n
    }

    /// Writes a text run's characters into consecutive cells around the layer's anchor (so
    /// the text reads as text at any scale and keeps its alignment), in the text's colour blended over the mean colour
    /// of the picture under each cell. Characters that are not one single-width scalar, and
    /// letters not showing at this tick, leave the picture as it is.
    func place(_ run: TextCellRun, layout: CellLayout, canvas: PixelCanvas, encoder: CellEncoder, into grid: inout CellGrid) {
        let pw = mode.pixelColumns, ph = mode.pixelRows
        let row = Int((run.centerY / Double(2 * pw)).rounded(.down))
        // The anchor stays where the layer puts it: centred text is centred on its centre,
        // left-anchored text starts at its left edge, right-anchored ends at its right edge.
        let first = Int((run.anchorX / Double(pw) - run.alignment * Double(run.glyphs.count)).rounded())
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
    public static func cellScalar(_ c: Character) -> Unicode.Scalar? {
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
