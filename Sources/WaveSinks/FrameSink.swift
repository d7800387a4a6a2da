import WaveGeometry
import WaveGraphics

/// What a sink wants to be handed for each frame, so the driver builds and rasterizes only
/// that much.
public struct FrameRequest: Equatable, Sendable {
    public enum Input: Equatable, Sendable {
        /// The rendered pixels (the display list comes along).
        case pixels
        /// Only the display list: the sink draws (or writes) it itself.
        case displayList
    }

    public var input: Input
    /// The factor from scene units to the frame's device pixels.
    public var scale: Double
    /// Text layers whose device line height is at most this come as `TextCellRun`s instead
    /// of outlines (nil: all text stays outlines).
    public var textRunMaxLineHeight: Double?

    public init(input: Input, scale: Double, textRunMaxLineHeight: Double? = nil) {
        self.input = input
        self.scale = scale
        self.textRunMaxLineHeight = textRunMaxLineHeight
    }
}

/// One frame as a sink receives it: the display list, any text runs taken out of it, the
/// pixels when the sink asked for them, and when it is shown.
public struct SinkFrame {
    public var frame: Frame
    public var textRuns: [TextCellRun]
    /// Present exactly when the sink's request says `.pixels`.
    public var pixels: Pixmap?
    public var time: TimedTick

    public init(frame: Frame, textRuns: [TextCellRun] = [], pixels: Pixmap?, time: TimedTick) {
        self.frame = frame
        self.textRuns = textRuns
        self.pixels = pixels
        self.time = time
    }
}

/// Something that consumes frames: an image file, a PNG sequence, an animation, a video
/// stream, a terminal. The driver asks for `schedule`, builds each frame as `request`
/// says, and hands them over in order; then calls `finish()`, or `abort()` after any error
/// or interruption (after which nothing partial is left at a file destination).
///
/// Sinks know frames and bytes, never scripts or runtimes.
public protocol FrameSink: AnyObject {
    var request: FrameRequest { get }
    /// The ticks to deliver, ascending, each with its display time.
    var schedule: [TimedTick] { get }
    /// Takes the next frame of `schedule`.
    func consume(_ frame: SinkFrame) throws
    /// Ends the output. Throws if frames of the schedule are missing.
    func finish() throws
    /// Drops the output: temporary files removed, existing files untouched.
    func abort()
}

/// One sampled frame: the tick shown and how long it is shown, as a fraction of a second.
public struct TimedTick: Equatable, Sendable {
    public let tick: Int
    public let delayNumerator: Int
    public let delayDenominator: Int

    public init(tick: Int, delayNumerator: Int, delayDenominator: Int) {
        self.tick = tick
        self.delayNumerator = delayNumerator
        self.delayDenominator = max(1, delayDenominator)
    }

    /// A frame shown for `delayCentiseconds` hundredths of a second (GIF's unit).
    public init(tick: Int, delayCentiseconds: Int) {
        self.init(tick: tick, delayNumerator: delayCentiseconds, delayDenominator: 100)
    }

    /// A frame of the 60-tick clock, shown for exactly one tick.
    public static func everyTick(_ tick: Int) -> TimedTick { TimedTick(tick: tick, delayNumerator: 1, delayDenominator: 60) }

    /// The display time in 1/100 s (exact for GIF plans; rounded otherwise).
    public var delayCentiseconds: Int { (delayNumerator * 100 + delayDenominator / 2) / delayDenominator }
}
