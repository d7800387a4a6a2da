import WaveCompiler

extension Property {
    /// Dense index of each property, for per-instance value arrays.
    public static let ordinals: [Property: Int] = Dictionary(uniqueKeysWithValues: Property.allCases.enumerated().map { ($1, $0) })
    public var ordinal: Int { Property.ordinals[self] ?? 0 }
    public static let count = Property.allCases.count
}

/// One live layer: a declared layer, or a copy spawned from a template.
struct LayerInstance: Equatable, Sendable {
    let id: Int
    /// Index into the program's layer declarations.
    let decl: Int
    let kind: LayerKind
    /// Model values, by property ordinal.
    var model: [Value]
    /// Presentation values written by running animations this tick.
    var overlay: [Value?]
    /// Bound expressions re-evaluated every tick, by ordinal.
    var bindings: [IRExpr?]
    var parent: Int?
    var children: [Int]
    /// The instance's own copies of its template children (spawned groups).
    var alive = true

    init(id: Int, decl: Int, kind: LayerKind, parent: Int?) {
        self.id = id
        self.decl = decl
        self.kind = kind
        self.model = Property.allCases.map { $0.info.defaultValue }
        self.overlay = Array(repeating: nil, count: Property.count)
        self.bindings = Array(repeating: nil, count: Property.count)
        self.parent = parent
        self.children = []
    }

    func present(_ p: Property) -> Value {
        let i = p.ordinal
        return overlay[i] ?? model[i]
    }
}
