import Foundation
import XCTest

/// `wave play … > frames.ans` then `cat frames.ans` in a terminal of the size the frames
/// were made for: the whole picture stays on screen, its top row included.
final class PlayFileSizeTmuxTests: XCTestCase {
    func testCattingTheFramesScrollsNothingOff() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("band.wave"), frames = dir.appendingPathComponent("e.ans")
        // Green top band on red: the picture's top row is the only green one.
        try "scene 40x22 { background #ff0000 }\nlayer band: rect { frame (0, 0, 40, 2) fill #00ff00 }\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let r = try WaveBinary.runBytes(["play", script.path, "--ticks", "1", "--width", "40", "--height", "12", "--color", "truecolor"])
        XCTAssertEqual(r.status, 0)
        try Data(r.stdout).write(to: frames)
        let tmux = try Tmux(command: "cat '\(frames.path)'; cat", width: 40, height: 12)
        defer { tmux.kill() }
        try tmux.waitUntil("the picture") { tmux.capture(escapes: true).contains("255;0;0") }
        let lines = tmux.capture(escapes: true).components(separatedBy: "\n")
        XCTAssertTrue(lines[0].contains("0;255;0"), "the green top row is still on screen:\n\(lines.joined(separator: "\n"))")
        XCTAssertTrue(lines[1].contains("255;0;0"), "the red rows below it (tmux repeats no colour that does not change)")
        XCTAssertEqual(lines[11], "", "the last row is left to the prompt")
        XCTAssertEqual(tmux.display("#{cursor_y}"), "11", "the cursor waits on the last row, below the picture")
    }
}
