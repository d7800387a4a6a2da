import Dispatch
import Foundation
import WaveCodecs
import WaveCompiler
import WaveGraphics
import WaveRuntime

/// Where a render's bytes go.
public enum RenderDestination: Equatable, Sendable {
    /// One file, written atomically (temporary file, then rename).
    case file(String)
    /// Standard output, as a stream (`-o -`).
    case standardOutput
    /// One PNG per tick: `%d` or `%0Nd` in the path becomes the tick number.
    case pattern(String)

    /// True when `path` holds a `%d` / `%04d` tick placeholder.
    public static func isPattern(_ path: String) -> Bool {
        path.range(of: #"%0?[0-9]*d"#, options: .regularExpression) != nil
    }

    /// `pattern` with its placeholder replaced by `tick`, zero-padded to the given width.
    public static func expand(_ pattern: String, _ tick: Int) -> String {
        guard let r = pattern.range(of: #"%0?[0-9]*d"#, options: .regularExpression) else { return pattern }
        let width = Int(pattern[r].dropFirst().dropLast()) ?? 0
        var digits = String(tick)
        if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
        return pattern.replacingCharacters(in: r, with: digits)
    }

    public var description: String {
        switch self {
        case .file(let p), .pattern(let p): return p
        case .standardOutput: return "standard output"
        }
    }
}

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
        public var width: Int
        public var height: Int
        /// Wall-clock seconds.
        public var seconds: Double
    }

    /// Number of frames the job renders.
    public var frameCount: Int {
        format == .gif ? options.gifRate.plan(ticks).count : ticks.count
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
        let start = DispatchTime.now().uptimeNanoseconds
        var runtime = try SceneRuntime.seek(program, to: ticks.lowerBound)
        let size = try runtime.frame(scale: scale)
        var result = Result(frames: 0, width: size.width, height: size.height, seconds: 0)
        let pipeline = FramePipeline(threads: threads, scale: scale)

        switch (format, destination) {
        case (.png, .pattern(let pattern)):
            let total = ticks.count
            try pipeline.run(&runtime, ticks: Array(ticks), shouldStop: shouldStop) { tick, pixmap in
                let bytes = try PNGEncoder.encode(width: pixmap.width, height: pixmap.height,
                                                  rgba: pixmap.unpremultipliedRGBA(), compression: options.compression)
                try AtomicFile.write(bytes, to: RenderDestination.expand(pattern, tick))
                result.frames += 1
                progress(result.frames, total)
            }
            if shouldStop() { throw Interrupted(signal: Interrupts.signalNumber) }
        case (.png, _):
            let pixmap = pipeline.renderer.render(size.items, width: size.width, height: size.height, background: size.background)
            let bytes = try PNGEncoder.encode(width: pixmap.width, height: pixmap.height,
                                              rgba: pixmap.unpremultipliedRGBA(), compression: options.compression)
            let out = try RenderOutput(destination)
            try out.write(bytes)
            try out.commit()
            result.frames = 1
            progress(1, 1)
        default:
            let out = try RenderOutput(destination)
            let sink = try ImageSink(format: format, width: size.width, height: size.height, ticks: ticks,
                                     options: options, output: out.write)
            // Up to 8 frames wait for the encoder, fewer when they are big (64 MiB in all).
            let encoder = BackgroundEncoder(sink: sink, inFlight: min(8, (1 << 26) / max(1, size.width * size.height * 4)))
            let total = sink.frames.count
            do {
                try pipeline.run(&runtime, ticks: sink.ticks, shouldStop: shouldStop) { _, pixmap in
                    try encoder.add(pixmap)
                    result.frames += 1
                    progress(result.frames, total)
                }
                try encoder.finish(stopped: shouldStop())
            } catch {
                encoder.cancel()
                out.abort()
                throw error
            }
            if shouldStop() { out.abort(); throw Interrupted(signal: Interrupts.signalNumber) }
            try out.commit()
        }
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return result
    }
}

/// The byte stream of one render: an atomic file or standard output.
final class RenderOutput {
    private let file: AtomicFile?

    init(_ destination: RenderDestination) throws {
        switch destination {
        case .file(let path): file = try AtomicFile(path: path)
        case .standardOutput: file = nil
        case .pattern(let p): throw IOError("'\(p)' is a pattern: only PNG sequences are written one file per tick")
        }
    }

    func write(_ bytes: [UInt8]) throws {
        if let file { try file.write(bytes) } else { try StandardOutput.write(bytes) }
    }

    func commit() throws { try file?.commit() }

    func abort() { file?.abort() }
}

/// Unbuffered writes to file descriptor 1 that report a closed pipe as an `IOError`
/// (SIGPIPE is ignored while streaming) instead of killing the process.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws {
        signal(SIGPIPE, SIG_IGN)
        let failure = writeFully(STDOUT_FILENO, bytes)
        if let failure {
            throw IOError(failure == EPIPE ? "cannot write to standard output: the reader closed the pipe"
                                           : "cannot write to standard output: \(String(cString: strerror(failure)))")
        }
    }
}
