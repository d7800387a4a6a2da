import WaveCodecs
import WaveGeometry
import WaveGraphics

/// The encoder of one animation, or of one part of it, fed with straight-alpha frames in
/// schedule order.
///
/// A part (the ticks one shard renders) writes exactly the bytes the whole render writes
/// for those ticks; the frames it renders besides its own only bring the encoder to the
/// state a whole render has at the part's first tick:
/// - Y4M frames depend on nothing else.
/// - An APNG frame is stored as its change from the frame before, so a part starts by
///   rendering the tick before its first (`resume`).
/// - A GIF depends on its first frame (the global colour table), on the recent local
///   palette and on the frame still open (its delay grows while nothing changes). Every
///   60 ticks from the start (a whole second, which every frame rate's delay pattern
///   fills exactly) the encoder takes a sync frame that depends only on the first frame
///   and the one before it. A part renders the first frame, then replays from the last
///   sync frame at or before its own first frame, writing nothing of those; after its
///   last frame it goes on (the `tail`) until the frame it left open is written, at the
///   next sync frame at the latest.
final class FrameEncoder {
    let schedule: [TimedTick]
    private let steps: [Step]
    private let encoder: Encoder
    private let output: ([UInt8]) throws -> Void
    /// True when this covers the end of the animation (and so writes its trailer).
    private let lastPart: Bool
    private var next = 0

    /// What to do with each scheduled frame.
    enum Step: Equatable {
        case add(sync: Bool)
        /// The frame before the next one to add: set it as the previous frame of `index`.
        case resume(at: Int)
        /// After the part's frames: added only while the part's last frame is still open.
        case tail(sync: Bool)
    }

    private enum Encoder {
        case apng(APNGEncoder)
        case gif(GIFEncoder)
        case y4m(Y4MEncoder)
        case webp(WebPEncoder)
    }

    /// - Parameters:
    ///   - ticks: the whole animation's ticks.
    ///   - part: the ticks to write, inside `ticks` (nil: all of them).
    init(format: ImageFormat, width: Int, height: Int, ticks: Range<Int>, part: Range<Int>? = nil,
         options: ImageSinkOptions, output: @escaping ([UInt8]) throws -> Void) throws {
        guard !ticks.isEmpty else { throw CodecError("an animation needs at least one tick") }
        let part = part ?? ticks
        guard part.lowerBound >= ticks.lowerBound, part.upperBound <= ticks.upperBound, !part.isEmpty else {
            throw CodecError("the part \(part) is not a non-empty part of \(ticks)")
        }
        let plan = try FrameEncoder.plan(format: format, ticks: ticks, part: part, options: options)
        schedule = plan.schedule
        steps = plan.steps
        lastPart = part.upperBound == ticks.upperBound
        self.output = output
        // The file's header belongs to the first part.
        let gate = OutputGate(open: part.lowerBound == ticks.lowerBound)
        let gated: ([UInt8]) throws -> Void = { bytes in if gate.open { try output(bytes) } }
        switch format {
        case .apng:
            encoder = .apng(try APNGEncoder(width: width, height: height, frameCount: ticks.count,
                                            loopCount: options.loopCount, compression: options.compression, opaque: options.opaque,
                                            output: gated))
        case .gif:
            let e = try GIFEncoder(width: width, height: height, loopCount: options.loopCount,
                                   dither: options.dither, output: output)
            e.owned = plan.owned
            encoder = .gif(e)
        case .y4m:
            encoder = .y4m(try Y4MEncoder(width: width, height: height, fpsNumerator: 60, fpsDenominator: 1,
                                          output: gated))
        case .webp:
            encoder = .webp(try WebPEncoder(width: width, height: height, lossyQuality: options.lossyQuality,
                                            loopCount: options.loopCount, output: output))
        case .png:
            throw CodecError("a PNG holds one frame; write it with PNGFileSink")
        case .mp4, .webm, .cast:
            throw CodecError("\(format.info.displayName) has a sink of its own")
        }
        gate.open = true
    }

    /// The frames a part renders and what each is for; `owned` is the range of GIF frame
    /// indices whose bytes it writes.
    static func plan(format: ImageFormat, ticks: Range<Int>, part: Range<Int>,
                     options: ImageSinkOptions) throws -> (schedule: [TimedTick], steps: [Step], owned: Range<Int>) {
        switch format {
        case .y4m, .webp, .mp4, .webm:
            // Every tick (MP4 and WebM shards are frames parts: `FramesPartSink`).
            return (part.map(TimedTick.everyTick), part.map { _ in .add(sync: false) }, 0..<0)
        case .apng, .cast:
            // A part after the first also draws the tick before its own, unrecorded: the
            // APNG encoder and the cast's screen then hold what the whole render's do.
            var schedule = part.map(TimedTick.everyTick)
            var steps = [Step](repeating: .add(sync: false), count: part.count)
            if part.lowerBound > ticks.lowerBound {
                schedule.insert(.everyTick(part.lowerBound - 1), at: 0)
                steps.insert(.resume(at: part.lowerBound - ticks.lowerBound), at: 0)
            }
            return (schedule, steps, 0..<0)
        case .gif:
            let whole = options.gifRate.plan(ticks)
            let isSync = { (i: Int) in i > 0 && (whole[i].tick - ticks.lowerBound) % 60 == 0 }
            let first = whole.firstIndex { $0.tick >= part.lowerBound } ?? whole.count
            let end = whole.firstIndex { $0.tick >= part.upperBound } ?? whole.count
            guard first < end else { return ([], [], first..<first) }
            let replay = (0...first).last { $0 == 0 || isSync($0) } ?? 0
            var schedule: [TimedTick] = [], steps: [Step] = []
            if replay > 0 {
                schedule += [whole[0], whole[replay - 1]]
                steps += [.add(sync: false), .resume(at: replay)]
            }
            for i in replay..<end {
                schedule.append(whole[i])
                steps.append(.add(sync: isSync(i)))
            }
            var i = end
            while i < whole.count {
                schedule.append(whole[i])
                steps.append(.tail(sync: isSync(i)))
                if isSync(i) { break }
                i += 1
            }
            return (schedule, steps, first..<end)
        case .png:
            throw CodecError("a PNG holds one frame; write it with PNGFileSink")
        }
    }

    /// Adds the next frame. Frames must come in `schedule` order.
    func add(_ pixmap: Pixmap) throws {
        guard next < schedule.count else { throw CodecError("more frames than planned (\(schedule.count))") }
        let frame = schedule[next], step = steps[next]
        next += 1
        switch (encoder, step) {
        case (.gif(let e), .tail(let sync)):
            guard e.ownsPendingFrame else { return }
            try e.addFrame(rgba: pixmap.unpremultipliedRGBA(), delayCentiseconds: UInt16(clamping: frame.delayCentiseconds), sync: sync)
        case (.gif(let e), .add(let sync)):
            try e.addFrame(rgba: pixmap.unpremultipliedRGBA(), delayCentiseconds: UInt16(clamping: frame.delayCentiseconds), sync: sync)
        case (.gif(let e), .resume(let index)):
            try e.resume(at: index, previous: pixmap.unpremultipliedRGBA())
        case (.apng(let e), .resume(let index)):
            try e.resume(at: index, previous: pixmap.unpremultipliedRGBA())
        case (.apng(let e), _):
            try e.addFrame(rgba: pixmap.unpremultipliedRGBA(), delayNumerator: UInt16(clamping: frame.delayNumerator),
                           delayDenominator: UInt16(clamping: frame.delayDenominator))
        case (.y4m(let e), _):
            try e.addFrame(rgba: pixmap.unpremultipliedRGBA())
        case (.webp(let e), _):
            try e.addFrame(rgba: pixmap.unpremultipliedRGBA())
        }
    }

    /// GIF image frames written (frames that changed nothing merge into the one before);
    /// nil for the other formats, which write every frame.
    var framesWritten: Int? {
        if case .gif(let e) = encoder { return e.framesWritten }
        return nil
    }

    /// Ends the file or the part. Throws if fewer frames than planned were added.
    func finish() throws {
        guard next == schedule.count else { throw CodecError("only \(next) of \(schedule.count) frames were added") }
        switch encoder {
        case .apng(let e): if lastPart { try e.finish() }
        case .gif(let e):
            if !lastPart {
                try e.flushPending()
            } else if e.frameIndex == 0 {
                try output([0x3B])  // a last part with no frame of its own: the trailer
            } else {
                try e.finish()
            }
        case .y4m(let e): try e.finish()
        case .webp(let e): try e.finish()
        }
    }
}

/// Lets bytes through once open.
private final class OutputGate {
    var open: Bool
    init(open: Bool) { self.open = open }
}
