import ArgumentParser
import Foundation
import WaveCodecs
import WaveCompiler
import WaveRuntime
import WaveDriver
import WaveSinks
import WaveSyntax

extension ImageFormat: ExpressibleByArgument {}

enum DitherArgument: String, CaseIterable, ExpressibleByArgument {
    case floydSteinberg = "floyd-steinberg", ordered, none
    var mode: GIFDither { self == .floydSteinberg ? .floydSteinberg : self == .ordered ? .ordered : .none }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a script to PNG, APNG, GIF or Y4M; or many scripts into a directory.",
        discussion: """
        One frame:   wave render s.wave -o out.png --time 1.5s   (or --frame 90)
        PNG files:   wave render s.wave -o 'out/%04d.png' --from 0s --to 2s
                     (%d or %0Nd becomes the tick number; %% is a % sign)
        Animations:  wave render s.wave -o s.apng    (or -o s.png --format apng)
                     wave render s.wave -o s.gif --fps 30 --dither ordered
                     wave render s.wave -o - --format y4m | ffmpeg -i - s.mp4
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

        The format comes from --format or the extension (.png .apng .gif .y4m);
        '-o -' streams to standard output (y4m unless --format says otherwise).
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

        --size WxH fits the scene inside WxH, keeping its shape. Files are
        written to a temporary file and renamed: after an error or Ctrl-C no
        partial file is left and an existing file is untouched. Progress (frames,
        fps, time left) shows on standard error when it is a terminal.
        Exit codes: 0 ok, 64 usage, 65 script error, 70 runtime error, 74 I/O
        error, 130 interrupted.
        """)

    @Argument(help: "The script(s) to render.") var files: [String] = []
    @Option(name: [.short, .customLong("output")], help: "Output file, a %04d pattern for PNG files, or - for standard output.") var output: String?
    @Option(name: .customLong("out-dir"), help: "Directory for many scripts' outputs (NAME.png/apng/gif/y4m) and index.html, a gallery of them.") var outDir: String?
    @Option(help: "Output format (default: from the output's extension).") var format: ImageFormat?
    @Option(parsing: .unconditional, help: "Render this tick (60 per second).") var frame: Int?
    @Option(parsing: .unconditional, help: "Render the frame at this time: 1.5s, 500ms or 90t (a bare number is seconds).", transform: TimeArgument.parse) var time: TimeArgument?
    @Option(parsing: .unconditional, help: "Start of a sequence or animation (default 0).", transform: TimeArgument.parse) var from: TimeArgument?
    @Option(parsing: .unconditional, help: "End, exclusive (default: the scene's duration, or 5s).", transform: TimeArgument.parse) var to: TimeArgument?
    @Option(parsing: .unconditional, help: "Scale factor for the output size (e.g. 2 for twice the scene size).") var scale: Double?
    @Option(parsing: .unconditional, help: "Fit the output inside WxH (e.g. 320x240), keeping the scene's shape.") var size: String?
    @Option(parsing: .unconditional, help: "zlib compression level 0-9 for PNG and APNG (default 6).") var compression: Int?
    @Option(parsing: .unconditional, help: "APNG/GIF: number of plays, 0 = forever (default 0).") var loop: Int?
    @Option(help: "GIF dithering: floyd-steinberg (default), ordered or none.") var dither: DitherArgument?
    @Option(parsing: .unconditional, help: "GIF frame rate: 50 (default), 30, 25, 20 or 10.") var fps: Int?
    @Option(help: "Render shard K of N (K from 0): one contiguous chunk of the ticks, written as a part file OUT.A-B.part for 'wave join' (a PNG sequence needs no join); with --out-dir, a share of the scripts.") var shard: String?
    @Option(name: .customLong("shard-index-env"), help: "Read the shard index K from this environment variable (JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID, …); give the number of shards with --shards.") var shardIndexEnv: String?
    @Option(parsing: .unconditional, help: "The number of shards, with --shard-index-env.") var shards: Int?
    @Option(help: "Render only ticks A..B (B excluded) of the range, as a part file like --shard.") var ticks: String?
    @Option(name: .customLong("state-from"), help: "Start from a runtime state saved by 'wave state' instead of stepping from tick 0 (its tick must be at or before the first tick drawn).") var stateFrom: String?
    @Option(name: .customLong("state-to"), help: "After the render, write the runtime state the chunk after this one (--shard K+1/N, or --ticks from B) starts from with --state-from.") var stateTo: String?
    @Option(parsing: .unconditional, help: "With --out-dir: scripts rendered at once, sharing the cores (1: one after another, each on every core).") var jobs: Int?
    @Flag(name: .shortAndLong, help: "Print nothing but errors.") var quiet = false
    @Flag(help: "Show progress even when standard error is not a terminal (one line a second).") var progress = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give a script to render") }
        guard (output == nil) != (outDir == nil) else { throw ValidationError("give -o FILE for one script, or --out-dir DIR") }
        if files.count > 1 && outDir == nil { throw ValidationError("several scripts need --out-dir DIR") }
        if let output, output != "-", let same = FileIdentity.input(among: files, sameAs: output) {
            throw ValidationError("'-o \(output)' would write over the script '\(same)': name another output")
        }
        if frame != nil && time != nil { throw ValidationError("give --frame or --time, not both") }
        if let frame, !(0...Compiler.maxTicks).contains(frame) { throw ValidationError("--frame must be 0 to \(Compiler.maxTicks) (10 hours)") }
        if scale != nil && size != nil { throw ValidationError("give --scale or --size, not both") }
        if let scale { guard scale > 0, scale <= 16, scale.isFinite else { throw ValidationError("--scale must be more than 0 and at most 16") } }
        if let size { try Bench.validateSize(size) }
        if let compression, !(0...9).contains(compression) { throw ValidationError("--compression must be 0 to 9") }
        if let loop, !(0...65535).contains(loop) { throw ValidationError("--loop must be 0 (forever) to 65535") }
        if let fps, GIFFrameRate(rawValue: fps) == nil { throw ValidationError("--fps must be 50, 30, 25, 20 or 10") }
        if let jobs {
            guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be 1 to 64") }
            guard outDir != nil else { throw ValidationError("--jobs renders several scripts at once: it goes with --out-dir DIR") }
        }
        if quiet && progress { throw ValidationError("give -q (print nothing but errors) or --progress, not both") }
        let fmt = try resolvedFormat()
        let info = fmt.info
        let sequence = output.map(RenderDestination.isPattern) ?? false
        if let stateTo {
            if let same = FileIdentity.input(among: files, sameAs: stateTo) {
                throw ValidationError("'--state-to \(stateTo)' would write over the script '\(same)': name another file")
            }
            if let output, output == stateTo || FileIdentity.input(among: [output], sameAs: stateTo) != nil {
                throw ValidationError("'--state-to \(stateTo)' names the render's own output: name another file")
            }
        }
        if sequence, let output {
            if let width = RenderDestination.placeholderWidth(output), width > 16 {
                throw ValidationError("'-o \(output)' pads tick numbers to \(width) digits: at most 16 (ticks have at most 7)")
            }
            if case let n = RenderDestination.placeholderCount(output), n > 1 {
                throw ValidationError("'-o \(output)' holds \(n) tick placeholders: a sequence names each file with one (out/%04d.png)")
            }
        }
        if sequence && !info.allowsSequence { throw ValidationError("a %d pattern writes \(ImageFormat.png.info.displayName) files; name one file for \(fmt.rawValue)") }
        if info.isAnimated || sequence {
            if frame != nil || time != nil { throw ValidationError("--frame/--time pick one frame: a \(sequence ? "sequence" : fmt.rawValue) covers --from to --to") }
        } else if (from != nil || to != nil) && (frame != nil || time != nil) {
            // `--time 1s --from 0s` to one PNG: the two ways of choosing ticks, together.
            throw ValidationError("\(time != nil ? "--time" : "--frame") picks one frame and --from/--to a range of them: give one or the other "
                                  + "(a range needs a sequence, 'out/%04d.png', or an animated format)")
        } else if from != nil || to != nil {
            throw ValidationError("--from/--to need a sequence ('out/%04d.png') or an animated format (\(ImageFormat.allCases.filter(\.isAnimated).map(\.rawValue).joined(separator: ", ")))")
        }
        let given: [SinkOption: Bool] = [.compression: compression != nil, .loop: loop != nil, .fps: fps != nil, .dither: dither != nil]
        for option in SinkOption.allCases where given[option] == true && !info.options.contains(option) {
            throw ValidationError("--\(option.rawValue) applies to \(ImageFormat.names(accepting: option)) only")
        }
        if output == "-" && isatty(STDOUT_FILENO) == 1 { throw ValidationError("refusing to write \(fmt.rawValue) data to a terminal: redirect or pipe standard output") }
        if output == "-" && sequence { throw ValidationError("a sequence cannot go to standard output") }
        if stateFrom != nil && outDir != nil { throw ValidationError("--state-from starts one script's render: give -o FILE, not --out-dir") }
        if stateTo != nil && outDir != nil { throw ValidationError("--state-to saves one script's state: give -o FILE, not --out-dir") }
        if stateTo != nil && !(info.isAnimated || sequence) { throw ValidationError("--state-to saves the state after a range of frames: render an animation or a '%04d.png' sequence") }
        if shard != nil || shardIndexEnv != nil || ticks != nil {
            if [shard != nil, shardIndexEnv != nil, ticks != nil].filter({ $0 }).count > 1 {
                throw ValidationError("give one of --shard K/N, --shard-index-env VAR (with --shards N) and --ticks A..B")
            }
            if outDir == nil {
                if !(info.isAnimated || sequence) { throw ValidationError("--shard and --ticks split a range of frames: render an animation or a '%04d.png' sequence") }
                if output == "-" { throw ValidationError("a shard is written to a part file: give -o FILE, not standard output") }
            } else if ticks != nil {
                throw ValidationError("--ticks picks ticks of one script; with --out-dir, --shard K/N shares out the scripts")
            }
            _ = try resolvedShard()
            if let ticks { do { _ = try parseTickRange(ticks) } catch { throw ValidationError(error.message) } }
        } else if shards != nil {
            throw ValidationError("--shards N goes with --shard-index-env VAR")
        }
    }

    /// The shard from --shard K/N, or from --shard-index-env and --shards; nil for neither.
    func resolvedShard() throws -> Shard? {
        do {
            if let shard { return try Shard.parse(shard) }
            if let shardIndexEnv {
                guard let shards else { throw ShardError("--shard-index-env \(shardIndexEnv) needs --shards N, the number of shards") }
                return try Shard.fromEnvironment(shardIndexEnv, count: shards, environment: ProcessInfo.processInfo.environment)
            }
            return nil
        } catch let e as ShardError {
            throw ValidationError(e.message)
        }
    }

    /// --format, else the output's extension; '-' means y4m and a pattern png.
    func resolvedFormat() throws -> ImageFormat {
        if let format { return format }
        guard let output else { throw ValidationError("with --out-dir, give --format png, apng, gif or y4m") }
        if output == "-" { return .y4m }
        if let f = ImageFormat.fromExtension(output) { return f }
        if RenderDestination.isPattern(output) { return .png }
        throw ValidationError("cannot tell the format of '\(output)' from its extension: give --format png, apng, gif or y4m")
    }

    var options: ImageSinkOptions {
        ImageSinkOptions(compression: compression ?? 6, loopCount: loop ?? 0, dither: dither?.mode ?? .floydSteinberg,
                         gifRate: fps.flatMap(GIFFrameRate.init(rawValue:)) ?? .fps50)
    }

    func run() throws {
        let fmt = try resolvedFormat()
        if let outDir { return try runBatch(format: fmt, outDir: outDir) }
        let (program, source) = try ScriptLoader.compile(files[0])
        var destination: RenderDestination = output == "-" ? .standardOutput
            : RenderDestination.isPattern(output ?? "") ? .pattern(output ?? "") : .file(output ?? "")
        var job = try makeJob(program, format: fmt, destination: destination)
        if let part = try partTicks(of: job.ticks) {
            guard !part.isEmpty else {
                if !quiet { Console.note("shard \(shard ?? "") has no ticks: the range \(job.ticks.lowerBound)..\(job.ticks.upperBound) has fewer ticks than shards; nothing written") }
                return
            }
            job.part = part
            job.script = RenderPartHeader.fingerprint(of: source.bytes)
            if case .file(let path) = destination {
                destination = .file(Render.partPath(path, part))
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
        Interrupts.busyTick = { [meter] tick, work in meter?.busy(Render.busyNote(tick: tick, work: work)) }
        do {
            let r: RenderJob.Result
            if runtime == nil { runtime = try SceneRuntime(program: program) }
            r = try job.render(from: &runtime!, fromSavedState: stateFrom != nil, checkpoint: checkpoint,
                               progress: { _, _ in meter?.advance() })
            meter?.finish()
            if !quiet { Console.note("wrote \(destination.description) (\(describe(job, r)))") }
            if let stateTo, let saved = checkpoint?.runtime {
                try StateFiles.write(saved, of: program, source: source, to: stateTo)
                if !quiet { Console.note("wrote \(stateTo) (tick \(saved.tick), for the chunk from tick \((job.part ?? job.ticks).upperBound))") }
            }
        } catch let e as StartsTooLate {
            meter?.finish()
            Console.error("--state-from \(stateFrom ?? ""): \(e.description)")
            throw Exit.usage
        } catch {
            meter?.finish()
            throw Exit.report(error, source: source)
        }
    }

    /// The ticks this shard renders of `range` (nil: no shard); a usage error when --ticks
    /// is not inside the range.
    func partTicks(of range: Range<Int>) throws -> Range<Int>? {
        if let ticks {
            let t = try parseTickRange(ticks)
            guard t.lowerBound >= range.lowerBound, t.upperBound <= range.upperBound else {
                Console.error("--ticks \(ticks) is not inside the render's range \(range.lowerBound)..\(range.upperBound) (set by --from/--to or the scene's duration)")
                throw Exit.usage
            }
            return t
        }
        return try resolvedShard()?.chunk(of: range)
    }

    /// The part file of ticks `part` of the render to `path`: `path.A-B.part`.
    static func partPath(_ path: String, _ part: Range<Int>) -> String {
        "\(path).\(part.lowerBound)-\(part.upperBound).part"
    }

    /// Renders every script into `outDir`, then prints one summary line per script.
    func runBatch(format fmt: ImageFormat, outDir: String) throws {
        let names = self.files.map { PathName.stem($0) }
        if let twice = names.first(where: { n in names.filter { $0 == n }.count > 1 }) {
            Console.error("two scripts are named '\(twice)': their outputs would collide in '\(outDir)'")
            throw Exit.usage
        }
        let files = try shareOfFiles(format: fmt)
        var summary = [(ok: Bool, text: String)](repeating: (false, ""), count: files.count)
        var cards = files.map { file in
            let name = PathName.stem(file)
            return Gallery.Entry(script: PathName.lastComponent(file), file: name + "." + fmt.fileExtension)
        }
        var jobs: [(index: Int, job: RenderJob, source: SourceFile)] = []
        var worst: Int32 = 0
        for (i, file) in files.enumerated() {
            let name = PathName.stem(file)
            let out = PathName.joining(outDir, name + "." + fmt.fileExtension)
            do {
                let (program, source) = try ScriptLoader.compile(file)
                jobs.append((i, try makeJob(program, format: fmt, destination: .file(out)), source))
            } catch let code as Exit {
                if code == Exit.usage { throw code }
                worst = max(worst, code.code)
                summary[i] = (false, code == Exit.io ? "cannot read the script" : "script error (see above)")
                cards[i].error = code == Exit.io ? "cannot read the script" : "script error: run 'wave check \(file)'"
            }
        }
        // Made once the scripts are read: a usage error leaves no empty directory behind.
        do { try AtomicFile.makeDirectory(outDir) } catch {
            Console.error(Exit.message(error))
            throw Exit.io
        }
        Interrupts.install()
        let meter = progressMeter(label: "\(jobs.count) file\(jobs.count == 1 ? "" : "s")", total: jobs.reduce(0) { $0 + $1.job.frameCount })
        Interrupts.busyTick = { [meter] tick, work in meter?.busy(Render.busyNote(tick: tick, work: work)) }
        let outcomes = RenderJobBatch(jobs: jobs.map(\.job), filesAtOnce: self.jobs ?? 1).run(progress: { meter?.advance() })
        meter?.finish()
        var interrupted: Interrupted?
        for (entry, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case .success(let r):
                summary[entry.index] = (true, "\(entry.job.destination.description)  \(describe(entry.job, r))")
                cards[entry.index].width = r.width
                cards[entry.index].height = r.height
                cards[entry.index].ticks = (entry.job.part ?? entry.job.ticks).count
                cards[entry.index].renderSeconds = r.seconds
            case .failure(let e as Interrupted):
                interrupted = e
                summary[entry.index] = (false, "interrupted")
                cards[entry.index].error = "interrupted"
            case .failure(let error):
                let code = Exit.report(error, source: entry.source)
                worst = max(worst, code.code)
                summary[entry.index] = (false, "\(code == Exit.io ? "I/O" : "runtime") error: \(Exit.message(error))")
                cards[entry.index].error = summary[entry.index].text
            }
        }
        if let interrupted {
            AtomicFile.removeAllPending()
            Console.error("\(interrupted); finished files were kept, no partial file was left")
        }
        if !writeGallery(cards, in: outDir) { worst = max(worst, Exit.io.code) }
        let width = files.map(\.count).max() ?? 0
        for (file, line) in zip(files, summary) where !quiet || !line.ok {
            print(file.padding(toLength: width, withPad: " ", startingAt: 0) + "  →  " + line.text)
        }
        if let interrupted { throw Exit.signal(interrupted.signal) }
        if worst != 0 { throw Exit(worst) }
    }

    /// `outDir/index.html`: a page of every render (a shard's share: `index-K-of-N.html`,
    /// so shards writing to one directory do not replace each other's); false (reported)
    /// when it cannot be written.
    func writeGallery(_ cards: [Gallery.Entry], in outDir: String) -> Bool {
        let shard = try? resolvedShard()
        let share = shard.map { " — shard \($0.index) of \($0.count)" } ?? ""
        let page = Gallery(title: "wave renders (\(cards.count) script\(cards.count == 1 ? "" : "s")\(share))", entries: cards).html()
        let name = shard.map { "index-\($0.index)-of-\($0.count).html" } ?? "index.html"
        let path = PathName.joining(outDir, name)
        do { try AtomicFile.write(Array(page.utf8), to: path) } catch {
            Console.error("cannot write the gallery: \(Exit.message(error))")
            return false
        }
        return true
    }

    /// The scripts this shard renders (all of them without --shard): the list is split by
    /// estimated cost (frames × pixels), each script's cost from compiling it quietly; one
    /// that does not compile counts as cheap and reports its errors in the shard that takes it.
    func shareOfFiles(format fmt: ImageFormat) throws -> [String] {
        guard let shard = try resolvedShard() else { return files }
        let costs: [Double] = files.map { path in
            guard let file = try? ScriptReader.read(path), let program = ScriptLoader.check(file).0,
                  let job = try? quietJob(program, format: fmt) else { return 1 }
            return Double(job.frameCount) * Double(program.scene.width * program.scene.height) * job.scale * job.scale
        }
        let mine = shard.share(costs: costs).map { files[$0] }
        if !quiet { Console.note("shard \(shard.index)/\(shard.count): \(mine.count) of \(files.count) script\(files.count == 1 ? "" : "s")") }
        return mine
    }

    /// `makeJob` without its messages.
    func quietJob(_ program: Program, format fmt: ImageFormat) throws -> RenderJob {
        let w = Double(program.scene.width), h = Double(program.scene.height)
        let factor = size.flatMap(Bench.parseSize).map { min(Double($0.0) / w, Double($0.1) / h) } ?? scale ?? 1
        let start = from?.ticks ?? 0
        let end = max(start + 1, to?.ticks ?? program.scene.durationTicks ?? 300)
        let ticks = fmt.isAnimated ? start..<end : (frame ?? time?.ticks ?? 0)..<((frame ?? time?.ticks ?? 0) + 1)
        return RenderJob(program: program, format: fmt, destination: .file(""), ticks: ticks, scale: factor, options: options)
    }

    /// The job for one script; size and tick-range problems are usage errors.
    func makeJob(_ program: Program, format fmt: ImageFormat, destination: RenderDestination) throws -> RenderJob {
        let w = Double(program.scene.width), h = Double(program.scene.height)
        let factor = size.flatMap(Bench.parseSize).map { min(Double($0.0) / w, Double($0.1) / h) } ?? scale ?? 1
        guard max(w, h) * factor <= Double(Compiler.maxCanvasSide) else {
            Console.error("output would be \(Int(max(w, h) * factor)) px on a side; the limit is \(Compiler.maxCanvasSide)")
            throw Exit.usage
        }
        let ticks: Range<Int>
        var sequence = false
        if case .pattern = destination { sequence = true }
        if fmt.isAnimated || sequence {
            let start = from?.ticks ?? 0
            let end = to?.ticks ?? program.scene.durationTicks ?? 300
            guard end > start else { Console.error("--to must be after --from"); throw Exit.usage }
            ticks = start..<end
        } else {
            let tick = frame ?? time?.ticks ?? 0
            ticks = tick..<(tick + 1)
        }
        return RenderJob(program: program, format: fmt, destination: destination, ticks: ticks, scale: factor, options: options)
    }

    /// The progress line's note while one tick's handlers run long.
    static func busyNote(tick: Int, work: Int) -> String {
        "tick \(tick) busy: \(work / 1_000_000)M steps so far (limit \(RuntimeLimits().maxWorkPerTick / 1_000_000)M, WAVE_MAX_WORK); Ctrl-C stops"
    }

    func progressMeter(label: String, total: Int) -> ProgressMeter? {
        guard !quiet else { return nil }
        let style: ProgressMeter.Style
        if isatty(STDERR_FILENO) == 1 { style = .redraw } else if progress { style = .lines } else { return nil }
        return ProgressMeter(label: label, total: total, style: style) { StandardError.write($0) }
    }

    func describe(_ job: RenderJob, _ r: RenderJob.Result) -> String {
        let what: String
        switch job.format {
        case _ where job.part != nil && job.format.isAnimated:
            let p = job.part ?? job.ticks
            what = "part: ticks \(p.lowerBound)..\(p.upperBound) of \(job.ticks.lowerBound)..\(job.ticks.upperBound), \(r.frames) frame\(r.frames == 1 ? "" : "s") rendered"
        case .png where job.ticks.count == 1: what = "tick \(job.ticks.lowerBound)"
        case .gif:
            // The frames the file holds; those that changed nothing lengthen the one before.
            let held = r.framesWritten ?? r.frames, merged = r.frames - held
            what = "\(held) frame\(held == 1 ? "" : "s") at \(job.options.gifRate.rawValue) fps"
                + (merged > 0 ? " (\(merged) unchanged merged into longer delays)" : "")
        default: what = "\(r.frames) frame\(r.frames == 1 ? "" : "s")"
        }
        return "\(what), \(r.width)x\(r.height), \(String(format: "%.2f", r.seconds)) s"
    }
}
