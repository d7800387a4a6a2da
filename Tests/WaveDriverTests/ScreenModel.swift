@testable import WaveDriver
@testable import WaveSinks

/// A small model of a terminal screen that understands what `AnsiWriter` sends (CUP, CUF,
/// SGR, ED 2, synchronized-output markers, UTF-8 text, no autowrap), so tests can check that
/// the bytes really turn the screen into the grid.
struct ScreenModel {
    var columns: Int
    var rows: Int
    var cells: [Cell]
    var x = 0, y = 0
    var fg = CellColor.terminalDefault, bg = CellColor.terminalDefault

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: .blank, count: columns * rows)
    }

    enum Failure: Error { case unknown(String), outside(Int, Int) }

    mutating func apply(_ bytes: [UInt8]) throws {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            guard s == "\u{1B}" else {
                guard x < columns, y < rows else { throw Failure.outside(x, y) }
                cells[y * columns + x] = Cell(s, foreground: fg, background: bg)
                x = min(columns - 1, x + 1)   // no autowrap: the cursor stays at the margin
                i += 1
                continue
            }
            guard i + 1 < scalars.count, scalars[i + 1] == "[" else { throw Failure.unknown("lone ESC") }
            var j = i + 2
            var params = ""
            while j < scalars.count, !(("@"..."~") ~= scalars[j]) { params.unicodeScalars.append(scalars[j]); j += 1 }
            guard j < scalars.count else { throw Failure.unknown("cut sequence") }
            try control(params, final: scalars[j])
            i = j + 1
        }
    }

    mutating func control(_ params: String, final: Unicode.Scalar) throws {
        if params.hasPrefix("?") { return }   // modes: synchronized output
        let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case "H":
            y = max(1, numbers.first ?? 1) - 1
            x = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
        case "C": x = min(columns - 1, x + max(1, numbers.first ?? 1))
        case "J": cells = Array(repeating: Cell(" ", foreground: fg, background: bg), count: columns * rows)
        case "m": try sgr(numbers.isEmpty ? [0] : numbers)
        default: throw Failure.unknown("final \(final)")
        }
    }

    mutating func sgr(_ p: [Int]) throws {
        var k = 0
        while k < p.count {
            switch p[k] {
            case 0: fg = .terminalDefault; bg = .terminalDefault
            case 39: fg = .terminalDefault
            case 49: bg = .terminalDefault
            case 30...37: fg = .ansi16(UInt8(p[k] - 30))
            case 90...97: fg = .ansi16(UInt8(p[k] - 90 + 8))
            case 40...47: bg = .ansi16(UInt8(p[k] - 40))
            case 100...107: bg = .ansi16(UInt8(p[k] - 100 + 8))
            case 38, 48:
                let isForeground = p[k] == 38
                let c: CellColor
                if p[k + 1] == 2 { c = .rgb(p[k + 2], p[k + 3], p[k + 4]); k += 4 } else { c = .palette256(UInt8(p[k + 2])); k += 2 }
                if isForeground { fg = c } else { bg = c }
            default: throw Failure.unknown("SGR \(p[k])")
            }
            k += 1
        }
    }

    /// What a cell looks like, independent of how it was written: the colours of its top and
    /// bottom halves for spaces and half blocks, else the character and its colours.
    static func appearance(_ c: Cell) -> String {
        switch c.scalar {
        case 0x20: return "\(c.background)/\(c.background)"
        case 0x2588 where c.foreground != .terminalDefault: return "\(c.foreground)/\(c.foreground)"
        case 0x2580 where c.foreground != .terminalDefault && c.background != .terminalDefault: return "\(c.foreground)/\(c.background)"
        case 0x2584 where c.foreground != .terminalDefault && c.background != .terminalDefault: return "\(c.background)/\(c.foreground)"
        default:
            if let complement = AnsiWriter.complement(c), complement.value < c.scalar {
                return "\(complement) \(c.background) \(c.foreground)"
            }
            return "\(c.character) \(c.foreground) \(c.background)"
        }
    }

    /// The first cell whose appearance differs from `grid`'s, if any.
    func firstDifference(from grid: CellGrid) -> (x: Int, y: Int, screen: String, grid: String)? {
        for row in 0..<rows {
            for col in 0..<columns {
                let a = ScreenModel.appearance(cells[row * columns + col]), b = ScreenModel.appearance(grid[col, row])
                if a != b { return (col, row, a, b) }
            }
        }
        return nil
    }
}
