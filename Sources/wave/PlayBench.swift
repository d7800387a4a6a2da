import ArgumentParser
import Foundation
import WaveRuntime
import WaveDriver
import WaveSinks

/// `wave play-bench`: what the terminal player costs per frame, without a terminal.
struct PlayBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play-bench",
        abstract: "Measure the terminal player: bytes and milliseconds per frame for each script.",
        discussion: """
        Plays each script for --ticks ticks at --width x --height cells through the same \
        drawing path as 'wave play' (one renderer per player, frames built as the terminal \
        sink requests), into a byte counter instead of a terminal, without pacing or a \
        status row, and prints bytes per frame (mean, the first full \
        frame included), the largest frame (usually that first one, drawn whole), and drawing \
        time per frame (frame building, rasterizing, cell encoding and escape codes; stepping \
        the scene not included), mean and 95th percentile. Targets for the reference scenes \
        at 120x40 in half blocks and 24-bit colour: at most 25 KB and 2 ms per frame.

        Build in release first:
          swift build -c release && .build/release/wave play-bench examples/*.wave
        """)

    @Argument(help: "Scripts to measure (default: examples/*.wave).") var files: [String] = []
    @Option(parsing: .unconditional, help: "Ticks (frames) per script.") var ticks: Int = 600
    @Option(parsing: .unconditional, help: "Width in cells.") var width: Int = 120
    @Option(parsing: .unconditional, help: "Height in cells.") var height: Int = 40
    @Option(help: "How cells show pixels.") var cells: CellMode = .half
    @Option(help: "Colours.") var color: ColorMode = .truecolor
    @Option(help: "Text layers as outlines (pixels) or as characters (cells).") var text: TextMode = .pixels

    func validate() throws {
        guard (1...100_000).contains(ticks) else { throw ValidationError("--ticks must be 1 to 100000") }
        guard (1...2000).contains(width), (1...1000).contains(height) else { throw ValidationError("--width and --height must be 1 to 2000 and 1 to 1000 cells") }
    }

    func run() throws {
        var options = PlayOptions()
        options.cells = cells
        options.color = color
        options.text = text
        try Benchmark.player(paths: try ScriptLoader.scriptsOrExamples(files), ticks: ticks, columns: width, rows: height,
                             options: options, line: { print($0) })
    }
}
