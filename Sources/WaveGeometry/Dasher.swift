/// A normalized dash pattern.
///
/// Invariants: `intervals` has an even, non-zero count, every interval is finite and ≥ 0,
/// `period` (their sum) is > 0; even indices are "on", odd indices "off". `startIndex` and
/// `startRemaining` give the pattern state at distance 0 of every sub-path (phase applied,
/// 0 < startRemaining ≤ intervals[startIndex] unless that interval is 0).
struct DashPattern: Equatable {
    let intervals: [Double]
    let period: Double
    let startIndex: Int
    let startRemaining: Double

    /// Nil means "draw solid": empty pattern, a negative or non-finite entry, or all zeros.
    init?(dashes: [Double], phase: Double) {
        guard !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let list = dashes.count % 2 == 1 ? dashes + dashes : dashes
        let period = list.reduce(0, +)
        guard period > 0, period.isFinite else { return nil }
        var offset = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if offset < 0 { offset += period }
        if !(offset < period) { offset = 0 }
        var index = 0
        // Each pass subtracts one interval; a whole period exceeds `offset`, so this ends
        // within `list.count` passes. A zero-length "on" interval at the offset is kept (it
        // is a dot at the start); a non-zero interval ending exactly at the offset is passed.
        for _ in 0..<list.count where offset > list[index] || (offset == list[index] && offset > 0) {
            offset -= list[index]
            index = (index + 1) % list.count
        }
        intervals = list
        self.period = period
        startIndex = index
        startRemaining = list[index] - offset
    }

    /// True when the pattern is "on" at distance 0.
    var startsOn: Bool { startIndex % 2 == 0 }
}

/// Cuts polylines into dashes along their arc length.
///
/// Dashes are open `StrokeLine`s (they get caps). A dash that ends and starts on a path
/// vertex keeps that vertex's corner flag, so the join style applies inside a dash. On a
/// closed sub-path a dash running through the start point is merged into one piece (joined,
/// not capped). A zero-length "on" interval yields a single-point dash carrying the local
/// direction (drawn as a dot or square by round/square caps). A dash never starts exactly at
/// the end of an open sub-path. If a sub-path would need more than `maxDashes` intervals the
/// pattern is too fine to matter and the sub-path is drawn solid (this also bounds the work).
enum Dasher {
    static let maxDashes = 100_000

    static func dash(_ line: StrokeLine, _ pattern: DashPattern) -> [StrokeLine] {
        let pts = line.points
        let n = pts.count
        guard n >= 2 else { return pattern.startsOn ? [line] : [] }
        let segmentCount = line.closed ? n : n - 1
        var total = 0.0
        for i in 0..<segmentCount { total += pts[i].distance(to: pts[(i + 1) % n]) }
        let estimate = total / pattern.period * Double(pattern.intervals.count)
        guard estimate.isFinite, estimate <= Double(maxDashes) else { return [line] }

        var result: [StrokeLine] = []
        var index = pattern.startIndex
        var remaining = pattern.startRemaining
        var on = pattern.startsOn
        var current: StrokeLine? = on ? StrokeLine(start: pts[0], direction: line.direction, leaving: line.tangents(at: 0).leaving) : nil
        let startsOnAtZero = on

        for i in 0..<segmentCount {
            let a = pts[i], b = pts[(i + 1) % n]
            let length = a.distance(to: b)
            guard length > 0 else { continue }
            let dir = (b - a) * (1 / length)
            if var c = current, c.points.count == 1 { c.direction = dir; current = c }
            var pos = 0.0
            while length - pos > remaining {
                pos += remaining
                let p = a + dir * pos
                if on {
                    if var c = current {
                        c.append(p, corner: false)
                        result.append(c)
                    }
                    current = nil
                } else {
                    current = StrokeLine(start: p, direction: dir)
                }
                on.toggle()
                index = (index + 1) % pattern.intervals.count
                remaining = pattern.intervals[index]
            }
            remaining -= length - pos
            if on, var c = current {
                let j = (i + 1) % n
                let ends = line.tangents(at: j)
                c.append(b, corner: line.corners[j], arriving: ends.arriving, leaving: ends.leaving)
                current = c
            }
        }
        if var last = current {
            if line.closed && startsOnAtZero {
                if result.isEmpty {
                    return [line]   // "on" all the way round: keep the closed outline
                }
                // The last dash runs into the first one through the start vertex: merge them.
                let first = result[0]
                // `last` already ends on pts[0] with the start vertex's corner flag.
                for k in 1..<first.points.count {
                    let ends = first.tangents(at: k)
                    last.append(first.points[k], corner: first.corners[k], arriving: ends.arriving, leaving: ends.leaving)
                }
                result[0] = last
            } else {
                result.append(last)
            }
        }
        return result
    }
}
