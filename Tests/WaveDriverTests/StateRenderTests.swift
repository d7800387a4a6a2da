import Foundation
import XCTest
import WaveCompiler
import WaveRuntime
import WaveSyntax
@testable import WaveDriver
@testable import WaveSinks

/// Renders started from a saved state (`StateFiles.save`, then `RenderJob.render(from:
/// fromSavedState: true)`, what `wave render --state-from` runs) write the same bytes as the
/// same render stepped from tick 0.
final class StateRenderTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-state-render-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    /// Springs (one retargeted by a timer to a random radius), timers, `random()`, spawned
    /// layers that animate and remove themselves, and a text effect, all running across the
    /// save.
    static let busy = """
    scene 160x100 { background #fbfaf5  duration 4s  seed 11 }
    var hits = 0
    layer ball: circle { center (20, 50)  radius 8  fill #e04040 }
    layer label: text "wave" { size 18  position (100, 85)  anchor left  fill #203040 }
    template spark: circle { center (80, 50)  radius 3  fill #2060c0 }
    spring ball.position.x to 140 { stiffness 40  damping 3 }
    every 0.4s {
      hits += 1
      spring ball.radius to 4 + random() * 14 { response 0.6s  damping-fraction 0.3 }
      spawn spark below ball {
        position = (random() * 160, 50)
        animate position.y to 0 over 0.7s then remove
      }
    }
    at 1s { effect label shine over 2s }
    """

    /// Renders `ticks` of the job's range (a part file) stepped from tick 0, and again from a
    /// state saved at `stateAt`; returns both files' bytes.
    func renderBoth(_ program: Program, _ source: SourceFile, range: Range<Int>, part: Range<Int>, stateAt: Int,
                    format: ImageFormat) throws -> (zero: [UInt8], state: [UInt8]) {
        func job(_ name: String) -> RenderJob {
            var j = RenderJob(program: program, format: format, destination: .file("\(dir)/\(name).\(format.fileExtension)"),
                              ticks: range, scale: 0.25, threads: 2)
            j.part = part
            j.script = StateFiles.fingerprint(source)
            return j
        }
        let zero = job("zero"), fromState = job("state")
        _ = try zero.run(shouldStop: { false })
        let statePath = "\(dir)/s.state"
        let saved = try StateFiles.save(program, source: source, at: stateAt, to: statePath, shouldStop: { false })
        XCTAssertEqual(saved, stateAt)
        var runtime = try StateFiles.load(statePath, program: program, source: source)
        XCTAssertEqual(runtime.tick, stateAt)
        _ = try fromState.render(from: &runtime, fromSavedState: true, shouldStop: { false })
        func bytes(_ j: RenderJob) throws -> [UInt8] {
            guard case .file(let path) = j.destination else { return [] }
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        return (try bytes(zero), try bytes(fromState))
    }

    /// Every example, and the busy script: ticks A..B (A in the middle of the scene, not on a
    /// whole second, so a GIF part replays the frame before its last whole second and an
    /// APNG part the tick before A) rendered from a state saved at A are the bytes of the
    /// same ticks stepped from tick 0, in every animated format.
    func testEveryExampleRendersTicksAToBFromAStateSavedAtAByteForByte() throws {
        let names = try TestScenes.exampleNames()
        XCTAssertGreaterThan(names.count, 10)
        var scripts = try names.map { name in try TestScenes.example(name) }.map { ($0.0, $0.1) }
        let busy = SourceFile(name: "busy.wave", text: Self.busy)
        scripts.append((try TestScenes.program(Self.busy), busy))
        var compared = 0
        for (program, source) in scripts {
            let end = program.scene.durationTicks ?? 300
            let a = end / 2 + 7, b = min(end, a + 20)
            for format in [ImageFormat.apng, .gif, .y4m] {
                let r = try renderBoth(program, source, range: 0..<end, part: a..<b, stateAt: a, format: format)
                XCTAssertGreaterThan(r.zero.count, 100)
                XCTAssertTrue(r.zero == r.state, "\(source.name) ticks \(a)..\(b), \(format.rawValue): \(r.zero.count) bytes from tick 0, \(r.state.count) from the state")
                compared += 1
            }
        }
        XCTAssertEqual(compared, (names.count + 1) * 3)
    }

    /// The busy script at several saves: at the part's first tick, a second and a half
    /// before it, at tick 0, and with the range starting after tick 0 (--from).
    func testTheBusyScriptMatchesFromStatesAtSeveralTicks() throws {
        let program = try TestScenes.program(Self.busy)
        let source = SourceFile(name: "busy.wave", text: Self.busy)
        for (range, part, at) in [(0..<240, 130..<190, 130), (0..<240, 130..<190, 40), (0..<240, 0..<60, 0), (30..<240, 100..<150, 70),
                                  (0..<240, 200..<240, 199)] {
            for format in [ImageFormat.apng, .gif] {
                let r = try renderBoth(program, source, range: range, part: part, stateAt: at, format: format)
                XCTAssertTrue(r.zero == r.state, "range \(range), part \(part), state at \(at), \(format.rawValue)")
            }
        }
    }

    /// A state past the first tick the part draws is refused before anything is written.
    func testAStatePastThePartsFirstTickIsRefused() throws {
        let program = try TestScenes.program(Self.busy)
        let source = SourceFile(name: "busy.wave", text: Self.busy)
        _ = try StateFiles.save(program, source: source, at: 100, to: "\(dir)/s.state", shouldStop: { false })
        var runtime = try StateFiles.load("\(dir)/s.state", program: program, source: source)
        var job = RenderJob(program: program, format: .apng, destination: .file("\(dir)/x.apng"), ticks: 0..<240, scale: 0.25)
        job.part = 90..<120
        XCTAssertThrowsError(try job.render(from: &runtime, fromSavedState: true, shouldStop: { false })) { error in
            XCTAssertEqual((error as? StartsTooLate)?.firstTick, 90)
            XCTAssertEqual((error as? StartsTooLate)?.stateTick, 100)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["s.state"])
    }
}
