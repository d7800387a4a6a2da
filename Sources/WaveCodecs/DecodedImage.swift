/// A decoded still image: straight-alpha RGBA8, row-major, `width * height * 4` bytes.
public struct DecodedImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
