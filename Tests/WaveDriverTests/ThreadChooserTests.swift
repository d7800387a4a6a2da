import XCTest
@testable import WaveDriver

final class ThreadChooserTests: XCTestCase {
    /// Feeds the chooser batches of 12 frames whose cost per frame depends on the mode it
    /// picked (the first batch on all threads costs `warmUp` more), and returns the modes
    /// it picked.
    private func run(_ chooser: inout ThreadChooser, oneThread: Double, twoThreads: Double, batches: Int,
                     warmUp: Double = 5e-3) -> [Int] {
        var picks: [Int] = []
        for i in 0..<batches {
            let used = chooser.next(remaining: (batches - i) * 12)
            let first = used == 2 && !picks.contains(2)
            picks.append(used)
            chooser.record(used: used, frames: 12, seconds: 12 * (used == 1 ? oneThread : twoThreads) + (first ? warmUp : 0))
        }
        return picks
    }

    private func run(oneThread: Double, twoThreads: Double, batches: Int) -> [Int] {
        var chooser = ThreadChooser(threads: 2)
        return run(&chooser, oneThread: oneThread, twoThreads: twoThreads, batches: batches)
    }

    /// Batches on one thread before the first try of two threads (when the run is long enough).
    private let start = ThreadChooser.firstTry

    func testAShortRunStaysOnOneThread() {
        // 600 frames of 30 µs: 18 ms in all, less than a try would need to be worth it.
        XCTAssertEqual(run(oneThread: 30e-6, twoThreads: 20e-6, batches: 50), Array(repeating: 1, count: 50))
        // The same frames for 9,600 frames: tried, and kept.
        let long = run(oneThread: 30e-6, twoThreads: 20e-6, batches: 800)
        XCTAssertEqual(Array(long.prefix(start + 2)), Array(repeating: 1, count: start) + [2, 2])
        XCTAssertGreaterThan(long.filter { $0 == 2 }.count, 775, "all but the first \(start) and a few tries of one thread")
        // A costly start (glow-heart's first 24 frames blur a new shadow each, 0.8 ms against
        // 0.1 ms later) does not make 600 frames (90 ms in all) look worth a try.
        var chooser = ThreadChooser(threads: 2)
        for i in 0..<50 {
            XCTAssertEqual(chooser.next(remaining: 600 - i * 12), 1, "batch \(i)")
            chooser.record(used: 1, frames: 12, seconds: 12 * (i < 2 ? 0.8e-3 : i < 4 ? 0.3e-3 : 0.1e-3))
        }
    }

    func testTheWarmUpBatchIsNotMeasuredAndAHelpfulSecondCoreIsKept() {
        let picks = run(oneThread: 1e-3, twoThreads: 0.55e-3, batches: start + 100)
        XCTAssertEqual(Array(picks.prefix(start)), Array(repeating: 1, count: start))
        XCTAssertEqual(picks[start], 2, "the warm-up")
        XCTAssertEqual(picks[start + 1], 2, "the first measured batch on two threads")
        let after = picks.dropFirst(start + 2)
        XCTAssertGreaterThanOrEqual(after.filter { $0 == 2 }.count, after.count - 6, "two threads kept, one tried now and then")
        XCTAssertGreaterThan(after.filter { $0 == 1 }.count, 0, "one thread tried now and then")
    }

    /// Even a huge warm-up (a first batch on two threads that took a whole second) does
    /// not stop two threads being used: it is not measured.
    func testASlowWarmUpDoesNotCount() {
        var chooser = ThreadChooser(threads: 2)
        let picks = run(&chooser, oneThread: 1e-3, twoThreads: 0.6e-3, batches: start + 30, warmUp: 1)
        XCTAssertGreaterThanOrEqual(picks.suffix(5).filter { $0 == 2 }.count, 4, "two threads, but for a try of one")
    }

    /// Slow first batches (the run's start-up) are not what two threads are compared with:
    /// the first measured batch on two threads, slower than one thread now, is followed by
    /// one thread at once.
    func testTheRunsStartUpIsNotComparedWithTwoThreads() {
        var chooser = ThreadChooser(threads: 2)
        var picks: [Int] = []
        for i in 0..<start + 9 {
            let used = chooser.next(remaining: 1000)
            picks.append(used)
            let perFrame = used == 2 ? 1.4e-3 : (i < 2 ? 10e-3 : 1e-3)
            chooser.record(used: used, frames: 12, seconds: 12 * perFrame)
        }
        XCTAssertEqual(Array(picks.prefix(start + 3)), Array(repeating: 1, count: start) + [2, 2, 1])
    }

    /// A busy second core: back to one thread after the first measured try, and the tries
    /// grow rarer while they keep losing (8, 16, 32, 64, 128 batches between them).
    func testABusySecondCoreFallsBackToOneThreadAndTriesLessAndLessOften() {
        let picks = run(oneThread: 1e-3, twoThreads: 1.4e-3, batches: start + 400)
        let after = Array(picks.dropFirst(start + 2))
        let tries = after.indices.filter { after[$0] == 2 }
        let gaps = zip(tries.dropFirst(), tries).map { $0 - $1 }
        XCTAssertEqual(Array(gaps.prefix(5)), [17, 33, 65, 129, 129], "each try is followed by twice as long on one thread")
        XCTAssertLessThanOrEqual(tries.count, 8)
    }

    func testOneThreadNeverSpawns() {
        var chooser = ThreadChooser(threads: 1)
        for _ in 0..<50 {
            XCTAssertEqual(chooser.next(remaining: 1000), 1)
            chooser.record(used: 1, frames: 3, seconds: 0.01)
        }
    }

    /// The chooser follows a change: when the second core frees up it switches back.
    func testSwitchesBackWhenTheSecondCoreFreesUp() {
        var chooser = ThreadChooser(threads: 2)
        _ = run(&chooser, oneThread: 1e-3, twoThreads: 2e-3, batches: start + 40)
        XCTAssertEqual(chooser.next(remaining: 1000), 1)
        let picks = run(&chooser, oneThread: 1e-3, twoThreads: 0.5e-3, batches: 40)
        XCTAssertLessThan(picks.firstIndex(of: 2) ?? 99, 32, "a try within 32 batches")
        XCTAssertGreaterThanOrEqual(picks.suffix(10).filter { $0 == 2 }.count, 8, "switched at that try (then a try of one thread 8 batches on)")
    }
}
