import Foundation
import XCTest
@testable import WaveGeometry
import WaveGraphics
import WaveRuntime
@testable import WaveSinks

/// Every example in 256 and 16 colours against its truecolor frame: the mean perceptual
/// error (ΔE in OKLab) of 4×4 patches, each patch averaged in linear light as the eye mixes
/// neighbouring cells.
final class ColourReductionExampleTests: XCTestCase {
    func meanPatchError(_ pixmap: Pixmap, _ mode: ColorMode) -> Double {
        let means = ColourPatches.means(pixmap, mode, shown: PerceptualRGB.of)
        let total = means.reduce(0.0) { $0 + $1.truth.distance2($1.shown).squareRoot() }
        let patches = means.count
        return total / Double(max(1, patches))
    }

    func testEveryExampleKeepsItsColours() throws {
        let names = try TestScenes.exampleNames()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let (program, _) = try TestScenes.example(name)
            let runtime = try SceneRuntime.seek(program, to: 30)
            let scale = 96 / Double(max(program.scene.width, program.scene.height))
            let f = try runtime.frame(scale: scale)
            let pixmap = Renderer().render(f.items, width: f.width, height: f.height, background: f.background)
            let e256 = meanPatchError(pixmap, .palette256), e16 = meanPatchError(pixmap, .ansi16)
            let e8 = meanPatchError(pixmap, .ansi8)
            // At tick 30: 256 colours at most 0.031 (glow-heart, whose
            // dark purple background is drawn flat as its nearest grey, 0.038 away, rather
            // than as a grid of purple dots that this patch mean would score better; the
            // others at most 0.021), 16 colours at most 0.097 (ocean's dark blue gradients,
            // which two-entry mixes of the 16 colours reach only roughly), 8 colours at most
            // 0.232 (typing's white page: the basic eight have no white brighter than #E5E5E5).
            XCTAssertLessThan(e256, 0.035, "\(name): mean ΔE in 256 colours")
            XCTAssertLessThan(e16, 0.10, "\(name): mean ΔE in 16 colours")
            XCTAssertLessThan(e8, 0.25, "\(name): mean ΔE in 8 colours")
            print(String(format: "colour reduction %@: mean ΔE_OK 256 %.4f, 16 %.4f, 8 %.4f", name, e256, e16, e8))
        }
    }
}

enum PerceptualRGB {
    static func of(_ color: CellColor) -> UInt32 {
        switch color.kind {
        case .palette256: return ColorReducer.rgb256(Int(color.value))
        case .ansi16: return ColorReducer.ansiPalette[Int(color.value)]
        case .rgb: return color.value
        case .terminalDefault: return 0
        }
    }
}
