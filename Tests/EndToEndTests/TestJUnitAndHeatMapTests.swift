import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import WaveCodecs

/// `wave test --junit FILE` for CI pages, and the diff image as a heat map with its scale.
final class TestJUnitAndHeatMapTests: XCTestCase {
    /// A copy of the sonar and stickman goldens with a 10x10 magenta block painted into
    /// sonar's tick 180, a broken script beside them, and the run over all three.
    func brokenRun() throws -> (run: Run, junit: URL, failures: URL, painted: [UInt8], size: (Int, Int)) {
        let dir = try temporaryDirectory()
        let goldens = dir.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        for name in ["sonar", "stickman"] {
            try FileManager.default.copyItem(at: WaveBinary.packageRoot.appendingPathComponent("goldens/\(name)"), to: goldens.appendingPathComponent(name))
        }
        let golden = goldens.appendingPathComponent("sonar/0180.png")
        let image = try PNGDecoder.decode(Array(try Data(contentsOf: golden)))
        var rgba = image.rgba
        for y in 5..<15 { for x in 5..<15 { let i = (y * image.width + x) * 4; rgba.replaceSubrange(i..<i + 4, with: [255, 0, 255, 255]) } }
        try Data(PNGEncoder.encode(width: image.width, height: image.height, rgba: rgba)).write(to: golden)
        let broken = dir.appendingPathComponent("broken & <odd>.wave")
        try "layer a: circle { radius }\n".write(to: broken, atomically: true, encoding: .utf8)
        let junit = dir.appendingPathComponent("report.xml"), failures = dir.appendingPathComponent("failures")
        let r = try WaveBinary.run(["test", "examples/sonar.wave", "examples/stickman.wave", broken.path,
                                    "--goldens", goldens.path, "--failures", failures.path, "--junit", junit.path])
        return (r, junit, failures, rgba, (image.width, image.height))
    }

    func testJUnitHasATestcasePerGoldenFrameAndTheFailureMessage() throws {
        let (r, junit, _, _, _) = try brokenRun()
        XCTAssertEqual(r.status, 65, "the worst failure wins: \(r.stdout)\(r.stderr)")
        let doc = try XMLDocument(data: try Data(contentsOf: junit))
        let root = try XCTUnwrap(doc.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        func attr(_ e: XMLElement, _ n: String) -> String? { e.attribute(forName: n)?.stringValue }
        XCTAssertEqual(attr(root, "tests"), "7"); XCTAssertEqual(attr(root, "failures"), "1"); XCTAssertEqual(attr(root, "errors"), "1")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.compactMap { attr($0, "name") }.map { ($0 as NSString).lastPathComponent },
                       ["sonar.wave", "stickman.wave", "broken & <odd>.wave"])
        let sonar = suites[0].elements(forName: "testcase")
        XCTAssertEqual(sonar.compactMap { attr($0, "name") }, ["tick 0", "tick 180", "tick 359"])
        XCTAssertEqual(attr(suites[0], "tests"), "3"); XCTAssertEqual(attr(suites[0], "failures"), "1")
        XCTAssertTrue(sonar[0].children?.isEmpty ?? true, "a passing frame is an empty testcase")
        let failure = try XCTUnwrap(sonar[1].elements(forName: "failure").first)
        XCTAssertEqual(attr(failure, "message"), "100 pixels differ by up to 239 (tolerance 2)")
        XCTAssertTrue(failure.stringValue?.contains("0180-diff.png") ?? false, failure.stringValue ?? "")
        XCTAssertEqual(suites[1].elements(forName: "testcase").count, 3)
        XCTAssertTrue(suites[1].elements(forName: "testcase").allSatisfy { $0.elements(forName: "failure").isEmpty })
        let error = try XCTUnwrap(suites[2].elements(forName: "testcase").first?.elements(forName: "error").first)
        XCTAssertEqual(attr(error, "message"), "the script could not be checked (exit 65: script error)")
    }

    func testTheDiffIsAHeatMapWithAScale() throws {
        let (_, _, failures, painted, (w, h)) = try brokenRun()
        let diff = try PNGDecoder.decode(Array(try Data(contentsOf: failures.appendingPathComponent("sonar/0180-diff.png"))))
        XCTAssertEqual(diff.width, w)
        XCTAssertEqual(diff.height, h + 14, "the picture, a 4-row gap and a 10-row scale")
        func px(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * diff.width + x) * 4; return Array(diff.rgba[i..<i + 3]) }
        XCTAssertEqual(px(10, 10), [255, 0, 0], "a difference of 239 is red")
        XCTAssertEqual(px(100, 200)[0], px(100, 200)[1], "matching pixels are grey")
        _ = painted
        // The scale runs from pale yellow (just past the tolerance) through orange to red.
        let scaleRow = h + 4 + 8
        XCTAssertEqual(px(0, scaleRow), [255, 240, 120])
        XCTAssertEqual(px(w - 1, scaleRow), [255, 0, 0])
        let middle = px(w / 3, scaleRow)
        XCTAssertEqual(middle[0], 255); XCTAssertGreaterThan(middle[1], 0); XCTAssertLessThan(middle[1], 240)
        // Dark marks at 64, 128 and 192 in the scale's upper half.
        let marks = (0..<w).filter { px($0, h + 4 + 1) == [40, 40, 40] }
        XCTAssertEqual(marks.count, 3, "\(marks)")
        XCTAssertEqual(px(0, h + 1), [255, 255, 255], "a white gap between picture and scale")
    }
}
