import Foundation
import XCTest

/// `WAVE_CONFINE=1` (always on in the language server): image sources only inside the
/// script's folder, regular files only, and one message for every refusal, so a script
/// from elsewhere cannot probe the file system.
final class ConfinementTests: XCTestCase {
    var root: URL!
    var project: URL!

    override func setUpWithError() throws {
        root = try temporaryDirectory()
        project = root.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("img"), withIntermediateDirectories: true)
        // A small PNG, rendered by wave itself, inside the project and beside it.
        let png = project.appendingPathComponent("img/ok.png").path
        let made = try WaveBinary.run(["render", "examples/sonar.wave", "-o", png, "--size", "16x16"])
        XCTAssertEqual(made.status, 0, made.stderr)
        try FileManager.default.copyItem(atPath: png, toPath: root.appendingPathComponent("outside.png").path)
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("link.png").path,
                                                   withDestinationPath: root.appendingPathComponent("outside.png").path)
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("inner.png").path, withDestinationPath: "img/ok.png")
        XCTAssertEqual(mkfifo(project.appendingPathComponent("pipe.png").path, 0o600), 0)
    }

    private func check(_ source: String, confined: Bool) throws -> Run {
        let script = project.appendingPathComponent("s.wave").path
        try "scene 40x40\nlayer p: image { source \"\(source)\" }\n".write(toFile: script, atomically: true, encoding: .utf8)
        return try WaveBinary.run(["check", script], environment: ["WAVE_CONFINE": confined ? "1" : "0"])
    }

    func testSourcesOutsideTheFolderAreRefusedAlikeWhenConfined() throws {
        for inside in ["img/ok.png", "./img/ok.png", "inner.png", project.appendingPathComponent("img/ok.png").path] {
            let r = try check(inside, confined: true)
            XCTAssertEqual(r.status, 0, "\(inside): \(r.stderr)")
        }
        let refused = ["../outside.png", root.appendingPathComponent("outside.png").path, "link.png", "missing.png", "img",
                       "pipe.png", "/dev/stdin", "/etc/passwd", "img/../../outside.png"]
        var messages: Set<String> = []
        for source in refused {
            let r = try check(source, confined: true)
            XCTAssertEqual(r.status, 65, "\(source): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("s.wave:2:18: error[E0320]"), r.stderr)
            let line = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
            messages.insert(line.replacingOccurrences(of: "'\(source)'", with: "'…'"))
        }
        XCTAssertEqual(messages.count, 1, "one message for every refusal, whatever exists: \(messages)")
        // Unconfined, a source outside the folder is read as before.
        XCTAssertEqual(try check("../outside.png", confined: false).status, 0)
    }

    func testAConfinementSettingItCannotMeanIsAUsageError() throws {
        let r = try WaveBinary.run(["check", "examples/sonar.wave"], environment: ["WAVE_CONFINE": "yes"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("WAVE_CONFINE='yes' is not a setting"), r.stderr)
    }

    func testTheLanguageServerConfinesEveryDocument() throws {
        let server = try LSPProcess()
        XCTAssertNotNil(server.request("initialize", ["capabilities": [String: Any]()]))
        server.notify("initialized", [:])
        let uri = "file://" + project.appendingPathComponent("doc.wave").path
        let outside = server.open(uri, "scene 40x40\nlayer p: image { source \"../outside.png\" }\n") ?? []
        XCTAssertEqual(outside.count, 1)
        XCTAssertTrue((outside.first?["message"] as? String ?? "").contains("inside the script's folder"), "\(outside)")
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        let inside = server.open(uri, "scene 40x40\nlayer p: image { source \"img/ok.png\" }\n") ?? [["missing": true]]
        XCTAssertEqual(inside.count, 0, "\(inside)")
        XCTAssertEqual(server.stop(), 0)
    }
}
