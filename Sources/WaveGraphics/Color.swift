import WaveGeometry
/// A straight (non-premultiplied) RGBA colour with sRGB-encoded components in 0...1.
///
/// Out-of-range components are clamped when the colour is used; NaN counts as 0.
public struct Color: Equatable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// `v` clamped to 0...1, NaN → 0.
    @inline(__always)
    static func unit(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }

    /// The colour with alpha multiplied by `opacity`, premultiplied and packed as RGBA8 in a
    /// little-endian word (r in bits 0–7, a in bits 24–31). Each channel is
    /// round(255 · c · alpha), so channel ≤ alpha always holds.
    func premultipliedPacked(opacity: Double = 1) -> UInt32 {
        let alpha = Color.unit(a) * Color.unit(opacity)
        func channel(_ c: Double) -> UInt32 { UInt32((Color.unit(c) * alpha * 255).rounded()) }
        let a8 = UInt32((alpha * 255).rounded())
        return channel(r) | channel(g) << 8 | channel(b) << 16 | a8 << 24
    }
}
