import Foundation
import WaveCodecs
import WaveCompiler
import WaveExport
import WaveRuntime
import WaveSinks
import WaveSyntax

/// A mistake in a command's flags, found before any work is done: argument parsing prints
/// `message` as a usage error (exit 64).
public struct UsageError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// An output size `WxH` (`--size`): each side 1 to 8192 pixels.
public enum OutputSize {
    /// The width and height `text` gives, or nil.
    public static func parse(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 1, parts[1] >= 1, parts[0] <= 8192, parts[1] <= 8192 else { return nil }
        return (parts[0], parts[1])
    }

    /// Throws the usage error for a `--size` that `parse` refuses.
    public static func check(_ text: String) throws(UsageError) {
        guard parse(text) == nil else { return }
        let looksRight = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).compactMap { Int($0) }.count == 2
        throw UsageError(looksRight ? "--size \(text): width and height go from 1 to 8192" : "--size must look like 320x240")
    }
}

/// What `wave render` is asked to do, one field per flag (nil or false: not given): one
/// script to a file, a PNG sequence, a shard's part file or standard output; or many
/// scripts into a directory with a gallery page (`BatchRender`).
public struct RenderRequest: Sendable {
    public var files: [String]
    public var output: String?
    public var outDir: String?
    public var format: ImageFormat?
    /// `--format svg|json|lottie`: an export, chosen by name (with --out-dir).
    public var exportFlag: ExportFormat?
    public var frame: Int?
    /// `--time`, in ticks.
    public var time: Int?
    /// `--from` and `--to`, in ticks.
    public var from: Int?
    public var to: Int?
    public var scale: Double?
    public var size: String?
    public var compression: Int?
    /// `--crf`, for MP4 and WebM.
    public var crf: Int?
    /// `--lossy Q`, for WebP.
    public var lossy: Int?
    /// A terminal recording's `--cells`, `--color`, `--text`, `--width` and `--height`.
    public var cells: CellMode?
    public var color: ColorMode?
    public var textCells: Bool?
    public var width: Int?
    public var height: Int?
    public var loop: Int?
    public var dither: GIFDither?
    public var fps: Int?
    public var shard: String?
    public var shardIndexEnv: String?
    public var shards: Int?
    public var ticks: String?
    public var stateFrom: String?
    public var stateTo: String?
    public var jobs: Int?
    public var quiet = false
    public var progress = false
    /// `--still`: an SVG export of the one tick --frame or --time picks.
    public var still = false
    /// `--report FILE`: an export's report as JSON.
    public var report: String?

    /// A request to render `files`, every other flag not given.
    public init(files: [String]) { self.files = files }

    /// Throws the first problem among the flags, checked in a fixed order before anything
    /// is read or written (the `validate` of `wave render`).
    public func check() throws(UsageError) {
        guard !files.isEmpty else { throw UsageError("give a script to render") }
        guard (output == nil) != (outDir == nil) else { throw UsageError("give -o FILE for one script, or --out-dir DIR") }
        if files.count > 1 && outDir == nil { throw UsageError("several scripts need --out-dir DIR") }
        if let output, output != "-", let same = FileIdentity.input(among: files, sameAs: output) {
            throw UsageError("'-o \(output)' would write over the script '\(same)': name another output")
        }
        if frame != nil && time != nil { throw UsageError("give --frame or --time, not both") }
        if let frame, !(0...Compiler.maxTicks).contains(frame) { throw UsageError("--frame must be 0 to \(Compiler.maxTicks) (10 hours)") }
        if scale != nil && size != nil { throw UsageError("give --scale or --size, not both") }
        if let scale { guard scale > 0, scale <= 16, scale.isFinite else { throw UsageError("--scale must be more than 0 and at most 16") } }
        if let size { try OutputSize.check(size) }
        if let compression, !(0...9).contains(compression) { throw UsageError("--compression must be 0 to 9") }
        if let loop, !(0...65535).contains(loop) { throw UsageError("--loop must be 0 (forever) to 65535") }
        if let fps, GIFFrameRate(rawValue: fps) == nil { throw UsageError("--fps must be 50, 30, 25, 20 or 10") }
        if let jobs {
            guard (1...64).contains(jobs) else { throw UsageError("--jobs must be 1 to 64") }
            guard outDir != nil else { throw UsageError("--jobs renders several scripts at once: it goes with --out-dir DIR") }
        }
        if quiet && progress { throw UsageError("give -q (print nothing but errors) or --progress, not both") }
        if let export = exportFormat { return try ExportJob.check(self, export) }
        if still || report != nil { throw UsageError("\(still ? "--still" : "--report") goes with an export: -o FILE.svg, FILE.json or FILE.lottie") }
        let fmt = try resolvedFormat()
        let info = fmt.info
        let sequence = output.map(RenderDestination.isPattern) ?? false
        if let stateTo {
            if let same = FileIdentity.input(among: files, sameAs: stateTo) {
                throw UsageError("'--state-to \(stateTo)' would write over the script '\(same)': name another file")
            }
            if let output, output == stateTo || FileIdentity.input(among: [output], sameAs: stateTo) != nil {
                throw UsageError("'--state-to \(stateTo)' names the render's own output: name another file")
            }
        }
        if sequence, let output {
            if let width = RenderDestination.placeholderWidth(output), width > 16 {
                throw UsageError("'-o \(output)' pads tick numbers to \(width) digits: at most 16 (ticks have at most 7)")
            }
            if case let n = RenderDestination.placeholderCount(output), n > 1 {
                throw UsageError("'-o \(output)' holds \(n) tick placeholders: a sequence names each file with one (out/%04d.png)")
            }
        }
        if sequence && !info.allowsSequence { throw UsageError("a %d pattern writes \(ImageFormat.png.info.displayName) files; name one file for \(fmt.rawValue)") }
        if info.isAnimated || sequence {
            if frame != nil || time != nil { throw UsageError("--frame/--time pick one frame: a \(sequence ? "sequence" : fmt.rawValue) covers --from to --to") }
        } else if (from != nil || to != nil) && (frame != nil || time != nil) {
            // `--time 1s --from 0s` to one PNG: the two ways of choosing ticks, together.
            throw UsageError("\(time != nil ? "--time" : "--frame") picks one frame and --from/--to a range of them: give one or the other "
                             + "(a range needs a sequence, 'out/%04d.png', or an animated format)")
        } else if from != nil || to != nil {
            throw UsageError("--from/--to need a sequence ('out/%04d.png') or an animated format (\(ImageFormat.allCases.filter(\.isAnimated).map(\.rawValue).joined(separator: ", ")))")
        }
        let given: [SinkOption: Bool] = [.compression: compression != nil, .loop: loop != nil, .fps: fps != nil, .dither: dither != nil,
                                         .crf: crf != nil, .lossy: lossy != nil, .cells: cells != nil, .color: color != nil,
                                         .text: textCells != nil, .width: width != nil, .height: height != nil]
        for option in SinkOption.allCases where given[option] == true && !info.options.contains(option) {
            throw UsageError("--\(option.rawValue) applies to \(ImageFormat.names(accepting: option)) only")
        }
        if let width, !(1...2000).contains(width) { throw UsageError("--width must be 1 to 2000 cells") }
        if let height, !(1...1000).contains(height) { throw UsageError("--height must be 1 to 1000 cells") }
        if let lossy, !(0...100).contains(lossy) { throw UsageError("--lossy must be 0 to 100 (the WebP quality; without it WebP is lossless)") }
        if let crf, case let range = VideoSink.crfRange(fmt), !range.contains(crf) {
            throw UsageError("--crf must be \(range.lowerBound) to \(range.upperBound) for \(info.displayName) (lower is better and larger)")
        }
        if output == "-" && isatty(STDOUT_FILENO) == 1 { throw UsageError("refusing to write \(fmt.rawValue) data to a terminal: redirect or pipe standard output") }
        if output == "-" && sequence { throw UsageError("a sequence cannot go to standard output") }
        if stateFrom != nil && outDir != nil { throw UsageError("--state-from starts one script's render: give -o FILE, not --out-dir") }
        if stateTo != nil && outDir != nil { throw UsageError("--state-to saves one script's state: give -o FILE, not --out-dir") }
        if stateTo != nil && !(info.isAnimated || sequence) { throw UsageError("--state-to saves the state after a range of frames: render an animation or a '%04d.png' sequence") }
        if shard != nil || shardIndexEnv != nil || ticks != nil {
            if [shard != nil, shardIndexEnv != nil, ticks != nil].filter({ $0 }).count > 1 {
                throw UsageError("give one of --shard K/N, --shard-index-env VAR (with --shards N) and --ticks A..B")
            }
            if outDir == nil {
                if !(info.isAnimated || sequence) { throw UsageError("--shard and --ticks split a range of frames: render an animation or a '%04d.png' sequence") }
                if output == "-" { throw UsageError("a shard is written to a part file: give -o FILE, not standard output") }
            } else if ticks != nil {
                throw UsageError("--ticks picks ticks of one script; with --out-dir, --shard K/N shares out the scripts")
            }
            _ = try resolvedShard()
            if let ticks { do { _ = try parseTickRange(ticks) } catch { throw UsageError(error.message) } }
        } else if shards != nil {
            throw UsageError("--shards N goes with --shard-index-env VAR")
        }
    }

    /// Checks the flags and does the render; a failure is reported (on standard error) and
    /// thrown as its `Exit`. Returns the lines for standard output (a batch's summary) and
    /// the status to end with once they are printed.
    public func run() throws -> (lines: [String], status: Exit?) {
        if let export = exportFormat {
            do { try check() } catch { Console.error(error.message); throw Exit.usage }
            return try ExportJob(request: self, format: export).run()
        }
        let fmt: ImageFormat
        do { try check(); fmt = try resolvedFormat() } catch {
            Console.error(error.message)
            throw Exit.usage
        }
        if let outDir { return try BatchRender(request: self, format: fmt, outDir: outDir).run() }
        try renderOne(format: fmt)
        return ([], nil)
    }

    /// The shard from --shard K/N, or from --shard-index-env and --shards; nil for neither.
    func resolvedShard() throws(UsageError) -> Shard? {
        do throws(ShardError) {
            if let shard { return try Shard.parse(shard) }
            if let shardIndexEnv {
                guard let shards else { throw ShardError("--shard-index-env \(shardIndexEnv) needs --shards N, the number of shards") }
                return try Shard.fromEnvironment(shardIndexEnv, count: shards, environment: ProcessInfo.processInfo.environment)
            }
            return nil
        } catch {
            throw UsageError(error.message)
        }
    }

    /// The formats --format takes, for messages: `png, apng, … or cast`.
    static var formatNames: String {
        let names = ImageFormat.allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// --format, else the output's extension; '-' means y4m and a pattern png.
    func resolvedFormat() throws(UsageError) -> ImageFormat {
        if let format { return format }
        guard let output else { throw UsageError("with --out-dir, give --format \(RenderRequest.formatNames)") }
        if output == "-" { return .y4m }
        if let f = ImageFormat.fromExtension(output) { return f }
        if RenderDestination.isPattern(output) { return .png }
        throw UsageError("cannot tell the format of '\(output)' from its extension: give --format \(RenderRequest.formatNames), "
                         + "or name an export: .svg, .json or .lottie")
    }

    var options: ImageSinkOptions {
        var o = ImageSinkOptions(compression: compression ?? 6, loopCount: loop ?? 0, dither: dither ?? .floydSteinberg,
                                 gifRate: fps.flatMap(GIFFrameRate.init(rawValue:)) ?? .fps50, crf: crf, lossyQuality: lossy)
        o.cellMode = cells ?? .half
        o.colorMode = color ?? .truecolor
        o.textCells = textCells ?? false
        o.cellColumns = width ?? 80
        o.cellRows = height ?? 24
        return o
    }

    /// The scale factor for `program`: --size fitted, else --scale, else 1.
    func factor(for program: Program) -> Double {
        let w = Double(program.scene.width), h = Double(program.scene.height)
        return size.flatMap(OutputSize.parse).map { min(Double($0.width) / w, Double($0.height) / h) } ?? scale ?? 1
    }

    /// `job` without its messages: for estimating a script's cost.
    func quietJob(_ program: Program, format fmt: ImageFormat) -> RenderJob {
        let start = from ?? 0
        let end = max(start + 1, to ?? program.scene.durationTicks ?? 300)
        let tick = frame ?? time ?? 0
        let ticks = fmt.isAnimated ? start..<end : tick..<(tick + 1)
        return RenderJob(program: program, format: fmt, destination: .file(""), ticks: ticks, scale: factor(for: program), options: options)
    }

    /// The job for one script; size and tick-range problems are usage errors.
    func job(_ program: Program, format fmt: ImageFormat, destination: RenderDestination) throws -> RenderJob {
        let w = Double(program.scene.width), h = Double(program.scene.height)
        let factor = factor(for: program)
        guard max(w, h) * factor <= Double(Compiler.maxCanvasSide) else {
            Console.error("output would be \(Int(max(w, h) * factor)) px on a side; the limit is \(Compiler.maxCanvasSide)")
            throw Exit.usage
        }
        let ticks: Range<Int>
        var sequence = false
        if case .pattern = destination { sequence = true }
        if fmt.isAnimated || sequence {
            let start = from ?? 0
            let end = to ?? program.scene.durationTicks ?? 300
            guard end > start else { Console.error("--to must be after --from"); throw Exit.usage }
            ticks = start..<end
        } else {
            let tick = frame ?? time ?? 0
            ticks = tick..<(tick + 1)
        }
        return RenderJob(program: program, format: fmt, destination: destination, ticks: ticks, scale: factor, options: options)
    }

    /// The ticks this shard renders of `range` (nil: no shard); a usage error when --ticks
    /// is not inside the range.
    func partTicks(of range: Range<Int>) throws -> Range<Int>? {
        do {
            if let ticks {
                let t = try parseTickRange(ticks)
                guard t.lowerBound >= range.lowerBound, t.upperBound <= range.upperBound else {
                    Console.error("--ticks \(ticks) is not inside the render's range \(range.lowerBound)..\(range.upperBound) (set by --from/--to or the scene's duration)")
                    throw Exit.usage
                }
                return t
            }
            return try resolvedShard()?.chunk(of: range)
        } catch let e as ShardError {
            Console.error(e.message)
            throw Exit.usage
        } catch let e as UsageError {
            Console.error(e.message)
            throw Exit.usage
        }
    }

    /// The progress meter on standard error: redrawn on a terminal, a line a second with
    /// --progress, none with -q or otherwise.
    func progressMeter(label: String, total: Int) -> ProgressMeter? {
        guard !quiet else { return nil }
        let style: ProgressMeter.Style
        if isatty(STDERR_FILENO) == 1 { style = .redraw } else if progress { style = .lines } else { return nil }
        return ProgressMeter(label: label, total: total, style: style) { StandardError.write($0) }
    }

    /// One script to one output (a file, a sequence, a part file or standard output),
    /// from a saved state with --state-from, saving one with --state-to.
    func renderOne(format fmt: ImageFormat) throws {
        let (program, source) = try ScriptLoader.compile(files[0])
        var destination: RenderDestination = output == "-" ? .standardOutput
            : RenderDestination.isPattern(output ?? "") ? .pattern(output ?? "") : .file(output ?? "")
        var job = try job(program, format: fmt, destination: destination)
        if let part = try partTicks(of: job.ticks) {
            guard !part.isEmpty else {
                if !quiet { Console.note("shard \(shard ?? "") has no ticks: the range \(job.ticks.lowerBound)..\(job.ticks.upperBound) has fewer ticks than shards; nothing written") }
                return
            }
            job.part = part
            job.script = RenderPartHeader.fingerprint(of: source.bytes)
            if case .file(let path) = destination {
                destination = .file(RenderJob.partPath(path, part))
                job.destination = destination
            }
        }
        Interrupts.install()
        var runtime: SceneRuntime?
        if let stateFrom {
            do { runtime = try StateFiles.load(stateFrom, program: program, source: source) } catch { throw Exit.report(error, source: source) }
        }
        let checkpoint = stateTo.map { _ in Checkpoint(tick: job.stateTickAfter(job.part ?? job.ticks)) }
        let meter = progressMeter(label: PathName.lastComponent(destination.description), total: job.frameCount)
        Interrupts.busyTick = { [meter] tick, work in meter?.busy(RenderJob.busyNote(tick: tick, work: work)) }
        do {
            let r: RenderJob.Result
            if runtime == nil { runtime = try SceneRuntime(program: program) }
            r = try job.render(from: &runtime!, fromSavedState: stateFrom != nil, checkpoint: checkpoint,
                               progress: { _, _ in meter?.advance() })
            meter?.finish()
            if !quiet { Console.note("wrote \(destination.description) (\(job.summary(of: r)))") }
            if let stateTo, let saved = checkpoint?.runtime {
                try StateFiles.write(saved, of: program, source: source, to: stateTo)
                if !quiet { Console.note("wrote \(stateTo) (tick \(saved.tick), for the chunk from tick \((job.part ?? job.ticks).upperBound))") }
            }
        } catch let e as IOError where e.readerClosed && destination == .standardOutput {
            // `| head -c 100`, `| ffmpeg -i - -t 1 …`: the reader took what it wanted.
            meter?.finish()
        } catch let e as StartsTooLate {
            meter?.finish()
            Console.error("--state-from \(stateFrom ?? ""): \(e.description)")
            throw Exit.usage
        } catch {
            meter?.finish()
            throw Exit.report(error, source: source)
        }
    }
}

extension RenderJob {
    /// The part file of ticks `part` of the render to `path`: `path.A-B.part`.
    static func partPath(_ path: String, _ part: Range<Int>) -> String {
        "\(path).\(part.lowerBound)-\(part.upperBound).part"
    }

    /// The progress line's note while one tick's handlers run long.
    static func busyNote(tick: Int, work: Int) -> String {
        "tick \(tick) busy: \(work / 1_000_000)M steps so far (limit \(RuntimeLimits().maxWorkPerTick / 1_000_000)M, WAVE_MAX_WORK); Ctrl-C stops"
    }

    /// What `result` holds, for the `wrote FILE (…)` note and a batch's summary: the
    /// frames (a GIF's after merging, a part's range), the size and the seconds taken.
    func summary(of r: Result) -> String {
        let what: String
        switch format {
        case _ where part != nil && format.isAnimated:
            let p = part ?? ticks
            what = "part: ticks \(p.lowerBound)..\(p.upperBound) of \(ticks.lowerBound)..\(ticks.upperBound), \(r.frames) frame\(r.frames == 1 ? "" : "s") rendered"
        case .png where ticks.count == 1: what = "tick \(ticks.lowerBound)"
        case .gif:
            // The frames the file holds; those that changed nothing lengthen the one before.
            let held = r.framesWritten ?? r.frames, merged = r.frames - held
            what = "\(held) frame\(held == 1 ? "" : "s") at \(options.gifRate.rawValue) fps"
                + (merged > 0 ? " (\(merged) unchanged merged into longer delays)" : "")
        default: what = "\(r.frames) frame\(r.frames == 1 ? "" : "s")"
        }
        return "\(what), \(r.width)x\(r.height), \(String(format: "%.2f", r.seconds)) s"
    }
}
