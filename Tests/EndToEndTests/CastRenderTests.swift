import Foundation
import XCTest

/// `wave render -o out.cast` and `wave play --record`: asciicast v2 recordings of the
/// terminal player's output, each frame at its tick's exact time.
final class CastRenderTests: XCTestCase {
    /// The header and the events of a cast, parsed as JSON lines.
    static func parse(_ url: URL) throws -> (header: [String: Any], events: [(time: Double, text: String, raw: String)]) {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any] ?? [:]
        let events = try lines.dropFirst().map { line -> (Double, String, String) in
            let e = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any] ?? []
            XCTAssertEqual(e.count, 3, line)
            XCTAssertEqual(e[1] as? String, "o")
            return ((e[0] as? NSNumber)?.doubleValue ?? -1, e[2] as? String ?? "", line)
        }
        return (header, events)
    }

    func testACastHoldsEveryTickAtItsExactTime() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(RenderFixtures.movingDot, in: dir).path
        let out = dir.appendingPathComponent("dot.cast")
        let r = try WaveBinary.run(["render", script, "-o", out.path, "--to", "50t", "--width", "40", "--height", "12", "--color", "256"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let (header, events) = try Self.parse(out)
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, 40)
        XCTAssertEqual(header["height"] as? Int, 12)
        // The dot moves every tick: one event a tick, then the closing one at the range's end.
        XCTAssertEqual(events.count, 51)
        for (n, e) in events.enumerated() {
            let micro = (n * 1_000_000 + 30) / 60
            let stamp = String(format: "%d.%06d", micro / 1_000_000, micro % 1_000_000)
            XCTAssertTrue(e.raw.hasPrefix("[\(stamp), \"o\", \""), "event \(n): \(e.raw.prefix(40))")
        }
        XCTAssertEqual(events.last?.time ?? 0, 50.0 / 60, accuracy: 1e-6)
        XCTAssertTrue(events[0].text.contains("\u{1B}[2J"), "the first frame clears the screen")
        XCTAssertTrue(events[0].text.contains("\u{1B}[38;5;") || events[0].text.contains("\u{1B}[48;5;"), "256 colours")
        XCTAssertFalse(events[0].text.contains("\u{1B}[38;2;"), "no 24-bit colour")
        XCTAssertTrue(events.last?.text.hasPrefix("\u{1B}[0m\u{1B}[12;1H") ?? false, "the end resets colours below the picture")
    }

    /// `wave play --record` writing frames without pacing makes the very same file.
    func testPlayRecordsTheSameCastAsRender() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = WaveBinary.packageRoot.appendingPathComponent("examples/ocean.wave").path
        let rendered = dir.appendingPathComponent("r.cast"), played = dir.appendingPathComponent("p.cast")
        let r = try WaveBinary.run(["render", script, "-o", rendered.path, "--to", "30t", "--width", "50", "--height", "16", "--cells", "quadrant", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let p = try WaveBinary.runBytes(["play", script, "--ticks", "30", "--width", "50", "--height", "16", "--cells", "quadrant",
                                         "--color", "truecolor", "--record", played.path])
        XCTAssertEqual(p.status, 0, p.stderr)
        XCTAssertEqual(try Data(contentsOf: rendered), try Data(contentsOf: played))
        // The recording's text is exactly what play wrote to standard output.
        let text = try Self.parse(played).events.map(\.text).joined()
        XCTAssertEqual(Array(text.utf8), p.stdout)
    }

    /// Casts render in shards whose join is the whole render's file, byte for byte; a part
    /// made with other cell options does not join.
    func testCastShardsJoinIntoTheWholeRender() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = WaveBinary.packageRoot.appendingPathComponent("examples/confetti.wave").path
        let flags = ["--to", "50t", "--width", "40", "--height", "14", "--cells", "sextant", "--color", "256", "-q"]
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", "whole.cast"] + flags, in: dir).status, 0)
        for n in [2, 3, 7] {
            for k in 0..<n {
                let r = try WaveBinary.run(["render", script, "-o", "parts\(n).cast", "--shard", "\(k)/\(n)"] + flags, in: dir)
                XCTAssertEqual(r.status, 0, r.stderr)
            }
            let j = try WaveBinary.run(["join", "parts\(n).cast", "-q"], in: dir)
            XCTAssertEqual(j.status, 0, j.stderr)
            XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("parts\(n).cast")),
                           try Data(contentsOf: dir.appendingPathComponent("whole.cast")), "\(n) shards")
        }
        // Parts in other cells do not join with these.
        let other = try WaveBinary.run(["render", script, "-o", "mixed.cast", "--shard", "1/2"] + flags.map { $0 == "sextant" ? "half" : $0 }, in: dir)
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", "mixed.cast", "--shard", "0/2"] + flags, in: dir).status, 0)
        let mixed = try WaveBinary.run(["join", "mixed.cast"], in: dir)
        XCTAssertEqual(mixed.status, 65, mixed.stderr)
        XCTAssertTrue(mixed.stderr.contains("its options differs") || mixed.stderr.contains("options"), mixed.stderr)
    }

    func testAsciinemaPlaysTheCast() throws {
        let asciinema = try ExternalTool.require("asciinema", package: "asciinema")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = WaveBinary.packageRoot.appendingPathComponent("examples/sonar.wave").path
        let out = dir.appendingPathComponent("s.cast").path
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", out, "--to", "1s", "-q"]).status, 0)
        let played = try ExternalTool.run(asciinema, ["play", "-s", "100", out])
        XCTAssertEqual(played.status, 0, played.stderr)
        XCTAssertGreaterThan(played.stdout.count, 1000)
    }

    func testCellFlagsBelongToCasts() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(RenderFixtures.movingDot, in: dir).path
        for (args, message) in [
            (["-o", "a.gif", "--cells", "braille"], "--cells applies to asciicast only"),
            (["-o", "a.png", "--width", "40"], "--width applies to asciicast only"),
            (["-o", "a.cast", "--width", "0"], "--width must be 1 to 2000 cells"),
        ] {
            let r = try WaveBinary.run(["render", script] + args, in: dir)
            XCTAssertEqual(r.status, 64, args.joined(separator: " ") + ": " + r.stderr)
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
    }
}
