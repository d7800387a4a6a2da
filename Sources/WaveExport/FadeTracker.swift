import WaveSyntax

/// Follows the groups that fade overlapping parts together (`Leaf.fades`) across ticks, and
/// makes them the `BakedFade`s layers name.
///
/// A group's parts are followed as layers (`SlotTracker`) like every other fill. A fade is
/// a set of layers: every group that holds exactly those layers, at any tick, is that fade
/// at its tick (groups holding one another nest, so their fades do). At a tick where no
/// group holds them its opacity is 1 (the group's opacity is 1 there, or its parts do not
/// meet), and the layers keep their own. A fade is written only where a player can draw it
/// as the renderer does:
/// - its layers are consecutive in the drawing order, so one group element holds them;
/// - the fades' layer sets nest (any two are apart or one holds the other);
/// - a filter of its layers nests with it: the filter is inside the fade (its layers stay
///   inside), or the fade inside the filter, the same at every tick.
/// Otherwise its groups' opacities stay on each part (exact where they do not overlap), as
/// reported.
struct FadeTracker {
    /// One group at one tick: its opacity and whether its fills' filter holds it whole.
    struct Group {
        var opacity: Double
        var filterOutside: Bool
    }

    /// The most fades a layer is written inside, and in a whole export.
    static let maxDepth = 8
    static let maxFades = 1000

    /// The groups seen, by the slots they hold (sorted), each with its groups by tick.
    var groups: [[Int]: [Int: Group]] = [:]
    /// The keys of `groups` in the order first seen, so fades are numbered the same every run.
    var keys: [[Int]] = []
    /// Keys that cannot be written: two groups on the same slots at one tick disagree about
    /// their filter.
    var unwritable = Set<[Int]>()

    /// Records the fade groups among one tick's `leaves`, whose slots are `slots` (the
    /// tracker's live slots after adding them).
    mutating func add(_ leaves: [Leaf], slots: [Int], tick: Int) {
        var members: [Int: (slots: [Int], mark: Leaf.FadeMark, filterOutside: Bool)] = [:]
        for (leaf, slot) in zip(leaves, slots) {
            for mark in leaf.fades {
                members[mark.id, default: ([], mark, true)].slots.append(slot)
                members[mark.id]!.filterOutside = members[mark.id]!.filterOutside && mark.filterOutside
            }
        }
        for id in members.keys.sorted() {
            let m = members[id]!
            let key = m.slots.sorted()
            if groups[key] == nil { keys.append(key) }
            if let same = groups[key]?[tick] {
                // Two groups on the same parts: one fades the other's result, so the opacities multiply.
                if same.filterOutside != m.filterOutside { unwritable.insert(key) }
                groups[key]![tick]!.opacity *= m.mark.opacity
            } else {
                groups[key, default: [:]][tick] = Group(opacity: m.mark.opacity, filterOutside: m.filterOutside)
            }
        }
    }

    /// The fades over `tickCount` ticks, with the fades each slot names (outermost first)
    /// and how many of them hold its filter, after taking the fades' opacities out of their
    /// fills' in `tracker`. A fade that cannot be written leaves its fills as they are and
    /// is reported.
    ///
    /// `fadedAtOnce`, when set, is the most fades below opacity 1 a tick may show (for
    /// Lottie: rlottie 0.2 lowers the alpha of the whole frame by about 1/255 for each
    /// precomposition it fades, so a few dozen darken everything); past it no fade is
    /// written.
    func resolve(_ tracker: inout SlotTracker, tickCount: Int, curves: [Track.Curve], fadedAtOnce: Int? = nil,
                 report: inout ExportReport, source: SourceFile?) -> (fades: [BakedFade], fadeOf: [Int: (fades: [Int], filterDepth: Int)]) {
        var position = Array(repeating: 0, count: tracker.slots.count)
        for (i, s) in tracker.order.enumerated() { position[s] = i }
        let filterAt = tracker.order.map { tracker.slots[$0].last.filter }
        func filter(at place: Int) -> Int? { place >= 0 && place < filterAt.count ? filterAt[place] : nil }

        // Each key as the places it covers in the drawing order; consecutive ones only.
        var spans: [(key: [Int], low: Int, high: Int, filterOutside: Bool)] = []
        var bad = false
        for key in keys {
            let places = key.map { position[$0] }
            let low = places.min()!, high = places.max()!
            let marks = groups[key]!.values
            let outside = marks.first!.filterOutside
            guard !unwritable.contains(key), high - low + 1 == key.count, marks.allSatisfy({ $0.filterOutside == outside }) else { bad = true; continue }
            if outside {
                // Inside one filter: every layer of it names that filter.
                guard let f = filterAt[low], (low...high).allSatisfy({ filterAt[$0] == f }) else { bad = true; continue }
            } else {
                // Filters inside it end inside it.
                if let f = filter(at: low), f == filter(at: low - 1) { bad = true; continue }
                if let f = filter(at: high), f == filter(at: high + 1) { bad = true; continue }
            }
            spans.append((key, low, high, outside))
        }
        // Spans that cross (neither apart nor one inside the other) cannot both be groups.
        spans.sort { ($0.low, -$0.high) < ($1.low, -$1.high) }
        var crossing = Set<Int>()
        var stack: [Int] = []
        for (i, s) in spans.enumerated() {
            while let top = stack.last, spans[top].high < s.low { stack.removeLast() }
            if let top = stack.last, spans[top].high < s.high { crossing.insert(top); crossing.insert(i) }
            stack.append(i)
        }
        // Along each layer's nesting, the fades its filter holds come first.
        var path: [Int: [Int]] = [:]   // slot → spans holding it, outermost first
        for (i, s) in spans.enumerated() where !crossing.contains(i) {
            for place in s.low...s.high { path[tracker.order[place], default: []].append(i) }
        }
        var mixed = Set<Int>()
        for p in path.values {
            let flags = p.map { spans[$0].filterOutside }
            if let firstInside = flags.firstIndex(of: true), flags[firstInside...].contains(false) { mixed.formUnion(p) }
            // Groups whose parts change every tick (spawned copies under a faded group) can
            // nest deeply; players are not asked to nest without bound.
            if p.count > FadeTracker.maxDepth { mixed.formUnion(p[FadeTracker.maxDepth...]) }
        }
        if spans.count - crossing.count > FadeTracker.maxFades { mixed.formUnion(spans.indices) }
        if !crossing.isEmpty || !mixed.isEmpty { bad = true }

        var fades: [BakedFade] = []
        var number: [Int: Int] = [:]   // span → fade
        // Numbered in the order their keys were first seen.
        var written = spans.indices.filter { !crossing.contains($0) && !mixed.contains($0) }
        if let limit = fadedAtOnce, !written.isEmpty {
            var faded = Array(repeating: 0, count: tickCount)
            for i in written {
                for (t, g) in groups[spans[i].key]! where t < tickCount && g.opacity < 1 { faded[t] += 1 }
            }
            if faded.contains(where: { $0 > limit }) {
                written = []
                report.add(source, nil, Leaf.overlapConstruct, .approximated,
                           Leaf.overlapDetail + " (more than \(limit) faded groups at once: rlottie darkens the whole frame a little for each)")
            }
        }
        let order = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        for i in written.sorted(by: { order[spans[$0].key]! < order[spans[$1].key]! }) {
            let key = spans[i].key
            var samples = Array(repeating: [1.0], count: tickCount)
            var drawn = Array(repeating: false, count: tickCount)
            for s in key { for t in tracker.slots[s].samples.keys where t < tickCount { drawn[t] = true } }
            for (t, g) in groups[key]! where t < tickCount {
                samples[t] = [g.opacity]
                for s in key {
                    guard let leaf = tracker.slots[s].samples[t] else { continue }
                    tracker.slots[s].samples[t]?.opacity = min(1, leaf.opacity / g.opacity)
                }
            }
            number[i] = fades.count
            fades.append(BakedFade(opacity: Track.reduce(samples, tolerance: [Baker.colorTolerance], curves: curves, free: drawn.map { !$0 })))
        }
        var fadeOf: [Int: (fades: [Int], filterDepth: Int)] = [:]
        for (slot, p) in path {
            let kept = p.filter { number[$0] != nil }
            guard !kept.isEmpty else { continue }
            fadeOf[slot] = (kept.map { number[$0]! }, kept.filter { !spans[$0].filterOutside }.count)
        }
        if bad { report.add(source, nil, Leaf.overlapConstruct, .approximated, Leaf.overlapDetail) }
        return (fades, fadeOf)
    }
}
