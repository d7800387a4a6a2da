import XCTest
@testable import WaveGeometry
import WaveGraphics
import WaveRuntime
import WaveSinks
@testable import WaveDriver

/// Frames in flight are bounded by their pixels and display lists, not only by count, and
/// a smaller batch never changes a byte.
final class FrameBudgetTests: XCTestCase {
    func testABatchStopsGrowingAtTheBudgetButKeepsOneFrameAThread() throws {
        let program = try TestScenes.example("stickman.wave").0
        var runtime = try SceneRuntime(program: program)
        let pipeline = FramePipeline(threads: 2)
        let schedule = (0..<12).map(TimedTick.everyTick)
        let request = FrameRequest(input: .pixels, scale: 1)
        let full = try pipeline.buildFrames(&runtime, schedule[0..<12], request, budget: FrameBudget(threads: 2), shouldStop: { false })
        XCTAssertEqual(full.count, 12)
        let perFrame = full[0].frame.items.reduce(0) { $0 + $1.pathElementCount }
        XCTAssertGreaterThan(perFrame, 10)

        var tight = FrameBudget(threads: 2)
        tight.pathElements = perFrame * 3 + 1   // three frames stay under it, the fourth reaches it
        var again = try SceneRuntime(program: program)
        XCTAssertEqual(try pipeline.buildFrames(&again, schedule[0..<12], request, budget: tight, shouldStop: { false }).count, 4)
        tight.pathElements = 1
        var third = try SceneRuntime(program: program)
        XCTAssertEqual(try pipeline.buildFrames(&third, schedule[0..<12], request, budget: tight, shouldStop: { false }).count, 2)
        var pixels = FrameBudget(threads: 1)
        pixels.pixelBytes = 1
        var fourth = try SceneRuntime(program: program)
        XCTAssertEqual(try pipeline.buildFrames(&fourth, schedule[0..<12], request, budget: pixels, shouldStop: { false }).count, 1)
    }

    func testElementsAreCountedInGroupsAndMasks() {
        var p = Path()
        p.addCircle(center: Point(5, 5), radius: 3)
        let fill = DisplayItem.fill(path: p, rule: .nonZero, paint: .solid(.black), opacity: 1)
        let nested = DisplayItem.group(items: [fill, .group(items: [fill], opacity: 0.5, mask: nil)], opacity: 1,
                                       mask: Mask(items: [fill]))
        XCTAssertEqual(nested.pathElementCount, 3 * p.elements.count)
    }

    func testTinyBatchesRenderTheSameBytes() throws {
        let program = try TestScenes.example("progress-ball.wave").0
        func frames(_ budget: FrameBudget?) throws -> [Pixmap] {
            var runtime = try SceneRuntime(program: program)
            var pipeline = FramePipeline(threads: 2, scale: 0.5)
            if let budget { pipeline.budget = budget }
            var out: [Pixmap] = []
            try pipeline.run(&runtime, ticks: Array(0..<40)) { _, p in out.append(p) }
            return out
        }
        var tiny = FrameBudget(threads: 2)
        tiny.pathElements = 1
        let a = try frames(nil), b = try frames(tiny)
        XCTAssertEqual(a.count, 40)
        XCTAssertTrue(a == b)
    }
}
