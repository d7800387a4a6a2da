import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// An animation's own `stagger` inside `parallel`: its targets spread by it from the slot the
/// group gives the statement, also when its delay is computed when it starts.
final class GroupStaggerTests: XCTestCase {
    /// The values of globals a, b and c at `tick`.
    func values(_ script: String, at tick: Int) throws -> [Double] {
        var r = try SceneRuntime(program: try program(script))
        for _ in 0..<tick { try r.step() }
        return ["a", "b", "c"].map { r.value(ofGlobal: $0)?.number ?? .nan }
    }

    func testOneStatementsTargetsShareTheGroupsSlot() throws {
        let script = """
        var a = 1
        var b = 1
        var c = 1
        parallel stagger 1s {
          animate a, b from 1 to 0 over 1s stagger 0.1s
          animate c from 1 to 0 over 1s
        }
        """
        // b starts 6 ticks after a; c, the group's second statement, 60 ticks after the first.
        XCTAssertEqual(try values(script, at: 6)[1], 1, accuracy: 1e-12)
        XCTAssertEqual(try values(script, at: 7)[1], 1 - 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(try values(script, at: 60)[2], 1, accuracy: 1e-12)
        XCTAssertEqual(try values(script, at: 61)[2], 1 - 1.0 / 60, accuracy: 1e-12)
    }

    func testAComputedDelayKeepsTheStagger() throws {
        let script = """
        var d = 0.5s
        var a = 1
        var b = 1
        var c = 1
        parallel { animate a, b from 1 to 0 over 1s delay d stagger 0.5s }
        """
        let at31 = try values(script, at: 31), at61 = try values(script, at: 61)
        XCTAssertEqual(at31[0], 1 - 1.0 / 60, accuracy: 1e-12)   // a: 30 ticks late
        XCTAssertEqual(at31[1], 1, accuracy: 1e-12)
        XCTAssertEqual(at61[1], 1 - 1.0 / 60, accuracy: 1e-12)   // b: 60 ticks late
    }
}
