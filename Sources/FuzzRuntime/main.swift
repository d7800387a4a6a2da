// libFuzzer target: compile, then run up to 40 ticks and build every frame's display list
// under tight limits (a runaway script must end in a RuntimeError, not a hang or a trap).
import WaveCompiler
import WaveRuntime
import WaveSyntax
import WaveFuzzSupport  // the structure-aware mutator and the dictionary

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuntime(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let program = Compiler.compile(SourceFile(name: "fuzz", text: text)).0 else { return 0 }
    var limits = RuntimeLimits()
    limits.maxLayers = 200
    limits.maxWorkPerTick = 20_000
    limits.maxTimers = 200
    limits.maxAnimations = 500
    limits.maxPathElements = 20_000
    guard program.scene.width * program.scene.height <= 1 << 20 else { return 0 }
    do {
        var runtime = try SceneRuntime(program: program, limits: limits)
        for _ in 0..<40 {
            _ = try runtime.frame(scale: 0.25)
            try runtime.step()
        }
    } catch {
        // Runtime errors are a clean outcome.
    }
    return 0
}
