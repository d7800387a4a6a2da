import Foundation
import WaveSinks
import WaveSyntax

/// `wave test`: each script's golden frames checked (or recorded) with `GoldenCheck`, a
/// line per script and a total handed to `line`, and on failures the side-by-side page
/// `TestReport` in the failures directory. Ends with the worst failure's `Exit`: 1 for a
/// frame that did not match, else the script's own status.
public struct GoldenSuite {
    /// Scripts, or directories of them; none: `examples`.
    public var paths: [String]
    /// Write the goldens instead of checking them.
    public var record = false
    /// Largest accepted difference per channel.
    public var tolerance = 2
    /// Directory of the goldens, and of the failure images.
    public var goldens = "goldens"
    public var failures = ".wave-test-failures"
    /// Also write the run as JUnit XML to this file (`JUnitReport`).
    public var junit: String?

    /// A check of the scripts `paths` names.
    public init(paths: [String]) { self.paths = paths }

    /// Checks or records every script; `line` gets the text for standard output.
    public func run(line out: (String) -> Void) throws {
        let scripts = try collectScripts()
        Interrupts.install()
        var worst: Int32 = 0
        var checked = 0, failed = 0, broken = 0
        var reportEntries: [TestReport.Failure] = []
        var junitReport = JUnitReport()
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
                report(path, outcomes, out)
                reportEntries += TestReport.failures(script: path, outcomes, root: failures)
                junitReport.add(script: path, outcomes)
                if !bad.isEmpty { worst = max(worst, 1) }
            } catch let code as Exit {
                if code.code >= 128 { throw code }
                worst = max(worst, code.code)
                broken += 1
                out("\(path): error (exit \(code.code))")
                junitReport.add(script: path, error: "the script could not be checked (exit \(code.code): \(GoldenSuite.meaning(code)))")
            }
        }
        if record {
            let done = scripts.count - broken
            var line = "recorded \(checked) golden\(checked == 1 ? "" : "s") for \(done) script\(done == 1 ? "" : "s") in \(goldens)/"
            if broken > 0 { line += "; \(broken) script\(broken == 1 ? "" : "s") could not be recorded" }
            out(line)
        } else {
            var outcome = failed == 0 ? "all matched" : "\(failed) failed; images in \(failures)/"
            if broken > 0 { outcome = (failed == 0 ? "" : outcome + "; ") + "\(broken) script\(broken == 1 ? "" : "s") could not be checked" }
            out("\(scripts.count) script\(scripts.count == 1 ? "" : "s"), \(checked) frame\(checked == 1 ? "" : "s"): " + outcome)
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
                    out("report: \(page) (expected, actual and diff side by side; open it in a browser)")
                } catch {
                    Console.error("cannot write the report: \(Exit.message(error))")
                    worst = max(worst, Exit.io.code)
                }
            }
        }
        if let junit {
            do { try AtomicFile.write(Array(junitReport.xml().utf8), to: junit) } catch {
                Console.error("cannot write the JUnit report: \(Exit.message(error))")
                worst = max(worst, Exit.io.code)
            }
        }
        if worst != 0 { throw Exit(worst) }
    }

    /// What an exit status of a script that could not be checked means.
    static func meaning(_ code: Exit) -> String {
        switch code {
        case .script: return "script error"
        case .runtime: return "runtime error"
        case .io: return "I/O error"
        default: return "error"
        }
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

    /// The lines for one script's outcomes: ok, or each failed frame and its files.
    func report(_ path: String, _ outcomes: [GoldenCheck.Outcome], _ out: (String) -> Void) {
        let ticks = outcomes.map { o -> Int in
            switch o {
            case .passed(let t, _), .recorded(let t, _), .missing(let t, _, _), .mismatch(let t, _, _), .unreadable(let t, _, _, _): return t
            }
        }
        if outcomes.allSatisfy({ !$0.failed }) {
            out("\(path): \(record ? "recorded" : "ok") (ticks \(ticks.map(String.init).joined(separator: " ")))")
            return
        }
        out("\(path): FAILED")
        for o in outcomes {
            switch o {
            case .passed, .recorded: continue
            case let .missing(t, golden, actual):
                out("  tick \(t): no golden \(golden) (this run's frame: \(actual))")
            case let .unreadable(t, golden, reason, actual):
                out("  tick \(t): cannot read golden \(golden): \(reason) (this run's frame: \(actual))")
            case let .mismatch(t, c, files):
                let what = c.sizesMatch
                    ? "\(c.differingPixels) pixel\(c.differingPixels == 1 ? "" : "s") differ by up to \(c.maxDifference) (tolerance \(c.tolerance))"
                    : "the frame's size differs from the golden's"
                out("  tick \(t): \(what)")
                for f in files { out("    \(f)") }
            }
        }
        if outcomes.contains(where: { if case .missing = $0 { return true } else { return false } }) {
            // The same places as this run, so the command records where this run looked.
            let goldensOption = goldens == "goldens" ? "" : " --goldens \(Console.shellQuoted(goldens))"
            out("  to create missing goldens: wave test --record\(goldensOption) \(Console.shellQuoted(path))  (then look at them before committing)")
        }
    }
}
