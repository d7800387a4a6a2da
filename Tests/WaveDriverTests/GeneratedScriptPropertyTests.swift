import Foundation
import XCTest
import WaveCompiler
import WaveFuzzSupport
@testable import WaveGeometry
import WaveGraphics
@testable import WaveAccelerator
import WaveRuntime
import WaveSinks
import WaveSyntax
@testable import WaveDriver

/// Differential properties over generated scripts (`ScriptGenerator`, seeded, so a failure
/// names the seed that reproduces it): two ways to the same result must agree byte for
/// byte. They catch silent wrong output, which a crash fuzzer does not.
///
/// `WAVE_PROPERTY_SCRIPTS=N` checks N scripts per property (default 24, a few seconds in a
/// debug build); `WAVE_PROPERTY_SEED=S` starts from seed S.
final class GeneratedScriptPropertyTests: XCTestCase {
    static var count: Int { ProcessInfo.processInfo.environment["WAVE_PROPERTY_SCRIPTS"].flatMap(Int.init) ?? 24 }
    static var firstSeed: UInt32 { ProcessInfo.processInfo.environment["WAVE_PROPERTY_SEED"].flatMap(UInt32.init) ?? 1 }

    /// Generated scripts with their seeds, compiled. Each must compile: the generator writes
    /// only the language.
    func scripts(_ count: Int = GeneratedScriptPropertyTests.count, salt: UInt32) throws -> [(seed: UInt32, text: String, program: Program)] {
        try (0..<UInt32(count)).map { i in
            let seed = Self.firstSeed &+ i &* 7919 &+ salt
            var generator = ScriptGenerator(seed: seed)
            let text = generator.script()
            let (program, diagnostics) = Compiler.compile(SourceFile(name: "seed-\(seed).wave", text: text))
            let errors = diagnostics.filter { $0.severity == .error }.map(\.message)
            return (seed, text, try XCTUnwrap(program, "seed \(seed) does not compile: \(errors)\n\(text)"))
        }
    }

    /// Ticks a script is checked over: its first 40, and a few past its first second.
    static let ticks = Array(0..<40) + [59, 60, 61, 97]

    func testGeneratedScriptsCompileAndVary() throws {
        let all = try scripts(200, salt: 0)
        XCTAssertEqual(Set(all.map(\.text)).count, 200, "every seed gives its own script")
        var again = ScriptGenerator(seed: all[0].seed)
        XCTAssertEqual(again.script(), all[0].text, "the same seed gives the same script")
        let joined = all.map(\.text).joined()
        for word in ["animate", "spring", "spawn", "dash", "stroke-end", "cubic", "group", "every", "random()", ".radius"] {
            XCTAssertTrue(joined.contains(word), "no generated script uses '\(word)'")
        }
    }

    /// Seeking to tick n (replaying from 0, or loading a state saved at k and stepping on)
    /// gives the state and frame that stepping one tick at a time gives.
    func testSeekingToATickEqualsSteppingToIt() throws {
        for (seed, _, program) in try scripts(salt: 1) {
            var stepped = try SceneRuntime(program: program)
            var frames: [Int: Frame] = [:]
            var states: [Int: [UInt8]] = [:]
            let checked: Set = [1, 17, 40, 61, 97]
            while stepped.tick <= 97 {
                if checked.contains(stepped.tick) {
                    frames[stepped.tick] = try stepped.frame(scale: 1)
                    states[stepped.tick] = try stepped.savedState(of: program, script: "s")
                }
                try stepped.step()
            }
            for n in checked.sorted() {
                let sought = try SceneRuntime.seek(program, to: n)
                XCTAssertEqual(try sought.frame(scale: 1), frames[n], "seed \(seed): frame at tick \(n)")
                XCTAssertEqual(try sought.savedState(of: program, script: "s"), states[n], "seed \(seed): state at tick \(n)")
            }
            // A state saved at 17, loaded and stepped on to 61.
            var loaded = try SceneRuntime.loading(try XCTUnwrap(states[17]), program: program, script: "s")
            while loaded.tick < 61 { try loaded.step() }
            XCTAssertEqual(try loaded.frame(scale: 1), frames[61], "seed \(seed): loaded at 17, stepped to 61")
            XCTAssertEqual(try loaded.savedState(of: program, script: "s"), states[61], "seed \(seed): loaded at 17, state at 61")
        }
    }

    /// A tick rendered alone, from a fresh pipeline (no frame reuse, cold caches), has the
    /// pixels of the same tick rendered in a run of every tick before it.
    func testATickRenderedAloneEqualsTheSameTickRenderedInARun() throws {
        for (seed, _, program) in try scripts(salt: 2) {
            var run: [Int: Pixmap] = [:]
            var runtime = try SceneRuntime(program: program)
            try FramePipeline(threads: 2, scale: 1).run(&runtime, ticks: Self.ticks) { tick, p in run[tick] = p }
            for n in [0, 23, 61, 97] {
                var alone = try SceneRuntime.seek(program, to: n)
                try FramePipeline(threads: 1, scale: 1).run(&alone, ticks: [n]) { tick, p in
                    XCTAssertTrue(p == run[tick], "seed \(seed): tick \(tick) alone differs from tick \(tick) in a run")
                }
            }
        }
    }

    /// The accelerated renderer (caches, frame reuse, effect fast paths, wide kernels) draws
    /// the reference renderer's bytes.
    func testTheAcceleratedRendererDrawsTheReferenceBytes() throws {
        for (seed, _, program) in try scripts(salt: 3) {
            var reference: [Pixmap] = []
            var plain = try SceneRuntime(program: program)
            plain.strokeCache = StrokeCache(enabled: false)
            try FramePipeline(threads: 1, scale: 1, accelerator: .off).run(&plain, ticks: Self.ticks) { _, p in reference.append(p) }
            var accelerated = try SceneRuntime(program: program)
            var pipeline = FramePipeline(threads: 2, scale: 1, accelerator: .on)
            pipeline.alwaysAllThreads = true
            var i = 0
            try pipeline.run(&accelerated, ticks: Self.ticks) { tick, p in
                XCTAssertTrue(p == reference[i], "seed \(seed): tick \(tick) accelerated differs from the reference")
                i += 1
            }
            XCTAssertEqual(i, Self.ticks.count)
        }
    }

    /// `wave fmt` is idempotent and never changes what a script draws.
    func testFormattingIsIdempotentAndKeepsEveryFrame() throws {
        for (seed, text, program) in try scripts(salt: 4) {
            guard case .formatted(let once) = ScriptFormatter.format(SourceFile(name: "s.wave", text: text)) else {
                XCTFail("seed \(seed): fmt refused a script that compiles\n\(text)")
                continue
            }
            XCTAssertEqual(ScriptFormatter.format(SourceFile(name: "s.wave", text: once)), .formatted(once), "seed \(seed): fmt twice differs from once")
            let (formatted, diagnostics) = Compiler.compile(SourceFile(name: "s.wave", text: once))
            let reformatted = try XCTUnwrap(formatted, "seed \(seed): the formatted script does not compile: \(diagnostics.map(\.message))\n\(once)")
            var a = try SceneRuntime(program: program), b = try SceneRuntime(program: reformatted)
            for tick in 0...61 {
                // Ranges differ (the text moved); what is drawn must not.
                XCTAssertEqual(try a.frame(scale: 1), try b.frame(scale: 1), "seed \(seed): frame at tick \(tick) after fmt")
                try a.step()
                try b.step()
            }
        }
    }

    /// A render split into K shards (part files), joined, is the whole render's bytes, for
    /// every format that shards join: APNG, GIF and Y4M. (A PNG sequence's shards write
    /// their own ticks' files, which need no join.)
    func testShardsJoinedAreTheWholeRender() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-shard-property-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var joined = 0
        for (k, (seed, text, program)) in try scripts(max(4, Self.count / 3), salt: 5).enumerated() {
            let range = 0..<(70 + Int(seed % 60))
            let format = [ImageFormat.apng, .gif, .y4m][k % 3]
            let shards = 2 + Int(seed % 4)
            func render(_ name: String, part: Range<Int>?) throws -> [UInt8] {
                let path = "\(dir)/\(name).\(format.fileExtension)"
                var job = RenderJob(program: program, format: format, destination: .file(path), ticks: range, threads: 1)
                job.part = part
                job.script = StateFiles.fingerprint(SourceFile(name: "s.wave", text: text))
                _ = try job.run(shouldStop: { false })
                return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            let whole = try render("whole", part: nil)
            var parts: [PartJoiner.Part] = []
            for i in 0..<shards {
                let chunk = try Shard(index: i, count: shards).chunk(of: range)
                parts.append(.init(name: "part \(i)", bytes: try render("part", part: chunk)))
            }
            let (bytes, _) = try PartJoiner.join(parts.reversed())
            XCTAssertTrue(bytes == whole, "seed \(seed): \(format) in \(shards) shards of \(range) joins to other bytes than the whole render")
            joined += 1
        }
        XCTAssertGreaterThanOrEqual(joined, 4)
    }
}
