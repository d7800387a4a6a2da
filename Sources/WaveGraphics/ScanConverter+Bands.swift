import WaveGeometry
/// Rows computed in bands: exact coverage where a fill's winding passes ±1 inside a pixel.
///
/// Area accumulation sums a pixel's winding over its area before the fill rule is applied,
/// so a pixel holding both an area of winding 2 and one of winding 0 (where two edges of
/// one fill cross: a star polygon's inner corners, overlapping sub-paths, a stroke crossing
/// itself) counts the first twice and the second not at all: up to about 80/255 off. Such a
/// row is recognized by its sums (`needsBands`: some pixel or pixel boundary with more than
/// one pixel's worth of winding, or windings of both signs) and computed again: cut into
/// horizontal bands where an edge starts or ends and where two edges cross, so that inside
/// a band the same edges cross every line in the same order, and each edge's part in a band
/// is added weighted by how the fill rule's inside changes across it there (+1 entering, −1
/// leaving, 0 neither; the windings read on the band's middle line). The sums are then the
/// inside's area itself, and the row is swept as usual. Rows whose winding stays 0 or ±1 are
/// swept as before, byte for byte (`ScanConverterTests` compares both kinds with an exact
/// supersampling).
struct BandedRows {
    let edges: [AddedEdge]
    let scratch: BandScratch
    let width: Int
    let evenOdd: Bool

    /// Edges a row may hold to be computed in bands: the cuts and the windings read at each
    /// grow with the square of their number (a row crossing more keeps its accumulated sums).
    static let maxPieces = 32

    /// Sends row `row`'s coverage to `sink`, computed band by band; false (nothing sent)
    /// when more than `maxPieces` edges cross the row.
    func sweep<S: SpanSink>(row: Int, into sink: inout S) -> Bool {
        let top = row << ScanConverter.bits, bottom = top + ScanConverter.one
        var pieces = scratch.pieces, cuts = scratch.cuts, converter = scratch.converter
        // Taken out while in use, so that none of them is copied on write.
        scratch.pieces = []
        scratch.cuts = []
        scratch.converter = ScanConverter.bandless()
        defer {
            scratch.pieces = pieces
            scratch.cuts = cuts
            scratch.converter = converter
        }
        guard collect(row: row, into: &pieces) else { return false }
        // The cuts: the row's top and bottom, where a piece starts or ends inside the row (a
        // corner, or an edge a horizontal one continues), and where two pieces cross.
        cuts.removeAll(keepingCapacity: true)
        cuts.append(top)
        cuts.append(bottom)
        for i in pieces.indices {
            let p = pieces[i]
            if p.y0 > top { cuts.append(p.y0) }
            if p.y1 < bottom { cuts.append(p.y1) }
            for j in (i + 1)..<pieces.count {
                if let y = p.crossing(pieces[j]), y > top && y < bottom { cuts.append(y) }
            }
        }
        cuts.sort()
        converter.reset(width: width, height: 1)
        // Per band: each spanning piece's x on the middle line, the pieces in order of (that
        // x, index), and the winding just left of each piece: the sum of the signs before it
        // in that order.
        let n = pieces.count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * n) { scratch in
            guard let middle = scratch.baseAddress else { return }   // no pieces
            let order = middle + n, leftOf = order + n
            for k in 0..<(cuts.count - 1) where cuts[k] < cuts[k + 1] {
                let ya = cuts[k], yb = cuts[k + 1], ym = (ya + yb) / 2
                var spanning = 0
                for (i, p) in pieces.enumerated() where p.y0 <= ya && p.y1 >= yb {
                    middle[i] = p.x(at: ym)
                    order[spanning] = i
                    spanning += 1
                }
                // Insertion sort by x; equal x keep their index order (the indices came in
                // ascending and only a greater x moves one up).
                var a = 1
                while a < spanning {
                    let v = order[a]
                    var b = a
                    while b > 0 && middle[order[b - 1]] > middle[v] {
                        order[b] = order[b - 1]
                        b -= 1
                    }
                    order[b] = v
                    a += 1
                }
                var winding = 0
                for a in 0..<spanning {
                    leftOf[order[a]] = winding
                    winding += pieces[order[a]].sign
                }
                for (i, p) in pieces.enumerated() where p.y0 <= ya && p.y1 >= yb {
                    let left = leftOf[i]
                    let change = inside(left + p.sign) - inside(left)
                    guard change != 0 else { continue }
                    let x0 = p.x(at: ya), x1 = p.x(at: yb)
                    if change > 0 {
                        converter.addLine(x0, ya - top, x1, yb - top)
                    } else {
                        converter.addLine(x1, yb - top, x0, ya - top)
                    }
                }
            }
        }
        withUnsafeMutablePointer(to: &sink) { inner in
            var moved = RowMove(inner: inner, row: row)
            converter.sweep(rule: .nonZero, into: &moved)
        }
        return true
    }

    /// Whether two edges crossing row `row` cross each other strictly inside it (false when
    /// more than `maxPieces` edges cross the row, or the fill has more than
    /// `maxCrossingEdges`). Where the doubly covered wedge of such a crossing stays inside
    /// one pixel (a star's inner corner just below a row's top), the row's sums look like
    /// any other's, so `needsBands` cannot see it.
    func crosses(row: Int) -> Bool {
        guard edges.count <= Self.maxCrossingEdges else { return false }
        var pieces = scratch.pieces
        scratch.pieces = []
        defer { scratch.pieces = pieces }
        guard collect(row: row, into: &pieces) else { return false }
        // Only pieces whose x ranges meet can cross: by left end (left · 2³² + index), each
        // piece against those starting before it ends (in the cuts' buffer, unused here).
        var order = scratch.cuts
        scratch.cuts = []
        defer { scratch.cuts = order }
        order.removeAll(keepingCapacity: true)
        for (i, p) in pieces.enumerated() { order.append(Swift.min(p.x0, p.x1) << 32 | i) }
        order.sort()
        for a in order.indices {
            let p = pieces[order[a] & 0xFFFF_FFFF], right = Swift.max(p.x0, p.x1)
            var b = a + 1
            while b < order.count, order[b] >> 32 <= right {
                if p.crossing(pieces[order[b] & 0xFFFF_FFFF]) != nil { return true }
                b += 1
            }
        }
        return false
    }

    /// The edges crossing row `row`, cut to it where `addLine` cuts them, going down, in the
    /// order they were added; false when there are more than `maxPieces`.
    private func collect(row: Int, into pieces: inout [BandPiece]) -> Bool {
        let top = row << ScanConverter.bits, bottom = top + ScanConverter.one
        pieces.removeAll(keepingCapacity: true)
        for e in edges {
            let down = e.y0 < e.y1
            let (ax, ay, bx, by) = down ? (e.x0, e.y0, e.x1, e.y1) : (e.x1, e.y1, e.x0, e.y0)
            guard by > top, ay < bottom else { continue }
            guard pieces.count < Self.maxPieces else { return false }
            let y0 = Swift.max(ay, top), y1 = Swift.min(by, bottom)
            pieces.append(BandPiece(x0: ScanConverter.edgeX(at: y0, ax, ay, bx, by), y0: y0,
                                    x1: ScanConverter.edgeX(at: y1, ax, ay, bx, by), y1: y1, sign: down ? 1 : -1))
        }
        return true
    }

    /// Fills of more edges are not searched for crossings their sums do not show: each row
    /// searched reads every edge, and a row is searched wherever one pixel holds cells of
    /// two walks (two edges crossing or touching, a contour's closing joint).
    static let maxCrossingEdges = 4096

    /// 1 where winding `w` is inside by the fill rule, else 0.
    @inline(__always)
    private func inside(_ w: Int) -> Int { evenOdd ? w & 1 : (w != 0 ? 1 : 0) }
}

/// An edge as given to `ScanConverter.addLine` (fixed point).
struct AddedEdge {
    let x0: Int
    let y0: Int
    let x1: Int
    let y1: Int
}

/// An edge's part inside one row, going down (`sign` its direction as added).
struct BandPiece {
    let x0: Int
    let y0: Int
    let x1: Int
    let y1: Int
    let sign: Int

    /// x on the piece at height y (y0...y1).
    @inline(__always)
    func x(at y: Int) -> Int { ScanConverter.edgeX(at: y, x0, y0, x1, y1) }

    /// Where this piece and `q` cross strictly inside the rows both span (their order in x
    /// changes between its top and bottom), or nil.
    @inline(__always)
    func crossing(_ q: BandPiece) -> Int? {
        let lo = Swift.max(y0, q.y0), hi = Swift.min(y1, q.y1)
        guard lo < hi else { return nil }
        let da = x(at: lo) - q.x(at: lo), db = x(at: hi) - q.x(at: hi)
        guard (da < 0 && db > 0) || (da > 0 && db < 0) else { return nil }
        return lo + (hi - lo) * da / (da - db)
    }
}

/// One row's sums that decide whether its cells are worth `needsBands`'s look: more than two
/// rows' worth of edges, more going one way than the other (the edges that close a fill can
/// lie right of the surface, where they are dropped), or edges going down and up whose x
/// ranges meet (two edges that may cross).
struct RowStats {
    /// Σ |cover| and Σ cover of the row's cells.
    var absCover = 0
    var netCover = 0
    /// The x range of the cells going down (cover > 0), and of those going up.
    var downLow = Int.max, downHigh = Int.min
    var upLow = Int.max, upHigh = Int.min

    @inline(__always)
    mutating func add(x: Int, cover c: Int) {
        absCover += abs(c)
        netCover += c
        if c > 0 {
            downLow = Swift.min(downLow, x)
            downHigh = Swift.max(downHigh, x)
        } else if c < 0 {
            upLow = Swift.min(upLow, x)
            upHigh = Swift.max(upHigh, x)
        }
    }

    /// Whether the row, merged with `runs` vertical runs whose Σ cover is `net`, may need
    /// bands; a row mixing runs and cells (`mixed`) always may.
    @inline(__always)
    func crowded(runs: Int, net: Int, mixed: Bool) -> Bool {
        let one = ScanConverter.one
        if absCover + runs * one > 2 * one || abs(netCover + net) > one >> 8 || mixed { return true }
        return downLow <= downHigh && upLow <= upHigh && downLow <= upHigh && upLow <= downHigh
    }
}

/// What computing rows in bands reuses from row to row.
final class BandScratch {
    var converter = ScanConverter.bandless()
    var pieces: [BandPiece] = []
    var cuts: [Int] = []
}

/// Passes spans on to the sink `inner` points to, on row `row` (the one-row converter's
/// row 0 is that row).
struct RowMove<Inner: SpanSink>: SpanSink {
    let inner: UnsafeMutablePointer<Inner>
    let row: Int

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha: Int) {
        inner.pointee.span(y: row, x: x, count: count, alpha: alpha)
    }
}

extension ScanConverter {
    /// Whether a row's cells (sorted by x) show that a pixel may be off (`sums`): some pixel
    /// or pixel boundary with more than one pixel's worth of winding (from 1/256 past full),
    /// or windings of both signs in the row. Then the row is computed in bands.
    ///
    /// Not seen from the sums: a crossing where the doubly covered region only just enters
    /// the row (a star's inner corner whose inner region ends a fraction of a pixel below
    /// the row's top). `shared` says that some pixel holds more than one cell: with cells
    /// kept in the path's order (`addLine`), two walks meet in a pixel only where edges cross
    /// or touch, or a contour closes, and the caller then asks `BandedRows.crosses`.
    static func needsBands(_ cells: UnsafeMutableBufferPointer<CoverageCell>, _ start: Int, _ end: Int)
        -> (sums: Bool, shared: Bool) {
        let shift = bits + 1, full = 1 << 17, limit = full + (full >> 8), slight = full >> 8
        var acc = 0, i = start
        var positive = false, negative = false, shared = false
        while i < end {
            let x = cells[i].x, first = i
            var cover = 0, area = 0
            repeat {
                cover += cells[i].cover
                area += cells[i].area
                i += 1
            } while i < end && cells[i].x == x
            if i - first > 1 { shared = true }
            let v = ((acc + cover) << shift) - area
            acc += cover
            let b = acc << shift
            if v > limit || v < -limit || b > limit || b < -limit { return (true, shared) }
            if v > slight || b > slight { positive = true }
            if v < -slight || b < -slight { negative = true }
        }
        return (positive && negative, shared)
    }
}

