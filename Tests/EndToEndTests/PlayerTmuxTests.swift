import Foundation
import XCTest

/// `wave play` in a real terminal: tmux runs the built binary in a detached session of a
/// known size, keys are sent with send-keys, and what the terminal shows is read back with
/// capture-pane. Every wait polls with a deadline. Skipped when tmux is not installed.
final class PlayerTmuxTests: XCTestCase {
    func testQuitWithQRestoresTheTerminal() throws {
        let tmux = try Tmux(command: play("examples/sonar.wave"), width: 80, height: 24)
        defer { tmux.kill() }
        try tmux.waitForPlayback()
        tmux.sendKeys("q")
        try tmux.assertRestored(exitStatus: 0)
    }

    func testCtrlCRestoresTheTerminal() throws {
        let tmux = try Tmux(command: play("examples/spinner.wave"), width: 80, height: 24)
        defer { tmux.kill() }
        try tmux.waitForPlayback()
        tmux.sendKeys("C-c")
        try tmux.assertRestored(exitStatus: 130)
    }

    func testEscAndCtrlBackslashQuitCleanly() throws {
        let esc = try Tmux(command: play("examples/sonar.wave"), width: 80, height: 24)
        defer { esc.kill() }
        try esc.waitForPlayback()
        esc.sendKeys("Escape")
        try esc.assertRestored(exitStatus: 0)
        let quit = try Tmux(command: play("examples/sonar.wave"), width: 80, height: 24)
        defer { quit.kill() }
        try quit.waitForPlayback()
        quit.sendKeys("C-\\")
        try quit.assertRestored(exitStatus: 131)
        XCTAssertFalse(quit.capture().contains("Press space"), quit.capture())
    }

    /// At 8x the scene steps every tick but the terminal gets at most 60 frames a second.
    func testFastPlaybackDrawsAtMostTheDisplayRate() throws {
        let tmux = try Tmux(command: play("examples/sonar.wave", "--loop", "--speed", "8", "--ticks", "960", "--stats"), width: 60, height: 20)
        defer { tmux.kill() }
        try tmux.waitForPlayback()
        try tmux.waitUntil("the stats after 960 ticks (2 s at 8x)") { tmux.capture().contains("EXIT=0") }
        let out = tmux.capture().replacingOccurrences(of: "\n", with: "")
        let drawn = Int(out.firstMatch(of: /frames drawn (\d+)/)?.1 ?? "") ?? 0
        XCTAssertGreaterThan(drawn, 10, out)
        XCTAssertLessThanOrEqual(drawn, 130, "2 s at most 60 frames a second (and the first): \(out)")
    }

    /// A scene with a duration holds its last frame and says it ended.
    func testTheEndIsSaid() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("short.wave")
        try "scene 40x40 { duration 0.5s }\nlayer a: circle { center (20, 20) radius 5 }\n".write(to: script, atomically: true, encoding: .utf8)
        let tmux = try Tmux(command: play(script.path), width: 80, height: 24)
        defer { tmux.kill() }
        try tmux.waitUntil("the end in the status row") { tmux.capture().contains("ended at 0.48s; r restarts, q quits") }
        tmux.sendKeys("q")
        try tmux.assertRestored(exitStatus: 0)
    }

    func testResizeRefitsThePicture() throws {
        let tmux = try Tmux(command: play("examples/sonar.wave"), width: 80, height: 24)
        defer { tmux.kill() }
        try tmux.waitForPlayback()
        // 240x240 at 80x23 cells: 46 columns wide, status on row 24.
        XCTAssertEqual(tmux.visibleWidths().prefix(23).max(), 63)
        _ = tmux.run(["resize-window", "-t", tmux.name, "-x", "200", "-y", "60"])
        try tmux.waitUntil("the picture fills 200x60") {
            let lines = tmux.capture().components(separatedBy: "\n")
            return lines.count >= 60 && lines[59].contains("tick") && tmux.visibleWidths().prefix(59).max() == 159
        }
        tmux.sendKeys("q")
        try tmux.assertRestored(exitStatus: 0)
    }

    func testKeysPauseStepRestartAndChangeSpeed() throws {
        let tmux = try Tmux(command: play("examples/sonar.wave", "--loop"), width: 60, height: 20)
        defer { tmux.kill() }
        try tmux.waitForPlayback()
        // Past tick 1, so that two steps back from the paused tick stay at or after 0.
        try tmux.waitUntil("a few ticks of play") { (tmux.statusTick() ?? 0) >= 3 }
        tmux.sendKeys("Space")
        try tmux.waitUntil("the paused state") { tmux.capture().contains(" paused ") }
        let paused = try XCTUnwrap(tmux.statusTick())
        tmux.sendKeys("Right")
        try tmux.waitUntil("one tick forward") { tmux.statusTick() == paused + 1 }
        tmux.sendKeys("Left", "Left")
        try tmux.waitUntil("two ticks back") { tmux.statusTick() == paused - 1 }
        tmux.sendKeys("+")
        try tmux.waitUntil("double speed") { tmux.capture().contains(" 2x ") }
        tmux.sendKeys("r")
        try tmux.waitUntil("the restart") { tmux.statusTick() == 0 }
        tmux.sendKeys("Space")
        try tmux.waitUntil("playing again") { tmux.capture().contains(" playing ") && (tmux.statusTick() ?? 0) > 0 }
        tmux.sendKeys("q")
        try tmux.assertRestored(exitStatus: 0)
    }

    func testTicksFlagPlaysThatManyTicksAndReportsStats() throws {
        let tmux = try Tmux(command: play("examples/sonar.wave", "--loop", "--ticks", "120", "--stats"), width: 60, height: 20)
        defer { tmux.kill() }
        try tmux.waitForPlayback()
        try tmux.waitUntil("the stats after 120 ticks") { tmux.capture().contains("EXIT=0") }
        let out = tmux.capture().replacingOccurrences(of: "\n", with: "")
        XCTAssertTrue(out.contains("ticks 120,"), out)
        let drawn = Int(out.firstMatch(of: /frames drawn (\d+)/)?.1 ?? "") ?? 0
        let skipped = Int(out.firstMatch(of: /frames skipped (\d+)/)?.1 ?? "") ?? -1
        XCTAssertGreaterThanOrEqual(drawn + skipped, 120, "every tick is drawn or counted as skipped: \(out)")
    }

    func testWatchReloadsGoodEditsAndReportsBrokenOnes() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("watched.wave")
        let good = """
        scene 40x20 { background #000080 }
        var x = 0
        layer dot: circle { center (x, 10) radius 4  fill #ffff00 }
        every tick { x += 0.2 }
        """
        try good.write(to: script, atomically: true, encoding: .utf8)
        let tmux = try Tmux(command: play(script.path, "--watch"), width: 100, height: 16)
        defer { tmux.kill() }
        try tmux.waitForPlayback()
        XCTAssertTrue(tmux.capture(escapes: true).contains("48;2;0;0;128"), "navy background expected")

        try good.replacingOccurrences(of: "#000080", with: "#800000").write(to: script, atomically: true, encoding: .utf8)
        try tmux.waitUntil("the new background") { tmux.capture(escapes: true).contains("48;2;128;0;0") }
        XCTAssertTrue(tmux.capture().contains("reloaded watched.wave"), tmux.capture())

        try good.replacingOccurrences(of: "#000080", with: "#800000").replacingOccurrences(of: "radius 4", with: "radius")
            .write(to: script, atomically: true, encoding: .utf8)
        try tmux.waitUntil("the error in the status row") { tmux.capture().contains("watched.wave:3:") }
        XCTAssertTrue(tmux.capture().contains("watched.wave:3:36: property 'radius' needs a"), tmux.capture())
        // The last good version plays on: still red, and the clock still moves.
        XCTAssertTrue(tmux.capture(escapes: true).contains("48;2;128;0;0"))
        let tick = tmux.statusTick()
        try tmux.waitUntil("ticks to advance") { (tmux.statusTick() ?? 0) > (tick ?? 0) }
        tmux.sendKeys("q")
        try tmux.assertRestored(exitStatus: 0)
    }

    /// An error too long for a narrow status row is cut with a hint, and `e` shows it whole.
    func testALongWatchErrorCanBeReadWhole() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("w.wave")
        let good = "scene 40x20 { background #000080 }\nlayer dot: circle { center (10, 10) radius 4  fill #ffff00 }\n"
        try good.write(to: script, atomically: true, encoding: .utf8)
        let tmux = try Tmux(command: play(script.path, "--watch"), width: 50, height: 16)
        defer { tmux.kill() }
        try tmux.waitForPlayback()
        try good.replacingOccurrences(of: "radius 4", with: "radius").write(to: script, atomically: true, encoding: .utf8)
        try tmux.waitUntil("the cut error with its hint") { tmux.capture().contains("| w.w") && tmux.capture().contains(" …(e)") }
        tmux.sendKeys("e")
        try tmux.waitUntil("the whole error over the picture") {
            tmux.capture().replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
                .contains("w.wave:2:37:property'radius'needsavaluebefore'fill'[E0104]")
        }
        tmux.sendKeys("q")
        try tmux.assertRestored(exitStatus: 0)
    }

    /// The shell command for tmux: play, then print the exit status and keep the pane open.
    func play(_ file: String, _ extra: String...) -> String {
        let args = ([WaveBinary.url.path, "play", file, "--color", "truecolor"] + extra).map { "'\($0)'" }.joined(separator: " ")
        return "cd '\(WaveBinary.packageRoot.path)' && \(args); echo EXIT=$?; cat"
    }
}

/// A detached tmux session on its own server socket.
struct Tmux {
    let name: String
    let socket: String

    init(command: String, width: Int, height: Int) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || Tmux.which("tmux") else { throw XCTSkip("tmux is not installed") }
        name = "wave\(ProcessInfo.processInfo.processIdentifier)x\(UInt32.random(in: 0...UInt32.max))"
        socket = name
        // new-session starts the server, which keeps whatever stdout it was given open:
        // it gets no pipe, or reading the pipe to its end would wait for the server to exit.
        let result = run(["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command], output: false)
        guard result != nil else { throw XCTSkip("tmux could not start a session") }
    }

    static func which(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// Runs a tmux client command; its output, or nil if it failed. Spawned directly and
    /// waited for with waitpid, its output going to a file: `new-session` forks the tmux
    /// server, which keeps the client's descriptors, and Foundation's Process then never
    /// sees the client exit.
    @discardableResult
    func run(_ args: [String], output: Bool = true) -> String? {
        let outPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).out").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ? outPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = (["tmux", "-L", socket] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" && $0.key != "NO_COLOR" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, nil, argv, envp) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        defer { unlink(outPath) }
        guard status == 0 else { return nil }   // exited normally with status 0
        return output ? (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" : ""
    }

    /// The pane as text (trailing blank cells kept), with SGR escapes if asked.
    func capture(escapes: Bool = false) -> String {
        run(["capture-pane", "-p", "-N", "-t", name] + (escapes ? ["-e"] : [])) ?? ""
    }

    func display(_ format: String) -> String {
        (run(["display-message", "-p", "-t", name, format]) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func sendKeys(_ keys: String...) { run(["send-keys", "-t", name] + keys) }

    func resize(_ width: Int, _ height: Int) { run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"]) }

    func kill() { run(["kill-server"]) }

    /// Polls `condition` every 50 ms until it holds or `timeout` seconds pass.
    func waitUntil(_ what: String, timeout: TimeInterval = 15, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            usleep(50_000)
        }
        XCTFail("timed out waiting for \(what); the pane shows:\n\(capture())")
        throw XCTSkip("gave up waiting for \(what)")
    }

    func waitForPlayback() throws {
        try waitUntil("the player to start") { display("#{alternate_on}") == "1" && capture().contains(" playing ") }
    }

    /// For each line, the column after its last cell that shows something: a character
    /// other than a space, or any cell with a background colour.
    func visibleWidths() -> [Int] {
        capture(escapes: true).components(separatedBy: "\n").map { line in
            var column = 0, width = 0, background = false
            var rest = Substring(line)
            while let c = rest.first {
                if c == "\u{1B}", let m = rest.prefixMatch(of: /\x1B\[([0-9;]*)m/) {
                    let params = m.1.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var k = 0
                    while k < params.count {
                        switch params[k] {
                        case 0, 49: background = false
                        case 40...47, 100...107: background = true
                        case 38, 48:
                            if params[k] == 48 { background = true }
                            k += k + 1 < params.count && params[k + 1] == 2 ? 4 : 2
                        default: break
                        }
                        k += 1
                    }
                    rest = rest[m.range.upperBound...]
                    continue
                }
                column += 1
                if c != " " || background { width = column }
                rest = rest.dropFirst()
            }
            return width
        }
    }

    func statusTick() -> Int? {
        capture().firstMatch(of: /tick (\d+)/).flatMap { Int($0.1) }
    }

    /// After the player exits: the main screen, a visible cursor, attributes reset (the
    /// shell's next line has no SGR in front of it) and echo back on.
    func assertRestored(exitStatus: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitUntil("the player to exit") { capture().contains("EXIT=") }
        XCTAssertEqual(display("#{alternate_on} #{cursor_flag}"), "0 1", "main screen and a visible cursor", file: file, line: line)
        let lines = capture(escapes: true).components(separatedBy: "\n")
        let exitLine = lines.first { $0.contains("EXIT=") } ?? ""
        XCTAssertEqual(exitLine.trimmingCharacters(in: .whitespaces), "EXIT=\(exitStatus)", "no attributes left set", file: file, line: line)
        sendKeys("typed")
        try waitUntil("the terminal to echo again") { capture().contains("typed") }
    }
}
