import Foundation
import XCTest
@testable import WaveGeometry
import WaveGraphics
@testable import WaveAccelerator
import WaveRuntime
@testable import WaveDriver

/// The accelerator changes no byte: every example through the pipeline with every part on
/// equals the reference (caches, frame reuse and effect fast paths off, strokes afresh), and
/// so does each part alone. (The wide pixel kernels are compared with the portable ones in
/// PixelKernelTests, and in CI with WAVE_KERNELS=portable and scripts/accel-check.)
final class AcceleratorTests: XCTestCase {
    func testSettings() {
        XCTAssertEqual(Accelerator(setting: "on"), Accelerator.on)
        XCTAssertEqual(Accelerator(setting: "off"), Accelerator.off)
        XCTAssertEqual(Accelerator(setting: "no-caches, no-reuse"), Accelerator(caches: false, reuse: false))
        XCTAssertEqual(Accelerator(setting: "no-kernels")?.description, "no-kernels")
        XCTAssertEqual(Accelerator(setting: "no-sparse-shadows"), Accelerator(sparseShadows: false))
        XCTAssertEqual(Accelerator.off.description, "off")
        for bad in ["", "of", "no-", "caches", "no-cache", "on,off", "no-caches,,", "ON"] {
            XCTAssertNil(Accelerator(setting: bad), bad)
        }
        XCTAssertNil(Accelerator.problem(in: [:]))
        XCTAssertNil(Accelerator.problem(in: ["WAVE_ACCEL": "off"]))
        XCTAssertEqual(Accelerator.problem(in: ["WAVE_ACCEL": "fast"])?.contains("WAVE_ACCEL='fast'"), true)
    }

    /// Off, there is no accelerator at all: the reference alone renders.
    func testOffMeansNoAcceleratorAndOnMeansOne() {
        XCTAssertNil(Accelerator.off.make())
        XCTAssertFalse(FramePipeline(threads: 1, accelerator: .off).renderer.isAccelerated)
        XCTAssertFalse(Renderer().isAccelerated)
        XCTAssertNotNil(Accelerator(caches: false).make(), "effects and sparse shadows go through the seam")
        XCTAssertNil(Accelerator(caches: false, effects: false, sparseShadows: false).make(), "reuse and kernels do not")
        XCTAssertTrue(FramePipeline(threads: 1, accelerator: .on).renderer.isAccelerated)
    }

    func testEveryExampleRendersTheSameBytesWithAndWithoutEachPart() throws {
        let ticks = Array(0..<30) + [60, 61, 62, 150, 151]
        let variants: [Accelerator] = [.on, Accelerator(caches: false), Accelerator(reuse: false), Accelerator(effects: false),
                                        Accelerator(sparseShadows: false)]
        var compared = 0
        for name in try TestScenes.exampleNames() {
            let (program, _) = try TestScenes.example(name)
            var reference: [Pixmap] = []
            var runtime = try SceneRuntime(program: program)
            runtime.strokeCache = StrokeCache(enabled: false)
            try FramePipeline(threads: 1, scale: 0.5, accelerator: .off).run(&runtime, ticks: ticks) { _, p in reference.append(p) }
            XCTAssertEqual(reference.count, ticks.count, name)
            for accelerator in variants {
                var accelerated = try SceneRuntime(program: program)
                accelerated.strokeCache = StrokeCache(enabled: accelerator.caches)
                var pipeline = FramePipeline(threads: 2, scale: 0.5, accelerator: accelerator)
                pipeline.alwaysAllThreads = true
                var i = 0
                try pipeline.run(&accelerated, ticks: ticks) { tick, p in
                    if p != reference[i] { XCTFail("\(name), accelerator \(accelerator): tick \(tick) differs from the reference") }
                    i += 1
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 2000)
    }
}
