import Foundation
import XCTest

/// `wave play --stats` in a real terminal: every tick played is counted once, as drawn or
/// as skipped, whether playback ends at --ticks, is quit, or runs faster than the display.
final class PlayerStatsTmuxTests: XCTestCase {
    func testDrawnAndSkippedAddUpToTheTicksPlayed() throws {
        for (extra, ticks) in [(["--loop"], 120), (["--speed", "4"], 90), (["--speed", "0.5"], 40)] {
            let out = try stats(["examples/sonar.wave", "--ticks", "\(ticks)"] + extra, quit: false)
            XCTAssertEqual(out.ticks, ticks, "\(extra)")
            XCTAssertEqual(out.drawn + out.skipped, ticks, "\(extra): \(out)")
            XCTAssertGreaterThan(out.drawn, 0)
        }
    }

    func testAQuitSessionAddsUpToo() throws {
        let out = try stats(["examples/sonar.wave", "--speed", "8", "--loop"], quit: true)
        XCTAssertGreaterThan(out.ticks, 1)
        XCTAssertEqual(out.drawn + out.skipped, out.ticks, "\(out)")
    }

    func stats(_ args: [String], quit: Bool) throws -> (ticks: Int, drawn: Int, skipped: Int) {
        let command = ([WaveBinary.url.path, "play"] + args + ["--stats", "--color", "truecolor"]).map { "'\($0)'" }.joined(separator: " ")
        let tmux = try Tmux(command: "cd '\(WaveBinary.packageRoot.path)' && \(command); echo EXIT=$?; cat", width: 60, height: 20)
        defer { tmux.kill() }
        if quit {
            try tmux.waitUntil("a second of play") { (tmux.statusTick() ?? 0) > 60 }
            tmux.sendKeys("q")
        }
        try tmux.waitUntil("the stats") { tmux.capture().contains("EXIT=0") }
        let out = tmux.capture().replacingOccurrences(of: "\n", with: "")
        func number(_ label: String) -> Int {
            guard let range = out.range(of: label + " ") else { return -1 }
            return Int(out[range.upperBound...].prefix { $0.isNumber }) ?? -1
        }
        return (number("ticks"), number("frames drawn"), number("frames skipped"))
    }
}
