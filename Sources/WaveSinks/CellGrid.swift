import WaveGraphics

/// One terminal cell: a character with foreground and background colours (24-bit RGB,
/// or nil for the terminal's default).
public struct Cell: Equatable, Sendable {
    public var character: Character
    public var foreground: UInt32?
    public var background: UInt32?
    public static let blank = Cell(character: " ", foreground: nil, background: nil)
}

/// A grid of cells, filled from a rendered picture with upper-half blocks: each cell shows
/// two vertically stacked pixels, the top one as the foreground of '▀', the bottom one as
/// the background.
public struct CellGrid: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    public var cells: [Cell]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * columns + x] }
        set { cells[y * columns + x] = newValue }
    }

    /// Draws `pixmap` with its top-left pixel at cell column `x0`, pixel row `py0` (in half
    /// cells), composited over `backdrop`.
    public mutating func drawHalfBlocks(_ pixmap: Pixmap, column x0: Int, pixelRow py0: Int, backdrop: UInt32) {
        let br = (backdrop >> 16) & 0xff, bgc = (backdrop >> 8) & 0xff, bb = backdrop & 0xff
        func rgb(_ px: Int, _ py: Int) -> UInt32? {
            guard px >= 0, py >= 0, px < pixmap.width, py < pixmap.height else { return nil }
            let i = (py * pixmap.width + px) * 4
            let d = pixmap.data
            // Premultiplied source over an opaque backdrop.
            let a = UInt32(d[i + 3]), ia = 255 - a
            let r = UInt32(d[i]) + (br * ia + 127) / 255
            let g = UInt32(d[i + 1]) + (bgc * ia + 127) / 255
            let b = UInt32(d[i + 2]) + (bb * ia + 127) / 255
            return (min(r, 255) << 16) | (min(g, 255) << 8) | min(b, 255)
        }
        for row in 0..<rows {
            for col in 0..<columns {
                let px = col - x0
                let top = rgb(px, row * 2 - py0), bottom = rgb(px, row * 2 + 1 - py0)
                if top == nil && bottom == nil { continue }
                self[col, row] = Cell(character: "▀", foreground: top ?? backdrop, background: bottom ?? backdrop)
            }
        }
    }
}
