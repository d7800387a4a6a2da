import ArgumentParser
import Foundation
import WaveCompiler
import WaveRuntime
import WaveSinks

@main
struct Wave: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wave",
        abstract: "Run .wave animation scripts: check them, render frames to PNG, or play them in the terminal.",
        discussion: """
        A .wave script declares a scene, its layers (shapes, paths, waves, text, groups), and
        how they move: per-tick code ('every tick { phase += 8deg }') and declarative
        animations ('animate ball.level from 200 to 60 over 2s ease ease-out'). Time runs
        at exactly 60 ticks per second.

        Examples:
          wave check examples/*.wave
          wave render examples/progress-ball.wave -o ball.png --time 3s
          wave render examples/stickman.wave -o 'frames/%04d.png' --from 0s --to 2s
          wave play examples/stickman.wave
          wave ir examples/sonar.wave

        Exit codes: 0 ok, 64 usage, 65 script error, 70 runtime error, 74 I/O error.
        The language is specified in grammar.md.
        """,
        subcommands: [Check.self, Render.self, Test.self, Play.self, PlayBench.self, Trace.self, IR.self, Fmt.self, Bench.self, Repl.self]
    )
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse and compile scripts, reporting every error with file:line:column.",
        discussion: "Prints 'FILE: ok' for each good script. Exits 65 if any script has an error.")

    @Argument(help: "Scripts to check.") var files: [String]

    func run() throws {
        var failed = false, ioFailed = false
        for path in files {
            do {
                let (program, _) = try ScriptLoader.compile(path)
                print("\(path): ok (\(program.layers.count) layer\(program.layers.count == 1 ? "" : "s"), \(program.scene.width)x\(program.scene.height))")
            } catch let code as ExitCode {
                if code == Exit.io { ioFailed = true } else { failed = true }
            }
        }
        if failed { throw Exit.script }
        if ioFailed { throw Exit.io }
    }
}

struct IR: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ir",
        abstract: "Print the compiled timeline IR: resolved layers, bound properties, timers and animations.")

    @Argument(help: "The script.") var file: String

    func run() throws {
        let (program, source) = try ScriptLoader.compile(file)
        print(IRPrinter(program: program, file: source).render(), terminator: "")
    }
}
