import XCTest
@testable import WaveDriver

final class ThreadChooserTests: XCTestCase {
    /// Feeds the chooser batches whose cost per frame depends on the mode it picked, and
    /// returns the modes it picked.
    private func run(oneThread: Double, twoThreads: Double, batches: Int) -> [Int] {
        var chooser = ThreadChooser(threads: 2)
        var picks: [Int] = []
        for _ in 0..<batches {
            let used = chooser.next()
            picks.append(used)
            chooser.record(used: used, frames: 12, seconds: 12 * (used == 1 ? oneThread : twoThreads))
        }
        return picks
    }

    /// Batches 15, 31, 47 and 63 of 64 try the other mode.
    private let probes = (2..<64).filter { $0 % ThreadChooser.probeInterval == ThreadChooser.probeInterval - 1 }.count

    func testABusySecondCoreFallsBackToOneThreadAndProbesNowAndThen() {
        let picks = run(oneThread: 1e-3, twoThreads: 1.4e-3, batches: 64)
        XCTAssertEqual(Array(picks.prefix(2)), [2, 1], "both modes are measured first")
        XCTAssertEqual(picks.dropFirst(2).filter { $0 == 1 }.count, 62 - probes)
        XCTAssertEqual(picks[ThreadChooser.probeInterval - 1], 2, "a probe of the slower mode")
    }

    func testAHelpfulSecondCoreIsKept() {
        let picks = run(oneThread: 1e-3, twoThreads: 0.55e-3, batches: 64)
        XCTAssertEqual(picks.dropFirst(2).filter { $0 == 2 }.count, 62 - probes)
    }

    func testOneThreadNeverSpawns() {
        var chooser = ThreadChooser(threads: 1)
        for _ in 0..<5 {
            XCTAssertEqual(chooser.next(), 1)
            chooser.record(used: 1, frames: 3, seconds: 0.01)
        }
    }

    /// The chooser follows a change: when the second core frees up it switches back.
    func testSwitchesBackWhenTheSecondCoreFreesUp() {
        var chooser = ThreadChooser(threads: 2)
        for _ in 0..<20 {
            let used = chooser.next()
            chooser.record(used: used, frames: 12, seconds: 12 * (used == 1 ? 1e-3 : 2e-3))
        }
        XCTAssertEqual(chooser.next(), 1)
        var picks: [Int] = []
        for _ in 0..<40 {
            let used = chooser.next()
            picks.append(used)
            chooser.record(used: used, frames: 12, seconds: 12 * (used == 1 ? 1e-3 : 0.5e-3))
        }
        XCTAssertEqual(picks.suffix(10), Array(repeating: 2, count: 10))
    }
}
