import Foundation
import XCTest
import WaveCodecs

/// Runs the built `wave` binary as a user would.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum WaveBinary {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var url: URL {
        // The test bundle sits next to the products it was built with.
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = bundleDir.appendingPathComponent("wave")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return packageRoot.appendingPathComponent(".build/debug/wave")
    }

    static func run(_ args: [String], stdin: String? = nil, environment: [String: String] = [:], in directory: URL? = nil) throws -> Run {
        let r = try runBytes(args, stdin: stdin, environment: environment, in: directory)
        return Run(status: r.status, stdout: String(decoding: r.stdout, as: UTF8.self), stderr: r.stderr)
    }

    /// Whether process `pid` catches `signal` (its SigCgt mask in /proc), polled for up to 30 s.
    static func waitUntilCatching(_ signal: Int32, pid: Int32) -> Bool {
        for _ in 0..<1500 {
            if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
               let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
               mask & (1 << UInt64(signal - 1)) != 0 { return true }
            usleep(20_000)
        }
        return false
    }

    /// Like `run`, keeping standard output as bytes. Standard error is drained on another
    /// thread, so neither pipe can fill up and block the child.
    /// Runs in `directory` (the package root unless given).
    static func runBytes(_ args: [String], stdin: String? = nil, environment: [String: String] = [:], in directory: URL? = nil) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
        let p = Process()
        p.executableURL = url
        p.arguments = args
        p.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        let errors = ErrorDrain(err.fileHandleForReading)
        if let stdin { inp.fileHandleForWriting.write(Data(stdin.utf8)) }
        try inp.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, [UInt8](o), errors.text())
    }
}

/// A new empty folder; whoever makes it removes it.
func newTemporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

extension XCTestCase {
    /// A new empty folder for this test, removed with everything in it when the test ends.
    func temporaryDirectory() throws -> URL {
        let dir = try newTemporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}

final class CLITests: XCTestCase {
    /// `wave check` names standard input as every other command does, and takes folders
    /// as `wave test` does.
    func testCheckNamesStandardInputAndTakesFolders() throws {
        let piped = try WaveBinary.run(["check", "-"], stdin: "layer a: circle { radius 3 }\n")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout, "<stdin>: ok (1 layer, 320x240)\n")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-check-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = try WaveBinary.run(["check", dir.path])
        XCTAssertEqual(empty.status, 64, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("no .wave scripts in"), empty.stderr)
        try "layer a: circle { radius 3 }\n".write(to: dir.appendingPathComponent("b.wave"), atomically: true, encoding: .utf8)
        try "layer a: circle { radus 3 }\n".write(to: dir.appendingPathComponent("a.wave"), atomically: true, encoding: .utf8)
        try "not a script".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let both = try WaveBinary.run(["check", dir.path])
        XCTAssertEqual(both.status, 65)
        XCTAssertEqual(both.stdout, "\(dir.path)/b.wave: ok (1 layer, 320x240)\n")
        XCTAssertTrue(both.stderr.contains("\(dir.path)/a.wave:1:19: error[E0202]"), both.stderr)
    }

    func testVersionIsPrintedWithExitZeroAndMatchesTheLanguageServer() throws {
        let r = try WaveBinary.run(["--version"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let words = r.stdout.split(separator: " ").map(String.init)
        XCTAssertEqual(words.first, "wave")
        XCTAssertEqual(words.count, 2, r.stdout)
        let number = words.last?.trimmingCharacters(in: .newlines) ?? ""
        XCTAssertEqual(number.split(separator: ".").count, 3, "major.minor.patch: \(number)")
        let server = try LSPProcess()
        let reply = server.request("initialize", ["capabilities": [:]])
        let info = (reply?["result"] as? [String: Any])?["serverInfo"] as? [String: Any]
        XCTAssertEqual(info?["version"] as? String, number)
        XCTAssertEqual(server.stop(), 0)
    }

    func testCheckExamplesSucceeds() throws {
        let r = try WaveBinary.run(["check", "examples/stickman.wave", "examples/progress-ball.wave"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("examples/stickman.wave: ok"), r.stdout)
    }

    func testThreeMistakesGiveThreeLocatedErrorsAndExit65() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("bad.wave")
        try """
        scene 100x100 { background #fff }
        layer a: circle { center (50, 50) radius 10 fill #12345 }
        layer b: circle { center (20, 20) radius }
        layer c: circle { center (10, 20 radius 5 fill red }
        """.write(to: script, atomically: true, encoding: .utf8)
        let r = try WaveBinary.run(["check", script.path])
        XCTAssertEqual(r.status, 65)
        let lines = r.stderr.split(separator: "\n").filter { $0.contains(": error[") }
        XCTAssertEqual(lines.map { String($0.dropFirst(script.path.count)) }, [
            ":2:50: error[E0002]: bad colour '#12345': expected 3, 4, 6 or 8 hex digits",
            ":3:35: error[E0104]: property 'radius' needs a value",
            ":4:34: error[E0102]: expected ')' to close '(' at 4:26, found 'radius'",
        ])
        // The source line and a caret under the spot follow each message.
        XCTAssertTrue(r.stderr.contains("  layer b: circle { center (20, 20) radius }\n                                    ^~~~~~\n"), r.stderr)
    }

    func testIssue14ScriptGivesExactlyItsThreeErrorsWithHelp() throws {
        // A bad colour, a property with no value, an unclosed parenthesis: three errors (the
        // bad colour no longer starts a comment that swallows the line and its '}').
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("three.wave")
        try "scene 200x100 { background #zzzzzz }\nlayer a: circle {\n  radius\n  fill red\n  center (10, 20\n}\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let r = try WaveBinary.run(["check", script.path])
        XCTAssertEqual(r.status, 65)
        let lines = r.stderr.split(separator: "\n").filter { $0.contains(": error[") }
        XCTAssertEqual(lines.map { String($0.dropFirst(script.path.count)) }, [
            ":1:28: error[E0002]: bad colour '#zzzzzz': expected 3, 4, 6 or 8 hex digits",
            ":3:3: error[E0104]: property 'radius' needs a value before 'fill'",
            ":6:1: error[E0102]: expected ')' to close '(' at 5:10, found '}'",
        ])
        XCTAssertTrue(r.stderr.contains("  help: add ')' after the last argument or coordinate\n"), r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix("3 errors in \(script.path)\n"), r.stderr)
    }

    func testStrayBracesGiveOneBoundedReport() throws {
        // Issue 13 item 6: 20 KB of '}' once printed 601 MB; '{' x 10,000 then '}' x 10,000, 351 MB.
        let dir = try temporaryDirectory()
        for (name, text) in [("close.wave", String(repeating: "}", count: 20_000)),
                             ("nest.wave", String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000)),
                             ("lines.wave", String(repeating: "}\nx = \n", count: 5_000))] {
            let script = dir.appendingPathComponent(name)
            try text.write(to: script, atomically: true, encoding: .utf8)
            let r = try WaveBinary.run(["check", script.path])
            XCTAssertEqual(r.status, 65, name)
            XCTAssertLessThan(r.stderr.utf8.count, 40_000, name)
            XCTAssertLessThanOrEqual(r.stderr.components(separatedBy: ": error[").count - 1, 50, name)
        }
    }

    func testCROnlyAndCRLFScriptsReadLikeLFOnes() throws {
        // Issue 13 item 7: a CR-only file used to be one long comment and rendered blank.
        let dir = try temporaryDirectory()
        let lf = try String(contentsOfFile: "examples/progress-ball.wave", encoding: .utf8)
        let reference = try WaveBinary.run(["ir", "examples/progress-ball.wave"])
        XCTAssertEqual(reference.status, 0)
        for (name, eol) in [("cr.wave", "\r"), ("crlf.wave", "\r\n")] {
            let script = dir.appendingPathComponent(name)
            try lf.replacingOccurrences(of: "\n", with: eol).write(to: script, atomically: true, encoding: .utf8)
            let r = try WaveBinary.run(["ir", script.path])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stdout, reference.stdout, name)
        }
        let bad = dir.appendingPathComponent("bad.wave")
        try "var x = 1\rlayer a: circle { radius qq }\r".write(to: bad, atomically: true, encoding: .utf8)
        let r = try WaveBinary.run(["check", bad.path])
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains(":2:26: error[E0201]: unknown name 'qq'\n  layer a: circle { radius qq }\n"), r.stderr)
    }

    func testRenderWritesAValidPNGThatDecodes() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("ball.png")
        let r = try WaveBinary.run(["render", "examples/progress-ball.wave", "-o", out.path, "--time", "3s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGDecoder.decode([UInt8](try Data(contentsOf: out)))
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(image.height, 200)
        func px(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * 200 + x) * 4; return Array(image.rgba[i..<i + 4]) }
        XCTAssertEqual(px(100, 20), [255, 255, 255, 255])                 // above the water: background
        XCTAssertEqual(px(2, 2), [255, 255, 255, 255])                    // outside the ball
        let water = px(100, 150)                                          // inside, under the surface
        XCTAssertTrue(water[1] > water[0] && water[2] > water[0], "water should be green-blue: \(water)")
    }

    func testSequenceRenderAndPattern() throws {
        let dir = try temporaryDirectory()
        let r = try WaveBinary.run(["render", "examples/stickman.wave", "-o", dir.path + "/f%03d.png", "--from", "0t", "--to", "3t"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertEqual(names, ["f000.png", "f001.png", "f002.png"])

        // Two placeholders would name every file by the first alone: a usage error.
        let two = try WaveBinary.run(["render", "examples/stickman.wave", "-o", dir.path + "/g%04d-%04d.png", "--to", "3t"])
        XCTAssertEqual(two.status, 64)
        XCTAssertTrue(two.stderr.contains("holds 2 tick placeholders"), two.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).count, 3, "nothing more written")
    }

    /// Standard output or error that cannot be written (a full disk, a closed descriptor, a
    /// reader gone): exit 74 where output was lost, never a crash (Foundation's FileHandle
    /// write stopped the process with SIGILL, status 132).
    func testUnwritableStandardStreamsAreIOErrorsNotCrashes() throws {
        let bin = WaveBinary.url.path
        let dir = try temporaryDirectory()
        func sh(_ command: String) throws -> Run { try WaveBinary.runProcess("/bin/sh", ["-c", "cd '\(dir.path)' && " + command]) }
        try "layer a: circle {\n".write(to: dir.appendingPathComponent("bad.wave"), atomically: true, encoding: .utf8)
        let root = WaveBinary.packageRoot.path
        for (command, status) in [
            ("'\(bin)' check bad.wave 2>/dev/full", 65),
            ("'\(bin)' render '\(root)/examples/sonar.wave' -o z.png 2>/dev/full", 0),
            ("'\(bin)' render --bogus 2>&-", 64),
            ("'\(bin)' trace '\(root)/examples/sonar.wave' --prop 1 --to 3t >/dev/full", 74),
            ("echo ':help' | '\(bin)' repl >/dev/full", 74),
            ("'\(bin)' check '\(root)/examples/sonar.wave' >/dev/full", 74),
            ("'\(bin)' check '\(root)/examples/sonar.wave' >&-", 74),
            ("'\(bin)' --help >/dev/full", 74),
            ("'\(bin)' render --help >/dev/full", 74),
            ("'\(bin)' --version >/dev/full", 74),
            ("'\(bin)' --help >/dev/null", 0),
            ("'\(bin)' 2>/dev/null", 64),
        ] {
            let r = try sh(command)
            XCTAssertEqual(r.status, Int32(status), command + "\n" + r.stderr)
            XCTAssertFalse(r.stderr.contains("Fatal error"), r.stderr)
        }
        let full = try sh("'\(bin)' trace '\(root)/examples/sonar.wave' --prop 1 --to 3t >/dev/full")
        XCTAssertTrue(full.stderr.contains("cannot write to standard output: no space left on device"), full.stderr)
        // A reader that goes away: the same error, not death by SIGPIPE.
        let piped = try sh("'\(bin)' trace '\(root)/examples/sonar.wave' --prop 1 --to 3000s | head -1")
        XCTAssertTrue(piped.stdout.hasPrefix("tick,time,1\n"), piped.stdout)
        XCTAssertTrue(piped.stderr.contains("the reader closed the pipe"), piped.stderr)
        // Where a directory cannot be made, the system's reason.
        let golden = try sh("'\(bin)' test '\(root)/examples/sonar.wave' --goldens /dev/full --record")
        XCTAssertEqual(golden.status, 74, golden.stderr)
        XCTAssertTrue(golden.stderr.contains("cannot create directory '/dev/full/sonar': not a directory"), golden.stderr)
    }

    /// Standard error whose reader has gone: the command's own exit status, not SIGPIPE.
    func testAStandardErrorNobodyReadsLeavesTheExitStatusAlone() throws {
        for (args, status) in [(["check", "/nonexistent/x.wave"], Int32(74)), (["render", "--bogus"], 64)] {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            let process = Process()
            process.executableURL = WaveBinary.url
            process.arguments = args
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "\(args)")
            XCTAssertEqual(process.terminationStatus, status, "\(args)")
        }
    }

    /// One frame is "1 frame", in every kind of render's line.
    func testOneFrameIsSingular() throws {
        let out = NSTemporaryDirectory() + "wave-one-\(getpid()).gif"
        defer { unlink(out) }
        let r = try WaveBinary.run(["render", WaveBinary.packageRoot.path + "/examples/spinner.wave", "-o", out, "--from", "3.99s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("(1 frame at 50 fps, 200x200"), r.stderr)
    }

    /// Options that would do nothing together are refused, not silently dropped.
    func testOptionsThatCannotGoTogetherAreUsageErrors() throws {
        let sonar = WaveBinary.packageRoot.path + "/examples/sonar.wave"
        for (args, message) in [
            (["render", sonar, "-o", "/tmp/never.png", "--jobs", "3"], "--jobs renders several scripts at once: it goes with --out-dir DIR"),
            (["render", sonar, "-o", "/tmp/never.png", "-q", "--progress"], "give -q (print nothing but errors) or --progress, not both"),
            (["bench", sonar, "--cpu", "--sinks"], "--sinks and --cpu are different measurements: give one"),
            (["bench", sonar, "--reload", "36001s"], "--reload 36001s: a time is at most 10 hours (2160000t)"),
        ] {
            let r = try WaveBinary.run(args)
            XCTAssertEqual(r.status, 64, args.joined(separator: " ") + "\n" + r.stderr)
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
            XCTAssertTrue(r.stderr.contains("Usage: wave \(args[0])"), "the subcommand's usage, not the root's: " + r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/never.png"))
    }

    /// A file name with control characters is quoted with them escaped: a name cannot drive
    /// the terminal (colour, title, clear screen) through an error message.
    func testControlCharactersInNamesAreEscapedInMessages() throws {
        let bin = WaveBinary.url.path
        for command in ["'\(bin)' check $'/tmp/no\\x1b[2Jsuch.wave'",
                        "'\(bin)' render '\(WaveBinary.packageRoot.path)/examples/sonar.wave' -o $'/tmp/no\\x1b[2Jdir/x.png'"] {
            let r = try WaveBinary.runProcess("/bin/bash", ["-c", command])
            XCTAssertEqual(r.status, 74, r.stderr)
            XCTAssertFalse(r.stderr.contains("\u{1B}"), r.stderr)
            XCTAssertTrue(r.stderr.contains("/tmp/no\\u{1b}[2J"), r.stderr)
        }
    }

    /// Outputs that would write over an input, or that no join makes, are refused before
    /// anything is written; `fmt -` prints instead of writing a file named '-'.
    func testOutputsNeverReplaceTheirInputs() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("s.wave")
        try FileManager.default.copyItem(at: WaveBinary.packageRoot.appendingPathComponent("examples/sonar.wave"), to: script)
        let before = try RenderFixtures.bytes(script)
        let gif = dir.appendingPathComponent("x.gif").path
        for (args, message) in [
            (["render", script.path, "-o", gif, "--state-to", gif], "names the render's own output"),
            (["render", script.path, "-o", gif, "--state-to", script.path], "would write over the script"),
            (["join", script.path, gif + ".0-1.part"], "is no animation to join into"),
            (["render", script.path, "-o", dir.path + "/o%099999999d.png", "--to", "2t"], "pads tick numbers to 99999999 digits"),
        ] {
            let r = try WaveBinary.run(args)
            XCTAssertEqual(r.status, 64, args.joined(separator: " ") + "\n" + r.stderr)
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
        let link = dir.appendingPathComponent("p.svg")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: script)
        let plot = try WaveBinary.run(["trace", script.path, "--prop", "1", "--plot", link.path])
        XCTAssertEqual(plot.status, 64, plot.stderr)
        XCTAssertEqual(try RenderFixtures.bytes(script), before, "the script is intact")
        XCTAssertFalse(FileManager.default.fileExists(atPath: gif))

        let fmt = try WaveBinary.runProcess("/bin/sh", ["-c", "cd '\(dir.path)' && printf 'scene 100x100 {}\\nvar   x=1\\n' | '\(WaveBinary.url.path)' fmt -"])
        XCTAssertEqual(fmt.status, 0, fmt.stderr)
        XCTAssertEqual(fmt.stdout, "scene 100x100 {}\nvar x = 1\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/-"))
    }

    func testANegativeSizeIsNamedAsASizeAndUsageErrorsLeaveNoOutDir() throws {
        // "-5x10" is the value of --size, not an unknown option ("Missing value" before).
        for command in [["render", "examples/stickman.wave", "-o", "x.png"], ["bench", "examples/stickman.wave"]] {
            let r = try WaveBinary.run(command + ["--size", "-5x10"])
            XCTAssertEqual(r.status, 64)
            XCTAssertTrue(r.stderr.contains("--size -5x10: width and height go from 1 to 8192"), r.stderr)
        }
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("renders")
        let clash = try WaveBinary.run(["render", "examples/stickman.wave", "examples/stickman.wave", "--out-dir", out.path,
                                        "--format", "png"])
        XCTAssertEqual(clash.status, 64)
        XCTAssertTrue(clash.stderr.contains("two scripts are named 'stickman'"), clash.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "no empty --out-dir is left")
    }

    func testExitCodes() throws {
        XCTAssertEqual(try WaveBinary.run(["check", "/nonexistent/x.wave"]).status, 74)
        XCTAssertEqual(try WaveBinary.run(["render"]).status, 64)
        XCTAssertEqual(try WaveBinary.run(["render", "examples/stickman.wave", "-o", "x.png", "--frame", "1", "--time", "1s"]).status, 64)
        XCTAssertEqual(try WaveBinary.run(["frobnicate"]).status, 64)
        // `wave help NAME` for no such subcommand is a usage error naming it, not the
        // general help with status 0; a real one prints its help.
        let topic = try WaveBinary.run(["help", "rendr"])
        XCTAssertEqual(topic.status, 64)
        XCTAssertTrue(topic.stderr.hasPrefix("wave: error: unknown subcommand 'rendr'; did you mean 'render'?"), topic.stderr)
        let help = try WaveBinary.run(["help", "trace"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: Print values per tick"), help.stdout)
        // A misspelt option with its value: the option is named, not the value taken for a script.
        let misspelt = try WaveBinary.run(["render", "examples/stickman.wave", "--tim", "1s", "-o", "x.png"])
        XCTAssertEqual(misspelt.status, 64)
        XCTAssertTrue(misspelt.stderr.contains("unknown option '--tim'; did you mean '--time'?"), misspelt.stderr)
        // An unknown option is named even when the script is missing too (the parser
        // would name the missing script first).
        for command in ["check", "render", "play", "fmt", "trace"] {
            let r = try WaveBinary.run([command, "--bogus"])
            XCTAssertEqual(r.status, 64, command)
            XCTAssertTrue(r.stderr.hasPrefix("wave: error: unknown option '--bogus'\nUsage: wave \(command)"), "\(command): \(r.stderr)")
        }
        // `--stdio`, which language clients pass, is accepted: input that ends without
        // 'shutdown' is exit status 1, not a usage error.
        XCTAssertEqual(try WaveBinary.run(["lsp", "--stdio"], stdin: "").status, 1)
        let two = try WaveBinary.run(["render", "examples/stickman.wave", "examples/spinner.wave", "-o", "x.png"])
        XCTAssertEqual(two.status, 64)
        XCTAssertTrue(two.stderr.contains("several scripts need --out-dir DIR"), two.stderr)
        let dir = try temporaryDirectory()
        let unwritable = try WaveBinary.run(["render", "examples/stickman.wave", "-o", dir.path + "/no/such/dir/x.png"])
        XCTAssertEqual(unwritable.status, 74)
        XCTAssertTrue(unwritable.stderr.contains("does not exist"), unwritable.stderr)
        let nan = dir.appendingPathComponent("nan.wave")
        try "var r = 0\nlayer c: circle { center (10, 10) radius 1 / r * 0 }\nevery tick { r += 0 }".write(to: nan, atomically: true, encoding: .utf8)
        let runtime = try WaveBinary.run(["render", nan.path, "-o", dir.path + "/n.png"])
        XCTAssertEqual(runtime.status, 70)
        XCTAssertTrue(runtime.stderr.contains("nan.wave:2:35: error[E0706]: radius of layer 'c' evaluates to nan, which is not a finite number"), runtime.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/n.png"))
    }

    func testNotUTF8IsAScriptError() throws {
        let dir = try temporaryDirectory()
        let f = dir.appendingPathComponent("latin1.wave")
        try Data([0x76, 0x61, 0x72, 0x20, 0x78, 0x20, 0x3d, 0x20, 0x31, 0x0a, 0x23, 0x20, 0xe9, 0x0a]).write(to: f)
        let r = try WaveBinary.run(["check", f.path])
        XCTAssertEqual(r.status, 65)
        XCTAssertTrue(r.stderr.contains("latin1.wave:2:3: error[E0008]: the file is not valid UTF-8"), r.stderr)
    }

    func testPlayWithoutATerminalWritesFrames() throws {
        // (The harness sets NO_COLOR; set but empty, it asks for nothing.)
        let r = try WaveBinary.run(["play", "examples/stickman.wave", "--ticks", "3", "--width", "40", "--height", "12"],
                                   environment: ["NO_COLOR": ""])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.components(separatedBy: "\u{1B}[?2026h").count - 1, 3)   // three synchronized frames
        XCTAssertTrue(r.stdout.contains("38;2;"), "24-bit colour expected")
        XCTAssertTrue(r.stdout.contains("▀"))
        // NO_COLOR holds for frames written to a file too: no colour codes at all.
        let plain = try WaveBinary.run(["play", "examples/stickman.wave", "--ticks", "3", "--width", "40", "--height", "12"],
                                       environment: ["NO_COLOR": "1"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(plain.stdout.contains("38;2;") || plain.stdout.contains("38;5;") || plain.stdout.contains("48;"), "no colour with NO_COLOR")
        XCTAssertEqual(plain.stdout.components(separatedBy: "\u{1B}[?2026h").count - 1, 3)
    }

    /// A plot of values that are not numbers draws nothing: an error, and no file.
    func testPlotOfNothingNumericIsAnError() throws {
        let dir = try temporaryDirectory()
        let svg = dir.appendingPathComponent("c.svg").path
        let r = try WaveBinary.run(["trace", "examples/stickman.wave", "--prop", "figure.fill", "--plot", svg])
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertTrue(r.stderr.contains("nothing to plot: figure.fill is not numbers, true/false or points"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: svg))
    }

    func testIRShowsResolvedLayersAndTimers() throws {
        let r = try WaveBinary.run(["ir", "examples/progress-ball.wave"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("layer 2 surface: wave mask inside (mask only, not drawn)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("amplitude = (5 * v)   (bound: re-evaluated every tick)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("every 1t"), r.stdout)
    }
}

final class TraceTests: XCTestCase {
    /// The issue's reference: spring 0 → 1 with m=1, k=100, c=10 at ticks 30 and 60.
    func testTraceOfASpringMatchesTheReferenceValues() throws {
        let dir = try temporaryDirectory()
        let f = dir.appendingPathComponent("spring.wave")
        try "var x = 0\nspring x to 1 { mass 1  stiffness 100  damping 10 }\n".write(to: f, atomically: true, encoding: .utf8)
        let r = try WaveBinary.run(["trace", f.path, "--prop", "x", "--to", "1s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(rows.first, ["tick", "time", "x"])
        XCTAssertEqual(rows.count, 62)
        XCTAssertEqual(Double(rows[31][2]) ?? 0, 1.0745905665950333, accuracy: 1e-9)
        XCTAssertEqual(rows[31][0], "30")
        XCTAssertEqual(Double(rows[61][2]) ?? 0, 1.0021701167393262, accuracy: 1e-9)
        let json = try WaveBinary.run(["trace", f.path, "--prop", "x", "--prop", "x * 2", "--from", "30t", "--to", "30t", "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(parsed?.count, 1)
        XCTAssertEqual(parsed?.first?["tick"] as? Int, 30)
        XCTAssertEqual(parsed?.first?["x * 2"] as? Double ?? 0, 2 * 1.0745905665950333, accuracy: 1e-9)
    }

    /// Columns come in the order the options were given, --layer and --prop mixed.
    func testTraceColumnsFollowTheOrderOfTheOptions() throws {
        for (args, header) in [(["--layer", "plane", "--prop", "t"], "tick,time,plane.position,plane.rotation,t"),
                               (["--prop", "t", "--layer=plane", "--prop", "2 * t"], "tick,time,t,plane.position,plane.rotation,2 * t")] {
            let r = try WaveBinary.run(["trace", "examples/paper-plane.wave"] + args + ["--to", "0t"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stdout.split(separator: "\n").first.map(String.init), header, "\(args)")
        }
    }

    func testTraceOfALayerPropertyAndAnUnknownName() throws {
        let r = try WaveBinary.run(["trace", "examples/progress-ball.wave", "--prop", "surface.level", "--to", "2t"])
        XCTAssertEqual(r.stdout, "tick,time,surface.level\n0,0,199\n1,0.016666666666666666,198\n2,0.03333333333333333,197\n")
        let bad = try WaveBinary.run(["trace", "examples/progress-ball.wave", "--prop", "surface.levl"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--prop 'surface.levl': unknown property 'levl' on wave layer 'surface'; did you mean 'level'?"), bad.stderr)
    }

    /// `--layer` traces what motion derives: the typing example's visible characters step
    /// every 80 ms (4.8 ticks), and the paper plane's rotation is the tangent's angle.
    func testTraceOfALayersDerivedValues() throws {
        let r = try WaveBinary.run(["trace", "examples/typing.wave", "--layer", "line", "--to", "10t"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(rows.first, ["tick", "time", "line.position", "line.rotation", "line.visible-chars"])
        XCTAssertEqual(rows.dropFirst().map { $0[4] }, (0...10).map { String($0 * 1000 / 4800) })
        let plane = try WaveBinary.run(["trace", "examples/paper-plane.wave", "--layer", "plane", "--to", "0t"])
        // Tick 0: at (160, 100), heading along the first cubic's first leg, (40, −60).
        XCTAssertEqual(plane.stdout, "tick,time,plane.position,plane.rotation\n0,0,(160 100),\(atan2(-60.0, 40.0))\n")
        let bad = try WaveBinary.run(["trace", "examples/typing.wave", "--layer", "lin"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--layer 'lin' is not a layer of this script; did you mean 'line'?"), bad.stderr)
    }
}

final class ExampleSceneTests: XCTestCase {
    /// examples/sonar.wave over a 60 s run: rings are spawned every 0.6 s and removed when
    /// their animation ends, so the live layer count never grows past four.
    func testSonarLayerCountStaysBoundedOverSixtySeconds() throws {
        // The REPL lists the live layers after each second of stepping.
        let session = try WaveBinary.run(["repl", "examples/sonar.wave"], stdin: (0..<60).map { _ in ":step 60\n:list\n" }.joined())
        XCTAssertEqual(session.status, 0, session.stderr)
        var most = 0, lastCount = 0, counts: [Int] = []
        for line in session.stdout.split(separator: "\n") {
            if line.hasPrefix("tick ") { counts.append(lastCount); lastCount = 0; continue }
            if line.contains(": rect") { lastCount += 1; most = max(most, lastCount) }
        }
        counts.append(lastCount)
        XCTAssertEqual(counts.count, 61)
        XCTAssertEqual(most, 4, "the button plus at most three rings")
        XCTAssertEqual(counts.last, 4)
    }
}
