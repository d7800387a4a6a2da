import XCTest
import WaveRuntime
@testable import WaveDriver
@testable import WaveSinks

final class PlaybackTests: XCTestCase {
    let second: UInt64 = 1_000_000_000

    func testTheClockRunsSixtyTicksPerSecondWithoutDrift() {
        let start: UInt64 = 5 * second
        let clock = PlaybackClock(now: start)
        XCTAssertEqual(clock.tick(at: start), 0)
        XCTAssertEqual(clock.tick(at: start + second), 60)
        XCTAssertEqual(clock.tick(at: start + 10 * second), 600)
        XCTAssertEqual(clock.tick(at: start + second / 60 - 1), 0)
        XCTAssertEqual(clock.tick(at: start + 3600 * second), 216_000)
        XCTAssertEqual(clock.wait(after: start), 16_666_667)
    }

    func testPauseStepAndSpeed() {
        var clock = PlaybackClock(now: 0)
        clock.setPaused(true, now: second)                  // paused at tick 60
        XCTAssertEqual(clock.tick(at: 5 * second), 60)
        XCTAssertNil(clock.wait(after: 5 * second))
        clock.seek(to: 61, now: 5 * second)                 // → while paused
        XCTAssertEqual(clock.tick(at: 9 * second), 61)
        clock.setPaused(false, now: 10 * second)
        XCTAssertEqual(clock.tick(at: 11 * second), 121)
        clock.setSpeed(2, now: 11 * second)
        XCTAssertEqual(clock.tick(at: 12 * second), 241)
        clock.setSpeed(0.5, now: 12 * second)
        XCTAssertEqual(clock.tick(at: 14 * second), 301)
    }

    func testKeysIncludingArrowSequencesSplitAcrossReads() {
        var d = KeyDecoder()
        XCTAssertEqual(d.decode(Array(" qr+-=_".utf8)), [.pause, .quit, .restart, .faster, .slower, .faster, .slower])
        XCTAssertEqual(d.decode([0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44]), [.stepForward, .stepBack])
        XCTAssertEqual(d.decode([0x1B, 0x4F, 0x43]), [.stepForward])     // application cursor keys
        XCTAssertEqual(d.decode([0x1B]), [])
        XCTAssertEqual(d.decode([0x5B]), [])
        XCTAssertEqual(d.decode([0x44, 0x20]), [.stepBack, .pause])
        XCTAssertEqual(d.decode([0x1B, 0x5B, 0x41, UInt8(ascii: "x")]), [])   // ↑ and unknown keys are ignored
    }

    /// A terminal's late colour report (OSC) and CSI sequences with parameters are skipped
    /// whole: their bytes are not keys (ESC ] once quit the player).
    func testTerminalReportsAreNotKeys() {
        var d = KeyDecoder()
        XCTAssertEqual(d.decode(Array("\u{1B}]4;1;rgb:cdcd/0000/0000\u{1B}\\ \u{1B}]11;rgb:ff/ff/ff\u{07}".utf8)), [.pause])
        XCTAssertEqual(d.decode(Array("\u{1B}]10;rgb:00/".utf8)), [])                 // cut off: kept for the next read
        XCTAssertEqual(d.flush(), [])                                                   // and not an Esc
        XCTAssertEqual(d.decode(Array("00/00\u{07}q".utf8)), [.quit])
        XCTAssertEqual(d.decode(Array("\u{1B}[?64;1;2c\u{1B}[1;5C\u{1B}[C".utf8)), [.stepForward])   // DA1, Ctrl-→, →
        XCTAssertEqual(d.decode(Array("\u{1B}[1;".utf8)), [])
        XCTAssertEqual(d.decode(Array("5Dr".utf8)), [.restart])
    }

    func testTheCursorRewindsToTheSameStateAsSteppingForward() throws {
        let program = try TestScenes.program("""
        scene 40x40 { duration 2s }
        var x = 0
        layer dot: circle { center (x, 20) radius 3 }
        template ring: circle { center (20, 20) radius 2 }
        every tick { x += 0.5 }
        every 0.3s { spawn ring { } }
        """)
        var cursor = try SceneCursor(program: program)
        try cursor.move(to: 700)
        let forward = try SceneRuntime.seek(program, to: 650)
        try cursor.move(to: 650)
        XCTAssertEqual(cursor.tick, 650)
        XCTAssertEqual(cursor.runtime.value(ofGlobal: "x"), forward.value(ofGlobal: "x"))
        XCTAssertEqual(try cursor.runtime.frame(), try forward.frame())
        XCTAssertEqual(cursor.sceneTick(at: 130, loop: true), 10)
        XCTAssertEqual(cursor.sceneTick(at: 130, loop: false), 119)
        XCTAssertTrue(cursor.hasEnded(at: 119, loop: false))
    }

    func testStatusLineFitsAndReportsErrorsInRed() {
        var s = StatusLine()
        s.tick = 90
        s.fps = 60
        s.name = "sonar.wave"
        XCTAssertEqual(s.text(width: 200), " playing  1.50s  tick 90  1x  60 fps  | sonar.wave  q quit, space pause, <-/-> step, r restart, +/- speed")
        XCTAssertEqual(s.text(width: 71), " playing  1.50s  tick 90  1x  60 fps  | sonar.wave  q quit, space pause")
        XCTAssertEqual(s.text(width: 60), " playing  1.50s  tick 90  1x  60 fps  | sonar.wave")
        // Paused or ended, no frames come: no frame rate that would fall as if stalling.
        s.state = .paused
        XCTAssertEqual(s.text(width: 62), " paused  1.50s  tick 90  1x  | sonar.wave  q quit, space pause")
        s.state = .ended
        XCTAssertEqual(s.text(width: 40), " end  1.50s  tick 90  1x  | sonar.wave")
        s.state = .playing
        s.message = "x.wave:2:3: expected '}'"
        s.isError = true
        s.state = .playing
        var grid = CellGrid(columns: 70, rows: 2)
        s.draw(into: &grid, row: 1, color: .truecolor)
        XCTAssertEqual(grid.text(row: 1).trimmingCharacters(in: .whitespaces), "playing  1.50s  tick 90  1x  60 fps  | x.wave:2:3: expected '}'")
        XCTAssertEqual(grid[40, 1].foreground, .rgb(0xFF8080))
        XCTAssertEqual(grid[3, 1].foreground, .rgb(0xD0D0D0))
        var plain = CellGrid(columns: 70, rows: 1)
        s.draw(into: &plain, row: 0, color: .none)
        XCTAssertTrue(plain.cells.allSatisfy { $0.foreground == .terminalDefault && $0.background == .terminalDefault })
        // With few colours the text still stands apart from its bar in every cell (in 16
        // colours light grey once came out as black on black, the dithered mix's other colour).
        for mode in [ColorMode.palette256, .ansi16, .ansi8] {
            var reduced = CellGrid(columns: 70, rows: 1)
            s.draw(into: &reduced, row: 0, color: mode)
            let text = (0..<70).filter { reduced[$0, 0].character != " " }
            XCTAssertGreaterThan(text.count, 40, "\(mode)")
            for x in text { XCTAssertNotEqual(reduced[x, 0].foreground, reduced[x, 0].background, "\(mode) at column \(x)") }
            XCTAssertEqual(Set(text.map { reduced[$0, 0].background }).count, 1, "\(mode): one bar colour")
            XCTAssertNotEqual(reduced[40, 0].foreground, reduced[3, 0].foreground, "\(mode): the error in its own colour")
        }
    }
}
