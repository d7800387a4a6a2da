import Foundation
import XCTest
import WaveCompiler
import WaveSyntax
@testable import WaveDriver
import WaveSinks

/// The application's edge logic exists once: times, script reading and exit statuses.
final class EdgeLogicTests: XCTestCase {
    func testABareNumberMeansWhatTheCallSiteSays() {
        XCTAssertEqual(TimeValue.ticks("2", bare: .seconds), 120)
        XCTAssertEqual(TimeValue.ticks("2", bare: .ticks), 2)
        XCTAssertEqual(TimeValue.ticks("1.5s", bare: .ticks), 90)
        XCTAssertEqual(TimeValue.ticks("250ms", bare: .seconds), 15)
        XCTAssertEqual(TimeValue.ticks("90t", bare: .seconds), 90)
        XCTAssertEqual(TimeValue.ticks("0.0125s", bare: .ticks), 1)         // 0.75 tick rounds to 1
    }

    func testTimesThatAreNotTimesAreRejected() {
        for bad in ["", "s", "-1", "-1s", "abc", "1e400", "nan", "inf", "1.5t", "2.5"] {
            XCTAssertNil(TimeValue.ticks(bad, bare: .ticks), bad)
        }
        XCTAssertNil(TimeValue.ticks("nan", bare: .seconds))
        XCTAssertNil(TimeValue.ticks("-0.5", bare: .seconds))
        // Swift's Double reads hexadecimal: "0x10" was 16 seconds.
        for hex in ["0x10", "0x1p4s", "0X2t"] { XCTAssertNil(TimeValue.ticks(hex, bare: .seconds), hex) }
        XCTAssertEqual(TimeValue.ticks("1e1", bare: .seconds), 600)
    }

    func testEveryTimeSharesTheDurationCap() {
        let cap = Compiler.maxTicks
        XCTAssertEqual(TimeValue.ticks("\(cap)t", bare: .seconds), cap)
        XCTAssertNil(TimeValue.ticks("\(cap + 1)t", bare: .seconds))
        XCTAssertNil(TimeValue.ticks("\(cap + 1)", bare: .ticks))
        XCTAssertEqual(TimeValue.ticks("\(cap / 60)s", bare: .ticks), cap)
        XCTAssertNil(TimeValue.ticks("\(cap / 60 + 1)", bare: .seconds))
        // `# golden:` reads with the same parser: bare numbers are ticks there.
        XCTAssertEqual(try GoldenTicks.ticks(in: "# golden: 2 0.5s\n", durationTicks: nil), [2, 30])
        XCTAssertThrowsError(try GoldenTicks.ticks(in: "# golden: \(cap + 1)\n", durationTicks: nil))
    }

    func testTheScriptReaderLocatesBadUTF8AndNamesUnreadableFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-reader-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.wave")
        try Data(Array("scene 10x10\nlayer a: circle { }\n  x \u{e9}".utf8.dropLast(1))).write(to: bad)
        XCTAssertThrowsError(try ScriptReader.read(bad.path)) { error in
            guard let e = error as? ScriptReadError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.exit, .script)
            XCTAssertEqual(e.location?.line, 3)
            XCTAssertEqual(e.location?.column, 5)
            XCTAssertEqual(e.message, "the file is not valid UTF-8 (byte 0xc3)")
        }
        XCTAssertThrowsError(try ScriptReader.read(dir.appendingPathComponent("none.wave").path)) { error in
            XCTAssertEqual((error as? ScriptReadError)?.exit, .io)
            XCTAssertEqual((error as? ScriptReadError)?.message.hasSuffix(": no such file or directory"), true)
        }
        XCTAssertThrowsError(try ScriptReader.read(dir.path + "/\u{FFFD}.wave")) { error in
            XCTAssertEqual((error as? ScriptReadError)?.message.hasSuffix(": the file name is not valid UTF-8"), true)
        }
        XCTAssertThrowsError(try ScriptReader.read(dir.path)) { error in
            XCTAssertEqual((error as? ScriptReadError)?.message.hasSuffix(": it is a directory"), true)
        }
        let good = dir.appendingPathComponent("good.wave")
        try "scene 10x10\n".write(to: good, atomically: true, encoding: .utf8)
        XCTAssertEqual(try ScriptReader.read(good.path).text, "scene 10x10\n")
        XCTAssertThrowsError(try ScriptReader.read(bad.path)) { error in
            XCTAssertEqual((error as? ScriptReadError)?.locatedLine,
                           "\(bad.path):3:5: error[E0008]: the file is not valid UTF-8 (byte 0xc3)")
        }
    }

    func testTheScriptReaderReadsAFIFOToItsEnd() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("wave-fifo-\(getpid())").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let text = "scene 10x10\n" + String(repeating: "# padding past one read of 64 KiB\n", count: 3000)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            let bytes = Array(text.utf8)
            var done = 0
            while done < bytes.count {
                let n = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                done += n
            }
            close(fd)
        }
        writer.start()
        XCTAssertEqual(try ScriptReader.read(fifo).text, text)
    }

    func testTheWatcherReadsThroughTheSameReader() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wave-watch-\(getpid()).wave").path
        defer { unlink(path) }
        try "scene 10x10\n".write(toFile: path, atomically: true, encoding: .utf8)
        let watcher = ScriptWatcher(path: path)
        XCTAssertNil(watcher.poll())
        try Data([0x73, 0x63, 0xFF]).write(to: URL(fileURLWithPath: path))
        guard case .failure(let e)? = watcher.poll() else { return XCTFail("a changed file with bad UTF-8 is a failure") }
        XCTAssertEqual(e.location?.column, 3)
        XCTAssertNil(watcher.poll())
    }

    func testFailuresMapToTheDocumentedExitCodes() {
        XCTAssertEqual(Exit.report(IOError("disk full"), source: nil), .io)
        XCTAssertEqual(Exit.report(Exit.usage, source: nil), .usage)
        XCTAssertEqual(Exit.signal(2).code, 130)
        XCTAssertEqual([Exit.ok, .usage, .script, .runtime, .io].map(\.code), [0, 64, 65, 70, 74])
    }
}

/// The player's and the REPL's status rows write times and speeds the same way.
final class StatusTextTests: XCTestCase {
    func testTimesAreHundredthsRoundedDown() {
        XCTAssertEqual(StatusText.time(ofTick: 0), "0.00s")
        XCTAssertEqual(StatusText.time(ofTick: 177), "2.95s")        // was "2.9s" in the player
        XCTAssertEqual(StatusText.time(ofTick: 1084), "18.06s")      // was "18.066667s" in the REPL
        XCTAssertEqual(StatusText.time(ofTick: 59), "0.98s")
        XCTAssertEqual(StatusText.time(ofTick: 60), "1.00s")
    }

    func testSpeeds() {
        XCTAssertEqual(StatusText.speed(1), "1x")
        XCTAssertEqual(StatusText.speed(8), "8x")
        XCTAssertEqual(StatusText.speed(0.5), "1/2x")
        XCTAssertEqual(StatusText.speed(1.0 / 64), "1/64x")          // was "0.015625x"
        XCTAssertEqual(StatusText.speed(0.75), "0.75x")
        XCTAssertEqual(StatusText.speed(1.5), "1.5x")
        XCTAssertEqual(StatusText.speed(0.3), "0.3x")
    }
}

final class WatcherAndKeyTests: XCTestCase {
    /// An editor's save truncates first: the empty moment is not shown as a blank scene.
    func testAnEmptyFileIsNotANewVersionUntilItStaysEmpty() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wave-empty-\(getpid()).wave").path
        defer { unlink(path) }
        try "scene 10x10\n".write(toFile: path, atomically: false, encoding: .utf8)
        let watcher = ScriptWatcher(path: path)
        XCTAssertNil(watcher.check())
        truncate(path, 0)
        XCTAssertNil(watcher.check(), "the truncated moment is skipped")
        try "scene 20x20\nlayer a: circle { }\n".write(toFile: path, atomically: false, encoding: .utf8)
        guard case .compiled(let program, _)? = watcher.check() else { return XCTFail("the written version loads") }
        XCTAssertEqual(program.scene.width, 20)
        truncate(path, 0)
        XCTAssertNil(watcher.check())
        XCTAssertNotNil(watcher.check(), "a file left empty is a version after all")
    }

    func testEscQuitsButArrowsStillStep() {
        var d = KeyDecoder()
        XCTAssertEqual(d.decode([0x1B]), [])
        XCTAssertEqual(d.flush(), [.quit], "Esc with nothing after it")
        XCTAssertEqual(d.decode([0x1B, 0x5B]), [])
        XCTAssertEqual(d.decode([0x43]), [.stepForward])
        XCTAssertEqual(d.flush(), [])
        XCTAssertEqual(d.decode([0x1B, UInt8(ascii: "r")]), [.quit, .restart], "Esc, then another key")
    }
}

final class TerminalColorsTests: XCTestCase {
    /// A terminfo database of a few entries, as `tput` would answer.
    static let db: [String: [String: String]] = [
        "xterm": ["colors": "8"], "xterm-256color": ["colors": "256"], "xterm-direct": ["colors": "16777216", "RGB": "yes"],
        "tmux-256color": ["colors": "256", "Tc": "yes"], "vt100": ["colors": "-1"], "rxvt-16color": ["colors": "16"],
    ]
    func detect(_ env: [String: String]) -> ColorMode {
        TerminalColors.detect(environment: env) { term, cap in Self.db[term]?[cap] }
    }

    func testTerminfoDecidesWhenTheEnvironmentDoesNot() {
        XCTAssertEqual(detect(["TERM": "xterm-direct"]), .truecolor)
        XCTAssertEqual(detect(["TERM": "tmux-256color"]), .truecolor, "Tc")
        XCTAssertEqual(detect(["TERM": "xterm-256color"]), .palette256)
        XCTAssertEqual(detect(["TERM": "rxvt-16color"]), .ansi16)
        XCTAssertEqual(detect(["TERM": "xterm"]), .ansi8, "colors#8: no bright codes")
        XCTAssertEqual(detect(["TERM": "xterm", "COLORTERM": "yes"]), .palette256)
        XCTAssertEqual(detect(["TERM": "vt100"]), .none)
    }

    func testTheEnvironmentComesFirstAndUnknownTerminalsGoByName() {
        XCTAssertEqual(detect(["TERM": "xterm", "COLORTERM": "truecolor"]), .truecolor)
        XCTAssertEqual(detect(["TERM": "xterm-direct", "NO_COLOR": "1"]), .none)
        XCTAssertEqual(detect(["TERM": "dumb"]), .none)
        XCTAssertEqual(detect(["TERM": "xterm-kitty"]), .truecolor, "not in this terminfo, known by name")
        XCTAssertEqual(detect(["TERM": "alacritty"]), .truecolor)
        XCTAssertEqual(detect(["TERM": "screen-256color"]), .palette256)
        XCTAssertEqual(detect(["TERM": "linux"]), .ansi16)
    }

    func testTheRealTputAnswersForKnownTerminals() throws {
        guard Tput.query("xterm-256color", "colors") != nil else { throw XCTSkip("no terminfo entry for xterm-256color here") }
        XCTAssertEqual(Tput.query("xterm-256color", "colors"), "256")
        XCTAssertEqual(TerminalColors.detect(environment: ["TERM": "xterm-256color"]), .palette256)
        XCTAssertNil(Tput.query("no-such-terminal", "colors"))
    }

    /// A word of a command printed to copy: plain when no shell would read it otherwise.
    func testShellQuotingLeavesPlainWordsAndQuotesTheRest() {
        XCTAssertEqual(Console.shellQuoted("goldens/x-1.png"), "goldens/x-1.png")
        XCTAssertEqual(Console.shellQuoted("my goldens"), "'my goldens'")
        XCTAssertEqual(Console.shellQuoted("a b's"), "'a b'\\''s'")
        XCTAssertEqual(Console.shellQuoted("$HOME"), "'$HOME'")
        XCTAssertEqual(Console.shellQuoted(""), "''")
    }
}
