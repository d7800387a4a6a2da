import WaveCompiler

extension Property {
    /// Dense index of each property, for per-instance value arrays: its index in `allCases`.
    ///
    /// A payload-free enum of at most 256 cases is stored as one byte holding the case's
    /// declaration index, which is also its index in the synthesized `allCases`; reading
    /// that byte costs nothing, where a dictionary lookup hashed the raw-value string on
    /// every property read (a tenth of a frame in audio-meter). `PropertyOrdinalTests`
    /// holds every ordinal equal to the index in `allCases` and `ordinal(searching:)`.
    @inline(__always)
    public var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// The general form of `ordinal`: the position of `p` in `allCases`, found by search.
    public static func ordinal(searching p: Property) -> Int? { allCases.firstIndex(of: p) }

    /// Every property by ordinal, built once (the synthesized `allCases` builds a new array
    /// on each call).
    public static let byOrdinal: [Property] = Property.allCases
    public static let count = byOrdinal.count
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

    /// Sets template variable `slot`, if the instance has it.
    mutating func setVar(_ slot: Int, _ value: Value) {
        if slot < vars.count { vars[slot] = value }
    }

    /// A statement's assignment: the model value set, and the property's binding ended.
    mutating func assign(_ ordinal: Int, _ value: Value) {
        model[ordinal] = value
        bindings[ordinal] = nil
    }

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

    /// The properties a layer's outline, bounds and transform are made from (what
    /// `localGeometry` and `localTransform` read); colours, opacity and strokes are not.
    static let geometryOrdinals: [Int] = [Property.position, .anchor, .scale, .rotation, .center, .radius, .frame, .corner,
                                          .from, .to, .points, .amplitude, .wavelength, .phase, .level, .extent, .bottom,
                                          .text, .font, .size, .spacing, .visibleChars].map(\.ordinal)

    /// Whether a running animation sets a property of the layer's geometry this tick.
    var isGeometryAnimated: Bool { LayerInstance.geometryOrdinals.contains { overlay[$0] != nil } }

    /// The instance as its model values alone give its geometry (no running animation).
    var modelOnly: LayerInstance {
        guard isGeometryAnimated else { return self }
        var still = self
        still.overlay = Array(repeating: nil, count: overlay.count)
        return still
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
