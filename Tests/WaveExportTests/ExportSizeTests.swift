import XCTest
import WaveCompiler
import WaveSyntax
@testable import WaveExport

/// The size target of the exports: a scene baked (every animation sampled each tick and
/// reduced within the tolerances, as springs and scripts are) writes at most twice the
/// bytes of the same scene with exact keyframes (eased animations as two keys and their
/// curve), in Lottie and in SVG.
final class ExportSizeTests: XCTestCase {
    /// The Lottie and SVG bytes of `text` over `ticks`, with exact keyframes and baked.
    func sizes(_ text: String, ticks: Range<Int>) throws -> (lottie: (exact: Int, baked: Int), svg: (exact: Int, baked: Int)) {
        let file = SourceFile(name: "t.wave", text: text)
        let (program, diagnostics) = Compiler.compile(file)
        let p = try XCTUnwrap(program, "\(diagnostics)")
        func bytes(_ target: ExportFormat, exact: Bool) throws -> Int {
            let scene = try Baker(program: p, source: file, name: "t", target: target, usesSceneCurves: exact).bake(ticks: ticks)
            return target == .svg ? SVGWriter(scene).document.utf8.count : try LottieWriter(scene).json.utf8.count
        }
        return ((try bytes(.lottie, exact: true), try bytes(.lottie, exact: false)),
                (try bytes(.svg, exact: true), try bytes(.svg, exact: false)))
    }

    func assertWithinTwice(_ text: String, ticks: Range<Int>, file: StaticString = #filePath, line: UInt = #line) throws {
        let s = try sizes(text, ticks: ticks)
        XCTAssertLessThanOrEqual(s.lottie.baked, 2 * s.lottie.exact, "Lottie: baked \(s.lottie.baked), exact \(s.lottie.exact)", file: file, line: line)
        XCTAssertLessThanOrEqual(s.svg.baked, 2 * s.svg.exact, "SVG: baked \(s.svg.baked), exact \(s.svg.exact)", file: file, line: line)
    }

    func testAnEasedMoveAndTurnBakedIsWithinTwiceItsExactSize() throws {
        try assertWithinTwice("""
        scene 200x100 { background #000000 }
        layer r: rect { frame (10, 40, 20, 20)  fill #ff0000 }
        animate r.position to (170, 50) over 1s ease ease-in-out
        animate r.rotation to 180deg over 1s ease ease-in-out
        """, ticks: 0..<90)
    }

    func testAnEasedStrokeDrawnInBakedIsWithinTwiceItsExactSize() throws {
        try assertWithinTwice("""
        scene 200x200 { background #ffffff }
        layer ring: circle { center (100, 100)  radius 60  fill none  stroke #22c064  width 8  cap round  stroke-end 0 }
        animate ring.stroke-end to 1 over 0.7s ease cubic-bezier(0.2, 0.8, 0.3, 1)
        """, ticks: 0..<60)
    }

    func testAnEasedScaleRepeatedBakedIsWithinTwiceItsExactSize() throws {
        try assertWithinTwice("""
        scene 100x100 { background #000000 }
        layer s: polygon { points [(50, 20), (58, 42), (80, 42), (62, 56), (68, 80), (50, 66), (32, 80), (38, 56), (20, 42), (42, 42)]  fill #ffcc00 }
        animate s.scale from 1 to 1.3 over 0.4s ease ease-in-out autoreverse repeat forever
        """, ticks: 0..<120)
    }
}
