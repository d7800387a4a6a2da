import Foundation
import XCTest
import CPixelKernels
@testable import WaveGeometry
@testable import WaveGraphics
@testable import WaveAccelerator

/// Blur, shadow and blend modes against references computed here independently: a direct
/// 2-D convolution with the Gaussian in Double, and the W3C blend formulas.
final class EffectTests: XCTestCase {
    private let size = 72

    /// A scene with hard edges, a curve, a thin line, translucency and two colours.
    private var shapes: [DisplayItem] {
        var line = Path()
        line.move(to: Point(8, 60))
        line.line(to: Point(64, 58))
        line.line(to: Point(64, 59))
        line.line(to: Point(8, 61))
        line.close()
        return [TestScene.fill(TestScene.rect(14.5, 10.25, 26, 20), Color(r: 0.9, g: 0.2, b: 0.1)),
                TestScene.fill(TestScene.circle(44, 38, 14.3), Color(r: 0.1, g: 0.4, b: 0.95, a: 0.7)),
                TestScene.fill(line, Color(r: 0, g: 0.6, b: 0.2))]
    }

    /// Premultiplied channels of a pixmap as Doubles (0...255), row-major, 4 per pixel.
    private func channels(_ p: Pixmap) -> [Double] { p.data.map(Double.init) }

    /// The 2-D Gaussian convolution of `image` (4 channels, or only channel `only`), with the
    /// content moved by (dx, dy): out(x, y) = Σ in(i, j) · G(x − dx − i, y − dy − j), the
    /// kernel exp(−(u² + v²) / 2σ²) normalized over a radius of 5σ; no separability used.
    private func reference(_ image: [Double], sigma: Double, dx: Double = 0, dy: Double = 0, only: Int? = nil) -> [Double] {
        var out = [Double](repeating: 0, count: image.count)
        let r = Int((5 * sigma).rounded(.up)) + 2
        var total = 0.0
        for v in -r...r { for u in -r...r { total += exp(-Double(u * u + v * v) / (2 * sigma * sigma)) } }
        for y in 0..<size { for x in 0..<size {
            let cx = Double(x) - dx, cy = Double(y) - dy
            let i0 = max(0, Int((cx - Double(r)).rounded(.down))), i1 = min(size - 1, Int((cx + Double(r)).rounded(.up)))
            let j0 = max(0, Int((cy - Double(r)).rounded(.down))), j1 = min(size - 1, Int((cy + Double(r)).rounded(.up)))
            guard i0 <= i1, j0 <= j1 else { continue }
            for j in j0...j1 { for i in i0...i1 {
                let u = cx - Double(i), w = cy - Double(j)
                let g = exp(-(u * u + w * w) / (2 * sigma * sigma)) / total
                let k = (j * size + i) * 4
                for c in 0..<4 where only == nil || only == c { out[(y * size + x) * 4 + c] += g * image[k + c] }
            }}
        }}
        return out
    }

    private func maxError(_ a: [Double], _ b: Pixmap) -> Double {
        zip(a, b.data).map { abs($0 - Double($1)) }.max() ?? 0
    }

    func testBlurMatchesDirectGaussianConvolution() {
        let sharp = channels(TestScene.render(shapes, width: size, height: size))
        for radius in [1.0, 2.6, 5, 12] {
            let blurred = TestScene.render([.effect(items: shapes, effects: LayerEffects(blur: radius))], width: size, height: size)
            let expected = reference(sharp, sigma: radius / 2)
            let error = maxError(expected, blurred)
            XCTAssertLessThanOrEqual(error, 2, "blur \(radius)")
            XCTAssertGreaterThan(error, 0, "blur \(radius) must not be exact by accident of an empty image")
        }
    }

    /// The true Gaussian for wide blurs, as two 1-D convolutions in Double (the Gaussian is
    /// separable; the direct 2-D sum is too slow here): out(x, y) = Σ in(i, j) · g(x − dx − i)
    /// · g(y − dy − j), g normalized over a radius of 5σ. `side` pixels square, 4 channels.
    private func separableReference(_ image: [Double], side: Int, sigma: Double, dx: Double = 0, dy: Double = 0) -> [Double] {
        let r = Int((5 * sigma).rounded(.up)) + 2
        var total = 0.0
        for u in -r...r { total += exp(-Double(u * u) / (2 * sigma * sigma)) }
        func pass(_ input: [Double], shift: Double, horizontal: Bool) -> [Double] {
            var out = [Double](repeating: 0, count: input.count)
            for y in 0..<side { for x in 0..<side {
                let centre = Double(horizontal ? x : y) - shift
                let i0 = max(0, Int((centre - Double(r)).rounded(.down))), i1 = min(side - 1, Int((centre + Double(r)).rounded(.up)))
                guard i0 <= i1 else { continue }
                for i in i0...i1 {
                    let u = centre - Double(i), g = exp(-u * u / (2 * sigma * sigma)) / total
                    let k = ((horizontal ? y * side + i : i * side + x)) * 4
                    for c in 0..<4 { out[(y * side + x) * 4 + c] += g * input[k + c] }
                }
            }}
            return out
        }
        return pass(pass(image, shift: dx, horizontal: true), shift: dy, horizontal: false)
    }

    /// Wide blurs and shadows (σ ≥ 8) take the coarse-grid path; they too stay within 2/255
    /// of the true Gaussian, with fractional shadow offsets and at the canvas edges.
    func testWideBlurMatchesTheTrueGaussian() {
        let side = 160
        let big = shapes.map { item -> DisplayItem in
            guard case .fill(let p, let r, let paint, let o) = item else { return item }
            return .fill(path: p.transformed(by: Transform.scale(2, 2).concatenating(.translation(6, 4))), rule: r, paint: paint, opacity: o)
        }
        let sharpPixmap = TestScene.render(big, width: side, height: side)
        let sharp = channels(sharpPixmap)
        for radius in [16.0, 27, 72] {
            XCTAssertGreaterThan(GaussianBlur.coarseLevel(sigma: radius / 2), 0, "radius \(radius) takes the coarse path")
            let blurred = TestScene.render([.effect(items: big, effects: LayerEffects(blur: radius))], width: side, height: side)
            let error = zip(separableReference(sharp, side: side, sigma: radius / 2), blurred.data).map { abs($0 - Double($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(error, 2, "blur \(radius)")
            XCTAssertGreaterThan(error, 0, "blur \(radius)")
        }
        let (dx, dy, radius) = (7.4, -3.7, 40.0)
        let tint = Color(r: 0, g: 0, b: 0, a: 1)
        let drawn = TestScene.render([.effect(items: big, effects: LayerEffects(shadow: Shadow(color: tint, dx: dx, dy: dy, radius: radius)))],
                                     width: side, height: side)
        let shadowAlpha = separableReference(sharp, side: side, sigma: radius / 2, dx: dx, dy: dy)
        var worst = 0.0
        for p in 0..<side * side {
            let top = sharp[p * 4 + 3], expected = top + shadowAlpha[p * 4 + 3] * (1 - top / 255)
            worst = max(worst, abs(expected - Double(drawn.data[p * 4 + 3])))
        }
        XCTAssertLessThanOrEqual(worst, 2, "shadow alpha")
    }

    /// The coarse shadow computed only where it can be non-zero (`GaussianBlur.coarseShadow`)
    /// keeps exactly the coverage of blurring the whole rectangle: every pixel left out of
    /// its runs is either 0 there or in its row's hidden stretch, under an opaque pixel of
    /// the layer; for wide and very wide σ (cell sizes 2 to 16), whole and fractional
    /// offsets, and rectangles that clip the shadow on any side; with the portable and the
    /// wide kernels.
    func testCoarseShadowEqualsTheWholeBlurredRectangle() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return UInt32(truncatingIfNeeded: seed) }
        // The layer: an opaque block, a translucent disc, a sparse speckle and clear pixels.
        let layerRect = PixelBounds(x0: 100, y0: 80, x1: 164, y1: 130)
        var layer = [UInt32](repeating: 0, count: layerRect.width * layerRect.height)
        for y in 0..<layerRect.height { for x in 0..<layerRect.width {
            let dx = Double(x - 40), dy = Double(y - 30)
            var a: UInt32 = 0
            if x >= 6 && x < 30 && y >= 4 && y < 22 { a = 255 }
            else if dx * dx + dy * dy < 160 { a = 90 + UInt32(x % 7) * 20 }
            else if next() % 23 == 0 { a = next() & 0xFF }
            layer[y * layerRect.width + x] = a << 24 | (a / 2) << 8
        }}
        /// The runs' bytes over the rectangle, with 0 elsewhere and nil in the hidden stretches.
        func expand(_ s: ShadowAlpha) -> [UInt8?] {
            var out = [UInt8?](repeating: 0, count: s.rect.width * s.rect.height)
            for y in 0..<s.rect.height where !s.hidden.isEmpty {
                for x in Int(s.hidden[2 * y])..<Int(s.hidden[2 * y + 1]) { out[y * s.rect.width + x] = nil }
            }
            for run in s.runs {
                for i in 0..<Int(run.count) {
                    let at = Int(run.y) * s.rect.width + Int(run.x) + i
                    XCTAssertNotNil(out[at], "a run meets a hidden stretch")
                    out[at] = s.bytes[Int(run.offset) + i]
                }
            }
            return out
        }
        let arena = ScratchArena(), start = arena.mark
        var checked = 0, strong = 0, hidden = 0
        let opaqueLayer = layer.map { $0 >> 24 == 255 }
        layer.withUnsafeMutableBytes { raw in
            let surface = Surface(base: raw.baseAddress!, width: layerRect.width, height: layerRect.height,
                                  originX: layerRect.x0, originY: layerRect.y0)
            let source = UnsafePointer(raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
            for sigma in [8.0, 11.3, 19, 36, 70] {
                for (dx, dy) in [(0.0, 0.0), (3.4, -2.7), (-15.5, 9.25)] {
                    let kernels = EffectPlan.Kernels(sigma: sigma, shiftX: dx, shiftY: dy)
                    let spread = kernels.bounds(of: layerRect)
                    let clipped = [spread, PixelBounds(x0: spread.x0 + 37, y0: spread.y0 - 5, x1: spread.x1 - 61, y1: spread.y1 - 40),
                                   PixelBounds(x0: 120, y0: 90, x1: 150, y1: 200)]
                    for rect in clipped {
                        let whole = arena.allocate(UInt8.self, count: rect.width * rect.height)
                        GaussianBlur.blurCoarse(source: source, src: layerRect, srcPixelBytes: 4, srcStride: layerRect.width,
                                                channelOffset: 3, channels: 1, into: whole, dst: rect, sigma: sigma,
                                                shiftX: dx, shiftY: dy, arena: arena)
                        let expected = Array(UnsafeBufferPointer(start: whole, count: rect.width * rect.height))
                        for level in [0, 1] as [Int32] {
                            wave_kernels_use(level)
                            let fast = GaussianBlur.coarseShadow(of: LayerCoverage(layer: surface), dst: rect, sigma: sigma,
                                                                 shiftX: dx, shiftY: dy, arena: arena)
                            wave_kernels_use(1)
                            XCTAssertEqual(fast.rect, rect)
                            let got = expand(fast)
                            for i in got.indices {
                                let x = rect.x0 + i % rect.width, y = rect.y0 + i / rect.width
                                let opaque = x >= layerRect.x0 && x < layerRect.x1 && y >= layerRect.y0 && y < layerRect.y1
                                    && opaqueLayer[(y - layerRect.y0) * layerRect.width + x - layerRect.x0]
                                if let g = got[i], g == expected[i] { continue }
                                if got[i] == nil, opaque { hidden += 1; continue }
                                XCTFail("σ \(sigma), shift (\(dx), \(dy)), rect \(rect), kernels \(level): pixel \(i % rect.width), "
                                        + "\(i / rect.width): \(String(describing: got[i])) != \(expected[i])")
                                break
                            }
                        }
                        if expected.contains(0), expected.contains(where: { $0 > 0 }) { checked += 1 }
                        if expected.contains(where: { $0 > 100 }) { strong += 1 }
                        arena.reset(to: start)
                    }
                }
            }
        }
        // The comparisons saw skipped zeros next to coverage, and strong coverage.
        XCTAssertGreaterThanOrEqual(checked, 40)
        XCTAssertGreaterThanOrEqual(strong, 10)
        XCTAssertGreaterThan(hidden, 1000)   // and pixels left out under the opaque block
    }

    /// The shadow painter (runs of non-zero coverage, coverage under the layer's opaque
    /// pixels dropped, a finished-pixel table where the backdrop is one colour) gives per
    /// pixel exactly over(layer, over(scale(colour, coverage), backdrop)), the definition,
    /// for random coverage with long and short zero stretches, random tints, and backdrops
    /// that mix three plain colours (one transparent) with random pixels, on rows whose width is not a multiple
    /// of 8, on a target larger than the shadow's rectangle.
    func testShadowPainterEqualsThePerPixelFormula() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt32 { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return UInt32(truncatingIfNeeded: seed) }
        func premultiplied(_ a: UInt32, _ k: UInt32) -> UInt32 {
            a << 24 | Swift.min(a, k & 0xFF) << 16 | Swift.min(a, (k >> 8) & 0xFF) << 8 | Swift.min(a, (k >> 16) & 0xFF)
        }
        let rect = PixelBounds(x0: 13, y0: 21, x1: 13 + 93, y1: 21 + 17)
        let area = PixelBounds(x0: 10, y0: 20, x1: 110, y1: 40)   // the target
        let plains = [premultiplied(255, 0x20_10_1B), premultiplied(200, 0x90_40_C0), 0]
        for trial in 0..<6 {
            let color = premultiplied(next() & 0xFF | (trial == 0 ? 0xFF : 0), next())
            var alpha = [UInt8](repeating: 0, count: rect.width * rect.height)
            for i in alpha.indices {
                let x = i % rect.width
                // Zero stretches longer and shorter than a run's gap, and full coverage.
                guard !(x >= 30 && x < 30 + 3 * trial + 40), x % 13 >= 2 + trial % 3 else { continue }
                alpha[i] = next() % 5 == 0 ? 255 : UInt8(truncatingIfNeeded: next())
            }
            let backdrop: [UInt32] = (0..<area.width * area.height).map { i in
                let x = i % area.width, y = i / area.width
                if y % 5 == 4 || (x / 9) % 4 == 3 { return premultiplied(next() & 0xFF, next()) }
                return plains[(x / 30 + y / 7 + trial) % 3]
            }
            // The layer over the shadow: opaque, translucent and clear pixels, partly outside `rect`.
            let layerRect = PixelBounds(x0: 30, y0: 18, x1: 70, y1: 33)
            var layer: [UInt32] = (0..<layerRect.width * layerRect.height).map { _ in
                let r = next() % 4
                return r == 0 ? 0 : premultiplied(r == 1 ? 255 : next() & 0xFF, next())
            }
            var expected = backdrop
            for y in rect.y0..<rect.y1 { for x in rect.x0..<rect.x1 {
                let a = UInt32(alpha[(y - rect.y0) * rect.width + x - rect.x0]), i = (y - area.y0) * area.width + x - area.x0
                if a != 0 { expected[i] = Compositor.over(a == 255 ? color : Compositor.scale(color, a), expected[i]) }
            }}
            let runs = alpha.withUnsafeMutableBufferPointer { a in
                layer.withUnsafeMutableBytes { l in
                    ShadowAlpha(alpha: a.baseAddress!, rect: rect, hiddenUnder: Surface(
                        base: l.baseAddress!, width: layerRect.width, height: layerRect.height, originX: layerRect.x0, originY: layerRect.y0))
                }
            }
            func painted(kernels level: Int32) -> [UInt32] {
                wave_kernels_use(level)
                defer { wave_kernels_use(1) }
                var pixels = backdrop
                pixels.withUnsafeMutableBytes { raw in
                    ShadowPainter.paint(runs, color: color, onto: Surface(base: raw.baseAddress!, width: area.width, height: area.height,
                                                                          originX: area.x0, originY: area.y0))
                }
                for y in layerRect.y0..<layerRect.y1 { for x in layerRect.x0..<layerRect.x1 where y >= area.y0 {
                    let top = layer[(y - layerRect.y0) * layerRect.width + x - layerRect.x0], i = (y - area.y0) * area.width + x - area.x0
                    pixels[i] = Compositor.over(top, pixels[i])
                }}
                return pixels
            }
            for y in layerRect.y0..<layerRect.y1 { for x in layerRect.x0..<layerRect.x1 where y >= area.y0 {
                let top = layer[(y - layerRect.y0) * layerRect.width + x - layerRect.x0], i = (y - area.y0) * area.width + x - area.x0
                expected[i] = Compositor.over(top, expected[i])
            }}
            // Painted with the portable lookups, then with the wide ones (where the machine has them).
            for (pass, pixels) in [painted(kernels: 0), painted(kernels: 1)].enumerated() {
                for i in expected.indices where expected[i] != pixels[i] {
                    XCTFail("trial \(trial), pass \(pass), pixel (\(i % area.width + area.x0), \(i / area.width + area.y0)): "
                            + "\(String(expected[i], radix: 16)) != \(String(pixels[i], radix: 16))")
                    break
                }
            }
            // Runs start and end on non-zero coverage, are split at long zero stretches, and
            // hold every non-zero byte left after hiding.
            var covered = [Bool](repeating: false, count: alpha.count)
            for run in runs.runs {
                XCTAssertNotEqual(runs.bytes[Int(run.offset)], 0)
                XCTAssertNotEqual(runs.bytes[Int(run.offset + run.count - 1)], 0)
                for k in 0..<Int(run.count) {
                    let i = Int(run.y) * rect.width + Int(run.x) + k
                    covered[i] = true
                    XCTAssertEqual(runs.bytes[Int(run.offset) + k], alpha[i])
                }
            }
            for i in alpha.indices where alpha[i] != 0 { XCTAssertTrue(covered[i], "trial \(trial), byte \(i) outside the runs") }
            XCTAssertGreaterThan(runs.runs.count, rect.height, "rows are split at zero stretches longer than the gap")
            XCTAssertLessThan(runs.bytes.count, alpha.count)
        }
    }

    /// An effect holding one fill draws it straight onto the target over its shadow, with no
    /// layer on a shadow cache hit: the same bytes as the general path (forced here by a
    /// second fill that draws nothing, inside the first one's bounds), for solid and gradient
    /// paints, opaque and translucent, with small and wide shadows and a blend mode, on the
    /// first render (a miss) and the third (a hit).
    func testOneFillEffectDrawnStraightEqualsItsLayer() {
        let heart = TestScene.circle(36.4, 33.1, 17.2)
        let nothing = TestScene.fill(TestScene.rect(30, 30, 2, 2), .clear)
        let gradient = Paint.linearGradient(start: Point(20, 20), end: Point(50, 48), stops: [
            GradientStop(0, Color(r: 0.2, g: 0.8, b: 0.9, a: 0.7)), GradientStop(1, Color(r: 0.9, g: 0.2, b: 0.3))])
        let paints: [Paint] = [.solid(Color(r: 1, g: 0.23, b: 0.36)), .solid(Color(r: 0.1, g: 0.5, b: 0.9, a: 0.6)), gradient]
        let shadows = [Shadow(color: Color(r: 1, g: 0.33, b: 0.47, a: 0.8), dx: 0, dy: 0, radius: 18),
                       Shadow(color: Color(r: 0, g: 0, b: 0, a: 0.45), dx: 1.5, dy: 4.25, radius: 5)]
        for paint in paints {
            for shadow in shadows {
                for blend in [BlendMode.normal, .screen] {
                    let fill = DisplayItem.fill(path: heart, rule: .nonZero, paint: paint, opacity: 1)
                    let fx = LayerEffects(shadow: shadow, blend: blend)
                    let straight = Accelerator.on.renderer(), layered = Accelerator.on.renderer()
                    for pass in 0..<3 {
                        let a = straight.render([.effect(items: [fill], effects: fx)], width: size, height: size,
                                                background: Color(r: 0.11, g: 0.06, b: 0.13))
                        let b = layered.render([.effect(items: [fill, nothing], effects: fx)], width: size, height: size,
                                               background: Color(r: 0.11, g: 0.06, b: 0.13))
                        XCTAssertEqual(a, b, "\(paint), \(shadow), \(blend), pass \(pass)")
                    }
                }
            }
        }
    }

    /// A shadow made from a fill's spans (`FillCoverage`, no layer drawn) has the bytes,
    /// runs and hidden stretches of the same shadow made from the fill drawn on a clear
    /// layer (`LayerCoverage`): for a curved shape, a self-crossing star (rows computed in
    /// bands), pixel-aligned rectangles (full-coverage spans side by side, two opaque
    /// stretches in a row), opaque and translucent colours and a fill opacity, clipped by
    /// the layer and by the shadow's rectangle; on both kernel paths.
    func testShadowFromAFillsSpansEqualsTheShadowOfItsDrawnLayer() {
        var star = Path()
        for i in 0..<5 {
            let a = Double(i) * 4 * Double.pi / 5 - Double.pi / 2
            let p = Point(60 + 38 * cos(a), 52 + 38 * sin(a))
            if i == 0 { star.move(to: p) } else { star.line(to: p) }
        }
        star.close()
        var blocks = TestScene.rect(20, 30, 30, 24)
        blocks.addRect(Rect(x: 50, y: 40, width: 12, height: 30))   // meets the first: one stretch
        blocks.addRect(Rect(x: 70, y: 36, width: 20.5, height: 22.3))   // apart: a second stretch
        let shapes: [(Path, FillRule)] = [(TestScene.circle(61.3, 47.8, 29.6), .nonZero), (star, .nonZero), (star, .evenOdd),
                                          (blocks, .nonZero)]
        let paints: [(Color, Double)] = [(Color(r: 1, g: 0.23, b: 0.36), 1), (Color(r: 0.1, g: 0.5, b: 0.9, a: 0.6), 1),
                                          (Color(r: 0.2, g: 0.9, b: 0.4), 0.75)]
        let arena = ScratchArena()
        var rasterizer = Rasterizer(tolerance: 0.1, canvas: PixelBounds(x0: 0, y0: 0, x1: 200, y1: 200),
                                    scratch: RasterScratch(), accelerator: nil)
        var compared = 0, hidden = 0
        for (path, rule) in shapes {
            for (color, opacity) in paints {
                let item = DisplayItem.fill(path: path, rule: rule, paint: .solid(color), opacity: opacity)
                for clip in [PixelBounds(x0: 10, y0: 8, x1: 110, y1: 100), PixelBounds(x0: 35, y0: 20, x1: 80, y1: 75)] {
                    guard let coverage = rasterizer.fillSpans(item, over: clip, keep: false)
                        .map({ FillCoverage(rect: clip, spans: $0.spans, color: $0.color) }) else {
                        XCTFail("no coverage for \(path), \(color)"); continue
                    }
                    var pixels = [UInt32](repeating: 0, count: clip.width * clip.height)
                    pixels.withUnsafeMutableBytes { raw in
                        let layer = Surface(base: raw.baseAddress!, width: clip.width, height: clip.height,
                                            originX: clip.x0, originY: clip.y0)
                        rasterizer.draw([item], on: layer)
                        for sigma in [9.0, 21, 40] {
                            let kernels = EffectPlan.Kernels(sigma: sigma, shiftX: sigma == 21 ? 3 : 0, shiftY: sigma == 21 ? -2.5 : 0)
                            let whole = kernels.bounds(of: clip)
                            for rect in [whole, PixelBounds(x0: 40, y0: whole.y0, x1: whole.x1, y1: 70)] {
                                for level in [0, 1] as [Int32] {
                                    wave_kernels_use(level)
                                    let a = GaussianBlur.coarseShadow(of: coverage, dst: rect, sigma: sigma, shiftX: kernels.shiftX,
                                                                      shiftY: kernels.shiftY, arena: arena)
                                    let b = GaussianBlur.coarseShadow(of: LayerCoverage(layer: layer), dst: rect, sigma: sigma,
                                                                      shiftX: kernels.shiftX, shiftY: kernels.shiftY, arena: arena)
                                    wave_kernels_use(1)
                                    XCTAssertEqual(a.runs, b.runs, "\(rule), \(color), σ \(sigma), \(rect)")
                                    XCTAssertEqual(a.hidden, b.hidden, "\(rule), \(color), σ \(sigma), \(rect)")
                                    XCTAssertEqual(Array(UnsafeBufferPointer(start: a.bytes.base, count: a.bytes.count)),
                                                   Array(UnsafeBufferPointer(start: b.bytes.base, count: b.bytes.count)))
                                    compared += a.bytes.count
                                    for y in 0..<a.hidden.count / 2 { hidden += Int(a.hidden[2 * y + 1] - a.hidden[2 * y]) }
                                }
                            }
                        }
                        // The opaque stretches row by row, anywhere in the row.
                        for y in clip.y0 - 1...clip.y1 {
                            for (x0, x1) in [(0, 200), (clip.x0 + 17, clip.x0 + 40), (clip.x0 + 33, clip.x1 - 3)] {
                                XCTAssertEqual(coverage.opaqueStretch(row: y, from: x0, to: x1),
                                               LayerCoverage(layer: layer).opaqueStretch(row: y, from: x0, to: x1), "row \(y)")
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 1_000_000)
        XCTAssertGreaterThan(hidden, 50_000)
    }

    /// The taps an effect's bounds are computed from (without the kernel's `exp`s) are those
    /// of the kernel itself, for plain shifts and Gaussians, whole and fractional shifts.
    func testKernelTapsAreThoseOfTheKernel() {
        for sigma in [0, 0.1, 0.24, 0.25, 0.5, 1.3, 4, 7.99, 8, 18, 36, 200, 2048] {
            for shift in [0, 0.5, -0.25, 3, -7, 2.75, -1e-9, -1e-20, 1e6 + 0.5] {
                let kernel = GaussianBlur.Kernel(sigma: sigma, shift: shift)
                XCTAssertEqual(GaussianBlur.Kernel.taps(sigma: sigma, shift: shift),
                               GaussianBlur.Kernel.Taps(first: kernel.first, count: kernel.weights.count), "σ \(sigma), shift \(shift)")
            }
        }
    }

    func testBlurSpreadsBeyondTheShapeAndKeepsTheAlphaSum() {
        let sharp = TestScene.render(shapes, width: size, height: size)
        let blurred = TestScene.render([.effect(items: shapes, effects: LayerEffects(blur: 6))], width: size, height: size)
        XCTAssertEqual(TestScene.alpha(sharp, 13, 20), 0)
        XCTAssertGreaterThan(TestScene.alpha(blurred, 12, 20), 40)
        // Nothing leaves the canvas except at its edges: the covered area is kept within 1 %.
        XCTAssertEqual(TestScene.coveredArea(blurred), TestScene.coveredArea(sharp), accuracy: TestScene.coveredArea(sharp) * 0.01)
    }

    func testShadowIsTheBlurredOffsetAlphaTintedBeneathTheLayer() {
        let sharp = channels(TestScene.render(shapes, width: size, height: size))
        let tint = Color(r: 0.2, g: 0.1, b: 0.6, a: 0.8)
        for (dx, dy, radius) in [(3.5, 2.25, 8.0), (-4.0, 5.0, 3.0), (2.3, -1.6, 0.0)] {
            let fx = LayerEffects(shadow: Shadow(color: tint, dx: dx, dy: dy, radius: radius))
            let drawn = TestScene.render([.effect(items: shapes, effects: fx)], width: size, height: size)
            // Shadow alpha: the layer's alpha moved and blurred (a 2-pixel linear shift for radius 0).
            var shadowAlpha: [Double]
            if radius > 0 {
                shadowAlpha = reference(sharp, sigma: radius / 2, dx: dx, dy: dy, only: 3)
            } else {
                shadowAlpha = [Double](repeating: 0, count: sharp.count)
                for y in 0..<size { for x in 0..<size {
                    let sx = Double(x) - dx, sy = Double(y) - dy
                    let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down)), fx = sx - Double(x0), fy = sy - Double(y0)
                    func a(_ i: Int, _ j: Int) -> Double { i >= 0 && j >= 0 && i < size && j < size ? sharp[(j * size + i) * 4 + 3] : 0 }
                    shadowAlpha[(y * size + x) * 4 + 3] = (a(x0, y0) * (1 - fx) + a(x0 + 1, y0) * fx) * (1 - fy)
                        + (a(x0, y0 + 1) * (1 - fx) + a(x0 + 1, y0 + 1) * fx) * fy
                }}
            }
            let shadowColor = [tint.r * tint.a, tint.g * tint.a, tint.b * tint.a, tint.a]
            var expected = [Double](repeating: 0, count: sharp.count)
            for p in 0..<size * size {
                let s = shadowAlpha[p * 4 + 3] / 255, top = Array(sharp[p * 4..<p * 4 + 4])
                for c in 0..<4 { expected[p * 4 + c] = top[c] + shadowColor[c] * 255 * s * (1 - top[3] / 255) }
            }
            XCTAssertLessThanOrEqual(maxError(expected, drawn), 2, "shadow \(dx), \(dy), \(radius)")
        }
    }

    func testEffectBoundsCoverTheShadowAndNothingIsDrawnOutsideThem() {
        let fx = LayerEffects(blur: 3, shadow: Shadow(color: .black, dx: 10, dy: 6, radius: 6))
        let item = DisplayItem.effect(items: [TestScene.fill(TestScene.rect(20, 20, 10, 10))], effects: fx)
        let drawn = TestScene.render([item], width: size, height: size)
        let b = item.pixelBounds
        for y in 0..<size { for x in 0..<size where !(x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1) {
            XCTAssertEqual(TestScene.alpha(drawn, x, y), 0, "(\(x), \(y)) outside \(b)")
        }}
        XCTAssertGreaterThan(TestScene.alpha(drawn, 38, 33), 60, "the shadow reaches down and right")
    }

    /// An effect partly off the canvas gives the same pixels as the whole effect drawn on a
    /// larger canvas: work limited to the visible part loses nothing that reaches it.
    func testClippedEffectEqualsUnclipped() {
        let fx = LayerEffects(blur: 4, shadow: Shadow(color: Color(r: 1, g: 0, b: 0, a: 0.5), dx: -5, dy: 3, radius: 7))
        let items = [TestScene.fill(TestScene.circle(-4, 30, 16)), TestScene.fill(TestScene.rect(60, 50, 30, 30), .white)]
        let small = TestScene.render([.effect(items: items, effects: fx)], width: size, height: size)
        let shift = Transform.translation(40, 40)
        let moved = items.map { item -> DisplayItem in
            guard case .fill(let p, let r, let paint, let o) = item else { return item }
            return .fill(path: p.transformed(by: shift), rule: r, paint: paint, opacity: o)
        }
        let big = TestScene.render([.effect(items: moved, effects: fx)], width: size + 80, height: size + 80)
        for y in 0..<size { for x in 0..<size {
            XCTAssertTrue(small.pixel(x, y) == big.pixel(x + 40, y + 40), "(\(x), \(y))")
        }}
    }

    // MARK: - Blend modes

    /// W3C Compositing and Blending Level 1 blend functions, written out again here.
    private func w3c(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        func multiply(_ b: Double, _ s: Double) -> Double { b * s }
        func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }
        func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? multiply(b, 2 * s) : screen(b, 2 * s - 1) }
        switch mode {
        case .normal, .plusLighter: return cs
        case .multiply: return multiply(cb, cs)
        case .screen: return screen(cb, cs)
        case .overlay: return hardLight(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge: return cb == 0 ? 0 : (cs == 1 ? 1 : min(1, cb / (1 - cs)))
        case .colorBurn: return cb == 1 ? 1 : (cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case .hardLight: return hardLight(cb, cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : sqrt(cb)
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        }
    }

    /// Expected premultiplied result (0...255 per channel) of `source` blended onto `backdrop`.
    private func expected(_ mode: BlendMode, source: [Double], backdrop: [Double]) -> [Double] {
        let s = source.map { $0 / 255 }, b = backdrop.map { $0 / 255 }
        if mode == .plusLighter { return (0..<4).map { min(1, s[$0] + b[$0]) * 255 } }
        let sa = s[3], ba = b[3]
        var out = (0..<3).map { c -> Double in
            let mixed = sa > 0 && ba > 0 ? sa * ba * w3c(mode, b[c] / ba, s[c] / sa) : 0
            return (s[c] * (1 - ba) + b[c] * (1 - sa) + mixed) * 255
        }
        out.append((sa + ba - sa * ba) * 255)
        return out
    }

    func testEveryBlendModeFollowsTheW3CFormulas() {
        let backdrops = [Color(r: 0.2, g: 0.5, b: 0.9), Color(r: 0.9, g: 0.8, b: 0.1, a: 0.6), Color(r: 0, g: 1, b: 0.3, a: 0.25),
                         Color(r: 1, g: 1, b: 1), Color(r: 0, g: 0, b: 0, a: 0)]
        let sources = [Color(r: 0.7, g: 0.1, b: 0.4), Color(r: 0.3, g: 0.95, b: 0.6, a: 0.5), Color(r: 1, g: 0, b: 0.5, a: 0.8),
                       Color(r: 0.05, g: 0.5, b: 1, a: 0.3)]
        for mode in BlendMode.allCases {
            var distinct = false
            for bd in backdrops {
                for src in sources {
                    let square = TestScene.fill(TestScene.rect(0, 0, 4, 4), src)
                    let drawn = TestScene.render([.effect(items: [square], effects: LayerEffects(blend: mode))],
                                                 width: 4, height: 4, background: bd)
                    let srcPx = TestScene.render([square], width: 4, height: 4).pixel(1, 1)
                    let bdPx = TestScene.render([], width: 4, height: 4, background: bd).pixel(1, 1)
                    let want = expected(mode, source: [srcPx.r, srcPx.g, srcPx.b, srcPx.a].map(Double.init),
                                        backdrop: [bdPx.r, bdPx.g, bdPx.b, bdPx.a].map(Double.init))
                    let got = drawn.pixel(1, 1)
                    let values = [got.r, got.g, got.b, got.a].map(Double.init)
                    for c in 0..<4 {
                        XCTAssertEqual(values[c], want[c], accuracy: 0.51, "\(mode.rawValue) channel \(c) of \(src) on \(bd)")
                    }
                    let over = expected(.normal, source: [srcPx.r, srcPx.g, srcPx.b, srcPx.a].map(Double.init),
                                        backdrop: [bdPx.r, bdPx.g, bdPx.b, bdPx.a].map(Double.init))
                    if zip(over, want).contains(where: { abs($0 - $1) > 2 }) { distinct = true }
                }
            }
            XCTAssertEqual(distinct, mode != .normal, "\(mode.rawValue) differs from normal somewhere")
        }
    }
}
