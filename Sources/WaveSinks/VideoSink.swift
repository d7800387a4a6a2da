import Foundation
import WaveCodecs
import WaveGraphics

/// MP4 (H.264) or WebM (VP9) at exactly 60 fps, encoded by an ffmpeg child process fed
/// every tick's frame as raw RGBA (`FFmpegEncoder`).
///
/// - MP4 is yuv420p, which needs even sides: an odd width or height grows by one column or
///   row of the scene's background on the right or bottom. Alpha is dropped (transparent
///   shows as black). The index goes first (`-movflags +faststart`), so playback starts
///   before the file is loaded; to standard output the MP4 is fragmented instead.
/// - WebM is yuv420p, or yuva420p with alpha when the scene's background is transparent.
///   WebM timestamps are whole milliseconds, so frames start at round(n · 1000/60) ms.
///
/// ffmpeg writes the temporary file of an `AtomicFile`, renamed into place when it exits
/// successfully; an error or interruption kills it and removes the file.
public final class VideoSink: FrameSink {
    public let format: ImageFormat
    public let request: FrameRequest
    public let schedule: [TimedTick]
    private let setup: SinkSetup
    private let ffmpeg: String
    private let file: AtomicFile?
    private var child: FFmpegEncoder?
    private var encoder: BackgroundEncoder?

    /// Default constant rate factors: x264's own default, and VP9's usual one for
    /// constant quality (both look clean on flat-colour animation).
    public static func defaultCRF(_ format: ImageFormat) -> Int { format == .webm ? 32 : 23 }
    /// The `--crf` range of each codec.
    public static func crfRange(_ format: ImageFormat) -> ClosedRange<Int> { format == .webm ? 0...63 : 0...51 }

    /// - Parameter format: `.mp4` or `.webm`.
    public init(format: ImageFormat, setup: SinkSetup) throws {
        guard format == .mp4 || format == .webm else { throw CodecError("VideoSink writes MP4 or WebM") }
        ffmpeg = try FFmpegLocator.locate()
        switch setup.destination {
        case .file(let path): file = try AtomicFile(path: path)
        case .standardOutput: file = nil
        case .pattern(let p): throw IOError("'\(p)' is a pattern: only PNG sequences are written one file per tick")
        }
        self.format = format
        self.setup = setup
        schedule = setup.ticks.map(TimedTick.everyTick)
        request = FrameRequest(input: .pixels, scale: setup.scale)
    }

    /// The ffmpeg arguments for frames of `width`×`height` (before padding) on a
    /// background of alpha `backgroundAlpha`, writing to `target` (nil: standard output).
    static func arguments(format: ImageFormat, width: Int, height: Int, transparent: Bool, crf: Int,
                          target: String?) -> [String] {
        let padW = format == .mp4 ? width + width % 2 : width
        let padH = format == .mp4 ? height + height % 2 : height
        var args = ["-hide_banner", "-loglevel", "error", "-nostdin",
                    "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(padW)x\(padH)", "-framerate", "60",
                    "-i", "pipe:0"]
        switch format {
        case .webm:
            // +bitexact: the Matroska muxer otherwise writes random UIDs, so two renders of one
            // script would differ.
            args += ["-c:v", "libvpx-vp9", "-crf", "\(crf)", "-b:v", "0", "-deadline", "good", "-cpu-used", "4",
                     "-row-mt", "1", "-pix_fmt", transparent ? "yuva420p" : "yuv420p", "-fflags", "+bitexact", "-f", "webm"]
        default:
            args += ["-c:v", "libx264", "-preset", "medium", "-crf", "\(crf)", "-pix_fmt", "yuv420p",
                     "-movflags", target == nil ? "frag_keyframe+empty_moov+default_base_moof" : "+faststart", "-f", "mp4"]
        }
        args += ["-vf", "scale=out_color_matrix=bt709:out_range=tv",
                 "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
        return args + ["-y", target ?? "pipe:1"]
    }

    public func consume(_ frame: SinkFrame) throws {
        guard let pixels = frame.pixels else { throw CodecError("\(format.info.displayName) needs pixels") }
        if encoder == nil { try start(background: frame.frame.background) }
        try encoder?.add(pixels)
    }

    /// Starts ffmpeg once the first frame tells the background.
    private func start(background: Color) throws {
        let transparent = format == .webm && background.a < 1
        let crf = setup.options.crf ?? VideoSink.defaultCRF(format)
        let target = file.map { $0.tempPath ?? $0.path }
        let args = VideoSink.arguments(format: format, width: setup.width, height: setup.height,
                                       transparent: transparent, crf: crf, target: target)
        let pad = format == .mp4
        let child = try FFmpegEncoder(ffmpeg: ffmpeg, arguments: args, width: setup.width, height: setup.height,
                                      padRight: pad && setup.width % 2 == 1, padBottom: pad && setup.height % 2 == 1,
                                      padding: Pixmap(width: 1, height: 1, fill: background).data,
                                      straightAlpha: transparent)
        self.child = child
        // Two frames queued: ffmpeg runs beside the renderer; more would only use memory.
        encoder = BackgroundEncoder(sink: child, inFlight: 2)
    }

    public func finish() throws {
        do {
            guard let encoder else { throw CodecError("no frame was rendered") }
            try encoder.finish(stopped: false)
            try file?.commit()
        } catch {
            abort()
            throw error
        }
    }

    public func abort() {
        child?.stop()
        encoder?.cancel()
        child?.reap()
        file?.abort()
    }
}
