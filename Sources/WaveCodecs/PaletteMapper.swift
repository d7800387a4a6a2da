/// Nearest-colour search for a palette, with a lazily filled 6-6-6 bit lookup table
/// (262,144 entries) so that each colour bin is searched at most once per palette.
final class PaletteMapper {
    let palette: [UInt32]
    /// Palette entries sorted by green, for a pruned search outward from the query's green.
    private let sr: [Int32], sg: [Int32], sb: [Int32], sIndex: [Int32]
    /// Bin table; `unfilled` marks an entry not resolved yet.
    private let lut: UnsafeMutablePointer<UInt16>
    static let lutSize = 1 << 18
    static let unfilled: UInt16 = 0xFFFF

    init(palette: [UInt32]) {
        self.palette = palette
        let order = palette.indices.sorted { a, b in
            let ga = (palette[a] >> 8) & 0xFF, gb = (palette[b] >> 8) & 0xFF
            return ga != gb ? ga < gb : a < b
        }
        sr = order.map { Int32((palette[$0] >> 16) & 0xFF) }
        sg = order.map { Int32((palette[$0] >> 8) & 0xFF) }
        sb = order.map { Int32(palette[$0] & 0xFF) }
        sIndex = order.map { Int32($0) }
        lut = .allocate(capacity: PaletteMapper.lutSize)
        lut.initialize(repeating: PaletteMapper.unfilled, count: PaletteMapper.lutSize)
    }

    deinit {
        lut.deallocate()
    }

    /// Index of the palette colour closest to (r, g, b) in squared Euclidean RGB
    /// distance; ties go to the lowest palette index. Returns 0 for an empty palette.
    func nearest(r: Int, g: Int, b: Int) -> Int {
        let n = sg.count
        guard n > 0 else { return 0 }
        var lo = 0, hi = n
        while lo < hi {  // first entry with green >= g
            let mid = (lo + hi) >> 1
            if Int(sg[mid]) < g { lo = mid + 1 } else { hi = mid }
        }
        var best = Int.max
        var bestD = Int.max
        @inline(__always) func consider(_ i: Int) -> Bool {
            let dg = Int(sg[i]) - g
            let dg2 = dg * dg
            if dg2 > bestD { return false }
            let dr = Int(sr[i]) - r, db = Int(sb[i]) - b
            let d = dr * dr + dg2 + db * db
            let idx = Int(sIndex[i])
            if d < bestD || (d == bestD && idx < best) {
                bestD = d
                best = idx
            }
            return true
        }
        var up = lo
        while up < n && consider(up) { up += 1 }
        var down = lo - 1
        while down >= 0 && consider(down) { down -= 1 }
        return best
    }

    /// The lookup table for hot loops; use with `lookup(_:r:g:b:)`. Valid while `self` lives.
    var table: UnsafeMutablePointer<UInt16> { lut }

    /// Palette index for (r, g, b) via the 6-6-6 bin table; a bin is resolved to the
    /// colour nearest its centre the first time it is used.
    @inline(__always)
    func lookup(_ lut: UnsafeMutablePointer<UInt16>, r: Int, g: Int, b: Int) -> Int {
        let key = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
        let v = lut[key]
        if v != PaletteMapper.unfilled { return Int(v) }
        let idx = nearest(r: (r & ~3) | 2, g: (g & ~3) | 2, b: (b & ~3) | 2)
        lut[key] = UInt16(idx)
        return idx
    }
}
