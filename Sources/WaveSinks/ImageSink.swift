import WaveCodecs
import WaveGraphics

/// An animated output (APNG, GIF or Y4M) fed with rendered frames in tick order.
///
/// The sink decides which ticks it needs (`frames`): every tick for APNG and Y4M, the
/// `GIFFrameRate` plan for GIF. Bytes go to `output` as the encoder produces them.
public final class ImageSink {
    public let format: ImageFormat
    /// The ticks to render, in order, each with its display time.
    public let frames: [TimedTick]
    private let encoder: Encoder
    private var next = 0

    private enum Encoder {
        case apng(APNGEncoder)
        case gif(GIFEncoder)
        case y4m(Y4MEncoder)
    }

    /// - Parameters:
    ///   - format: `.apng`, `.gif` or `.y4m` (a PNG is one file per frame: use `PNGEncoder`).
    ///   - ticks: the range to cover, end exclusive.
    public init(format: ImageFormat, width: Int, height: Int, ticks: Range<Int>,
                options: ImageSinkOptions, output: @escaping ([UInt8]) throws -> Void) throws {
        guard !ticks.isEmpty else { throw CodecError("an animation needs at least one tick") }
        self.format = format
        switch format {
        case .apng:
            frames = ticks.map { TimedTick(tick: $0, delayCentiseconds: 0) }
            encoder = .apng(try APNGEncoder(width: width, height: height, frameCount: ticks.count,
                                            loopCount: options.loopCount, compression: options.compression,
                                            output: output))
        case .gif:
            frames = options.gifRate.plan(ticks)
            encoder = .gif(try GIFEncoder(width: width, height: height, loopCount: options.loopCount,
                                          dither: options.dither, output: output))
        case .y4m:
            frames = ticks.map { TimedTick(tick: $0, delayCentiseconds: 0) }
            encoder = .y4m(try Y4MEncoder(width: width, height: height, fpsNumerator: 60, fpsDenominator: 1,
                                          output: output))
        case .png:
            throw CodecError("a PNG holds one frame; write each with PNGEncoder")
        }
    }

    /// The ticks to render, in order.
    public var ticks: [Int] { frames.map(\.tick) }

    /// Adds the next frame (straight-alpha RGBA8). Frames must come in `frames` order.
    public func add(rgba: [UInt8]) throws {
        guard next < frames.count else { throw CodecError("more frames than planned (\(frames.count))") }
        let frame = frames[next]
        next += 1
        switch encoder {
        case .apng(let e): try e.addFrame(rgba: rgba, delayNumerator: 1, delayDenominator: 60)
        case .gif(let e): try e.addFrame(rgba: rgba, delayCentiseconds: UInt16(frame.delayCentiseconds))
        case .y4m(let e): try e.addFrame(rgba: rgba)
        }
    }

    /// Adds the next rendered frame.
    public func add(_ pixmap: Pixmap) throws { try add(rgba: pixmap.unpremultipliedRGBA()) }

    /// Ends the file. Throws if fewer frames than planned were added.
    public func finish() throws {
        guard next == frames.count else { throw CodecError("only \(next) of \(frames.count) frames were added") }
        switch encoder {
        case .apng(let e): try e.finish()
        case .gif(let e): try e.finish()
        case .y4m(let e): try e.finish()
        }
    }
}
