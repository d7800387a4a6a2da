import Foundation
import WaveCompiler
import WaveExport
import WaveRuntime
import WaveSinks
import WaveSyntax

/// `wave trace`: the values of expressions of a script, one row per tick, as CSV or JSON
/// on standard output, or drawn against time into an SVG (`TracePlot`). A failure is
/// reported and thrown as its `Exit`; a runtime error ends the trace after the rows
/// before it (a JSON array closed, a plot drawn up to that tick).
public struct ValueTrace {
    public var file: String
    /// `--prop` expressions and `--layer` names.
    public var props: [String]
    public var layers: [String]
    /// First and last tick (inclusive); nil: 0, and the scene's last tick (or 299).
    public var from: Int?
    public var to: Int?
    /// JSON rather than CSV.
    public var json = false
    /// Add the `live` column, the number of live layers.
    public var live = false
    /// The SVG file to draw into instead of printing.
    public var plot: String?
    /// The command line's arguments, which give the order of the --prop and --layer columns.
    public var arguments: [String] = []

    /// A trace of `props` and `layers` of the script at `file`.
    public init(file: String, props: [String], layers: [String]) {
        self.file = file
        self.props = props
        self.layers = layers
    }

    /// Compiles the script and its columns, then prints or plots the ticks.
    public func run() throws {
        let source = try ScriptLoader.read(file)
        let (compiled, diagnostics, environment) = Compiler.compileKeepingEnvironment(source)
        if !diagnostics.isEmpty { Console.diagnostics(diagnostics, in: source) }
        guard let program = compiled else { throw Exit.script }
        var columns: [IRExpr] = []
        var types: [ValueType] = []
        // Columns in the order the options were given (`--layer p --prop q`: p's first).
        var props: [String] = []
        for (isLayer, name) in ValueTrace.columnOrder(props: self.props, layers: layers, arguments: arguments) {
            guard isLayer else { props.append(name); continue }
            guard let index = environment.layer(named: name) else {
                let hint = suggestion(for: name, among: environment.layerNames).map { "; did you mean '\($0)'?" } ?? ""
                Console.error("--layer '\(name)' is not a layer of this script\(hint)")
                throw Exit.usage
            }
            props += ["position", "rotation"].map { "\(name).\($0)" }
            if environment.layers[index].kind == .text { props.append("\(name).visible-chars") }
        }
        for p in props {
            let exprFile = SourceFile(name: "--prop", text: p)
            guard let (ir, type) = Compiler.compileExpression(exprFile, environment: environment) else {
                let problem = Compiler.expressionProblem(exprFile, environment: environment)
                    ?? "not a variable, a layer property or an expression of this script"
                Console.error("--prop '\(p)': \(problem)")
                throw Exit.usage
            }
            columns.append(ir)
            types.append(type)
        }
        let start = from ?? 0
        let end = to ?? (program.scene.durationTicks.map { $0 - 1 } ?? 299)
        guard end >= start else { Console.error("--to must not be before --from"); throw Exit.usage }
        if let plot { return try drawPlot(program: program, names: props, columns: columns, types: types, ticks: start...end, to: plot, source: source) }
        var out = ""
        let names = (live ? ["live"] : []) + props
        if !json { out += (["tick", "time"] + names.map(ValueTrace.csvField)).joined(separator: ",") + "\n" }
        else { out += "[\n" }
        var first = true, failure: Error? = nil
        do {
            var runtime = try SceneRuntime(program: program)
            for tick in start...end {
                while runtime.tick < tick && !runtime.isStopped { try runtime.step() }
                var row: [String] = live ? [String(runtime.liveLayerCount)] : []
                for c in columns { row.append(ValueTrace.text(try runtime.evaluate(c), json: json)) }
                let time = Value.exact(Double(tick) / 60)
                if !json {
                    out += ([String(tick), time] + row.map(ValueTrace.csvField)).joined(separator: ",") + "\n"
                } else {
                    let fields = zip(names, row).map { "\"\(ValueTrace.jsonEscape($0))\": \($1)" }
                    out += (first ? "" : ",\n") + "  {\"tick\": \(tick), \"time\": \(time)" + (fields.isEmpty ? "" : ", " + fields.joined(separator: ", ")) + "}"
                    first = false
                }
                if out.utf8.count > 1 << 16 { try StandardOutput.write(Array(out.utf8)); out = "" }
            }
        } catch {
            failure = error
        }
        // Closed also after an error: the rows before it stay usable.
        if json { out += first ? "]\n" : "\n]\n" }
        if let failure {
            try? StandardOutput.write(Array(out.utf8))
            throw Exit.report(failure, source: source)
        }
        do { try StandardOutput.write(Array(out.utf8)) } catch { throw Exit.report(error, source: source) }
    }

    /// The --prop and --layer values in the order `arguments` gives them (true: a layer);
    /// the props then the layers when the arguments do not hold exactly those values (the
    /// command was not parsed from them).
    static func columnOrder(props: [String], layers: [String], arguments: [String]) -> [(Bool, String)] {
        var seen: [(Bool, String)] = []
        var i = 0
        while i < arguments.count, arguments[i] != "--" {
            let a = arguments[i]
            for (option, isLayer) in [("--prop", false), ("--layer", true)] {
                if a == option, i + 1 < arguments.count { seen.append((isLayer, arguments[i + 1])); i += 1 }
                else if a.hasPrefix(option + "=") { seen.append((isLayer, String(a.dropFirst(option.count + 1)))) }
            }
            i += 1
        }
        guard seen.filter({ !$0.0 }).map(\.1) == props, seen.filter(\.0).map(\.1) == layers else {
            return props.map { (false, $0) } + layers.map { (true, $0) }
        }
        return seen
    }

    /// Steps through `ticks`, collecting each column as numbers, and writes the plot.
    /// With --live, the live count is the first line. Each line is plotted against the axis
    /// of its unit (`unit(of:)`).
    func drawPlot(program: Program, names props: [String], columns: [IRExpr], types: [ValueType], ticks: ClosedRange<Int>, to path: String, source: SourceFile) throws {
        var series: [String: [Double]] = [:]
        var order: [String] = []
        var units: [String: String] = [:]
        func add(_ name: String, _ v: Double, at k: Int, unit: String) {
            if series[name] == nil { order.append(name); series[name] = [Double](repeating: .nan, count: ticks.count); units[name] = unit }
            series[name]?[k] = v
        }
        var failure: Error? = nil
        var last = ticks.upperBound
        do {
            var runtime = try SceneRuntime(program: program)
            for (k, tick) in ticks.enumerated() {
                while runtime.tick < tick && !runtime.isStopped { try runtime.step() }
                if live { add("live", Double(runtime.liveLayerCount), at: k, unit: "live layers") }
                for (name, (c, type)) in zip(props, zip(columns, types)) {
                    let unit = ValueTrace.unit(of: type, named: name)
                    switch try runtime.evaluate(c) {
                    case .number(let n): add(name, n, at: k, unit: unit)
                    case .bool(let b): add(name, b ? 1 : 0, at: k, unit: unit)
                    case .point(let x, let y): add(name + ".x", x, at: k, unit: unit); add(name + ".y", y, at: k, unit: unit)
                    default: break
                    }
                }
            }
        } catch {
            // The ticks before the error are still drawn (the rest of the axis left empty),
            // then the error is reported as without --plot.
            guard !order.isEmpty, let runtimeError = error as? RuntimeError else { throw Exit.report(error, source: source) }
            failure = error
            last = max(ticks.lowerBound, runtimeError.tick - 1)
        }
        let skipped = props.filter { p in !order.contains { $0 == p || $0.hasPrefix(p + ".") } }
        if order.isEmpty {
            // Nothing to draw: no file, rather than an empty chart that looks like success.
            Console.error("nothing to plot: \(skipped.joined(separator: ", ")) \(skipped.count == 1 ? "is" : "are") not numbers, true/false or points; print them without --plot")
            throw Exit.usage
        }
        if !skipped.isEmpty { Console.note("not plotted (not numbers): \(skipped.joined(separator: ", "))") }
        let chart = TracePlot(ticks: ticks, series: order.map { TracePlot.Series(name: $0, values: series[$0] ?? [], unit: units[$0] ?? "value") },
                              title: PathName.lastComponent(file))
        do { try AtomicFile.write(Array(chart.svg().utf8), to: path) } catch {
            throw Exit.report(error, source: nil)
        }
        Console.note("wrote \(path) (\(order.count) line\(order.count == 1 ? "" : "s"), ticks \(ticks.lowerBound)...\(last)"
                     + (failure == nil ? ")" : "; the run stopped there)"))
        if let failure { throw Exit.report(failure, source: source) }
    }

    /// The axis a column of `type` is plotted against: lengths and points in px, angles in
    /// degrees, times, true/false (as 1/0) and plain numbers each on their own.
    static func unit(of type: ValueType, named name: String = "") -> String {
        // A scale and an anchor are points of factors, not of pixels.
        if let last = name.split(separator: ".").last, last == "scale" || last == "anchor" { return "factor" }
        switch type {
        case .number(.length), .point: return "px"
        case .number(.angle): return "degrees"
        case .number(.time): return "time"
        case .bool: return "true/false"
        default: return "number"
        }
    }

    /// A value as a CSV field's text or a JSON value; numbers at full precision.
    static func text(_ v: Value, json: Bool) -> String {
        switch v {
        case .number(let n): return json && !n.isFinite ? "null" : Value.exact(n)
        case .bool(let b): return b ? "true" : "false"
        case .point(let x, let y): return json ? "[\(Value.exact(x)), \(Value.exact(y))]" : "(\(Value.exact(x)) \(Value.exact(y)))"
        case .rect(let x, let y, let w, let h): return json ? "[\([x, y, w, h].map(Value.exact).joined(separator: ", "))]" : "(\([x, y, w, h].map(Value.exact).joined(separator: " ")))"
        case .string(let s): return json ? "\"\(jsonEscape(s))\"" : s
        default: return json ? "\"\(jsonEscape(v.description))\"" : v.description
        }
    }

    /// `s` as one CSV field: quoted (quotes doubled) when it holds a comma, quote or newline.
    static func csvField(_ s: String) -> String {
        s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }

    /// `s` escaped for the inside of a JSON string (the exporters' escaping).
    static func jsonEscape(_ s: String) -> String { JSON.escaped(s) }
}
