import XCTest
@testable import WaveREPL

/// A declaration typed into the REPL evaluates only the layers it makes (the others were
/// evaluated at this tick already). The scene must be the one the session's script
/// rebuilds at that tick: `:seek` to the current tick replays the saved script from 0.
final class ReplIncrementTests: XCTestCase {
    func testTypedLayersShowWhatTheScriptRebuildsAtThatTick() throws {
        let session = try ReplSession()
        var inputs = ["var k = 2", "layer base: circle { center (10, 10) radius 4 + t * 3 }"]
        for i in 0..<40 {
            // Bindings on their own, bindings reading earlier bound properties, layers placed
            // below others, a repeated layer, and now and then a statement.
            switch i % 5 {
            case 0: inputs.append("layer a\(i): circle { center (\(i), 20) radius k + t }")
            case 1: inputs.append("layer a\(i): rect below base { frame (a\(i - 1).radius, 5, 3, base.radius) }")
            case 2: inputs.append("layer a\(i)[3]: circle { center (index * 7, a\(i - 2).radius) radius 2 fill #0000ff }")
            case 3: inputs.append("let h\(i) = base.radius * 2")
            default: inputs.append(i % 10 == 4 ? "k += 1" : "func f\(i)(x) = x + \(i)")
            }
        }
        for (n, input) in inputs.enumerated() {
            let outcome = session.submit(input)
            XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map(\.message), [], input)
            // The session's script, loaded into another session and sought to this tick.
            let rebuilt = try ReplSession()
            XCTAssertEqual(rebuilt.load(session.script, name: "session").diagnostics.map(\.message), [])
            try rebuilt.seek(to: session.runtime.tick)
            XCTAssertEqual(try session.runtime.frame(scale: 1), try rebuilt.runtime.frame(scale: 1), "after '\(input)' at tick \(session.runtime.tick)")
            if n % 3 == 0 { try session.step(7) }
        }
        XCTAssertGreaterThan(session.runtime.liveLayerCount, 40)
    }
}
