import WaveCodecs

/// The file formats `wave render` writes. What each one is and accepts is data in
/// `info` (the format table); the command reads it instead of testing formats one by one.
/// Adding a format is a codec, a sink, and a case with its row here.
public enum ImageFormat: String, CaseIterable, Sendable {
    /// One PNG, or one PNG per tick through a `%04d` pattern.
    case png
    /// Animated PNG: every tick, each frame shown for exactly 1/60 s.
    case apng
    /// Animated GIF at one of the `GIFFrameRate`s.
    case gif
    /// YUV4MPEG2 video at 60 fps, for piping into a video encoder.
    case y4m
    /// H.264 video at 60 fps (yuv420p), encoded by ffmpeg.
    case mp4
    /// VP9 video at 60 fps, with alpha on a transparent background, encoded by ffmpeg.
    case webm
    /// Animated WebP (libwebp): every tick, lossless unless `--lossy Q`.
    case webp
    /// An asciicast v2 recording of the terminal player's output, every tick at its time.
    case cast

    /// One row of the format table.
    public struct Info: Sendable {
        /// Name shown in messages (`APNG`).
        public let displayName: String
        /// File name extensions that imply the format; the first names outputs.
        public let extensions: [String]
        /// True for formats that hold many frames in one file.
        public let isAnimated: Bool
        /// True when a `%04d` pattern writes one file per tick.
        public let allowsSequence: Bool
        /// Encoder settings the format takes (the others are usage errors).
        public let options: Set<SinkOption>
        /// Makes the sink for one output. Every animated format renders in shards whose
        /// parts `wave join` makes into the whole render's file: byte for byte, or for MP4 and
        /// WebM frame for frame (their parts are frames, encoded once by the join).
        public let makeSink: @Sendable (SinkSetup) throws -> FrameSink
    }

    /// The format table.
    public var info: Info {
        switch self {
        case .png:
            return Info(displayName: "PNG", extensions: ["png"], isAnimated: false, allowsSequence: true,
                        options: [.compression], makeSink: { setup in
                            if case .pattern(let p) = setup.destination { return PNGSequenceSink(setup, pattern: p) }
                            return try PNGFileSink(setup)
                        })
        case .apng:
            return Info(displayName: "APNG", extensions: ["apng"], isAnimated: true, allowsSequence: false,
                        options: [.compression, .loop], makeSink: { try AnimationSink(format: .apng, setup: $0) })
        case .gif:
            return Info(displayName: "GIF", extensions: ["gif"], isAnimated: true, allowsSequence: false,
                        options: [.loop, .fps, .dither], makeSink: { try AnimationSink(format: .gif, setup: $0) })
        case .y4m:
            return Info(displayName: "Y4M", extensions: ["y4m"], isAnimated: true, allowsSequence: false,
                        options: [], makeSink: { try AnimationSink(format: .y4m, setup: $0) })
        case .mp4:
            return Info(displayName: "MP4", extensions: ["mp4"], isAnimated: true, allowsSequence: false,
                        options: [.crf], makeSink: { setup in
                            if let part = setup.part { return try FramesPartSink(setup: setup, part: part) }
                            return try VideoSink(format: .mp4, setup: setup)
                        })
        case .webm:
            return Info(displayName: "WebM", extensions: ["webm"], isAnimated: true, allowsSequence: false,
                        options: [.crf], makeSink: { setup in
                            if let part = setup.part { return try FramesPartSink(setup: setup, part: part) }
                            return try VideoSink(format: .webm, setup: setup)
                        })
        case .webp:
            return Info(displayName: "WebP", extensions: ["webp"], isAnimated: true, allowsSequence: false,
                        options: [.loop, .lossy], makeSink: { setup in
                            if let part = setup.part { return try FramesPartSink(setup: setup, part: part) }
                            return try AnimationSink(format: .webp, setup: setup)
                        })
        case .cast:
            return Info(displayName: "asciicast", extensions: ["cast"], isAnimated: true, allowsSequence: false,
                        options: [.cells, .color, .text, .width, .height], makeSink: { try CastSink(setup: $0) })
        }
    }

    /// The format a file name implies, or nil.
    public static func fromExtension(_ path: String) -> ImageFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        return allCases.first { $0.info.extensions.contains(ext) }
    }

    /// File extension for outputs named by `wave render --out-dir`.
    public var fileExtension: String { info.extensions.first ?? rawValue }

    /// True for formats that hold many frames in one file.
    public var isAnimated: Bool { info.isAnimated }

    /// The formats that take `option`, for messages: `APNG and GIF`.
    public static func names(accepting option: SinkOption) -> String {
        let names = allCases.filter { $0.info.options.contains(option) }.map(\.info.displayName)
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
}

/// An encoder setting given on the command line.
public enum SinkOption: String, CaseIterable, Sendable {
    case compression, loop, fps, dither, crf, lossy, cells, color, text, width, height
}

/// Everything a sink needs to start: the frame size, the ticks to cover, the encoder
/// settings and where the bytes go.
public struct SinkSetup: Sendable {
    public var width: Int
    public var height: Int
    /// Ticks to cover, end exclusive.
    public var ticks: Range<Int>
    /// The factor from scene units to device pixels the frames are built at.
    public var scale: Double
    public var options: ImageSinkOptions
    public var destination: RenderDestination
    /// The scene's size in scene units (the terminal recording fits it to cells).
    public var sceneWidth: Int?
    public var sceneHeight: Int?
    /// Set for one shard of an animation: the sink writes a part file (`RenderPartHeader`)
    /// holding the bytes of the part's ticks; `ticks` stays the whole range.
    public var part: RenderPartHeader?

    public init(width: Int, height: Int, ticks: Range<Int>, scale: Double, options: ImageSinkOptions,
                destination: RenderDestination, part: RenderPartHeader? = nil) {
        self.width = width
        self.height = height
        self.ticks = ticks
        self.scale = scale
        self.options = options
        self.destination = destination
        self.part = part
    }
}

/// Settings of the animated encoders.
public struct ImageSinkOptions: Sendable {
    /// zlib level for PNG and APNG.
    public var compression = 6
    /// Number of plays for APNG, GIF and WebP; 0 = forever.
    public var loopCount = 0
    public var dither: GIFDither = .floydSteinberg
    public var gifRate: GIFFrameRate = .fps50
    /// Constant rate factor for MP4 and WebM (nil: `VideoSink.defaultCRF`).
    public var crf: Int?
    /// Lossy WebP at this quality 0-100; nil: lossless.
    public var lossyQuality: Int?
    /// A terminal recording's cells, colours, text mode and grid size (as `wave play`).
    public var cellMode: CellMode = .half
    public var colorMode: ColorMode = .truecolor
    public var textCells = false
    public var cellColumns = 80
    public var cellRows = 24
    /// Every frame is opaque (the scene's background is): an APNG stores RGB.
    public var opaque = false

    public init(compression: Int = 6, loopCount: Int = 0, dither: GIFDither = .floydSteinberg,
                gifRate: GIFFrameRate = .fps50, crf: Int? = nil, lossyQuality: Int? = nil) {
        self.crf = crf
        self.lossyQuality = lossyQuality
        self.compression = compression
        self.loopCount = loopCount
        self.dither = dither
        self.gifRate = gifRate
    }
}

/// GIF frame rates that a 60-tick clock maps onto exactly.
///
/// GIF delays are whole 1/100 s and browsers show delays of 0 or 1 as 10, so 60 fps is
/// impossible. 6 ticks last 10 cs; each rate repeats a delay pattern that fills those
/// 10 cs (20 cs for 25 fps) exactly, and each frame shows the tick nearest to the moment
/// it appears (`tick = round(0.6 · start in cs)`):
///
/// | fps | ticks shown            | delays (cs) |
/// |-----|------------------------|-------------|
/// | 50  | 0 1 2 4 5 of every 6   | 2 each      |
/// | 30  | 0 2 4 of every 6       | 3 4 3       |
/// | 25  | 0 2 5 7 10 of every 12 | 4 each      |
/// | 20  | 0 3 of every 6         | 5 each      |
/// | 10  | 0 of every 6           | 10          |
///
/// At 50 fps tick 3 of every 6 is the one dropped: frames appear at 0, 2, 4, 6, 8 cs,
/// which is 0, 1.2, 2.4, 3.6, 4.8 ticks, so the ticks shown are never more than 0.4 tick
/// (6.7 ms) early or late (dropping the 6th tick instead would show tick 4 1.3 ticks late).
public enum GIFFrameRate: Int, CaseIterable, Sendable {
    case fps50 = 50, fps30 = 30, fps25 = 25, fps20 = 20, fps10 = 10

    /// The repeating delay pattern in centiseconds.
    public var delayPattern: [Int] {
        switch self {
        case .fps50: return [2]
        case .fps30: return [3, 4, 3]
        case .fps25: return [4]
        case .fps20: return [5]
        case .fps10: return [10]
        }
    }

    /// The frames for `ticks`: which tick each shows and for how long.
    ///
    /// Guarantees: ticks ascend within the range, the first is `ticks.lowerBound`, every
    /// delay is at least 2 cs, and the delays add up to the range's length rounded to the
    /// nearest 1/100 s — exactly its length when that is a multiple of 3 ticks (1/20 s).
    /// A final frame that would get less than 2 cs is folded into the one before it.
    public func plan(_ ticks: Range<Int>) -> [TimedTick] {
        guard !ticks.isEmpty else { return [] }
        let total = (ticks.count * 10 + 3) / 6          // round(count · 10/6) cs; never a tie
        var starts: [(tick: Int, start: Int)] = []
        var start = 0, k = 0
        while true {
            let offset = (start * 6 + 5) / 10            // round(0.6 · start); never a tie
            guard offset < ticks.count else { break }
            starts.append((ticks.lowerBound + offset, start))
            start += delayPattern[k % delayPattern.count]
            k += 1
        }
        if starts.count > 1, let last = starts.last, total - last.start < 2 { starts.removeLast() }
        return starts.enumerated().map { i, s in
            let end = i + 1 < starts.count ? starts[i + 1].start : total
            return TimedTick(tick: s.tick, delayCentiseconds: end - s.start)
        }
    }
}
