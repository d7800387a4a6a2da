import Foundation
import XCTest
import WaveCodecs

/// `wave test`: the committed goldens pass; a broken, missing or re-recorded golden
/// behaves as documented. Broken goldens live in temporary copies.
final class GoldenCommandTests: XCTestCase {
    private func waveTest(_ args: [String]) throws -> Run { try WaveBinary.run(["test"] + args) }

    /// Names of the example scripts, sorted.
    private func examples() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: WaveBinary.packageRoot.path + "/examples")
            .filter { $0.hasSuffix(".wave") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// A copy of the repository's goldens and a failures directory, both temporary.
    private func copyOfGoldens() throws -> (goldens: URL, failures: URL) {
        let dir = try temporaryDirectory()
        let goldens = dir.appendingPathComponent("goldens")
        try FileManager.default.copyItem(at: WaveBinary.packageRoot.appendingPathComponent("goldens"), to: goldens)
        return (goldens, dir.appendingPathComponent("failures"))
    }

    func testTheExamplesMatchTheirCommittedGoldens() throws {
        let failures = try temporaryDirectory().appendingPathComponent("failures")
        let r = try waveTest(["examples", "--failures", failures.path])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("examples/sonar.wave: ok (ticks 0 180 359)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("examples/progress-ball.wave: ok (ticks 0 60 180 300)"), "ticks from its # golden: comment")
        XCTAssertTrue(r.stdout.contains("examples/stickman.wave: ok (ticks 0 60 119)"), "default ticks: 0, the middle and the last")
        XCTAssertTrue(r.stdout.hasPrefix("examples/activity-indicator.wave: ok"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\n\(try examples().count) scripts, "), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix(" frames: all matched\n"), r.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: failures.path), "nothing written when all match")
    }

    func testABrokenGoldenFailsAndWritesExpectedActualAndDiff() throws {
        let (goldens, failures) = try copyOfGoldens()
        // Paint a 10x10 block of the sonar's middle golden magenta.
        let golden = goldens.appendingPathComponent("sonar/0180.png")
        let image = try PNGDecoder.decode(RenderFixtures.bytes(golden))
        var rgba = image.rgba
        for y in 5..<15 { for x in 5..<15 { let i = (y * image.width + x) * 4; rgba.replaceSubrange(i..<i + 4, with: [255, 0, 255, 255]) } }
        try Data(PNGEncoder.encode(width: image.width, height: image.height, rgba: rgba)).write(to: golden)

        let r = try waveTest(["examples/sonar.wave", "examples/stickman.wave", "--goldens", goldens.path, "--failures", failures.path])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("examples/sonar.wave: FAILED\n  tick 180: 100 pixels differ by up to 239 (tolerance 2)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("examples/stickman.wave: ok"), "the other script still runs")
        XCTAssertTrue(r.stdout.hasSuffix("2 scripts, 6 frames: 1 failed; images in \(failures.path)/\n"
                                         + "report: \(failures.path)/index.html (expected, actual and diff side by side; open it in a browser)\n"), r.stdout)
        let stem = failures.path + "/sonar/0180"
        for f in ["expected", "actual", "diff"] { XCTAssertTrue(r.stdout.contains("    \(stem)-\(f).png\n"), "names \(f)") }
        let expected = try PNGDecoder.decode(RenderFixtures.bytes(URL(fileURLWithPath: stem + "-expected.png")))
        let actual = try PNGDecoder.decode(RenderFixtures.bytes(URL(fileURLWithPath: stem + "-actual.png")))
        let diff = try PNGDecoder.decode(RenderFixtures.bytes(URL(fileURLWithPath: stem + "-diff.png")))
        XCTAssertEqual(expected.rgba, rgba)
        XCTAssertNotEqual(actual.rgba, rgba)
        func px(_ img: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] { let i = (y * img.width + x) * 4; return Array(img.rgba[i..<i + 4]) }
        XCTAssertEqual(px(diff, 10, 10), [255, 0, 0, 255], "a large difference is pure red")
        XCTAssertEqual(px(diff, 100, 200)[0], px(diff, 100, 200)[1], "matching pixels are grey")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: failures.path).sorted(), ["index.html", "sonar"])

        // Within a tolerance that covers the change it passes, and the stale images go, with
        // the report page that showed them (it once stayed, saying "1 failed").
        let lenient = try waveTest(["examples/sonar.wave", "--goldens", goldens.path, "--failures", failures.path, "--tolerance", "255"])
        XCTAssertEqual(lenient.status, 0, lenient.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stem + "-diff.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: failures.path + "/index.html"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: failures.path), "the emptied folder goes too")
    }

    func testAMissingGoldenFailsWithAHintAndRecordCreatesIt() throws {
        let (goldens, failures) = try copyOfGoldens()
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("spinner/0120.png"))
        let r = try waveTest(["examples/spinner.wave", "--goldens", goldens.path, "--failures", failures.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("tick 120: no golden \(goldens.path)/spinner/0120.png"), r.stdout)
        // The hint records where this run looked (its --goldens), as a command to copy.
        XCTAssertTrue(r.stdout.contains("to create missing goldens: wave test --record --goldens \(goldens.path) examples/spinner.wave"), r.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: failures.path + "/spinner/0120-actual.png"))

        let rec = try waveTest(["examples/spinner.wave", "--record", "--goldens", goldens.path, "--failures", failures.path])
        XCTAssertEqual(rec.status, 0, rec.stdout)
        XCTAssertEqual(try waveTest(["examples/spinner.wave", "--goldens", goldens.path, "--failures", failures.path]).status, 0)
        XCTAssertEqual(try RenderFixtures.bytes(goldens.appendingPathComponent("spinner/0120.png")),
                       try RenderFixtures.bytes(WaveBinary.packageRoot.appendingPathComponent("goldens/spinner/0120.png")),
                       "recording is reproducible")
    }

    func testRecordingAScriptThatFailsPartWayKeepsTheOldGoldensWhole() throws {
        let dir = try temporaryDirectory()
        let goldens = dir.appendingPathComponent("g")
        let body = { (start: Int) in
            "# golden: 0 3 8\nscene 40x40 { background #000000 duration 0.5s }\nvar r = \(start)\n"
                + "layer c: circle { center (20, 20) radius 5 + sqrt(r) fill #ffffff }\nevery tick { r -= 1 }\n"
        }
        let script = try RenderFixtures.script(body(40), name: "shrink.wave", in: dir)
        XCTAssertEqual(try waveTest([script.path, "--record", "--goldens", goldens.path]).status, 0)
        let names = ["0000.png", "0003.png", "0008.png"]
        let before = try names.map { try RenderFixtures.bytes(goldens.appendingPathComponent("shrink/" + $0)) }

        // r goes negative at tick 5: ticks 0 and 3 render (differently), tick 8 cannot.
        try body(4).write(to: script, atomically: true, encoding: .utf8)
        let failing = try waveTest([script.path, "--record", "--goldens", goldens.path])
        XCTAssertEqual(failing.status, 70, failing.stdout + failing.stderr)
        XCTAssertTrue(failing.stderr.contains("shrink.wave:4:35: error[E0706]"), failing.stderr)
        XCTAssertTrue(failing.stdout.contains("recorded 0 goldens for 0 scripts in \(goldens.path)/; 1 script could not be recorded"),
                      failing.stdout)
        let after = try names.map { try RenderFixtures.bytes(goldens.appendingPathComponent("shrink/" + $0)) }
        XCTAssertEqual(after, before, "no golden of the failed run was written")

        // A script recorded for the first time that fails leaves no folder behind.
        let fresh = dir.appendingPathComponent("fresh")
        XCTAssertEqual(try waveTest([script.path, "--record", "--goldens", fresh.path]).status, 70)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh.path + "/shrink"))
    }

    func testGoldenCommentChoosesTheTicksAndRecordDropsStaleOnes() throws {
        let dir = try temporaryDirectory()
        let goldens = dir.appendingPathComponent("g"), failures = dir.appendingPathComponent("f")
        let scripts = dir.appendingPathComponent("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        let script = try RenderFixtures.script("# golden: 0 5, 0.5s 250ms 7t\n" + RenderFixtures.movingDot, name: "dot.wave", in: scripts)
        let rec = try waveTest([scripts.path, "--record", "--goldens", goldens.path, "--failures", failures.path])
        XCTAssertEqual(rec.status, 0, rec.stdout + rec.stderr)
        XCTAssertTrue(rec.stdout.contains("dot.wave: recorded (ticks 0 5 7 15 30)"), rec.stdout)
        let names = try FileManager.default.contentsOfDirectory(atPath: goldens.path + "/dot").sorted()
        XCTAssertEqual(names, ["0000.png", "0005.png", "0007.png", "0015.png", "0030.png"])

        try ("# golden: 5\n" + RenderFixtures.movingDot).write(to: script, atomically: true, encoding: .utf8)
        XCTAssertEqual(try waveTest([script.path, "--record", "--goldens", goldens.path]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: goldens.path + "/dot"), ["0005.png"])

        try ("# golden: soon\n" + RenderFixtures.movingDot).write(to: script, atomically: true, encoding: .utf8)
        let bad = try waveTest([script.path, "--goldens", goldens.path, "--failures", failures.path])
        XCTAssertEqual(bad.status, 65)
        XCTAssertTrue(bad.stderr.contains("dot.wave:1:11: error[E0107]: bad golden tick 'soon'"), bad.stderr)
    }

    func testEveryGoldenIsAValidPNG() throws {
        let root = WaveBinary.packageRoot.appendingPathComponent("goldens")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
        XCTAssertEqual(names.sorted(), try examples(), "one golden directory per example")
        for name in names {
            for file in try FileManager.default.contentsOfDirectory(atPath: root.path + "/" + name) {
                let image = try PNGDecoder.decode(RenderFixtures.bytes(root.appendingPathComponent(name + "/" + file)))
                XCTAssertGreaterThan(image.width * image.height, 0, "\(name)/\(file)")
            }
        }
    }
}
