import WaveCodecs

/// The file formats `wave render` writes.
public enum ImageFormat: String, CaseIterable, Sendable {
    /// One PNG, or one PNG per tick through a `%04d` pattern.
    case png
    /// Animated PNG: every tick, each frame shown for exactly 1/60 s.
    case apng
    /// Animated GIF at one of the `GIFFrameRate`s.
    case gif
    /// YUV4MPEG2 video at 60 fps, for piping into a video encoder.
    case y4m

    /// The format a file name implies (`.png`, `.apng`, `.gif`, `.y4m`), or nil.
    public static func fromExtension(_ path: String) -> ImageFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return ImageFormat(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// File extension for outputs named by `wave render --out-dir`.
    public var fileExtension: String { rawValue }

    /// True for formats that hold many frames in one file.
    public var isAnimated: Bool { self != .png }
}

/// Settings of the animated encoders.
public struct ImageSinkOptions: Sendable {
    /// zlib level for PNG and APNG.
    public var compression = 6
    /// Number of plays for APNG and GIF; 0 = forever.
    public var loopCount = 0
    public var dither: GIFDither = .floydSteinberg
    public var gifRate: GIFFrameRate = .fps50

    public init(compression: Int = 6, loopCount: Int = 0, dither: GIFDither = .floydSteinberg,
                gifRate: GIFFrameRate = .fps50) {
        self.compression = compression
        self.loopCount = loopCount
        self.dither = dither
        self.gifRate = gifRate
    }
}

/// One sampled frame of an animation: the tick rendered and how long it is shown.
public struct TimedTick: Equatable, Sendable {
    public let tick: Int
    /// Display time in 1/100 s (GIF units).
    public let delayCentiseconds: Int
    public init(tick: Int, delayCentiseconds: Int) {
        self.tick = tick
        self.delayCentiseconds = delayCentiseconds
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
