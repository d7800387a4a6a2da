import Foundation
import XCTest

/// `wave play --watch` on a script that does not compile when it starts: the player shows
/// the error and waits for a save that compiles, as the REPL's `:watch` does.
final class PlayerBrokenAtLaunchTests: XCTestCase {
    func testABrokenScriptWaitsForAGoodSave() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("late.wave")
        let good = "scene 40x20 { background #000080 }\nlayer dot: circle { center (10, 10) radius 4  fill #ffff00 }\n"
        try good.replacingOccurrences(of: "radius 4", with: "radius").write(to: script, atomically: true, encoding: .utf8)
        let tmux = try Tmux(command: play(script.path, "--watch"), width: 100, height: 16)
        defer { tmux.kill() }
        try tmux.waitUntil("the error over a waiting player") {
            tmux.display("#{alternate_on}") == "1"
                && tmux.capture().contains("late.wave:2:37: property 'radius' needs a value before 'fill' [E0104]")
        }
        XCTAssertFalse(tmux.capture().contains("EXIT="), tmux.capture())

        try good.write(to: script, atomically: true, encoding: .utf8)
        try tmux.waitUntil("the good save playing") {
            tmux.capture(escapes: true).contains("48;2;0;0;128") && tmux.capture().contains(" playing ")
        }
        XCTAssertFalse(tmux.capture().contains("E0104"), tmux.capture())
        tmux.sendKeys("q")
        try tmux.assertRestored(exitStatus: 0)
    }

    /// Without --watch nothing can fix the script: it exits 65 as before.
    func testABrokenScriptWithoutWatchExits65() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("broken.wave")
        try "scene 40x20 {}\nlayer dot: circle { radius }\n".write(to: script, atomically: true, encoding: .utf8)
        let tmux = try Tmux(command: play(script.path), width: 100, height: 16)
        defer { tmux.kill() }
        try tmux.waitUntil("the exit") { tmux.capture().contains("EXIT=65") }
    }

    func play(_ file: String, _ extra: String...) -> String {
        let args = ([WaveBinary.url.path, "play", file, "--color", "truecolor"] + extra).map { "'\($0)'" }.joined(separator: " ")
        return "cd '\(WaveBinary.packageRoot.path)' && \(args); echo EXIT=$?; cat"
    }
}
