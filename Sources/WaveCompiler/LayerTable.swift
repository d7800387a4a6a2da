/// The layer declarations an environment holds, in declaration order, remembering which
/// of them were written since `startTracking()` and what each was before.
///
/// The REPL compiles each input against everything typed before, and the increment names
/// the earlier layers the input changed (`Program.updatedLayers`: an `emit` adds variables
/// to an earlier template, a `mask` marks an earlier layer). Comparing every earlier layer
/// after each input made typing the n-th layer cost n comparisons; kept here, the cost is
/// the layers actually written.
public struct LayerTable: RandomAccessCollection, MutableCollection, Sendable {
    /// Every declaration, as an array (for code that takes `[LayerIR]`).
    public private(set) var all: [LayerIR] = []
    /// The value of each layer written since tracking started, before its first write.
    private(set) var originals: [Int: LayerIR] = [:]

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { all.count }

    public subscript(i: Int) -> LayerIR {
        get { all[i] }
        set {
            if originals[i] == nil { originals[i] = all[i] }
            all[i] = newValue
        }
        _modify {
            if originals[i] == nil { originals[i] = all[i] }
            yield &all[i]
        }
    }

    public mutating func append(_ layer: LayerIR) { all.append(layer) }

    /// Forgets earlier writes: from now on, `changed(before:)` reports only new ones.
    mutating func startTracking() { originals = [:] }

    /// Back to the first `count` layers as they were when tracking started: the layers
    /// added since are dropped and the earlier ones written since are put back.
    mutating func cutBack(to count: Int) {
        all.removeLast(all.count - count)
        for (i, was) in originals where i < count { all[i] = was }
        originals = [:]
    }

    /// The layers below index `end` written since tracking started whose value differs
    /// from what it was then.
    func changed(before end: Int) -> [Int: LayerIR] {
        var out: [Int: LayerIR] = [:]
        for (i, was) in originals where i < end && all[i] != was { out[i] = all[i] }
        return out
    }

    /// Whether any layer below `end` was written since tracking started (even back to the
    /// same value): what was worked out for them before may no longer hold.
    func touched(before end: Int) -> Bool { originals.keys.contains { $0 < end } }

    /// The repeated declaration that layer `i` is or sits inside (nearest first), if any.
    public func repeatedAncestor(of i: Int) -> Int? { all.repeatedAncestor(of: i) }
}
