import ArgumentParser
import Foundation
import WaveCodecs
import WaveCompiler
import WaveGraphics
import WaveRuntime
import WaveSinks

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render frames of a script to PNG files.",
        discussion: """
        One frame:   wave render s.wave -o out.png --time 1.5s   (or --frame 90)
        A sequence:  wave render s.wave -o 'out/%04d.png' --from 0s --to 2s
                     (%d or %0Nd is replaced by the tick number; --to is exclusive and
                     defaults to the scene's duration, or 5s)
        Files are written atomically: a file appears whole or not at all.
        """)

    @Argument(help: "The script to render.") var file: String
    @Option(name: [.short, .customLong("output")], help: "Output PNG, or a pattern with %d / %04d for a sequence.") var output: String
    @Option(help: "Render this tick (60 per second).") var frame: Int?
    @Option(help: "Render the frame at this time: 1.5s, 500ms or 90t.") var time: TimeArgument?
    @Option(help: "Sequence start time (default 0).") var from: TimeArgument?
    @Option(help: "Sequence end time, exclusive (default: the scene's duration, or 5s).") var to: TimeArgument?
    @Option(help: "Scale factor for the output size (e.g. 2 for twice the scene size).") var scale: Double = 1
    @Option(help: "zlib compression level 0-9.") var compression: Int = 6
    @Flag(name: .shortAndLong, help: "Print nothing but errors.") var quiet = false

    func validate() throws {
        if frame != nil && time != nil { throw ValidationError("give --frame or --time, not both") }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more") }
        guard scale > 0, scale <= 16, scale.isFinite else { throw ValidationError("--scale must be more than 0 and at most 16") }
        guard (0...9).contains(compression) else { throw ValidationError("--compression must be 0 to 9") }
        if Render.isPattern(output) && (frame != nil || time != nil) {
            throw ValidationError("a %d pattern renders a sequence: use --from/--to instead of --frame/--time")
        }
        if !Render.isPattern(output) && (from != nil || to != nil) {
            throw ValidationError("--from/--to render a sequence: give an output pattern such as 'out/%04d.png'")
        }
    }

    static func isPattern(_ s: String) -> Bool { s.range(of: #"%0?[0-9]*d"#, options: .regularExpression) != nil }

    static func expand(_ pattern: String, _ n: Int) -> String {
        guard let r = pattern.range(of: #"%0?[0-9]*d"#, options: .regularExpression) else { return pattern }
        let spec = pattern[r].dropFirst().dropLast()
        let width = Int(spec) ?? 0
        var digits = String(n)
        if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
        return pattern.replacingCharacters(in: r, with: digits)
    }

    func run() throws {
        let (program, source) = try ScriptLoader.compile(file)
        Interrupts.install()
        let renderer = Renderer()
        let sceneSide = Double(max(program.scene.width, program.scene.height)) * scale
        guard sceneSide <= Double(Compiler.maxCanvasSide) else {
            Console.error("output would be \(Int(sceneSide)) px on a side; the limit is \(Compiler.maxCanvasSide)")
            throw Exit.usage
        }
        func png(_ runtime: SceneRuntime) throws -> [UInt8] {
            let f = try runtime.frame(scale: scale)
            let pixmap = renderer.render(f.items, width: f.width, height: f.height, background: f.background)
            return try PNGEncoder.encode(width: pixmap.width, height: pixmap.height, rgba: pixmap.unpremultipliedRGBA(), compression: compression)
        }
        do {
            if Render.isPattern(output) {
                let start = from?.ticks ?? 0
                let end = to?.ticks ?? program.scene.durationTicks ?? 300
                guard end > start else { Console.error("--to must be after --from"); throw Exit.usage }
                var runtime = try SceneRuntime.seek(program, to: start)
                try FramePipeline(scale: scale).run(&runtime, ticks: Array(start..<end), shouldStop: { Interrupts.isInterrupted }) { tick, pixmap in
                    let bytes = try PNGEncoder.encode(width: pixmap.width, height: pixmap.height, rgba: pixmap.unpremultipliedRGBA(), compression: compression)
                    try AtomicFile.write(bytes, to: Render.expand(output, tick))
                }
                if Interrupts.isInterrupted { throw Interrupted(signal: Interrupts.signalNumber) }
                if !quiet { Console.note("wrote \(end - start) frames to \(output)") }
            } else {
                let tick = frame ?? time?.ticks ?? 0
                let runtime = try SceneRuntime.seek(program, to: tick)
                try AtomicFile.write(try png(runtime), to: output)
                if !quiet { Console.note("wrote \(output) (tick \(tick))") }
            }
        } catch let e as RuntimeError {
            Console.diagnostics([e.diagnostic], in: source)
            throw Exit.runtime
        } catch let e as IOError {
            Console.error(e.message)
            throw Exit.io
        } catch let e as Interrupted {
            AtomicFile.removeAllPending()
            Console.error("\(e); no partial file was left")
            throw ExitCode(128 + e.signal)
        } catch let e as CodecError {
            Console.error("encoding failed: \(e)")
            throw Exit.runtime
        }
    }
}
