import XCTest
@testable import WaveSinks

/// A sequence's file name is read as printf reads a format: `%d`/`%0Nd` is the tick and
/// `%%` a literal `%` (as ffmpeg's image sequences do), so a name can hold a percent sign.
final class SequenceNameTests: XCTestCase {
    func testPlaceholdersAndEscapedPercents() {
        XCTAssertEqual(RenderDestination.expand("out/%04d.png", 7), "out/0007.png")
        XCTAssertEqual(RenderDestination.expand("f%d.png", 123), "f123.png")
        XCTAssertEqual(RenderDestination.expand("100%%-%03d.png", 5), "100%-005.png")
        XCTAssertEqual(RenderDestination.expand("a%%%02d%%.png", 3), "a%03%.png")
        XCTAssertEqual(RenderDestination.expand("%5d.png", 42), "00042.png")

        XCTAssertTrue(RenderDestination.isPattern("100%%-%03d.png"))
        XCTAssertFalse(RenderDestination.isPattern("100%%d.png"), "'%%d' is a percent sign and a d")
        XCTAssertEqual(RenderDestination.expand("100%%d.png", 9), "100%%d.png", "not a sequence: the name as written")
        XCTAssertFalse(RenderDestination.isPattern("50% off.png"))
        XCTAssertEqual(RenderDestination.placeholderCount("%d-%04d.png"), 2)
        XCTAssertEqual(RenderDestination.placeholderCount("%%d-%04d.png"), 1)
        XCTAssertEqual(RenderDestination.placeholderWidth("x%%4d-%06d.png"), 6)
        XCTAssertNil(RenderDestination.placeholderWidth("plain.png"))
        XCTAssertEqual(RenderDestination.placeholderWidth("%099999999999999999999999d.png"), Int.max)
    }
}
