import Foundation
import WaveCompiler
import WaveRuntime
import WaveDriver
import WaveSinks

/// `wave bench --sinks`: wall-clock seconds to render 6 s (360 ticks) of each scene, fitted
/// in 320x240, to an APNG and to a GIF (50 fps) on all cores, files written and removed,
/// and how many times faster than real time that is.
func benchSinks(paths: [String], seconds: Int = 6, size: (Int, Int) = (320, 240)) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-bench-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #if DEBUG
    Console.note("warning: this is a debug build; measure with 'swift build -c release' and .build/release/wave")
    #endif
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    print("cores: \(ProcessInfo.processInfo.activeProcessorCount), load average: \(load), \(seconds) s (\(seconds * 60) ticks) per scene, fitted in \(size.0)x\(size.1)")
    print(pad("scene", 30) + pad("size", 10) + pad("APNG s", 9) + pad("x real", 9) + pad("GIF s", 9) + pad("x real", 9) + "GIF frames")
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
            print(pad(name, 30) + pad("\(apng.width)x\(apng.height)", 10)
                  + pad(String(format: "%.3f", apng.seconds), 9) + pad(String(format: "%.1f", real / apng.seconds), 9)
                  + pad(String(format: "%.3f", gif.seconds), 9) + pad(String(format: "%.1f", real / gif.seconds), 9)
                  + "\(gif.frames)")
        } catch {
            throw Exit.report(error, source: source)
        }
    }
    let real = Double(seconds * paths.count)
    print(pad("total", 40) + pad(String(format: "%.3f", totals.apng), 9) + pad(String(format: "%.1f", real / totals.apng), 9)
          + pad(String(format: "%.3f", totals.gif), 9) + String(format: "%.1f", real / totals.gif))
}

private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
