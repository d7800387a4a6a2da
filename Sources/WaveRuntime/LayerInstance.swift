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
    /// The copy index `index` reads: this layer's own, when it is a copy of a repeated
    /// declaration, else the nearest repeated ancestor's; nil outside any.
    var copyIndex: Int? = nil
    /// A template instance's own variables (its parameters), by slot.
    var vars: [Value] = []

    /// `defaults`: every property's default for `kind`, in `Property.allCases` order.
    init(id: Int, decl: Int, kind: LayerKind, parent: Int?, defaults: [Value]) {
        self.id = id
        self.decl = decl
        self.kind = kind
        self.model = defaults
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

extension SceneRuntime {
    /// Every property's default on a layer of `kind` in this scene, from the vocabulary
    /// table; computed once per kind and scene size.
    mutating func defaults(for kind: LayerKind) -> [Value] {
        let size = [scene.width, scene.height]
        if size != layerDefaultsSize { layerDefaults = [:]; layerDefaultsSize = size }
        if let d = layerDefaults[kind] { return d }
        let d = Property.defaults(for: kind, in: scene)
        layerDefaults[kind] = d
        return d
    }

    /// What reading a property of a layer that no longer exists gives: its default.
    func defaultValue(_ p: Property) -> Value { p.defaultValue(for: p.representativeKind, in: scene) }
}
