import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// `Property.ordinal` reads the case's stored byte instead of searching: it must be every
/// property's index in `allCases`, as the general search finds it.
final class PropertyOrdinalTests: XCTestCase {
    func testOrdinalIsTheIndexInAllCases() {
        XCTAssertEqual(MemoryLayout<Property>.size, 1, "ordinal reads one byte: at most 256 properties")
        for (i, p) in Property.allCases.enumerated() {
            XCTAssertEqual(p.ordinal, i, "\(p.rawValue)")
            XCTAssertEqual(Property.ordinal(searching: p), p.ordinal, "\(p.rawValue)")
            XCTAssertEqual(Property.byOrdinal[p.ordinal], p)
        }
        XCTAssertEqual(Property.count, Property.allCases.count)
        XCTAssertEqual(Set(Property.allCases.map(\.ordinal)).count, Property.allCases.count)
    }
}
