import WaveCodecs
import WaveGraphics

/// An animated output (APNG, GIF or Y4M) fed with rendered frames in tick order.
///
/// The sink decides which ticks it needs (`schedule`): every tick for APNG and Y4M, the
/// `GIFFrameRate` plan for GIF. Encoding runs on a background queue (`BackgroundEncoder`),
/// so compressing frame n overlaps rasterizing the frames after it; bytes go to the
/// destination as the encoder produces them.
public final class AnimationSink: FrameSink {
    public let format: ImageFormat
    public let request: FrameRequest
    public let schedule: [TimedTick]
    private let output: RenderOutput
    private let encoder: BackgroundEncoder

    /// - Parameter format: `.apng`, `.gif` or `.y4m`.
    public init(format: ImageFormat, setup: SinkSetup) throws {
        let output = try RenderOutput(setup.destination)
        let frames = try FrameEncoder(format: format, width: setup.width, height: setup.height, ticks: setup.ticks,
                                      options: setup.options, output: output.write)
        self.format = format
        self.output = output
        schedule = frames.schedule
        request = FrameRequest(input: .pixels, scale: setup.scale)
        // Up to 8 frames wait for the encoder, fewer when they are big (64 MiB in all).
        encoder = BackgroundEncoder(sink: frames, inFlight: min(8, (1 << 26) / max(1, setup.width * setup.height * 4)))
    }

    public func consume(_ frame: SinkFrame) throws {
        guard let pixels = frame.pixels else { throw CodecError("\(format.info.displayName) needs pixels") }
        try encoder.add(pixels)
    }

    public func finish() throws {
        do {
            try encoder.finish(stopped: false)
            try output.commit()
        } catch {
            abort()
            throw error
        }
    }

    public func abort() {
        encoder.cancel()
        output.abort()
    }
}

/// The encoder of one animation, fed with straight-alpha frames in schedule order.
final class FrameEncoder {
    let schedule: [TimedTick]
    private let encoder: Encoder
    private var next = 0

    private enum Encoder {
        case apng(APNGEncoder)
        case gif(GIFEncoder)
        case y4m(Y4MEncoder)
    }

    init(format: ImageFormat, width: Int, height: Int, ticks: Range<Int>,
         options: ImageSinkOptions, output: @escaping ([UInt8]) throws -> Void) throws {
        guard !ticks.isEmpty else { throw CodecError("an animation needs at least one tick") }
        switch format {
        case .apng:
            schedule = ticks.map(TimedTick.everyTick)
            encoder = .apng(try APNGEncoder(width: width, height: height, frameCount: ticks.count,
                                            loopCount: options.loopCount, compression: options.compression,
                                            output: output))
        case .gif:
            schedule = options.gifRate.plan(ticks)
            encoder = .gif(try GIFEncoder(width: width, height: height, loopCount: options.loopCount,
                                          dither: options.dither, output: output))
        case .y4m:
            schedule = ticks.map(TimedTick.everyTick)
            encoder = .y4m(try Y4MEncoder(width: width, height: height, fpsNumerator: 60, fpsDenominator: 1,
                                          output: output))
        case .png:
            throw CodecError("a PNG holds one frame; write it with PNGFileSink")
        }
    }

    /// Adds the next frame. Frames must come in `schedule` order.
    func add(_ pixmap: Pixmap) throws {
        guard next < schedule.count else { throw CodecError("more frames than planned (\(schedule.count))") }
        let frame = schedule[next]
        next += 1
        let rgba = pixmap.unpremultipliedRGBA()
        switch encoder {
        case .apng(let e): try e.addFrame(rgba: rgba, delayNumerator: UInt16(clamping: frame.delayNumerator), delayDenominator: UInt16(clamping: frame.delayDenominator))
        case .gif(let e): try e.addFrame(rgba: rgba, delayCentiseconds: UInt16(clamping: frame.delayCentiseconds))
        case .y4m(let e): try e.addFrame(rgba: rgba)
        }
    }

    /// Ends the file. Throws if fewer frames than planned were added.
    func finish() throws {
        guard next == schedule.count else { throw CodecError("only \(next) of \(schedule.count) frames were added") }
        switch encoder {
        case .apng(let e): try e.finish()
        case .gif(let e): try e.finish()
        case .y4m(let e): try e.finish()
        }
    }
}

/// One PNG file (or a PNG on standard output): the first frame of its schedule.
public final class PNGFileSink: FrameSink {
    public let request: FrameRequest
    public let schedule: [TimedTick]
    private let output: RenderOutput
    private let compression: Int
    private var written = false

    public init(_ setup: SinkSetup) throws {
        output = try RenderOutput(setup.destination)
        compression = setup.options.compression
        schedule = [TimedTick.everyTick(setup.ticks.lowerBound)]
        request = FrameRequest(input: .pixels, scale: setup.scale)
    }

    public func consume(_ frame: SinkFrame) throws {
        guard let pixels = frame.pixels else { throw CodecError("PNG needs pixels") }
        guard !written else { throw CodecError("a PNG holds one frame") }
        try output.write(try PNGEncoder.encode(width: pixels.width, height: pixels.height,
                                               rgba: pixels.unpremultipliedRGBA(), compression: compression))
        written = true
    }

    public func finish() throws {
        guard written else { output.abort(); throw CodecError("no frame was rendered") }
        try output.commit()
    }

    public func abort() { output.abort() }
}

/// One PNG per tick, named by a `%04d` pattern. Each file is written whole (atomically) as
/// its frame arrives, so an interrupted sequence keeps the frames already written.
public final class PNGSequenceSink: FrameSink {
    public let request: FrameRequest
    public let schedule: [TimedTick]
    private let pattern: String
    private let compression: Int

    public init(_ setup: SinkSetup, pattern: String) {
        self.pattern = pattern
        compression = setup.options.compression
        schedule = setup.ticks.map(TimedTick.everyTick)
        request = FrameRequest(input: .pixels, scale: setup.scale)
    }

    public func consume(_ frame: SinkFrame) throws {
        guard let pixels = frame.pixels else { throw CodecError("PNG needs pixels") }
        let bytes = try PNGEncoder.encode(width: pixels.width, height: pixels.height,
                                          rgba: pixels.unpremultipliedRGBA(), compression: compression)
        try AtomicFile.write(bytes, to: RenderDestination.expand(pattern, frame.time.tick))
    }

    public func finish() throws {}
    public func abort() {}
}
