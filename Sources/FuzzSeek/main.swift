// libFuzzer target: seeking to a tick equals stepping to it. The input is a script (the
// language targets' dictionary and mutator apply); it is compiled and run under tight
// limits, and at ticks 7, 19 and 30 the frame and the saved state of the stepped runtime
// must equal those of `SceneRuntime.seek`, and of a state saved at tick 7, loaded and
// stepped on. A difference traps, and libFuzzer keeps the input.
import WaveCompiler
import WaveFuzzSupport  // the structure-aware mutator and the dictionary
import WaveRuntime
import WaveSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSeek(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let program = Compiler.compile(SourceFile(name: "fuzz", text: text)).0,
          program.scene.width * program.scene.height <= 1 << 18 else { return 0 }
    var limits = RuntimeLimits()
    limits.maxLayers = 200
    limits.maxWorkPerTick = 20_000
    limits.maxTimers = 200
    limits.maxAnimations = 500
    limits.maxPathElements = 20_000
    do {
        var stepped = try SceneRuntime(program: program, limits: limits)
        var saved: [UInt8]? = nil
        for n in [7, 19, 30] {
            while stepped.tick < n && !stepped.isStopped { try stepped.step() }
            let state = try stepped.savedState(of: program, script: "fuzz")
            let sought = try SceneRuntime.seek(program, to: n, limits: limits)
            if try sought.frame(scale: 0.25) != stepped.frame(scale: 0.25) { fatalError("seek to \(n) drew another frame than stepping") }
            if try sought.savedState(of: program, script: "fuzz") != state { fatalError("seek to \(n) gave another state than stepping") }
            if let saved {
                var loaded = try SceneRuntime.loading(saved, program: program, script: "fuzz", limits: limits)
                while loaded.tick < n && !loaded.isStopped { try loaded.step() }
                if try loaded.savedState(of: program, script: "fuzz") != state { fatalError("a state saved at 7 and stepped to \(n) differs") }
            } else {
                saved = state
            }
        }
    } catch {
        // Runtime errors are a clean outcome (the same error either way is not checked).
    }
    return 0
}
