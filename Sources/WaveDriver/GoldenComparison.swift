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

    /// A picture of the differences, the size of the images: the expected frame faded to a
    /// light grey where it matches, and red where a pixel is beyond the tolerance (salmon
    /// for small differences, pure red from 55 up). Nil when the sizes differ.
    public static func diffImage(expected: DecodedImage, actual: DecodedImage, tolerance: Int) -> DecodedImage? {
        guard expected.width == actual.width, expected.height == actual.height,
              expected.rgba.count == actual.rgba.count else { return nil }
        var out = [UInt8](repeating: 255, count: expected.rgba.count)
        let e = expected.rgba, a = actual.rgba
        var i = 0
        while i + 3 < e.count {
            var d = 0
            for k in 0..<4 { d = max(d, abs(Int(e[i + k]) - Int(a[i + k]))) }
            if d > tolerance {
                let fade = UInt8(max(0, 110 - 2 * d))       // small: salmon; 55 and more: pure red
                out[i] = 255; out[i + 1] = fade; out[i + 2] = fade
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
        return DecodedImage(width: expected.width, height: expected.height, rgba: out)
    }
}
