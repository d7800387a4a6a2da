import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// `spring … reached { … }`: the statements run once, at the first tick the spring is within
/// 0.001 of its target or past it (before it settles), measured against the closed form.
final class SpringReachedTests: XCTestCase {
    /// The value of global `name` after each tick 0...ticks.
    func values(_ script: String, _ name: String, ticks: Int) throws -> [Double] {
        var r = try SceneRuntime(program: try program(script))
        var out = [r.value(ofGlobal: name)?.number ?? .nan]
        for _ in 0..<ticks {
            try r.step()
            out.append(r.value(ofGlobal: name)?.number ?? .nan)
        }
        return out
    }

    func testAnUnderDampedSpringReachesLongBeforeItSettles() throws {
        let script = """
        var x = 0
        var hit = -1
        var count = 0
        var done = -1
        spring x to 1 { response 0.6s  damping-fraction 0.3 } reached { hit = tick  count += 1 } then { done = tick }
        """
        let p = SpringParameters(mass: 1, stiffness: pow(2 * .pi / 0.6, 2), damping: 4 * .pi * 0.3 / 0.6, initialVelocity: 0)
        let spring = Spring(Spring.perceptual(response: 0.6, dampingFraction: 0.3))
        XCTAssertEqual(spring.parameters.stiffness, p.stiffness, accuracy: 1e-9)
        // The first tick whose progress is within 0.001 of 1, or past it, found independently.
        let first = (1...600).first { spring.progress(Double($0) / 60) >= 0.999 }!
        XCTAssertEqual(spring.reachTicks, first)
        let hits = try values(script, "hit", ticks: 150)
        let counts = try values(script, "count", ticks: 150)
        let dones = try values(script, "done", ticks: 150)
        XCTAssertEqual(hits.last, Double(first), "reached at the first crossing (tick \(first))")
        XCTAssertEqual(counts.last, 1, "once, although it crosses its target again and again")
        XCTAssertEqual(hits[first - 1], -1)
        let settle = Int((spring.settlingTime * 60).rounded())
        XCTAssertGreaterThan(settle, first + 60, "settles much later")
        XCTAssertEqual(dones.last, Double(settle), "then still runs when it settles")
    }

    func testAnOverDampedSpringReachesWithinTheThreshold() throws {
        let spring = Spring(Spring.perceptual(response: 0.5, dampingFraction: 1.5))
        let first = (1...600).first { abs(1 - spring.progress(Double($0) / 60)) < 0.001 }!
        XCTAssertEqual(spring.reachTicks, first)
        let hits = try values("var x = 0\nvar hit = -1\nspring x to 1 { response 0.5s  damping-fraction 1.5 } reached hit = tick\n", "hit", ticks: first + 5)
        XCTAssertEqual(hits.last, Double(first))
    }

    func testADelayedSpringReachesAfterItsDelay() throws {
        let spring = Spring(Spring.perceptual(response: 0.6, dampingFraction: 0.3))
        let hits = try values("var x = 0\nvar hit = -1\nspring x to 1 delay 10t { response 0.6s  damping-fraction 0.3 } reached hit = tick\n", "hit", ticks: 60)
        XCTAssertEqual(hits.last, Double(10 + spring.reachTicks!))
    }

    func testReachedBelongsToSpringsOnItsLine() {
        let (_, diagnostics) = Compiler.compile(SourceFile(name: "t.wave", text: "var x = 0\nanimate x to 1 over 1s reached { x = 2 }\n"))
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.count, 1)
        XCTAssertTrue(diagnostics.first?.message.contains("'reached' follows a spring") ?? false, "\(diagnostics)")
        // On the next line it is a name like any other.
        let (ok, d2) = Compiler.compile(SourceFile(name: "t.wave", text: "var x = 0\nvar reached = 0\nspring x to 1\nreached = 4\n"))
        XCTAssertNotNil(ok, "\(d2)")
    }
}
