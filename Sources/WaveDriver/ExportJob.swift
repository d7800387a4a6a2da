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
        if r.output == "-" { throw UsageError("an export is written to a file: give -o FILE.\(format == .svg ? "svg" : format == .lottie ? "json" : "lottie")") }
        if r.outDir != nil { throw UsageError("exports go one script to one file: give -o FILE, not --out-dir") }
        if r.still && format != .svg { throw UsageError("--still writes a static SVG: give -o FILE.svg") }
        if (r.frame != nil || r.time != nil) && !r.still { throw UsageError("--frame/--time pick the tick of a still: add --still (an animated export covers --from to --to)") }
        if r.still && (r.from != nil || r.to != nil) { throw UsageError("--still shows one tick: give --frame or --time, not --from/--to") }
        if r.scale != nil || r.size != nil { throw UsageError("exports are vectors at the scene's size: --scale and --size do not apply") }
        let given = [r.compression != nil, r.crf != nil, r.lossy != nil, r.loop != nil, r.dither != nil, r.fps != nil,
                     r.stateFrom != nil, r.stateTo != nil, r.jobs != nil]
        if given.contains(true) { throw UsageError("that flag applies to image and video formats, not to \(format.displayName) exports") }
    }

    func run() throws {
        let r = request
        let (program, source) = try ScriptLoader.compile(r.files[0])
        let start = r.still ? (r.frame ?? r.time ?? 0) : (r.from ?? 0)
        let end = r.still ? start + 1 : (r.to ?? program.scene.durationTicks ?? 300)
        guard end > start else { Console.error("--to must be after --from"); throw Exit.usage }
        let output = r.output ?? ""
        let name = PathName.lastComponent(r.files[0]).replacingOccurrences(of: ".wave", with: "")
        Interrupts.install()
        do {
            let baker = Baker(program: program, source: source, name: name, target: format == .svg ? .svg : .lottie)
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
            if let report = r.report { try AtomicFile.write(Array(scene.report.json.utf8), to: report) }
            try AtomicFile.write(bytes, to: output)
            if !r.quiet {
                Console.note("wrote \(output) (\(format.displayName), \(scene.tickCount) tick\(scene.tickCount == 1 ? "" : "s"), \(scene.layers.count) layer\(scene.layers.count == 1 ? "" : "s"), \(bytes.count) bytes)")
            }
        } catch {
            throw Exit.report(error, source: source)
        }
    }
}

extension RenderRequest {
    /// The export format the output's extension names (`.svg`, `.json`, `.lottie`), or nil.
    var exportFormat: ExportFormat? { format == nil ? output.flatMap(ExportFormat.fromExtension) : nil }
}
