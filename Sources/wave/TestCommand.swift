import ArgumentParser
import Foundation
import WaveCodecs
import WaveRuntime
import WaveDriver
import WaveSinks
import WaveSyntax

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check scripts' frames against committed golden PNGs (for CI).",
        discussion: """
        For each script NAME.wave, renders the ticks its '# golden: 0 60 120' comment
        line names (ticks or times: 0 1.5s 250ms 90t), or else tick 0, the middle and
        the last tick of the scene's duration (0, 60 and 120 without one), and compares
        each with goldens/NAME/TTTT.png. A pixel matches when every channel (RGBA) is
        within --tolerance.

        On a mismatch it writes TTTT-expected.png, TTTT-actual.png and TTTT-diff.png
        (differences in red over a faded copy of the golden) to
        .wave-test-failures/NAME/ and names them, and .wave-test-failures/index.html
        shows them side by side with a box blinking between expected and actual.
        A missing golden fails too.
        --record (re)writes the goldens instead; look at them before committing.

          wave test                       # the scripts in examples/
          wave test examples --record     # after an intended change
          wave test examples/sonar.wave --tolerance 4

        Exit codes: 0 all matched, 1 a frame did not match or a golden is missing,
        65 script error, 70 runtime error, 74 I/O error (the worst one wins).
        """)

    @Argument(help: "Scripts, or directories whose *.wave files to check (default: examples).") var paths: [String] = []
    @Flag(help: "Write the goldens from the current rendering instead of checking.") var record = false
    @Option(parsing: .unconditional, help: "Largest accepted difference per channel, 0-255.") var tolerance: Int = 2
    @Option(help: "Directory of the goldens.") var goldens: String = "goldens"
    @Option(help: "Directory for the images of failed checks.") var failures: String = ".wave-test-failures"

    func validate() throws {
        guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0 to 255") }
    }

    func run() throws {
        let scripts = try collectScripts()
        Interrupts.install()
        var worst: Int32 = 0
        var checked = 0, failed = 0, broken = 0
        var reportEntries: [TestReport.Failure] = []
        for path in scripts {
            let name = PathName.stem(path)
            do {
                let (program, source) = try ScriptLoader.compile(path, quietWarnings: true)
                let ticks: [Int]
                do { ticks = try GoldenTicks.ticks(in: source.text, durationTicks: program.scene.durationTicks) } catch let p as GoldenTicks.Problem {
                    Console.note("\(path):\(p.line):\(p.column): error[\(DiagnosticCode.badGoldenLine.rawValue)]: \(p.message)")
                    throw Exit.script
                }
                let check = GoldenCheck(program: program, ticks: ticks, goldens: goldens + "/" + name,
                                        failures: failures + "/" + name, tolerance: tolerance)
                let outcomes: [GoldenCheck.Outcome]
                do { outcomes = try check.run(record: record) } catch {
                    throw Exit.report(error, source: source)
                }
                checked += outcomes.count
                let bad = outcomes.filter(\.failed)
                failed += bad.count
                report(path, outcomes)
                reportEntries += TestReport.failures(script: path, outcomes, root: failures)
                if !bad.isEmpty { worst = max(worst, 1) }
            } catch let code as Exit {
                if code.code >= 128 { throw code }
                worst = max(worst, code.code)
                broken += 1
                print("\(path): error (exit \(code.code))")
            }
        }
        if record {
            let done = scripts.count - broken
            var line = "recorded \(checked) golden\(checked == 1 ? "" : "s") for \(done) script\(done == 1 ? "" : "s") in \(goldens)/"
            if broken > 0 { line += "; \(broken) script\(broken == 1 ? "" : "s") could not be recorded" }
            print(line)
        } else {
            var outcome = failed == 0 ? "all matched" : "\(failed) failed; images in \(failures)/"
            if broken > 0 { outcome = (failed == 0 ? "" : outcome + "; ") + "\(broken) script\(broken == 1 ? "" : "s") could not be checked" }
            print("\(scripts.count) script\(scripts.count == 1 ? "" : "s"), \(checked) frame\(checked == 1 ? "" : "s"): " + outcome)
            let page = failures + "/index.html"
            if reportEntries.isEmpty {
                // A page from an earlier run that failed would describe images this run has
                // taken away: it goes, and the folder with it once empty.
                try? FileManager.default.removeItem(atPath: page)
                if (try? FileManager.default.contentsOfDirectory(atPath: failures))?.isEmpty == true {
                    try? FileManager.default.removeItem(atPath: failures)
                }
            } else {
                do {
                    try AtomicFile.write(Array(TestReport(failures: reportEntries).html().utf8), to: page)
                    print("report: \(page) (expected, actual and diff side by side; open it in a browser)")
                } catch {
                    Console.error("cannot write the report: \(Exit.message(error))")
                    worst = max(worst, Exit.io.code)
                }
            }
        }
        if worst != 0 { throw Exit(worst) }
    }

    /// The scripts named, with directories expanded to their *.wave files (sorted).
    func collectScripts() throws -> [String] {
        var isDir: ObjCBool = false
        if paths.isEmpty, !(FileManager.default.fileExists(atPath: "examples", isDirectory: &isDir) && isDir.boolValue) {
            Console.error("no scripts given and no examples/ folder here: give scripts or folders of them")
            throw Exit.usage
        }
        let out = try ScriptLoader.expandingDirectories(paths.isEmpty ? ["examples"] : paths)
        guard !out.isEmpty else { Console.error("no .wave scripts in \(paths.joined(separator: " "))"); throw Exit.usage }
        return out
    }

    func report(_ path: String, _ outcomes: [GoldenCheck.Outcome]) {
        let ticks = outcomes.map { o -> Int in
            switch o {
            case .passed(let t, _), .recorded(let t, _), .missing(let t, _, _), .mismatch(let t, _, _), .unreadable(let t, _, _, _): return t
            }
        }
        if outcomes.allSatisfy({ !$0.failed }) {
            print("\(path): \(record ? "recorded" : "ok") (ticks \(ticks.map(String.init).joined(separator: " ")))")
            return
        }
        print("\(path): FAILED")
        for o in outcomes {
            switch o {
            case .passed, .recorded: continue
            case let .missing(t, golden, actual):
                print("  tick \(t): no golden \(golden) (this run's frame: \(actual))")
            case let .unreadable(t, golden, reason, actual):
                print("  tick \(t): cannot read golden \(golden): \(reason) (this run's frame: \(actual))")
            case let .mismatch(t, c, files):
                let what = c.sizesMatch
                    ? "\(c.differingPixels) pixel\(c.differingPixels == 1 ? "" : "s") differ by up to \(c.maxDifference) (tolerance \(c.tolerance))"
                    : "the frame's size differs from the golden's"
                print("  tick \(t): \(what)")
                for f in files { print("    \(f)") }
            }
        }
        if outcomes.contains(where: { if case .missing = $0 { return true } else { return false } }) {
            // The same places as this run, so the command records where this run looked.
            let goldensOption = goldens == "goldens" ? "" : " --goldens \(Console.shellQuoted(goldens))"
            print("  to create missing goldens: wave test --record\(goldensOption) \(Console.shellQuoted(path))  (then look at them before committing)")
        }
    }
}
