import WaveGeometry
import WaveGraphics

/// Follows the fills of successive display lists as layers (slots): each tick's fills are
/// aligned with the slots drawn at the tick before, in order (an edit-distance alignment,
/// so a shape spawned below others, or removed, leaves the others' slots in place). A fill
/// that matches none starts a slot, placed in the drawing order right after the slot of
/// the fill drawn before it; a slot not matched ends.
struct SlotTracker {
    var slots: [Slot] = []
    /// Slot indices, bottom to top.
    var order: [Int] = []
    /// The slots drawn at the last tick, in drawing order.
    var live: [Int] = []

    /// Cost of leaving a slot or a fill unmatched.
    static let gapCost = 40.0

    mutating func add(_ leaves: [Leaf], tick: Int) {
        let prev = live.map { slots[$0].last }
        var match = Array(repeating: -1, count: leaves.count)   // leaf → index into live
        if prev.count == leaves.count && zip(prev, leaves).allSatisfy({ $0.sameKind($1) && $0.kinds == $1.kinds }) {
            match = Array(leaves.indices)
        } else {
            match = SlotTracker.align(prev, leaves)
        }
        var nowLive: [Int] = []
        var previousSlot: Int? = nil
        for (j, leaf) in leaves.enumerated() {
            let id: Int
            if match[j] >= 0 {
                id = live[match[j]]
            } else {
                id = slots.count
                slots.append(Slot(last: leaf))
                let at = previousSlot.flatMap { p in order.firstIndex(of: p).map { $0 + 1 } } ?? 0
                order.insert(id, at: at)
            }
            slots[id].record(leaf, tick: tick)
            nowLive.append(id)
            previousSlot = id
        }
        live = nowLive
    }

    /// For each leaf, the index of the previous leaf it continues, or -1: the monotone
    /// matching of least total cost (`Leaf.distance` a match, `gapCost` a leaf unmatched).
    static func align(_ a: [Leaf], _ b: [Leaf]) -> [Int] {
        let n = a.count, m = b.count
        var cost = Array(repeating: 0.0, count: (n + 1) * (m + 1))
        var step = Array(repeating: UInt8(0), count: (n + 1) * (m + 1))   // 1 match, 2 skip a, 3 skip b
        func at(_ i: Int, _ j: Int) -> Int { i * (m + 1) + j }
        for i in 0...n {
            for j in 0...m {
                if i == 0 && j == 0 { continue }
                var best = Double.infinity, how: UInt8 = 0
                if i > 0 && j > 0 && a[i - 1].sameKind(b[j - 1]) {
                    let c = cost[at(i - 1, j - 1)] + a[i - 1].distance(to: b[j - 1])
                    if c < best { best = c; how = 1 }
                }
                if i > 0, cost[at(i - 1, j)] + gapCost < best { best = cost[at(i - 1, j)] + gapCost; how = 2 }
                if j > 0, cost[at(i, j - 1)] + gapCost < best { best = cost[at(i, j - 1)] + gapCost; how = 3 }
                cost[at(i, j)] = best
                step[at(i, j)] = how
            }
        }
        var match = Array(repeating: -1, count: m)
        var i = n, j = m
        while i > 0 || j > 0 {
            switch step[at(i, j)] {
            case 1: match[j - 1] = i - 1; i -= 1; j -= 1
            case 2: i -= 1
            default: j -= 1
            }
        }
        return match
    }
}

/// One layer's samples: the leaf it showed at each tick it was drawn.
struct Slot {
    var last: Leaf
    var samples: [Int: Leaf] = [:]
    var first = Int.max
    var end = 0

    init(last: Leaf) { self.last = last }

    mutating func record(_ leaf: Leaf, tick: Int) {
        samples[tick] = leaf
        last = leaf
        first = min(first, tick)
        end = max(end, tick + 1)
    }

    /// The slot as a baked layer over ticks 0..<tickCount: at ticks it was not drawn its
    /// opacity is 0 and its other values those of the nearest tick it was. Its tracks try
    /// `curves` (`Track.reduce`).
    func baked(tickCount: Int, curves: [Track.Curve] = []) -> BakedLayer {
        // Where the slot is not drawn its values do not matter (but for its opacity, 0 there).
        let hidden = (0..<tickCount).map { samples[$0] == nil }
        func reduce(_ samples: [[Double]], structures: [Int]? = nil, tolerance: [Double]) -> Track {
            Track.reduce(samples, structures: structures, tolerance: tolerance, curves: curves, free: hidden)
        }
        var filled: [Leaf] = []
        var opacity: [[Double]] = []
        var current = samples[first] ?? last
        for t in 0..<tickCount {
            if let s = samples[t] { current = s; opacity.append([s.opacity]) } else { opacity.append([0]) }
            filled.append(current)
        }
        let shape: BakedShape
        var motion: [[Double]]? = nil
        if let rigid = rigidFit(filled, curves: curves, free: hidden) {
            shape = rigid.shape
            motion = rigid.motion
        } else {
            var structures: [[PathElementKind]] = []
            var ids: [Int] = []
            for leaf in filled {
                if let k = structures.firstIndex(of: leaf.kinds) { ids.append(k) } else { ids.append(structures.count); structures.append(leaf.kinds) }
            }
            let track = reduce(filled.map(\.points), structures: ids, tolerance: [Baker.pixelTolerance])
            var morph = BakedShape.morphing(structures: structures, points: track)
            // A declared stroke keeps its lines (a player lays dashes along curves otherwise).
            // Fitted polylines leave the keyframes less tolerance: kept where that writes fewer numbers.
            var fittedKinds = structures, points = filled.map(\.points), fitted = false
            for k in structures.indices where last.stroke == nil {
                let ticks = ids.indices.filter { ids[$0] == k }
                guard let fit = PolylineFit.simplify(kinds: structures[k], samples: ticks.map { points[$0] }) else { continue }
                fittedKinds[k] = fit.kinds
                for (t, s) in zip(ticks, fit.samples) { points[t] = s }
                fitted = true
            }
            if fitted {
                let fittedTrack = reduce(points, structures: ids, tolerance: [PolylineFit.morphTolerance])
                func size(_ t: Track) -> Int { t.keys.reduce(0) { $0 + $1.value.count } }
                if size(fittedTrack) < size(track) { morph = .morphing(structures: fittedKinds, points: fittedTrack) }
            }
            shape = morph
        }
        let c = Baker.colorTolerance
        let paint: BakedPaint
        let stops = { reduce(filled.map(\.stops), tolerance: [c]) }
        switch last.paintKind {
        case 1:
            let pts = zip(filled, motion ?? []).map { leaf, m in local(leaf.paint, m) }
            paint = .linear(points: reduce(motion == nil ? filled.map(\.paint) : pts, tolerance: [Baker.pixelTolerance]), stops: stops())
        case 2:
            let circles = zip(filled, motion ?? []).map { leaf, m in
                local([leaf.paint[0], leaf.paint[1]], m) + [leaf.paint[2] / max(1e-9, abs(m[3]))]
            }
            paint = .radial(circle: reduce(motion == nil ? filled.map(\.paint) : circles, tolerance: [Baker.pixelTolerance]), stops: stops())
        case 3:
            let maps = zip(filled, motion ?? []).map { leaf, m in localMap(leaf.paint, m) }
            let image = last.image ?? filled.compactMap(\.image).first!
            // An error e in a, b, c or d moves the image's far corner by e times its size.
            let k = Baker.pixelTolerance / Double(max(image.width, image.height))
            paint = .image(image, placement: reduce(motion == nil ? filled.map(\.paint) : maps,
                                                          tolerance: [k, k, k, k, Baker.pixelTolerance, Baker.pixelTolerance]))
        default:
            paint = .solid(reduce(filled.map(\.paint), tolerance: [c]))
        }
        var stroke: BakedStroke? = nil
        if let style = last.stroke {
            stroke = BakedStroke(cap: style.cap, join: style.join, values: strokeTrack(filled, motion: motion, reduce: reduce))
        }
        return BakedLayer(ticks: first..<end, rule: last.rule, blend: last.blend, shape: shape, paint: paint,
                          opacity: Track.reduce(opacity, tolerance: [c], curves: curves), mask: last.mask, filter: last.filter, stroke: stroke)
    }

    /// The stroke values (`Leaf.strokeValues`) of every tick, lengths in the path's units (a
    /// rigid path's own: divided by its motion's scale), reduced. A trim fraction is held to
    /// the pixel tolerance over the path's length.
    func strokeTrack(_ filled: [Leaf], motion: [[Double]]?, reduce: ([[Double]], [Int]?, [Double]) -> Track) -> Track {
        var samples: [[Double]] = []
        var length = 1.0
        for (t, leaf) in filled.enumerated() {
            var v = Leaf.strokeValues(leaf.stroke ?? StrokeStyle())
            if let m = motion?[t], m[3] > 0 {
                v[0] /= m[3]
                for i in 4..<v.count { v[i] /= m[3] }
            }
            samples.append(v)
            var l = 0.0
            for i in stride(from: 2, to: leaf.points.count - 1, by: 2) {
                l += ((leaf.points[i] - leaf.points[i - 2]) * (leaf.points[i] - leaf.points[i - 2])
                      + (leaf.points[i + 1] - leaf.points[i - 1]) * (leaf.points[i + 1] - leaf.points[i - 1])).squareRoot()
            }
            length = max(length, l)
        }
        let px = Baker.pixelTolerance, trim = px / length
        return reduce(samples, nil, [px, 0.01, trim, trim, px])
    }

    /// A map to device coordinates ([a, b, c, d, tx, ty]) as a map to the coordinates of a
    /// rigid path placed by motion `m`.
    func localMap(_ t: [Double], _ m: [Double]) -> [Double] {
        guard let inv = RigidMotion.transform(m).inverted else { return t }
        let l = Transform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5]).concatenating(inv)
        return [l.a, l.b, l.c, l.d, l.tx, l.ty]
    }

    /// Device points `xs` (pairs) in the coordinates of a rigid path placed by motion `m`.
    func local(_ xs: [Double], _ m: [Double]) -> [Double] {
        guard let inv = RigidMotion.transform(m).inverted else { return xs }
        var out: [Double] = []
        for i in stride(from: 0, to: xs.count - 1, by: 2) {
            let p = inv.apply(Point(xs[i], xs[i + 1]))
            out += [p.x, p.y]
        }
        return out
    }

    /// The slot as one path that only moves, when every tick's path is a moved copy of the
    /// largest one; nil otherwise.
    func rigidFit(_ filled: [Leaf], curves: [Track.Curve] = [], free: [Bool]? = nil) -> (shape: BakedShape, motion: [[Double]])? {
        guard let kinds = filled.first?.kinds, filled.allSatisfy({ $0.kinds == kinds }), filled[0].points.count >= 4 else { return nil }
        func area(_ xs: [Double]) -> (Double, Rect) {
            var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
            for i in stride(from: 0, to: xs.count - 1, by: 2) {
                x0 = min(x0, xs[i]); x1 = max(x1, xs[i]); y0 = min(y0, xs[i + 1]); y1 = max(y1, xs[i + 1])
            }
            return ((x1 - x0) * (y1 - y0), Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        guard let ref = filled.max(by: { area($0.points).0 < area($1.points).0 }) else { return nil }
        let box = area(ref.points).1
        let cx = box.x + box.width / 2, cy = box.y + box.height / 2
        var q = ref.points
        for i in stride(from: 0, to: q.count - 1, by: 2) { q[i] -= cx; q[i + 1] -= cy }
        var motion: [[Double]] = []
        var degrees: Double? = nil
        for leaf in filled {
            if let prev = motion.last, leaf.points == filled[motion.count - 1].points { motion.append(prev); continue }
            guard let m = RigidMotion.fit(reference: q, points: leaf.points, previousDegrees: degrees) else { return nil }
            degrees = m[2]
            motion.append(m)
        }
        // Turning about another point than its centre (a group's anchor): that point as the
        // path's origin keeps the position still, one key where it would move every tick.
        if let c = RigidMotion.pivot(motion, tolerance: Baker.pixelTolerance / 4) {
            for i in stride(from: 0, to: q.count - 1, by: 2) { q[i] -= c.x; q[i + 1] -= c.y }
            motion = motion.map { m in
                let p = RigidMotion.transform(m).apply(c)
                return [p.x, p.y] + m[2...]
            }
        }
        var extent = max(1, box.width / 2, box.height / 2)
        for i in stride(from: 0, to: q.count - 1, by: 2) { extent = max(extent, abs(q[i]), abs(q[i + 1])) }
        let s = Baker.pixelTolerance / extent
        // A stroke scales with its path in Lottie: only an even scale keeps its width even.
        if filled[0].stroke != nil, motion.contains(where: { abs($0[3] - $0[4]) > 1e-6 * max(abs($0[3]), 1e-9) }) { return nil }
        let track = Track.reduce(motion, tolerance: [Baker.pixelTolerance, Baker.pixelTolerance, Baker.degreeTolerance, s, s], curves: curves, free: free)
        return (.rigid(path: Path(kinds: kinds, coordinates: q), motion: track), motion)
    }
}
