import Foundation
import XCTest
import WaveGraphics
import WaveRuntime
@testable import WaveDriver

/// A worker whose core is taken by other work must not hold the frames up: the caller renders
/// the frame it waits for itself, hands every frame over in order with the bytes of a
/// one-thread run, and joins the late worker only when the run ends.
final class LateWorkerTests: XCTestCase {
    func testAStalledWorkerDoesNotHoldTheFramesUp() throws {
        let (program, _) = try TestScenes.example("glow-heart.wave")
        let ticks = Array(0..<40)
        var oneThread: [Pixmap] = []
        var runtime = try SceneRuntime(program: program)
        try FramePipeline(threads: 1, scale: 0.5).run(&runtime, ticks: ticks) { _, p in oneThread.append(p) }

        let stall = 1.5
        let stalled = StallOnce(seconds: stall)
        var pipeline = FramePipeline(threads: 2, scale: 0.5)
        pipeline.alwaysAllThreads = true
        pipeline.beforeWorkerFrame = { _ in stalled.stallTheFirstTime() }
        var threaded = try SceneRuntime(program: program)
        let start = Date()
        var lastHandedOver = 0.0, handed: [Int] = []
        try pipeline.run(&threaded, ticks: ticks) { tick, p in
            if p != oneThread[handed.count] { XCTFail("tick \(tick) differs from the one-thread run") }
            handed.append(tick)
            lastHandedOver = Date().timeIntervalSince(start)
        }
        let returned = Date().timeIntervalSince(start)
        XCTAssertEqual(handed, ticks)
        XCTAssertTrue(stalled.didStall, "a worker took a frame")
        // Every frame was handed over while the worker still slept ...
        XCTAssertLessThan(lastHandedOver, stall * 2 / 3, "the frames waited for the stalled worker")
        // ... and the run returned only once it had finished (no thread left rendering).
        XCTAssertGreaterThanOrEqual(returned, stall)
    }

    func testPixmapSlotsKeepTheFirstOfTwoWritesAndWaitWithATimeout() {
        let slots = PixmapSlots(count: 2)
        XCTAssertFalse(slots.waitUntilDone(0, nanoseconds: 20_000_000))
        XCTAssertTrue(slots.set(0, Pixmap(width: 1, height: 1, fill: .white)))
        XCTAssertFalse(slots.set(0, Pixmap(width: 2, height: 2, fill: .white)))
        XCTAssertTrue(slots.waitUntilDone(0, nanoseconds: 0))
        XCTAssertEqual(slots.take(0).width, 1)
        // Taken, the slot stays written: a late copy is still refused.
        XCTAssertFalse(slots.set(0, Pixmap(width: 3, height: 3, fill: .white)))
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { _ = slots.set(1, Pixmap(width: 4, height: 4, fill: .white)) }
        XCTAssertTrue(slots.waitUntilDone(1, nanoseconds: 5_000_000_000))
        XCTAssertEqual(slots.take(1).width, 4)
    }
}

/// Sleeps the first caller for `seconds`; later callers go on at once.
private final class StallOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private let seconds: Double
    init(seconds: Double) { self.seconds = seconds }

    var didStall: Bool { lock.lock(); defer { lock.unlock() }; return done }

    func stallTheFirstTime() {
        lock.lock()
        let first = !done
        done = true
        lock.unlock()
        if first { Thread.sleep(forTimeInterval: seconds) }
    }
}
