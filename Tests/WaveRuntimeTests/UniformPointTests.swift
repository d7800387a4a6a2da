import XCTest
import WaveSyntax
import WaveCompiler
@testable import WaveRuntime

/// A number where a point goes is that number for both coordinates (grammar.md §3): one
/// number, computed once, so a random one is one draw and a scale stays uniform.
final class UniformPointTests: XCTestCase {
    func testARandomNumberWhereAPointGoesIsDrawnOnce() throws {
        let text = """
        scene 100x100 { seed 3 }
        layer c: circle { center (50, 50) radius 20 }
        layer d: circle { center (50, 50) radius 5 scale random(0.5, 1.5) }
        layer a: circle { radius 5 }
        c.scale = random(0.5, 1.5)
        c.position = random(10, 90)
        animate a.scale from 0 to random(1, 2) over 1s
        template bubble: circle { radius 4 }
        at 1t { spawn bubble { scale = random(0.5, 1.5) } }
        """
        var runtime = try SceneRuntime(program: try program(text))
        for _ in 0..<70 { try runtime.step() }
        var drawn: [Double] = []
        for (layer, property) in [("c", Property.scale), ("c", .position), ("d", .scale), ("a", .scale)] {
            guard case .point(let x, let y)? = runtime.value(ofLayer: layer, property) else {
                return XCTFail("\(layer).\(property.rawValue) is not a point")
            }
            XCTAssertEqual(x, y, "\(layer).\(property.rawValue)")
            drawn.append(x)
        }
        // They are draws, not one constant: the four differ, and lie in their ranges.
        XCTAssertEqual(Set(drawn).count, 4, "\(drawn)")
        XCTAssert((0.5...1.5).contains(drawn[0]) && (10...90).contains(drawn[1]) && (1...2).contains(drawn[3]), "\(drawn)")
    }

    /// In a spawn block too: the copy's scale is one draw for both (as `wave ir` shows it).
    func testASpawnedCopysRandomScaleIsOneDraw() throws {
        let text = "template bubble: circle { radius 4 }\nat 1t { spawn bubble { scale = random(0.5, 1.5) } }"
        let ir = IRPrinter(program: try program(text)).render()
        XCTAssert(ir.contains("scale = point(random(0.5, 1.5))"), ir)
    }

    /// Two numbers written out are two draws, as before.
    func testAPointOfTwoRandomNumbersIsTwoDraws() throws {
        let text = "scene 100x100 { seed 3 }\nlayer c: circle { radius 5 }\nc.scale = (random(0.5, 1.5), random(0.5, 1.5))"
        var runtime = try SceneRuntime(program: try program(text))
        try runtime.step()
        guard case .point(let x, let y)? = runtime.value(ofLayer: "c", .scale) else { return XCTFail("no point") }
        XCTAssertNotEqual(x, y)
    }
}
