import WaveGeometry
import Foundation

/// A separable Gaussian blur on premultiplied RGBA8 layers or 8-bit alpha, in integer
/// fixed point (deterministic: the kernel comes from `exp` once per blur, the passes are
/// integer-exact).
///
/// σ = radius / 2, the relation CSS Backgrounds 3 states for a shadow's blur radius; Core
/// Animation documents shadowRadius only as "the blur radius", and σ ≈ radius / 2 matches it
/// by eye (see grammar.md). The kernel samples exp(−t² / 2σ²) at whole-pixel offsets out to
/// ⌈3.5σ⌉ (the tails beyond hold under 0.05 % of the weight), normalized to 2¹⁶. A sub-pixel
/// shift (a shadow's fractional offset) moves the sample points, so a moving shadow glides.
/// Below σ = 0.25 the "blur" is a plain shift: linear interpolation between two pixels.
///
/// Two passes: rows into a 16-bit buffer (8 fractional bits kept), then columns back to 8
/// bits, rounding once at each step. Both passes are the same filter per channel, so colour
/// never exceeds alpha (the premultiplied invariant holds).
package enum GaussianBlur {
    /// σ for a blur radius; 0 for none (≤ 0, NaN, or infinite).
    static func sigma(radius: Double) -> Double {
        radius > 0 && radius.isFinite ? Swift.min(radius, 4096) / 2 : 0
    }

    /// Weights (summing to 2¹⁶) for out[x] = Σₖ weights[k] · in[x + first + k]: a Gaussian of
    /// standard deviation `sigma` that also moves the content by `shift` pixels.
    struct Kernel: Equatable {
        let first: Int
        let weights: [UInt32]

        /// The output range [lo, hi) that input range [lo, hi) can reach.
        func spread(_ lo: Int, _ hi: Int) -> (Int, Int) {
            Taps(first: first, count: weights.count).spread(lo, hi)
        }

        /// Where a kernel's weights lie (out[x] reads in[x + first ..< x + first + count]),
        /// known without computing them.
        struct Taps: Equatable {
            let first: Int
            let count: Int

            /// The output range [lo, hi) that input range [lo, hi) can reach.
            func spread(_ lo: Int, _ hi: Int) -> (Int, Int) {
                (lo - first - count + 1, hi - first)
            }
        }

        /// The taps `Kernel(sigma:shift:)` has: ⌈3.5σ⌉ + 1 before the centre and ⌈3.5σ⌉ + 1
        /// after, moved by the whole shift (no Gaussian weight is trimmed: exp(−t²/2σ²) with
        /// |t| ≤ 3.5σ + 2 and σ ≥ 0.25 is far from underflowing to 0); for a plain shift,
        /// two pixels, or one when the shift is whole (or rounds to whole).
        static func taps(sigma: Double, shift: Double) -> Taps {
            let whole = shift.rounded(.down)
            let n = Int(whole), f = shift - whole
            if sigma < 0.25 {
                // Weights (f, 1 − f) from −1, a zero one trimmed (f rounds to 1 for a tiny negative shift).
                return f == 0 ? Taps(first: -n, count: 1) : Taps(first: -1 - n, count: f == 1 ? 1 : 2)
            }
            let r = Int((3.5 * sigma).rounded(.up))
            return Taps(first: -r - 1 - n, count: 2 * r + 2)
        }

        init(sigma: Double, shift: Double) {
            let whole = shift.rounded(.down)
            let n = Int(whole), f = shift - whole
            var w: [Double]
            var lowest: Int   // offset u of weights[0]; the tap for u reads in[x − n + u]
            if sigma < 0.25 {
                // out[x] = (1 − f) · in[x − n] + f · in[x − n − 1]
                w = [f, 1 - f]
                lowest = -1
            } else {
                let r = Int((3.5 * sigma).rounded(.up))
                lowest = -r - 1
                w = (lowest...r).map { u in
                    let t = Double(u) + f
                    return Foundation.exp(-t * t / (2 * sigma * sigma))
                }
            }
            // Trim zero weights at the ends (f = 0 gives one), keep at least one.
            while w.count > 1, w[0] == 0 { w.removeFirst(); lowest += 1 }
            while w.count > 1, w[w.count - 1] == 0 { w.removeLast() }
            let total = w.reduce(0, +)
            var fixed = w.map { UInt32(($0 / total * 65536).rounded()) }
            let sum = fixed.reduce(0, +)
            if let big = fixed.indices.max(by: { fixed[$0] < fixed[$1] }) {
                fixed[big] = fixed[big] &+ 65536 &- sum   // exact total 2¹⁶
            }
            // out[x] = Σᵤ in[x + u − n] · G(u + f), so weights[k] is tap u = lowest + k.
            self.weights = fixed
            self.first = lowest - n
        }
    }

    /// Blurs `channels` interleaved 8-bit channels. `source` holds `src` (device rectangle) with
    /// `srcPixelBytes` bytes a pixel and `srcStride` pixels a row, channel c of a pixel at byte
    /// `channelOffset + c`. Writes `dst` (device rectangle; packed rows of `channels` bytes a
    /// pixel) with the blurred image; pixels outside `src` count as 0.
    static func blur(source: UnsafePointer<UInt8>, src: PixelBounds, srcPixelBytes: Int, srcStride: Int, channelOffset: Int,
                     channels: Int, into destination: UnsafeMutablePointer<UInt8>, dst: PixelBounds,
                     x kx: Kernel, y ky: Kernel, arena: ScratchArena) {
        let width = dst.width, height = dst.height
        guard width > 0, height > 0 else { return }
        let rowElements = width * channels
        destination.initialize(repeating: 0, count: rowElements * height)
        // Rows of the source the columns pass reads: dst.y + ky.first … + count − 1, within src.
        let ry0 = Swift.max(src.y0, dst.y0 + ky.first), ry1 = Swift.min(src.y1, dst.y1 + ky.first + ky.weights.count - 1)
        guard ry1 > ry0, !src.isEmpty else { return }
        let mark = arena.mark
        defer { arena.reset(to: mark) }
        let rows = ry1 - ry0
        let middle = arena.allocate(UInt16.self, count: rowElements * rows)
        let acc = arena.allocate(UInt32.self, count: rowElements)
        var nonEmpty = [Bool](repeating: false, count: rows)
        // Pass 1: rows. middle[y][x] = round(Σ w · in / 2⁸), i.e. value · 2⁸.
        for y in 0..<rows {
            let row = source + ((ry0 + y - src.y0) * srcStride) * srcPixelBytes + channelOffset
            var any = false
            var x = 0
            let rowPixels = src.width
            while x < rowPixels {
                for c in 0..<channels where row[x * srcPixelBytes + c] != 0 { any = true; break }
                if any { break }
                x += 1
            }
            let out = middle + y * rowElements
            guard any else { out.initialize(repeating: 0, count: rowElements); continue }
            nonEmpty[y] = true
            acc.initialize(repeating: 128, count: rowElements)
            for (k, w) in kx.weights.enumerated() where w != 0 {
                // out pixel i (device dst.x0 + i) reads device dst.x0 + i + first + k.
                let shift = dst.x0 + kx.first + k - src.x0   // source pixel index = i + shift
                let i0 = Swift.max(0, -shift), i1 = Swift.min(width, rowPixels - shift)
                guard i1 > i0 else { continue }
                if channels == 1 {
                    for i in i0..<i1 { acc[i] &+= w &* UInt32(row[(i + shift) * srcPixelBytes]) }
                } else {
                    for i in i0..<i1 {
                        let s = row + (i + shift) * srcPixelBytes, a = acc + i * channels
                        for c in 0..<channels { a[c] &+= w &* UInt32(s[c]) }
                    }
                }
            }
            for e in 0..<rowElements { out[e] = UInt16(truncatingIfNeeded: acc[e] >> 8) }
        }
        // Pass 2: columns, a row of the output at a time.
        for y in 0..<height {
            var touched = false
            acc.initialize(repeating: 1 << 23, count: rowElements)
            for (k, w) in ky.weights.enumerated() where w != 0 {
                let m = dst.y0 + y + ky.first + k - ry0
                guard m >= 0, m < rows, nonEmpty[m] else { continue }
                touched = true
                let mid = middle + m * rowElements
                for e in 0..<rowElements { acc[e] &+= w &* UInt32(mid[e]) }
            }
            guard touched else { continue }
            let out = destination + y * rowElements
            for e in 0..<rowElements { out[e] = UInt8(truncatingIfNeeded: acc[e] >> 24) }
        }
    }
}
