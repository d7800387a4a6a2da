/// Nearest-colour search for a palette (at most 256 colours).
///
/// Two lazily built caches make repeated lookups cheap:
/// * a 6-6-6 bit lookup table (262,144 entries) so each fine colour bin is resolved once;
/// * per coarse 16x16x16 cell, the list of palette entries that can be nearest to some
///   point of the cell (an entry qualifies when its minimum distance to the cell is at
///   most the smallest maximum distance of any entry), so a search scans only those.
final class PaletteMapper {
    let palette: [UInt32]
    private let pr: [Int32], pg: [Int32], pb: [Int32]
    /// Fine bin table; `unfilled` marks an entry not resolved yet.
    private let lut: UnsafeMutablePointer<UInt16>
    static let lutSize = 1 << 18
    static let unfilled: UInt16 = 0xFFFF
    /// Coarse cells (4 bits per channel): start of the candidate list, or -1 if not built.
    /// Raw buffers rather than arrays: no exclusivity or copy-on-write checks in lookups.
    private let cellStart: UnsafeMutablePointer<Int32>
    private let cellCount: UnsafeMutablePointer<UInt16>
    /// Candidate lists; each cell uses at most `palette.count` entries.
    private var candidates: UnsafeMutablePointer<UInt8>
    private var candidateCapacity = 4096
    private var candidateCount = 0
    private static let cells = 4096

    init(palette: [UInt32]) {
        self.palette = Array(palette.prefix(256))
        pr = self.palette.map { Int32(($0 >> 16) & 0xFF) }
        pg = self.palette.map { Int32(($0 >> 8) & 0xFF) }
        pb = self.palette.map { Int32($0 & 0xFF) }
        lut = .allocate(capacity: PaletteMapper.lutSize)
        lut.initialize(repeating: PaletteMapper.unfilled, count: PaletteMapper.lutSize)
        cellStart = .allocate(capacity: PaletteMapper.cells)
        cellStart.initialize(repeating: -1, count: PaletteMapper.cells)
        cellCount = .allocate(capacity: PaletteMapper.cells)
        cellCount.initialize(repeating: 0, count: PaletteMapper.cells)
        candidates = .allocate(capacity: candidateCapacity)
    }

    deinit {
        lut.deallocate()
        cellStart.deallocate()
        cellCount.deallocate()
        candidates.deallocate()
    }

    /// Index of the palette colour closest to (r, g, b) (each 0...255) in squared
    /// Euclidean RGB distance; ties go to the lowest index. Returns 0 for an empty palette.
    func nearest(r: Int, g: Int, b: Int) -> Int {
        guard !palette.isEmpty else { return 0 }
        let cell = (r >> 4) << 8 | (g >> 4) << 4 | (b >> 4)
        if cellStart[cell] < 0 { buildCell(cell) }
        let start = Int(cellStart[cell]), count = Int(cellCount[cell])
        var best = 0
        var bestD = Int.max
        for k in start..<(start + count) {
            let i = Int(candidates[k])
            let dr = Int(pr[i]) - r, dg = Int(pg[i]) - g, db = Int(pb[i]) - b
            let d = dr * dr + dg * dg + db * db
            if d < bestD || (d == bestD && i < best) {
                bestD = d
                best = i
            }
        }
        return best
    }

    private func buildCell(_ cell: Int) {
        let loR = (cell >> 8) << 4, loG = ((cell >> 4) & 15) << 4, loB = (cell & 15) << 4
        @inline(__always) func axis(_ c: Int, _ lo: Int) -> (near: Int, far: Int) {
            let outside = c < lo ? lo - c : (c > lo + 15 ? c - lo - 15 : 0)
            let far = max(abs(c - lo), abs(c - lo - 15))
            return (outside * outside, far * far)
        }
        let count = palette.count
        if candidateCount + count > candidateCapacity {
            let newCapacity = max(candidateCapacity * 2, candidateCount + count)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: candidates, count: candidateCount)
            candidates.deallocate()
            candidates = grown
            candidateCapacity = newCapacity
        }
        // One pass: minimum distances into a scratch array, bound = min of maximum distances.
        var bound = Int.max
        let n: Int = withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { near in
            for i in 0..<count {
                let r = axis(Int(pr[i]), loR), g = axis(Int(pg[i]), loG), b = axis(Int(pb[i]), loB)
                near[i] = r.near + g.near + b.near
                bound = min(bound, r.far + g.far + b.far)
            }
            var n = 0
            for i in 0..<count where near[i] <= bound {
                candidates[candidateCount + n] = UInt8(i)
                n += 1
            }
            return n
        }
        cellStart[cell] = Int32(candidateCount)
        candidateCount += n
        cellCount[cell] = UInt16(n)
    }

    /// The fine lookup table for hot loops; use with `lookup(_:r:g:b:)`. Valid while
    /// `self` is alive.
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
