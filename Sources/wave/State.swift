import ArgumentParser
import Foundation
import WaveDriver

struct State: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save a script's runtime state at a tick, for renders that start there.",
        discussion: """
        wave state s.wave --at 3510t -o s.state
        wave render s.wave -o s.gif --ticks 3600..7200 --state-from s.state

        The render starts from the saved state instead of stepping the script from
        tick 0 (the state's tick must be at or before the first tick it draws; it
        steps the rest) and writes the same bytes. An APNG part also draws the
        tick before its first, a GIF part the frame before its last whole second:
        save 90 ticks (1.5 s) early and no frame is stepped from tick 0 again.
        'wave render … --shard K/N --state-to FILE' writes the state for shard
        K+1 as it renders shard K.

        The state holds everything the scene's future depends on: the clock,
        variables, layers (spawned and removed), animations and springs, timers,
        text effects and the random generator. It records the script's
        fingerprint, the scene's size and seed and this build's state layout: a
        state of another script (or another version of it) or another build is
        refused, as is a corrupt or truncated file (exit 65, naming the file and
        the byte); a file that cannot be read is exit 74. A script that stops
        before --at is saved at its stop.
        """)

    @Argument(help: "The script.") var file: String
    @Option(parsing: .unconditional, help: "The tick to save: 60s, 500ms or 3600t.", transform: TimeArgument.parse) var at: TimeArgument
    @Option(name: [.short, .customLong("output")], help: "The state file to write.") var output: String
    @Flag(name: .shortAndLong, help: "Print nothing but errors.") var quiet = false

    func validate() throws {
        if FileIdentity.input(among: [file], sameAs: output) != nil {
            throw ValidationError("'-o \(output)' would write over the script itself: name another output")
        }
    }

    func run() throws {
        try StateFiles.save(script: file, at: at.ticks, to: output, quiet: quiet)
    }
}
