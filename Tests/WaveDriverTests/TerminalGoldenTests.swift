import Foundation
import XCTest
import WaveRuntime
@testable import WaveDriver
@testable import WaveSinks

/// Golden terminal text: a tiny scene played for a few ticks into escape codes, compared
/// with Tests/WaveSinksTests/Goldens/NAME.txt (ESC shown as ␛, a line break before each
/// cursor move and after each frame). `WAVE_RECORD_GOLDENS=1` re-records; a missing golden
/// fails; a mismatch writes expected, actual and diff files to the temporary directory.
final class GoldenTests: XCTestCase {
    /// A red ball rolling right over a dark blue background, with a white bar above it.
    static let rolling = """
    scene 16x8 { background #102030 }
    var x = 3
    layer bar: rect { frame (0, 0, 16, 2)  fill #ffffff }
    layer ball: circle { center (x, 5) radius 2.5  fill #e03030 }
    every tick { x += 3 }
    """

    static let label = """
    scene 48x16 { background #ffffff }
    layer band: rect { frame (0, 10, 48, 6)  fill #3a7bd5 }
    layer word: text "Hi!" { font "sans:bold"  size 6  position (24, 8)  fill #222222 }
    effect word fade over 3t
    """

    func testHalfBlocksTruecolor() throws { try check("half-truecolor", Self.rolling, .half, .truecolor) }
    func testQuadrants256() throws { try check("quadrant-256", Self.rolling, .quadrant, .palette256) }
    func testSextants16() throws { try check("sextant-16", Self.rolling, .sextant, .ansi16) }
    func testBrailleWithoutColour() throws { try check("braille-none", Self.rolling, .braille, .none) }
    func testAsciiTruecolor() throws { try check("ascii-truecolor", Self.rolling, .ascii, .truecolor) }
    func testTextAsCells() throws { try check("text-cells", Self.label, .half, .truecolor, text: .cells, columns: 12, ticks: 4) }

    func check(_ name: String, _ script: String, _ mode: CellMode, _ color: ColorMode, text: TextMode = .pixels,
               columns: Int = 8, ticks: Int = 3, file: StaticString = #filePath, line: UInt = #line) throws {
        let program = try TestScenes.program(script)
        var options = PlayOptions()
        options.cells = mode
        options.color = color
        options.text = text
        let player = TerminalPlayer(program: program, source: .init(name: "golden.wave", text: script), options: options)
        let sink = CollectingSink()
        _ = try player.writeFrames(ticks: ticks, columns: columns, rows: 4, to: sink)
        try Golden.assert(Golden.text(sink.bytes), named: name, file: file, line: line)
    }
}

enum Golden {
    static var directory: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens") }

    /// Escape codes as readable text: ESC as ␛, a line break before each CUP and after each
    /// synchronized frame.
    static func text(_ bytes: [UInt8]) -> String {
        let s = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "␛")
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            if s[i...].hasPrefix("␛["), let end = s[i...].dropFirst(2).firstIndex(where: { !"0123456789;".contains($0) }), s[end] == "H", !out.hasSuffix("\n"), !out.isEmpty {
                out += "\n"
            }
            out.append(s[i])
            i = s.index(after: i)
            if out.hasSuffix("␛[?2026l") { out += "\n" }
        }
        return out.hasSuffix("\n") ? out : out + "\n"
    }

    static func assert(_ actual: String, named name: String, file: StaticString, line: UInt) throws {
        let url = directory.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["WAVE_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return XCTFail("missing golden \(url.path); record it with WAVE_RECORD_GOLDENS=1 and check it by eye", file: file, line: line)
        }
        guard expected != actual else { return }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("wave-goldens")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        var diff = ""
        for k in 0..<max(e.count, a.count) where (k < e.count ? e[k] : nil) != (k < a.count ? a[k] : nil) {
            diff += "line \(k + 1):\n- \(k < e.count ? e[k] : "(none)")\n+ \(k < a.count ? a[k] : "(none)")\n"
        }
        try expected.write(to: out.appendingPathComponent(name + ".expected.txt"), atomically: true, encoding: .utf8)
        try actual.write(to: out.appendingPathComponent(name + ".actual.txt"), atomically: true, encoding: .utf8)
        try diff.write(to: out.appendingPathComponent(name + ".diff.txt"), atomically: true, encoding: .utf8)
        XCTFail("golden \(name) differs; see \(out.path)/\(name).{expected,actual,diff}.txt\n\(diff.prefix(1500))", file: file, line: line)
    }
}
