@testable import WaveGeometry
import WaveGraphics
import XCTest

final class FontResolveTests: XCTestCase {
    func testSansResolvesToDejaVuSans() throws {
        let match = try FontLibrary.shared.resolve(FontDescriptor.parse("sans"))
        XCTAssertTrue(match.file.hasSuffix("/DejaVuSans.ttf"), match.file)
        XCTAssertEqual(match.family, "DejaVu Sans")
        XCTAssertTrue(match.isExactFamily)
    }

    func testSansBoldResolvesToDejaVuSansBold() throws {
        let match = try FontLibrary.shared.resolve(FontDescriptor.parse("sans:bold"))
        XCTAssertTrue(match.file.hasSuffix("/DejaVuSans-Bold.ttf"), match.file)
        XCTAssertEqual(match.style, "Bold")
        XCTAssertTrue(match.isExactFamily)
    }

    func testNamedFamilyWithStyle() throws {
        let italic = try FontLibrary.shared.resolve(FontDescriptor.parse("DejaVu Serif:italic"))
        XCTAssertTrue(italic.file.hasSuffix("/DejaVuSerif-Italic.ttf"), italic.file)
        XCTAssertTrue(italic.isExactFamily)

        let byName = try FontLibrary.shared.resolve(
            FontDescriptor(family: "dejavusans", style: "Condensed Bold"))
        XCTAssertTrue(byName.file.hasSuffix("/DejaVuSansCondensed-Bold.ttf"), byName.file)
        XCTAssertTrue(byName.isExactFamily, "family names compare ignoring case and blanks")
    }

    func testUnknownFamilyFallsBackWithoutFailing() throws {
        let match = try FontLibrary.shared.resolve(FontDescriptor(family: "Qzxwv Nonexistent", style: "bold"))
        XCTAssertFalse(match.isExactFamily)
        XCTAssertFalse(match.file.isEmpty)
        XCTAssertEqual(match.requested.family, "Qzxwv Nonexistent")
        // The fallback can still lay out text.
        let run = try FontLibrary.shared.layout("du", font: match.requested, size: 20)
        XCTAssertFalse(run.font.isExactFamily)
        XCTAssertGreaterThan(run.width, 0)
    }

    func testParse() {
        XCTAssertEqual(FontDescriptor.parse("sans:bold"), FontDescriptor(family: "sans", style: "bold"))
        XCTAssertEqual(
            FontDescriptor.parse(" DejaVu Serif : italic "),
            FontDescriptor(family: "DejaVu Serif", style: "italic"))
        XCTAssertEqual(FontDescriptor.parse("monospace"), FontDescriptor(family: "monospace", style: "regular"))
        XCTAssertEqual(FontDescriptor.parse("sans:bold:italic").style, "bold italic")
        XCTAssertEqual(FontDescriptor.parse("sans:style=Condensed Bold").style, "Condensed Bold")
        XCTAssertEqual(FontDescriptor.parse(""), FontDescriptor())
        XCTAssertEqual(FontDescriptor.parse(":bold"), FontDescriptor(family: "sans", style: "bold"))
    }
}
