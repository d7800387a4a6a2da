import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// `for i in a..<b { … }` in handlers and lists indexed with `list[i]`.
final class LoopTests: XCTestCase {
    func testForRunsTheBodyForEachWholeNumber() throws {
        XCTAssertEqual(try trace("var x = 0\nevery tick { for i in 0..<4 { x += i } }", ticks: 2), [6, 12, 18])
        XCTAssertEqual(try trace("var x = 0\nfor i in 2.5..<5 { x = x * 10 + i }", ticks: 0), [34], "from ⌈a⌉ up to, not including, b")
        XCTAssertEqual(try trace("var x = 7\nfor i in 3..<3 { x = 0 }", ticks: 0), [7], "an empty range runs nothing")
        XCTAssertEqual(try trace("var x = 0\nfor i in 0..<3 { for j in 0..<i { x += 1 } }", ticks: 0), [3])
    }

    func testListsIndexedInLoops() throws {
        let s = "let digits = [3, 1, 4, 1, 5]\nvar x = 0\nat 1t { for i in 0..<5 { x = x * 10 + digits[i] } }"
        XCTAssertEqual(try trace(s, ticks: 1), [0, 31415])
        let p = try program("let pts = [(1, 2), (3, 4)]\nvar x = 0\nx = pts[1].y")
        XCTAssertEqual(try SceneRuntime(program: p).value(ofGlobal: "x")?.number, 4)
    }

    func testLoopsSpawnCopiesWithTheirOwnValues() throws {
        let s = """
        template dot: circle { radius 3 }
        for i in 0..<5 { spawn dot { position = (i * 10, 0) } }
        """
        let r = try SceneRuntime(program: try program(s))
        XCTAssertEqual(r.liveLayerCount, 5)
        let xs = r.instances.values.map { $0.present(.position).point.0 }.sorted()
        XCTAssertEqual(xs, [0, 10, 20, 30, 40])
    }

    func testTheWorkLimitStopsARunawayLoopAtTheLoop() throws {
        var limits = RuntimeLimits()
        limits.maxWorkPerTick = 10_000
        let p = try program("var x = 0\nevery tick { for i in 0..<1e12 { x += 1 } }")
        XCTAssertThrowsError(try SceneRuntime(program: p, limits: limits)) { e in
            let err = e as? RuntimeError
            XCTAssertEqual(err?.code, .tooMuchWork)
        }
    }

    func testAnIndexOutsideTheListIsALocatedRuntimeError() throws {
        let p = try program("var k = 5\nlet l = [1, 2]\nvar x = 0\nat 1t { x = l[k] }")
        var r = try SceneRuntime(program: p)
        XCTAssertThrowsError(try r.step()) { e in
            let err = e as? RuntimeError
            XCTAssertEqual(err?.code, .indexOutOfRange)
            XCTAssertEqual(err?.range.start, 43, "the assignment")
        }
        // In a variable's start value: located at that declaration (it was 1:1, the file's start).
        let declared = try program("# c\nvar l = [1, 2, 3]\nvar y = l[5]\nevery tick { y += 0 }")
        XCTAssertThrowsError(try SceneRuntime(program: declared)) { e in
            let err = e as? RuntimeError
            XCTAssertEqual(err?.code, .indexOutOfRange)
            XCTAssertEqual(err?.range.start, 26, "'y' in 'var y = l[5]'")
        }
    }

    func testLoopMistakesAreCompileErrors() {
        func errors(_ text: String) -> [String] {
            let file = SourceFile(name: "t.wave", text: text)
            return Compiler.compile(file).1.filter { $0.severity == .error }.map { d in
                let (l, c) = file.location(of: d.range.start)
                return "\(l):\(c) \(d.message)"
            }
        }
        XCTAssertEqual(errors("for i in 0..<3 { i = 2 }"), ["1:18 cannot assign to loop variable 'i': 'for' sets it on each pass"])
        XCTAssertEqual(errors("for i in 0..<1s { }"), ["1:14 the bounds of 'for' are plain numbers, found time"])
        XCTAssertEqual(errors("for i in 0 to 3 { }"), ["1:10 '0 to 3' is not a range in wave; wave's range is 'a..<b': whole numbers from a up to, not including, b"])
        XCTAssertEqual(errors("let l = [1, 2]\nvar x = l[2]"), ["2:11 index 2 is outside this list of 2 (0 to 1)"])
        XCTAssertEqual(errors("var x = 3\nvar y = x[0]"), ["2:9 only a list or a repeated layer can be indexed, found number"])
    }
}
