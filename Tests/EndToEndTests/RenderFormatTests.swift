import Foundation
import XCTest
import WaveCodecs
import WaveTestSupport

/// Shared by the render and golden tests: scripts in a temporary directory, file bytes.
enum RenderFixtures {
    /// A dot moving 1 px right per tick on white: every tick differs, few colours.
    static let movingDot = """
    scene 64x48 { background #ffffff }
    var x = 4
    layer dot: circle { center (x, 24)  radius 5  fill #d62828 }
    layer bar: rect { frame (0, 40, 64, 8)  fill #1d3557 }
    every tick { x += 1 }
    """

    /// The same on a transparent background.
    static let transparentDot = """
    scene 64x48 { background transparent }
    var x = 4
    layer dot: circle { center (x, 24)  radius 5  fill #d62828 }
    every tick { x += 1 }
    """

    static func script(_ text: String, name: String = "s.wave", in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    /// Renders ticks `range` of `script` to `dir/fNNNN.png` and decodes them by tick.
    static func pngFrames(_ script: String, _ range: Range<Int>, in dir: URL) throws -> [Int: DecodedImage] {
        let r = try WaveBinary.run(["render", script, "-o", dir.path + "/f%04d.png", "--from", "\(range.lowerBound)t", "--to", "\(range.upperBound)t"])
        XCTAssertEqual(r.status, 0, r.stderr)
        var out: [Int: DecodedImage] = [:]
        for t in range {
            out[t] = try PNGDecoder.decode(bytes(dir.appendingPathComponent(String(format: "f%04d.png", t))))
        }
        return out
    }

    /// Largest and mean absolute per-channel difference over the opaque pixels of `a`.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (max: Int, mean: Double) {
        var worst = 0, sum = 0, n = 0
        var i = 0
        while i + 3 < min(a.count, b.count) {
            if a[i + 3] == 255 {
                for k in 0..<3 { let d = abs(Int(a[i + k]) - Int(b[i + k])); worst = max(worst, d); sum += d }
                n += 3
            }
            i += 4
        }
        return (worst, n == 0 ? 0 : Double(sum) / Double(n))
    }
}

/// Renders to each format with the built binary and decodes the files back.
final class RenderFormatTests: XCTestCase {
    func testAPNGHasEveryTickAtExactlyOneSixtiethAndTheRenderedPixels() throws {
        let dir = try temporaryDirectory()
        let script = try RenderFixtures.script(RenderFixtures.movingDot, in: dir)
        let out = dir.appendingPathComponent("dot.apng")
        let r = try WaveBinary.run(["render", script.path, "-o", out.path, "--from", "3t", "--to", "15t"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let apng = try APNGDecoder.decode(RenderFixtures.bytes(out))
        XCTAssertEqual(apng.frames.count, 12)
        XCTAssertEqual(apng.loopCount, 0, "loops forever by default")
        for f in apng.frames { XCTAssertEqual(f.delayNumerator * 60, f.delayDenominator, "1/60 s") }
        XCTAssertEqual(apng.frames.reduce(0) { $0 + $1.delaySeconds }, 12.0 / 60, accuracy: 1e-9)
        let png = try RenderFixtures.pngFrames(script.path, 3..<15, in: dir)
        for (i, f) in apng.frames.enumerated() { XCTAssertEqual(f.rgba, png[3 + i]?.rgba, "tick \(3 + i) is lossless") }
        XCTAssertLessThan(apng.frames[5].region.width * apng.frames[5].region.height, 64 * 48 / 4, "later frames cover the changed region only")
    }

    func testAPNGFromAPNGExtensionOrPNGWithFormatAndLoopCount() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("ball.png")
        let r = try WaveBinary.run(["render", "examples/progress-ball.wave", "-o", out.path, "--format", "apng", "--to", "6t", "--loop", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let apng = try APNGDecoder.decode(RenderFixtures.bytes(out))
        XCTAssertEqual(apng.frames.count, 6)
        XCTAssertEqual(apng.loopCount, 3)
        XCTAssertEqual(try PNGDecoder.decode(RenderFixtures.bytes(out)).width, 200, "the default image is frame 0")
    }

    /// Frame counts, delays and total durations of every GIF rate; the ticks shown.
    func testGIFRatesShowTheDocumentedTicksAndDelaysAndLastExactly() throws {
        let dir = try temporaryDirectory()
        let script = try RenderFixtures.script(RenderFixtures.movingDot, in: dir)
        let png = try RenderFixtures.pngFrames(script.path, 0..<24, in: dir)
        let expected: [(fps: Int, ticks: [Int], delays: [Int])] = [
            (50, [0, 1, 2, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 22, 23], Array(repeating: 2, count: 20)),
            (30, [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22], [3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3]),
            (25, [0, 2, 5, 7, 10, 12, 14, 17, 19, 22], Array(repeating: 4, count: 10)),
            (20, [0, 3, 6, 9, 12, 15, 18, 21], Array(repeating: 5, count: 8)),
            (10, [0, 6, 12, 18], Array(repeating: 10, count: 4)),
        ]
        for (fps, ticks, delays) in expected {
            let out = dir.appendingPathComponent("dot\(fps).gif")
            let r = try WaveBinary.run(["render", script.path, "-o", out.path, "--to", "24t", "--fps", "\(fps)", "--dither", "none"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let gif = try GIFDecoder.decode(RenderFixtures.bytes(out))
            XCTAssertEqual(gif.frames.map(\.delayCentiseconds), delays, "\(fps) fps")
            XCTAssertEqual(gif.totalDelayCentiseconds, 40, "\(fps) fps: 24 ticks are 40 cs")
            XCTAssertEqual(gif.plays, 0)
            for (frame, tick) in zip(gif.frames, ticks) {
                let d = RenderFixtures.difference(png[tick]?.rgba ?? [], frame.rgba)
                XCTAssertEqual(d.max, 0, "\(fps) fps: frame of tick \(tick) holds exactly its colours (few, so an exact palette)")
            }
        }
    }

    func testGIFTotalIsTheNearestCentisecondWhenTheRangeIsNotAMultipleOfThreeTicks() throws {
        let dir = try temporaryDirectory()
        let script = try RenderFixtures.script(RenderFixtures.movingDot, in: dir)
        for (ticks, cs) in [(1, 2), (7, 12), (8, 13), (11, 18)] {
            let out = dir.appendingPathComponent("t\(ticks).gif")
            let r = try WaveBinary.run(["render", script.path, "-o", out.path, "--to", "\(ticks)t"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let gif = try GIFDecoder.decode(RenderFixtures.bytes(out))
            XCTAssertEqual(gif.totalDelayCentiseconds, cs, "\(ticks) ticks")
            XCTAssertTrue(gif.frames.allSatisfy { $0.delayCentiseconds >= 2 }, "no delay a browser would slow down")
        }
    }

    func testGIFOfManyColoursIsWithinTheQuantizerErrorForEachDither() throws {
        let dir = try temporaryDirectory()
        let png = try RenderFixtures.pngFrames("examples/ocean.wave", 0..<6, in: dir)
        for dither in ["floyd-steinberg", "ordered", "none"] {
            let out = dir.appendingPathComponent("ocean-\(dither).gif")
            let r = try WaveBinary.run(["render", "examples/ocean.wave", "-o", out.path, "--to", "6t", "--dither", dither])
            XCTAssertEqual(r.status, 0, r.stderr)
            let gif = try GIFDecoder.decode(RenderFixtures.bytes(out))
            XCTAssertEqual(gif.totalDelayCentiseconds, 10)
            for (frame, tick) in zip(gif.frames, [0, 1, 2, 4, 5]) {
                let d = RenderFixtures.difference(png[tick]?.rgba ?? [], frame.rgba)
                // Ordered dithering trades a larger mean error for stable static areas.
                XCTAssertLessThan(d.mean, dither == "ordered" ? 8 : 3, "\(dither), tick \(tick)")
                XCTAssertLessThanOrEqual(d.max, 48, "\(dither), tick \(tick)")
            }
        }
    }

    func testGIFIsTransparentWhereTheBackgroundIs() throws {
        let dir = try temporaryDirectory()
        let script = try RenderFixtures.script(RenderFixtures.transparentDot, in: dir)
        let out = dir.appendingPathComponent("dot.gif")
        let r = try WaveBinary.run(["render", script.path, "-o", out.path, "--to", "12t", "--loop", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let gif = try GIFDecoder.decode(RenderFixtures.bytes(out))
        XCTAssertEqual(gif.plays, 2)
        for (i, frame) in gif.frames.enumerated() {
            let tick = [0, 1, 2, 4, 5, 6, 7, 8, 10, 11][i]
            func alpha(_ x: Int, _ y: Int) -> UInt8 { frame.rgba[(y * 64 + x) * 4 + 3] }
            XCTAssertEqual(alpha(4 + tick, 24), 255, "the dot's centre is opaque at tick \(tick)")
            XCTAssertEqual(alpha(4 + tick, 8), 0, "above the dot is transparent")
            if tick >= 4 { XCTAssertEqual(alpha(tick - 4, 24), 0, "where the dot was is transparent again") }
        }
    }

    func testY4MStreamsToStandardOutputAndParses() throws {
        let dir = try temporaryDirectory()
        let script = try RenderFixtures.script(RenderFixtures.movingDot, in: dir)
        let r = try WaveBinary.runBytes(["render", script.path, "-o", "-", "--format", "y4m", "--to", "5t"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let stream = r.stdout
        guard let nl = stream.firstIndex(of: 0x0A) else { return XCTFail("no header line") }
        XCTAssertEqual(String(decoding: stream[..<nl], as: UTF8.self), "YUV4MPEG2 W64 H48 F60:1 Ip A1:1 C420jpeg")
        let frameSize = 64 * 48 + 2 * 32 * 24
        var offset = nl + 1, frames: [[UInt8]] = []
        while offset < stream.count {
            XCTAssertEqual(Array(stream[offset..<offset + 6]), Array("FRAME\n".utf8))
            frames.append(Array(stream[(offset + 6)..<(offset + 6 + frameSize)]))
            offset += 6 + frameSize
        }
        XCTAssertEqual(offset, stream.count, "whole frames only")
        XCTAssertEqual(frames.count, 5)
        for (tick, y) in frames.enumerated() {
            XCTAssertEqual(y[2 * 64 + 60], 235, "white background is Y 235")
            XCTAssertLessThan(y[24 * 64 + 4 + tick], 120, "the red dot is dark in Y at tick \(tick)")
        }
        // The same bytes when written to a file.
        let file = dir.appendingPathComponent("s.y4m")
        XCTAssertEqual(try WaveBinary.run(["render", script.path, "-o", file.path, "--to", "5t"]).status, 0)
        XCTAssertEqual(try RenderFixtures.bytes(file), stream)
    }

    func testSizeFitsTheSceneAndScaleMultiplies() throws {
        let dir = try temporaryDirectory()
        let a = dir.appendingPathComponent("a.png"), b = dir.appendingPathComponent("b.gif")
        XCTAssertEqual(try WaveBinary.run(["render", "examples/ocean.wave", "-o", a.path, "--size", "200x200"]).status, 0)
        let still = try PNGDecoder.decode(RenderFixtures.bytes(a))
        XCTAssertEqual([still.width, still.height], [200, 120])
        XCTAssertEqual(try WaveBinary.run(["render", "examples/ocean.wave", "-o", b.path, "--scale", "0.5", "--to", "3t"]).status, 0)
        let gif = try GIFDecoder.decode(RenderFixtures.bytes(b))
        XCTAssertEqual([gif.width, gif.height], [200, 120])
    }

    func testSingleFramePNGStillWorksWithCompression() throws {
        let dir = try temporaryDirectory()
        let a = dir.appendingPathComponent("a.png"), b = dir.appendingPathComponent("b.png")
        XCTAssertEqual(try WaveBinary.run(["render", "examples/sonar.wave", "-o", a.path, "--time", "1s", "--compression", "0"]).status, 0)
        XCTAssertEqual(try WaveBinary.run(["render", "examples/sonar.wave", "-o", b.path, "--frame", "60", "--compression", "9"]).status, 0)
        let (x, y) = (try RenderFixtures.bytes(a), try RenderFixtures.bytes(b))
        XCTAssertGreaterThan(x.count, y.count)
        XCTAssertEqual(try PNGDecoder.decode(x), try PNGDecoder.decode(y))
    }
}

/// Reads a pipe to its end on a background thread.
final class ErrorDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
