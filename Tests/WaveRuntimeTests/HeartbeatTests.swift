import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// The runtime's heartbeat: what lets Ctrl-C stop a long seek or a runaway tick (issue 13
/// item 5). The driver's heartbeat throws when a signal arrived; these stand in for it.
final class HeartbeatTests: XCTestCase {
    struct Stop: Error {}
    final class Calls: @unchecked Sendable {
        var list: [(tick: Int, work: Int)] = []
        let lock = NSLock()
        func add(_ t: Int, _ w: Int) { lock.lock(); list.append((t, w)); lock.unlock() }
    }

    override func tearDown() { SceneRuntime.heartbeat = nil }

    func testALongSeekBeatsEvery4096TicksAndStopsWhenTheHeartbeatThrows() throws {
        let p = try program("scene 10x10\nvar x = 0\nvar y = 1\nevery tick { x += 1 }")
        let calls = Calls()
        SceneRuntime.heartbeat = { tick, work in
            calls.add(tick, work)
            if tick >= 3 * 4096 { throw Stop() }
        }
        XCTAssertThrowsError(try SceneRuntime.seek(p, to: 1_000_000)) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(calls.list.map(\.tick), [4096, 8192, 12288])
        XCTAssertEqual(calls.list.map(\.work), [0, 0, 0])
        // Without a heartbeat the same seek runs to the end.
        SceneRuntime.heartbeat = nil
        let r = try SceneRuntime.seek(p, to: 20_000)
        XCTAssertEqual(r.value(ofGlobal: "x")?.number, 20_001, "every tick runs at tick 0 too")
    }

    func testATickOfMillionsOfStepsBeatsWhileItRunsAndCanBeStopped() throws {
        // 3,000 statements of about 400 steps each: 1.2M steps in one tick, past the first
        // beat at 2^20 steps and under a raised work limit.
        // `y + 1 + …` is not folded at compile time: y is a variable.
        let sum = "y" + String(repeating: " + 1", count: 189)
        let body = (0..<3_000).map { _ in "  x = " + sum }.joined(separator: "\n")
        let p = try program("scene 10x10\nvar x = 0\nvar y = 1\nevery tick {\n\(body)\n}")
        let limits = RuntimeLimits(environment: ["WAVE_MAX_WORK": "200000000"])
        let calls = Calls()
        SceneRuntime.heartbeat = { tick, work in calls.add(tick, work) }
        var r = try SceneRuntime(program: p, limits: limits)
        XCTAssertEqual(calls.list.count, 1, "tick 0's handler passed 2^20 steps once")
        XCTAssertEqual(calls.list.first?.work, 1 << 20)
        XCTAssertEqual(r.value(ofGlobal: "x")?.number, 190)
        SceneRuntime.heartbeat = { _, _ in throw Stop() }
        XCTAssertThrowsError(try r.step()) { XCTAssertTrue($0 is Stop, "\($0)") }
    }
}
