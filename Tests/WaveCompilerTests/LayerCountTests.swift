import XCTest
import WaveSyntax
@testable import WaveCompiler

/// Issue 53: copies counted at compile time against the live-layer limit, so a script that
/// would fail at tick 0 of `wave render` fails `wave check` instead.
final class LayerCountTests: XCTestCase {
    func errors(_ text: String, limit: Int = LayerLimit.defaultCount) -> [String] {
        var environment = Environment()
        environment.maxLayers = limit
        let file = SourceFile(name: "t.wave", text: text)
        let (_, diagnostics, _) = Compiler.compileKeepingEnvironment(file, environment: environment)
        return diagnostics.filter { $0.severity == .error }.map { d in
            let (l, c) = file.location(of: d.range.start)
            return "\(l):\(c) \(d.code.code)"
        }
    }

    func testReplicatedCopiesPastTheLimitAreAnError() {
        let text = """
            scene 100x100
            layer d: group {
              replicate 1000000 translate (1, 0)
              layer c: circle { center (1, 1) radius 1 }
            }
            """
        XCTAssertEqual(errors(text), ["4:3 E0701"])
        XCTAssertEqual(errors(text.replacingOccurrences(of: "1000000", with: "9999")), [])   // 9999 + the group: the limit
        XCTAssertEqual(errors(text.replacingOccurrences(of: "1000000", with: "10000")), ["4:3 E0701"])
    }

    func testNestedRepetitionsMultiplyAndTemplatesCountNothing() {
        XCTAssertEqual(errors("layer row[10]: group {\n  layer cell[10]: rect { frame (0, 0, 1, 1) }\n}", limit: 100), ["2:3 E0701"])
        XCTAssertEqual(errors("layer row[10]: group {\n  layer cell[9]: rect { frame (0, 0, 1, 1) }\n}", limit: 100), [])
        XCTAssertEqual(errors("template p[1000]: circle { radius 1 }", limit: 10).filter { $0.hasSuffix("E0701") }, [])
    }
}
