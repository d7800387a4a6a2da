import Foundation
import XCTest
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
import WaveRuntime
import WaveSyntax
@testable import WaveDriver

/// Every recursive walk (parser, compiler, formatter, IR printer, evaluator, frame builder,
/// rasterizer) recurses at most `Parser.maxDepth` levels, flat chains included. Each shape
/// below is grown to the largest size the limit accepts; one more link must be rejected with
/// E0105, and the accepted script must go through every walk with a quarter of the stack the
/// program runs that walk on.
final class NestingLimitTests: XCTestCase {
    /// Shapes of nesting, each a script of size n (n links or levels).
    static let shapes: [(name: String, script: @Sendable (Int) -> String)] = [
        ("sum chain in a binding", { n in
            "scene 100x100\nvar v = 1\nlayer c: circle { center (50, 50) radius \(Array(repeating: "v", count: n).joined(separator: " + ")) fill #fff }\nevery tick { v = 1 }\n"
        }),
        ("&& chain in a handler", { n in
            "scene 100x100\nvar b = true\nvar k = 0\nevery tick { if \(Array(repeating: "b", count: n).joined(separator: " && ")) { k += 1 } }\n"
        }),
        ("== chain of constants", { n in
            "scene 100x100\nlet q = true\(String(repeating: " == true", count: n))\nvar k = q\n"
        }),
        ("parentheses", { n in
            "scene 100x100\nvar v = 1\nlayer c: circle { center (50, 50) radius \(String(repeating: "(", count: n))v\(String(repeating: ")", count: n)) fill #fff }\n"
        }),
        ("unary minus", { n in
            "scene 100x100\nvar v = 1\nlayer c: circle { center (50, 50) radius \(String(repeating: "- ", count: n))v fill #fff }\n"
        }),
        ("ternary chain", { n in
            "scene 100x100\nvar b = false\nlayer c: circle { center (50, 50) radius \(String(repeating: "b ? 1 : ", count: n))7 fill #fff }\n"
        }),
        ("else if chain", { n in
            "scene 100x100\nvar a = -1\nvar k = 0\nevery tick {\n  if a == 0 { k = 1 }"
                + (1..<n).map { " else if a == \($0) { k = \($0) }" }.joined() + " else { k = -1 }\n}\n"
        }),
        ("then chain", { n in
            "scene 100x100\nlayer c: circle { center (50, 50) radius 5 fill #fff }\nat 0s { animate c.radius to 6 over 1t"
                + (0..<n).map { " then animate c.radius to \($0 % 40 + 1) over 1t" }.joined() + " }\n"
        }),
        ("nested blocks", { n in
            "scene 100x100\nvar k = 0\nevery tick " + String(repeating: "{ if true ", count: n) + "{ k += 1 }" + String(repeating: " }", count: n) + "\n"
        }),
        ("nested groups", { n in
            "scene 100x100\n" + (0..<n).map { "layer g\($0): group {\n" }.joined()
                + "layer c: circle { center (50, 50) radius 40 fill #fff }\n" + String(repeating: "}\n", count: n)
        }),
        ("mask chain", { n in
            "scene 100x100\nlayer l0: circle { center (50, 50) radius 40 fill #fff }\n"
                + (1..<n).map { "layer l\($0): circle { center (50, 50) radius \(40 - $0 % 30) fill #fff mask l\($0 - 1) }\n" }.joined()
        }),
    ]

    static func diagnostics(_ text: String) -> [Diagnostic] {
        Compiler.compile(SourceFile(name: "deep.wave", text: text)).1.filter { $0.severity == .error }
    }

    /// The largest n the limit accepts: the script compiles cleanly at n and is rejected
    /// with E0105 (and nothing else) at n + 1.
    func largestAccepted(_ script: (Int) -> String, _ name: String) -> Int? {
        var lo = 1, hi = 4 * Parser.maxDepth   // compiles at lo, not at hi
        guard Self.diagnostics(script(lo)).isEmpty else {
            XCTFail("\(name): the smallest script does not compile: \(Self.diagnostics(script(lo)).map(\.message))")
            return nil
        }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Self.diagnostics(script(mid)).isEmpty { lo = mid } else { hi = mid }
        }
        let rejected = Self.diagnostics(script(lo + 1))
        XCTAssertEqual(rejected.map(\.code), [.nestedTooDeeply], "\(name) at \(lo + 1): \(rejected.map { "\($0.range.start) \($0.message)" })")
        return lo
    }

    func testEveryShapeIsBoundedNearTheDocumentedLimit() {
        for shape in Self.shapes {
            guard let n = largestAccepted(shape.script, shape.name) else { continue }
            // The limit counts levels, so each shape stops within a few levels of it.
            XCTAssertGreaterThan(n, Parser.maxDepth / 2 - 10, shape.name)
            XCTAssertLessThanOrEqual(n, Parser.maxDepth, shape.name)
        }
    }

    func testFarPastTheLimitIsOneLocatedError() {
        let text = "scene 100x100\nvar x = " + Array(repeating: "1", count: 100_000).joined(separator: " + ") + "\n"
        let errors = Self.diagnostics(text)
        XCTAssertEqual(errors.map(\.code), [.nestedTooDeeply])
        let file = SourceFile(name: "deep.wave", text: text)
        let (line, column) = file.location(of: errors[0].range.start)
        XCTAssertEqual(line, 2)
        // The operator that makes the tree one level too deep: term 200's `+`.
        XCTAssertEqual(column, 9 + 199 * 4 - 2)
    }

    /// Runs every walk over each shape at its limit with the stack the program gives it (half
    /// of it overflowed in a clean CI build: the margin is under 2x). An overflow here kills the test process: the limit would be too high. Every
    /// walk runs on the main thread (8 MiB unless `ulimit -s` says otherwise) or on one of
    /// `WorkerThreads` (8 MiB: render jobs, rasterizing in `FramePipeline`). Debug builds,
    /// which the tests use, have the largest stack frames (measured: the parser at 200
    /// nested parentheses needs more than 2 MiB, rasterizing 200 nested masks more than 512 KiB).
    func testEveryWalkAtTheLimitFitsItsThreadsStack() throws {
        for shape in Self.shapes {
            guard let n = largestAccepted(shape.script, shape.name) else { continue }
            let source = SourceFile(name: "deep.wave", text: shape.script(n))
            let built = Self.onStack(of: Self.languageStack) { () -> Result<Frame, WalkFailure> in
                let script = Parser.parse(source)
                guard script.diagnostics.isEmpty else { return .failure(WalkFailure(text: "parse: \(script.diagnostics.map(\.message))")) }
                guard case .formatted = ScriptFormatter.format(source) else { return .failure(WalkFailure(text: "format failed")) }
                let (program, diagnostics) = Compiler.compile(source)
                guard let program else { return .failure(WalkFailure(text: "compile: \(diagnostics.map(\.message))")) }
                _ = IRPrinter(program: program, file: source).render()
                do {
                    var runtime = try SceneRuntime(program: program)
                    for _ in 0..<3 { try runtime.step() }
                    return .success(try runtime.frame())
                } catch {
                    return .failure(WalkFailure(text: "run: \(error)"))
                }
            }
            guard case .success(let frame) = built else { XCTFail("\(shape.name) at n = \(n): \(built)"); continue }
            let size = Self.onStack(of: Self.rasterStack) { () -> String in
                let pixmap = Renderer().render(frame.items, width: frame.width, height: frame.height, background: frame.background)
                return "\(pixmap.width)x\(pixmap.height)"
            }
            XCTAssertEqual(size, "100x100", "\(shape.name) at n = \(n)")
        }
    }

    /// A layer masked by its own group would be drawn inside itself forever.
    func testALayerMaskedByItsOwnGroupIsACycle() {
        let errors = Self.diagnostics("scene 100x100\nlayer g: group {\n  layer c: circle { radius 4 mask g }\n}\n")
        XCTAssertEqual(errors.map(\.code), [.badMask])
        XCTAssertEqual(errors.first?.message, "mask cycle: layer 'c' is drawn through its mask 'g', which contains it")
    }

    /// The evaluator at the limit computes the right value (the chain is not cut short).
    func testAChainAtTheLimitEvaluates() throws {
        let n = try XCTUnwrap(largestAccepted(Self.shapes[0].script, "sum"))
        let program = try TestScenes.program(Self.shapes[0].script(n))
        let runtime = try SceneRuntime(program: program)
        XCTAssertEqual(runtime.value(ofLayer: "c", .radius)?.number, Double(n))
    }

    static let languageStack = WorkerThreads.stackSize
    static let rasterStack = WorkerThreads.stackSize

    static func onStack<T: Sendable>(of bytes: Int, _ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        done.wait()
        return box.value!
    }
}

private struct WalkFailure: Error { var text: String }

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
