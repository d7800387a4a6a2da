import WaveGeometry
/// 8-bit coverage over a device rectangle: what a mask's items leave in the alpha channel,
/// without the colour channels.
///
/// Every operation on RGBA8 pixels in this renderer works lane by lane, so the alpha of a
/// composited pixel depends only on alphas; drawing the mask items here gives exactly the
/// alpha bytes an RGBA layer would hold.
///
/// Invariants: row y starts at `bytes + y · stride` (`stride ≥ rect.width`); in row y only
/// [starts[y], ends[y]) has been written (the rest reads as 0 and is never read). The memory
/// belongs to a `ScratchArena` (valid until it is reset past it) or to an accelerator
/// (`KeptMask`, valid while its owner is alive).
package struct AlphaMask {
    /// Device rectangle covered (not empty).
    package let rect: PixelBounds
    package let bytes: UnsafeMutablePointer<UInt8>
    package let stride: Int
    package let starts: UnsafeMutablePointer<Int32>
    package let ends: UnsafeMutablePointer<Int32>

    /// An empty (all zero) mask over `rect`, in memory from `arena`.
    init(rect: PixelBounds, arena: ScratchArena) {
        self.init(rect: rect, bytes: arena.allocate(UInt8.self, count: rect.width * rect.height), stride: rect.width,
                  starts: arena.allocate(Int32.self, count: rect.height), ends: arena.allocate(Int32.self, count: rect.height))
        starts.initialize(repeating: 0, count: rect.height)
        ends.initialize(repeating: 0, count: rect.height)
    }

    package init(rect: PixelBounds, bytes: UnsafeMutablePointer<UInt8>, stride: Int, starts: UnsafeMutablePointer<Int32>,
         ends: UnsafeMutablePointer<Int32>) {
        self.rect = rect
        self.bytes = bytes
        self.stride = stride
        self.starts = starts
        self.ends = ends
    }

    var width: Int { rect.width }
    var height: Int { rect.height }

    /// The part of this mask inside `r` (which must lie inside `rect` and not be empty),
    /// sharing its bytes; its row extents come from `arena`. For reading only.
    func window(_ r: PixelBounds, arena: ScratchArena) -> AlphaMask {
        let dx = r.x0 - rect.x0, dy = r.y0 - rect.y0
        let view = AlphaMask(rect: r, bytes: bytes + (dy * stride + dx), stride: stride,
                             starts: arena.allocate(Int32.self, count: r.height),
                             ends: arena.allocate(Int32.self, count: r.height))
        for y in 0..<r.height {
            let s = Swift.max(Int(starts[y + dy]) - dx, 0), e = Swift.min(Int(ends[y + dy]) - dx, r.width)
            view.starts[y] = Int32(truncatingIfNeeded: s)
            view.ends[y] = Int32(truncatingIfNeeded: Swift.max(s, e))
        }
        return view
    }

    /// The value at mask pixel (x, y) (local coordinates inside the rectangle).
    @inline(__always)
    func value(_ x: Int, _ y: Int) -> UInt32 {
        x >= Int(starts[y]) && x < Int(ends[y]) ? UInt32(bytes[y &* stride &+ x]) : 0
    }

    /// Makes [x0, x1) of row y writable, clearing the bytes not written before.
    @inline(__always)
    func extend(row y: Int, _ x0: Int, _ x1: Int) {
        let s = Int(starts[y]), e = Int(ends[y])
        let row = bytes + y &* stride
        if s >= e {
            (row + x0).update(repeating: 0, count: x1 - x0)
            starts[y] = Int32(truncatingIfNeeded: x0)
            ends[y] = Int32(truncatingIfNeeded: x1)
            return
        }
        if x0 < s {
            (row + x0).update(repeating: 0, count: s - x0)
            starts[y] = Int32(truncatingIfNeeded: x0)
        }
        if x1 > e {
            (row + e).update(repeating: 0, count: x1 - e)
            ends[y] = Int32(truncatingIfNeeded: x1)
        }
    }

    /// Device pixels that may be non-zero (empty when nothing was written).
    var writtenBounds: PixelBounds {
        var box = PixelBounds.empty
        for y in 0..<rect.height where starts[y] < ends[y] {
            box = box.union(PixelBounds(x0: rect.x0 + Int(starts[y]), y0: rect.y0 + y,
                                      x1: rect.x0 + Int(ends[y]), y1: rect.y0 + y + 1))
        }
        return box
    }

    /// Composites the alpha of `layer` (an RGBA surface inside the mask's rectangle) onto the
    /// mask, source-over: a + m · (255 − a) / 255.
    func composite(alphaOf layer: Surface) {
        let dx = layer.originX - rect.x0, dy = layer.originY - rect.y0
        for y in 0..<layer.height {
            var first = -1, last = -1
            for x in 0..<layer.width where layer.load(y &* layer.stride &+ x) >> 24 != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            extend(row: y + dy, first + dx, last + 1 + dx)
            let row = bytes + ((y + dy) &* stride &+ dx)
            for x in first...last {
                let a = layer.load(y &* layer.stride &+ x) >> 24
                if a != 0 { row[x] = UInt8(truncatingIfNeeded: a &+ Compositor.mul8(UInt32(row[x]), 255 &- a)) }
            }
        }
    }
}

/// Draws a constant alpha through coverage spans onto an `AlphaMask` (source-over on the
/// alpha lane), the alpha-only twin of `SolidBlitter`. Span (x, y) lands on mask pixel
/// (x + offsetX, y + offsetY).
struct AlphaBlitter: PaintBlitter {
    let mask: AlphaMask
    /// The paint's alpha (1...255) after the fill opacity.
    let alpha: UInt32
    let offsetX: Int
    let offsetY: Int

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha coverage: Int) {
        let src = coverage == 255 ? alpha : Compositor.mul8(alpha, UInt32(coverage))
        blend(y, x, count, src)
    }

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha coverage: Int, factor: UInt32) {
        let covered = coverage == 255 ? alpha : Compositor.mul8(alpha, UInt32(coverage))
        blend(y, x, count, Compositor.mul8(covered, factor))
    }

    @inline(__always)
    private func blend(_ spanY: Int, _ spanX: Int, _ count: Int, _ src: UInt32) {
        guard src != 0 else { return }
        let y = spanY &+ offsetY, x = spanX &+ offsetX
        mask.extend(row: y, x, x &+ count)
        let row = mask.bytes + y &* mask.stride
        if src == 255 {
            (row + x).update(repeating: 255, count: count)
            return
        }
        let inverse = 255 &- src
        for i in x..<(x &+ count) {
            row[i] = UInt8(truncatingIfNeeded: src &+ Compositor.mul8(UInt32(row[i]), inverse))
        }
    }
}
