import Foundation
import XCTest
import WaveCodecs

/// `wave render -o out.webp`: animated WebP through libwebp, read back by Pillow (libwebp's
/// animation decoder composites the frames) and checked by webpinfo.
final class WebPRenderTests: XCTestCase {
    /// Every composited frame of `file` as Pillow decodes it, with its duration in ms.
    static func decode(_ file: String) throws -> [(rgba: [UInt8], duration: Int)] {
        // The first Python with Pillow built with animated WebP (Debian's python3-pil is in
        // /usr/bin, which a pyenv or venv python3 earlier on PATH does not see).
        let candidates = [ExternalTool.path("python3"), "/usr/bin/python3"].compactMap { $0 }
        guard let python = try candidates.first(where: {
            try ExternalTool.run($0, ["-c", "import PIL.WebPImagePlugin as w; assert w.SUPPORTED and w._webp.HAVE_WEBPANIM"]).status == 0
        }) else { throw XCTSkip("Pillow with animated WebP is not installed (Debian package python3-pil)") }
        let script = """
        import sys, json
        from PIL import Image, ImageSequence
        im = Image.open(sys.argv[1])
        out = sys.stdout.buffer
        frames = []
        for f in ImageSequence.Iterator(im):
            f.load()
            frames.append((f.info.get("duration", 0), f.convert("RGBA").tobytes()))
        out.write((json.dumps([d for d, _ in frames]) + "\\n").encode())
        for _, b in frames: out.write(b)
        """
        let r = try ExternalTool.run(python, ["-c", script, file])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = [UInt8](r.stdout)
        guard let newline = bytes.firstIndex(of: 0x0A),
              let durations = try JSONSerialization.jsonObject(with: Data(bytes[..<newline])) as? [Int] else {
            XCTFail("no frame list from Pillow: \(r.stderr)")
            return []
        }
        let size = (bytes.count - newline - 1) / max(1, durations.count)
        return durations.enumerated().map { i, d in
            let start = newline + 1 + i * size
            return (Array(bytes[start..<(start + size)]), d)
        }
    }

    func testLosslessWebPHoldsExactlyTheRenderedPixelsAndTicks() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in [("white", RenderFixtures.movingDot), ("clear", RenderFixtures.transparentDot)] {
            let script = try RenderFixtures.script(text, name: name + ".wave", in: dir).path
            let out = dir.appendingPathComponent(name + ".webp").path
            // 50 ticks, not a multiple of 3: 833 ms, the nearest millisecond to 833.3.
            let r = try WaveBinary.run(["render", script, "-o", out, "--to", "50t", "-q"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let frames = try Self.decode(out)
            XCTAssertEqual(frames.count, 50, name)
            let pngs = try RenderFixtures.pngFrames(script, 0..<50, in: dir)
            for (t, frame) in frames.enumerated() {
                XCTAssertEqual(frame.rgba, pngs[t]?.rgba, "\(name): tick \(t) differs from its PNG")
                XCTAssertEqual(frame.duration, WebPEncoder.milliseconds(ticks: t + 1) - WebPEncoder.milliseconds(ticks: t), "\(name) tick \(t)")
            }
            XCTAssertEqual(frames.map(\.duration).reduce(0, +), 833)
            XCTAssertEqual(Set(frames.map(\.duration)), [16, 17])
        }
    }

    /// 60 ticks last exactly 1000 ms, with the loop count given. A scene that never changes
    /// becomes a still WebP (libwebp writes one unchanging frame without an animation).
    func testDurationsAddUpToTheRangeExactly() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let moving = try RenderFixtures.script(RenderFixtures.movingDot, in: dir).path
        let out = dir.appendingPathComponent("dot.webp").path
        XCTAssertEqual(try WaveBinary.run(["render", moving, "-o", out, "--to", "60t", "-q", "--loop", "2"]).status, 0)
        let frames = try Self.decode(out)
        XCTAssertEqual(frames.count, 60)
        XCTAssertEqual(frames.map(\.duration).reduce(0, +), 1000)
        let webpmux = try ExternalTool.require("webpmux", package: "webp")
        let info = String(decoding: try ExternalTool.run(webpmux, ["-info", out]).stdout, as: UTF8.self)
        XCTAssertTrue(info.contains("Loop Count : 2") && info.contains("Number of frames: 60"), info)

        let still = try RenderFixtures.script("scene 32x32 { background #204060 }\nlayer c: circle { center (16, 16) radius 8 fill #fff }\n", name: "still.wave", in: dir).path
        let stillOut = dir.appendingPathComponent("still.webp").path
        XCTAssertEqual(try WaveBinary.run(["render", still, "-o", stillOut, "--to", "60t", "-q"]).status, 0)
        XCTAssertEqual(try Self.decode(stillOut).count, 1)
    }

    func testLossyWebPIsValidAndClose() throws {
        let webpinfo = try ExternalTool.require("webpinfo", package: "webp")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = WaveBinary.packageRoot.appendingPathComponent("examples/ocean.wave").path
        let lossless = dir.appendingPathComponent("a.webp").path, lossy = dir.appendingPathComponent("b.webp").path
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", lossless, "--to", "20t", "-q"]).status, 0)
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", lossy, "--to", "20t", "-q", "--lossy", "80"]).status, 0)
        for file in [lossless, lossy] {
            let info = try ExternalTool.run(webpinfo, ["-quiet", file])
            XCTAssertEqual(info.status, 0, "webpinfo: " + String(decoding: info.stdout, as: UTF8.self))
        }
        let summary = String(decoding: try ExternalTool.run(webpinfo, [lossy]).stdout, as: UTF8.self)
        XCTAssertTrue(summary.contains("Format: Lossy"), summary)
        let frames = try Self.decode(lossy)
        XCTAssertEqual(frames.count, 20)
        let pngs = try RenderFixtures.pngFrames(script, 0..<20, in: dir)
        guard let png = pngs[10] else { return XCTFail("no PNG") }
        XCTAssertGreaterThan(psnr(frames[10].rgba, stride: png.width, channels: 4, expected: png.rgba, width: png.width, height: png.height), 30)
        let bad = try WaveBinary.run(["render", script, "-o", lossy, "--lossy", "101"])
        XCTAssertEqual(bad.status, 64)
        let wrong = try WaveBinary.run(["render", script, "-o", dir.appendingPathComponent("c.gif").path, "--lossy", "80"])
        XCTAssertEqual(wrong.status, 64)
        XCTAssertTrue(wrong.stderr.contains("--lossy applies to WebP only"), wrong.stderr)
        // Lossy shards join into the whole lossy file: the quality travels in the parts.
        let joined = dir.appendingPathComponent("j.webp").path
        for k in 0..<2 {
            XCTAssertEqual(try WaveBinary.run(["render", script, "-o", joined, "--to", "20t", "-q", "--lossy", "80", "--shard", "\(k)/2"]).status, 0)
        }
        XCTAssertEqual(try WaveBinary.run(["join", joined, "-q"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: joined)), try Data(contentsOf: URL(fileURLWithPath: lossy)))
    }
}
