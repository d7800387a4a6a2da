import XCTest
@testable import WaveCompiler
import WaveRuntime
@testable import WaveREPL

/// An input that fails (to compile, or when applied) leaves the session as it was. The
/// session no longer keeps a copy of itself to go back to: an input of declarations is
/// applied in place and cut back on failure (`SceneRuntime.applyOrKeep`,
/// `Environment.rollBack`). A session given failing inputs among good ones must be, after
/// each input, the session given the good ones alone: its saved state, frame, names and
/// script.
final class ReplRollbackTests: XCTestCase {
    /// Inputs, each with whether it succeeds.
    static let inputs: [(String, Bool)] = [
        ("var k = 2", true),
        ("layer base: circle { center (10, 10) radius 4 + t * 3 }", true),
        // New layers that fail when their bindings are first evaluated.
        ("layer b: circle { center (1, 1) radius 1 / (t - t) }", false),
        ("layer c: circle { center (1, 1) radius sqrt(t - 1) }", false),
        // Two declarations in one input, the second failing: the first must go too.
        ("layer f: circle { center (3, 3) radius 2 }\nlayer g: rect { frame (0, 0, 1 / (t - t), 2) }", false),
        ("var q = [1, 2][t + 5]", false),
        ("var w = 3\nvar v = [1, 2][t + 5]", false),
        // A failing compile after a good declaration in the same input.
        ("layer h: circle { center (3, 3) radius 2 }\nlayer i: circle { center (2, 2) radius nope }", false),
        ("layer f: circle { center (3, 3) radius 2 + k }", true),
        // Bindings that read bound properties (the runtime keeps a binding order then).
        ("layer r: rect { frame (f.radius, 5, 3, base.radius) }", true),
        ("layer s: rect { frame (r.frame.x, 5, 3, 1 / (r.frame.x - r.frame.x)) }", false),
        ("layer s: rect { frame (r.frame.x, 5, 3, 2) }", true),
        // Copies, children and a template; then failing ones.
        ("layer dots[3]: circle { center (index * 7, 20) radius 2 fill #0000ff }", true),
        ("layer grp: group { layer kid: circle { center (4, 4) radius 1 / (t - t) } }", false),
        ("layer many[4]: circle { center (index, 1) radius sqrt(index - 2) }", false),
        ("layer grp: group { layer kid: circle { center (4, 4) radius 1 } }", true),
        // Lets, functions and variables read, in inputs that fail later on.
        ("let m = 5\nfunc g(x) = x * m\nlayer z: circle { center (1, 1) radius g(1) / (t - t) }", false),
        ("var unread = 3\nlayer y: circle { center (unread, 1) radius nope }", false),
        ("func g(x) = x + 1\nvar bad = [1][t + 3]", false),
        ("let h = base.radius * 2", true),
        ("func f2(x) = x + 2", true),
        ("layer t1: circle { center (f2(1), h) radius 1 / (t - t) }", false),
        // A layer placed below another, failing: the whole-copy way.
        ("layer u: rect below base { frame (0, 0, 1 / (t - t), 1) }", false),
        ("layer u: rect below base { frame (0, 0, 3, 1) }", true),
        // Statements, failing and not.
        ("base.fill = #ff0000", true),
        ("base.radius = sqrt(t - 100)", false),
        ("k += 1", true),
        ("layer last: circle { center (k, k) radius k }", true),
    ]

    func testAFailedInputLeavesTheSessionAsItWas() throws {
        let tried = try ReplSession(), good = try ReplSession()
        for (n, (input, succeeds)) in ReplRollbackTests.inputs.enumerated() {
            let outcome = tried.submit(input)
            let failed = outcome.diagnostics.contains { $0.severity == .error } || !outcome.elsewhere.isEmpty || outcome.message != nil
            XCTAssertEqual(!failed, succeeds, "'\(input)': \(outcome.diagnostics.map(\.message)) \(outcome.message ?? "")")
            if succeeds { _ = good.submit(input) }
            // Compared as booleans: the messages would print every byte.
            XCTAssertTrue(try tried.runtime.savedState(of: tried.runtime.program, script: "s")
                          == good.runtime.savedState(of: good.runtime.program, script: "s"), "state after '\(input)'")
            XCTAssertTrue(try tried.runtime.frame(scale: 1) == good.runtime.frame(scale: 1), "frame after '\(input)'")
            XCTAssertEqual(tried.environment.layerNames, good.environment.layerNames, "layers after '\(input)'")
            XCTAssertEqual(tried.environment.variableNames.sorted(), good.environment.variableNames.sorted(), "variables after '\(input)'")
            XCTAssertEqual(tried.environment.globals.map(\.name), good.environment.globals.map(\.name))
            XCTAssertEqual(tried.environment.functions.keys.sorted(), good.environment.functions.keys.sorted())
            XCTAssertEqual(tried.environment.usedNames.keys.sorted(), good.environment.usedNames.keys.sorted())
            XCTAssertEqual(tried.environment.globalIndex.storage, good.environment.globalIndex.storage)
            XCTAssertEqual(tried.runtime.program.layers.map(\.name), good.runtime.program.layers.map(\.name))
            XCTAssertEqual(tried.script, good.script)
            if n % 4 == 3 {
                try tried.step(5)
                try good.step(5)
            }
        }
        XCTAssertEqual(tried.runtime.liveLayerCount, good.runtime.liveLayerCount)
        XCTAssertGreaterThan(tried.runtime.liveLayerCount, 10)
    }
}
