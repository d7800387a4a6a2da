import XCTest
@testable import WaveGeometry
import WaveGraphics
import WaveCodecs
@testable import WaveSinks

/// Parts of an animation, encoded apart and joined, are byte for byte the whole file: for
/// every format and many ways to cut the range, over frames built to stress each seam (a
/// still stretch across a GIF sync frame, pixels turning transparent at a boundary, frames
/// with too many colours for one palette).
final class PartJoinTests: XCTestCase {
    static let width = 24, height = 16

    /// The frame at tick `t`: a transparent canvas with a square of many colours moving
    /// right (so pixels turn transparent behind it), standing still over ticks 40..<100
    /// and 150..<200, and hidden altogether over 210..<215.
    static func frame(_ t: Int) -> Pixmap {
        var p = Pixmap(width: width, height: height)
        guard !(210..<215).contains(t) else { return p }
        let still = t < 40 ? t : t < 100 ? 40 : t < 150 ? t - 60 : t < 200 ? 90 : t - 110
        let x0 = still % (width - 6), y0 = (still / 7) % (height - 8)
        for y in y0..<(y0 + 8) {
            for x in x0..<(x0 + 6 + still % 7) where x < width {
                let i = 4 * (y * width + x)
                // Many colours: 14 × 8 cells per frame, changing with the position.
                p.data[i] = UInt8(truncatingIfNeeded: x * 37 + still * 11)
                p.data[i + 1] = UInt8(truncatingIfNeeded: y * 53 + x * 7)
                p.data[i + 2] = UInt8(truncatingIfNeeded: still * 29 + y * 3)
                p.data[i + 3] = 255
            }
        }
        return p
    }

    /// The bytes of a part file for `part` of `ticks` (the whole file when `part` is nil).
    func encode(_ format: ImageFormat, _ ticks: Range<Int>, part: Range<Int>?, options: ImageSinkOptions,
                script: String = "0123456789abcdef") throws -> [UInt8] {
        var out: [UInt8] = []
        if let part {
            out += RenderPartHeader(format: format, script: script, width: Self.width, height: Self.height,
                                    range: ticks, ticks: part, options: "test").bytes
        }
        var payload: [UInt8] = []
        let encoder = try FrameEncoder(format: format, width: Self.width, height: Self.height, ticks: ticks,
                                       part: part, options: options) { payload += $0 }
        for t in encoder.schedule { try encoder.add(Self.frame(t.tick)) }
        try encoder.finish()
        guard part != nil else { return payload }
        var crc = Crc32()
        crc.update(payload)
        return out + payload + RenderPartHeader.endLine(length: payload.count, crc: crc.value)
    }

    func checkJoins(_ format: ImageFormat, options: ImageSinkOptions = ImageSinkOptions(),
                    ticks: Range<Int> = 0..<250, file: StaticString = #filePath, line: UInt = #line) throws {
        let whole = try encode(format, ticks, part: nil, options: options)
        var cuts: [[Int]] = [1, 2, 3, 8].map { n in (1..<n).map { ticks.count * $0 / n } }
        // Cuts beside sync frames (every 60 ticks), inside still stretches, at the blank frames.
        cuts += [[59], [60], [61], [1, 2, 3], [119, 120, 121], [45, 99, 100, 170], [205, 210, 212, 215], [ticks.count - 1]]
        for cut in cuts {
            let bounds = [ticks.lowerBound] + cut.map { $0 + ticks.lowerBound } + [ticks.upperBound]
            var parts: [PartJoiner.Part] = []
            for (a, b) in zip(bounds, bounds.dropFirst()) where a < b {
                parts.append(PartJoiner.Part(name: "\(a)-\(b)", bytes: try encode(format, ticks, part: a..<b, options: options)))
            }
            let joined = try PartJoiner.join(parts.reversed())
            XCTAssertEqual(joined.header.ticks, ticks, file: file, line: line)
            if joined.bytes != whole {
                let at = zip(joined.bytes, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(joined.bytes.count, whole.count)
                XCTFail("\(format) cut at \(cut): \(joined.bytes.count) bytes vs \(whole.count), first difference at byte \(at)", file: file, line: line)
            }
        }
    }

    func testGIFPartsJoinIntoTheWholeFile() throws { try checkJoins(.gif) }
    func testGIFPartsJoinAtEveryFrameRate() throws {
        for rate in [GIFFrameRate.fps30, .fps25, .fps10] {
            try checkJoins(.gif, options: ImageSinkOptions(dither: .ordered, gifRate: rate))
        }
    }
    func testGIFPartsJoinForARangeNotStartingAtZero() throws { try checkJoins(.gif, ticks: 7..<240) }
    func testAPNGPartsJoinIntoTheWholeFile() throws { try checkJoins(.apng) }
    func testY4MPartsJoinIntoTheWholeFile() throws { try checkJoins(.y4m) }

    /// The seams the test means to cross are really there: the GIF merges still frames
    /// (fewer frames than ticks shown) and clears pixels (disposal 2).
    func testTheFramesStressTheGIFSeams() throws {
        let whole = try encode(.gif, 0..<250, part: nil, options: ImageSinkOptions())
        let plan = GIFFrameRate.fps50.plan(0..<250)
        let frames = zip(whole, whole.dropFirst()).filter { $0 == 0x21 && $1 == 0xF9 }.count
        XCTAssertLessThan(frames, plan.count - 40, "still stretches are merged")
        XCTAssertTrue(zip(whole, whole.dropFirst(3)).contains { $0 == 0xF9 && $1 & 0x1C == 2 << 2 }, "some frame uses disposal 2")
    }

    // MARK: parts that do not join

    func part(_ a: Int, _ b: Int, script: String = "0123456789abcdef") throws -> PartJoiner.Part {
        PartJoiner.Part(name: "p\(a)-\(b)", bytes: try encode(.y4m, 0..<10, part: a..<b, options: ImageSinkOptions(), script: script))
    }

    func joinError(_ parts: [PartJoiner.Part]) -> String {
        do { _ = try PartJoiner.join(parts); return "joined" } catch { return "\(error)" }
    }

    func testAGapAnOverlapAndAnotherScriptAreRefused() throws {
        XCTAssertEqual(joinError([try part(0, 4), try part(6, 10)]), "no part covers ticks 4..6 (before p6-10)")
        XCTAssertEqual(joinError([try part(0, 4)]), "no part covers ticks 4..10 (after p0-4)")
        XCTAssertEqual(joinError([try part(0, 5), try part(4, 10)]),
                       "p4-10 covers ticks 4..10, which overlap the part before it (up to 5)")
        XCTAssertEqual(joinError([try part(0, 5), try part(5, 10, script: "ffffffffffffffff")]),
                       "p5-10: its script differs from p0-5's: parts of different renders do not join")
    }

    /// A part cut short, with a byte changed, or from before the end line existed is
    /// refused, naming the part (a truncated GIF or Y4M part once joined into a broken
    /// file with exit 0).
    func testACutOrDamagedPartIsRefused() throws {
        let first = try part(0, 5), second = try part(5, 10)
        XCTAssertEqual(joinError([first, second]), "joined")
        var cut = second
        cut.bytes.removeLast(500)
        XCTAssertEqual(joinError([first, cut]), "p5-10: the part is cut short or damaged (its end line is missing): render this shard again")
        var shortened = second
        shortened.bytes.remove(at: 200)
        let n = try RenderPartHeader.read(second.bytes).payload.count
        XCTAssertEqual(joinError([first, shortened]), "p5-10: the part holds \(n - 1) bytes of frames where its end line says \(n): render this shard again")
        var flipped = second
        flipped.bytes[300] ^= 0x10
        XCTAssertEqual(joinError([first, flipped]), "p5-10: the part's frames do not match their checksum (damaged): render this shard again")
        var old = second
        old.bytes.replaceSubrange(0..<11, with: Array("wave part 1".utf8))
        XCTAssertEqual(joinError([first, old]), "p5-10: line 1: a part from an older wave, without the end line that vouches for its frames: render it again")
    }

    func testABadHeadIsReportedWithItsLine() throws {
        let head = "wave part 2\nformat y4m\nscript 0123456789abcdef\nsize 24by16\nrange 0 10\nticks 0 10\noptions test\n\n"
        XCTAssertEqual(joinError([PartJoiner.Part(name: "p0-10", bytes: Array(head.utf8))]), "p0-10: line 4: expected 'size WxH'")
        XCTAssertEqual(joinError([PartJoiner.Part(name: "x.part", bytes: Array("GIF89a".utf8))]),
                       "x.part: line 1: not a wave part file (expected 'wave part 2' on the first line)")
    }
}
