import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// Declaring one more layer in the REPL costs the work of that layer, however many came
/// before: its bindings are the only ones evaluated, and it is the only layer planned
/// (issue 53: typing 10,000 layers took 98 s, each input re-evaluating and re-planning
/// every earlier layer). Counted, not timed: `bindingEvaluations` and `layersPlanned`.
final class IncrementCostTests: XCTestCase {
    /// What `ReplSession.submit` does with one input: compile it against everything typed
    /// before, then apply the increment at the current tick.
    struct Typist {
        var environment = Environment()
        var runtime: SceneRuntime

        init() throws { runtime = try SceneRuntime(program: Program()) }

        mutating func type(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let source = SourceFile(name: "<input>", text: text)
            let (increment, diagnostics, env) = Compiler.compileKeepingEnvironment(source, environment: environment, printsValues: true)
            guard let increment else { return XCTFail("\(text): \(diagnostics.map(\.message))", file: file, line: line) }
            try runtime.apply(increment)
            environment = env
        }

        /// The counters' growth over typing `text`.
        mutating func cost(of text: String) throws -> (evaluations: Int, planned: Int) {
            let before = (runtime.bindingEvaluations, runtime.layersPlanned)
            try type(text)
            return (runtime.bindingEvaluations - before.0, runtime.layersPlanned - before.1)
        }
    }

    /// Layers bound to a variable and the clock: no binding reads another bound property.
    func testEachLayerCostsItsOwnBindingsWhenNoneReadsAnother() throws {
        var typist = try Typist()
        try typist.type("var k = 1")
        var costs: [(evaluations: Int, planned: Int)] = []
        for i in 0..<400 {
            costs.append(try typist.cost(of: "layer c\(i): circle { center (\(i % 20), \(i / 20)) radius k + t / 60 }"))
        }
        XCTAssertEqual(costs[0].evaluations, 1)
        for (i, c) in costs.enumerated() {
            XCTAssertEqual(c.evaluations, 1, "layer \(i): its one binding alone is evaluated")
            XCTAssertEqual(c.planned, 1, "layer \(i): it alone is planned")
        }
        XCTAssertEqual(typist.runtime.value(ofLayer: "c399", .radius)?.number, 1)
    }

    /// Each layer's radius reads the one before's (`bindingSteps` is not empty): after the
    /// first such layer, which plans every layer once, each costs its own step.
    func testEachLayerCostsItsOwnStepWhenBindingsReadEachOther() throws {
        var typist = try Typist()
        try typist.type("var k = 2")
        for i in 0..<50 { try typist.type("layer plain\(i): rect { frame (k, 0, 2, 2) }") }
        try typist.type("layer c0: circle { radius k + t / 60 }")
        var costs: [(evaluations: Int, planned: Int)] = []
        for i in 1..<400 {
            costs.append(try typist.cost(of: "layer c\(i): circle { radius c\(i - 1).radius + 1  center (c\(i - 1).radius, 5) }"))
        }
        XCTAssertEqual(costs[0].planned, 1 + 52, "the first binding that reads another: itself, then every layer once")
        for (i, c) in costs.enumerated().dropFirst() {
            XCTAssertEqual(c.evaluations, 2, "layer c\(i + 1): its two bindings alone are evaluated")
            XCTAssertEqual(c.planned, 1, "layer c\(i + 1): it alone is planned")
        }
        XCTAssertEqual(typist.runtime.value(ofLayer: "c399", .radius)?.number, 2 + 399)
        XCTAssertEqual(typist.runtime.value(ofLayer: "c399", .center), .point(400, 5))
    }

    /// A statement may change what earlier layers read: then every binding is evaluated
    /// again at once, as before (the new value shows in this tick's frame).
    func testAStatementStillEvaluatesEveryBinding() throws {
        var typist = try Typist()
        try typist.type("var k = 1")
        for i in 0..<30 { try typist.type("layer c\(i): circle { radius k * 2 }") }
        let cost = try typist.cost(of: "k = 5")
        XCTAssertEqual(cost.evaluations, 30)
        XCTAssertEqual(typist.runtime.value(ofLayer: "c0", .radius)?.number, 10)
    }
}
