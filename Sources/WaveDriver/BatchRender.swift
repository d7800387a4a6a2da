import Foundation
import WaveCodecs
import WaveSinks
import WaveSyntax

/// `wave render FILES --out-dir DIR`: every script (a shard's share with --shard K/N)
/// rendered into DIR as NAME.EXT, `--jobs` at a time, then a gallery page of them and one
/// summary line per script. A script that fails does not stop the others; the worst
/// failure's code is the status.
struct BatchRender {
    var request: RenderRequest
    var format: ImageFormat
    var outDir: String

    /// The tick a gallery still of `source` shows when neither --frame nor --time picks one:
    /// the first of its `# golden:` ticks after 0 (a frame its author checks; 0 is listed to
    /// check the start, often an empty stage), else the middle of its duration, or 60 without
    /// one. Tick 0 left several cards blank.
    static func stillTick(of source: SourceFile, durationTicks: Int?) -> Int {
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.contains(where: { GoldenTicks.list(in: $0) != nil }),
           let first = (try? GoldenTicks.ticks(in: source.text, durationTicks: durationTicks))?.first(where: { $0 > 0 }) {
            return first
        }
        guard let d = durationTicks, d >= 1 else { return 60 }
        return d / 2
    }

    /// Renders every script; returns the summary lines and the status to end with.
    func run() throws -> (lines: [String], status: Exit?) {
        let fmt = format, quiet = request.quiet
        let names = request.files.map { PathName.stem($0) }
        if let twice = names.first(where: { n in names.filter { $0 == n }.count > 1 }) {
            Console.error("two scripts are named '\(twice)': their outputs would collide in '\(outDir)'")
            throw Exit.usage
        }
        let files = try shareOfFiles()
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
                var request = request
                if !fmt.info.isAnimated && request.frame == nil && request.time == nil {
                    request.frame = BatchRender.stillTick(of: source, durationTicks: program.scene.durationTicks)
                }
                jobs.append((i, try request.job(program, format: fmt, destination: .file(out)), source))
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
        let meter = request.progressMeter(label: "\(jobs.count) file\(jobs.count == 1 ? "" : "s")", total: jobs.reduce(0) { $0 + $1.job.frameCount })
        Interrupts.busyTick = { [meter] tick, work in meter?.busy(RenderJob.busyNote(tick: tick, work: work)) }
        let outcomes = RenderJobBatch(jobs: jobs.map(\.job), filesAtOnce: request.jobs ?? 1).run(progress: { meter?.advance() })
        meter?.finish()
        var interrupted: Interrupted?
        for (entry, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case .success(let r):
                summary[entry.index] = (true, "\(entry.job.destination.description)  \(entry.job.summary(of: r))")
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
        if !writeGallery(cards) { worst = max(worst, Exit.io.code) }
        let width = files.map(\.count).max() ?? 0
        let lines = zip(files, summary).filter { !quiet || !$0.1.ok }.map { file, line in
            file.padding(toLength: width, withPad: " ", startingAt: 0) + "  →  " + line.text
        }
        if let interrupted { return (lines, Exit.signal(interrupted.signal)) }
        return (lines, worst != 0 ? Exit(worst) : nil)
    }

    /// `outDir/index.html`: a page of every render (a shard's share: `index-K-of-N.html`,
    /// so shards writing to one directory do not replace each other's); false (reported)
    /// when it cannot be written.
    func writeGallery(_ cards: [Gallery.Entry]) -> Bool {
        let shard = try? request.resolvedShard()
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
    func shareOfFiles() throws -> [String] {
        let files = request.files
        let shard: Shard?
        do { shard = try request.resolvedShard() } catch {
            Console.error(error.message)
            throw Exit.usage
        }
        guard let shard else { return files }
        let costs: [Double] = files.map { path in
            guard let file = try? ScriptReader.read(path), let program = ScriptLoader.check(file).0 else { return 1 }
            let job = request.quietJob(program, format: format)
            return Double(job.frameCount) * Double(program.scene.width * program.scene.height) * job.scale * job.scale
        }
        let mine = shard.share(costs: costs).map { files[$0] }
        if !request.quiet { Console.note("shard \(shard.index)/\(shard.count): \(mine.count) of \(files.count) script\(files.count == 1 ? "" : "s")") }
        return mine
    }
}
