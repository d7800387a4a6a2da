import CWebP

/// Animated WebP through libwebp's `WebPAnimEncoder`: frames of the 60-tick clock,
/// lossless by default (exactly the straight-alpha pixels given, also under transparent
/// pixels), or lossy at a quality 0–100.
///
/// WebP timestamps are whole milliseconds. Frame n (n ticks after the first) starts at
/// round(n · 1000/60) ms and the animation ends at round(count · 1000/60) ms: durations run
/// 17, 16, 17 ms, never drifting, and the total is exact whenever the tick count is a
/// multiple of 3 (otherwise the nearest millisecond). Frames that change nothing are merged
/// by the encoder into the duration of the one before.
///
/// The encoder keeps the compressed frames in memory until `finish`, which writes the
/// whole file at once (the RIFF header holds the total size).
public final class WebPEncoder {
    public let width: Int
    public let height: Int
    private let output: ([UInt8]) throws -> Void
    private var encoder: OpaquePointer?
    private var frames = 0

    /// The start of frame `n` in milliseconds: round(n · 1000/60), never a tie.
    public static func milliseconds(ticks n: Int) -> Int { (n * 1000 + 30) / 60 }

    /// Nil when libwebp can be used (it is loaded when first asked for); else why not.
    public static var unavailable: String? { wave_webp_unavailable().map { String(cString: $0) } }

    /// - Parameters:
    ///   - lossyQuality: nil for lossless; else the lossy quality 0–100.
    ///   - loopCount: plays, 0 = forever.
    public init(width: Int, height: Int, lossyQuality: Int? = nil, loopCount: Int = 0,
                output: @escaping ([UInt8]) throws -> Void) throws {
        try ImageLimits.validate(width: width, height: height)
        guard width <= 16383, height <= 16383 else { throw CodecError("WebP sides are at most 16383 pixels") }
        self.width = width
        self.height = height
        self.output = output
        let quality = lossyQuality.map { Int32(max(0, min(100, $0))) } ?? -1
        encoder = try WebPEncoder.calling { wave_webp_new(Int32(width), Int32(height), quality, Int32(max(0, min(65535, loopCount))), $0, $1) }
    }

    deinit { wave_webp_delete(encoder) }

    /// Calls `body` with an error buffer; throws its text when `body` returns nil or 0.
    private static func calling<T>(_ body: (UnsafeMutablePointer<CChar>, Int) -> T?) throws -> T {
        var buffer = [CChar](repeating: 0, count: 512)
        let result = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        guard let result else { throw CodecError(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        return result
    }

    private static func check(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
        _ = try calling { body($0, $1) != 0 ? true : nil }
    }

    /// Adds the next frame: straight-alpha RGBA, the frame `frames` ticks after the first.
    public func addFrame(rgba: [UInt8]) throws {
        guard let encoder else { throw CodecError("WebP encoder already finished") }
        try ImageLimits.validate(width: width, height: height, rgbaCount: rgba.count)
        let start = Int32(WebPEncoder.milliseconds(ticks: frames))
        try rgba.withUnsafeBufferPointer { pixels in
            try WebPEncoder.check { wave_webp_add(encoder, pixels.baseAddress, start, $0, $1) }
        }
        frames += 1
    }

    /// Ends the animation at the last frame's end and writes the file.
    public func finish() throws {
        guard let encoder else { throw CodecError("WebP encoder already finished") }
        guard frames > 0 else { throw CodecError("a WebP animation needs at least one frame") }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        let end = Int32(WebPEncoder.milliseconds(ticks: frames))
        try WebPEncoder.check { wave_webp_finish(encoder, end, &bytes, &size, $0, $1) }
        defer { wave_webp_free_bytes(bytes) }
        wave_webp_delete(encoder)
        self.encoder = nil
        guard let bytes else { throw CodecError("libwebp assembled no bytes") }
        try output(Array(UnsafeBufferPointer(start: bytes, count: size)))
    }
}
