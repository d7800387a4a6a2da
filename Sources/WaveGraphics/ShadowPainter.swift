/// Paints a shadow's coverage tinted with one premultiplied colour, source-over: a pixel
/// under coverage a becomes over(scale(colour, a), backdrop); a = 0 leaves it as it is.
///
/// The tint scaled by each coverage, and 255 minus that alpha, come from two 256-entry
/// tables. Where eight backdrop pixels in a row are one colour (a shadow cast on a plain
/// background, as glow-heart's whole glow is) the result depends on the coverage alone: a
/// third table, made for the first such colour met, holds the finished pixels, so those
/// pixels cost one load and one store each. Chunks of eight zero coverages are skipped.
/// A shadow painted again and again with the same tint over the same plain colour (a cached
/// shadow in a loop) can keep its finished pixels (`FinishedShadow`): where the backdrop is
/// that colour, painting is then a copy. Every path computes the same integer formula, so
/// the bytes are those of the per-pixel definition
/// (`EffectTests.testShadowPainterEqualsThePerPixelFormula`).
struct ShadowPainter {
    /// 3 · 256 words: the tint scaled by coverage, 255 − its alpha, and finished pixels over
    /// the plain colour (in memory byte order).
    private let tables: UnsafeMutablePointer<UInt32>
    /// The plain colour twice, as two stored pixels read as one word; valid when `hasPlain`.
    private var plainPair: UInt64 = 0
    private var hasPlain = false

    /// Paints `shadow` tinted with `color` (premultiplied, packed) onto `target`, which must
    /// contain `shadow.rect`, copying `finished` pixels where they apply (when made for
    /// `color`). Returns the plain backdrop colour met, if any (for `finish`).
    ///
    /// `fresh` (device pixels) is a rectangle of `target` whose pixels are stale and stand
    /// for `background` (packed): every pixel of it inside `shadow.rect` is written, never
    /// read: the finished pixel over `background` where the coverage is non-zero, else
    /// `background`.
    @discardableResult
    static func paint(_ shadow: ShadowAlpha, color: UInt32, onto target: Surface, finished: FinishedShadow? = nil,
                      fresh: PixelBounds = .empty, background: UInt32 = 0) -> UInt32? {
        let fresh = fresh.intersection(shadow.rect).intersection(target.rect)
        guard !shadow.runs.isEmpty else {
            target.fill(fresh, background)
            return nil
        }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 3 * 256) { buffer -> UInt32? in
            guard let tables = buffer.baseAddress else { return nil }
            var painter = ShadowPainter(tables: tables, color: color)
            var ready = finished.flatMap { $0.color == color && $0.pixels.count == shadow.bytes.count ? $0 : nil }
            if !fresh.isEmpty, let r = ready, r.plain != background { ready = nil }
            if let ready { painter.makePlain(ready.plain) } else if !fresh.isEmpty { painter.makePlain(background) }
            let dx = shadow.rect.x0 - target.originX, dy = shadow.rect.y0 - target.originY
            let base = UnsafePointer(shadow.bytes.base), pixels = ready.map { UnsafePointer($0.pixels.base) }
            /// Paints every run, writing `fresh` whole.
            func paintRuns() {
                do {
                    /// Paints `count` coverages from `offset` in the shadow's bytes at
                    /// pixel (x, y) of the shadow's rectangle.
                    func paint(x: Int, y: Int, offset: Int, count: Int) {
                        let at = target.base + (((y + dy) * target.stride + x + dx) << 2)
                        if let pixels {
                            painter.copy(pixels + offset, base + offset, count: count, at: at)
                        } else {
                            painter.paint(base + offset, count: count, at: at)
                        }
                    }
                    guard !fresh.isEmpty else {
                        for run in shadow.runs { paint(x: Int(run.x), y: Int(run.y), offset: Int(run.offset), count: Int(run.count)) }
                        return
                    }
                    // `fresh` in the shadow's coordinates; rows before `row` are written, and
                    // row `row` up to `column`.
                    let f = PixelBounds(x0: fresh.x0 - shadow.rect.x0, y0: fresh.y0 - shadow.rect.y0,
                                        x1: fresh.x1 - shadow.rect.x0, y1: fresh.y1 - shadow.rect.y0)
                    var row = f.y0, column = f.x0
                    func fillBackground(y: Int, from x0: Int, to x1: Int) {
                        if x0 < x1 { target.store((y + dy) * target.stride + x0 + dx, count: x1 - x0, background) }
                    }
                    func finishRows(before y: Int) {
                        while row < y {
                            fillBackground(y: row, from: column, to: f.x1)
                            row += 1
                            column = f.x0
                        }
                    }
                    for run in shadow.runs {
                        let y = Int(run.y), x0 = Int(run.x), x1 = x0 + Int(run.count), offset = Int(run.offset)
                        guard y >= f.y0, y < f.y1, x1 > f.x0, x0 < f.x1 else {
                            paint(x: x0, y: y, offset: offset, count: x1 - x0)
                            continue
                        }
                        finishRows(before: y)
                        let m0 = Swift.max(x0, f.x0), m1 = Swift.min(x1, f.x1)
                        if x0 < m0 { paint(x: x0, y: y, offset: offset, count: m0 - x0) }
                        fillBackground(y: y, from: column, to: m0)
                        let at = target.base + (((y + dy) * target.stride + m0 + dx) << 2)
                        if let pixels {
                            at.copyMemory(from: pixels + offset + m0 - x0, byteCount: (m1 - m0) << 2)
                        } else {
                            painter.write(base + offset + m0 - x0, count: m1 - m0, at: at)
                        }
                        column = m1
                        if m1 < x1 { paint(x: m1, y: y, offset: offset + m1 - x0, count: x1 - m1) }
                    }
                    finishRows(before: f.y1)
                }
            }
            paintRuns()
            guard painter.hasPlain else { return nil }
            return UInt32(littleEndian: UInt32(truncatingIfNeeded: painter.plainPair))
        }
    }

    /// The finished pixels of `shadow` tinted with `color` over backdrop colour `plain`.
    static func finish(_ shadow: ShadowAlpha, color: UInt32, plain: UInt32) -> FinishedShadow {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 3 * 256) { buffer in
            let pixels = PageBuffer<UInt32>(count: shadow.bytes.count)
            guard let tables = buffer.baseAddress else { return FinishedShadow(color: color, plain: plain, pixels: pixels) }
            var painter = ShadowPainter(tables: tables, color: color)
            painter.makePlain(plain)
            let finished = tables + 512, bytes = shadow.bytes.base, out = pixels.base
            for i in 0..<pixels.count { out[i] = finished[Int(bytes[i])] }
            return FinishedShadow(color: color, plain: plain, pixels: pixels)
        }
    }

    private init(tables: UnsafeMutablePointer<UInt32>, color: UInt32) {
        self.tables = tables
        tables[0] = 0
        tables[256] = 255
        for a in 1..<256 {
            let t = a == 255 ? color : Compositor.scale(color, UInt32(a))
            tables[a] = t
            tables[256 + a] = 255 &- (t >> 24)
        }
    }

    /// Fills the finished-pixel table for backdrop `c`.
    private mutating func makePlain(_ c: UInt32) {
        for a in 0..<256 { tables[512 + a] = (tables[a] &+ Compositor.scale(c, tables[256 + a])).littleEndian }
        let stored = UInt64(c.littleEndian)
        plainPair = stored | stored << 32
        hasPlain = true
    }

    /// Paints `count` coverages from `alpha` onto the pixels from `pixels` on.
    private mutating func paint(_ alpha: UnsafePointer<UInt8>, count: Int, at pixels: UnsafeMutableRawPointer) {
        var x = hasPlain ? 0 : findPlain(alpha, count: count, at: pixels)
        let plain = tables + 512, pair = plainPair
        while x + 8 <= count {
            let a = alpha + x, p = pixels + (x << 2)
            if UnsafeRawPointer(a).loadUnaligned(as: UInt64.self) != 0 {
                if Self.isPlain(p, pair) {
                    for i in 0..<8 { p.storeBytes(of: plain[Int(a[i])], toByteOffset: i << 2, as: UInt32.self) }
                } else {
                    blend(a, count: 8, at: p)
                }
            }
            x &+= 8
        }
        if x < count { blend(alpha + x, count: count - x, at: pixels + (x << 2)) }
    }

    /// Writes the finished pixels over the plain colour of `count` coverages from `alpha`
    /// (the backdrop is that colour, and is not read).
    private func write(_ alpha: UnsafePointer<UInt8>, count: Int, at pixels: UnsafeMutableRawPointer) {
        let plain = tables + 512
        for i in 0..<count { pixels.storeBytes(of: plain[Int(alpha[i])], toByteOffset: i << 2, as: UInt32.self) }
    }

    /// Like `paint(_:count:at:)`, with the finished pixels `done` (of these coverages over
    /// the plain colour) copied wherever the backdrop is that colour.
    private func copy(_ done: UnsafePointer<UInt32>, _ alpha: UnsafePointer<UInt8>, count: Int,
                      at pixels: UnsafeMutableRawPointer) {
        var x = 0
        let pair = plainPair
        while x + 8 <= count {
            let p = pixels + (x << 2)
            if Self.isPlain(p, pair) {
                p.storeBytes(of: UnsafeRawPointer(done + x).loadUnaligned(as: SIMD8<UInt32>.self), as: SIMD8<UInt32>.self)
            } else {
                blend(alpha + x, count: 8, at: p)
            }
            x &+= 8
        }
        let plain = UInt32(truncatingIfNeeded: pair)
        while x < count {
            if pixels.loadUnaligned(fromByteOffset: x << 2, as: UInt32.self) == plain {
                pixels.storeBytes(of: done[x], toByteOffset: x << 2, as: UInt32.self)
            } else {
                blend(alpha + x, count: 1, at: pixels + (x << 2))
            }
            x &+= 1
        }
    }

    /// Paints chunks of eight until one whose backdrop is one colour, makes the plain table
    /// for that colour, and returns where that chunk starts (or where chunks end).
    private mutating func findPlain(_ alpha: UnsafePointer<UInt8>, count: Int, at pixels: UnsafeMutableRawPointer) -> Int {
        var x = 0
        while x + 8 <= count {
            let p = pixels + (x << 2)
            let w0 = p.loadUnaligned(as: UInt64.self), w1 = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let w2 = p.loadUnaligned(fromByteOffset: 16, as: UInt64.self), w3 = p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
            if w0 == w1, w1 == w2, w2 == w3, UInt32(truncatingIfNeeded: w0) == UInt32(truncatingIfNeeded: w0 >> 32) {
                makePlain(UInt32(littleEndian: UInt32(truncatingIfNeeded: w0)))
                return x
            }
            blend(alpha + x, count: 8, at: p)
            x &+= 8
        }
        return x
    }

    /// Whether the eight pixels from `p` all equal the pixel pair `pair` (both halves one
    /// stored pixel).
    @inline(__always)
    private static func isPlain(_ p: UnsafeMutableRawPointer, _ pair: UInt64) -> Bool {
        let d = p.loadUnaligned(as: SIMD4<UInt64>.self) ^ SIMD4(repeating: pair)
        let half = d.lowHalf | d.highHalf
        return half[0] | half[1] == 0
    }

    /// The per-pixel formula, for pixels whose backdrop is not the plain colour.
    @inline(__always)
    private func blend(_ alpha: UnsafePointer<UInt8>, count: Int, at pixels: UnsafeMutableRawPointer) {
        for i in 0..<count {
            let a = Int(alpha[i])
            guard a != 0 else { continue }
            let d = UInt32(littleEndian: pixels.loadUnaligned(fromByteOffset: i << 2, as: UInt32.self))
            let out = tables[a] &+ Compositor.scale(d, tables[256 + a])
            pixels.storeBytes(of: out.littleEndian, toByteOffset: i << 2, as: UInt32.self)
        }
    }
}

/// A shadow's runs painted over one plain backdrop colour with one tint: the pixels
/// `ShadowPainter` stores there, one per coverage byte of the `ShadowAlpha` (in memory byte
/// order), so that painting them again where the backdrop is that colour is a copy.
struct FinishedShadow {
    let color: UInt32
    let plain: UInt32
    let pixels: PageBuffer<UInt32>

    var byteCount: Int { pixels.count * MemoryLayout<UInt32>.stride }
}
