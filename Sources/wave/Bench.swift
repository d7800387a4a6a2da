import ArgumentParser
import Foundation
import WaveDriver

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure rendering speed: frames per second per example, without writing files.",
        discussion: """
        Steps each scene and rasterizes its frames (ticks 0 to --frames), scaled to fit each size, on one thread and on --threads threads, and prints milliseconds per frame, frames per second and the speed-up. The two are measured in interleaved rounds, each from a fresh start, at least 3 and more until each has run half a second (at most 25); the figures are the median rounds, so a short scene is not judged on one 20 ms run. --sinks instead times encoding 6 s of each scene to APNG and GIF. The first lines give the CPU model and load average. bench/compare.sh uses --cpu to compare every example with cairo. Build in release first:
          swift build -c release && .build/release/wave bench examples/*.wave
        """)

    @Argument(help: "Scripts to measure (default: examples/*.wave).") var files: [String] = []
    @Option(parsing: .unconditional, help: "Output size WxH (default: both 320x240 and 640x480).") var size: String?
    @Option(parsing: .unconditional, help: "Frames (ticks) per measurement.") var frames: Int = 300
    @Option(parsing: .unconditional, help: "Threads for the parallel measurement, the machine's cores unless given.") var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    @Flag(help: "Instead: seconds to render 6 s of each scene at 320x240 to APNG and to GIF, files included.") var sinks = false
    @Option(parsing: .unconditional, help: "Render this one tick --frames times (the frame is built and rasterized each time) instead of ticks 0 to --frames.") var tick: Int?
    @Flag(help: "Turn off the caches of stroke outlines, fill spans, mask coverage and blurred shadows (same bytes, more work).") var noCache = false
    @Option(help: ArgumentHelp("Instead: play each scene to this time (an hour is 3600s or 216000t), then time a live reload of its script there (what --watch and the REPL's :watch do) against replaying to that tick.", valueName: "time")) var reload: String?
    @Flag(help: "Print only the CPU seconds per frame on one thread for the first script and size (for bench/compare.sh).") var cpu = false

    func validate() throws {
        guard frames >= 1, frames <= 100_000 else { throw ValidationError("--frames must be 1 to 100000") }
        guard threads >= 1, threads <= 256 else { throw ValidationError("--threads must be 1 to 256") }
        if let tick, tick < 0 || tick > 1_000_000 { throw ValidationError("--tick must be 0 to 1000000") }
        if let size { do { try OutputSize.check(size) } catch { throw ValidationError(error.message) } }
        let modes = [("--sinks", sinks), ("--reload", reload != nil), ("--cpu", cpu)].filter(\.1).map(\.0)
        if modes.count > 1 { throw ValidationError("\(modes.joined(separator: " and ")) are different measurements: give one") }
        if let reload, TimeValue.ticks(reload, bare: .seconds) == nil { throw ValidationError("--reload \(reload): \(TimeValue.problem(reload))") }
    }

    func run() throws {
        let paths = try ScriptLoader.scriptsOrExamples(files)
        if sinks { return try Benchmark.sinks(paths: paths, line: { print($0) }) }
        if let reload {
            // The time was checked by `validate`.
            return try Benchmark.reload(paths: paths, at: TimeValue.ticks(reload, bare: .seconds) ?? 0, line: { print($0) })
        }
        let sizes = size.flatMap(OutputSize.parse).map { [$0] } ?? [(320, 240), (640, 480)]
        Benchmark.warnIfDebugBuild()
        let bench = Benchmark(frames: frames, threads: threads, tick: tick, noCache: noCache)
        if cpu { return print(String(format: "%.9f", try bench.cpuSecondsPerFrame(paths[0], size: sizes[0]))) }
        try bench.table(paths: paths, sizes: sizes, line: { print($0) })
    }
}
