import WaveSyntax

/// What the compiler adds to the vocabulary's property table (`Property.spec` in
/// WaveSyntax): static types, and defaults as values.
extension Property {
    public struct Info: Sendable {
        public var type: ValueType
        /// nil: every kind.
        public var kinds: Set<LayerKind>?
        /// Words accepted when the type is `.word`, or as names for special values.
        public var words: [String]
    }

    public var info: Info {
        let spec = self.spec
        return Info(type: ValueType(spec.type), kinds: spec.kinds, words: spec.words)
    }

    /// Whether an animation may interpolate this property.
    public var isAnimatable: Bool {
        switch info.type {
        case .number, .point, .rect, .color, .paint: return true
        default: return false
        }
    }

    /// The property's default on a layer of `kind` in `scene`: the table's default text,
    /// compiled exactly as if the script had written it (so `scale 1` is the point (1, 1)
    /// and `extent (0, width)` follows the scene size).
    /// Guarantees: a constant of the property's type; the test suite compiles every default
    /// for every kind, so the `.number(0)` fallback is unreachable.
    /// An empty environment, made once: `Environment()` reads the process's environment
    /// variables for its limits, and a default needs none of them.
    private static let defaultsEnvironment = Environment()

    public func defaultValue(for kind: LayerKind, in scene: SceneIR) -> Value {
        let file = SourceFile(name: "default of \(rawValue)", text: defaultText(for: kind))
        guard let expr = Parser.standaloneExpression(file) else { return .number(0) }
        var environment = Property.defaultsEnvironment
        environment.scene = scene
        environment.sceneDeclared = true
        var compiler = Compiler(file: file, environment: environment)
        let typed = compiler.fold(compiler.propertyValue(expr, self, Context()))
        guard compiler.diagnostics.isEmpty, case .constant(let v) = typed.ir else { return .number(0) }
        return v
    }

    /// Every property's default on a layer of `kind`, in `Property.allCases` order. A
    /// property the kind lacks gets its default for the first kind that has it.
    public static func defaults(for kind: LayerKind, in scene: SceneIR) -> [Value] {
        allCases.map { $0.defaultValue(for: $0.applies(to: kind) ? kind : $0.representativeKind, in: scene) }
    }
}

extension ValueType {
    /// The compiler's type for a vocabulary type.
    public init(_ type: PropertyType) {
        switch type {
        case .number: self = .number(.none)
        case .length: self = .number(.length)
        case .angle: self = .number(.angle)
        case .point: self = .point
        case .rect: self = .rect
        case .bool: self = .bool
        case .string: self = .string
        case .paint: self = .paint
        case .list: self = .list
        case .word: self = .word
        case .color: self = .color
        }
    }
}
