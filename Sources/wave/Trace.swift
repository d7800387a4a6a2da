import ArgumentParser
import Foundation
import WaveDriver

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

        --plot FILE.svg draws the properties against time instead of printing them: labelled axes, a mark each second (and each 10 ticks when there is room), one colour per property and a legend, with --live the live count too. Numbers and true/false (1/0) plot as they are; a point plots as NAME.x and NAME.y; other values are left out. Each unit (px, degrees, time, true/false, plain numbers, live layers) gets its own panel and value axis, stacked over the time axis.

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
        var trace = ValueTrace(file: file, props: props, layers: layers)
        trace.from = from?.ticks
        trace.to = to?.ticks
        trace.json = format == .json
        trace.live = live
        trace.plot = plot
        trace.arguments = Array(CommandLine.arguments.dropFirst())
        try trace.run()
    }
}
