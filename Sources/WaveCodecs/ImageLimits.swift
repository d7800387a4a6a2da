/// Dimension limits shared by all encoders and decoders, so that neither hostile
/// input nor a caller's mistake can make a codec allocate absurd amounts of memory.
public enum ImageLimits {
    /// Largest accepted width or height.
    public static let maxSide = 16_384
    /// Largest accepted `width * height`.
    public static let maxPixels = 1 << 28

    /// Throws unless `1...maxSide` holds for both sides and the area is at most `maxPixels`.
    public static func validate(width: Int, height: Int) throws {
        guard width >= 1, height >= 1 else {
            throw CodecError("image dimensions must be positive, got \(width)x\(height)")
        }
        guard width <= maxSide, height <= maxSide else {
            throw CodecError("image dimensions \(width)x\(height) exceed the \(maxSide) pixel limit per side")
        }
        guard width * height <= maxPixels else {
            throw CodecError("image area \(width)x\(height) exceeds \(maxPixels) pixels")
        }
    }

    /// Validates dimensions and that `rgba` holds exactly `width * height * 4` bytes.
    static func validate(width: Int, height: Int, rgbaCount: Int) throws {
        try validate(width: width, height: height)
        guard rgbaCount == width * height * 4 else {
            throw CodecError("expected \(width * height * 4) RGBA bytes for \(width)x\(height), got \(rgbaCount)")
        }
    }
}
