import WaveGeometry
/// A blitter that can also scale each covered colour by a factor before blending: what
/// compositing a layer holding only this fill at opacity `factor / 255` gives, without the
/// layer.
protocol PaintBlitter: SpanSink {
    /// Like `span(y:x:count:alpha:)`, but the covered colour (paint scaled by `alpha`, rounded)
    /// is scaled again by `factor` (1...254, rounded) before it is blended.
    mutating func span(y: Int, x: Int, count: Int, alpha: Int, factor: UInt32)
}

/// Scales a fill's spans by a group's opacity and mask, so a masked or translucent group
/// holding a single fill is drawn straight onto the target with the same bytes the offscreen
/// layer would give.
///
/// Spans arrive in the coordinates of the group's rectangle, which the mask covers exactly.
/// Per pixel the factor is k = opacity · m / 255 (rounded), with m the mask value (or
/// 255 − m when inverted; 255 without a mask). Runs of equal k are passed on together: k = 0
/// is skipped, k = 255 is the plain span, anything else goes through `PaintBlitter`'s factor.
struct MaskedSink<Inner: PaintBlitter>: SpanSink {
    var inner: Inner
    /// Coverage over the group's rectangle, or nil for an unmasked group.
    let mask: AlphaMask?
    let inverted: Bool
    /// Group opacity, 1...255.
    let opacity: UInt32

    mutating func span(y: Int, x: Int, count: Int, alpha: Int) {
        let x1 = x &+ count
        guard let mask else {
            emit(y, x, count, alpha, opacity)
            return
        }
        let start = Int(mask.starts[y]), end = Int(mask.ends[y])
        if inverted {
            // Outside the written part m = 0, so k = opacity there.
            if x < Swift.min(x1, start) { emit(y, x, Swift.min(x1, start) &- x, alpha, opacity) }
            let after = Swift.max(x, end)
            if after < x1 { emit(y, after, x1 &- after, alpha, opacity) }
        }
        let a = Swift.max(x, start), b = Swift.min(x1, end)
        guard a < b else { return }
        let row = mask.bytes + y &* mask.stride
        var p = a
        while p < b {
            let m = row[p]
            let q = Self.runEnd(row, p &+ 1, b, m)
            emit(y, p, q &- p, alpha, Compositor.mul8(opacity, inverted ? 255 &- UInt32(m) : UInt32(m)))
            p = q
        }
    }

    /// The end of the run of bytes equal to `m` in row[from..<end], 8 bytes per step while
    /// they match (interiors of masks are long runs of 255).
    @inline(__always)
    private static func runEnd(_ row: UnsafeMutablePointer<UInt8>, _ from: Int, _ end: Int, _ m: UInt8) -> Int {
        var q = from
        let pattern = UInt64(m) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(row)
        while q &+ 8 <= end && raw.loadUnaligned(fromByteOffset: q, as: UInt64.self) == pattern { q &+= 8 }
        while q < end && row[q] == m { q &+= 1 }
        return q
    }

    @inline(__always)
    private mutating func emit(_ y: Int, _ x: Int, _ count: Int, _ alpha: Int, _ k: UInt32) {
        if k == 255 {
            inner.span(y: y, x: x, count: count, alpha: alpha)
        } else if k != 0 {
            inner.span(y: y, x: x, count: count, alpha: alpha, factor: k)
        }
    }
}
