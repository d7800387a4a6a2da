import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// Issue 53: a chain of lets of the clock, each the one before doubled, is evaluated once a
/// tick, one let at a time: it gives 2^60 · t within a few hundred steps, not 2^60 steps.
final class LetChainTests: XCTestCase {
    func testClockLetChainIsEvaluatedOncePerTick() throws {
        let text = "scene 100x100\nlet k0 = t\n" + (1...60).map { "let k\($0) = k\($0 - 1) + k\($0 - 1)" }.joined(separator: "\n")
            + "\nvar v = 0\nevery tick { v = k60 }\n"
        var runtime = try SceneRuntime(program: try program(text))
        for _ in 0..<60 { try runtime.step() }
        XCTAssertEqual(runtime.value(ofGlobal: "v"), .number(0x1p60 * Double(runtime.tick) / 60))
        XCTAssertLessThan(runtime.work, 1000)
    }
}
