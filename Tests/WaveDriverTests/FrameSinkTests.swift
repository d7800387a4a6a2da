import Foundation
import XCTest
import WaveCodecs
@testable import WaveGeometry
import WaveGraphics
import WaveRuntime
@testable import WaveDriver
@testable import WaveSinks

/// Sinks take frames with presentation times, as pixels or as display lists, and the
/// format table decides which sink and which flags a format has.
final class FrameSinkTests: XCTestCase {
    static let script = """
    scene 40x20 { background #102030 }
    var x = 0
    layer dot: circle { center (x, 10) radius 4  fill #ff0000 }
    every tick { x += 1 }
    """

    /// A sink that wants display lists only (as an SVG writer would).
    final class ListSink: FrameSink {
        let request = FrameRequest(input: .displayList, scale: 2)
        let schedule = [3, 5, 9].map(TimedTick.everyTick)
        var received: [SinkFrame] = []
        var finished = false
        func consume(_ frame: SinkFrame) throws { received.append(frame) }
        func finish() throws { finished = true }
        func abort() {}
    }

    func testADisplayListSinkGetsItsTicksAtItsScaleWithoutPixels() throws {
        let program = try TestScenes.program(Self.script)
        var runtime = try SceneRuntime(program: program)
        let sink = ListSink()
        try FramePipeline(threads: 2).feed(sink, from: &runtime)
        XCTAssertEqual(sink.received.map(\.time.tick), [3, 5, 9])
        XCTAssertEqual(sink.received.map(\.frame.tick), [3, 5, 9])
        XCTAssertTrue(sink.received.allSatisfy { $0.pixels == nil && $0.frame.width == 80 && $0.frame.height == 40 })
        // The frames are the runtime's own, as seeking to each tick builds them.
        for f in sink.received {
            XCTAssertEqual(f.frame, try SceneRuntime.seek(program, to: f.time.tick).frame(scale: 2))
        }
    }

    func testAPixelSinkGetsTheRenderedFrames() throws {
        let program = try TestScenes.program(Self.script)
        var runtime = try SceneRuntime(program: program)
        final class PixelSink: FrameSink {
            let request = FrameRequest(input: .pixels, scale: 1)
            let schedule = [0, 1, 2, 30].map(TimedTick.everyTick)
            var pixels: [Pixmap] = []
            func consume(_ frame: SinkFrame) throws { pixels.append(try XCTUnwrap(frame.pixels)) }
            func finish() throws {}
            func abort() {}
        }
        let sink = PixelSink()
        try FramePipeline(threads: 2).feed(sink, from: &runtime)
        XCTAssertEqual(sink.pixels.count, 4)
        for (pixmap, tick) in zip(sink.pixels, [0, 1, 2, 30]) {
            let f = try SceneRuntime.seek(program, to: tick).frame()
            XCTAssertEqual(pixmap.data, Renderer().render(f.items, width: f.width, height: f.height, background: f.background).data)
        }
    }

    func testTheFormatTableNamesSinksSchedulesAndFlags() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-sinks-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func setup(_ destination: RenderDestination) -> SinkSetup {
            SinkSetup(width: 8, height: 8, ticks: 10..<22, scale: 1, options: ImageSinkOptions(), destination: destination)
        }
        let apng = try ImageFormat.apng.info.makeSink(setup(.file(dir + "/a.apng")))
        XCTAssertEqual(apng.schedule.map(\.tick), Array(10..<22))
        XCTAssertEqual(apng.schedule.first, TimedTick(tick: 10, delayNumerator: 1, delayDenominator: 60))
        apng.abort()
        let gif = try ImageFormat.gif.info.makeSink(setup(.file(dir + "/a.gif")))
        XCTAssertEqual(gif.schedule, GIFFrameRate.fps50.plan(10..<22))
        XCTAssertEqual(gif.schedule.reduce(0) { $0 + $1.delayCentiseconds }, 20)
        gif.abort()
        XCTAssertTrue(try ImageFormat.png.info.makeSink(setup(.pattern(dir + "/f%03d.png"))) is PNGSequenceSink)
        let one = try ImageFormat.png.info.makeSink(setup(.file(dir + "/one.png")))
        XCTAssertEqual(one.schedule.map(\.tick), [10])
        one.abort()
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? ["?"], [], "an aborted sink leaves nothing")
        XCTAssertEqual(ImageFormat.fromExtension("x/y.GIF"), .gif)
        XCTAssertNil(ImageFormat.fromExtension("x.y/z"))
        XCTAssertEqual(ImageFormat.names(accepting: .loop), "APNG, GIF and WebP")
        XCTAssertEqual(ImageFormat.names(accepting: .compression), "PNG and APNG")
        XCTAssertEqual(ImageFormat.names(accepting: .dither), "GIF")
    }

    func testAnAnimationSinkWritesWhatItsEncoderWould() throws {
        let program = try TestScenes.program(Self.script)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wave-sink-\(getpid()).apng").path
        defer { unlink(path) }
        let job = RenderJob(program: program, format: .apng, destination: .file(path), ticks: 0..<4, threads: 1)
        _ = try job.run(shouldStop: { false })
        var expected: [UInt8] = []
        // The scene's background is opaque, so the sink stores RGB (colour type 2).
        let encoder = try APNGEncoder(width: 40, height: 20, frameCount: 4, loopCount: 0, opaque: true) { expected += $0 }
        for t in 0..<4 {
            let f = try SceneRuntime.seek(program, to: t).frame()
            try encoder.addFrame(rgba: Renderer().render(f.items, width: 40, height: 20, background: f.background).unpremultipliedRGBA())
        }
        try encoder.finish()
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), expected)
    }

    func testThePlayerKeepsOneRendererForAllItsFrames() throws {
        let program = try TestScenes.program(Self.script)
        let player = TerminalPlayer(program: program, source: .init(name: "t.wave", text: Self.script))
        _ = try player.writeFrames(ticks: 30, columns: 20, rows: 6, to: CollectingSink())
        _ = try player.writeFrames(ticks: 5, columns: 30, rows: 8, to: CollectingSink())
        XCTAssertEqual(player.renderersBuilt, 1)
        player.options.cells = .braille
        _ = try player.writeFrames(ticks: 2, columns: 30, rows: 8, to: CollectingSink())
        XCTAssertEqual(player.renderersBuilt, 2)
    }
}
