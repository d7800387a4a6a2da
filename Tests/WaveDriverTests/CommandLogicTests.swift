import XCTest
import WaveCompiler
import WaveSinks
@testable import WaveDriver

/// The logic that moved out of the `wave` commands into the driver, checked without the
/// binary: flag checks, sizes, part names, trace columns and field escaping.
final class CommandLogicTests: XCTestCase {
    func testOutputSizeParsesAndNamesTheProblem() {
        XCTAssertEqual(OutputSize.parse("320x240").map { [$0.width, $0.height] }, [320, 240])
        XCTAssertEqual(OutputSize.parse("8192X1").map { [$0.width, $0.height] }, [8192, 1])
        XCTAssertNil(OutputSize.parse("0x10"))
        XCTAssertNil(OutputSize.parse("8193x10"))
        XCTAssertThrowsError(try OutputSize.check("9000x10")) {
            XCTAssertEqual(($0 as? UsageError)?.message, "--size 9000x10: width and height go from 1 to 8192")
        }
        XCTAssertThrowsError(try OutputSize.check("big")) {
            XCTAssertEqual(($0 as? UsageError)?.message, "--size must look like 320x240")
        }
    }

    /// The first problem in the command's order wins, with the message it always had.
    func testRenderRequestChecksFlagsInOrder() {
        func problem(_ edit: (inout RenderRequest) -> Void) -> String? {
            var r = RenderRequest(files: ["s.wave"])
            edit(&r)
            do { try r.check(); return nil } catch { return error.message }
        }
        XCTAssertEqual(problem { $0.files = [] }, "give a script to render")
        XCTAssertEqual(problem { _ in }, "give -o FILE for one script, or --out-dir DIR")
        XCTAssertEqual(problem { $0.output = "a.png"; $0.frame = 1; $0.time = 60 }, "give --frame or --time, not both")
        XCTAssertEqual(problem { $0.output = "a.txt" },
                       "cannot tell the format of 'a.txt' from its extension: give --format png, apng, gif, y4m, mp4, webm, webp or cast, or name an export: .svg, .json or .lottie")
        XCTAssertEqual(problem { $0.output = "a.png"; $0.fps = 30 }, "--fps applies to GIF only")
        XCTAssertEqual(problem { $0.outDir = "out"; $0.format = .gif; $0.ticks = "0..10" },
                       "--ticks picks ticks of one script; with --out-dir, --shard K/N shares out the scripts")
        XCTAssertEqual(problem { $0.output = "a.gif"; $0.shard = "8/8" },
                       "the shard index must be 0 to 7 (shards count from 0), got 8")
        XCTAssertNil(problem { $0.output = "a.gif"; $0.shard = "1/8"; $0.from = 0; $0.to = 60 })
    }

    func testPartPathNamesTheTicks() {
        XCTAssertEqual(RenderJob.partPath("out/s.gif", 75..<150), "out/s.gif.75-150.part")
    }

    func testTraceColumnsFollowTheCommandLine() {
        let order = ValueTrace.columnOrder(props: ["q"], layers: ["p"], arguments: ["s.wave", "--layer", "p", "--prop=q"])
        XCTAssertEqual(order.map { "\($0.0) \($0.1)" }, ["true p", "false q"])
        // Not parsed from these arguments: props first, then layers.
        let fallback = ValueTrace.columnOrder(props: ["q"], layers: ["p"], arguments: [])
        XCTAssertEqual(fallback.map { "\($0.0) \($0.1)" }, ["false q", "true p"])
    }

    func testTraceFieldsEscape() {
        XCTAssertEqual(ValueTrace.csvField("a,b"), "\"a,b\"")
        XCTAssertEqual(ValueTrace.csvField("say \"hi\""), "\"say \"\"hi\"\"\"")
        XCTAssertEqual(ValueTrace.csvField("plain"), "plain")
        XCTAssertEqual(ValueTrace.jsonEscape("a\"b\\c\nd\u{1}"), "a\\\"b\\\\c\\nd\\u0001")
        XCTAssertEqual(ValueTrace.text(.number(.infinity), json: true), "null")
        XCTAssertEqual(ValueTrace.text(.point(1, 2.5), json: false), "(1 2.5)")
        XCTAssertEqual(ValueTrace.text(.point(1, 2.5), json: true), "[1, 2.5]")
    }
}
