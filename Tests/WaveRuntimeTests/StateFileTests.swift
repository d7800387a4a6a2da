import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
@testable import WaveRuntime

/// Saved runtime states (`SceneRuntime.savedState` / `loading`): a runtime loaded from a
/// state draws the same frames as the one that saved it, and a state that cannot be used
/// is a located error, never a crash.
final class StateFileTests: XCTestCase {
    static var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples")
    }

    /// Timers, spawns, removals, random numbers, a fill-forwards animation, an
    /// autoreversing one and springs (one retargeted to a random radius) running across the
    /// save.
    static let busy = """
    scene 200x120 { background #ffffff  duration 3s  seed 42 }
    var hits = 0
    var wobble = 0
    layer ball: circle { center (20, 60)  radius 8  fill #e04040 }
    template spark: circle { center (100, 60)  radius 3  fill #2060c0 }
    animate ball.position.x to 180 over 2s ease ease-in-out fill forwards
    animate wobble to 1 over 0.5s repeat forever autoreverse
    spring ball.position.y to 90 { stiffness 60  damping 4 }
    every 0.25s {
      hits += 1
      spring ball.radius to 4 + random() * 12 { response 0.4s  damping-fraction 0.4 }
      spawn spark below ball {
        position = (random() * 200, 60 + wobble * 40)
        animate position.y to 0 over 0.5s then remove
      }
    }
    """

    func scripts() throws -> [(String, String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: StateFileTests.examples.path).filter { $0.hasSuffix(".wave") }.sorted()
        XCTAssertGreaterThan(names.count, 10)
        return try names.map { ($0, try String(contentsOf: StateFileTests.examples.appendingPathComponent($0), encoding: .utf8)) } + [("busy", StateFileTests.busy)]
    }

    func compile(_ name: String, _ text: String) throws -> Program {
        let (p, diags) = Compiler.compile(SourceFile(name: name, text: text))
        return try XCTUnwrap(p, "\(name): \(diags)")
    }

    /// For every example, states saved at several ticks and loaded give the same frames
    /// (display lists) for the next 45 ticks as stepping on, and the same state again.
    func testEveryExampleResumesFromASavedStateWithTheSameFrames() throws {
        var checked = 0
        for (name, text) in try scripts() {
            let program = try compile(name, text)
            var original = try SceneRuntime(program: program)
            for k in [1, 61, 137] {
                while original.tick < k && !original.isStopped { try original.step() }
                let bytes = try original.savedState(of: program, script: "f00d")
                var loaded = try SceneRuntime.loading(bytes, program: program, script: "f00d")
                XCTAssertEqual(loaded.tick, original.tick, name)
                var ahead = original
                for _ in 0..<45 {
                    XCTAssertEqual(try loaded.frame(scale: 1), try ahead.frame(scale: 1), "\(name): state at \(k), frame at tick \(ahead.tick)")
                    try ahead.step()
                    try loaded.step()
                    checked += 1
                }
                XCTAssertEqual(try loaded.savedState(of: program, script: "f00d"), try ahead.savedState(of: program, script: "f00d"), "\(name): the state 45 ticks on differs")
            }
        }
        XCTAssertGreaterThan(checked, 16 * 3 * 45)
    }

    /// Fails when a stored property is added to the runtime's state types without the state
    /// file saving it (or saying here why it need not).
    func testEveryStoredPropertyIsSavedOrDeliberatelyLeftOut() throws {
        let program = try compile("busy", StateFileTests.busy)
        let r = try SceneRuntime.seek(program, to: 20)
        func labels(_ x: Any) -> Set<String> { Set(Mirror(reflecting: x).children.compactMap(\.label)) }
        let saved: Set = ["tick", "isStopped", "globals", "globalOverlay", "instances", "nextInstanceID", "declaredInstance", "order",
                          "timers", "animations", "effects", "morphOverlay", "morphModel", "rng", "work", "started", "declaredCopies"]
        // Compiled again from the script (images are decoded by the compiler); limits and
        // caches of the process (lets kept for one tick, recomputed from the clock); the
        // REPL's output; a hint that overlays may be set, which a loaded state sets; the
        // binding order, planned from the program's layers; counters of work done, for tests.
        let leftOut: Set = ["program", "rasterImages", "limits", "strokeCache", "printed", "layerDefaults", "layerDefaultsSize",
                            "letCache", "letCacheTick", "overlaysWritten", "bindingSteps", "creationOrder",
                            "bindingEvaluations", "layersPlanned"]
        XCTAssertEqual(labels(r), saved.union(leftOut))
        let inst = try XCTUnwrap(r.instances.values.first)
        XCTAssertEqual(labels(inst), ["id", "decl", "kind", "model", "overlay", "bindings", "parent", "children", "alive", "copyIndex", "vars"])
        let a = try XCTUnwrap(r.animations.first)
        XCTAssertEqual(labels(a), ["ir", "targets", "from", "to", "keyframes", "begin", "context", "motion", "morph", "deferredEnds"])
        XCTAssertEqual(labels(try XCTUnwrap(r.timers.first)), ["timer", "nextTick", "context"])
    }

    func testTheStateRecordsItsScriptBuildAndTick() throws {
        let program = try compile("busy", StateFileTests.busy)
        let r = try SceneRuntime.seek(program, to: 75)
        let bytes = try r.savedState(of: program, script: "0123456789abcdef")
        let head = String(decoding: bytes.prefix(120), as: UTF8.self).split(separator: "\n").prefix(5).map(String.init)
        XCTAssertEqual(head, ["wave-state 2", "script 0123456789abcdef", "scene 200x120 seed 42", "build \(StateFile.buildFingerprint)", "tick 75"])
    }

    func error(_ bytes: [UInt8], _ program: Program, script: String = "f00d") -> StateFileError? {
        do {
            _ = try SceneRuntime.loading(bytes, program: program, script: script)
            return nil
        } catch let e as StateFileError {
            return e
        } catch {
            XCTFail("not a state file error: \(error)")
            return nil
        }
    }

    func testAnotherScriptOrBuildIsRefused() throws {
        let program = try compile("busy", StateFileTests.busy)
        let bytes = try SceneRuntime.seek(program, to: 30).savedState(of: program, script: "f00d")
        XCTAssertTrue(error(bytes, program, script: "beef")?.message.contains("another script") == true)
        var otherBuild = String(decoding: bytes, as: UTF8.self)
        otherBuild = otherBuild.replacingOccurrences(of: "build \(StateFile.buildFingerprint)", with: "build 0000000000000000")
        XCTAssertTrue(error(Array(otherBuild.utf8), program)?.message.contains("another state layout") == true)
        // The same fingerprint given, but a scene of another seed or size.
        for variant in ["seed 42 }", "seed 43 }"] {
            let other = try compile("busy", StateFileTests.busy.replacingOccurrences(of: "200x120", with: variant == "seed 42 }" ? "200x121" : "200x120")
                .replacingOccurrences(of: "seed 42 }", with: variant))
            if variant == "seed 42 }" {
                XCTAssertEqual(error(bytes, other)?.message.contains("a scene of 200x120 seed 42, not 200x121 seed 42"), true)
            } else {
                XCTAssertEqual(error(bytes, other)?.message.contains("a scene of 200x120 seed 42, not 200x120 seed 43"), true)
            }
        }
        XCTAssertTrue(error(Array("wave-state 1\n".utf8) + bytes.dropFirst(13), program)?.message.contains("not the one this wave reads") == true)
        XCTAssertTrue(error(Array("PNG\n".utf8), program)?.message.contains("not a wave state file") == true)
        XCTAssertEqual(error([], program)?.offset, 0)
    }

    /// Every truncation and every single-byte change is caught, at a byte inside the file.
    func testTruncatedAndCorruptFilesAreLocatedErrors() throws {
        let program = try compile("busy", StateFileTests.busy)
        let bytes = try SceneRuntime.seek(program, to: 100).savedState(of: program, script: "f00d")
        for n in stride(from: 0, to: bytes.count, by: 3) {
            let e = try XCTUnwrap(error(Array(bytes.prefix(n)), program), "truncated to \(n) bytes")
            XCTAssertLessThanOrEqual(e.offset, n)
        }
        for i in stride(from: 0, to: bytes.count, by: 5) {
            var changed = bytes
            changed[i] ^= 0x41
            XCTAssertNotNil(error(changed, program), "byte \(i) changed")
        }
    }

    /// A file changed on purpose with a matching checksum is read with bounds checked:
    /// it loads (and steps) or is refused, but never traps.
    func testForgedStatesWithAValidChecksumNeverCrash() throws {
        let program = try compile("busy", StateFileTests.busy)
        let bytes = try SceneRuntime.seek(program, to: 100).savedState(of: program, script: "f00d")
        let body = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n").prefix(5).joined(separator: "\n").utf8.count + 1
        var rng = SplitMix64(seed: 9)
        var refused = 0
        for _ in 0..<400 {
            var forged = Array(bytes.dropLast(8))
            let i = body + Int(rng.next() % UInt64(forged.count - body))
            forged[i] = [0, 1, 2, 0xff, 0x7f, UInt8(truncatingIfNeeded: rng.next())][Int(rng.next() % 6)]
            var w = StateWriter()
            w.u64(StateFile.fnvValue(forged[...]))
            if let e = error(forged + w.bytes, program) {
                XCTAssertGreaterThanOrEqual(e.offset, body)
                refused += 1
            } else {
                // Loaded: it steps and draws (or stops with a runtime error), without trapping.
                var r = try SceneRuntime.loading(forged + w.bytes, program: program, script: "f00d")
                for _ in 0..<3 {
                    _ = try? r.frame(scale: 1)
                    do { try r.step() } catch { break }
                }
            }
        }
        XCTAssertGreaterThan(refused, 50)
    }

    /// Int.max and Int.min written over every 8 bytes of the
    /// body (so over every field: ids, a timer's next tick, an animation's or an effect's
    /// begin), with the checksum fixed: each file is refused with a located error or loads
    /// and steps, never traps.
    func testExtremeNumbersInEveryFieldNeverCrash() throws {
        let program = try compile("busy", StateFileTests.busy)
        let bytes = try SceneRuntime.seek(program, to: 100).savedState(of: program, script: "f00d")
        let body = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n").prefix(5).joined(separator: "\n").utf8.count + 1
        var refused = 0, loaded = 0
        for value in [Int.max, Int.min] {
            for i in body..<(bytes.count - 16) {
                var forged = Array(bytes.dropLast(8))
                var w = StateWriter()
                w.int(value)
                forged.replaceSubrange(i..<(i + 8), with: w.bytes)
                var sum = StateWriter()
                sum.u64(StateFile.fnvValue(forged[...]))
                if let e = error(forged + sum.bytes, program) {
                    XCTAssertGreaterThanOrEqual(e.offset, body)
                    refused += 1
                } else {
                    var r = try SceneRuntime.loading(forged + sum.bytes, program: program, script: "f00d")
                    for _ in 0..<3 {
                        _ = try? r.frame(scale: 1)
                        do { try r.step() } catch { break }
                    }
                    loaded += 1
                }
            }
        }
        XCTAssertGreaterThan(refused, 100)
        XCTAssertGreaterThan(loaded, 0, "some forgeries land in doubles or strings and load")
    }
}
