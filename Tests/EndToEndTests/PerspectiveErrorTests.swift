import Foundation
import XCTest

/// A perspective distance cannot be negative: written so, a script error (65); reached while
/// running, a runtime error (70) located at the statement that gave it, with nothing written.
final class PerspectiveErrorTests: XCTestCase {
    func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testNegativePerspectiveGivesLocatedErrorsAndExitCodes() throws {
        let dir = try temporaryDirectory()
        let written = try write("layer a: rect { frame (0, 0, 10, 10) perspective -5 }\n", "w.wave", in: dir)
        let check = try WaveBinary.run(["check", written])
        XCTAssertEqual(check.status, 65)
        XCTAssertTrue(check.stderr.contains("w.wave:1:50: error[E0306]: perspective is the eye's distance: positive, or 0 for none; found -5"), check.stderr)

        let animated = try write("layer a: rect { frame (0, 0, 10, 10) }\nanimate a.perspective from 300 to -10 over 1s\n", "a.wave", in: dir)
        let out = dir.appendingPathComponent("a.png").path
        let render = try WaveBinary.run(["render", animated, "-o", out])
        XCTAssertEqual(render.status, 70)
        XCTAssertTrue(render.stderr.contains("a.wave:2:1: error[E0730]: perspective of layer 'a' would be animated to -10"), render.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
