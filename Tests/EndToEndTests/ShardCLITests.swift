import Foundation
import XCTest

/// `wave render --shard/--ticks` and `wave join` through the binary: parts rendered apart
/// (and by GNU parallel as separate processes) join into the bytes of the whole render,
/// and every bad shard, range or part is refused with its exit code.
final class ShardCLITests: XCTestCase {
    var dir: URL!
    var script = ""

    override func setUpWithError() throws {
        dir = try temporaryDirectory()
        script = try RenderFixtures.script(RenderFixtures.transparentDot, in: dir).path
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func render(_ args: [String], environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try WaveBinary.run(["render", script, "-q", "--to", "90t"] + args, environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
    }

    func testShardsJoinIntoTheWholeFileForEveryFormat() throws {
        for ext in ["gif", "apng", "y4m"] {
            try render(["-o", path("whole.\(ext)")])
            for k in 0..<3 { try render(["-o", path("s.\(ext)"), "--shard", "\(k)/3"]) }
            XCTAssertTrue(FileManager.default.fileExists(atPath: path("s.\(ext).30-60.part")), "parts are named by their ticks")
            let j = try WaveBinary.run(["join", path("s.\(ext)")])
            XCTAssertEqual(j.status, 0, j.stderr)
            XCTAssertTrue(j.stderr.contains("wrote \(path("s.\(ext)")) (3 parts, ticks 0..90"), j.stderr)
            XCTAssertEqual(try RenderFixtures.bytes(dir.appendingPathComponent("s.\(ext)")),
                           try RenderFixtures.bytes(dir.appendingPathComponent("whole.\(ext)")), "\(ext): joined ≠ whole")
        }
    }

    /// WebP, MP4 and WebM: each part holds its frames and the join encodes them once, into
    /// the bytes of the whole render (odd sizes padded with the background, as whole).
    func testFramesPartsJoinIntoTheWholeWebPMP4AndWebM() throws {
        _ = try ExternalTool.require("ffmpeg", package: "ffmpeg")
        let odd = try RenderFixtures.script("scene 41x31 { background #203040  duration 1s }\nlayer b: circle { center (10, 10)  radius 6  fill #ff8800 }\nanimate b.position.x from 0 to 20 over 1s\n", name: "odd.wave", in: dir).path
        for (source, ext) in [(script, "webp"), (script, "webm"), (odd, "mp4"), (odd, "webm")] {
            let whole = path("whole.\(ext)"), joined = path("j.\(ext)")
            XCTAssertEqual(try WaveBinary.run(["render", source, "-o", whole, "-q", "--to", "40t"]).status, 0)
            for k in 0..<3 {
                let r = try WaveBinary.run(["render", source, "-o", joined, "-q", "--to", "40t", "--shard", "\(k)/3"])
                XCTAssertEqual(r.status, 0, r.stderr)
            }
            let j = try WaveBinary.run(["join", joined])
            XCTAssertEqual(j.status, 0, j.stderr)
            XCTAssertEqual(try RenderFixtures.bytes(URL(fileURLWithPath: joined)), try RenderFixtures.bytes(URL(fileURLWithPath: whole)),
                           "\(ext) of \(source): joined ≠ whole")
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".part") {
                try FileManager.default.removeItem(atPath: path(name))
            }
        }
        // A part of a WebP does not join into an MP4.
        for k in 0..<2 { XCTAssertEqual(try WaveBinary.run(["render", script, "-o", path("x.webp"), "-q", "--to", "20t", "--shard", "\(k)/2"]).status, 0) }
        let wrong = try WaveBinary.run(["join", path("x.mp4"), path("x.webp.0-10.part"), path("x.webp.10-20.part")])
        XCTAssertEqual(wrong.status, 65, wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("the parts hold WebP"), wrong.stderr)
    }

    func testTheIndexFromAnEnvironmentVariableAndTickRangesJoinToo() throws {
        try render(["-o", path("whole.gif")])
        for k in 0..<2 {
            try render(["-o", path("e.gif"), "--shard-index-env", "JOB_COMPLETION_INDEX", "--shards", "2"],
                       environment: ["JOB_COMPLETION_INDEX": "\(k)"])
        }
        try render(["-o", path("t.gif"), "--ticks", "0..61"])
        try render(["-o", path("t.gif"), "--ticks", "61..90"])
        for name in ["e.gif", "t.gif"] {
            let parts = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(name + ".") }.map(path)
            XCTAssertEqual(parts.count, 2)
            let j = try WaveBinary.run(["join", path(name)] + parts.reversed())
            XCTAssertEqual(j.status, 0, j.stderr)
            XCTAssertEqual(try RenderFixtures.bytes(dir.appendingPathComponent(name)),
                           try RenderFixtures.bytes(dir.appendingPathComponent("whole.gif")))
        }
    }

    /// Eight shards as eight processes started by GNU parallel, then one join.
    func testGNUParallelRendersEightShardsThatJoin() throws {
        let which = try WaveBinary.runProcess("/usr/bin/env", ["sh", "-c", "command -v parallel"])
        guard which.status == 0 else { throw XCTSkip("GNU parallel is not installed (apt-get install parallel; .ci/run installs it)") }
        try render(["-o", path("whole.apng")])
        let bin = WaveBinary.url.path
        let cmd = "seq 0 7 | parallel --halt now,fail=1 '\(bin)' render '\(script)' -q --to 90t -o '\(path("p.apng"))' --shard {}/8"
        let r = try WaveBinary.runProcess("/bin/sh", ["-c", cmd])
        XCTAssertEqual(r.status, 0, r.stderr)
        let j = try WaveBinary.run(["join", path("p.apng")])
        XCTAssertEqual(j.status, 0, j.stderr)
        XCTAssertTrue(j.stderr.contains("(8 parts"), j.stderr)
        XCTAssertEqual(try RenderFixtures.bytes(dir.appendingPathComponent("p.apng")),
                       try RenderFixtures.bytes(dir.appendingPathComponent("whole.apng")))
    }

    func testAPNGSequenceShardWritesItsTicksUnderTheirGlobalNumbers() throws {
        try render(["-o", path("f%04d.png"), "--shard", "2/3"])
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names, (60..<90).map { String(format: "f%04d.png", $0) })
    }

    func testManyScriptsAreSharedOutWithEachRenderedOnce() throws {
        var scripts: [String] = []
        for (i, size) in [40, 200, 60, 120, 80].enumerated() {
            let text = RenderFixtures.transparentDot.replacingOccurrences(of: "64x48", with: "\(size)x\(size)")
            scripts.append(try RenderFixtures.script(text, name: "s\(i).wave", in: dir).path)
        }
        var seen: [String] = []
        for k in 0..<2 {
            let out = path("out\(k)")
            let r = try WaveBinary.run(["render"] + scripts + ["--out-dir", out, "--format", "gif", "--to", "6t", "--shard", "\(k)/2"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let mine = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".gif") }
            XCTAssertFalse(mine.isEmpty, "shard \(k) gets a share")
            XCTAssertTrue(r.stderr.contains("shard \(k)/2: \(mine.count) of 5 scripts"), r.stderr)
            seen += mine
        }
        XCTAssertEqual(seen.sorted(), (0..<5).map { "s\($0).gif" }, "every script once")

        // Shards sharing one directory each keep their own page.
        let shared = path("shared")
        for k in 0..<2 {
            XCTAssertEqual(try WaveBinary.run(["render"] + scripts + ["--out-dir", shared, "--format", "gif", "--to", "6t", "--shard", "\(k)/2"]).status, 0)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: shared)
        XCTAssertEqual(files.filter { $0.hasSuffix(".html") }.sorted(), ["index-0-of-2.html", "index-1-of-2.html"])
        XCTAssertEqual(files.filter { $0.hasSuffix(".gif") }.count, 5)
        let page = try String(contentsOfFile: shared + "/index-1-of-2.html", encoding: .utf8)
        XCTAssertTrue(page.contains("shard 1 of 2"), page)
    }

    func testBadShardsAndRangesAreUsageErrors() throws {
        let out = ["-o", path("x.gif")]
        let cases: [([String], [String: String], String)] = [
            (["--shard", "8/8"], [:], "the shard index must be 0 to 7 (shards count from 0), got 8"),
            (["--shard", "1of8"], [:], "--shard takes K/N"),
            (["--shard", "0/0"], [:], "the number of shards must be 1 to"),
            (["--ticks", "50..20"], [:], "must start at 0 or later and end after it starts"),
            (["--ticks", "0..500"], [:], "--ticks 0..500 is not inside the render's range 0..90"),
            (["--shard-index-env", "SLURM_ARRAY_TASK_ID", "--shards", "4"], [:], "--shard-index-env SLURM_ARRAY_TASK_ID: the variable is not set"),
            (["--shard-index-env", "IDX", "--shards", "4"], ["IDX": "two"], "the variable is 'two', not a shard index"),
            (["--shard-index-env", "IDX"], ["IDX": "1"], "needs --shards N"),
            (["--shards", "4"], [:], "--shards N goes with --shard-index-env VAR"),
            (["--shard", "0/2", "--ticks", "0..10"], [:], "give one of --shard K/N"),
        ]
        for (args, env, message) in cases {
            let r = try WaveBinary.run(["render", script, "--to", "90t"] + out + args, environment: env)
            XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        let png = try WaveBinary.run(["render", script, "-o", path("one.png"), "--shard", "0/2"])
        XCTAssertEqual(png.status, 64)
        XCTAssertTrue(png.stderr.contains("render an animation or a '%04d.png' sequence"), png.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("x.gif") }, [])
    }

    func testPartsThatDoNotJoinAreRefusedAndNothingIsWritten() throws {
        let missing = try WaveBinary.run(["join", path("none.gif")])
        XCTAssertEqual(missing.status, 74, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("no part files 'none.gif.A-B.part'"), missing.stderr)
        try render(["-o", path("g.gif"), "--shard", "0/3"])
        try render(["-o", path("g.gif"), "--shard", "2/3"])
        let gap = try WaveBinary.run(["join", path("g.gif")])
        XCTAssertEqual(gap.status, 65, gap.stderr)
        XCTAssertTrue(gap.stderr.contains("no part covers ticks 30..60"), gap.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("g.gif")))
        let wrongName = try WaveBinary.run(["join", path("g.apng"), path("g.gif.0-30.part"), path("g.gif.60-90.part")])
        XCTAssertEqual(wrongName.status, 65, wrongName.stderr)
        let seq = try WaveBinary.run(["join", path("f%04d.png")])
        XCTAssertEqual(seq.status, 64)
        XCTAssertTrue(seq.stderr.contains("a PNG sequence needs no join"), seq.stderr)
        // Something that is not a part is a data error (65); what cannot be read, an I/O one.
        let empty = try WaveBinary.run(["join", path("n.gif"), "/dev/null"])
        XCTAssertEqual(empty.status, 65, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("/dev/null: not a part: it is not a regular file"), empty.stderr)
        FileManager.default.createFile(atPath: path("empty.part"), contents: Data())
        let emptyFile = try WaveBinary.run(["join", path("n.gif"), path("empty.part")])
        XCTAssertEqual(emptyFile.status, 65, emptyFile.stderr)
        XCTAssertTrue(emptyFile.stderr.contains("empty.part: line 1: not a wave part file"), emptyFile.stderr)
        let folder = try WaveBinary.run(["join", path("n.gif"), NSTemporaryDirectory()])
        XCTAssertEqual(folder.status, 74, folder.stderr)
        XCTAssertTrue(folder.stderr.contains("it is a directory"), folder.stderr)
    }

    /// A part cut short (a copy that stopped) or changed in transit is refused for every
    /// format: GIF and Y4M parts once joined into a broken file with exit 0. A part named
    /// as the output, and a script as render's output, are usage errors: nothing is written
    /// over an input.
    func testACutPartIsRefusedAndNoInputIsWrittenOver() throws {
        for ext in ["gif", "y4m", "apng"] {
            for k in 0..<3 { try render(["-o", path("c.\(ext)"), "--shard", "\(k)/3"]) }
            let middle = path("c.\(ext).30-60.part")
            let whole = try RenderFixtures.bytes(URL(fileURLWithPath: middle))
            try Data(whole.dropLast(40)).write(to: URL(fileURLWithPath: middle))
            let cut = try WaveBinary.run(["join", path("c.\(ext)")])
            XCTAssertEqual(cut.status, 65, "\(ext): \(cut.stderr)")
            XCTAssertTrue(cut.stderr.contains("c.\(ext).30-60.part: the part is cut short or damaged"), cut.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("c.\(ext)")), ext)
            var flipped = whole
            flipped[whole.count / 2] ^= 1
            try Data(flipped).write(to: URL(fileURLWithPath: middle))
            let damaged = try WaveBinary.run(["join", path("c.\(ext)")])
            XCTAssertEqual(damaged.status, 65, "\(ext): \(damaged.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("c.\(ext)")), ext)
        }
        let first = path("c.gif.0-30.part"), before = try RenderFixtures.bytes(URL(fileURLWithPath: first))
        for args in [["join", path("c.gif.60-90.part"), first], ["join", first, first, path("c.gif.60-90.part")]] {
            let r = try WaveBinary.run(args)
            XCTAssertEqual(r.status, 64, r.stderr)
        }
        XCTAssertEqual(try RenderFixtures.bytes(URL(fileURLWithPath: first)), before, "the part is untouched")
        let source = try RenderFixtures.bytes(URL(fileURLWithPath: script))
        let over = try WaveBinary.run(["render", script, "-o", script, "--format", "png"])
        XCTAssertEqual(over.status, 64, over.stderr)
        XCTAssertTrue(over.stderr.contains("would write over the script"), over.stderr)
        let state = try WaveBinary.run(["state", script, "--at", "1t", "-o", script])
        XCTAssertEqual(state.status, 64, state.stderr)
        XCTAssertEqual(try RenderFixtures.bytes(URL(fileURLWithPath: script)), source, "the script is untouched")
    }
}

extension WaveBinary {
    /// Runs another program (a shell, GNU parallel) from the package root.
    static func runProcess(_ executable: String, _ args: [String]) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        p.currentDirectoryURL = packageRoot
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let errors = ErrorDrain(err.fileHandleForReading)
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: errors.text())
    }
}
