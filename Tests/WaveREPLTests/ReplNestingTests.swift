import Foundation
import WaveDriver
import XCTest
@testable import WaveREPL

/// A block typed over many lines is gathered by adding up each line's brackets, so every
/// line is read once (a 4,000-line unclosed block took 5 s when each line re-read them all).
final class ReplNestingTests: XCTestCase {
    func testEachLineCountsItsOwnBrackets() {
        XCTAssertEqual(ReplSession.nesting(of: "every tick {").change, 1)
        XCTAssertEqual(ReplSession.nesting(of: "  x = max(1, [2, 3][0])").change, 0)
        XCTAssertEqual(ReplSession.nesting(of: "}  }").change, -2)
        XCTAssertEqual(ReplSession.nesting(of: "say \"{ not a block\"  # nor this {").change, 0)
        XCTAssertTrue(ReplSession.nesting(of: "let s = \"open {").unterminated)
        XCTAssertFalse(ReplSession.nesting(of: "let s = \"closed\"").unterminated)
    }

    func testABlockIsSubmittedWhenItsLastBracketCloses() throws {
        let controller = ReplController(session: try ReplSession(), output: ReplWatchTests.Lines())
        controller.handle("var n = 0")
        controller.handle("every tick {")
        XCTAssertTrue(controller.isContinuing)
        controller.handle("  if n < 5 {")
        controller.handle("    n += \"}\".length")
        controller.handle("  }")
        XCTAssertTrue(controller.isContinuing)
        controller.handle("}")
        XCTAssertFalse(controller.isContinuing)
        controller.handle("every tick {")
        controller.cancelInput()
        controller.handle("n")
        XCTAssertFalse(controller.isContinuing, "Ctrl-C forgets the open bracket")
    }
}
