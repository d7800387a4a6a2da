import ArgumentParser
import Foundation
import WaveCodecs
import WaveDriver
import WaveSinks

extension ImageFormat: ExpressibleByArgument {}

extension OutputFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { OutputFormat.names }
}

enum DitherArgument: String, CaseIterable, ExpressibleByArgument {
    case floydSteinberg = "floyd-steinberg", ordered, none
    var mode: GIFDither { self == .floydSteinberg ? .floydSteinberg : self == .ordered ? .ordered : .none }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a script to PNG, APNG, GIF, WebP, Y4M, MP4, WebM, an asciicast, Lottie or SVG; or many scripts into a directory.",
        discussion: """
        One frame:   wave render s.wave -o out.png --time 1.5s   (or --frame 90)
        PNG files:   wave render s.wave -o 'out/%04d.png' --from 0s --to 2s
                     (%d or %0Nd becomes the tick number; %% is a % sign)
        Animations:  wave render s.wave -o s.apng    (or -o s.png --format apng)
                     wave render s.wave -o s.gif --fps 30 --dither ordered
                     wave render s.wave -o s.webp   (lossless; --lossy 80)
                     wave render s.wave -o s.mp4 --crf 20   (or -o s.webm)
                     wave render s.wave -o s.cast --width 60 --height 20 --cells braille
                     wave render s.wave -o - --format y4m | ffmpeg -i - s.mkv
        Exports:     wave render s.wave -o s.json   (Lottie; .lottie dotLottie; .svg SVG;
                     --report r.json lists what they cannot show exactly)
        Many files:  wave render examples/*.wave --out-dir renders/ --format gif
                     (NAME.gif for each script and index.html, a page showing
                     each with its size, duration and any error; then a summary;
                     exits with the worst failure's code after rendering the others)
        Shards:      wave render s.wave -o s.gif --shard 2/8    (K from 0 to N-1)
                     writes s.gif.A-B.part, one chunk of the range; when every
                     shard is done, 'wave join s.gif' writes the bytes of the
                     whole render. --ticks A..B renders any chunk (B excluded);
                     --shard-index-env JOB_COMPLETION_INDEX --shards 8 reads K
                     from the environment (Kubernetes, SLURM_ARRAY_TASK_ID, …).
                     A PNG sequence shard writes its ticks' files (no join); with
                     --out-dir, --shard K/N renders a share of the scripts,
                     balanced by estimated cost (frames × pixels), and its page
                     is index-K-of-N.html, so shards sharing a directory keep
                     each other's.
        Saved state: wave state s.wave --at 3060t -o s.state, then
                     wave render s.wave -o s.gif --shard 7/8 --state-from s.state
                     starts from the state instead of stepping from tick 0 (for
                     a 60 s scene shard 7/8 starts at tick 3150: save at or
                     before it); --state-to FILE on shard K writes the state
                     shard K+1 starts from (a chain). See 'wave state --help'.

        The format comes from --format or the extension (.png .apng .gif .webp
        .y4m .mp4 .webm .cast); '-o -' streams to standard output (y4m unless --format says
        otherwise); a reader that closes the pipe early (| head) ends the render
        with status 0.
        Sequences and animations cover --from to --to (exclusive; default: the
        scene's duration, or 5s).

        APNG and Y4M hold every tick at 60 fps; each APNG frame lasts exactly
        1/60 s. GIF delays are whole 1/100 s and browsers slow 0 or 1 to 10, so a
        GIF uses one of these rates, each frame showing the tick nearest to the
        moment it appears:
          --fps  ticks shown             delays (1/100 s)
          50     0 1 2 4 5 of every 6    2 each  (default; tick 3 of 6 dropped)
          30     0 2 4 of every 6        3 4 3
          25     0 2 5 7 10 of every 12  4 each
          20     0 3 of every 6          5 each
          10     0 of every 6            10
        The delays add up to the range's length exactly when it is a multiple of
        3 ticks (1/20 s), otherwise to the nearest 1/100 s. GIF pixels under 50%
        alpha are transparent.

        WebP holds every tick, lossless unless --lossy Q (0-100); durations are
        whole milliseconds, frame n starting at round(n * 1000/60) ms, so they
        never drift. Its shards' parts hold frames, which 'wave join' encodes.

        A .cast is an asciicast v2 recording of what 'wave play' writes (asciinema
        play, agg): every tick's changes at its exact time (six decimals), and a
        last event at the range's end; --cells, --color, --text, --width and
        --height as for 'wave play' (default half blocks, 24-bit colour, 80x24,
        no status row). Its shards join byte for byte, like APNG and GIF.

        MP4 (H.264, yuv420p) and WebM (VP9) hold every tick at 60 fps and are
        encoded by ffmpeg (found on PATH or at WAVE_FFMPEG; exit 74 when it is
        missing: install Debian's package ffmpeg). MP4 needs even sides: an odd
        width or height gains a column or row of the scene's background on the
        right or bottom; transparent shows as black. WebM keeps alpha (yuva420p)
        when the scene's background is transparent. --crf sets the quality:
        lower is better and larger (defaults: MP4 23 of 0-51, WebM 32 of 0-63).
        Their shards' parts hold frames, which 'wave join' encodes once.

        --size WxH fits the scene inside WxH, keeping its shape. Files are
        written to a temporary file and renamed: after an error or Ctrl-C no
        partial file is left and an existing file is untouched. Progress (frames,
        fps, time left) shows on standard error when it is a terminal.
        Exit codes: 0 ok, 64 usage, 65 script error, 70 runtime error, 74 I/O
        error, 130 interrupted.
        """)

    @Argument(help: "The script(s) to render.") var files: [String] = []
    @Option(name: [.short, .customLong("output")], help: "Output file, a %04d pattern for PNG files, or - for standard output.") var output: String?
    @Option(name: .customLong("out-dir"), help: "Directory for many scripts' outputs (NAME.png, .gif, .mp4, .svg, .json …, by --format) and, for images and videos, index.html, a gallery of them.") var outDir: String?
    @Option(help: "Output format (default: from the output's extension): an image or video format, or an export: svg, json (Lottie), lottie (dotLottie).") var format: OutputFormat?
    @Option(parsing: .unconditional, help: "Render this tick (60 per second).") var frame: Int?
    @Option(parsing: .unconditional, help: "Render the frame at this time: 1.5s, 500ms or 90t (a bare number is seconds).", transform: TimeArgument.parse) var time: TimeArgument?
    @Option(parsing: .unconditional, help: "Start of a sequence or animation (default 0).", transform: TimeArgument.parse) var from: TimeArgument?
    @Option(parsing: .unconditional, help: "End, exclusive (default: the scene's duration, or 5s).", transform: TimeArgument.parse) var to: TimeArgument?
    @Option(parsing: .unconditional, help: "Scale factor for the output size (e.g. 2 for twice the scene size).") var scale: Double?
    @Option(parsing: .unconditional, help: "Fit the output inside WxH (e.g. 320x240), keeping the scene's shape.") var size: String?
    @Option(parsing: .unconditional, help: "zlib compression level 0-9 for PNG and APNG (default 6).") var compression: Int?
    @Option(parsing: .unconditional, help: "MP4/WebM constant rate factor: lower is better and larger (default 23 for MP4 of 0-51, 32 for WebM of 0-63).") var crf: Int?
    @Option(help: "asciicast: how cells show pixels, as 'wave play --cells' (default half).") var cells: CellMode?
    @Option(help: "asciicast: colours, as 'wave play --color' (default truecolor).") var color: ColorMode?
    @Option(help: "asciicast: text layers as outlines (pixels, default) or characters (cells).") var text: TextMode?
    @Option(parsing: .unconditional, help: "asciicast: width in cells (default 80).") var width: Int?
    @Option(parsing: .unconditional, help: "asciicast: height in cells (default 24).") var height: Int?
    @Option(parsing: .unconditional, help: "WebP: lossy at this quality 0-100 (default: lossless).") var lossy: Int?
    @Option(parsing: .unconditional, help: "APNG/GIF/WebP: number of plays, 0 = forever (default 0).") var loop: Int?
    @Option(help: "GIF dithering: floyd-steinberg (default), ordered or none.") var dither: DitherArgument?
    @Option(parsing: .unconditional, help: "GIF frame rate: 50 (default), 30, 25, 20 or 10.") var fps: Int?
    @Option(help: "Render shard K of N (K from 0): one contiguous chunk of the ticks, written as a part file OUT.A-B.part for 'wave join' (a PNG sequence needs no join); with --out-dir, a share of the scripts.") var shard: String?
    @Option(name: .customLong("shard-index-env"), help: "Read the shard index K from this environment variable (JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID, …); give the number of shards with --shards.") var shardIndexEnv: String?
    @Option(parsing: .unconditional, help: "The number of shards, with --shard-index-env.") var shards: Int?
    @Option(help: "Render only ticks A..B (B excluded) of the range, as a part file like --shard.") var ticks: String?
    @Option(name: .customLong("state-from"), help: "Start from a runtime state saved by 'wave state' instead of stepping from tick 0 (its tick must be at or before the first tick drawn).") var stateFrom: String?
    @Option(name: .customLong("state-to"), help: "After the render, write the runtime state the chunk after this one (--shard K+1/N, or --ticks from B) starts from with --state-from.") var stateTo: String?
    @Option(parsing: .unconditional, help: "With --out-dir: scripts rendered at once, sharing the cores (1: one after another, each on every core).") var jobs: Int?
    @Flag(help: "With -o FILE.svg: a static SVG of the tick --frame or --time picks.") var still = false
    @Option(help: "With an export (-o FILE.svg, .json, .lottie): write its report, what it could not express exactly, as JSON.") var report: String?
    @Flag(name: .shortAndLong, help: "Print nothing but errors.") var quiet = false
    @Flag(help: "Show progress even when standard error is not a terminal (one line a second).") var progress = false

    /// The flags as the driver's request.
    var request: RenderRequest {
        var r = RenderRequest(files: files)
        r.output = output
        r.outDir = outDir
        if let format { r.setFormat(format) }
        r.frame = frame
        r.time = time?.ticks
        r.from = from?.ticks
        r.to = to?.ticks
        r.scale = scale
        r.size = size
        r.compression = compression
        r.crf = crf
        r.lossy = lossy
        r.cells = cells
        r.color = color
        r.textCells = text.map { $0 == .cells }
        r.width = width
        r.height = height
        r.loop = loop
        r.dither = dither?.mode
        r.fps = fps
        r.shard = shard
        r.shardIndexEnv = shardIndexEnv
        r.shards = shards
        r.ticks = ticks
        r.stateFrom = stateFrom
        r.stateTo = stateTo
        r.jobs = jobs
        r.quiet = quiet
        r.progress = progress
        r.still = still
        r.report = report
        return r
    }

    func validate() throws {
        do { try request.check() } catch { throw ValidationError(error.message) }
    }

    func run() throws {
        let (lines, status) = try request.run()
        lines.forEach { print($0) }
        if let status { throw status }
    }
}
