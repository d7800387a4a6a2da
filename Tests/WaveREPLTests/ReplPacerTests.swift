import XCTest
@testable import WaveREPL

/// The REPL's scene keeps time like the player: a speed change re-bases the clock.
final class ReplPacerTests: XCTestCase {
    let second: UInt64 = 1_000_000_000

    func testSixtyTicksASecondAtOneX() {
        var p = ReplPacer(now: 0)
        XCTAssertEqual(p.due(now: second / 2, speed: 1, running: true), 30)
        XCTAssertEqual(p.due(now: second, speed: 1, running: true), 30)
        XCTAssertEqual(p.due(now: second, speed: 1, running: true), 0)
    }

    /// A slow command (a 4 s `:seek`) is not playing time: re-based after it, the scene goes
    /// on from where the command left it, at the speed it had (seen: `:seek 1000s` landed
    /// at 1004.5 s).
    func testTimeSpentInACommandDoesNotPlay() {
        var p = ReplPacer(now: 0, speed: 2)
        XCTAssertEqual(p.due(now: second, speed: 2, running: true), 120)
        p.rebase(now: 5 * second)
        XCTAssertEqual(p.due(now: 5 * second, speed: 2, running: true), 0)
        XCTAssertEqual(p.due(now: 5 * second + second / 2, speed: 2, running: true), 60)
    }

    /// Seen on main: after 20 s at 1x, `:speed 0.5` froze the scene for about 20 s, and
    /// `:speed 2` then jumped thousands of ticks at once.
    func testASpeedChangeNeitherFreezesNorJumps() {
        var p = ReplPacer(now: 0)
        XCTAssertEqual(p.due(now: 20 * second, speed: 1, running: true), 1200)
        XCTAssertEqual(p.due(now: 20 * second, speed: 0.5, running: true), 0)
        XCTAssertEqual(p.due(now: 21 * second, speed: 0.5, running: true), 30, "half speed goes on at once")
        XCTAssertEqual(p.due(now: 21 * second, speed: 2, running: true), 0, "no jump on speeding up")
        XCTAssertEqual(p.due(now: 22 * second, speed: 2, running: true), 120)
    }

    func testPausedTimeIsNotMadeUpLater() {
        var p = ReplPacer(now: 0)
        XCTAssertEqual(p.due(now: second, speed: 1, running: true), 60)
        XCTAssertEqual(p.due(now: second, speed: 1, running: false), 0, ":pause seen on the next pass of the loop")
        XCTAssertEqual(p.due(now: 5 * second, speed: 1, running: false), 0)
        XCTAssertNil(p.wait(after: 5 * second))
        XCTAssertEqual(p.due(now: 6 * second, speed: 1, running: true), 0)
        XCTAssertEqual(p.due(now: 7 * second, speed: 1, running: true), 60)
        XCTAssertEqual(p.wait(after: 7 * second), 16_666_667)
    }
}
