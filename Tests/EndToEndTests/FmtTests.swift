import Foundation
import XCTest

/// `wave fmt`, run as a user would. (Named for `swift test --filter Formatter`.)
final class FormatterCommandTests: XCTestCase {
    let messy = "layer ball :circle{center(1,2) radius 5}\nevery tick {\nball.radius+=1 }\n"
    let tidy = "layer ball: circle { center (1, 2) radius 5 }\nevery tick {\n  ball.radius += 1\n}\n"

    func script(_ text: String) throws -> URL {
        let url = try temporaryDirectory().appendingPathComponent("s.wave")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    func testCheckPrintsADiffAndExits1WithoutWriting() throws {
        let url = try script(messy)
        let r = try WaveBinary.run(["fmt", "--check", url.path])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout, """
        --- \(url.path)
        +++ \(url.path) (formatted)
        @@ -1,3 +1,4 @@
        -layer ball :circle{center(1,2) radius 5}
        +layer ball: circle { center (1, 2) radius 5 }
         every tick {
        -ball.radius+=1 }
        +  ball.radius += 1
        +}

        """)
        XCTAssertEqual(try contents(url), messy)
    }

    func testCheckOnAFormattedFileExits0Silently() throws {
        let r = try WaveBinary.run(["fmt", "--check", try script(tidy).path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout + r.stderr, "")
    }

    func testRewritesInPlaceOnlyWhenTheTextChanges() throws {
        let url = try script(messy)
        let first = try WaveBinary.run(["fmt", url.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "formatted \(url.path)\n")
        XCTAssertEqual(try contents(url), tidy)
        let second = try WaveBinary.run(["fmt", url.path])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "")
        // No temporary file is left beside the script.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path), ["s.wave"])
    }

    func testSyntaxErrorExits65WithCheckStyleErrorsAndLeavesTheFile() throws {
        let bad = "layer b: circle { center (20, 20) radius }\n"
        let url = try script(bad)
        let r = try WaveBinary.run(["fmt", url.path])
        XCTAssertEqual(r.status, 65)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.hasPrefix("""
        \(url.path):1:35: error[E0104]: property 'radius' needs a value
          layer b: circle { center (20, 20) radius }
                                            ^~~~~~

        """), r.stderr)
        XCTAssertEqual(r.stderr, try WaveBinary.run(["check", url.path]).stderr)
        XCTAssertEqual(try contents(url), bad)
    }

    func testMissingFileExits74AndNoFileIsAUsageError() throws {
        let missing = try WaveBinary.run(["fmt", "/nonexistent/s.wave"])
        XCTAssertEqual(missing.status, 74)
        XCTAssertTrue(missing.stderr.contains("no such file"), missing.stderr)
        XCTAssertEqual(try WaveBinary.run(["fmt"]).status, 64)
    }

    func exampleNames() throws -> [String] {
        let examples = WaveBinary.packageRoot.appendingPathComponent("examples")
        return try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".wave") }.sorted()
    }

    func testEveryExampleIsInCanonicalLayout() throws {
        let r = try WaveBinary.run(["fmt", "--check"] + (try exampleNames()).map { "examples/" + $0 })
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    }

    /// A formatted copy of each example compiles to the same program: `wave ir` prints the
    /// same, source positions aside.
    func testFormattingAnExampleKeepsItsProgram() throws {
        func ir(_ path: String) throws -> String {
            let r = try WaveBinary.run(["ir", path])
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout.replacingOccurrences(of: #"\s+@\d+:\d+"#, with: "", options: .regularExpression)
        }
        let dir = try temporaryDirectory()
        let names = try exampleNames()
        // The images that image layers read, beside the scripts as in examples/.
        let examples = WaveBinary.packageRoot.appendingPathComponent("examples")
        for asset in try FileManager.default.contentsOfDirectory(atPath: examples.path) where asset.hasSuffix(".png") {
            try FileManager.default.copyItem(at: examples.appendingPathComponent(asset), to: dir.appendingPathComponent(asset))
        }
        for name in names {
            let copy = dir.appendingPathComponent(name)
            try FileManager.default.copyItem(at: WaveBinary.packageRoot.appendingPathComponent("examples/" + name), to: copy)
            // Made a little messy first, so that formatting has something to do.
            let messy = try contents(copy).replacingOccurrences(of: ", ", with: ",").replacingOccurrences(of: "\n", with: "\n\n")
            try messy.write(to: copy, atomically: true, encoding: .utf8)
        }
        // One run formats them all (a launch of the debug binary costs more than formatting).
        let formatted = try WaveBinary.run(["fmt"] + names.map { dir.appendingPathComponent($0).path })
        XCTAssertEqual(formatted.status, 0, formatted.stderr)
        for name in names {
            XCTAssertTrue(formatted.stdout.contains("formatted " + dir.appendingPathComponent(name).path), "\(name): \(formatted.stdout)")
            XCTAssertEqual(try ir(dir.appendingPathComponent(name).path), try ir("examples/" + name), name)
        }
    }
}
