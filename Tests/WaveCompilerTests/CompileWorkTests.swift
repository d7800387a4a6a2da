import XCTest
import WaveSyntax
@testable import WaveCompiler

/// Issue 53: evaluation at compile time (inlining user functions, writing out lets, folding
/// constants) runs under the runtime's work limit and ends in one located E0702, and a let
/// is worked out once however often it is read.
final class CompileWorkTests: XCTestCase {
    /// The errors of `text` as "line:col CODE", compiled with a work limit of `limit`.
    func errors(_ text: String, limit: Int = WorkLimit.defaultSteps) -> [String] {
        var environment = Environment()
        environment.maxWork = limit
        let file = SourceFile(name: "t.wave", text: text)
        let (_, diagnostics, _) = Compiler.compileKeepingEnvironment(file, environment: environment)
        return diagnostics.filter { $0.severity == .error }.map { d in
            let (l, c) = file.location(of: d.range.start)
            return "\(l):\(c) \(d.code.code)"
        }
    }

    /// The reproducer: a function calling itself twice, 2^40 calls written out. Stopped at the
    /// call in the script once the work passes the limit.
    func testDoublyRecursiveFunctionStopsAtItsCall() {
        let text = """
            scene 100x100
            func f(n) = n <= 0 ? 1 : f(n - 1) + f(n - 1)
            let x = f(40)
            layer c: circle { center (50, 50) radius x }
            """
        let found = errors(text)
        XCTAssertTrue(found.contains("3:9 E0702"), "\(found)")
        XCTAssertEqual(found.filter { $0.hasSuffix("E0702") }.count, 1, "\(found)")
        // A smaller limit stops a smaller recursion, at the same place, and nothing more.
        XCTAssertEqual(errors(text.replacingOccurrences(of: "f(40)", with: "f(12)"), limit: 1000), ["3:9 E0702"])
        // Within the limit the recursion unfolds to its constant.
        XCTAssertEqual(errors(text.replacingOccurrences(of: "f(40)", with: "f(12)")), [])
    }

    /// An argument is written out at each read of its parameter: nesting a function that reads
    /// it twice doubles the work at each level, within the nesting limit.
    func testParameterReadTwiceIsCharged() {
        let calls = String(repeating: "g(", count: 40) + "t" + String(repeating: ")", count: 40)
        XCTAssertEqual(errors("func g(x) = x + x\nvar v = \(calls)"), ["2:9 E0702"])
    }

    /// The other reproducer: 60 lets, each the one before doubled. Each is folded once, so it
    /// checks at once and k60 is 2^60.
    func testConstantLetChainIsFoldedOnce() throws {
        let text = "scene 100x100\nlet k0 = 1\n" + (1...60).map { "let k\($0) = k\($0 - 1) + k\($0 - 1)" }.joined(separator: "\n")
            + "\nlayer c: circle { center (50, 50) radius k60 }\n"
        let (program, diagnostics) = Compiler.compile(SourceFile(name: "t.wave", text: text))
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }, [])
        XCTAssertEqual(program?.layers.first?.properties[.radius], .constant(.number(0x1p60)))
    }

    /// A chain of lets of the clock is kept once a tick at run time, so each let counts one
    /// step where it is read: the chain compiles.
    func testClockLetChainCompiles() {
        let text = "let k0 = t\n" + (1...60).map { "let k\($0) = k\($0 - 1) + k\($0 - 1)" }.joined(separator: "\n") + "\nvar v = k60\n"
        XCTAssertEqual(errors(text), [])
    }

    /// A chain of lets of a variable is evaluated afresh at each read (a `var` may change in
    /// between): the let whose reading passes the limit is the error, once.
    func testVariableLetChainStopsWhereItPassesTheLimit() {
        let text = "var v = 1\nlet k0 = v\n" + (1...60).map { "let k\($0) = k\($0 - 1) + k\($0 - 1)" }.joined(separator: "\n") + "\nvar w = k60\n"
        XCTAssertEqual(errors(text, limit: 1000), ["11:15 E0702"])   // k9 = k8 + k8, at its second k8: 1023 nodes
    }

    /// The step count the compiler charges a let stops at the limit (its walk is bounded).
    func testStepCountStopsAtTheLimit() {
        var e = IRExpr.global(0)
        for _ in 0..<40 { e = .binary(.add, e, e) }
        XCTAssertEqual(e.stepCount(limit: 1000), 1001)
        XCTAssertEqual(IRExpr.binary(.add, .global(0), .global(1)).stepCount(limit: 1000), 3)
        XCTAssertEqual(IRExpr.tickCached(name: "k", e).stepCount(limit: 1000), 1)
    }
}
