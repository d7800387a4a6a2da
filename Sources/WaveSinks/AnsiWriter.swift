/// Encodes cell grids as ANSI escape sequences, double-buffered: it remembers the grid on
/// screen, the cursor position and the current colours, and writes only what changes.
///
/// - Only cells that differ from the previous grid are written.
/// - The cursor moves only when the next changed cell is not where it already is: a short
///   gap on the same row is crossed by rewriting the unchanged cells when that needs no
///   colour change and is shorter, else by CUF (`ESC[nC`); anything else is a CUP.
/// - SGR is sent only for the colours that change. A solid cell is written as a space when
///   the background already has its colour, as '█' when the foreground has, and a block
///   character with a complement ('▀'/'▄', quadrants, sextants) is written as whichever of
///   the two needs the shorter colour change.
/// - The first frame (and the first after `invalidate()` or a size change) resets colours and
///   clears the screen, then skips the cells that are blank.
public struct AnsiWriter: Sendable {
    var previous: CellGrid?
    /// Cursor position, or -1 when unknown (after a write in the last column, a CUP is due).
    var cursorX = -1, cursorY = -1
    /// The colours in effect, or nil when unknown.
    var fg: CellColor?, bg: CellColor?
    var out: [UInt8] = []
    public private(set) var bytesWritten = 0

    public init() {}

    /// Forgets what is on screen (after a resize, a clear or foreign output), so the next
    /// frame is drawn whole.
    public mutating func invalidate() {
        previous = nil
        cursorX = -1; cursorY = -1
        fg = nil; bg = nil
    }

    /// Forgets where the cursor is and which colours are set, but not what is on screen:
    /// for when something else writes between frames (a prompt, a status line, DECSC/DECRC).
    /// The next frame is still only the changed cells, with a CUP and a full SGR first.
    public mutating func forgetCursor() {
        cursorX = -1; cursorY = -1
        fg = nil; bg = nil
    }

    static let syncBegin = Array("\u{1B}[?2026h".utf8)
    static let syncEnd = Array("\u{1B}[?2026l".utf8)

    /// The bytes that turn the screen from the previous grid into `grid`, wrapped in
    /// synchronized-output markers (DEC mode 2026) so terminals show the frame at once.
    public mutating func encode(_ grid: CellGrid, synchronized: Bool = true) -> [UInt8] {
        out.removeAll(keepingCapacity: true)
        if synchronized { out += AnsiWriter.syncBegin }
        let old = previous.flatMap { $0.columns == grid.columns && $0.rows == grid.rows ? $0 : nil }
        if old == nil {
            out += Array("\u{1B}[0m\u{1B}[2J".utf8)
            fg = .terminalDefault; bg = .terminalDefault
            cursorX = -1; cursorY = -1
        }
        grid.cells.withUnsafeBufferPointer { cells in
            for y in 0..<grid.rows {
                let rowStart = y * grid.columns
                for x in 0..<grid.columns {
                    let cell = cells[rowStart + x]
                    if let old {
                        if old.cells[rowStart + x] == cell { continue }
                    } else if cell.scalar == 0x20 && cell.background == .terminalDefault {
                        continue   // already blank after the clear
                    }
                    moveCursor(to: x, y, row: UnsafeBufferPointer(rebasing: cells[rowStart..<rowStart + grid.columns]))
                    emit(cell, columns: grid.columns)
                }
            }
        }
        if synchronized { out += AnsiWriter.syncEnd }
        previous = grid
        bytesWritten += out.count
        return out
    }

    // MARK: - Cursor

    mutating func moveCursor(to x: Int, _ y: Int, row: UnsafeBufferPointer<Cell>) {
        if cursorY == y && cursorX == x { return }
        if cursorY == y && cursorX >= 0 && cursorX < x {
            let gap = x - cursorX
            let cuf = gap == 1 ? 3 : 3 + AnsiWriter.digits(gap)
            if gap <= 4, rewrite(row, from: cursorX, to: x, limit: cuf) {
                cursorX = x
                return
            }
            out += [0x1B, 0x5B]
            if gap > 1 { appendDecimal(gap) }
            out.append(0x43)   // C
        } else {
            out += [0x1B, 0x5B]
            appendDecimal(y + 1)
            if x > 0 { out.append(0x3B); appendDecimal(x + 1) }
            out.append(0x48)   // H
        }
        cursorX = x
        cursorY = y
    }

    /// Rewrites the unchanged cells `from..<to` of the row if each can be written in the
    /// current colours and all of them take fewer than `limit` bytes.
    mutating func rewrite(_ row: UnsafeBufferPointer<Cell>, from: Int, to: Int, limit: Int) -> Bool {
        var bytes: [UInt8] = []
        for x in from..<to {
            guard let scalar = AnsiWriter.scalarInCurrentColors(row[x], fg: fg, bg: bg) else { return false }
            AnsiWriter.appendUTF8(scalar, to: &bytes)
            if bytes.count >= limit { return false }
        }
        out += bytes
        return true
    }

    /// The character that shows `cell` without changing colours, if there is one.
    static func scalarInCurrentColors(_ cell: Cell, fg: CellColor?, bg: CellColor?) -> UInt32? {
        if let solid = solidColor(cell) {
            if bg == solid { return 0x20 }
            if fg == solid && solid != .terminalDefault { return 0x2588 }
            return nil
        }
        if fg == cell.foreground && bg == cell.background { return cell.scalar }
        if fg == cell.background && bg == cell.foreground, let c = complement(cell) { return c.value }
        return nil
    }

    /// The one colour of a space (its background) or a full block (its foreground). The
    /// terminal's default foreground and background differ, so a space in the default
    /// background is never written as a full block, nor a default full block as a space.
    static func solidColor(_ cell: Cell) -> CellColor? {
        if cell.scalar == 0x20 { return cell.background }
        if cell.scalar == 0x2588 && cell.foreground != .terminalDefault { return cell.foreground }
        return nil
    }

    /// The block character showing the same picture as `cell` with its colours swapped
    /// (not for the terminal's default colours, which differ as foreground and background).
    static func complement(_ cell: Cell) -> Unicode.Scalar? {
        guard cell.foreground != .terminalDefault, cell.background != .terminalDefault else { return nil }
        return CellGlyphs.complement[cell.scalar]
    }

    // MARK: - Cells and colours

    mutating func emit(_ cell: Cell, columns: Int) {
        if let solid = AnsiWriter.solidColor(cell) {
            if bg == solid { out.append(0x20) }
            else if fg == solid && solid != .terminalDefault { AnsiWriter.appendUTF8(0x2588, to: &out) }
            else { setColors(.terminalDefault, solid, keepForeground: true); out.append(0x20) }
        } else if let complement = AnsiWriter.complement(cell),
                  sgrCost(cell.background, cell.foreground) < sgrCost(cell.foreground, cell.background) {
            setColors(cell.background, cell.foreground)
            AnsiWriter.appendUTF8(complement.value, to: &out)
        } else {
            setColors(cell.foreground, cell.background)
            AnsiWriter.appendUTF8(cell.scalar, to: &out)
        }
        cursorX += 1
        if cursorX >= columns { cursorX = -1; cursorY = -1 }
    }

    /// Bytes of the SGR sequence that sets these colours (0 when they are already set).
    func sgrCost(_ f: CellColor, _ b: CellColor) -> Int {
        let fChange = fg != f, bChange = bg != b
        if !fChange && !bChange { return 0 }
        var n = 3
        if fChange { n += AnsiWriter.partLength(f) }
        if bChange { n += AnsiWriter.partLength(b) }
        if fChange && bChange { n += 1 }
        return n
    }

    /// Sends SGR for whichever of the colours differ from the current ones. With
    /// `keepForeground`, only the background is set.
    mutating func setColors(_ f: CellColor, _ b: CellColor, keepForeground: Bool = false) {
        let fChange = !keepForeground && fg != f, bChange = bg != b
        guard fChange || bChange else { return }
        out += [0x1B, 0x5B]
        if fChange { appendPart(f, foreground: true) }
        if fChange && bChange { out.append(0x3B) }
        if bChange { appendPart(b, foreground: false) }
        out.append(0x6D)   // m
        if !keepForeground { fg = f }
        bg = b
    }

    mutating func appendPart(_ c: CellColor, foreground: Bool) {
        let v = Int(c.value)
        switch c.kind {
        case .terminalDefault: appendDecimal(foreground ? 39 : 49)
        case .ansi16: appendDecimal((foreground ? 30 : 40) + (v < 8 ? v : v - 8 + 60))
        case .palette256:
            out += foreground ? [0x33, 0x38, 0x3B, 0x35, 0x3B] : [0x34, 0x38, 0x3B, 0x35, 0x3B]   // 38;5; 48;5;
            appendDecimal(v)
        case .rgb:
            out += foreground ? [0x33, 0x38, 0x3B, 0x32, 0x3B] : [0x34, 0x38, 0x3B, 0x32, 0x3B]   // 38;2; 48;2;
            appendDecimal(v >> 16 & 0xff); out.append(0x3B)
            appendDecimal(v >> 8 & 0xff); out.append(0x3B)
            appendDecimal(v & 0xff)
        }
    }

    static func partLength(_ c: CellColor) -> Int {
        let v = Int(c.value)
        switch c.kind {
        case .terminalDefault: return 2
        case .ansi16: return v < 8 ? 2 : 3
        case .palette256: return 5 + digits(v)
        case .rgb: return 7 + digits(v >> 16 & 0xff) + digits(v >> 8 & 0xff) + digits(v & 0xff)
        }
    }

    // MARK: - Bytes

    static func digits(_ n: Int) -> Int { n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : String(n).count }

    mutating func appendDecimal(_ n: Int) {
        if n >= 10 { appendDecimal(n / 10) }
        out.append(UInt8(0x30 + n % 10))
    }

    static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        switch v {
        case ..<0x80: out.append(UInt8(v))
        case ..<0x800: out += [UInt8(0xC0 | v >> 6), UInt8(0x80 | v & 0x3F)]
        case ..<0x10000: out += [UInt8(0xE0 | v >> 12), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
        default: out += [UInt8(0xF0 | v >> 18), UInt8(0x80 | v >> 12 & 0x3F), UInt8(0x80 | v >> 6 & 0x3F), UInt8(0x80 | v & 0x3F)]
        }
    }
}
