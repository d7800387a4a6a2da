import Foundation
import WaveCompiler
import WaveExport
import WaveSinks

/// `wave render s.wave -o s.svg|s.json|s.lottie`: bakes the script into a vector timeline
/// (`Baker`) and writes it with the format's writer. The export report is printed as
/// warnings (unless -q) and written with `--report FILE`. Files are written atomically:
/// after an error no partial file is left.
struct ExportJob {
    var request: RenderRequest
    var format: ExportFormat

    /// The flags an export refuses: usage errors, found before anything is read.
    static func check(_ r: RenderRequest, _ format: ExportFormat) throws(UsageError) {
        if r.shard != nil || r.shardIndexEnv != nil || r.ticks != nil || r.shards != nil {
            throw UsageError("\(format.displayName) exports are single files: --shard, --shard-index-env and --ticks do not apply (render it whole)")
        }
        if r.output == "-" { throw UsageError("an export is written to a file: give -o FILE.\(format.fileExtension)") }
        if r.outDir != nil && r.report != nil { throw UsageError("--report names one file: with --out-dir each script's report goes to DIR/NAME.report.json") }
        if r.still && format != .svg { throw UsageError("--still writes a static SVG: give -o FILE.svg") }
        if (r.frame != nil || r.time != nil) && !r.still { throw UsageError("--frame/--time pick the tick of a still: add --still (an animated export covers --from to --to)") }
        if r.still && (r.from != nil || r.to != nil) { throw UsageError("--still shows one tick: give --frame or --time, not --from/--to") }
        if r.scale != nil || r.size != nil { throw UsageError("exports are vectors at the scene's size: --scale and --size do not apply") }
        let given = [r.compression != nil, r.crf != nil, r.lossy != nil, r.loop != nil, r.dither != nil, r.fps != nil,
                     r.stateFrom != nil, r.stateTo != nil, r.jobs != nil]
        if given.contains(true) { throw UsageError("that flag applies to image and video formats, not to \(format.displayName) exports") }
    }

    func run() throws -> (lines: [String], status: Exit?) {
        guard let outDir = request.outDir else {
            try export(request.files[0], to: request.output ?? "", report: request.report)
            return ([], nil)
        }
        return try runBatch(outDir)
    }

    /// Every script into `outDir` as NAME.svg / .json / .lottie, with its report beside it
    /// as NAME.report.json; a script that fails does not stop the others, and the worst
    /// failure's code is the status (as for images).
    func runBatch(_ outDir: String) throws -> (lines: [String], status: Exit?) {
        let names = request.files.map { PathName.stem($0) }
        if let twice = names.first(where: { n in names.filter { $0 == n }.count > 1 }) {
            Console.error("two scripts are named '\(twice)': their outputs would collide in '\(outDir)'")
            throw Exit.usage
        }
        do { try AtomicFile.makeDirectory(outDir) } catch {
            Console.error(Exit.message(error))
            throw Exit.io
        }
        var worst: Int32 = 0
        var lines: [String] = []
        let width = request.files.map(\.count).max() ?? 0
        for (file, name) in zip(request.files, names) {
            let out = PathName.joining(outDir, name + "." + format.fileExtension)
            let line: String
            do {
                line = try export(file, to: out, report: PathName.joining(outDir, name + ".report.json"), summary: true)
            } catch let code as Exit {
                if code.code == 130 || code == Exit.usage { throw code }
                worst = max(worst, code.code)
                line = code == Exit.io ? "I/O error (see above)" : code.code == 65 ? "script error (see above)" : "runtime error (see above)"
            }
            if !request.quiet || worst != 0 { lines.append(file.padding(toLength: width, withPad: " ", startingAt: 0) + "  →  " + line) }
        }
        return (lines, worst != 0 ? Exit(worst) : nil)
    }

    /// Bakes `file` and writes it to `output` (and its report to `report`); returns the
    /// summary line of a batch.
    @discardableResult
    func export(_ file: String, to output: String, report: String?, summary: Bool = false) throws -> String {
        let r = request
        let (program, source) = try ScriptLoader.compile(file)
        let start = r.still ? (r.frame ?? r.time ?? 0) : (r.from ?? 0)
        let end = r.still ? start + 1 : (r.to ?? program.scene.durationTicks ?? 300)
        guard end > start else { Console.error("--to must be after --from"); throw Exit.usage }
        let name = PathName.stem(file)
        Interrupts.install()
        do {
            // WAVE_EXPORT_BAKE=1 bakes eased animations too (bench/export-sizes.sh measures the cost).
            let bakeAll = ProcessInfo.processInfo.environment["WAVE_EXPORT_BAKE"] == "1"
            let baker = Baker(program: program, source: source, name: name, target: format, usesSceneCurves: !bakeAll)
            let scene = try baker.bake(ticks: start..<end) {
                if Interrupts.isInterrupted { throw Interrupted(signal: Interrupts.signalNumber) }
            }
            let bytes: [UInt8]
            switch format {
            case .svg: bytes = Array(SVGWriter(scene).document.utf8)
            case .lottie: bytes = Array(try LottieWriter(scene).json.utf8)
            case .dotLottie: bytes = try DotLottie.archive(LottieWriter(scene).json, name: name)
            }
            if !r.quiet { scene.report.lines.forEach { StandardError.write("wave: \($0)\n") } }
            if let report { try AtomicFile.write(Array(scene.report.json.utf8), to: report) }
            try AtomicFile.write(bytes, to: output)
            let what = "\(format.displayName), \(scene.tickCount) tick\(scene.tickCount == 1 ? "" : "s"), \(scene.layers.count) layer\(scene.layers.count == 1 ? "" : "s"), \(bytes.count) bytes"
            let notes = scene.report.entries.filter { $0.action != .baked }.count
            if summary { return "\(output)  \(what)" + (notes == 0 ? "" : ", \(notes) report entr\(notes == 1 ? "y" : "ies")") }
            if !r.quiet { Console.note("wrote \(output) (\(what))") }
            return ""
        } catch {
            throw Exit.report(error, source: source)
        }
    }
}

extension RenderRequest {
    /// The export format the output's extension names (`.svg`, `.json`, `.lottie`), or nil.
    var exportFormat: ExportFormat? { exportFlag ?? (format == nil ? output.flatMap(ExportFormat.fromExtension) : nil) }
}
