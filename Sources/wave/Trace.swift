import ArgumentParser
import Foundation
import WaveCompiler
import WaveRuntime
import WaveSinks
import WaveDriver
import WaveSyntax

struct Trace: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print values per tick: how to debug motion.",
        discussion: """
        One row per tick with a tick column, a time column (seconds), with --live a column counting the live layers (declared, copies and spawned), and one column per --prop, in the order given (--layer's columns where it stands). A property is a variable (x), a layer property (surface.level), a copy's property (bar[3].opacity), a component (ball.position.y) or any expression (middle - edge). Numbers print with full precision, so traces can be compared exactly. --layer NAME adds the values motion derives for a layer: its position and rotation as presented (on a path, with 'rotate auto' the tangent's angle), and for a text layer its visible-chars (the property; a text effect animates each character without changing it).

        Example:
          wave trace examples/spring-sheet.wave --prop edge --prop middle --to 1s
          wave trace examples/paper-plane.wave --layer plane --to 10t
          wave trace s.wave --prop ball.position.y --format json
          cd examples
          wave trace activity-indicator.wave --prop 'bar[3].opacity' --live --to 1s
          wave trace spring-sheet.wave --prop edge --prop middle --plot springs.svg

        --plot FILE.svg draws the properties against time instead of printing them: labelled axes, a mark each second (and each 10 ticks when there is room), one colour per property and a legend. Numbers and true/false (1/0) plot as they are; a point plots as NAME.x and NAME.y; other values are left out.

        A runtime error ends the trace with exit status 70: the rows before it are still printed (a JSON array closed), or plotted up to that tick.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json }

    @Argument(help: "The script.") var file: String
    @Option(name: .customLong("prop"), help: "A value to trace (repeat for more columns).") var props: [String] = []
    @Option(name: .customLong("layer"), help: "A layer whose derived values to trace: position, rotation (and visible-chars for text).") var layers: [String] = []
    @Option(parsing: .unconditional, help: "First tick to print, as a time: 0s, 500ms, 30t (default 0).", transform: TimeArgument.parse) var from: TimeArgument?
    @Option(parsing: .unconditional, help: "Last tick to print, inclusive (default: the scene's last tick, one before its duration; or 299).", transform: TimeArgument.parse) var to: TimeArgument?
    @Option(help: "csv or json.") var format: Format = .csv
    @Flag(name: .customLong("live"), help: "Add a 'live' column: the number of live layers at each tick.") var live = false
    @Option(help: "Draw the values against time into this SVG file instead of printing them.") var plot: String?

    func validate() throws {
        if props.isEmpty && layers.isEmpty && !live { throw ValidationError("give at least one --prop NAME or --layer NAME (or --live)") }
        if let plot, !plot.lowercased().hasSuffix(".svg") { throw ValidationError("--plot writes an SVG: name a .svg file") }
        if let plot, FileIdentity.input(among: [file], sameAs: plot) != nil {
            throw ValidationError("'--plot \(plot)' would write over the script '\(file)': name another file")
        }
    }

    func run() throws {
        let source = try ScriptLoader.read(file)
        let (compiled, diagnostics, environment) = Compiler.compileKeepingEnvironment(source)
        if !diagnostics.isEmpty { Console.diagnostics(diagnostics, in: source) }
        guard let program = compiled else { throw Exit.script }
        var columns: [IRExpr] = []
        // Columns in the order the options were given (`--layer p --prop q`: p's first).
        var props: [String] = []
        for (isLayer, name) in Trace.columnOrder(props: self.props, layers: layers, arguments: Array(CommandLine.arguments.dropFirst())) {
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
            guard let (ir, _) = Compiler.compileExpression(exprFile, environment: environment) else {
                let problem = Compiler.expressionProblem(exprFile, environment: environment)
                    ?? "not a variable, a layer property or an expression of this script"
                Console.error("--prop '\(p)': \(problem)")
                throw Exit.usage
            }
            columns.append(ir)
        }
        let start = from?.ticks ?? 0
        let end = to?.ticks ?? (program.scene.durationTicks.map { $0 - 1 } ?? 299)
        guard end >= start else { Console.error("--to must not be before --from"); throw Exit.usage }
        if let plot { return try drawPlot(program: program, names: props, columns: columns, ticks: start...end, to: plot, source: source) }
        var out = ""
        let names = (live ? ["live"] : []) + props
        if format == .csv { out += (["tick", "time"] + names.map(Trace.csvField)).joined(separator: ",") + "\n" }
        else { out += "[\n" }
        var first = true, failure: Error? = nil
        do {
            var runtime = try SceneRuntime(program: program)
            for tick in start...end {
                while runtime.tick < tick && !runtime.isStopped { try runtime.step() }
                var row: [String] = live ? [String(runtime.liveLayerCount)] : []
                for c in columns { row.append(Trace.text(try runtime.evaluate(c), json: format == .json)) }
                let time = Value.exact(Double(tick) / 60)
                if format == .csv {
                    out += ([String(tick), time] + row.map(Trace.csvField)).joined(separator: ",") + "\n"
                } else {
                    let fields = zip(names, row).map { "\"\(Trace.jsonEscape($0))\": \($1)" }
                    out += (first ? "" : ",\n") + "  {\"tick\": \(tick), \"time\": \(time)" + (fields.isEmpty ? "" : ", " + fields.joined(separator: ", ")) + "}"
                    first = false
                }
                if out.utf8.count > 1 << 16 { try StandardOutput.write(Array(out.utf8)); out = "" }
            }
        } catch {
            failure = error
        }
        // Closed also after an error: the rows before it stay usable.
        if format == .json { out += first ? "]\n" : "\n]\n" }
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
    func drawPlot(program: Program, names props: [String], columns: [IRExpr], ticks: ClosedRange<Int>, to path: String, source: SourceFile) throws {
        var series: [String: [Double]] = [:]
        var order: [String] = []
        func add(_ name: String, _ v: Double, at k: Int) {
            if series[name] == nil { order.append(name); series[name] = [Double](repeating: .nan, count: ticks.count) }
            series[name]?[k] = v
        }
        var failure: Error? = nil
        var last = ticks.upperBound
        do {
            var runtime = try SceneRuntime(program: program)
            for (k, tick) in ticks.enumerated() {
                while runtime.tick < tick && !runtime.isStopped { try runtime.step() }
                for (name, c) in zip(props, columns) {
                    switch try runtime.evaluate(c) {
                    case .number(let n): add(name, n, at: k)
                    case .bool(let b): add(name, b ? 1 : 0, at: k)
                    case .point(let x, let y): add(name + ".x", x, at: k); add(name + ".y", y, at: k)
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
        let chart = TracePlot(ticks: ticks, series: order.map { TracePlot.Series(name: $0, values: series[$0] ?? []) },
                              title: PathName.lastComponent(file))
        do { try AtomicFile.write(Array(chart.svg().utf8), to: path) } catch {
            throw Exit.report(error, source: nil)
        }
        Console.note("wrote \(path) (\(order.count) line\(order.count == 1 ? "" : "s"), ticks \(ticks.lowerBound)...\(last)"
                     + (failure == nil ? ")" : "; the run stopped there)"))
        if let failure { throw Exit.report(failure, source: source) }
    }

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

    static func csvField(_ s: String) -> String {
        s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }

    static func jsonEscape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out += c.value < 0x20 ? String(format: "\\u%04x", c.value) : String(c)
            }
        }
        return out
    }
}
