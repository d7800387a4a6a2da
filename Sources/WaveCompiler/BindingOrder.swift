/// The order in which a tick re-evaluates bound properties, so that a binding reading
/// another layer property (`radius b.radius + 4`, `stroke-width radius / 4`) sees that
/// property's value for this tick, whichever layer is declared first: a property comes
/// after every bound property it reads, directly or through a `let` (grammar.md §6).
///
/// A property that reads itself, directly or round a loop of bindings, has no value to
/// compute; the compiler reports such loops (`cycles`, E0221) and the runtime never gets one.
/// Reads through `path-length(L)` and `text-width(L)` are not followed: they measure a
/// layer's outline, not one property.
public struct BindingOrder: Sendable {
    /// A property of a layer declaration (every copy and spawned instance of it).
    public struct Node: Hashable, Sendable {
        public let layer: Int
        public let property: Property
    }

    /// Every property set in a declaration, properties read before those reading them;
    /// otherwise in declaration order, then property order. Empty when no binding reads a
    /// bound property, since then any order gives the same values. From `first` on: only
    /// the properties of layers `first...`, always listed (see `init(_:from:)`).
    public let nodes: [Node]
    /// Each loop of bindings once, from its first node in that order to the node that
    /// reads back into it.
    public let cycles: [[Node]]
    /// Whether some property of the layers planned reads a bound property.
    public let readsBound: Bool

    /// The order for all of `layers`; from `first` on, the part of it for the layers
    /// `first...` alone, when the layers before `first` read none of theirs (they were
    /// declared earlier and not changed since, as the REPL's inputs are). That part is
    /// the tail of the whole order: a walk in declaration order finishes every earlier
    /// property before it reaches a later layer. Planning one more layer so costs what
    /// that layer reads, not every layer before it.
    public init(_ layers: [LayerIR], from first: Int = 0) {
        // The bound properties each property reads (only those can change within a tick).
        var reads: [Node: [Node]] = [:]
        var anyRead = false
        for i in first..<max(first, layers.count) {
            for (p, e) in layers[i].properties where !e.isFixedAtCreation {
                var found: [Node] = []
                Self.collect(e, layer: i, layers, into: &found)
                if !found.isEmpty { reads[Node(layer: i, property: p)] = found; anyRead = true }
            }
        }
        readsBound = anyRead
        guard anyRead || first > 0 else { nodes = []; cycles = []; return }
        var order: [Node] = []
        var cycles: [[Node]] = []
        // 0 unvisited, 1 on the path being walked, 2 done. An explicit stack: chains may be long.
        // The layers before `first` are done already.
        var state: [Node: UInt8] = [:]
        for i in first..<max(first, layers.count) {
            for p in Property.allCases where layers[i].properties[p] != nil {
                let start = Node(layer: i, property: p)
                guard state[start] == nil else { continue }
                var path: [(node: Node, next: Int)] = [(start, 0)]
                state[start] = 1
                while let (node, next) = path.last {
                    let deps = reads[node] ?? []
                    guard next < deps.count else {
                        state[node] = 2
                        order.append(node)
                        path.removeLast()
                        continue
                    }
                    path[path.count - 1].next += 1
                    let d = deps[next]
                    guard d.layer >= first else { continue }
                    switch state[d] {
                    case nil:
                        state[d] = 1
                        path.append((d, 0))
                    case 1:
                        if let from = path.firstIndex(where: { $0.node == d }) { cycles.append(path[from...].map(\.node)) }
                    default: break
                    }
                }
            }
        }
        self.nodes = order
        self.cycles = cycles
    }

    /// The bound properties `e`, a property of layer `layer`, reads.
    private static func collect(_ e: IRExpr, layer: Int, _ layers: [LayerIR], into found: inout [Node]) {
        if case .layerProperty(let ref, let p) = e {
            let target: Int
            switch ref {
            case .current: target = layer
            case .declared(let j), .copy(let j, _): target = j
            }
            if target < layers.count, let read = layers[target].properties[p], !read.isFixedAtCreation {
                let n = Node(layer: target, property: p)
                if !found.contains(n) { found.append(n) }
            }
            return
        }
        for o in e.operands { collect(o, layer: layer, layers, into: &found) }
    }
}
