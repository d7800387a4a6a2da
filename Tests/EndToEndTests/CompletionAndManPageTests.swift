import Foundation
import XCTest

/// Shell completion is announced in `wave --help`, and the man page made from the help
/// renders in man(1) without warnings.
final class CompletionAndManPageTests: XCTestCase {
    func testHelpAnnouncesCompletionAndBashLoadsIt() throws {
        let help = try WaveBinary.run(["--help"])
        XCTAssertTrue(help.stdout.contains("wave --generate-completion-script bash"), help.stdout)
        let script = try WaveBinary.run(["--generate-completion-script", "bash"])
        XCTAssertEqual(script.status, 0)
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("wave.bash")
        try script.stdout.write(to: file, atomically: true, encoding: .utf8)
        let check = try shell("source '\(file.path)' && complete -p wave")
        XCTAssertTrue(check.hasPrefix("complete ") && check.contains(" -F _wave wave"), check)
        for other in ["zsh", "fish"] {
            let r = try WaveBinary.run(["--generate-completion-script", other])
            XCTAssertEqual(r.status, 0)
            XCTAssertTrue(r.stdout.contains("play"), "\(other) completes the subcommands")
        }
    }

    func testTheManPageComesFromTheHelpAndRenders() throws {
        guard Tmux.which("man"), Tmux.which("groff") else { throw XCTSkip("man and groff are not installed") }
        let dir = try temporaryDirectory()
        let page = dir.appendingPathComponent("wave.1")
        let script = WaveBinary.packageRoot.appendingPathComponent("scripts/man-page").path
        _ = try shell("'\(script)' '\(WaveBinary.url.path)' -o '\(page.path)'")
        let warnings = try shell("groff -man -ww -z '\(page.path)' 2>&1")
        XCTAssertEqual(warnings, "", "groff finds nothing to warn about")
        let text = try shell("MANWIDTH=100 man -l '\(page.path)' 2>&1 | col -b")
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS"] {
            XCTAssertTrue(text.contains("\n\(heading)\n"), heading)
        }
        // Texts of the help, as the commands print them.
        XCTAssertTrue(text.contains("wave play"), text)
        XCTAssertTrue(text.contains("--junit junit"), "test's options")
        XCTAssertTrue(text.contains("wave --generate-completion-script bash"))
        // man justifies lines by widening spaces, wherever the line happens to break.
        let words = text.replacingOccurrences(of: "[ \t]+", with: " ", options: .regularExpression)
        XCTAssertTrue(words.contains("One of: half, quadrant, sextant, braille, ascii."), "an option's values")
    }

    /// Output of `command` run by bash.
    func shell(_ command: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", command]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
