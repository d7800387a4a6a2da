import ArgumentParser
@preconcurrency import Foundation
import WaveCompiler
import WaveRuntime
import WaveDriver
import WaveGeometry
import WaveGraphics
import WaveAccelerator
import WaveSinks
import WaveSyntax

@main
struct Wave: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wave",
        abstract: "Run .wave animation scripts: check them, render them to images, play them in the terminal, or edit them live.",
        discussion: """
        A .wave script declares a scene, its layers (shapes, paths, waves, text, PNG images, groups; any of them with shadows, blur and blend modes) and how they move: per-tick code ('every tick { phase += 8deg }') and declarative animations ('animate surface.level from 200 to 60 over 2s ease ease-out'). Time runs at exactly 60 ticks per second, and the same script gives the same bytes on every machine.

        Examples:
          wave check examples/*.wave
          wave render examples/progress-ball.wave -o ball.png --time 3s
          wave render examples/sonar.wave -o sonar.gif
          wave play examples/label-effects.wave
          wave trace examples/spring-sheet.wave --prop edge --prop middle --to 1s
          printf 'var x = 2\\nx * 21\\n' | wave repl

        Exit codes: 0 ok, 64 usage, 65 script error, 70 runtime error, 74 I/O error. The language is specified in grammar.md; each subcommand has its own --help.

        Shell completion: wave --generate-completion-script bash (or zsh, fish) prints a completion script for that shell; docs/terminal-and-repl.md says where to install it. scripts/man-page writes this help as a man page, wave.1.
        """,
        version: "wave \(WaveVersion.string)",
        subcommands: [Check.self, Render.self, Join.self, State.self, Test.self, Play.self, PlayBench.self, Trace.self, IR.self, Fmt.self, Bench.self, Repl.self, Lsp.self, Preview.self]
    )

    /// Runs the command; a failure the driver already reported (`Exit`) becomes the process's
    /// exit status, everything else is argument parsing's to report.
    static func main() {
        // A reader that goes away is a write error (EPIPE), reported and turned into the exit
        // status where output was lost; a standard error nobody reads no longer kills the
        // process (status 141) in place of its own exit status.
        signal(SIGPIPE, SIG_IGN)
        if let problem = unknownHelpTopic(in: Array(CommandLine.arguments.dropFirst())) {
            StandardError.write(problem + "\n")
            Foundation.exit(Exit.usage.code)
        }
        do {
            var command = try parseAsRoot()
            let limitProblems = RuntimeLimits.problems() + [Accelerator.problem(), ScriptLoader.confinementProblem()].compactMap { $0 }
            if !limitProblems.isEmpty {
                limitProblems.forEach(Console.error)
                throw Exit.usage
            }
            try command.run()
            // What `print` buffered goes out now: a full disk or a closed standard output is
            // an I/O error, not a silent success. A write that failed earlier, when a large
            // `print` overflowed the buffer, left only the stream's error flag.
            if fflush(nil) != 0 || ferror(stdout) != 0 {
                Console.error("cannot write to standard output: \(IOError.reason(errno == 0 ? EIO : errno))")
                Foundation.exit(Exit.io.code)
            }
        } catch let exit as Exit {
            Foundation.exit(exit.code)
        } catch {
            if let (command, word, meant) = unknownOption(in: Array(CommandLine.arguments.dropFirst())) {
                // swift-argument-parser names a missing script or a failed check first, and
                // an unknown option only after both pass: `wave check --bogus` said the script
                // was missing. The unknown option is the mistake to name.
                var text = "wave: error: unknown option '\(word)'" + (meant.map { "; did you mean '\($0)'?" } ?? "")
                text += "\n" + usageString(for: command).split(separator: "\n").map { "Usage: " + $0 }.prefix(1).joined()
                text += "\n  See 'wave \(command._commandName) --help' for more information."
                StandardError.write(text + "\n")
                Foundation.exit(Exit.usage.code)
            }
            if exitCode(for: error) == .success {
                // Help and --version, written here: argument parser's own print ignored a
                // standard output that cannot be written, and exited 0.
                let text = fullMessage(for: error) + "\n"
                guard CommandLine.arguments.count > 1 else {
                    // `wave` alone asked for nothing: the help, as a usage error.
                    StandardError.write(text)
                    Foundation.exit(Exit.usage.code)
                }
                do { try StandardOutput.write(Array(text.utf8)) } catch {
                    Console.error(Exit.message(error))
                    Foundation.exit(Exit.io.code)
                }
                Foundation.exit(0)
            }
            // Usage errors in the voice of every other error: `wave: error: …`, then the usage.
            StandardError.write(Self.usageMessage(fullMessage(for: error)) + "\n")
            Foundation.exit(exitCode(for: error).rawValue)
        }
    }

    /// swift-argument-parser's message (`Error: Missing expected argument '<file>'`, then
    /// the usage) with its first line as wave says errors: `wave: error: missing expected
    /// argument '<file>'`.
    static func usageMessage(_ message: String) -> String {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard var first = lines.first else { return message }
        if first.hasPrefix("Error: ") { first.removeFirst("Error: ".count) }
        // `Missing …` → `missing …`, but a name stays as written (`WebP`, `MP4`, `PNG`).
        let word = first.prefix { $0 != " " && $0 != "'" }
        if let c = word.first, c.isUppercase, !word.dropFirst().contains(where: \.isUppercase) {
            first = c.lowercased() + first.dropFirst()
        }
        lines[0] = "wave: error: " + first
        return lines.joined(separator: "\n")
    }

    /// The error for `wave help NAME` when NAME is no subcommand (swift-argument-parser
    /// printed the general help and exited 0, as if the name were right); nil otherwise.
    static func unknownHelpTopic(in args: [String]) -> String? {
        guard args.count >= 2, args[0] == "help", !args[1].hasPrefix("-") else { return nil }
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(args[1]) else { return nil }
        var text = "wave: error: unknown subcommand '\(args[1])'"
        if let meant = Suggestion.best(for: args[1], among: names) { text += "; did you mean '\(meant)'?" }
        text += "\nSubcommands: " + names.dropLast().joined(separator: ", ")
        return text + "\n  See 'wave --help' for more information."
    }

    /// The first option on the command line that the subcommand does not have, with the
    /// closest one it does; nil when there is none (or no subcommand).
    static func unknownOption(in args: [String]) -> (ParsableCommand.Type, String, String?)? {
        guard let name = args.first, let command = configuration.subcommands.first(where: { $0._commandName == name }) else { return nil }
        // The options its help lists (`-o, --out <out>`, `--no-cache`), and help's own.
        var known: Set<String> = ["--help", "-h", "--version"]
        for line in command.helpMessage(columns: 10_000).split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-") else { continue }
            for word in trimmed.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-") {
                known.insert(String(word.prefix { $0 != "<" && $0 != "=" }))
            }
        }
        for arg in args.dropFirst() {
            if arg == "--" { break }
            guard arg.hasPrefix("-"), arg.count > 1 else { continue }
            let second = arg.dropFirst().first!
            if second.isNumber || second == "." { continue }   // a negative value (`-1s`)
            let word = String(arg.prefix { $0 != "=" })
            if known.contains(word) { continue }
            if !word.hasPrefix("--"), word.dropFirst().allSatisfy({ known.contains("-\($0)") }) { continue }   // `-qv`
            return (command, word, Suggestion.best(for: word, among: known.sorted()))
        }
        return nil
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse and compile scripts, reporting every error with file:line:column.",
        discussion: """
        Prints 'FILE: ok' with the number of layers and the scene size for each good script, and every error and warning of the others as file:line:column, with the offending source line, a caret and, where one is known, a fix. Exits 65 if any script has an error, else 74 if a file cannot be read. '-' reads the script from standard input (named <stdin> in messages); a directory stands for its *.wave files.

        Examples:
          wave check examples/*.wave
          wave check examples
          wave check scene.wave 2>&1 | head        (the first errors)
          printf 'layer a: circle { radius 5 }' | wave check -
          wave check scene.wave --target lottie   (what a Lottie export could not show exactly)

        With --target svg, json or lottie each good script is also baked as 'wave render -o FILE.svg' (or .json, .lottie) would, over its duration (or 5 s), and the export report is printed as warnings, with file:line:col, without writing anything. Exits 70 if a script fails while running.
        """)

    @Argument(help: "Scripts to check, or directories whose *.wave files to check.") var files: [String]
    @Option(help: "Also print what an export to this format would not show exactly: svg, json (Lottie) or lottie (dotLottie).") var target: OutputFormat?

    func validate() throws {
        if let target, !target.isExport { throw ValidationError("--target is an export format: svg, json or lottie") }
    }

    func run() throws {
        try ScriptCheck.run(files, target: target, line: { print($0) })
    }
}

struct IR: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ir",
        abstract: "Print the compiled timeline IR: resolved layers, bound properties, timers and animations.",
        discussion: """
        What the compiler made of a script: the scene line; each layer with its index, kind, parent group and source line (@line:column) and its properties as constants or expressions; then what happens at which tick (animations with their timing, timers, 'every' handlers). Use it to see how a repetition expanded, which value an option took, or when an animation starts.

        Examples:
          wave ir examples/spinner.wave
          wave ir scene.wave | grep '^layer'      (the layers, in drawing order)
        """)

    @Argument(help: "The script.") var file: String

    func run() throws {
        let (program, source) = try ScriptLoader.compile(file)
        print(IRPrinter(program: program, file: source).render(), terminator: "")
    }
}
