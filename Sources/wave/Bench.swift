import ArgumentParser
import Foundation
import WaveCompiler
import WaveGraphics
import WaveRuntime
import WaveDriver
import WaveSinks

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure rendering speed: frames per second per example, without writing files.",
        discussion: """
        Steps each scene and rasterizes its frames (ticks 0 to --frames), scaled to fit each size, once on one thread and once on --threads threads, and prints milliseconds per frame, frames per second and the speed-up. --sinks instead times encoding 6 s of each scene to APNG and GIF. Build in release first:
          swift build -c release && .build/release/wave bench examples/*.wave
        """)

    @Argument(help: "Scripts to measure (default: examples/*.wave).") var files: [String] = []
    @Option(help: "Output size WxH (default: both 320x240 and 640x480).") var size: String?
    @Option(help: "Frames (ticks) per measurement.") var frames: Int = 300
    @Option(help: "Threads for the parallel measurement (default: all cores).") var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    @Flag(help: "Instead: seconds to render 6 s of each scene at 320x240 to APNG and to GIF, files included.") var sinks = false

    func validate() throws {
        guard frames >= 1, frames <= 100_000 else { throw ValidationError("--frames must be 1 to 100000") }
        guard threads >= 1, threads <= 256 else { throw ValidationError("--threads must be 1 to 256") }
        if let size, Bench.parseSize(size) == nil { throw ValidationError("--size must look like 640x480") }
    }

    static func parseSize(_ s: String) -> (Int, Int)? {
        let parts = s.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 1, parts[1] >= 1, parts[0] <= 8192, parts[1] <= 8192 else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        let paths = try ScriptLoader.scriptsOrExamples(files)
        if sinks { return try benchSinks(paths: paths) }
        let sizes = size.flatMap(Bench.parseSize).map { [$0] } ?? [(320, 240), (640, 480)]
        #if DEBUG
        Console.note("warning: this is a debug build; measure with 'swift build -c release' and .build/release/wave")
        #endif
        print("cores: \(ProcessInfo.processInfo.activeProcessorCount), frames per measurement: \(frames), threads: \(threads)")
        print(pad("scene", 28) + pad("size", 10) + pad("ms/frame 1T", 13) + pad("fps 1T", 9) + pad("fps \(threads)T", 9) + "speedup")
        var totals = [(Double, Double)](repeating: (0, 0), count: sizes.count)
        for path in paths {
            let (program, source) = try ScriptLoader.compile(path, quietWarnings: true)
            for (k, (w, h)) in sizes.enumerated() {
                let scale = min(Double(w) / Double(program.scene.width), Double(h) / Double(program.scene.height))
                do {
                    let one = try measure(program, scale: scale, threads: 1)
                    let many = threads == 1 ? one : try measure(program, scale: scale, threads: threads)
                    totals[k].0 += one
                    totals[k].1 += many
                    let name = (path as NSString).lastPathComponent
                    print(pad(name, 28) + pad("\(w)x\(h)", 10) + pad(String(format: "%.3f", one * 1000 / Double(frames)), 13)
                          + pad(String(format: "%.0f", Double(frames) / one), 9) + pad(String(format: "%.0f", Double(frames) / many), 9)
                          + String(format: "%.2fx", one / many))
                } catch {
                    throw Exit.report(error, source: source)
                }
            }
        }
        for (k, (w, h)) in sizes.enumerated() {
            let n = Double(frames * paths.count)
            print(pad("total", 28) + pad("\(w)x\(h)", 10) + pad(String(format: "%.3f", totals[k].0 * 1000 / n), 13)
                  + pad(String(format: "%.0f", n / totals[k].0), 9) + pad(String(format: "%.0f", n / totals[k].1), 9)
                  + String(format: "%.2fx", totals[k].0 / totals[k].1))
        }
    }

    /// Seconds to step, build and rasterize `frames` ticks.
    func measure(_ program: Program, scale: Double, threads: Int) throws -> Double {
        var runtime = try SceneRuntime(program: program)
        let pipeline = FramePipeline(threads: threads, scale: scale)
        var checksum = 0
        let start = DispatchTime.now().uptimeNanoseconds
        try pipeline.run(&runtime, ticks: Array(0..<frames)) { _, pixmap in checksum &+= Int(pixmap.data.first ?? 0) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if checksum == -1 { print("") }   // keep the work observable
        return seconds
    }

    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
}
