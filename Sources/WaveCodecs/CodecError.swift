/// The single error type thrown by every encoder and decoder in `WaveCodecs`.
public struct CodecError: Error, CustomStringConvertible, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
