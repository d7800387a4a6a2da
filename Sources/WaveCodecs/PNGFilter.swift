/// PNG filter types (filter method 0).
public enum PNGFilterType: UInt8, Sendable, CaseIterable {
    case none = 0, sub = 1, up = 2, average = 3, paeth = 4
}

/// Per-row PNG filtering: adaptive choice, application and reversal.
///
/// All functions take the previous *unfiltered* row; for the first row of an image pass a
/// row of zeros (as the PNG spec defines).
enum PNGFilter {
    @inline(__always)
    static func paethPredictor(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let pa = abs(b - c)
        let pb = abs(a - c)
        let pc = abs(a + b - 2 * c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Branch-free Paeth predictor on bytes (same result as `paethPredictor`).
    @inline(__always)
    static func paeth8(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        // Int16 lanes: differences of bytes and their sums (|x| <= 510) fit.
        let ia = Int16(a), ib = Int16(b), ic = Int16(c)
        let dbc = ib &- ic, dac = ia &- ic
        let pa = dbc < 0 ? 0 &- dbc : dbc
        let pb = dac < 0 ? 0 &- dac : dac
        let sum = dbc &+ dac
        let pc = sum < 0 ? 0 &- sum : sum
        let aOrB = (pa <= pb && pa <= pc) ? a : b
        return (pa <= pb && pa <= pc) || pb <= pc ? aOrB : c
    }

    /// |signed byte| of a filtered value: the "minimum sum of absolute differences" heuristic.
    @inline(__always)
    static func cost(_ f: UInt8) -> Int {
        Int(Int8(bitPattern: f).magnitude)
    }

    @inline(__always)
    static func cost16(_ f: UInt8) -> UInt16 {
        UInt16(Int8(bitPattern: f).magnitude)
    }

    /// Bytes scored between two checks of the early-exit limit.
    private static let block = 256

    /// Sum of |signed filtered bytes| for `type`; may stop early once the sum exceeds `limit`.
    static func score(_ type: PNGFilterType, row: UnsafeBufferPointer<UInt8>,
                      previous: UnsafeBufferPointer<UInt8>, bpp: Int, limit: Int) -> Int {
        let n = row.count
        let lead = min(bpp, n)
        var sum = 0
        // Leading bytes have no left neighbour (a = c = 0).
        for i in 0..<lead {
            switch type {
            case .none, .sub: sum &+= cost(row[i])
            case .up, .paeth: sum &+= cost(row[i] &- previous[i])
            case .average: sum &+= cost(row[i] &- previous[i] >> 1)
            }
        }
        var i = lead
        while i < n {
            let end = min(n, i + block)
            // A block of 256 bytes costs at most 256 * 128, which fits in UInt16.
            var s: UInt16 = 0
            switch type {
            case .none:
                for j in i..<end { s &+= cost16(row[j]) }
            case .sub:
                for j in i..<end { s &+= cost16(row[j] &- row[j &- bpp]) }
            case .up:
                for j in i..<end { s &+= cost16(row[j] &- previous[j]) }
            case .average:
                for j in i..<end {
                    let avg = UInt8(truncatingIfNeeded: (UInt16(row[j &- bpp]) &+ UInt16(previous[j])) >> 1)
                    s &+= cost16(row[j] &- avg)
                }
            case .paeth:
                for j in i..<end {
                    s &+= cost16(row[j] &- paeth8(row[j &- bpp], previous[j], previous[j &- bpp]))
                }
            }
            sum &+= Int(s)
            if sum > limit { return sum }
            i = end
        }
        return sum
    }

    /// The filter with the smallest score; ties go to the lower filter number.
    static func choose(row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>,
                       bpp: Int) -> PNGFilterType {
        var best = PNGFilterType.none
        var bestScore = score(.none, row: row, previous: previous, bpp: bpp, limit: Int.max)
        for type in [PNGFilterType.sub, .up, .average, .paeth] where bestScore > 0 {
            let s = score(type, row: row, previous: previous, bpp: bpp, limit: bestScore)
            if s < bestScore {
                bestScore = s
                best = type
            }
        }
        return best
    }

    /// Convenience for tests and callers holding arrays. `previous == nil` means zeros.
    static func choose(row: [UInt8], previous: [UInt8]?, bpp: Int) -> PNGFilterType {
        let prev = previous ?? [UInt8](repeating: 0, count: row.count)
        return row.withUnsafeBufferPointer { r in
            prev.withUnsafeBufferPointer { p in choose(row: r, previous: p, bpp: bpp) }
        }
    }

    /// Writes the filtered row into `out` (same length as `row`).
    static func apply(_ type: PNGFilterType, row: UnsafeBufferPointer<UInt8>,
                      previous: UnsafeBufferPointer<UInt8>, bpp: Int,
                      out: UnsafeMutableBufferPointer<UInt8>) {
        let n = row.count
        let lead = min(bpp, n)
        switch type {
        case .none:
            for i in 0..<n { out[i] = row[i] }
        case .sub:
            for i in 0..<lead { out[i] = row[i] }
            for i in lead..<n { out[i] = row[i] &- row[i &- bpp] }
        case .up:
            for i in 0..<n { out[i] = row[i] &- previous[i] }
        case .average:
            for i in 0..<lead { out[i] = row[i] &- previous[i] >> 1 }
            for i in lead..<n {
                out[i] = row[i] &- UInt8(truncatingIfNeeded: (UInt16(row[i &- bpp]) &+ UInt16(previous[i])) >> 1)
            }
        case .paeth:
            for i in 0..<lead { out[i] = row[i] &- previous[i] }
            for i in lead..<n { out[i] = row[i] &- paeth8(row[i &- bpp], previous[i], previous[i &- bpp]) }
        }
    }

    /// Reverses filtering in place. Throws on an unknown filter type byte.
    static func unfilter(_ typeByte: UInt8, row: UnsafeMutableBufferPointer<UInt8>,
                         previous: UnsafeBufferPointer<UInt8>, bpp: Int) throws {
        guard let type = PNGFilterType(rawValue: typeByte) else {
            throw CodecError("invalid PNG filter type \(typeByte)")
        }
        let n = row.count
        let lead = min(bpp, n)
        switch type {
        case .none:
            break
        case .sub:
            for i in lead..<n { row[i] = row[i] &+ row[i - bpp] }
        case .up:
            for i in 0..<n { row[i] = row[i] &+ previous[i] }
        case .average:
            for i in 0..<lead { row[i] = row[i] &+ previous[i] >> 1 }
            for i in lead..<n { row[i] = row[i] &+ UInt8((Int(row[i - bpp]) + Int(previous[i])) >> 1) }
        case .paeth:
            for i in 0..<lead { row[i] = row[i] &+ previous[i] }
            for i in lead..<n {
                row[i] = row[i] &+ UInt8(paethPredictor(Int(row[i - bpp]), Int(previous[i]), Int(previous[i - bpp])))
            }
        }
    }

    /// Filters a `w`x`h` region of an RGBA8 image (row stride `stride` pixels, origin
    /// `x0`,`y0`) into PNG scanline data: per row one filter byte plus `w * channels`
    /// bytes. `channels` is 4 (RGBA) or 3 (RGB, alpha dropped). Without `adaptive`, every
    /// row is left unfiltered (filter None).
    static func filterImage(rgba: UnsafeBufferPointer<UInt8>, stride: Int,
                            x0: Int, y0: Int, w: Int, h: Int, channels: Int, adaptive: Bool = true) -> [UInt8] {
        let rowBytes = w * channels
        let total = h * (rowBytes + 1)
        var rowA = [UInt8](repeating: 0, count: rowBytes)
        var rowB = [UInt8](repeating: 0, count: rowBytes)
        return [UInt8](unsafeUninitializedCapacity: total) { out, count in
            rowA.withUnsafeMutableBufferPointer { a in
                rowB.withUnsafeMutableBufferPointer { b in
                    var prev = a  // starts as zeros
                    var cur = b
                    for y in 0..<h {
                        let src = (y0 + y) * stride * 4 + x0 * 4
                        if channels == 4 {
                            for i in 0..<rowBytes { cur[i] = rgba[src + i] }
                        } else {
                            var s = src
                            var d = 0
                            for _ in 0..<w {
                                cur[d] = rgba[s]
                                cur[d + 1] = rgba[s + 1]
                                cur[d + 2] = rgba[s + 2]
                                s += 4
                                d += 3
                            }
                        }
                        let curRO = UnsafeBufferPointer(cur)
                        let prevRO = UnsafeBufferPointer(prev)
                        let type = adaptive ? choose(row: curRO, previous: prevRO, bpp: channels) : .none
                        let base = y * (rowBytes + 1)
                        out[base] = type.rawValue
                        let dest = UnsafeMutableBufferPointer(rebasing: out[(base + 1)..<(base + 1 + rowBytes)])
                        apply(type, row: curRO, previous: prevRO, bpp: channels, out: dest)
                        swap(&prev, &cur)
                    }
                }
            }
            count = total
        }
    }
}
