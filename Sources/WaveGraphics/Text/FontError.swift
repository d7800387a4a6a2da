import WaveGeometry
/// A font could not be found or loaded. Only raised when no usable file exists:
/// a family that fontconfig replaces by a fallback is reported through
/// `FontMatch.isExactFamily`, not as an error.
public struct FontError: Error, CustomStringConvertible, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
