import ArgumentParser
import Foundation
import WaveDriver

struct State: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save a script's runtime state at a tick, for renders that start there.",
        discussion: """
        wave state s.wave --at 3600t -o s.state
        wave render s.wave -o s.gif --ticks 3600..7200 --state-from s.state

        The render starts from the saved state instead of stepping the script from
        tick 0 (the state's tick must be at or before the first tick it draws; it
        steps the rest) and writes the same bytes. A state file records the
        script's fingerprint and this build's state layout: a state of another
        script (or another version of it) or another build is refused, as is a
        corrupt or truncated file (exit 65, naming the file and the byte).
        A script that stops before --at is saved at its stop.
        """)

    @Argument(help: "The script.") var file: String
    @Option(help: "The tick to save: 60s, 500ms or 3600t.") var at: TimeArgument
    @Option(name: [.short, .customLong("output")], help: "The state file to write.") var output: String
    @Flag(name: .shortAndLong, help: "Print nothing but errors.") var quiet = false

    func run() throws {
        let (program, source) = try ScriptLoader.compile(file)
        Interrupts.install()
        do {
            let saved = try StateFiles.save(program, source: source, at: at.ticks, to: output)
            if !quiet { Console.note("wrote \(output) (tick \(saved)\(saved < at.ticks ? ", where the script stops" : ""))") }
        } catch {
            throw Exit.report(error, source: source)
        }
    }
}
