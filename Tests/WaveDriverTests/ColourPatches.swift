import WaveGraphics
@testable import WaveSinks

/// The colour tests' measure: a pixmap cut into 4×4 patches, each patch's mean colour in
/// linear light as the scene has it and as a terminal shows it after `ColorReducer`
/// (each pixel reduced, then drawn as `shown` says), both in OKLab.
enum ColourPatches {
    static func means(_ pixmap: Pixmap, _ mode: ColorMode,
                      shown: (CellColor) -> UInt32) -> [(truth: OKLab, shown: OKLab)] {
        let reducer = ColorReducer(mode: mode)
        let rgba = pixmap.unpremultipliedRGBA()
        var out: [(OKLab, OKLab)] = []
        for py in stride(from: 0, to: pixmap.height - 3, by: 4) {
            for px in stride(from: 0, to: pixmap.width - 3, by: 4) {
                var truth = (0.0, 0.0, 0.0), seen = (0.0, 0.0, 0.0)
                for y in py..<(py + 4) {
                    for x in px..<(px + 4) {
                        let i = (y * pixmap.width + x) * 4
                        let rgb = UInt32(rgba[i]) << 16 | UInt32(rgba[i + 1]) << 8 | UInt32(rgba[i + 2])
                        let t = OKLab.linear(rgb)
                        let s = OKLab.linear(shown(reducer.reduce(rgb, x: x, y: y)))
                        truth = (truth.0 + t.r / 16, truth.1 + t.g / 16, truth.2 + t.b / 16)
                        seen = (seen.0 + s.r / 16, seen.1 + s.g / 16, seen.2 + s.b / 16)
                    }
                }
                out.append((OKLab(linear: truth.0, truth.1, truth.2), OKLab(linear: seen.0, seen.1, seen.2)))
            }
        }
        return out
    }
}
