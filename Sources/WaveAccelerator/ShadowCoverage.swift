import WaveGraphics
import CPixelKernels

/// What a wide shadow is made from (`GaussianBlur.coarseShadow`): the alpha its layer has,
/// read as sums over the coarse grid's cells, and where that alpha is 255 (the shadow is
/// hidden there).
protocol ShadowCoverage {
    /// The device pixels whose alpha can be non-zero (not empty).
    var rect: PixelBounds { get }

    /// Adds the alpha summed over each cell of level `k` (F = 2ᵏ device pixels a side) to
    /// `sums`, which holds the cells `GaussianBlur.cellBounds(of: rect, level: k)` row by row.
    func addCellSums(level k: Int, into sums: UnsafeMutablePointer<UInt32>, arena: ScratchArena)

    /// The first stretch of pixels with alpha 255 in device row `y` between device columns
    /// `x0` and `x1` (device columns; empty if there is none).
    func opaqueStretch(row y: Int, from x0: Int, to x1: Int) -> Range<Int>
}

/// A drawn layer's alpha.
struct LayerCoverage: ShadowCoverage {
    let layer: Surface

    var rect: PixelBounds { layer.rect }

    func addCellSums(level k: Int, into sums: UnsafeMutablePointer<UInt32>, arena: ScratchArena) {
        GaussianBlur.addChannelCellSums(source: UnsafePointer(layer.base.assumingMemoryBound(to: UInt8.self)), src: layer.rect,
                                        stride: layer.stride, channelOffset: 3, level: k, into: sums, arena: arena)
    }

    func opaqueStretch(row y: Int, from x0: Int, to x1: Int) -> Range<Int> {
        guard y >= layer.originY, y < layer.originY + layer.height else { return 0..<0 }
        let lo = Swift.max(x0, layer.originX), hi = Swift.min(x1, layer.originX + layer.width)
        guard lo < hi else { return 0..<0 }
        let pixels = (layer.base + (((y - layer.originY) * layer.stride + lo - layer.originX) << 2)).assumingMemoryBound(to: UInt32.self)
        var start = 0, end = 0
        wave_opaque_run(pixels, hi - lo, &start, &end)
        return start < end ? (lo + start)..<(lo + end) : 0..<0
    }
}

/// The alpha one solid fill would leave on a clear layer over `rect`, known from its
/// coverage spans without drawing it: a span of coverage a gives its pixels the alpha of
/// `SolidBlitter`'s colour for a (source-over onto nothing is the source), so the sums and
/// the opaque stretches are those of the drawn layer, and the shadow's bytes the same.
/// An effect whose content is one such fill needs no layer at all (`Rasterizer.effect`).
struct FillCoverage: ShadowCoverage {
    let rect: PixelBounds
    /// The fill's spans over `rect` (surface coordinates: from its top-left corner).
    let spans: [CoverageSpan]
    /// The premultiplied packed colour.
    let color: UInt32
    /// Per row of `rect`, the stretches of alpha 255 (`opaque[first[y] ..< first[y + 1]]`,
    /// left to right, each as long as it goes: device columns).
    private let first: [Int32]
    private let opaque: [(Int32, Int32)]

    init(rect: PixelBounds, spans: [CoverageSpan], color: UInt32) {
        self.rect = rect
        self.spans = spans
        self.color = color
        var first = [Int32](repeating: 0, count: rect.height + 1)
        var opaque: [(Int32, Int32)] = []
        // Only full coverage of an opaque colour gives alpha 255. Spans come row by row, left
        // to right (as the sweep sends them); in any other order they are sorted first.
        if color >> 24 == 255 {
            var full = spans.filter { $0.alpha == 255 }
            if !zip(full, full.dropFirst()).allSatisfy({ ($0.y, $0.x) < ($1.y, $1.x) }) {
                full.sort { ($0.y, $0.x) < ($1.y, $1.x) }
            }
            opaque.reserveCapacity(full.count)
            var row = 0   // rows before `row` have their `first` set
            for s in full where s.y >= 0 && Int(s.y) < rect.height {
                let y = Int(s.y)
                while row <= y { first[row] = Int32(opaque.count); row += 1 }
                let x0 = Int32(rect.x0) + s.x, x1 = x0 + s.count
                if opaque.count > Int(first[y]), opaque[opaque.count - 1].1 == x0 {
                    opaque[opaque.count - 1].1 = x1
                } else {
                    opaque.append((x0, x1))
                }
            }
            while row <= rect.height { first[row] = Int32(opaque.count); row += 1 }
        }
        self.first = first
        self.opaque = opaque
    }

    /// The alpha a span of coverage `a` leaves.
    @inline(__always)
    private func alpha(_ a: Int32) -> UInt32 {
        // Compositor.scale's alpha byte is mul8(alpha, a), and mul8(255, a) = a.
        let opaque = color >> 24
        return a == 255 || opaque == 255 ? (a == 255 ? opaque : UInt32(truncatingIfNeeded: a))
            : Compositor.mul8(opaque, UInt32(truncatingIfNeeded: a))
    }

    func addCellSums(level k: Int, into sums: UnsafeMutablePointer<UInt32>, arena: ScratchArena) {
        let (bx0, by0, bw, bh) = GaussianBlur.cellBounds(of: rect, level: k)
        // A span's whole cells get v · F each: added as a step up at the first and down
        // after the last of them (`steps`, a row of cells and one more each), summed once.
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        let steps = arena.allocate(UInt32.self, count: bh * (bw + 1))
        steps.initialize(repeating: 0, count: bh * (bw + 1))
        spans.withUnsafeBufferPointer { spans in
            for s in spans {
                let v = alpha(s.alpha)
                guard v != 0 else { continue }
                let y = rect.y0 &+ Int(s.y), x = rect.x0 &+ Int(s.x), end = x &+ Int(s.count), r = (y >> k) &- by0
                let row = sums + (r &* bw &- bx0)
                let j0 = x >> k, j1 = (end &- 1) >> k
                guard j0 < j1 else {
                    row[j0] &+= v &* UInt32(end &- x)
                    continue
                }
                // Part of the first cell, whole cells, part of the last.
                row[j0] &+= v &* UInt32(((j0 &+ 1) << k) &- x)
                row[j1] &+= v &* UInt32(end &- (j1 << k))
                if j1 > j0 &+ 1 {
                    let step = steps + (r &* (bw &+ 1) &- bx0)
                    step[j0 &+ 1] &+= v << k
                    step[j1] &-= v << k
                }
            }
        }
        for r in 0..<bh {
            var run: UInt32 = 0
            let step = steps + r * (bw + 1), row = sums + r * bw
            for j in 0..<bw {
                run &+= step[j]
                row[j] &+= run
            }
        }
    }

    func opaqueStretch(row y: Int, from x0: Int, to x1: Int) -> Range<Int> {
        guard y >= rect.y0, y < rect.y1 else { return 0..<0 }
        let r = y - rect.y0
        for i in Int(first[r])..<Int(first[r + 1]) {
            let (a, b) = (Int(opaque[i].0), Int(opaque[i].1))
            guard b > x0 else { continue }
            let lo = Swift.max(a, x0), hi = Swift.min(b, x1)
            return lo < hi ? lo..<hi : 0..<0
        }
        return 0..<0
    }
}
