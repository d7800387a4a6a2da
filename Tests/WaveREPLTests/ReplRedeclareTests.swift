import Foundation
import WaveDriver
import WaveRuntime
import XCTest
@testable import WaveREPL

/// Typing a declaration again replaces it in the session (the scene replays to the current
/// tick with it), and an assignment a running animation hides says so.
final class ReplRedeclareTests: XCTestCase {
    func run(_ lines: [String]) throws -> (ReplController, ReplWatchTests.Lines) {
        let output = ReplWatchTests.Lines()
        let controller = ReplController(session: try ReplSession(), output: output)
        for line in lines { controller.handle(line) }
        return (controller, output)
    }

    func testALayerDeclaredAgainIsReplacedKeepingTheTickAndLaterInputs() throws {
        let (controller, output) = try run([
            "layer heart: circle { radius 5 fill red }", "animate heart.opacity to 0 over 1s", ":step 30",
            "heart.scale = 2", ":step 10", "layer heart: circle { radius 8 fill blue }",
        ])
        let r = controller.session.runtime
        XCTAssertEqual(r.tick, 40)
        XCTAssertEqual(output.lines.last, "redeclared 'heart': the session replayed from tick 0 to tick 40 with the new declaration")
        XCTAssertEqual(r.value(ofLayer: "heart", .radius), .number(8))
        XCTAssertEqual(r.value(ofLayer: "heart", .fill)?.description, "#0000ff")
        // What was typed after it still holds, each at its tick.
        XCTAssertEqual(r.value(ofLayer: "heart", .scale), .point(2, 2))
        XCTAssertEqual(r.value(ofLayer: "heart", .opacity)?.number ?? -1, 1 - 40.0 / 60, accuracy: 1e-12)
        XCTAssertTrue(controller.session.script.hasPrefix("# saved from a wave repl session at tick 40\n# golden: 40\nlayer heart: circle { radius 8 fill blue }\n"),
                      controller.session.script)
        XCTAssertFalse(controller.session.script.contains("fill red"))
    }

    func testVariablesAndFunctionsDeclaredAgain() throws {
        let (controller, output) = try run(["var speed = 1", "func f(a) = a + speed", "f(1)", "var speed = 5", "f(1)", "func f(a) = a * speed", "f(2)"])
        XCTAssertEqual(output.lines, [
            "2",
            "redeclared 'speed': the session replayed from tick 0 to tick 0 with the new declaration", "6",
            "redeclared 'f': the session replayed from tick 0 to tick 0 with the new declaration", "10",
        ])
        XCTAssertEqual(controller.session.runtime.value(ofGlobal: "speed"), .number(5))
    }

    /// A new declaration that does not compile is shown in the input, and nothing changes.
    func testABrokenRedeclarationChangesNothing() throws {
        let (controller, output) = try run(["layer heart: circle { radius 5 }", "layer heart: circle { radius nope }", "heart.radius"])
        XCTAssertEqual(output.lines, [
            "the session does not compile with the new 'heart'; it is unchanged",
            "<input 2>:1:30: error[E0201]: unknown name 'nope'\n  layer heart: circle { radius nope }\n                               ^~~~",
            "5",
        ])
        XCTAssertFalse(controller.session.script.contains("nope"))
    }

    func testAnAssignmentUnderARunningAnimationSaysSo() throws {
        let (_, output) = try run(["layer heart: circle { }", "animate heart.scale to 2 over 2s", ":step 30", "heart.scale = 3", "heart.opacity = 0.5"])
        XCTAssertEqual(output.lines.count, 2, "\(output.lines)")
        XCTAssertTrue(output.lines.last?.hasPrefix("note: 'heart.scale' is being animated, so it still shows (1.25, 1.25): an assignment changes the value under a running animation") ?? false,
                      "\(output.lines)")
        // After the animation, an assignment shows at once: nothing to say.
        let (_, quiet) = try run(["layer heart: circle { }", "animate heart.scale to 2 over 2s", ":step 200", "heart.scale = 3", "heart.scale"])
        XCTAssertEqual(quiet.lines, ["tick 200", "(3, 3)"])
    }
}
