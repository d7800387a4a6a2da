import Foundation
import XCTest

/// `wave repl` in a real terminal (tmux): the scene plays above the prompt while lines are
/// typed; completion, history, errors with a caret, and a clean terminal afterwards.
final class ReplTmuxTests: XCTestCase {
    func testAnInteractiveSessionOnSonar() throws {
        let home = try temporaryDirectory()
        let command = "cd '\(WaveBinary.packageRoot.path)' && HOME='\(home.path)' XDG_STATE_HOME= COLORTERM=truecolor '\(WaveBinary.url.path)' repl examples/sonar.wave; echo EXIT=$?; cat"
        let tmux = try Tmux(command: command, width: 100, height: 36)
        defer { tmux.kill() }
        try tmux.waitUntil("the prompt and the playing preview") { tmux.capture().contains("wave> ") && tmux.capture().contains(" playing ") }
        XCTAssertEqual(tmux.display("#{alternate_on}"), "1")

        tmux.sendKeys(":list", "Enter")
        try tmux.waitUntil("the layer list") { tmux.capture().contains("button: rect") && tmux.capture().contains("ring: rect (spawned)") }

        // The preview shows the new colour (truecolor cells with the exact components).
        XCTAssertFalse(tmux.capture(escapes: true).contains("255;136;0"))
        tmux.sendKeys("button.fill = #ff8800", "Enter")
        try tmux.waitUntil("the preview in the new colour") { tmux.capture(escapes: true).contains("255;136;0") }

        tmux.sendKeys("animate button.rotation from 0deg to 360deg over 2s", "Enter")
        tmux.sendKeys("button.radus", "Enter")
        try tmux.waitUntil("a caret under the mistake") {
            let text = tmux.capture()
            return text.contains("unknown property 'radus' on rect layer 'button'") && text.contains("         ^~~~~")
        }
        XCTAssertFalse(tmux.capture().contains("error[E0201]: unknown name 'animate'"), "the animation was accepted")

        // Tab completes a layer name; then a property after the dot.
        tmux.sendKeys("butt", "Tab")
        try tmux.waitUntil("completion of 'butt'") { tmux.capture().contains("wave> button") }
        tmux.sendKeys(".opa", "Tab")
        try tmux.waitUntil("completion of 'button.opa'") { tmux.capture().contains("wave> button.opacity") }
        tmux.sendKeys("Enter")
        try tmux.waitUntil("the opacity printed") { tmux.capture().contains("\n1\n") || tmux.capture().contains("\n1 ") }
        // History: Up brings back the last line.
        tmux.sendKeys("Up")
        try tmux.waitUntil("the last line from history") { tmux.capture().components(separatedBy: "\n").contains { $0.hasPrefix("wave> button.opacity") } }
        tmux.sendKeys("C-u", ":quit", "Enter")
        try tmux.waitUntil("the REPL to exit") { tmux.capture().contains("EXIT=") }
        XCTAssertEqual(tmux.display("#{alternate_on} #{cursor_flag}"), "0 1", "main screen and a visible cursor")
        let history = try String(contentsOf: home.appendingPathComponent(".wave_history"), encoding: .utf8)
        XCTAssertTrue(history.contains("button.fill = #ff8800"), history)
        XCTAssertTrue(history.contains(":quit"), history)
    }
}

/// What was typed and printed stays on the screen when the screen is drawn again: after
/// Ctrl-L and after a resize the end of the transcript is back above the prompt (both
/// once left only the prompt); in a pane too small for the usual split a result still shows
/// (a 10x5 pane once got a one-row scroll region, which scrolled the whole screen).
final class ReplRedrawTmuxTests: XCTestCase {
    func testTheTranscriptSurvivesRedrawsAndATinyPaneShowsResults() throws {
        let home = try temporaryDirectory()
        let command = "cd '\(WaveBinary.packageRoot.path)' && HOME='\(home.path)' XDG_STATE_HOME= '\(WaveBinary.url.path)' repl examples/sonar.wave; echo EXIT=$?; cat"
        let tmux = try Tmux(command: command, width: 80, height: 30)
        defer { tmux.kill() }
        try tmux.waitUntil("the prompt and the playing preview") { tmux.capture().contains("wave> ") && tmux.capture().contains(" playing ") }
        tmux.sendKeys("var a = 20", "Enter")
        tmux.sendKeys("a * 2 + 1", "Enter")
        try tmux.waitUntil("the result") { tmux.capture().contains("\n41\n") }
        tmux.sendKeys("a +")
        tmux.sendKeys("C-l")
        try tmux.waitUntil("the transcript back after Ctrl-L, the typing kept") {
            let lines = tmux.capture().components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let prompt = lines.lastIndex(of: "wave> a +"), prompt >= 2 else { return false }
            return lines[prompt - 1] == "41" && lines[prompt - 2] == "wave> a * 2 + 1"
        }
        tmux.resize(60, 20)
        try tmux.waitUntil("the transcript back after a resize") {
            let lines = tmux.capture().components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            return tmux.display("#{window_height}") == "20" && lines.contains("41") && lines.contains("wave> a * 2 + 1") && lines.contains("wave> a +")
        }
        tmux.sendKeys("C-u")
        tmux.resize(10, 5)
        tmux.sendKeys("3*3", "Enter")
        try tmux.waitUntil("a result in a 10x5 pane, under the status row") {
            let lines = tmux.capture().components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            return lines.contains("9") && lines.contains("wave> 3*3") && lines.contains { $0.hasPrefix("playing") }
        }
        tmux.sendKeys(":quit", "Enter")
        try tmux.waitUntil("the REPL to exit") { tmux.capture().contains("EXIT=") }
    }
}

/// SIGTERM while playing or editing: the terminal comes back clean and the exit status
/// reports the signal.
final class SigtermTmuxTests: XCTestCase {
    /// Sends SIGTERM to the `wave` process running in the pane (a child of its shell).
    func terminateWave(in tmux: Tmux) {
        let shell = tmux.display("#{pane_pid}")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        p.arguments = ["-TERM", "-P", shell, "-x", "wave"]
        try? p.run()
        p.waitUntilExit()
    }

    func testSigtermDuringPlay() throws {
        let command = "cd '\(WaveBinary.packageRoot.path)' && '\(WaveBinary.url.path)' play examples/sonar.wave --color truecolor --loop; echo EXIT=$?; cat"
        let tmux = try Tmux(command: command, width: 80, height: 24)
        defer { tmux.kill() }
        try tmux.waitForPlayback()
        terminateWave(in: tmux)
        try tmux.assertRestored(exitStatus: 143)
    }

    func testSigtermDuringRepl() throws {
        let home = try temporaryDirectory()
        let command = "cd '\(WaveBinary.packageRoot.path)' && HOME='\(home.path)' '\(WaveBinary.url.path)' repl examples/sonar.wave; echo EXIT=$?; cat"
        let tmux = try Tmux(command: command, width: 90, height: 30)
        defer { tmux.kill() }
        try tmux.waitUntil("the prompt and the playing preview") { tmux.capture().contains("wave> ") && tmux.capture().contains(" playing ") }
        tmux.sendKeys("var half")
        terminateWave(in: tmux)
        try tmux.assertRestored(exitStatus: 143)
    }
}
