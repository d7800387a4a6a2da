import WaveCodecs
import WaveCompiler
import WaveGraphics
import WaveRuntime

/// A script's frames by tick, asked for in any order (a preview's scrubber): the runtime is
/// moved with `SceneCursor` (forward by stepping, back from its snapshots) and the frame is
/// drawn by `FramePipeline`, as `wave render --frame N` draws it.
///
/// Guarantees: `pixels(at: n)` equals the pixels of `wave render --frame n` at the same
/// scale, whatever ticks were asked for before (seeking to a tick is stepping to it).
/// Not thread-safe: one caller at a time.
public final class FrameSeeker {
    public let program: Program
    public let scale: Double
    private var cursor: SceneCursor
    private let pipeline: FramePipeline

    public init(program: Program, scale: Double = 1) throws {
        self.program = program
        self.scale = scale
        cursor = try SceneCursor(program: program)
        pipeline = FramePipeline(threads: 1, scale: scale)
    }

    /// The runtime at `tick` (or at the tick the scene ran `stop`, when that is earlier).
    public func runtime(at tick: Int) throws -> SceneRuntime {
        try cursor.move(to: max(0, tick))
        return cursor.runtime
    }

    /// The frame at `tick`, premultiplied, as the renderer drew it.
    public func pixels(at tick: Int) throws -> Pixmap {
        var runtime = try self.runtime(at: tick)
        var out = Pixmap(width: 0, height: 0)
        try pipeline.run(&runtime, ticks: [max(0, tick)]) { _, pixmap in out = pixmap }
        return out
    }

    /// The frame at `tick` as a PNG, the bytes `wave render --frame` writes at the same
    /// compression level (6 by default); a lower level gives other bytes of the same pixels.
    public func png(at tick: Int, compression: Int = 6) throws -> [UInt8] {
        let pixmap = try pixels(at: tick)
        return try PNGEncoder.encode(width: pixmap.width, height: pixmap.height,
                                     rgba: pixmap.unpremultipliedRGBA(), compression: compression)
    }
}
