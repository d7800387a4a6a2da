import XCTest
@testable import WaveAccelerator

/// The caches' shared bookkeeping: least recently used out first, limits on count and on
/// total cost (the newest always kept), and misses remembered to keep what comes back.
final class MemoListTests: XCTestCase {
    final class Item {
        let name: String, size: Int
        init(_ name: String, _ size: Int) { self.name = name; self.size = size }
    }

    func names(_ m: MemoList<Item>) -> [String] { m.entries.map(\.name) }

    func testLeastRecentlyUsedGoesFirstPastTheCount() {
        var m = MemoList<Item>(capacity: 3, costLimit: 100, missMemory: 2) { $0.size }
        for n in ["a", "b", "c"] { m.insert(Item(n, 1)) }
        XCTAssertEqual(m.find { $0.name == "a" }?.name, "a")   // a is now the most recent
        XCTAssertNil(m.find { $0.name == "z" })
        m.insert(Item("d", 1))
        XCTAssertEqual(names(m), ["c", "a", "d"])
        XCTAssertEqual(m.totalCost, 3)
    }

    func testTheCostLimitDropsTheOldestButKeepsTheNewest() {
        var m = MemoList<Item>(capacity: 10, costLimit: 10, missMemory: 2) { $0.size }
        m.insert(Item("a", 4)); m.insert(Item("b", 4))
        m.insert(Item("c", 4))
        XCTAssertEqual(names(m), ["b", "c"])
        m.insert(Item("huge", 50))
        XCTAssertEqual(names(m), ["huge"], "alone over the limit, the newest stays")
        XCTAssertEqual(m.totalCost, 50)
    }

    func testASecondMissIsARepeatAndOldMissesAreForgotten() {
        var m = MemoList<Item>(capacity: 4, costLimit: 10, missMemory: 2) { $0.size }
        XCTAssertFalse(m.repeatedMiss(hash: 1))
        XCTAssertTrue(m.repeatedMiss(hash: 1))
        XCTAssertFalse(m.repeatedMiss(hash: 1), "a repeat is counted once")
        XCTAssertFalse(m.repeatedMiss(hash: 2))
        XCTAssertFalse(m.repeatedMiss(hash: 3))   // 1 is forgotten now (memory of 2)
        XCTAssertFalse(m.repeatedMiss(hash: 1))
        m.expectRepeat(hash: 7)
        XCTAssertTrue(m.repeatedMiss(hash: 7))
    }
}
