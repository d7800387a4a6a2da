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
    private var config = WebPConfig()
    private var frames = 0

    /// The start of frame `n` in milliseconds: round(n · 1000/60), never a tie.
    public static func milliseconds(ticks n: Int) -> Int { (n * 1000 + 30) / 60 }

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
        guard wave_webp_config_init(&config) != 0 else { throw CodecError("libwebp version mismatch") }
        if let q = lossyQuality {
            config.lossless = 0
            config.quality = Float(max(0, min(100, q)))
            config.method = 4
        } else {
            // Level 4 of 9: lossless effort where the files stop shrinking much on wave's
            // flat-colour frames; `exact` keeps colours under alpha 0 as given.
            guard WebPConfigLosslessPreset(&config, 4) != 0 else { throw CodecError("libwebp refused the lossless preset") }
            config.exact = 1
        }
        var options = WebPAnimEncoderOptions()
        guard wave_webp_anim_options_init(&options) != 0 else { throw CodecError("libwebp version mismatch") }
        options.anim_params.loop_count = Int32(max(0, min(65535, loopCount)))
        options.anim_params.bgcolor = 0x0000_0000  // transparent black
        options.allow_mixed = 0
        guard let e = wave_webp_anim_encoder_new(Int32(width), Int32(height), &options) else {
            throw CodecError("libwebp could not start an animation of \(width)x\(height)")
        }
        encoder = e
    }

    deinit { if let encoder { WebPAnimEncoderDelete(encoder) } }

    /// Adds the next frame: straight-alpha RGBA, the frame `frames` ticks after the first.
    public func addFrame(rgba: [UInt8]) throws {
        guard let encoder else { throw CodecError("WebP encoder already finished") }
        try ImageLimits.validate(width: width, height: height, rgbaCount: rgba.count)
        var picture = WebPPicture()
        guard wave_webp_picture_init(&picture) != 0 else { throw CodecError("libwebp version mismatch") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw CodecError("libwebp could not take a frame (out of memory)") }
        let ok = WebPAnimEncoderAdd(encoder, &picture, Int32(WebPEncoder.milliseconds(ticks: frames)), &config)
        guard ok != 0 else { throw CodecError("libwebp could not encode frame \(frames): \(lastError)") }
        frames += 1
    }

    /// Ends the animation at the last frame's end and writes the file.
    public func finish() throws {
        guard let encoder else { throw CodecError("WebP encoder already finished") }
        guard frames > 0 else { throw CodecError("a WebP animation needs at least one frame") }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(WebPEncoder.milliseconds(ticks: frames)), nil) != 0 else {
            throw CodecError("libwebp could not end the animation: \(lastError)")
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw CodecError("libwebp could not assemble the file: \(lastError)") }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
        WebPAnimEncoderDelete(encoder)
        self.encoder = nil
        guard let bytes = data.bytes else { throw CodecError("libwebp assembled no bytes") }
        try output(Array(UnsafeBufferPointer(start: bytes, count: data.size)))
    }

    private var lastError: String {
        guard let encoder, let text = WebPAnimEncoderGetError(encoder) else { return "unknown error" }
        return String(cString: text)
    }
}
