// libFuzzer target: encode random frames with every codec and decode them back (the
// decoders must return the pixels), and feed the raw input to every decoder.
import WaveCodecs
import WaveTestSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodecs(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? PNGDecoder.decode(bytes)
    _ = try? GIFDecoder.decode(bytes)
    _ = try? APNGDecoder.decode(bytes)
    guard bytes.count >= 3 else { return 0 }
    let w = Int(bytes[0] % 24) + 1, h = Int(bytes[1] % 24) + 1
    let frames = Int(bytes[2] % 3) + 1
    var pixels: [[UInt8]] = []
    var k = 3
    for _ in 0..<frames {
        var f = [UInt8](repeating: 0, count: w * h * 4)
        for i in f.indices { f[i] = k < bytes.count ? bytes[k] : UInt8(truncatingIfNeeded: i &* 31 &+ k); k += 1 }
        pixels.append(f)
    }
    do {
        let png = try PNGEncoder.encode(width: w, height: h, rgba: pixels[0], compression: Int(bytes[0] % 10))
        let back = try PNGDecoder.decode(png)
        // Fully transparent pixels may lose their colour; everything else must round-trip.
        for i in stride(from: 0, to: pixels[0].count, by: 4) where pixels[0][i + 3] != 0 {
            if Array(back.rgba[i..<(i + 4)]) != Array(pixels[0][i..<(i + 4)]) { fatalError("PNG round trip changed a pixel") }
        }
        var apng: [UInt8] = []
        let a = try APNGEncoder(width: w, height: h, frameCount: frames, loopCount: 0) { apng += $0 }
        for f in pixels { try a.addFrame(rgba: f) }
        try a.finish()
        _ = try APNGDecoder.decode(apng)
        var gif: [UInt8] = []
        let g = try GIFEncoder(width: w, height: h, loopCount: 0, dither: .none) { gif += $0 }
        for f in pixels { try g.addFrame(rgba: f, delayCentiseconds: 2) }
        try g.finish()
        _ = try GIFDecoder.decode(gif)
    } catch {
        fatalError("encoding valid frames failed: \(error)")
    }
    return 0
}
