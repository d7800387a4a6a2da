import Foundation
import XCTest

/// The REPL's keys and signals at a real terminal (tmux): each of these was broken or wrong
/// before (issue 20).
final class ReplKeysTmuxTests: XCTestCase {
    func startRepl(_ script: String = "examples/sonar.wave", width: Int = 90, height: Int = 30) throws -> Tmux {
        let home = try temporaryDirectory()
        let command = "cd '\(WaveBinary.packageRoot.path)' && HOME='\(home.path)' XDG_STATE_HOME= PAGER= '\(WaveBinary.url.path)' repl \(script); echo EXIT=$?; cat"
        let tmux = try Tmux(command: command, width: width, height: height)
        try tmux.waitUntil("the prompt and the playing preview") { tmux.capture().contains("wave> ") && tmux.capture().contains(" playing ") }
        return tmux
    }

    /// Ctrl-L redraws the split screen instead of clearing it: the status row stays above the
    /// prompt and the prompt stays at the bottom.
    func testCtrlCStopsALongSeek() throws {
        let tmux = try startRepl()
        defer { tmux.kill() }
        tmux.sendKeys("var a = 0", "Enter")
        tmux.sendKeys("every tick { " + String(repeating: "a += 1  ", count: 20) + "}", "Enter")
        // Ten hours of ticks of 20 statements each: far longer than the test waits.
        tmux.sendKeys(":seek 35000s", "Enter")
        Thread.sleep(forTimeInterval: 1)
        tmux.sendKeys("C-c")
        // Ten hours of ticks never finish within the wait: seeing the message means Ctrl-C stopped it.
        try tmux.waitUntil("the seek to stop") { tmux.capture().contains("seek interrupted; still at tick") }
        tmux.sendKeys(":quit", "Enter")
    }

    func testCtrlLKeepsTheLayout() throws {
        let tmux = try startRepl()
        defer { tmux.kill() }
        tmux.sendKeys("C-l")
        tmux.sendKeys("var typed")
        try tmux.waitUntil("the prompt with the text typed after Ctrl-L") { tmux.capture().contains("wave> var typed") }
        let lines = tmux.capture().components(separatedBy: "\n")
        let status = lines.firstIndex { $0.contains(" playing ") } ?? -1
        let prompt = lines.firstIndex { $0.hasPrefix("wave> var typed") } ?? -1
        XCTAssertGreaterThan(status, 0, "the status row is still drawn")
        XCTAssertGreaterThan(prompt, status, "the prompt is below the picture")
        XCTAssertEqual(prompt, 29, "the prompt is on the last row")
    }

    /// Ctrl-\ (SIGQUIT) quits cleanly: no crash report, the terminal restored, 128 + 3.
    func testCtrlBackslashQuitsCleanly() throws {
        let tmux = try startRepl()
        defer { tmux.kill() }
        tmux.sendKeys("C-\\")
        try tmux.assertRestored(exitStatus: 131)
        XCTAssertFalse(tmux.capture().contains("Press space"), tmux.capture())
        XCTAssertFalse(tmux.capture().contains("Crash"), tmux.capture())
    }

    /// A runtime error in a binding stops the preview and says so in the status row (it used
    /// to freeze silently while the status said "playing"); one in a handler stops only that
    /// handler (every later tick raised it again).
    func testARuntimeErrorIsShownAndStopsThePreview() throws {
        let tmux = try startRepl()
        defer { tmux.kill() }
        tmux.sendKeys("var z = 0", "Enter")
        // A layer that is NaN from the start is refused at once, located at its clause.
        tmux.sendKeys("layer worse: circle { center (z / z, 10) radius 5 }", "Enter")
        try tmux.waitUntil("the refusal") { tmux.capture().contains("center of layer 'worse' evaluates to (nan, 10)") }
        // A handler that fails later is stopped, once, and the scene plays on.
        tmux.sendKeys("layer bad: circle { center (10, 10) radius 5 }", "Enter")
        tmux.sendKeys("after 1s { bad.radius = z / z }", "Enter")
        try tmux.waitUntil("the handler stopped") { tmux.capture().contains("note: stopped the handler 'after 1s' (<input 4>:1:1)") }
        XCTAssertTrue(tmux.capture().contains(" playing "), tmux.capture())
        // A binding that fails later stops the preview and says so in the status row, until
        // it is fixed and the clock restarted.
        tmux.sendKeys("layer flip: circle { center (10, 10) radius [1, 2][floor(t / 2)] }", "Enter")
        try tmux.waitUntil("the error in the status row") {
            let text = tmux.capture()
            return text.contains(" error ") && !text.contains(" playing ")
        }
        tmux.sendKeys("remove flip", "Enter")
        tmux.sendKeys(":play", "Enter")
        try tmux.waitUntil("playing again after the fix") { tmux.capture().contains(" playing ") }
    }

    /// A `:watch` reload's message is printed above the prompt, and the line being typed
    /// stays on the prompt (it used to be printed over the prompt, which was not redrawn).
    func testWatchMessagesPrintAboveThePromptAndKeepTheTypedLine() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("watched.wave")
        let text = try String(contentsOf: WaveBinary.packageRoot.appendingPathComponent("examples/sonar.wave"), encoding: .utf8)
        try text.write(to: script, atomically: true, encoding: .utf8)
        let tmux = try startRepl()
        defer { tmux.kill() }
        tmux.sendKeys(":watch \(script.path)", "Enter")
        try tmux.waitUntil("the watch to start") { tmux.capture().contains("watching") }
        func loads() -> Int { tmux.capture().components(separatedBy: "loaded \(script.path)").count - 1 }
        let before = loads()
        tmux.sendKeys("var typed")
        try tmux.waitUntil("the typed text") { tmux.capture().contains("wave> var typed") }
        try text.replacingOccurrences(of: "fill #22c064 }\ntemplate", with: "fill #c02264 }\ntemplate").write(to: script, atomically: true, encoding: .utf8)
        try tmux.waitUntil("the reload's message") { loads() > before }
        try tmux.waitUntil("the typed line back on the prompt") {
            let lines = tmux.capture().components(separatedBy: "\n")
            guard let message = lines.lastIndex(where: { $0.contains("loaded \(script.path)") }),
                  let prompt = lines.lastIndex(where: { $0.hasPrefix("wave> var typed") }) else { return false }
            return message < prompt && prompt == 29
        }
        tmux.sendKeys(" = 1", "Enter")
        tmux.sendKeys("typed", "Enter")
        try tmux.waitUntil("the line typed across the reload to be one statement") { tmux.capture().contains("wave> typed\n1") }
        tmux.sendKeys(":quit", "Enter")
    }

    /// `:speed` re-bases the clock: slowing down after a while neither freezes nor jumps.
    func testSpeedChangesKeepTime() throws {
        let tmux = try startRepl()
        defer { tmux.kill() }
        func tick() -> Int? {
            let status = tmux.capture().components(separatedBy: "\n").first { $0.contains(" playing ") } ?? ""
            guard let r = status.range(of: #"tick [0-9]+"#, options: .regularExpression) else { return nil }
            return Int(status[r].dropFirst(5))
        }
        try tmux.waitUntil("a second of play") { (tick() ?? 0) >= 60 }
        tmux.sendKeys(":speed 0.5", "Enter")
        let before = tick() ?? 0
        try tmux.waitUntil("the scene moving at half speed") { (tick() ?? 0) > before + 5 }
        tmux.sendKeys(":speed 2", "Enter")
        let atTwo = tick() ?? 0
        usleep(300_000)
        let after = tick() ?? 0
        XCTAssertLessThan(after - atTwo, 120, "no jump of thousands of ticks")
        XCTAssertGreaterThan(after, atTwo)
    }

    /// The session's transcript stays on the main screen after quitting, and `:log` shows
    /// lines that scrolled out of the small pane.
    func testTheTranscriptOutlivesTheSession() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/less") else { throw XCTSkip("no less(1) on this machine for :log's pager") }
        let tmux = try startRepl()
        defer { tmux.kill() }
        tmux.sendKeys("var answer = 6 * 7", "Enter")
        tmux.sendKeys("answer", "Enter")
        tmux.sendKeys(":help", "Enter")
        try tmux.waitUntil("the help") { tmux.capture().contains(":quit") }
        tmux.sendKeys(":log", "Enter")
        try tmux.waitUntil("the log in a pager, the early lines again") { tmux.capture().contains("wave> var answer = 6 * 7") }
        XCTAssertEqual(tmux.display("#{alternate_on}"), "1", "less on its own screen")
        tmux.sendKeys("q")
        try tmux.waitUntil("the split screen back") { tmux.capture().contains(" playing ") && tmux.capture().contains("wave> ") }
        tmux.sendKeys(":quit", "Enter")
        try tmux.assertRestored(exitStatus: 0)
        let text = tmux.capture()
        XCTAssertTrue(text.contains("wave> answer\n42"), text)
        XCTAssertTrue(text.contains("wave> :quit"), text)
    }

    /// Ctrl-Z hands the terminal back to the shell (main screen) and `fg` brings the REPL
    /// back with the line being typed (it used to be swallowed).
    func testCtrlZSuspendsAndFgResumes() throws {
        let home = try temporaryDirectory()
        let tmux = try Tmux(command: "cd '\(WaveBinary.packageRoot.path)' && HOME='\(home.path)' PS1='$ ' bash --norc --noprofile -i", width: 90, height: 30)
        defer { tmux.kill() }
        tmux.sendKeys("'\(WaveBinary.url.path)' repl examples/sonar.wave", "Enter")
        try tmux.waitUntil("the prompt and the playing preview") { tmux.capture().contains("wave> ") && tmux.capture().contains(" playing ") }
        tmux.sendKeys("var half")
        // Read by the REPL before the suspend (else the shell would read it after).
        try tmux.waitUntil("the typed text at the prompt") { tmux.capture().contains("wave> var half") }
        tmux.sendKeys("C-z")
        try tmux.waitUntil("the shell's job control message") { tmux.capture().contains("Stopped") }
        XCTAssertEqual(tmux.display("#{alternate_on}"), "0", "the main screen while suspended")
        tmux.sendKeys("fg", "Enter")
        try tmux.waitUntil("the REPL back with the typed line") { tmux.capture().contains("wave> var half") && tmux.capture().contains(" playing ") }
        tmux.sendKeys("C-u", ":quit", "Enter")
        try tmux.waitUntil("the shell prompt again") { tmux.capture().components(separatedBy: "\n").contains { $0.hasPrefix("$ ") && $0.count <= 3 } }
        XCTAssertEqual(tmux.display("#{alternate_on} #{cursor_flag}"), "0 1")
    }

    /// TERM=dumb: no picture, no cursor addressing; the REPL still edits lines, and `play`
    /// says why it cannot play instead of drawing escape codes.
    func testDumbTerminals() throws {
        let home = try temporaryDirectory()
        let command = "cd '\(WaveBinary.packageRoot.path)' && export TERM=dumb HOME='\(home.path)'; '\(WaveBinary.url.path)' play examples/sonar.wave; echo PLAY=$?; '\(WaveBinary.url.path)' repl; echo EXIT=$?; cat"
        let tmux = try Tmux(command: command, width: 90, height: 30)
        defer { tmux.kill() }
        try tmux.waitUntil("play's message") { tmux.capture().contains("PLAY=64") }
        XCTAssertTrue(tmux.capture().contains("TERM=dumb cannot move the cursor"), tmux.capture())
        try tmux.waitUntil("the REPL's prompt") { tmux.capture().contains("wave> ") }
        XCTAssertEqual(tmux.display("#{alternate_on}"), "0", "no alternate screen")
        tmux.sendKeys("6 * 7", "Enter")
        try tmux.waitUntil("the answer") { tmux.capture().contains("\n42") }
        tmux.sendKeys(":quit", "Enter")
        try tmux.waitUntil("the exit") { tmux.capture().contains("EXIT=0") }
    }
}
