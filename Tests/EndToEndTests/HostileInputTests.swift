import Foundation
import XCTest

/// Hostile inputs, generated here rather than committed as megabyte files, each run through
/// the built binary under a 2 GiB address-space limit and a 30 s time limit. Every one must
/// end with a documented exit code and a message, never a signal (a stack overflow is
/// SIGSEGV, a Swift trap SIGILL, the time limit SIGKILL).
final class HostileInputTests: XCTestCase {
    static let inputs: [(name: String, text: String)] = [
        ("sum-chain", "scene 100x100\nvar x = " + Array(repeating: "1", count: 100_000).joined(separator: " + ") + "\n"),
        ("and-chain", "scene 100x100\nvar x = " + Array(repeating: "true", count: 100_000).joined(separator: " && ") + "\n"),
        ("less-chain", "scene 100x100\nvar x = " + Array(repeating: "1", count: 100_000).joined(separator: " < ") + "\n"),
        ("member-chain", "scene 100x100\nvar x = a" + String(repeating: ".b", count: 100_000) + "\n"),
        ("else-if-chain", "scene 100x100\nvar a = 0\nevery tick {\n  if a == 0 { a = 1 }"
            + (1..<10_000).map { " else if a == \($0) { a = 1 }" }.joined() + "\n}\n"),
        ("then-chain", "scene 100x100\nlayer c: circle { center (50, 50) radius 10 fill #fff }\nat 0s { animate c.radius to 20 over 1t"
            + (0..<10_000).map { " then animate c.radius to \($0 % 50) over 1t" }.joined() + " }\n"),
        ("mask-chain", "scene 100x100\nlayer l0: circle { center (50, 50) radius 40 fill #fff }\n"
            + (1..<5_000).map { "layer l\($0): circle { center (50, 50) radius 40 fill #fff mask l\($0 - 1) }\n" }.joined()),
        ("nan-hsl-binding", "scene 100x100\nvar z = 0\nlayer c: circle { center (50, 50) radius 10 fill hsl(z / z * 1deg, 0.5, 0.5) }\n"),
        ("nan-rgba-constant", "scene 100x100\nlet z = 0\nlayer c: circle { center (50, 50) radius 10 fill rgba(z / z, 255, 1 / z, sqrt(-1)) }\n"),
        ("nan-rotation", "scene 100x100\nvar z = 0\nlayer c: circle { center (50, 50) radius 10 fill #fff rotation z / z }\n"),
        ("negative-scene", "scene -1x5\nlayer c: circle { radius 5 }\n"),
        ("string-doubling", "scene 100x100\nvar s = \"ab\"\nlayer label: text s { position (10, 50) }\nevery tick { s = s + s }\nat 1s { stop }\n"),
        // 130,000 errors on one megabyte line: columns must not cost a scan of the line each.
        ("megabyte-line-of-mistakes", "scene 100x100\n" + String(repeating: "layer } ", count: 130_000) + "\n"),
        ("megabyte-text", "scene 100x100\nlayer label: text \"" + String(repeating: "w", count: 1_000_000) + "\" { position (10, 50) }\n"),
    ]

    /// Runs `wave args` under the memory and time limits; returns the exit status (or 128 +
    /// signal) and standard error.
    func limitedRun(_ args: [String], stdin: String? = nil, addressSpaceKB: Int = 2_097_152, seconds: Int = 30,
                    environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let script = "ulimit -v \(addressSpaceKB); exec timeout -s KILL \(seconds) \"$0\" \"$@\""
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script, WaveBinary.url.path] + args
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
        let status = p.terminationReason == .uncaughtSignal ? 128 + p.terminationStatus : p.terminationStatus
        return (status, String(decoding: o, as: UTF8.self), errors.text())
    }

    func testEveryHostileInputEndsWithACodeAndAMessage() throws {
        let dir = try temporaryDirectory()
        for input in Self.inputs {
            let path = dir.appendingPathComponent("\(input.name).wave").path
            try input.text.write(toFile: path, atomically: true, encoding: .utf8)
            for args in [["check", path], ["render", path, "-o", dir.appendingPathComponent("\(input.name).png").path]] {
                let r = try limitedRun(args)
                XCTAssertTrue([0, 65, 70].contains(r.status), "\(input.name) \(args[0]): status \(r.status)\n\(r.stderr.prefix(300))")
                XCTAssertFalse((r.stdout + r.stderr).isEmpty, "\(input.name) \(args[0]): no message")
                if r.status != 0 { XCTAssertTrue(r.stderr.contains("\(input.name).wave:"), "\(input.name) \(args[0]): not located: \(r.stderr.prefix(300))") }
            }
        }
    }

    /// Files that travel between machines (saved states, render parts) or that a script
    /// names (images) may be devices, links to them or FIFOs: each is refused at once with
    /// a message naming it (exit 65), never read until memory runs out or waited on.
    func testDevicesAndFIFOsWhereAFileIsExpectedAreRefused() throws {
        let dir = try temporaryDirectory()
        let scene = dir.appendingPathComponent("s.wave").path
        try "scene 40x40 { duration 0.5s }\nlayer c: circle { center (20, 20) radius 8 fill #fff }\n".write(toFile: scene, atomically: true, encoding: .utf8)
        let link = dir.appendingPathComponent("random.state").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/urandom")
        for state in ["/dev/zero", link] {
            let r = try limitedRun(["render", scene, "-o", dir.appendingPathComponent("x.gif").path, "--state-from", state])
            XCTAssertEqual(r.status, 65, "state from \(state): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("\(state): not a state file: it is not a regular file"), r.stderr)
        }
        let out = dir.appendingPathComponent("y.gif").path
        for shard in ["0/2", "1/2"] { XCTAssertEqual(try limitedRun(["render", scene, "-o", out, "--shard", shard, "-q"]).status, 0) }
        let part = out + ".15-30.part"
        XCTAssertTrue(FileManager.default.fileExists(atPath: part))
        try FileManager.default.removeItem(atPath: part)
        try FileManager.default.createSymbolicLink(atPath: part, withDestinationPath: "/dev/zero")
        let join = try limitedRun(["join", out])
        XCTAssertEqual(join.status, 65, join.stderr)
        XCTAssertTrue(join.stderr.contains("not a part: it is not a regular file"), join.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written")
        let fifo = dir.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let image = dir.appendingPathComponent("i.wave").path
        try "scene 40x40\nlayer p: image { source \"pipe.png\" }\n".write(toFile: image, atomically: true, encoding: .utf8)
        let check = try limitedRun(["check", image])
        XCTAssertEqual(check.status, 65, check.stderr)
        XCTAssertTrue(check.stderr.contains("i.wave:2:18: error[E0320]: cannot read image 'pipe.png'") && check.stderr.contains("it is not a regular file"), check.stderr)
    }

    /// Every documented maximum is safe under a 4 GiB address-space limit: a text layer of
    /// WAVE_MAX_TEXT's largest value less one renders (a still and an animation), and the
    /// largest value plus one is a usage error.
    func testTheLargestTextLimitRendersWithinFourGigabytes() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("long-text.wave").path
        try ("scene 400x100 { duration 0.05s }\nlayer label: text \"" + String(repeating: "abcdefghij", count: 20_000).dropLast()
             + "\" { position (10, 50) }\n").write(toFile: script, atomically: true, encoding: .utf8)
        for out in ["t.png", "t.apng"] {
            let r = try limitedRun(["render", script, "-o", dir.appendingPathComponent(out).path, "-q"], addressSpaceKB: 4_194_304,
                                   seconds: 300, environment: ["WAVE_MAX_TEXT": "200000"])
            XCTAssertEqual(r.status, 0, "\(out): \(r.stderr.prefix(300))")
        }
        let over = try limitedRun(["check", script], environment: ["WAVE_MAX_TEXT": "200001"])
        XCTAssertEqual(over.status, 64, over.stderr)
        XCTAssertTrue(over.stderr.contains("from 1 to 200000"), over.stderr)
    }

    func testAMegabyteLineTypedIntoTheReplIsAnError() throws {
        let line = "var x = " + Array(repeating: "1", count: 250_000).joined(separator: " + ") + "\n"
        let r = try limitedRun(["repl"], stdin: line)
        XCTAssertTrue([0, 65].contains(r.status), "status \(r.status): \(r.stderr.prefix(300))")
        XCTAssertTrue(r.stderr.contains("E0105"), String(r.stderr.prefix(300)))
    }
}
