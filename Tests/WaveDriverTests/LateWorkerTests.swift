import Foundation
import XCTest
@testable import WaveGeometry
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

        // The worker that takes a frame first is held until every frame has been handed over
        // (or a minute has passed, so a regression fails instead of hanging): no clock is read.
        let stalled = StallOnce(atMost: 60)
        var pipeline = FramePipeline(threads: 2, scale: 0.5)
        pipeline.alwaysAllThreads = true
        pipeline.beforeWorkerFrame = { _ in stalled.stallTheFirstTime() }
        var threaded = try SceneRuntime(program: program)
        var handed: [Int] = [], handedWhileHeld = 0, handedAfterRelease = 0
        try pipeline.run(&threaded, ticks: ticks) { tick, p in
            if p != oneThread[handed.count] { XCTFail("tick \(tick) differs from the one-thread run") }
            // Frames may come before the worker took its first one; none after its release.
            if stalled.isHeld { handedWhileHeld += 1 } else if stalled.didStall { handedAfterRelease += 1 }
            handed.append(tick)
            if handed.count == ticks.count { stalled.release() }
        }
        XCTAssertEqual(handed, ticks)
        XCTAssertTrue(stalled.didStall, "a worker took a frame")
        // Every frame from the stall on was handed over while the worker was still held ...
        XCTAssertEqual(handedAfterRelease, 0, "the frames waited for the stalled worker")
        XCTAssertGreaterThan(handedWhileHeld, ticks.count / 2)
        // ... and the run returned only once it had finished (no thread left rendering).
        XCTAssertTrue(stalled.resumed, "the run returned before its worker finished")
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
    private let gate = DispatchSemaphore(value: 0)
    private var stalled = false, held = false, finished = false
    private let limit: Double
    init(atMost seconds: Double) { limit = seconds }

    var didStall: Bool { lock.lock(); defer { lock.unlock() }; return stalled }
    var isHeld: Bool { lock.lock(); defer { lock.unlock() }; return held }
    var resumed: Bool { lock.lock(); defer { lock.unlock() }; return finished }

    func release() { gate.signal() }

    /// The first caller waits until `release()` (at most `limit` seconds); others pass.
    func stallTheFirstTime() {
        lock.lock()
        let first = !stalled
        stalled = true
        if first { held = true }
        lock.unlock()
        guard first else { return }
        _ = gate.wait(timeout: .now() + limit)
        lock.lock(); held = false; finished = true; lock.unlock()
    }
}
