import Foundation

/// A colour in OKLab (Björn Ottosson's perceptual space): `l` lightness 0–1, `a` green–red,
/// `b` blue–yellow. Euclidean distance approximates perceived difference (ΔE_OK; about
/// 0.02 is just noticeable), so terminal colours are chosen by it.
public struct OKLab: Equatable, Sendable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The colour of a linear-light RGB triple (each 0–1).
    public init(linear r: Double, _ g: Double, _ b: Double) {
        let lm = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let mm = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let sm = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        l = 0.2104542553 * lm + 0.7936177850 * mm - 0.0040720468 * sm
        a = 1.9779984951 * lm - 2.4285922050 * mm + 0.4505937099 * sm
        self.b = 0.0259040371 * lm + 0.7827717662 * mm - 0.8086757660 * sm
    }

    /// The colour of an sRGB value 0xRRGGBB.
    public init(rgb: UInt32) {
        let c = OKLab.linear(rgb)
        self.init(linear: c.r, c.g, c.b)
    }

    /// Squared distance (ΔE_OK²).
    @inline(__always)
    public func distance2(_ o: OKLab) -> Double {
        let dl = l - o.l, da = a - o.a, db = b - o.b
        return dl * dl + da * da + db * db
    }

    /// sRGB 0xRRGGBB as linear-light channels 0–1.
    public static func linear(_ rgb: UInt32) -> (r: Double, g: Double, b: Double) {
        (decode[Int(rgb >> 16 & 0xff)], decode[Int(rgb >> 8 & 0xff)], decode[Int(rgb & 0xff)])
    }

    /// The sRGB transfer function, inverted, for each 8-bit level.
    static let decode: [Double] = (0..<256).map { i in
        let c = Double(i) / 255
        return c <= 0.04045 ? c / 12.92 : Foundation.pow((c + 0.055) / 1.055, 2.4)
    }
}
