// libFuzzer target: the stroker, dasher and trimmer against an independent coverage oracle
// (`StrokeCase` in WaveFuzzSupport). The input bytes choose a polyline, a width, a cap,
// dashes, a phase and trims; the stroke WaveGeometry makes, filled by the reference
// renderer, must cover every pixel the oracle covers (within 0.2 of a pixel; more coverage
// is allowed where two pieces' edges share a pixel). A miss traps, and libFuzzer keeps the
// input.
import WaveFuzzSupport
import WaveGeometry
import WaveGraphics

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStroke(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let c = StrokeCase(reading: Array(UnsafeBufferPointer(start: data, count: min(size, 256))))
    var path = Path()
    path.move(to: Point(c.points[0].x, c.points[0].y))
    for p in c.points.dropFirst() { path.line(to: Point(p.x, p.y)) }
    if c.closed { path.close() }
    let cap: LineCap = [.butt, .round, .square][c.cap.rawValue]
    let style = StrokeStyle(width: c.width, cap: cap, join: .round, dashes: c.dashes, dashPhase: c.phase,
                            trimStart: c.trimStart, trimEnd: c.trimEnd)
    let pixmap = Renderer().render([.fill(path: path.stroked(style, tolerance: 0.05), rule: .nonZero, paint: .solid(.white), opacity: 1)],
                                   width: c.size, height: c.size, background: .black)
    let expected = c.coverage()
    for (i, e) in expected.enumerated() where e - Double(pixmap.data[4 * i]) / 255 > 0.2 {
        fatalError("pixel (\(i % c.size), \(i / c.size)) covered \(Double(pixmap.data[4 * i]) / 255), oracle \(e): \(c)")
    }
    return 0
}
