import Foundation
import WaveCompiler
import WaveRuntime
import WaveSinks
import WaveSyntax

/// Saved runtime states on disk (`wave state`, `wave render --state-from`).
public enum StateFiles {
    /// The fingerprint a state file records for a script: the same as part files carry.
    public static func fingerprint(_ source: SourceFile) -> String { RenderPartHeader.fingerprint(of: source.bytes) }

    /// Steps `program` to `tick` (or its `stop`) and writes the state there, atomically.
    /// Returns the tick saved.
    public static func save(_ program: Program, source: SourceFile, at tick: Int, to path: String,
                            shouldStop: () -> Bool = { Interrupts.isInterrupted }) throws -> Int {
        var runtime = try SceneRuntime(program: program)
        try runtime.advance(to: tick, shouldStop: shouldStop)
        try write(runtime, of: program, source: source, to: path)
        return runtime.tick
    }

    /// Writes `runtime` (of `program`, compiled from `source`) to `path`, atomically.
    public static func write(_ runtime: SceneRuntime, of program: Program, source: SourceFile, to path: String) throws {
        try AtomicFile.write(try runtime.savedState(of: program, script: fingerprint(source)), to: path)
    }

    /// The most bytes a state file may have (a state of the most layers the limits allow
    /// takes far less).
    public static let maxBytes = 1 << 30

    /// The runtime saved in the state file at `path`, for `program` compiled from `source`.
    /// A file that cannot be read is an I/O error (74); one that is not a regular file, is
    /// larger than `maxBytes`, or is corrupt, truncated or mismatched is reported naming the
    /// file (and byte) and ends with exit 65.
    public static func load(_ path: String, program: Program, source: SourceFile) throws -> SceneRuntime {
        let data: [UInt8]
        do { data = try FileBytes.readRegular(path, limit: maxBytes) } catch {
            if error.kind == .notRegular || error.kind == .tooLarge {
                Console.error("\(path): not a state file: \(error.reason)")
                throw Exit.script
            }
            throw IOError("cannot read the state file '\(path)': \(error.reason)")
        }
        do {
            return try SceneRuntime.loading(data, program: program, script: fingerprint(source))
        } catch let e as StateFileError {
            Console.error("\(path): \(e.description)")
            throw Exit.script
        }
    }
}
