import WaveCompiler
import WaveRuntime
import WaveSyntax

/// The inspector's view of a runtime at one tick: the declared layers as a tree (parents
/// before their children, with their depth), each with every property its kind has and the
/// value it presents now, and the script's variables.
public enum SceneInspector {
    public struct Snapshot: Codable, Sendable, Equatable {
        public var version: Int
        /// The tick asked for, and the tick the runtime is at (earlier after `stop`).
        public var tick: Int
        public var runtimeTick: Int
        public var stopped: Bool
        /// Layers alive now, spawned copies included.
        public var liveLayers: Int
        /// Live copies spawned from each template, by template name (those with any).
        public var spawned: [String: Int]
        public var layers: [Layer]
        public var globals: [Entry]
    }

    public struct Layer: Codable, Sendable, Equatable {
        public var name: String
        public var kind: String
        public var depth: Int
        /// Copies of a repeated layer (the values shown are copy 0's); nil for one layer.
        public var copies: Int?
        /// nil while the layer is not alive (removed).
        public var properties: [Entry]?
    }

    public struct Entry: Codable, Sendable, Equatable {
        public var name: String
        public var value: String
        /// Whether the value can be plotted (a number, true/false or a point).
        public var plottable: Bool
        /// Set in the script (as opposed to the kind's default).
        public var written: Bool
    }

    public static func snapshot(_ runtime: SceneRuntime, version: Int, tick: Int) -> Snapshot {
        let program = runtime.program
        var layers: [Layer] = []
        func visit(_ index: Int, depth: Int) {
            let decl = program.layers[index]
            guard !decl.isTemplate else { return }
            var props: [Entry]? = nil
            if runtime.value(ofLayer: decl.name, copy: decl.count.map { _ in 0 }, .opacity) != nil {
                props = Property.allCases.filter { $0.applies(to: decl.kind) }.compactMap { p in
                    runtime.value(ofLayer: decl.name, copy: decl.count.map { _ in 0 }, p).map {
                        Entry(name: p.rawValue, value: text($0), plottable: isPlottable($0), written: decl.properties[p] != nil)
                    }
                }
            }
            layers.append(Layer(name: decl.name, kind: decl.kind.rawValue, depth: depth, copies: decl.count, properties: props))
            for child in decl.children { visit(child, depth: depth + 1) }
        }
        for (i, decl) in program.layers.enumerated() where decl.parent == nil { visit(i, depth: 0) }
        let globals = program.globals.compactMap { g in
            runtime.value(ofGlobal: g.name).map { Entry(name: g.name, value: text($0), plottable: isPlottable($0), written: true) }
        }
        var spawned: [String: Int] = [:]
        for live in runtime.layerList where live.spawned { spawned[live.name, default: 0] += 1 }
        return Snapshot(version: version, tick: tick, runtimeTick: runtime.tick, stopped: runtime.isStopped,
                        liveLayers: runtime.liveLayerCount, spawned: spawned, layers: layers, globals: globals)
    }

    /// A value as the REPL prints it.
    static func text(_ v: Value) -> String { v.description }

    static func isPlottable(_ v: Value) -> Bool {
        switch v {
        case .number, .bool, .point: return true
        default: return false
        }
    }
}
