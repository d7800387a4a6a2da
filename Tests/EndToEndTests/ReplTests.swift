import Foundation
import XCTest
import WaveCodecs

/// The REPL driven through stdin, as `wave repl < session.txt` is used in scripts.
final class ReplTests: XCTestCase {
    func testBareExpressionPrintsItsValue() throws {
        let r = try WaveBinary.run(["repl"], stdin: "var x = 2\nx * 21\n")
        XCTAssertEqual(r.stdout, "42\n")
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    /// `:watch` alone stops watching, and `:load` does too (a watched file would otherwise
    /// replace the loaded session on its next save); a start file that cannot be read is an
    /// I/O error (74) before any session, one with mistakes is reported and the session runs.
    func testWatchStopsAndAStartFileThatCannotBeReadIsAnIOError() throws {
        let r = try WaveBinary.run(["repl"], stdin: ":watch examples/sonar.wave\n:watch\n:watch examples/sonar.wave\n:load examples/spinner.wave\n:list\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").map(String.init).filter { $0.contains("watching") },
                       ["watching examples/sonar.wave", "stopped watching examples/sonar.wave", "watching examples/sonar.wave",
                        "stopped watching examples/sonar.wave"])
        let missing = try WaveBinary.run(["repl", "no-such-file.wave"], stdin: "1 + 1\n")
        XCTAssertEqual(missing.status, 74)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertTrue(missing.stderr.contains("cannot read 'no-such-file.wave'"), missing.stderr)
    }

    /// `:trace` takes any expression, spaces and all, and a count after it; the clock stays.
    func testTraceTakesAnyExpressionAndACount() throws {
        let r = try WaveBinary.run(["repl"], stdin: "var n = 1\nevery tick { n += 1 }\n:trace n * 2 3\n:trace (n - 1) 2\n:trace bogus 2\nn\n")
        XCTAssertEqual(r.stdout.split(separator: "\n").map(String.init), ["0\t4", "1\t6", "2\t8", "0\t1", "1\t2", "2"])
        XCTAssertTrue(r.stderr.contains("'bogus' is not a variable"), r.stderr)
        let minus = try WaveBinary.run(["repl"], stdin: "var n = 5\n:trace n - 2\n")
        XCTAssertEqual(minus.stdout.split(separator: "\n").count, 10, "'n - 2' is the expression, traced for the default 10 ticks")
        XCTAssertTrue(minus.stdout.hasPrefix("0\t3\n"), minus.stdout)
        // Every digit, as `wave trace` prints (a plain value prints 6 decimals).
        let exact = try WaveBinary.run(["repl"], stdin: "var x = 0\nanimate x to 1 over 1s\n:trace x / 3 2\n:trace (x, 1 / 3) 1\n1 / 3\n")
        XCTAssertEqual(exact.stdout.split(separator: "\n").map(String.init),
                       ["0\t0", "1\t\(1.0 / 180)", "0\t(0, \(1.0 / 3))", "0.333333"])
    }

    func testStatementsApplyWithoutResettingTheClock() throws {
        let r = try WaveBinary.run(["repl", "examples/progress-ball.wave"], stdin: """
        surface.level
        :step 10
        surface.level
        animate ball.radius to 50 over 10t
        :step 5
        ball.radius
        :list
        """)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").map(String.init), [
            "loaded examples/progress-ball.wave: 4 layers",
            "199", "tick 10", "189", "tick 15", "73",
            "ball: circle", "inside: circle", "surface: wave", "water: rect",
        ])
    }

    func testErrorsShowACaretUnderTheInputAndTheSessionGoesOn() throws {
        let r = try WaveBinary.run(["repl"], stdin: "var phase = 1\nphse + 1\nphase + 1\n")
        XCTAssertEqual(r.stdout, "2\n")
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains("<input 2>:1:1: error[E0201]: unknown name 'phse'; did you mean 'phase'?\n  phse + 1\n  ^~~~"), r.stderr)
    }

    /// A runtime error raised later (a handler, a layer's binding) is shown in the input it
    /// comes from, with its line and caret, not only as a message.
    func testRuntimeErrorsAreLocatedInTheirInput() throws {
        let r = try WaveBinary.run(["repl"], stdin: """
        var x = 1
        layer ball: circle { radius 10  scale x }
        every tick { x = x * 1e200 }
        :step 3
        """)
        XCTAssertTrue(r.stderr.contains("<input 2>:1:33: error[E0706]: scale of layer 'ball' evaluates to (inf, inf), which is not a finite number (at tick 1)\n  layer ball: circle { radius 10  scale x }\n                                  ^~~~~~~"), r.stderr)
        let h = try WaveBinary.run(["repl"], stdin: "var d = 0\nlayer c: circle { }\nevery tick {\n  c.radius = 1 / d\n}\n:step 2\n")
        XCTAssertTrue(h.stderr.contains("<input 3>:2:3: error[E0706]: radius of layer 'c' is given inf, which is not a finite number"), h.stderr)
    }

    func testMultiLineBlocksAndCommands() throws {
        let r = try WaveBinary.run(["repl"], stdin: "var n = 0\nevery tick {\n  n += 2\n}\n:step 3\nn\n:seek 10t\nn\n:frobnicate\n")
        XCTAssertEqual(r.stdout.split(separator: "\n").map(String.init), ["tick 3", "8", "tick 10", "22"])
        XCTAssertTrue(r.stderr.contains("unknown command ':frobnicate'"), r.stderr)
    }

    /// `:save` round-trips: the saved script renders the same frame as the live scene at
    /// the same tick, even with statements typed after tick 0.
    func testSaveRoundTripsToTheSameFrame() throws {
        let dir = try temporaryDirectory()
        let saved = dir.appendingPathComponent("session.wave").path
        let live = dir.appendingPathComponent("live.png").path
        let r = try WaveBinary.run(["repl"], stdin: """
        scene 120x80 { background #101418 }
        layer c: circle { center (20, 40) radius 8 fill #22c064 }
        :step 12
        every tick { c.center = (20 + tick, 40) }
        animate c.radius to 20 over 20t ease ease-out
        :step 7
        var tint = 0.5
        layer bar: rect { frame (0, 70, 120 * tint, 10) fill #e4572e }
        :step 4
        :save \(saved)
        :render \(live)
        """)
        XCTAssertEqual(r.status, 0, r.stderr)
        let check = try WaveBinary.run(["check", saved])
        XCTAssertEqual(check.status, 0, check.stderr)
        let again = dir.appendingPathComponent("again.png").path
        let render = try WaveBinary.run(["render", saved, "-o", again, "--frame", "23"])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: live)), try Data(contentsOf: URL(fileURLWithPath: again)))
    }

    /// An `emit` and a `func` typed after tick 0: the emitter emits under `:step` (it adds
    /// its particles' variables to a template typed earlier), and `:save` writes both at
    /// the top level, the emitter's `begin` moved to the tick it was typed, so the saved
    /// script checks and renders the live frame.
    func testEmitAndFuncTypedLateRunAndSave() throws {
        let dir = try temporaryDirectory()
        let saved = dir.appendingPathComponent("emit.wave").path, live = dir.appendingPathComponent("live.png").path
        let r = try WaveBinary.run(["repl"], stdin: """
        scene 100x100
        template dot: circle { radius 2 fill red }
        :step 10
        func half(x) = x / 2
        emit dot { birth-rate 10 lifetime 1s velocity half(100) emission-range 180deg }
        :step 20
        :list
        :render \(live)
        :save \(saved)
        """)
        XCTAssertEqual(r.status, 0, r.stderr)
        // Born 0, 6, 12 and 18 ticks after the emitter starts (10 a second), all alive 20 ticks on.
        XCTAssertEqual(r.stdout.components(separatedBy: "dot: circle (spawned)").count - 1, 4, r.stdout)
        let script = try String(contentsOfFile: saved, encoding: .utf8)
        XCTAssertTrue(script.contains("func half(x) = x / 2\nemit dot { begin 10t  birth-rate 10"), script)
        XCTAssertEqual(try WaveBinary.run(["check", saved]).status, 0)
        let again = dir.appendingPathComponent("again.png").path
        XCTAssertEqual(try WaveBinary.run(["render", saved, "-o", again, "--frame", "30"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: live)), try Data(contentsOf: URL(fileURLWithPath: again)))
    }

    /// `:save --now` writes everything typed to run from tick 0: the saved script's first
    /// frame already shows a change typed late, where the timeline form shows it only later.
    func testSaveNowStartsWithEverythingTyped() throws {
        let dir = try temporaryDirectory()
        let now = dir.appendingPathComponent("now.wave").path, timeline = dir.appendingPathComponent("timeline.wave").path
        let r = try WaveBinary.run(["repl"], stdin: """
        scene 40x40 { background #000000 }
        layer box: rect { frame (0, 0, 40, 40) fill #000000 }
        :step 600
        box.fill = #ffffff
        :save --now \(now)
        :save \(timeline)
        """)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("saved \(timeline) (the timeline: tick 600 renders what you see now)"), r.stdout)
        XCTAssertTrue(try String(contentsOfFile: timeline, encoding: .utf8).contains("# golden: 600"))
        for (path, white) in [(now, true), (timeline, false)] {
            let png = path + ".png"
            let render = try WaveBinary.run(["render", path, "-o", png, "--frame", "0"])
            XCTAssertEqual(render.status, 0, render.stderr)
            let image = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: png))))
            XCTAssertEqual(image.rgba[0], white ? 255 : 0, path)
        }
    }
}
