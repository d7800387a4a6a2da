/// A shadow's blurred coverage over a device rectangle, kept only where it can show: as runs
/// of each row, from a non-zero byte to a non-zero byte.
///
/// Zero coverage paints nothing, and most of a wide shadow's rectangle is zero: the
/// Gaussian's tails round to 0 well before the kernel's reach (about 2.9σ from the shape
/// against 3.5σ), and under the layer's own fully opaque pixels the shadow is hidden
/// whatever it paints (source-over of an alpha-255 pixel is that pixel). So the coverage
/// under such pixels is set to 0 first, and rows are split where more than `gap` (up to
/// `gap` + 7: rows are read eight bytes a step) zero bytes lie between non-zero ones. Painting the runs gives the bytes painting every pixel of the
/// rectangle would.
///
/// Invariants: runs are in row order, left to right within a row, non-overlapping, inside
/// `rect`; run r's coverage is `bytes[r.offset ..< r.offset + r.count]`, whose first and
/// last bytes are non-zero.
struct ShadowAlpha {
    struct Run: Equatable {
        /// Row and first column, relative to `rect`'s top-left corner.
        let y: Int32
        let x: Int32
        let count: Int32
        let offset: Int32
    }

    /// Zero bytes between two non-zero ones that may end a run (shorter gaps are painted, as 0).
    static let gap = 32

    let rect: PixelBounds
    let runs: [Run]
    let bytes: PageBuffer<UInt8>

    /// Memory held, for the shadow cache's bound.
    var byteCount: Int { bytes.count + runs.count * MemoryLayout<Run>.stride }

    /// From `alpha`, packed rows over `rect` (not empty), which it may change: coverage
    /// under pixels of `layer` with alpha 255 is set to 0 (pass the layer that will be
    /// composited over the shadow with opacity 1, or nil).
    init(alpha: UnsafeMutablePointer<UInt8>, rect: PixelBounds, hiddenUnder layer: Surface?) {
        self.rect = rect
        let width = rect.width
        if let layer { Self.clearHidden(alpha, rect, under: layer) }
        var runs: [Run] = []
        var total = 0
        for y in 0..<rect.height {
            let row = alpha + y * width
            var x = 0
            while x < width {
                x = Self.nextNonZero(row, from: x, width: width)
                guard x < width else { break }
                let start = x
                var last = x
                x += 1
                // Eight bytes a step: `last` moves to the word's last non-zero byte.
                while x < width, x - last <= Self.gap {
                    if x + 8 <= width {
                        let word = UInt64(littleEndian: UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self))
                        if word != 0 { last = x + 7 - word.leadingZeroBitCount >> 3 }
                        x += 8
                    } else {
                        if row[x] != 0 { last = x }
                        x += 1
                    }
                }
                let count = last + 1 - start
                runs.append(Run(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: start),
                                count: Int32(truncatingIfNeeded: count), offset: Int32(truncatingIfNeeded: total)))
                total += count
                x = last + 1
            }
        }
        self.runs = runs
        // The coverage copied once its size is known: no growing array (a wide shadow's
        // bytes are hundreds of kilobytes), into pages mapped in one go (`PageBuffer`).
        bytes = PageBuffer(count: total)
        for run in runs {
            (bytes.base + Int(run.offset)).initialize(from: alpha + Int(run.y) * width + Int(run.x), count: Int(run.count))
        }
    }

    /// The first index ≥ `x` whose byte is non-zero, or `width`.
    private static func nextNonZero(_ row: UnsafePointer<UInt8>, from x: Int, width: Int) -> Int {
        var i = x
        while i + 8 <= width, UnsafeRawPointer(row + i).loadUnaligned(as: UInt64.self) == 0 { i += 8 }
        while i < width, row[i] == 0 { i += 1 }
        return i
    }

    /// Sets to 0 the coverage under the opaque pixels of `layer`.
    private static func clearHidden(_ alpha: UnsafeMutablePointer<UInt8>, _ rect: PixelBounds, under layer: Surface) {
        let both = rect.intersection(layer.rect)
        guard !both.isEmpty else { return }
        for y in both.y0..<both.y1 {
            let out = alpha + (y - rect.y0) * rect.width - rect.x0
            let row = UnsafeRawPointer(layer.base + (((y - layer.originY) * layer.stride - layer.originX) << 2))
            // Whole pixels, without a branch: the loop vectorizes.
            for x in both.x0..<both.x1 {
                let opaque = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x << 2, as: UInt32.self)) >= 0xFF00_0000
                out[x] = opaque ? 0 : out[x]
            }
        }
    }
}
