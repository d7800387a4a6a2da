import WaveGeometry
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
/// A wide shadow made from the coarse grid (`GaussianBlur.coarseShadow`) is kept as whole
/// rows instead, each from the first to the last column that can be non-zero, less one
/// `hidden` stretch a row: pixels the layer covers opaquely, which need not be written at
/// all (not even the background, over stale pixels), since the layer drawn next replaces
/// them whatever they hold.
///
/// Invariants: runs are in row order, left to right within a row, non-overlapping, inside
/// `rect`; run r's coverage is `bytes[r.offset ..< r.offset + r.count]`, whose first and
/// last bytes are non-zero when made by `init(alpha:rect:hiddenUnder:)`; no run meets its
/// row's hidden stretch.
package struct ShadowAlpha {
    package struct Run: Equatable {
        /// Row and first column, relative to `rect`'s top-left corner.
        package let y: Int32
        package let x: Int32
        package let count: Int32
        /// Where its coverage starts in `bytes`.
        package let offset: Int32
    }

    /// Zero bytes between two non-zero ones that may end a run (shorter gaps are painted, as 0).
    static let gap = 32

    package let rect: PixelBounds
    package let runs: [Run]
    package let bytes: PageBuffer<UInt8>
    /// For each row of `rect`, columns [hidden[2y], hidden[2y + 1]) (from `rect`'s left) lie
    /// under the layer's opaque pixels and need not be written at all; empty when no row has
    /// such a stretch recorded.
    package let hidden: [Int32]

    /// Memory held, for the shadow cache's bound.
    package var byteCount: Int { bytes.count + (runs.count * MemoryLayout<Run>.stride + hidden.count) * 4 }

    /// From `alpha`, packed rows over `rect` (not empty), which it may change: coverage
    /// under pixels of `layer` with alpha 255 is set to 0 (pass the layer that will be
    /// composited over the shadow with opacity 1, or nil).
    init(alpha: UnsafeMutablePointer<UInt8>, rect: PixelBounds, hiddenUnder layer: Surface?) {
        let width = rect.width
        var builder = Builder(rect: rect, into: nil)
        for y in 0..<rect.height {
            let row = alpha + y * width
            if let layer { Self.clearHidden(row, y: y, from: 0, to: width, in: rect, under: layer) }
            builder.add(row, y: y, from: 0, to: width)
        }
        self = builder.finish(rows: alpha)
    }

    private init(rect: PixelBounds, runs: [Run], bytes: PageBuffer<UInt8>, hidden: [Int32]) {
        self.rect = rect
        self.runs = runs
        self.bytes = bytes
        self.hidden = hidden
    }

    /// Makes a `ShadowAlpha` one row at a time, rows in order, so that the rows can be
    /// computed one by one in one buffer: each row's runs are found, and their bytes copied,
    /// as it is added.
    package struct Builder {
        let rect: PixelBounds
        private let out: UnsafeMutablePointer<UInt8>?
        /// The final buffer, when the total is known up front (`init(rect:total:)`).
        private let exact: PageBuffer<UInt8>?
        private var runs: [Run] = []
        private var total = 0
        private var hidden: [Int32] = []

        /// `out` has room for `rect`'s area, or is nil: the bytes are then read at `finish`
        /// from the packed rows the runs were found in.
        init(rect: PixelBounds, into out: UnsafeMutablePointer<UInt8>?) {
            self.rect = rect
            self.out = out
            exact = nil
        }

        /// For rows whose bytes will come to exactly `total` (`reserveWhole`): they are
        /// written straight into the shadow's own buffer.
        package init(rect: PixelBounds, total: Int) {
            self.rect = rect
            let buffer = PageBuffer<UInt8>(count: total)
            exact = buffer
            out = buffer.base
            runs.reserveCapacity(2 * rect.height)
        }

        /// Adds row `y` (from `rect`'s top) whose coverage is `row[x0 ..< x1]` and 0 elsewhere.
        mutating func add(_ row: UnsafePointer<UInt8>, y: Int, from x0: Int, to x1: Int) {
            var x = x0
            while x < x1 {
                x = ShadowAlpha.nextNonZero(row, from: x, width: x1)
                guard x < x1 else { break }
                let start = x
                var last = x
                x += 1
                // Eight bytes a step: `last` moves to the word's last non-zero byte.
                while x < x1, x - last <= ShadowAlpha.gap {
                    if x + 8 <= x1 {
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
                (out.map { $0 + total })?.initialize(from: row + start, count: count)
                total += count
                x = last + 1
            }
        }

        /// Adds row `y`'s coverage over columns [x0, x1), zeros included, less the stretch
        /// `hide` (columns the layer covers opaquely, recorded as hidden), and returns where
        /// the caller writes it (only for a builder made with `init(rect:total:)`): columns
        /// [x0, h0) from `at`, then [h1, x1) right after them; [h0, h1) is `hide` within
        /// [x0, x1).
        package mutating func reserveWhole(y: Int, from x0: Int, to x1: Int,
                                   hiding hide: Range<Int>) -> (at: UnsafeMutablePointer<UInt8>, h0: Int, h1: Int) {
            guard let out else { preconditionFailure("reserveWhole needs the shadow's own buffer") }
            let h0 = Swift.min(Swift.max(hide.lowerBound, x0), x1), h1 = Swift.max(Swift.min(hide.upperBound, x1), h0)
            let at = out + total
            func add(_ a: Int, _ b: Int) {
                guard a < b else { return }
                runs.append(Run(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: a),
                                count: Int32(truncatingIfNeeded: b - a), offset: Int32(truncatingIfNeeded: total)))
                total += b - a
            }
            add(x0, h0)
            add(h1, x1)
            precondition(exact.map { total <= $0.count } ?? true, "rows added exceed the promised total")
            if h0 < h1 {
                if hidden.isEmpty { hidden = [Int32](repeating: 0, count: 2 * rect.height) }
                hidden[2 * y] = Int32(truncatingIfNeeded: h0)
                hidden[2 * y + 1] = Int32(truncatingIfNeeded: h1)
            }
            return (at, h0, h1)
        }

        /// The runs added, their coverage copied once its size is known: no growing array (a
        /// wide shadow's bytes are hundreds of kilobytes), into pages mapped in one go
        /// (`PageBuffer`); from `rows` (packed over `rect`) when the builder has no buffer.
        package func finish(rows: UnsafePointer<UInt8>? = nil) -> ShadowAlpha {
            if let exact {
                precondition(total == exact.count, "rows added do not come to the promised total")
                return ShadowAlpha(rect: rect, runs: runs, bytes: exact, hidden: hidden)
            }
            let bytes = PageBuffer<UInt8>(count: total)
            if let out {
                bytes.base.initialize(from: out, count: total)
            } else if let rows {
                for run in runs {
                    (bytes.base + Int(run.offset)).initialize(from: rows + Int(run.y) * rect.width + Int(run.x), count: Int(run.count))
                }
            }
            return ShadowAlpha(rect: rect, runs: runs, bytes: bytes, hidden: hidden)
        }
    }

    /// The first index ≥ `x` whose byte is non-zero, or `width`.
    private static func nextNonZero(_ row: UnsafePointer<UInt8>, from x: Int, width: Int) -> Int {
        var i = x
        while i + 8 <= width, UnsafeRawPointer(row + i).loadUnaligned(as: UInt64.self) == 0 { i += 8 }
        while i < width, row[i] == 0 { i += 1 }
        return i
    }

    /// Sets to 0 the coverage `row[x0 ..< x1]` (row `y` of `rect`, columns from its left)
    /// under the opaque pixels of `layer`.
    static func clearHidden(_ row: UnsafeMutablePointer<UInt8>, y: Int, from x0: Int, to x1: Int, in rect: PixelBounds,
                            under layer: Surface) {
        let dy = rect.y0 + y
        guard dy >= layer.originY, dy < layer.originY + layer.height else { return }
        let lo = Swift.max(x0 + rect.x0, layer.originX), hi = Swift.min(x1 + rect.x0, layer.originX + layer.width)
        guard lo < hi else { return }
        let out = row - rect.x0
        let pixels = UnsafeRawPointer(layer.base + (((dy - layer.originY) * layer.stride - layer.originX) << 2))
        // Arithmetic instead of a choice, so the loop vectorizes: (alpha + 1) >> 8 is 1 for
        // 255 and 0 below, and 1 − 1 = 0 clears the coverage while 0 − 1 = 0xFF keeps it.
        for x in lo..<hi {
            let alpha = UInt32(littleEndian: pixels.loadUnaligned(fromByteOffset: x << 2, as: UInt32.self)) >> 24
            out[x] &= UInt8(truncatingIfNeeded: (alpha &+ 1) >> 8) &- 1
        }
    }
}
