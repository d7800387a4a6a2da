import Foundation
import WaveDriver
import WaveRuntime
import XCTest
@testable import WaveREPL

/// A handler that raises a runtime error while the clock runs would raise it again at each
/// of its ticks: the session stops it, says so once, and the scene plays on without it.
final class ReplHandlerErrorTests: XCTestCase {
    let failing = "every tick { n += 1; if n > 30 { b.opacity = [1, 2][n] } }"

    func session(_ lines: [String]) throws -> (ReplController, ReplWatchTests.Lines) {
        let output = ReplWatchTests.Lines()
        let controller = ReplController(session: try ReplSession(), output: output)
        for line in lines { controller.handle(line) }
        XCTAssertEqual(output.lines, [], "the set-up is accepted")
        return (controller, output)
    }

    func testAFailingHandlerIsStoppedWithOneMessage() throws {
        let (controller, output) = try session(["layer b: circle { radius 10 }", "var n = 0", "var k = 0", failing, "every tick { k += 1 }"])
        let session = controller.session
        // The live clock: each tick as the terminal's loop runs it.
        for _ in 0..<40 { try session.tick() }
        XCTAssertEqual(session.runtime.tick, 40)
        controller.reportStoppedHandlers()
        XCTAssertEqual(output.lines, [
            "<input 4>:1:34: error[E0713]: index 31 is outside a list of 2 (at tick 30)\n"
                + "  every tick { n += 1; if n > 30 { b.opacity = [1, 2][n] } }\n"
                + "                                   ^~~~~~~~~~~~~~~~~~~~~",
            "note: stopped the handler 'every tick' (<input 4>:1:1): the scene plays on without it, and :save leaves it out; "
                + "type it again, corrected, to run it again",
        ])
        // It ran no more after the error; the handler after it ran at every tick, the
        // failing one's included (tick 0 to 40).
        XCTAssertEqual(session.runtime.value(ofGlobal: "n"), .number(31))
        XCTAssertEqual(session.runtime.value(ofGlobal: "k"), .number(41))
        // Later inputs and ticks say nothing more.
        controller.handle("n")
        controller.handle(":step 5")
        XCTAssertEqual(output.lines.suffix(2), ["31", "tick 45"])
        XCTAssertFalse(session.script.contains("every tick { n"), session.script)
        XCTAssertTrue(session.script.contains("every tick { k += 1 }"))
    }

    /// `:step` (the clock of a piped session) stops it too, and a `:reset` replays the
    /// session without it.
    func testStepAndResetGoOnWithoutIt() throws {
        let (controller, output) = try session(["layer b: circle { radius 10 }", "var n = 0", failing])
        controller.handle(":step 40")
        XCTAssertEqual(output.lines.count, 3)
        guard output.lines.count == 3 else { return }
        XCTAssertTrue(output.lines[0].hasPrefix("<input 3>:1:34: error[E0713]: index 31"), output.lines[0])
        XCTAssertTrue(output.lines[1].hasPrefix("note: stopped the handler 'every tick' (<input 3>:1:1)"), output.lines[1])
        XCTAssertEqual(output.lines[2], "tick 40")
        controller.handle(":reset")
        controller.handle(":step 40")
        controller.handle("n")
        XCTAssertEqual(output.lines.suffix(3), ["reset to tick 0", "tick 40", "0"])
    }

    /// A handler typed after tick 0 is replayed inside `at Nt { }` by `:seek`: failing
    /// there, it is still found, stopped with its wrapper and named as it was typed.
    func testAHandlerFailingInAReplayIsNamedAsTyped() throws {
        let (controller, output) = try session(["layer b: circle { radius 10 }", "var n = 0"])
        controller.handle(":step 3")
        output.lines = []
        controller.handle("every 2 ticks { after 1t { n += 1; b.opacity = [1, 2][n] } }")
        controller.handle(":seek 20t")
        XCTAssertEqual(output.lines.count, 3, "\(output.lines)")
        guard output.lines.count == 3 else { return }
        XCTAssertTrue(output.lines[0].hasPrefix("<session>:"), output.lines[0])
        XCTAssertTrue(output.lines[0].contains("index 2 is outside a list of 2 (at tick 6)"), output.lines[0])
        XCTAssertTrue(output.lines[1].hasPrefix("note: stopped the handler 'every 2 ticks' (<input 3>:1:1)"), output.lines[1])
        XCTAssertEqual(output.lines[2], "tick 20")
        XCTAssertEqual(controller.session.runtime.value(ofGlobal: "n"), .number(2))
        controller.handle(":seek 30t")
        XCTAssertEqual(output.lines.count, 4, "\(output.lines)")
        XCTAssertEqual(controller.session.runtime.value(ofGlobal: "n"), .number(0))
    }
}
