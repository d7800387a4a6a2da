import WaveCompiler
import WaveDriver
import WaveRuntime
import WaveSyntax

/// The inspector's plot: chosen values of a script over a run of ticks, drawn by the chart
/// `wave trace --plot` draws (`TracePlot`). A value is a variable (`level`) or a layer's
/// property (`ball.position`, `bar[3].opacity` for copy 3 of a repeated layer); a point
/// gives two lines, `.x` and `.y`.
public enum PropertyPlot {
    public struct Problem: Error, Sendable { public var message: String }

    /// What one name reads, found before the run.
    enum Source {
        case global(String, ValueType)
        case layer(String, copy: Int?, Property)
    }

    public static func svg(_ program: Program, props: [String], ticks: ClosedRange<Int>, title: String) throws -> String {
        let sources = try props.map { try source($0, in: program) }
        var names: [String] = [], units: [String] = []
        for (name, s) in zip(props, sources) {
            let unit = PropertyPlot.unit(of: s, named: name)
            if case .point = valueType(of: s) {
                names += [name + ".x", name + ".y"]; units += [unit, unit]
            } else {
                names.append(name); units.append(unit)
            }
        }
        var values = [[Double]](repeating: [Double](repeating: .nan, count: ticks.count), count: names.count)
        var runtime = try SceneRuntime(program: program)
        for (k, tick) in ticks.enumerated() {
            while runtime.tick < tick && !runtime.isStopped { try runtime.step() }
            var column = 0
            for s in sources {
                let v: Value?
                switch s {
                case .global(let n, _): v = runtime.value(ofGlobal: n)
                case .layer(let n, let copy, let p): v = runtime.value(ofLayer: n, copy: copy, p)
                }
                switch v {
                case .number(let n)?: values[column][k] = n; column += 1
                case .bool(let b)?: values[column][k] = b ? 1 : 0; column += 1
                case .point(let x, let y)?: values[column][k] = x; values[column + 1][k] = y; column += 2
                default: if case .point = valueType(of: s) { column += 2 } else { column += 1 }
                }
            }
        }
        let series = names.indices.map { TracePlot.Series(name: names[$0], values: values[$0], unit: units[$0]) }
        return TracePlot(ticks: ticks, series: series, title: title).svg()
    }

    /// The variable or layer property `name` names in `program`.
    static func source(_ name: String, in program: Program) throws -> Source {
        if let g = program.globals.first(where: { $0.name == name }) {
            guard plottable(g.type) else { throw Problem(message: "'\(name)' is not a number, true/false or a point") }
            return .global(name, g.type)
        }
        guard let dot = name.lastIndex(of: ".") else { throw Problem(message: "'\(name)' is not a variable of this script, nor LAYER.PROPERTY") }
        var layer = String(name[..<dot])
        let propName = String(name[name.index(after: dot)...])
        var copy: Int? = nil
        if layer.hasSuffix("]"), let open = layer.lastIndex(of: "[") {
            copy = Int(layer[layer.index(after: open)..<layer.index(before: layer.endIndex)])
            guard copy != nil else { throw Problem(message: "'\(name)': the copy must be a whole number") }
            layer = String(layer[..<open])
        }
        guard let decl = program.layers.first(where: { $0.name == layer && !$0.isTemplate }) else {
            throw Problem(message: "'\(layer)' is not a layer of this script")
        }
        guard let p = Property(rawValue: propName), p.applies(to: decl.kind) else {
            throw Problem(message: "a \(decl.kind.rawValue) layer has no property '\(propName)'")
        }
        guard plottable(p.info.type) else { throw Problem(message: "'\(name)' is not a number, true/false or a point") }
        return .layer(layer, copy: copy ?? (decl.count != nil ? 0 : nil), p)
    }

    static func valueType(of s: Source) -> ValueType {
        switch s {
        case .global(_, let t): return t
        case .layer(_, _, let p): return p.info.type
        }
    }

    static func plottable(_ t: ValueType) -> Bool {
        switch t {
        case .number, .bool, .point: return true
        default: return false
        }
    }

    /// The axis a value is drawn against, as `wave trace --plot` draws it.
    static func unit(of s: Source, named name: String) -> String { ValueTrace.axis(of: valueType(of: s), named: name) }
}
