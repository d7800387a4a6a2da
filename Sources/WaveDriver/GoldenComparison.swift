import WaveSinks
import WaveCodecs

/// How far a rendered frame is from its golden: pixels compare per channel (straight-alpha
/// RGBA8), and a pixel differs when any channel is more than `tolerance` away.
public struct GoldenComparison: Equatable, Sendable {
    public let tolerance: Int
    /// Largest per-channel difference over the image (0 when identical); -1 when the sizes differ.
    public let maxDifference: Int
    /// Pixels with a channel more than `tolerance` away (all of them when the sizes differ).
    public let differingPixels: Int
    public let sizesMatch: Bool

    public var passed: Bool { sizesMatch && differingPixels == 0 }

    public init(expected: DecodedImage, actual: DecodedImage, tolerance: Int) {
        self.tolerance = tolerance
        guard expected.width == actual.width, expected.height == actual.height,
              expected.rgba.count == actual.rgba.count else {
            sizesMatch = false
            maxDifference = -1
            differingPixels = max(expected.width * expected.height, actual.width * actual.height)
            return
        }
        sizesMatch = true
        var worst = 0, count = 0
        expected.rgba.withUnsafeBufferPointer { e in
            actual.rgba.withUnsafeBufferPointer { a in
                var i = 0
                while i + 3 < e.count {
                    var pixelWorst = 0
                    for k in 0..<4 { pixelWorst = max(pixelWorst, abs(Int(e[i + k]) - Int(a[i + k]))) }
                    if pixelWorst > tolerance { count += 1 }
                    worst = max(worst, pixelWorst)
                    i += 4
                }
            }
        }
        maxDifference = worst
        differingPixels = count
    }

    /// A heat map of the differences: the expected frame faded to a light grey where it
    /// matches, and where a pixel is beyond the tolerance a colour for how far (its largest
    /// channel difference): pale yellow just beyond the tolerance, orange at 96, pure red
    /// from 224 up. Under it, a scale: a gap, then a strip of the same colours from the
    /// tolerance (left) to 255 (right) with a dark mark at 64, 128 and 192. Nil when the
    /// sizes differ.
    public static func diffImage(expected: DecodedImage, actual: DecodedImage, tolerance: Int) -> DecodedImage? {
        guard expected.width == actual.width, expected.height == actual.height,
              expected.rgba.count == actual.rgba.count else { return nil }
        let w = expected.width, h = expected.height
        var out = [UInt8](repeating: 255, count: w * (h + scaleGap + scaleHeight) * 4)
        let e = expected.rgba, a = actual.rgba
        var i = 0
        while i + 3 < e.count {
            var d = 0
            for k in 0..<4 { d = max(d, abs(Int(e[i + k]) - Int(a[i + k]))) }
            if d > tolerance {
                let c = heat(d, tolerance: tolerance)
                out[i] = c.0; out[i + 1] = c.1; out[i + 2] = c.2
            } else {
                // Luma of the expected pixel over white, squeezed into 200...251.
                let alpha = Int(e[i + 3])
                let luma = (Int(e[i]) * 77 + Int(e[i + 1]) * 150 + Int(e[i + 2]) * 29) >> 8
                let over = (luma * alpha + 255 * (255 - alpha)) / 255
                let g = UInt8(200 + over / 5)
                out[i] = g; out[i + 1] = g; out[i + 2] = g
            }
            i += 4
        }
        // The scale: column x stands for the difference tolerance + x/(w-1) of the way to 255.
        let top = h + scaleGap
        for x in 0..<w {
            let d = scaleDifference(column: x, width: w, tolerance: tolerance)
            var c = heat(max(tolerance + 1, d), tolerance: tolerance)
            for y in top..<(top + scaleHeight) {
                let mark = [64, 128, 192].contains { scaleColumn(of: $0, width: w, tolerance: tolerance) == x } && y < top + scaleHeight / 2
                if mark { c = (40, 40, 40) }
                let o = (y * w + x) * 4
                out[o] = c.0; out[o + 1] = c.1; out[o + 2] = c.2
            }
        }
        return DecodedImage(width: w, height: h + scaleGap + scaleHeight, rgba: out)
    }

    /// Rows of white, then of the scale, under a diff's picture.
    public static let scaleGap = 4, scaleHeight = 10

    /// The difference scale column `x` stands for.
    static func scaleDifference(column x: Int, width: Int, tolerance: Int) -> Int {
        let t = width > 1 ? Double(x) / Double(width - 1) : 1
        return tolerance + Int((t * Double(255 - tolerance)).rounded())
    }

    /// The scale column nearest to difference `d`.
    static func scaleColumn(of d: Int, width: Int, tolerance: Int) -> Int? {
        guard d > tolerance, width > 1 else { return nil }
        return Int((Double(d - tolerance) / Double(255 - tolerance) * Double(width - 1)).rounded())
    }

    /// The heat colour of a difference beyond the tolerance: pale yellow (255, 240, 120) just
    /// past it, orange (255, 140, 0) at 96, red (255, 0, 0) from 224 up.
    static func heat(_ d: Int, tolerance: Int) -> (UInt8, UInt8, UInt8) {
        func mix(_ p: (Double, Double, Double), _ q: (Double, Double, Double), _ t: Double) -> (UInt8, UInt8, UInt8) {
            let t = min(1, max(0, t))
            return (UInt8((p.0 + (q.0 - p.0) * t).rounded()), UInt8((p.1 + (q.1 - p.1) * t).rounded()), UInt8((p.2 + (q.2 - p.2) * t).rounded()))
        }
        let pale = (255.0, 240.0, 120.0), orange = (255.0, 140.0, 0.0), red = (255.0, 0.0, 0.0)
        let start = Double(min(tolerance + 1, 95))
        if d <= 96 { return mix(pale, orange, (Double(d) - start) / (96 - start)) }
        return mix(orange, red, Double(d - 96) / Double(224 - 96))
    }
}
