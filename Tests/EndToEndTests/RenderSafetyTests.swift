import Foundation
import XCTest
import WaveCodecs
import WaveTestSupport

/// Exit codes, atomic output, Ctrl-C and batch renders, through the built binary.
final class RenderSafetyTests: XCTestCase {
    private func status(_ args: [String]) throws -> Run { try WaveBinary.run(["render"] + args) }

    private func leftovers(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
    }

    func testUsageErrorsExit64() throws {
        let dir = try temporaryDirectory().path
        let cases: [[String]] = [
            ["examples/sonar.wave", "-o", dir + "/x.gif", "--format", "bmp"],
            ["examples/sonar.wave", "-o", dir + "/x.avi"],
            ["examples/sonar.wave", "-o", dir + "/x.gif", "--fps", "60"],
            ["examples/sonar.wave", "-o", dir + "/x.gif", "--frame", "3"],
            ["examples/sonar.wave", "-o", dir + "/x.png", "--to", "1s"],
            ["examples/sonar.wave", "-o", dir + "/x.y4m", "--loop", "2"],
            ["examples/sonar.wave", "-o", dir + "/x.apng", "--dither", "ordered"],
            ["examples/sonar.wave", "-o", dir + "/x.gif", "--dither", "sierra"],
            ["examples/sonar.wave", "-o", dir + "/x.png", "--scale", "2", "--size", "10x10"],
            ["examples/sonar.wave", "-o", dir + "/x.apng", "--from", "2s", "--to", "1s"],
            ["examples/sonar.wave", "-o", dir + "/x%04d.gif"],
            ["examples/sonar.wave", "examples/ocean.wave", "-o", dir + "/x.gif"],
            ["examples/sonar.wave", "--out-dir", dir],
            ["examples/sonar.wave"],
        ]
        for args in cases {
            let r = try status(args)
            XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
        }
        XCTAssertEqual(try leftovers(URL(fileURLWithPath: dir)), [])
    }

    func testUnwritableOutputExits74AndScriptErrorsExit65() throws {
        let dir = try temporaryDirectory()
        let noDir = try status(["examples/sonar.wave", "-o", dir.path + "/missing/x.apng"])
        XCTAssertEqual(noDir.status, 74)
        XCTAssertTrue(noDir.stderr.contains("does not exist"), noDir.stderr)
        let notADir = try status(["examples/sonar.wave", "-o", "/dev/null/x.gif"])
        XCTAssertEqual(notADir.status, 74, notADir.stderr)
        let isADir = try status(["examples/sonar.wave", "-o", dir.path, "--format", "gif"])
        XCTAssertEqual(isADir.status, 74, isADir.stderr)
        XCTAssertEqual(try status(["/nonexistent/s.wave", "-o", dir.path + "/x.gif"]).status, 74)
        let bad = try RenderFixtures.script("layer a: circle { center (1, 1) radius }", in: dir)
        XCTAssertEqual(try status([bad.path, "-o", dir.path + "/x.gif"]).status, 65)
        XCTAssertEqual(try leftovers(dir), [])
    }

    /// A script that fails from tick 9 on: the animation is abandoned, the old file kept.
    func testRuntimeErrorMidRenderExits70AndKeepsTheExistingFile() throws {
        let dir = try temporaryDirectory()
        let script = try RenderFixtures.script("""
        scene 64x48 { background #ffffff }
        var r = 10
        layer c: circle { center (32, 24) radius 5 + 0 * (1 / r) }
        every tick { if r > 0 { r -= 1 } }
        """, in: dir)
        for ext in ["gif", "apng", "y4m"] {
            let out = dir.appendingPathComponent("out." + ext)
            try Data("precious".utf8).write(to: out)
            let r = try status([script.path, "-o", out.path, "--to", "60t"])
            XCTAssertEqual(r.status, 70, r.stderr)
            XCTAssertTrue(r.stderr.contains("s.wave:3:35: error[E0706]: radius of layer 'c' evaluates to nan"), r.stderr)
            XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "precious", ext)
            XCTAssertEqual(try leftovers(dir), [], ext)
        }
    }

    /// Ctrl-C once the render is under way: exit 130, the old file untouched, no temp file.
    func testInterruptLeavesNoPartialFile() throws {
        for name in ["long.apng", "long.gif"] { try interrupt(name) }
    }

    private func interrupt(_ name: String) throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent(name)
        try Data("precious".utf8).write(to: out)
        let p = Process()
        p.executableURL = WaveBinary.url
        p.arguments = ["render", "examples/ocean.wave", "-o", out.path, "--to", "600s", "--progress"]
        p.currentDirectoryURL = WaveBinary.packageRoot
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in exited.signal() }
        try p.run()
        // Wait for the first progress line: the temporary file exists and frames are flowing.
        var seen = ""
        while !seen.contains("frames") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        XCTAssertTrue(seen.contains("\(name)  1/\(name.hasSuffix("gif") ? 30000 : 36000) frames"), seen)
        XCTAssertEqual(try leftovers(dir).count, 1, "the render writes to a temporary file")
        p.interrupt()
        if exited.wait(timeout: .now() + 60) == .timedOut {
            p.terminate()
            return XCTFail("the render did not stop within 60 s of SIGINT")
        }
        XCTAssertEqual(p.terminationStatus, 130)
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "precious")
        XCTAssertEqual(try leftovers(dir), [])
        let rest = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(rest.contains("interrupted; no partial file was left"), rest)
    }

    func testBatchRendersTheRestAndExitsWithTheWorstFailure() throws {
        let dir = try temporaryDirectory()
        let scripts = try temporaryDirectory()
        let broken = try RenderFixtures.script("layer a: circle { center (1, 1) radius }", name: "broken.wave", in: scripts)
        let failing = try RenderFixtures.script("""
        var r = 3
        layer c: circle { center (32, 24) radius 5 + 0 * (1 / r) }
        every tick { if r > 0 { r -= 1 } }
        """, name: "failing.wave", in: scripts)
        let outDir = dir.appendingPathComponent("renders")
        let r = try status(["examples/stickman.wave", broken.path, "examples/sonar.wave", failing.path,
                            "--out-dir", outDir.path, "--format", "gif", "--to", "12t"])
        XCTAssertEqual(r.status, 70, "runtime (70) is worse than script (65): \(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, r.stdout)
        XCTAssertTrue(lines[0].hasPrefix("examples/stickman.wave") && lines[0].contains("renders/stickman.gif  1 frame at 50 fps (9 unchanged merged into longer delays), 300x260"), lines[0])
        XCTAssertTrue(lines[1].contains("broken.wave") && lines[1].contains("script error"), lines[1])
        XCTAssertTrue(lines[2].contains("renders/sonar.gif"), lines[2])
        XCTAssertTrue(lines[3].contains("failing.wave") && lines[3].contains("runtime error"), lines[3])
        let made = try FileManager.default.contentsOfDirectory(atPath: outDir.path).filter { $0 != "index.html" }.sorted()
        XCTAssertEqual(made, ["sonar.gif", "stickman.gif"])
        let gallery = try String(contentsOf: outDir.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(gallery.contains("4 scripts, 2 failed."), "the gallery lists failures too")
        for name in made {
            let gif = try GIFDecoder.decode(RenderFixtures.bytes(outDir.appendingPathComponent(name)))
            XCTAssertEqual(gif.totalDelayCentiseconds, 20, name)
        }
    }

    func testBatchOfGoodScriptsTwoAtATimeGivesTheSameBytes() throws {
        let one = try temporaryDirectory(), two = try temporaryDirectory()
        let files = ["examples/spinner.wave", "examples/du-fill.wave", "examples/audio-meter.wave"]
        let a = try status(files + ["--out-dir", one.path, "--format", "apng", "--to", "10t", "--quiet"])
        let b = try status(files + ["--out-dir", two.path, "--format", "apng", "--to", "10t", "--jobs", "2"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertEqual(a.stdout, "", "--quiet prints only failures")
        XCTAssertEqual(b.stdout.split(separator: "\n").count, 3)
        for name in ["spinner.apng", "du-fill.apng", "audio-meter.apng"] {
            XCTAssertEqual(try RenderFixtures.bytes(one.appendingPathComponent(name)),
                           try RenderFixtures.bytes(two.appendingPathComponent(name)), name)
        }
    }
}
