@testable import WaveCodecs

/// Deterministic xorshift generator for test data.
struct TestRNG {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 24) }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// Synthetic test images (straight-alpha RGBA8).
enum TestImages {
    static func random(_ w: Int, _ h: Int, seed: UInt64, opaque: Bool = false) -> [UInt8] {
        var rng = TestRNG(seed: seed)
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            px[4 * i] = rng.byte()
            px[4 * i + 1] = rng.byte()
            px[4 * i + 2] = rng.byte()
            px[4 * i + 3] = opaque ? 255 : rng.byte()
        }
        return px
    }

    static func gradient(_ w: Int, _ h: Int, alpha: Bool = false) -> [UInt8] {
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                px[i] = UInt8(x * 255 / max(1, w - 1))
                px[i + 1] = UInt8(y * 255 / max(1, h - 1))
                px[i + 2] = UInt8((x + y) * 255 / max(1, w + h - 2))
                px[i + 3] = alpha ? UInt8((x * 7 + y * 3) & 255) : 255
            }
        }
        return px
    }

    /// Solid background with a `size` square of `color` at (x, y) (clipped).
    static func square(_ w: Int, _ h: Int, background: [UInt8], color: [UInt8],
                       x: Int, y: Int, size: Int) -> [UInt8] {
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) { for k in 0..<4 { px[4 * i + k] = background[k] } }
        for yy in max(0, y)..<min(h, y + size) {
            for xx in max(0, x)..<min(w, x + size) {
                for k in 0..<4 { px[(yy * w + xx) * 4 + k] = color[k] }
            }
        }
        return px
    }

    /// An image using exactly the colours in `palette` (opaque), in a pseudo-random layout.
    static func fromPalette(_ w: Int, _ h: Int, palette: [[UInt8]], seed: UInt64) -> [UInt8] {
        var rng = TestRNG(seed: seed)
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            // Runs of equal colours, like real artwork.
            let c = (i < palette.count) ? palette[i] : palette[(rng.int(8) == 0) ? rng.int(palette.count) : 0]
            for k in 0..<3 { px[4 * i + k] = c[k] }
            px[4 * i + 3] = 255
        }
        return px
    }

    static func distinctColors(_ n: Int, seed: UInt64) -> [[UInt8]] {
        var rng = TestRNG(seed: seed)
        var seen = Set<UInt32>()
        var out: [[UInt8]] = []
        while out.count < n {
            let c = [rng.byte(), rng.byte(), rng.byte()]
            let key = UInt32(c[0]) << 16 | UInt32(c[1]) << 8 | UInt32(c[2])
            if seen.insert(key).inserted { out.append(c) }
        }
        return out
    }
}

/// Minimal independent walk over PNG bytes: (type, data, stored CRC, computed CRC).
func rawChunks(_ png: [UInt8]) -> [(type: String, data: [UInt8], stored: UInt32, computed: UInt32)] {
    var out: [(String, [UInt8], UInt32, UInt32)] = []
    var i = 8
    while i + 12 <= png.count {
        let len = Int(readBE32(png, i))
        let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
        let data = Array(png[(i + 8)..<(i + 8 + len)])
        let stored = readBE32(png, i + 8 + len)
        let computed = Crc32.checksum(Array(png[(i + 4)..<(i + 8 + len)]))
        out.append((type, data, stored, computed))
        i += 12 + len
    }
    return out
}

func be32(_ d: [UInt8], _ i: Int) -> Int { Int(readBE32(d, i)) }
func be16(_ d: [UInt8], _ i: Int) -> Int { Int(d[i]) << 8 | Int(d[i + 1]) }

/// Builds one PNG chunk with a valid CRC (test-side, for arbitrary chunk types).
func makeChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let t = Array(type.utf8)
    var out: [UInt8] = []
    out.appendBE32(UInt32(data.count))
    out += t + data
    out.appendBE32(Crc32.checksum(t + data))
    return out
}
