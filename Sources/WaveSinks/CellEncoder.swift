/// Turns blocks of pixels into cells for one cell mode and colour mode.
///
/// - half: the top pixel is the foreground of '▀', the bottom one the background.
/// - quadrant, sextant: of every way to split the cell's pixels into two groups, the one
///   whose two mean colours leave the least squared error; foreground and background are
///   those means.
/// - braille: a dot is on where the pixel's luminance is above the cell's mean; the dots
///   take the mean colour of the "on" pixels, the rest of the cell that of the others. A
///   cell without contrast is a solid cell of its mean colour.
/// - ascii: the stronger of the 1×2 pixels, drawn with a ramp character as dense as its
///   contrast with what lies behind it (the scene's backdrop, or a picture of it given with
///   the canvas, such as a sky), in its colour, over what lies behind; over the terminal's
///   own background where the scene's is transparent.
///
/// Without colour (`ColorMode.none`) a pixel is "on" when it differs clearly from what lies
/// behind it (the scene's backdrop, or a picture of it given with the canvas), and the
/// pattern's character is drawn in the terminal's own colours.
public struct CellEncoder: Sendable {
    public let mode: CellMode
    public let reducer: ColorReducer
    /// The scene's background (0xRRGGBB), which shows where nothing is drawn.
    public let backdrop: UInt32
    /// Whether the scene's background is transparent: ascii cells then leave the terminal's
    /// own background where nothing else lies behind them.
    public let transparentBackdrop: Bool

    public init(mode: CellMode, color: ColorMode, backdrop: UInt32, transparentBackdrop: Bool = false, memo: ReducerMemo? = nil) {
        self.mode = mode
        self.reducer = ColorReducer(mode: color, memo: memo)
        self.backdrop = backdrop & 0xFF_FFFF
        self.transparentBackdrop = transparentBackdrop
    }

    var pixelCount: Int { mode.pixelColumns * mode.pixelRows }
    var monochrome: Bool { reducer.mode == .none }

    /// Encodes a canvas whose size is a whole number of cells into `grid`, with its top-left
    /// cell at (`column`, `row`); cells falling outside the grid are dropped. Without colour
    /// and in ascii, `behind` (the same size) is what each pixel is compared with instead of
    /// the backdrop.
    public func encode(_ canvas: PixelCanvas, behind: PixelCanvas? = nil, into grid: inout CellGrid, column: Int, row: Int) {
        let pw = mode.pixelColumns, ph = mode.pixelRows
        let cellsAcross = canvas.width / pw, cellsDown = canvas.height / ph
        let behind = behind.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
        var block = [UInt32](repeating: 0, count: pixelCount), under = block
        canvas.pixels.withUnsafeBufferPointer { px in
            for cy in 0..<cellsDown {
                let gy = row + cy
                guard gy >= 0, gy < grid.rows else { continue }
                for cx in 0..<cellsAcross {
                    let gx = column + cx
                    guard gx >= 0, gx < grid.columns else { continue }
                    var k = 0
                    for y in 0..<ph {
                        let base = (cy * ph + y) * canvas.width + cx * pw
                        for x in 0..<pw {
                            block[k] = px[base + x]
                            if let behind { under[k] = behind.pixels[base + x] }
                            k += 1
                        }
                    }
                    grid[gx, gy] = encode(block: block, behind: behind == nil ? nil : under, x: gx, y: gy)
                }
            }
        }
    }

    /// The cell for one block of pixels (reading order, `pixelColumns × pixelRows` of them)
    /// shown at cell (x, y); the position only picks the dither offsets. Without colour, a
    /// pixel is compared with its pixel in `behind`, or with the backdrop.
    public func encode(block p: [UInt32], behind: [UInt32]? = nil, x: Int, y: Int) -> Cell {
        if monochrome {
            func under(_ i: Int) -> UInt32 { behind?[i] ?? backdrop }
            if mode == .ascii {
                let distances = p.indices.map { ColorReducer.distance(p[$0], under($0)) }
                return Cell(CellGlyphs.ramp[rampIndex(distance: distances.max() ?? 0)], foreground: .terminalDefault,
                            background: .terminalDefault)
            }
            var pattern = 0
            for i in 0..<pixelCount where ColorReducer.distance(p[i], under(i)) >= CellEncoder.onThreshold { pattern |= 1 << i }
            return Cell(mode.glyph(pattern) ?? " ", foreground: .terminalDefault, background: .terminalDefault)
        }
        let (pattern, fg, bg): (Int, UInt32, UInt32)
        switch mode {
        case .half: (pattern, fg, bg) = (1, p[0], p[1])   // solid when both reduce to one colour
        case .quadrant, .sextant: (pattern, fg, bg) = bestPartition(p)
        case .braille: (pattern, fg, bg) = brailleDots(p)
        case .ascii:
            // The pixel that stands out most from what lies behind, not the mean: a one-pixel
            // light stroke on white would average away to nothing.
            let ground = behind.map { mean($0, mask: nil, all: true) } ?? backdrop
            let m = strongest(p, against: ground)
            let index = rampIndex(distance: ColorReducer.distance(m, ground))
            let bg: CellColor = behind == nil && transparentBackdrop ? .terminalDefault : reducer.reduce(ground, x: x, y: 2 * y + 1)
            guard index > 0 else { return .solid(bg) }
            return Cell(CellGlyphs.ramp[index], foreground: reducer.reduce(m, x: x, y: 2 * y), background: bg)
        }
        let bgColor = reducer.reduce(bg, x: x, y: 2 * y + 1)
        if pattern == 0 { return .solid(bgColor) }
        let fgColor = reducer.reduce(fg, x: x, y: 2 * y)
        if pattern == (1 << pixelCount) - 1 || fgColor == bgColor { return .solid(fgColor) }
        return Cell(mode.glyph(pattern) ?? " ", foreground: fgColor, background: bgColor)
    }

    /// Redmean distance from the backdrop above which a pixel is "on" without colour (about
    /// a difference of 64 in green).
    static let onThreshold = 4 * 64 * 64

    /// The two-colour split of the block with the least squared error. Pixel 0 is always
    /// in the foreground group, so each split is tried once; the error of a split is
    /// Σ|p|² − |S₁|²/n₁ − |S₀|²/n₀, so the best split has the largest |S₁|²/n₁ + |S₀|²/n₀.
    func bestPartition(_ p: [UInt32]) -> (Int, UInt32, UInt32) {
        let n = p.count
        if p.allSatisfy({ $0 == p[0] }) { return (0, p[0], p[0]) }
        var tr = 0, tg = 0, tb = 0
        for c in p { tr += Int(c >> 16 & 0xff); tg += Int(c >> 8 & 0xff); tb += Int(c & 0xff) }
        var best = -1.0, bestMask = 1
        let all = (1 << n) - 1
        var mask = 1
        while mask < all {
            defer { mask += 2 }   // odd masks: pixel 0 in the foreground
            var r = 0, g = 0, b = 0, count = 0
            for i in 0..<n where mask & (1 << i) != 0 {
                let c = p[i]
                r += Int(c >> 16 & 0xff); g += Int(c >> 8 & 0xff); b += Int(c & 0xff)
                count += 1
            }
            let r0 = tr - r, g0 = tg - g, b0 = tb - b
            let score = Double(r * r + g * g + b * b) / Double(count) + Double(r0 * r0 + g0 * g0 + b0 * b0) / Double(n - count)
            if score > best { best = score; bestMask = mask }
        }
        return (bestMask, mean(p, mask: bestMask, all: false), mean(p, mask: all ^ bestMask, all: false))
    }

    /// Dots where the luminance is above the block's mean.
    func brailleDots(_ p: [UInt32]) -> (Int, UInt32, UInt32) {
        let lum = p.map(CellEncoder.luminance)
        guard let lo = lum.min(), let hi = lum.max(), hi - lo >= 16 else {
            let m = mean(p, mask: nil, all: true)
            return (0, m, m)
        }
        let average = lum.reduce(0, +) / lum.count
        var pattern = 0
        for i in 0..<p.count where lum[i] > average { pattern |= 1 << i }
        let all = (1 << p.count) - 1
        return (pattern, mean(p, mask: pattern, all: false), mean(p, mask: all ^ pattern, all: false))
    }

    /// Luminance 0–255 (Rec. 601 weights).
    static func luminance(_ c: UInt32) -> Int {
        (77 * Int(c >> 16 & 0xff) + 150 * Int(c >> 8 & 0xff) + 29 * Int(c & 0xff)) >> 8
    }

    /// Index into the ascii ramp for a redmean distance from what lies behind, from 0 (the
    /// same colour) to 9 (as far as black is from white); anything that differs clearly gets
    /// at least ':', so faint strokes stay visible.
    func rampIndex(distance: Int) -> Int {
        let d = Double(distance) / Double(ColorReducer.distance(0, 0xFF_FFFF))
        let index = min(CellGlyphs.ramp.count - 1, Int((d.squareRoot() * Double(CellGlyphs.ramp.count - 1)).rounded()))
        return distance >= CellEncoder.onThreshold ? max(2, index) : index
    }

    /// The pixel of the block that differs most from `ground`.
    func strongest(_ p: [UInt32], against ground: UInt32) -> UInt32 {
        p.max { ColorReducer.distance($0, ground) < ColorReducer.distance($1, ground) } ?? ground
    }

    /// The mean colour of the pixels whose bit is set in `mask` (or of all of them).
    func mean(_ p: [UInt32], mask: Int?, all: Bool) -> UInt32 {
        var r = 0, g = 0, b = 0, n = 0
        for i in 0..<p.count where all || (mask ?? 0) & (1 << i) != 0 {
            r += Int(p[i] >> 16 & 0xff); g += Int(p[i] >> 8 & 0xff); b += Int(p[i] & 0xff)
            n += 1
        }
        guard n > 0 else { return backdrop }
        return UInt32((r + n / 2) / n) << 16 | UInt32((g + n / 2) / n) << 8 | UInt32((b + n / 2) / n)
    }
}
