// libFuzzer target: the rasterizer on paths, strokes, paints and transforms read from
// the input bytes, including huge, tiny, NaN and infinite coordinates. The accelerator
// must give the reference's bytes, afresh and from its caches (three renders: a fill is
// kept the second time it is seen and replayed the third).
import WaveGeometry
import WaveGraphics
import WaveAccelerator

let accelerated = Accelerator.on.renderer()

struct ByteReader {
    let bytes: [UInt8]
    var i = 0
    mutating func byte() -> UInt8 {
        defer { i += 1 }
        return i < bytes.count ? bytes[i] : 0
    }
    /// Mostly ordinary coordinates, sometimes extreme ones.
    mutating func number() -> Double {
        let kind = byte()
        let v = Double(Int8(bitPattern: byte())) + Double(byte()) / 256
        switch kind % 16 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return v * 1e12
        case 4: return v * 1e-9
        case 5: return Double.greatestFiniteMagnitude
        default: return v
        }
    }
    mutating func point() -> Point { Point(number(), number()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRaster(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var r = ByteReader(bytes: Array(UnsafeBufferPointer(start: data, count: min(size, 4096))))
    var items: [DisplayItem] = []
    var path = Path()
    let count = Int(r.byte() % 24)
    for _ in 0..<count {
        switch r.byte() % 7 {
        case 0: path.move(to: r.point())
        case 1: path.line(to: r.point())
        case 2: path.quad(to: r.point(), control: r.point())
        case 3: path.cubic(to: r.point(), control1: r.point(), control2: r.point())
        case 4: path.close()
        case 5: path.addCircle(center: r.point(), radius: r.number())
        default: path.addArc(center: r.point(), radius: r.number(), startAngle: r.number(), endAngle: r.number(), clockwise: r.byte() & 1 == 0)
        }
    }
    let t = Transform(a: r.number(), b: r.number(), c: r.number(), d: r.number(), tx: r.number(), ty: r.number())
    let moved = path.transformed(by: t)
    let color = Color(r: Double(r.byte()) / 255, g: Double(r.byte()) / 255, b: Double(r.byte()) / 255, a: Double(r.byte()) / 255)
    let paint: Paint
    switch r.byte() % 3 {
    case 0: paint = .solid(color)
    case 1: paint = .linearGradient(start: r.point(), end: r.point(), stops: [GradientStop(r.number(), color), GradientStop(r.number(), .white)])
    default: paint = .radialGradient(center: r.point(), radius: r.number(), stops: [GradientStop(0, color), GradientStop(1, .black)])
    }
    items.append(.fill(path: moved, rule: r.byte() & 1 == 0 ? .nonZero : .evenOdd, paint: paint, opacity: r.number()))
    var style = StrokeStyle(width: r.number())
    style.cap = [LineCap.butt, .round, .square][Int(r.byte() % 3)]
    style.join = [LineJoin.miter, .round, .bevel][Int(r.byte() % 3)]
    style.miterLimit = r.number()
    if r.byte() & 1 == 0 { style.dashes = [r.number(), r.number()]; style.dashPhase = r.number() }
    let stroked = moved.stroked(style, tolerance: 0.1)
    items.append(.group(items: [.fill(path: stroked, rule: .nonZero, paint: .solid(color), opacity: 1)], opacity: r.number(),
                        mask: Mask(items: [.fill(path: moved, rule: .nonZero, paint: .solid(.black), opacity: 1)], inverted: r.byte() & 1 == 0)))
    let w = Int(r.byte() % 80), h = Int(r.byte() % 80)
    let reference = Renderer().render(items, width: w, height: h, background: .white)
    for pass in 0..<3 where accelerated.render(items, width: w, height: h, background: .white) != reference {
        fatalError("the accelerator's bytes differ from the reference's (render \(pass + 1))")
    }
    return 0
}
