import Foundation
import WaveDriver
import XCTest
@testable import WaveREPL

/// The live screen polls a watched file four times a second. Taking readline's prompt off
/// the screen for a poll that prints nothing clobbered the prompt readline keeps during a
/// reverse search (Ctrl-R, then Ctrl-G left no `wave> `): only a change is printed.
final class ReplWatchTests: XCTestCase {
    final class Lines: ReplOutput {
        var lines: [String] = []
        func line(_ text: String) { lines.append(text) }
        func error(_ text: String) { lines.append(text) }
    }

    func testAPollPrintsOnlyWhenTheWatchedFileChanged() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-watch-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("scene.wave").path
        try "layer a: circle { radius 5 }\n".write(toFile: path, atomically: false, encoding: .utf8)

        let output = Lines()
        let controller = ReplController(session: try ReplSession(), output: output)
        var printed = 0
        func poll() { controller.pollWatch(printing: { body in printed += 1; body() }) }

        // Not watching, or watching a file that has not changed: nothing is printed.
        poll()
        controller.handle(":watch \(path)")   // loads it
        XCTAssertEqual(controller.session.environment.layerNames, ["a"])
        poll()
        poll()
        XCTAssertEqual(printed, 0)

        try "layer a: circle { radius 5 }\nlayer b: rect {}\n".write(toFile: path, atomically: false, encoding: .utf8)
        poll()
        XCTAssertEqual(printed, 1)
        XCTAssertEqual(controller.session.environment.layerNames.sorted(), ["a", "b"])
        poll()
        XCTAssertEqual(printed, 1)
    }

    /// A file that cannot be read as a script is reported where it goes wrong, by `:load`
    /// and by the watch, and the scene stays as it was.
    func testUnreadableEditsAreReportedWithTheirPlace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-watch-bad-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("scene.wave").path
        try Data("layer a: circle {}\nlayer \u{FF}".utf8.map { $0 == 0xC3 ? 0xFF : $0 }).write(to: URL(fileURLWithPath: path))

        let output = Lines()
        let controller = ReplController(session: try ReplSession(), output: output)
        controller.handle(":load \(path)")
        XCTAssertEqual(output.lines.last, "\(path):2:7: error[E0008]: the file is not valid UTF-8 (byte 0xff)")
        XCTAssertEqual(controller.session.environment.layerNames, [])

        try "layer a: circle { radius 5 }\n".write(toFile: path, atomically: false, encoding: .utf8)
        controller.handle(":watch \(path)")
        XCTAssertEqual(controller.session.environment.layerNames, ["a"])
        try Data([0x6C, 0x61, 0x79, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
        controller.pollWatch()
        XCTAssertEqual(output.lines.last, "\(path):1:4: error[E0008]: the file is not valid UTF-8 (byte 0xfe); the scene is unchanged")
        XCTAssertEqual(controller.session.environment.layerNames, ["a"])
    }
}
