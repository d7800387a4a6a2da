/// A terminal colour as the writer will send it: the terminal's default, a 24-bit RGB
/// colour, an index into the 256-colour palette, or one of the 16 ANSI colours.
///
/// Packed in one word (kind in the top byte) so that comparing cells is cheap.
public struct CellColor: Hashable, Sendable, CustomStringConvertible {
    public let raw: UInt32

    public enum Kind: UInt32, Sendable { case terminalDefault = 0, rgb = 1, palette256 = 2, ansi16 = 3 }

    init(raw: UInt32) { self.raw = raw }

    public static let terminalDefault = CellColor(raw: 0)
    /// `rgb` is 0xRRGGBB.
    public static func rgb(_ rgb: UInt32) -> CellColor { CellColor(raw: Kind.rgb.rawValue << 24 | (rgb & 0xFF_FFFF)) }
    public static func rgb(_ r: Int, _ g: Int, _ b: Int) -> CellColor {
        .rgb(UInt32(r & 0xff) << 16 | UInt32(g & 0xff) << 8 | UInt32(b & 0xff))
    }
    /// An index 0–255 into the xterm 256-colour palette (sent as `38;5;n`).
    public static func palette256(_ index: UInt8) -> CellColor { CellColor(raw: Kind.palette256.rawValue << 24 | UInt32(index)) }
    /// One of the 16 ANSI colours 0–15 (sent as 30–37, 90–97).
    public static func ansi16(_ index: UInt8) -> CellColor { CellColor(raw: Kind.ansi16.rawValue << 24 | UInt32(index & 15)) }

    public var kind: Kind { Kind(rawValue: raw >> 24) ?? .terminalDefault }
    /// 0xRRGGBB for `.rgb`, the index for the palettes, 0 for the default.
    public var value: UInt32 { raw & 0xFF_FFFF }

    public var description: String {
        switch kind {
        case .terminalDefault: return "default"
        case .rgb: return "#" + String(value | 0x100_0000, radix: 16).dropFirst()
        case .palette256: return "256:\(value)"
        case .ansi16: return "16:\(value)"
        }
    }
}

/// One terminal cell: a single-width character with foreground and background colours.
///
/// A solid cell (one colour throughout) is canonically a space whose foreground equals its
/// background; the writer may draw it as a space or as a full block, whichever needs fewer
/// colour changes.
public struct Cell: Hashable, Sendable {
    /// The character's Unicode scalar value (one scalar, one column wide).
    public var scalar: UInt32
    public var foreground: CellColor
    public var background: CellColor

    public init(_ scalar: Unicode.Scalar, foreground: CellColor, background: CellColor) {
        self.scalar = scalar.value
        self.foreground = foreground
        self.background = background
    }

    /// A cell of one colour.
    public static func solid(_ color: CellColor) -> Cell { Cell(" ", foreground: color, background: color) }

    public static let blank = Cell(" ", foreground: .terminalDefault, background: .terminalDefault)

    public var character: Character { Character(Unicode.Scalar(scalar) ?? " ") }
}

/// A grid of cells, row-major, top row first.
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

    /// The characters of one row, for tests and debugging.
    public func text(row: Int) -> String {
        String(String.UnicodeScalarView((0..<columns).compactMap { Unicode.Scalar(self[$0, row].scalar) }))
    }
}
