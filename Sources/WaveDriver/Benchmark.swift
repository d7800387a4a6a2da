import Dispatch
import Foundation
import WaveCompiler
import WaveGeometry
import WaveGraphics
import WaveAccelerator
import WaveRuntime
import WaveSinks

/// The measurements of `wave bench` and `wave play-bench`: each table is handed to `line`
/// a row at a time, as it is measured. A script that fails is reported and thrown as its
/// `Exit`.
public struct Benchmark {
    /// Frames (ticks) per measurement.
    public var frames: Int
    /// Threads of the parallel measurement.
    public var threads: Int
    /// Render this one tick `frames` times instead of ticks 0 to `frames`.
    public var tick: Int?
    /// Turn the caches of the renderer and the stroke outlines off.
    public var noCache: Bool

    /// A benchmark of `frames` frames a measurement, on one thread and on `threads`.
    public init(frames: Int, threads: Int, tick: Int? = nil, noCache: Bool = false) {
        self.frames = frames
        self.threads = threads
        self.tick = tick
        self.noCache = noCache
    }

    /// Notes on standard error that a debug build is measuring (nothing in a release build).
    public static func warnIfDebugBuild() {
        #if DEBUG
        Console.note("warning: this is a debug build; measure with 'swift build -c release' and .build/release/wave")
        #endif
    }

    /// CPU seconds per frame on one thread for the script at `path`, fitted in `size`
    /// (what bench/compare.sh compares with cairo).
    public func cpuSecondsPerFrame(_ path: String, size: (width: Int, height: Int)) throws -> Double {
        let (program, source) = try ScriptLoader.compile(path, quietWarnings: true)
        do { return try measure(program, scale: scale(program, size), threads: 1).cpu / Double(frames) } catch {
            throw Exit.report(error, source: source)
        }
    }

    /// The speed table: milliseconds per frame and frames per second on one thread and on
    /// `threads`, per script and size, then the totals per size.
    public func table(paths: [String], sizes: [(width: Int, height: Int)], line: (String) -> Void) throws {
        line("cpu: \(Benchmark.cpuModel()), cores: \(ProcessInfo.processInfo.activeProcessorCount), load average: \(Benchmark.loadAverage())")
        line("frames per measurement: \(frames)\(tick.map { " (tick \($0) each time)" } ?? ""), threads: \(threads); median of 3–25 interleaved rounds")
        line(pad("scene", 28) + pad("size", 10) + pad("ms/frame 1T", 13) + pad("fps 1T", 9) + pad("fps \(threads)T", 9) + "speedup")
        var totals = [(Double, Double)](repeating: (0, 0), count: sizes.count)
        for path in paths {
            let (program, source) = try ScriptLoader.compile(path, quietWarnings: true)
            for (k, (w, h)) in sizes.enumerated() {
                do {
                    let (one, many) = try medians(program, scale: scale(program, (w, h)))
                    totals[k].0 += one
                    totals[k].1 += many
                    let name = PathName.lastComponent(path)
                    line(pad(name, 28) + pad("\(w)x\(h)", 10) + pad(String(format: "%.3f", one * 1000 / Double(frames)), 13)
                         + pad(String(format: "%.0f", Double(frames) / one), 9) + pad(String(format: "%.0f", Double(frames) / many), 9)
                         + String(format: "%.2fx", one / many))
                } catch {
                    throw Exit.report(error, source: source)
                }
            }
        }
        for (k, (w, h)) in sizes.enumerated() {
            let n = Double(frames * paths.count)
            line(pad("total", 28) + pad("\(w)x\(h)", 10) + pad(String(format: "%.3f", totals[k].0 * 1000 / n), 13)
                 + pad(String(format: "%.0f", n / totals[k].0), 9) + pad(String(format: "%.0f", n / totals[k].1), 9)
                 + String(format: "%.2fx", totals[k].0 / totals[k].1))
        }
    }

    /// The scale that fits `program`'s scene in `size`.
    func scale(_ program: Program, _ size: (Int, Int)) -> Double {
        min(Double(size.0) / Double(program.scene.width), Double(size.1) / Double(program.scene.height))
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
    /// to build and rasterize `tick` `frames` times, after stepping to it unmeasured).
    func measure(_ program: Program, scale: Double, threads: Int) throws -> (wall: Double, cpu: Double) {
        var runtime = try SceneRuntime(program: program)
        var pipeline = FramePipeline(threads: threads, scale: scale)
        if noCache {
            runtime.strokeCache = StrokeCache(enabled: false)
            var parts = Accelerator.current
            parts.caches = false
            pipeline.renderer = parts.renderer()
        }
        var checksum = 0
        var ticks = Array(0..<frames)
        if let tick {
            try pipeline.run(&runtime, ticks: [tick]) { _, pixmap in checksum &+= Int(pixmap.data.first ?? 0) }
            ticks = Array(repeating: tick, count: frames)
        }
        let start = DispatchTime.now().uptimeNanoseconds, cpuStart = Benchmark.cpuSeconds()
        try pipeline.run(&runtime, ticks: ticks) { _, pixmap in checksum &+= Int(pixmap.data.first ?? 0) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpuSeconds = Benchmark.cpuSeconds() - cpuStart
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

    /// `wave bench --reload`: per script, the milliseconds of a live reload at tick
    /// `target` (the new version carried to the tick, `SceneRuntime.reload`; the best of
    /// five) and of replaying to it.
    public static func reload(paths: [String], at target: Int, line: (String) -> Void) throws {
        line("cpu: \(cpuModel()), cores: \(ProcessInfo.processInfo.activeProcessorCount), load average: \(loadAverage())")
        line("reload at tick \(target)")
        line(pad("scene", 28) + pad("reload ms", 12) + "replay ms")
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
                line(pad(PathName.lastComponent(path), 28) + pad(String(format: "%.2f", best), 12) + String(format: "%.0f", replay))
            } catch {
                throw Exit.report(error, source: source)
            }
        }
    }

    /// `wave bench --sinks`: wall-clock seconds to render `seconds` of each scene, fitted in
    /// `size`, to an APNG and to a GIF (50 fps) on all cores, files written and removed,
    /// and how many times faster than real time that is.
    public static func sinks(paths: [String], seconds: Int = 6, size: (Int, Int) = (320, 240), line: (String) -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-bench-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        warnIfDebugBuild()
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        line("cores: \(ProcessInfo.processInfo.activeProcessorCount), load average: \(load), \(seconds) s (\(seconds * 60) ticks) per scene, fitted in \(size.0)x\(size.1)")
        line(pad("scene", 30) + pad("size", 10) + pad("APNG s", 9) + pad("x real", 9) + pad("GIF s", 9) + pad("x real", 9) + "GIF frames")
        var totals = (apng: 0.0, gif: 0.0)
        for path in paths {
            let (program, source) = try ScriptLoader.compile(path, quietWarnings: true)
            let scale = min(Double(size.0) / Double(program.scene.width), Double(size.1) / Double(program.scene.height))
            let name = PathName.lastComponent(path)
            func job(_ format: ImageFormat) -> RenderJob {
                RenderJob(program: program, format: format, destination: .file(dir + "/" + name + "." + format.fileExtension),
                          ticks: 0..<(seconds * 60), scale: scale)
            }
            do {
                let apng = try job(.apng).run()
                let gif = try job(.gif).run()
                totals.apng += apng.seconds
                totals.gif += gif.seconds
                let real = Double(seconds)
                line(pad(name, 30) + pad("\(apng.width)x\(apng.height)", 10)
                     + pad(String(format: "%.3f", apng.seconds), 9) + pad(String(format: "%.1f", real / apng.seconds), 9)
                     + pad(String(format: "%.3f", gif.seconds), 9) + pad(String(format: "%.1f", real / gif.seconds), 9)
                     + "\(gif.frames)")
            } catch {
                throw Exit.report(error, source: source)
            }
        }
        let real = Double(seconds * paths.count)
        line(pad("total", 40) + pad(String(format: "%.3f", totals.apng), 9) + pad(String(format: "%.1f", real / totals.apng), 9)
             + pad(String(format: "%.3f", totals.gif), 9) + String(format: "%.1f", real / totals.gif))
    }

    /// `wave play-bench`: plays each script for `ticks` ticks at `columns` x `rows` cells
    /// through the terminal player into a byte counter, and gives bytes per frame, the
    /// largest frame and drawing milliseconds per frame (mean and 95th percentile).
    public static func player(paths: [String], ticks: Int, columns: Int, rows: Int, options: PlayOptions,
                              line: (String) -> Void) throws {
        Interrupts.install()
        line("\(options.cells.rawValue) cells, \(options.color.rawValue) colour, \(columns)x\(rows), \(ticks) ticks")
        let nameWidth = max(8, paths.map { PathName.lastComponent($0).count }.max() ?? 8)
        line(padded("example", nameWidth) + "  bytes/frame   largest   ms/frame   ms p95")
        for path in paths {
            let (program, source) = try ScriptLoader.compile(path, quietWarnings: true)
            let player = TerminalPlayer(program: program, source: source, options: options)
            let counter = NullSink()
            do {
                let stats = try player.writeFrames(ticks: ticks, columns: columns, rows: rows, to: counter)
                let bytes = Double(stats.bytesWritten) / Double(max(1, stats.framesDrawn))
                line(padded(PathName.lastComponent(path), nameWidth)
                     + String(format: "  %11.0f   %7d   %8.3f   %6.3f", bytes, counter.largestWrite, stats.meanMilliseconds, stats.p95Milliseconds))
            } catch {
                throw Exit.report(error, source: source)
            }
        }
    }
}

/// `s` padded with spaces to `n` characters, and always followed by at least one space.
private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }

/// `s` padded with spaces to at least `n` characters.
private func padded(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
