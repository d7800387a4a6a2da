import WaveCodecs
import WaveGeometry
import WaveGraphics

/// An animated output (APNG, GIF or Y4M) fed with rendered frames in tick order; or, with
/// `setup.part`, a part file holding one shard's share of it (see `FrameEncoder`).
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
    private let frames: FrameEncoder
    /// After `finish`: the image frames the file holds, when the format merges frames that
    /// change nothing (GIF); nil otherwise.
    public var framesWritten: Int? { frames.framesWritten }
    /// Counts a part's payload (nil when the whole file is written).
    private var tally: PartTally?

    final class PartTally: @unchecked Sendable {
        var count = 0
        var crc = Crc32()
    }

    /// - Parameter format: `.apng`, `.gif` or `.y4m`.
    public init(format: ImageFormat, setup: SinkSetup) throws {
        let output = try RenderOutput(setup.destination)
        var write = output.write
        if let part = setup.part {
            try output.write(part.bytes)
            // The payload's length and CRC-32, for the end line `finish` writes.
            let tally = PartTally()
            self.tally = tally
            write = { bytes in
                tally.count += bytes.count
                tally.crc.update(bytes)
                try output.write(bytes)
            }
        }
        let frames = try FrameEncoder(format: format, width: setup.width, height: setup.height, ticks: setup.ticks,
                                      part: setup.part?.ticks, options: setup.options, output: write)
        self.format = format
        self.output = output
        self.frames = frames
        schedule = frames.schedule
        request = FrameRequest(input: .pixels, scale: setup.scale)
        // Up to 8 frames wait for the encoder, fewer when they are big (64 MiB in all).
        encoder = BackgroundEncoder(sink: frames, inFlight: min(8, (1 << 26) / max(1, setup.width * setup.height * 4)))
    }

    /// Frames a part of an animation renders (its own and those that bring the encoder to
    /// its first tick); 0 for a part that is not inside `ticks`.
    public static func frameCount(format: ImageFormat, ticks: Range<Int>, part: Range<Int>,
                                  options: ImageSinkOptions) -> Int {
        (try? FrameEncoder.plan(format: format, ticks: ticks, part: part, options: options).schedule.count) ?? 0
    }

    /// The ticks a part of an animation renders, in order (empty for a part outside `ticks`).
    public static func scheduledTicks(format: ImageFormat, ticks: Range<Int>, part: Range<Int>,
                                      options: ImageSinkOptions) -> [Int] {
        ((try? FrameEncoder.plan(format: format, ticks: ticks, part: part, options: options).schedule) ?? []).map(\.tick)
    }

    public func consume(_ frame: SinkFrame) throws {
        guard let pixels = frame.pixels else { throw CodecError("\(format.info.displayName) needs pixels") }
        try encoder.add(pixels)
    }

    public func finish() throws {
        do {
            try encoder.finish(stopped: false)
            if let tally { try output.write(RenderPartHeader.endLine(length: tally.count, crc: tally.crc.value)) }
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

/// One PNG per tick, named by a `%04d` pattern with the tick's number in the whole
/// timeline (so the files of shards rendered apart make one sequence). Each file is written
/// whole (atomically) as its frame arrives, so an interrupted sequence keeps the frames
/// already written. With `setup.part`, only the part's ticks are written.
public final class PNGSequenceSink: FrameSink {
    public let request: FrameRequest
    public let schedule: [TimedTick]
    private let pattern: String
    private let compression: Int
    /// The frames written so far: how many, and the first and last tick.
    public private(set) var written: (count: Int, first: Int, last: Int)?

    public init(_ setup: SinkSetup, pattern: String) {
        self.pattern = pattern
        compression = setup.options.compression
        schedule = (setup.part?.ticks ?? setup.ticks).map(TimedTick.everyTick)
        request = FrameRequest(input: .pixels, scale: setup.scale)
    }

    public func consume(_ frame: SinkFrame) throws {
        guard let pixels = frame.pixels else { throw CodecError("PNG needs pixels") }
        let bytes = try PNGEncoder.encode(width: pixels.width, height: pixels.height,
                                          rgba: pixels.unpremultipliedRGBA(), compression: compression)
        try AtomicFile.write(bytes, to: RenderDestination.expand(pattern, frame.time.tick))
        let tick = frame.time.tick
        written = written.map { ($0.count + 1, $0.first, tick) } ?? (1, tick, tick)
    }

    public func finish() throws {}
    public func abort() {}
}
