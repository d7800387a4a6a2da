import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// User functions: `func f(a, b) = expr`, pure, typed by each use, recursion bounded.
final class FunctionTests: XCTestCase {
    func errors(_ text: String) -> [String] {
        let file = SourceFile(name: "t.wave", text: text)
        return Compiler.compile(file).1.filter { $0.severity == .error }.map { d in
            let (l, c) = file.location(of: d.range.start)
            return "\(l):\(c) \(d.message)"
        }
    }

    func testFunctionsAreTypedByTheirUses() throws {
        XCTAssertEqual(try trace("func sq(v) = v * v\nvar x = sq(3) + sq(0.5)", ticks: 0), [9.25])
        // The same function halves a time (an animation's duration) and a plain number.
        let s = "func half(d) = d / 2\nvar x = 0\nanimate x from 0 to half(8) over half(20t)"
        XCTAssertEqual(try trace(s, ticks: 10), [0, 0.4, 0.8, 1.2, 1.6, 2, 2.4, 2.8, 3.2, 3.6, 4].map { $0 })
        XCTAssertEqual(errors("func half(d) = d / 2\nvar x = 0\nanimate x to 1 over half(2)"),
                       ["3:21 an animation's duration must be a duration such as 2s, 500ms or 90t, found number"])
    }

    func testFunctionsInBindingsAndHandlers() throws {
        let s = """
        func wobble(s) = 10 + 5 * sin(s * pi)
        layer c: circle { radius wobble(t) }
        var x = 0
        every tick { x = wobble(tick / 60) }
        """
        var r = try SceneRuntime(program: try program(s))
        for _ in 0..<30 { try r.step() }
        XCTAssertEqual(try XCTUnwrap(r.value(ofLayer: "c", .radius)?.number), 15, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(r.value(ofGlobal: "x")?.number), 15, accuracy: 1e-9)
    }

    func testRecursionEndsOnConstantArgumentsAndIsBoundedOtherwise() throws {
        XCTAssertEqual(try trace("func fact(n) = n <= 1 ? 1 : n * fact(n - 1)\nvar x = fact(6)", ticks: 0), [720])
        XCTAssertEqual(errors("var k = 3\nfunc f(n) = n <= 0 ? 0 : f(n - 1)\nvar y = f(k)"),
                       ["2:26 'f' nests calls too deeply: each call writes out its body (4 levels of expression) inside the caller's, and the whole may be at most 200 levels; recursion ends only where its condition is constant"])
    }

    func testFunctionMistakes() {
        XCTAssertEqual(errors("func f(a, b) = a + b\nvar y = f(1)"), ["2:9 'f' takes 2 arguments, found 1"])
        XCTAssertEqual(errors("func sin(a) = a"), ["1:6 'sin' is a built-in function and cannot name a variable"])
        XCTAssertEqual(errors("func f(a) = a + zz\nvar y = f(1)"), ["1:17 unknown name 'zz'"])
        XCTAssertEqual(errors("var y = 1\nfunc g(a) = a + y\nvar z = f\nfunc f(a) = a"), ["3:9 'f' is a function: call it as f(…)"])
        XCTAssertEqual(errors("every tick { func f(a) = a }"),
                       ["1:14 declarations (scene, layer, template, let, var) belong at the top level of a script"])
    }
}
