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
        if let size { try Bench.validateSize(size) }
        let modes = [("--sinks", sinks), ("--reload", reload != nil), ("--cpu", cpu)].filter(\.1).map(\.0)
        if modes.count > 1 { throw ValidationError("\(modes.joined(separator: " and ")) are different measurements: give one") }
        if let reload, TimeValue.ticks(reload, bare: .seconds) == nil { throw ValidationError("--reload \(reload): \(TimeValue.problem(reload))") }
    }

    /// Throws the usage error for a --size that `parseSize` refuses.
    static func validateSize(_ size: String) throws {
        guard parseSize(size) == nil else { return }
        let looksRight = size.lowercased().split(separator: "x", omittingEmptySubsequences: false).compactMap { Int($0) }.count == 2
        throw ValidationError(looksRight ? "--size \(size): width and height go from 1 to 8192" : "--size must look like 320x240")
    }

    static func parseSize(_ s: String) -> (Int, Int)? {
        let parts = s.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 1, parts[1] >= 1, parts[0] <= 8192, parts[1] <= 8192 else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        let paths = try ScriptLoader.scriptsOrExamples(files)
        if sinks { return try benchSinks(paths: paths) }
        if let reload { return try benchReload(paths: paths, at: reload) }
        let sizes = size.flatMap(Bench.parseSize).map { [$0] } ?? [(320, 240), (640, 480)]
        #if DEBUG
        Console.note("warning: this is a debug build; measure with 'swift build -c release' and .build/release/wave")
        #endif
        if cpu {
            let (program, source) = try ScriptLoader.compile(paths[0], quietWarnings: true)
            let (w, h) = sizes[0]
            let scale = min(Double(w) / Double(program.scene.width), Double(h) / Double(program.scene.height))
            do { print(String(format: "%.9f", try measure(program, scale: scale, threads: 1).cpu / Double(frames))) } catch {
                throw Exit.report(error, source: source)
            }
            return
        }
        print("cpu: \(Bench.cpuModel()), cores: \(ProcessInfo.processInfo.activeProcessorCount), load average: \(Bench.loadAverage())")
        print("frames per measurement: \(frames)\(tick.map { " (tick \($0) each time)" } ?? ""), threads: \(threads); median of 3–25 interleaved rounds")
        print(pad("scene", 28) + pad("size", 10) + pad("ms/frame 1T", 13) + pad("fps 1T", 9) + pad("fps \(threads)T", 9) + "speedup")
        var totals = [(Double, Double)](repeating: (0, 0), count: sizes.count)
        for path in paths {
            let (program, source) = try ScriptLoader.compile(path, quietWarnings: true)
            for (k, (w, h)) in sizes.enumerated() {
                let scale = min(Double(w) / Double(program.scene.width), Double(h) / Double(program.scene.height))
                do {
                    let (one, many) = try medians(program, scale: scale)
                    totals[k].0 += one
                    totals[k].1 += many
                    let name = PathName.lastComponent(path)
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

    /// Median wall-clock seconds of interleaved rounds on one thread and on `threads`
    /// threads: at least 3 rounds, more until each mode has measured half a second in all,
    /// at most 25.
    func medians(_ program: Program, scale: Double) throws -> (one: Double, many: Double) {
        var ones: [Double] = [], manys: [Double] = []
        while ones.count < 25 && (ones.count < 3 || ones.reduce(0, +) < 0.5 || manys.reduce(0, +) < 0.5) {
            ones.append(try measure(program, scale: scale, threads: 1).wall)
            manys.append(threads == 1 ? ones[ones.count - 1] : try measure(program, scale: scale, threads: threads).wall)
        }
        func median(_ v: [Double]) -> Double {
            let s = v.sorted()
            return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
        return (median(ones), median(manys))
    }

    /// Wall-clock and process CPU seconds to step, build and rasterize `frames` ticks (or
    /// to build and rasterize `--tick` `frames` times, after stepping to it unmeasured).
    func measure(_ program: Program, scale: Double, threads: Int) throws -> (wall: Double, cpu: Double) {
        var runtime = try SceneRuntime(program: program)
        var pipeline = FramePipeline(threads: threads, scale: scale)
        if noCache {
            runtime.strokeCache = StrokeCache(enabled: false)
            pipeline.renderer.caching = false
        }
        var checksum = 0
        var ticks = Array(0..<frames)
        if let tick {
            try pipeline.run(&runtime, ticks: [tick]) { _, pixmap in checksum &+= Int(pixmap.data.first ?? 0) }
            ticks = Array(repeating: tick, count: frames)
        }
        let start = DispatchTime.now().uptimeNanoseconds, cpuStart = Bench.cpuSeconds()
        try pipeline.run(&runtime, ticks: ticks) { _, pixmap in checksum &+= Int(pixmap.data.first ?? 0) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpuSeconds = Bench.cpuSeconds() - cpuStart
        if checksum == -1 { print("") }   // keep the work observable
        return (seconds, cpuSeconds)
    }

    /// CPU time of the whole process (all threads).
    static func cpuSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// "model name" from /proc/cpuinfo, or "unknown".
    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") { return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        return "unknown"
    }

    /// The 1, 5 and 15 minute load averages, or "unknown".
    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { String(format: "%.2f", $0) }.joined(separator: " ")
    }

    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
}

extension Bench {
    /// `--reload TIME`: per script, the milliseconds of a live reload at TIME (the new
    /// version carried to the tick, `SceneRuntime.reload`) and of replaying to TIME.
    func benchReload(paths: [String], at time: String) throws {
        let target = TimeValue.ticks(time, bare: .seconds) ?? 0   // checked by `validate`
        print("cpu: \(Bench.cpuModel()), cores: \(ProcessInfo.processInfo.activeProcessorCount), load average: \(Bench.loadAverage())")
        print("reload at tick \(target)")
        print(pad("scene", 28) + pad("reload ms", 12) + "replay ms")
        for path in paths {
            let (program, source) = try ScriptLoader.compile(path, quietWarnings: true)
            do {
                let replayStart = DispatchTime.now().uptimeNanoseconds
                let old = try SceneRuntime.seek(program, to: target)
                let replay = Double(DispatchTime.now().uptimeNanoseconds - replayStart) / 1e6
                var best = Double.infinity
                for _ in 0..<5 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = try SceneRuntime.reload(program, keeping: old)
                    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                print(pad(PathName.lastComponent(path), 28) + pad(String(format: "%.2f", best), 12) + String(format: "%.0f", replay))
            } catch {
                throw Exit.report(error, source: source)
            }
        }
    }
}
