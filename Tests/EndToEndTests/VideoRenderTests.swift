import Foundation
import XCTest
import WaveCodecs

/// Programs the video tests read outputs with (ffmpeg, ffprobe, the libwebp tools,
/// asciinema): found on PATH, or the test is skipped saying which package brings it.
enum ExternalTool {
    static func path(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func require(_ name: String, package: String) throws -> String {
        guard let p = path(name) else { throw XCTSkip("\(name) is not installed (Debian package \(package); .ci/run installs it)") }
        return p
    }

    /// Runs `tool`; standard output as bytes, standard error as text.
    static func run(_ tool: String, _ args: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        // Standard error goes to a file, so neither stream can block the tool.
        let errPath = NSTemporaryDirectory() + "wave-tool-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).err"
        FileManager.default.createFile(atPath: errPath, contents: nil)
        defer { unlink(errPath) }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle(forWritingAtPath: errPath)
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return (p.terminationStatus, data, String(decoding: errData, as: UTF8.self))
    }

    /// ffprobe's view of a video's first stream: frames counted by decoding.
    struct Probe {
        var width = 0, height = 0, frames = 0
        var rate = "", pixelFormat = "", duration = 0.0, alphaMode: String?
    }

    static func probe(_ file: String) throws -> Probe {
        let ffprobe = try require("ffprobe", package: "ffmpeg")
        let r = try run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-count_frames", "-print_format", "json",
                                  "-show_entries", "stream=width,height,r_frame_rate,nb_read_frames,pix_fmt:stream_tags=alpha_mode:format=duration", file])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any] ?? [:]
        let stream = (json["streams"] as? [[String: Any]])?.first ?? [:]
        let format = json["format"] as? [String: Any] ?? [:]
        return Probe(width: stream["width"] as? Int ?? 0, height: stream["height"] as? Int ?? 0,
                     frames: Int(stream["nb_read_frames"] as? String ?? "") ?? 0,
                     rate: stream["r_frame_rate"] as? String ?? "", pixelFormat: stream["pix_fmt"] as? String ?? "",
                     duration: Double(format["duration"] as? String ?? "") ?? 0,
                     alphaMode: (stream["tags"] as? [String: Any])?["alpha_mode"] as? String)
    }

    /// Every frame of `file` decoded by ffmpeg to `pixelFormat` (rgb24 or rgba).
    static func decodeFrames(_ file: String, width: Int, height: Int, pixelFormat: String, decoder: [String] = []) throws -> [[UInt8]] {
        let ffmpeg = try require("ffmpeg", package: "ffmpeg")
        let r = try run(ffmpeg, ["-v", "error"] + decoder + ["-i", file, "-f", "rawvideo", "-pix_fmt", pixelFormat, "pipe:1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let size = width * height * (pixelFormat == "rgba" ? 4 : 3)
        let bytes = [UInt8](r.stdout)
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }
}

/// Peak signal-to-noise ratio of the colour channels, in dB (infinite when equal): a
/// `decoded` frame of `stride` pixels a row (padding beyond `width` ignored), `channels`
/// bytes a pixel, against straight RGBA `expected` of `width`×`height`.
func psnr(_ decoded: [UInt8], stride: Int, channels: Int, expected: [UInt8], width: Int, height: Int) -> Double {
    var squared = 0.0
    for y in 0..<height {
        for x in 0..<width {
            for k in 0..<3 {
                let d = Double(decoded[(y * stride + x) * channels + k]) - Double(expected[(y * width + x) * 4 + k])
                squared += d * d
            }
        }
    }
    let mse = squared / Double(width * height * 3)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

/// `wave render -o out.mp4 / out.webm`: ffmpeg as a child process, every tick at 60 fps.
final class VideoRenderTests: XCTestCase {
    /// An odd-sized scene: MP4 pads it to even sides with its background.
    static let oddScene = """
    scene 65x49 { background #ffffff }
    var x = 4
    layer dot: circle { center (x, 24)  radius 9  fill #d62828 }
    layer bar: rect { frame (0, 40, 65, 9)  fill #1d3557 }
    every tick { x += 1 }
    """

    func testMP4HoldsEveryTickAt60FPSPaddedToEvenSides() throws {
        _ = try ExternalTool.require("ffmpeg", package: "ffmpeg")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(Self.oddScene, in: dir).path
        let out = dir.appendingPathComponent("dot.mp4").path
        let r = try WaveBinary.run(["render", script, "-o", out, "--to", "1s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let probe = try ExternalTool.probe(out)
        XCTAssertEqual([probe.width, probe.height, probe.frames], [66, 50, 60])
        XCTAssertEqual(probe.rate, "60/1")
        XCTAssertEqual(probe.pixelFormat, "yuv420p")
        XCTAssertEqual(probe.duration, 1.0, accuracy: 1e-6)
        // The index comes first (+faststart): 'moov' before 'mdat'.
        let head = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)).prefix(4096), as: UTF8.self)
        XCTAssertLessThan(head.range(of: "moov")?.lowerBound ?? head.endIndex, head.range(of: "mdat")?.lowerBound ?? head.startIndex)

        // The padding column and row are the scene's background (white), up to the codec's error.
        let frames = try ExternalTool.decodeFrames(out, width: 66, height: 50, pixelFormat: "rgb24")
        XCTAssertEqual(frames.count, 60)
        for y in 0..<38 { XCTAssertGreaterThan(frames[30][(y * 66 + 65) * 3], 235, "padding at row \(y)") }
        for x in 0..<66 { XCTAssertGreaterThan(frames[30][(49 * 66 + x) * 3], 220, "padding below the dark bar at \(x)") }
    }

    /// Decoded MP4 frames against wave's own PNGs of an example: at least 35 dB each at
    /// the default quality. (A tiny scene of saturated edges cannot reach it: 4:2:0 halves
    /// colour resolution, and a 65x49 red dot on white stays near 34 dB even at --crf 0.)
    func testMP4FramesMatchTheRenderedPNGs() throws {
        _ = try ExternalTool.require("ffmpeg", package: "ffmpeg")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = WaveBinary.packageRoot.appendingPathComponent("examples/ocean.wave").path
        let out = dir.appendingPathComponent("ocean.mp4").path
        let r = try WaveBinary.run(["render", script, "-o", out, "--from", "30t", "--to", "60t", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let pngs = try RenderFixtures.pngFrames(script, 30..<60, in: dir)
        guard let first = pngs[30] else { return XCTFail("no PNG") }
        let probe = try ExternalTool.probe(out)
        XCTAssertEqual([probe.width, probe.height, probe.frames], [first.width, first.height, 30])
        XCTAssertEqual(probe.duration, 0.5, accuracy: 1e-6)
        let frames = try ExternalTool.decodeFrames(out, width: first.width, height: first.height, pixelFormat: "rgb24")
        XCTAssertEqual(frames.count, 30)
        var worst = Double.infinity
        for (i, frame) in frames.enumerated() {
            guard let png = pngs[30 + i] else { return XCTFail("no PNG of tick \(30 + i)") }
            worst = min(worst, psnr(frame, stride: first.width, channels: 3, expected: png.rgba, width: first.width, height: first.height))
        }
        XCTAssertGreaterThanOrEqual(worst, 35, "the worst frame's PSNR against wave's PNGs")
    }

    func testWebMKeepsAlphaWhenTheBackgroundIsTransparent() throws {
        _ = try ExternalTool.require("ffmpeg", package: "ffmpeg")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(RenderFixtures.transparentDot, in: dir).path
        let out = dir.appendingPathComponent("dot.webm").path
        let r = try WaveBinary.run(["render", script, "-o", out, "--to", "1s", "--crf", "20"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let probe = try ExternalTool.probe(out)
        XCTAssertEqual([probe.width, probe.height, probe.frames], [64, 48, 60])
        XCTAssertEqual(probe.rate, "60/1")
        XCTAssertEqual(probe.alphaMode, "1")
        XCTAssertEqual(probe.duration, 1.0, accuracy: 1e-6)
        // libvpx decodes the alpha plane (ffmpeg's own VP9 decoder drops it).
        let frames = try ExternalTool.decodeFrames(out, width: 64, height: 48, pixelFormat: "rgba", decoder: ["-c:v", "libvpx-vp9"])
        XCTAssertEqual(frames.count, 60)
        let f = frames[10]  // the dot at (14, 24)
        XCTAssertLessThan(f[(2 * 64 + 60) * 4 + 3], 10, "a far corner is transparent")
        XCTAssertGreaterThan(f[(24 * 64 + 14) * 4 + 3], 245, "the dot is opaque")
        XCTAssertGreaterThan(f[(24 * 64 + 14) * 4], 180, "and red")

        let opaque = dir.appendingPathComponent("white.webm").path
        let script2 = try RenderFixtures.script(RenderFixtures.movingDot, name: "w.wave", in: dir).path
        XCTAssertEqual(try WaveBinary.run(["render", script2, "-o", opaque, "--to", "10t", "-q"]).status, 0)
        let p2 = try ExternalTool.probe(opaque)
        XCTAssertNil(p2.alphaMode, "no alpha on an opaque background")
        XCTAssertEqual(p2.frames, 10)
    }

    /// SIGINT and SIGTERM during an encode: the signal's status, no file (nor temporary
    /// file) left, and the ffmpeg child gone.
    func testAnInterruptedEncodeLeavesNoFileAndStopsFFmpeg() throws {
        _ = try ExternalTool.require("ffmpeg", package: "ffmpeg")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script("scene 640x480 { background #123456 }\nvar x = 0\nlayer c: circle { center (x, 200) radius 50 fill #fff }\nevery tick { x += 1 }\n", in: dir).path
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 143)] {
            let out = dir.appendingPathComponent("long.mp4").path
            let p = Process()
            p.executableURL = WaveBinary.url
            p.arguments = ["render", script, "-o", out, "--to", "600s"]
            let err = Pipe()
            p.standardError = err
            try p.run()
            // Wait for the ffmpeg child: then the encode is under way.
            var child: Int32?
            for _ in 0..<1500 where child == nil {
                let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(p.processIdentifier)/task")) ?? []
                for task in tasks {
                    let text = (try? String(contentsOfFile: "/proc/\(p.processIdentifier)/task/\(task)/children", encoding: .utf8)) ?? ""
                    if let pid = text.split(separator: " ").compactMap({ Int32($0) }).first { child = pid }
                }
                if child == nil { usleep(20_000) }
            }
            guard let child else { p.terminate(); return XCTFail("no ffmpeg child appeared") }
            kill(p.processIdentifier, signal)
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, status, message)
            XCTAssertTrue(message.contains("no partial file was left"), message)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasSuffix(".wave") }, [])
            // Reaped by wave: no such process any more (not even a zombie).
            XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/\(child)"), "ffmpeg \(child) still exists")
        }
    }

    func testAMissingFFmpegIsAnIOErrorNamingThePackage() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(RenderFixtures.movingDot, in: dir).path
        let out = dir.appendingPathComponent("x.mp4").path
        let r = try WaveBinary.run(["render", script, "-o", out, "--to", "5t"], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(r.status, 74, r.stderr)
        XCTAssertTrue(r.stderr.contains("apt-get install ffmpeg") && r.stderr.contains("WAVE_FFMPEG"), r.stderr)
        let given = try WaveBinary.run(["render", script, "-o", out, "--to", "5t"], environment: ["WAVE_FFMPEG": "/nonexistent/ffmpeg"])
        XCTAssertEqual(given.status, 74, given.stderr)
        XCTAssertTrue(given.stderr.contains("WAVE_FFMPEG=/nonexistent/ffmpeg: not an executable file"), given.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// The same script gives the same bytes: WebM too (the Matroska muxer's UIDs are random
    /// unless ffmpeg is asked for bit-exact output).
    func testTwoRendersOfAVideoAreTheSameBytes() throws {
        _ = try ExternalTool.require("ffmpeg", package: "ffmpeg")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(RenderFixtures.movingDot, in: dir).path
        for ext in ["webm", "mp4"] {
            let a = dir.appendingPathComponent("a.\(ext)"), b = dir.appendingPathComponent("b.\(ext)")
            XCTAssertEqual(try WaveBinary.run(["render", script, "-o", a.path, "-q", "--to", "20t"]).status, 0)
            XCTAssertEqual(try WaveBinary.run(["render", script, "-o", b.path, "-q", "--to", "20t"]).status, 0)
            XCTAssertEqual(try Data(contentsOf: a), try Data(contentsOf: b), ext)
        }
    }

    func testVideoFlagsAreCheckedBeforeRendering() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(RenderFixtures.movingDot, in: dir).path
        for (args, message) in [
            (["-o", "a.mp4", "--crf", "52"], "--crf must be 0 to 51 for MP4"),
            (["-o", "a.webm", "--crf", "64"], "--crf must be 0 to 63 for WebM"),
            (["-o", "a.gif", "--crf", "20"], "--crf applies to MP4 and WebM only"),
        ] {
            let r = try WaveBinary.run(["render", script] + args, in: dir)
            XCTAssertEqual(r.status, 64, args.joined(separator: " ") + ": " + r.stderr)
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
    }

    /// `-o -` into a reader that stops early (`| head`, `ffmpeg -t 1`): status 0, no message.
    func testAReaderClosingThePipeEndsTheRenderWithoutAnError() throws {
        let bin = WaveBinary.url.path, root = WaveBinary.packageRoot.path
        var commands = ["'\(bin)' render '\(root)/examples/ocean.wave' -o - --format y4m | head -c 100 >/dev/null"]
        if let ffmpeg = ExternalTool.path("ffmpeg") {
            commands.append("'\(bin)' render '\(root)/examples/ocean.wave' -o - --format y4m -q | '\(ffmpeg)' -v error -i - -t 0.2 -y \"$TMPDIR/a.mp4\"")
        }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for command in commands {
            let r = try WaveBinary.runProcess("/bin/bash", ["-c", "set -o pipefail; export TMPDIR='\(dir.path)'; " + command])
            XCTAssertEqual(r.status, 0, command + "\n" + r.stderr)
            XCTAssertFalse(r.stderr.contains("error"), r.stderr)
        }
    }
}
