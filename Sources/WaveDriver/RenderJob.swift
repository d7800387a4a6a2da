import Dispatch
import Foundation
import WaveCodecs
import WaveCompiler
import WaveGeometry
import WaveGraphics
import WaveRuntime
import WaveSinks

/// One script rendered to one output: a PNG, a PNG sequence, an APNG, a GIF or a Y4M
/// stream. Multi-frame renders go through `FramePipeline`; encoding overlaps rendering.
public struct RenderJob: Sendable {
    public var program: Program
    public var format: ImageFormat
    public var destination: RenderDestination
    /// Ticks to cover, end exclusive (one tick for a single PNG).
    public var ticks: Range<Int>
    public var scale: Double
    public var options: ImageSinkOptions
    /// Rasterizer threads.
    public var threads: Int
    /// One shard's ticks (inside `ticks`): an animation then writes a part file for
    /// `wave join`, a PNG sequence just those ticks' files. nil: the whole range.
    public var part: Range<Int>?
    /// Fingerprint of the script (`RenderPartHeader.fingerprint`), written into part files.
    public var script = ""

    public init(program: Program, format: ImageFormat, destination: RenderDestination, ticks: Range<Int>,
                scale: Double = 1, options: ImageSinkOptions = ImageSinkOptions(),
                threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.program = program
        self.format = format
        self.destination = destination
        self.ticks = ticks
        self.scale = scale
        self.options = options
        self.threads = threads
    }

    public struct Result: Sendable {
        /// Frames rendered (for a GIF, before unchanged frames are merged).
        public var frames: Int
        /// Image frames a whole GIF holds after merging frames that change nothing into the
        /// delay of the one before; nil for other outputs and for parts.
        public var framesWritten: Int? = nil
        public var width: Int
        public var height: Int
        /// Wall-clock seconds.
        public var seconds: Double
    }

    /// Number of frames the job renders.
    public var frameCount: Int {
        if let part, format.isAnimated {
            return AnimationSink.frameCount(format: format, ticks: ticks, part: part, options: options)
        }
        return format == .gif ? options.gifRate.plan(ticks).count : destination.isPattern || format.isAnimated ? (part ?? ticks).count : 1
    }

    /// Renders and writes the output.
    ///
    /// Throws `RuntimeError` (the script failed), `IOError`, `CodecError`, or `Interrupted`
    /// when `shouldStop` turned true. On any error nothing is left at a file destination:
    /// the temporary file is removed and an existing file of that name is untouched (a PNG
    /// sequence keeps the frames already written, each of them whole).
    /// `progress(done, total)` is called on the calling thread after each frame.
    public func run(shouldStop: () -> Bool = { Interrupts.isInterrupted },
                    progress: (Int, Int) -> Void = { _, _ in }) throws -> Result {
        var runtime = try SceneRuntime(program: program)
        try runtime.advance(to: ticks.lowerBound, shouldStop: shouldStop)
        return try render(from: &runtime, shouldStop: shouldStop, progress: progress)
    }

    /// Renders and writes the output from `runtime`, which must be at or before the first
    /// tick (the REPL renders its live session this way). Throws and cleans up as `run`.
    /// `fromSavedState`: `runtime` was loaded from a state file of this job's script and may
    /// be past frames the output needs before its first tick (a part's boundary frames),
    /// which are then stepped from tick 0 apart; otherwise such a runtime is refused.
    /// `checkpoint`: keeps a copy of the runtime at its tick (`stateTickAfter`), the state
    /// the chunk after this one starts from.
    public func render(from runtime: inout SceneRuntime, fromSavedState: Bool = false, checkpoint: Checkpoint? = nil,
                       shouldStop: () -> Bool = { Interrupts.isInterrupted },
                       progress: (Int, Int) -> Void = { _, _ in }) throws -> Result {
        let start = DispatchTime.now().uptimeNanoseconds
        try runtime.advance(to: ticks.lowerBound, shouldStop: shouldStop)
        let first = try runtime.frame(scale: scale)
        let header = part.map {
            RenderPartHeader(format: format, script: script, width: first.width, height: first.height, range: ticks,
                             ticks: $0, options: RenderPartHeader.options(options, format: format, scale: scale))
        }
        // The scene's background is constant: opaque, so is every frame (APNG stores RGB).
        var sinkOptions = options
        sinkOptions.opaque = first.background.a >= 1
        var setup = SinkSetup(width: first.width, height: first.height, ticks: ticks, scale: scale,
                              options: sinkOptions, destination: destination, part: header)
        setup.sceneWidth = program.scene.width
        setup.sceneHeight = program.scene.height
        let sink = try format.info.makeSink(setup)
        var result = Result(frames: 0, width: first.width, height: first.height, seconds: 0)
        let total = sink.schedule.count
        do {
            let firstDrawn = (part ?? ticks).lowerBound
            if let firstTick = sink.schedule.first?.tick, firstTick < runtime.tick, !fromSavedState || firstDrawn < runtime.tick {
                throw StartsTooLate(stateTick: runtime.tick, firstTick: fromSavedState ? firstDrawn : firstTick)
            }
            var pipeline = FramePipeline(threads: threads, scale: scale)
            if fromSavedState { pipeline.earlier = EarlierTicks(program: program) }
            if let checkpoint, checkpoint.tick < runtime.tick {
                // Before this chunk's own first tick (a short GIF chunk): stepped apart.
                checkpoint.runtime = try SceneRuntime.seek(program, to: checkpoint.tick)
            }
            pipeline.checkpoint = checkpoint
            try pipeline.feed(sink, from: &runtime, shouldStop: shouldStop) { _ in
                result.frames += 1
                progress(result.frames, total)
            }
            if let checkpoint, checkpoint.runtime == nil {
                try runtime.advance(to: checkpoint.tick, shouldStop: shouldStop)
                checkpoint.runtime = runtime
            }
            if shouldStop() { throw Interrupted(signal: Interrupts.signalNumber) }
            try sink.finish()
            if part == nil, let animation = sink as? AnimationSink { result.framesWritten = animation.framesWritten }
        } catch {
            sink.abort()
            if let sequence = sink as? PNGSequenceSink, let w = sequence.written {
                // Each of those files is whole; say so, rather than let "no partial file" read as none.
                Console.note("the \(w.count) frame\(w.count == 1 ? "" : "s") of the sequence written before this (ticks \(w.first)–\(w.last)) are kept, each whole")
            }
            throw error
        }
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return result
    }
}

extension RenderJob {
    /// The tick a render of the ticks after `part` (the next shard, or `--ticks B..`) first
    /// steps its runtime to, so the state it starts from (`--state-to`): the tick before B
    /// for APNG, the frame before the last whole second for GIF, B otherwise. Frames it
    /// draws before that tick are the range's first (a GIF's first frame).
    public func stateTickAfter(_ part: Range<Int>) -> Int {
        let next = part.upperBound..<max(part.upperBound, ticks.upperBound)
        guard format.isAnimated, !next.isEmpty else { return part.upperBound }
        let needed = AnimationSink.scheduledTicks(format: format, ticks: ticks, part: next, options: options)
        return needed.filter { $0 > ticks.lowerBound }.min() ?? part.upperBound
    }
}

/// A render given a runtime (a saved state) already past the first tick it must draw.
public struct StartsTooLate: Error, Sendable, CustomStringConvertible {
    public let stateTick: Int
    public let firstTick: Int
    public var description: String {
        "the state is at tick \(stateTick), after the first tick this render draws (\(firstTick)); save one at or before it ('wave state FILE --at \(firstTick)t')"
    }
}
