import WaveCompiler
import WaveSyntax

/// What an export could not express exactly: each construct with where the script states
/// it and what was done instead. Printed as warnings and written by `--report FILE`.
public struct ExportReport: Equatable, Sendable {
    /// What the exporter did with a construct it cannot write as such.
    public enum Action: String, Sendable {
        /// Drawn every tick as the renderer draws it (exact, but keyframes a tick).
        case baked
        /// Written in a form that looks close but not the same.
        case approximated
        /// Left out of the export.
        case dropped
    }

    public struct Entry: Equatable, Sendable {
        public var file: String
        public var line: Int
        public var column: Int
        /// The construct: `blur`, `shadow`, `mask`, `blend multiply`, `3D transform`…
        public var construct: String
        public var action: Action
        /// What was done, in a few words.
        public var detail: String
    }

    public var entries: [Entry] = []

    public init() {}

    /// True when the export shows what the renderer shows (up to the tolerances).
    public var isEmpty: Bool { entries.allSatisfy { $0.action == .baked } }

    mutating func add(_ source: SourceFile?, _ range: SourceRange?, _ construct: String, _ action: Action, _ detail: String) {
        var line = 0, column = 0
        if let source, let range { (line, column) = source.location(of: range.start) }
        let e = Entry(file: source?.name ?? "", line: line, column: column, construct: construct, action: action, detail: detail)
        if !entries.contains(e) { entries.append(e) }
    }

    /// The warnings as lines: `file:line:col: warning: blur on layer 'glow' dropped: …` (just
    /// `file:` for a construct without a place in the script).
    public var lines: [String] {
        entries.map { e in
            // A construct met only in the display list (a text effect's clip) has no place.
            let place = e.line > 0 ? "\(e.file):\(e.line):\(e.column)" : e.file
            return "\(place): \(e.action == .baked ? "note" : "warning"): \(e.construct) \(e.action.rawValue): \(e.detail)"
        }
    }

    /// The report as JSON: `{"exact": bool, "entries": [{file, line, column, construct, action, detail}]}`.
    public var json: String {
        let items = entries.map { e -> JSON in
            .object([("file", .string(e.file)), ("line", .number(Double(e.line))), ("column", .number(Double(e.column))),
                     ("construct", .string(e.construct)), ("action", .string(e.action.rawValue)), ("detail", .string(e.detail))])
        }
        return JSON.object([("exact", .bool(isEmpty)), ("entries", .array(items))]).text + "\n"
    }

    /// The constructs of `program` that the exporters cannot write exactly, from its
    /// declarations (each with its location); `target` is `svg` or `lottie`.
    static func scan(_ program: Program, source: SourceFile?, target: ExportFormat) -> ExportReport {
        var r = ExportReport()
        for layer in program.layers {
            let name = "layer '\(layer.name)'"
            func at(_ p: Property) -> SourceRange? { layer.propertyRanges[p] ?? layer.range }
            let set = Set(layer.properties.keys).union(layer.propertyRanges.keys)
            // SVG writes both as filters (`SVGWriter.filterElement`). Lottie's layer effects
            // (`ef`) are outside its specification and only lottie-web draws them, so they
            // stay out of Lottie files (docs/exports.md).
            if target != .svg {
                if set.contains(.blur) { r.add(source, at(.blur), "blur on \(name)", .dropped, "drawn sharp: layer effects are not in the Lottie specification, and rlottie, lottie-ios and lottie-android draw none") }
                if set.contains(.shadowOpacity) || set.contains(.shadowRadius) || set.contains(.shadowOffset) || set.contains(.shadowColor) {
                    r.add(source, at(set.contains(.shadowOpacity) ? .shadowOpacity : .shadowColor), "shadow on \(name)", .dropped,
                          "drawn without its shadow: layer effects are not in the Lottie specification, and rlottie, lottie-ios and lottie-android draw none")
                }
            }
            if set.contains(.blend) {
                r.add(source, at(.blend), "blend mode on \(name)", .approximated,
                      target == .svg ? "CSS mix-blend-mode on each shape, not on the layer as a whole"
                                     : "Lottie blend mode on each shape (rlottie draws most modes as normal)")
            }
            for p in [Property.rotationX, .rotationY, .translationZ, .perspective] where set.contains(p) {
                r.add(source, at(p), "3D transform (\(p.rawValue)) on \(name)", .baked, "projected into path keyframes, one a tick where it moves")
                break
            }
            if layer.replicator != nil || !layer.emitters.isEmpty {
                r.add(source, layer.range, "\(layer.replicator != nil ? "replicator" : "emitter") on \(name)", .baked,
                      "each copy is a shape of its own, with keyframes where it moves")
            }
        }
        return r
    }
}
