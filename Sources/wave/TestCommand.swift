import ArgumentParser
import Foundation
import WaveDriver

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
        (a heat map of how far pixels differ, pale yellow to red, over a faded copy of the
        golden, with its scale in a strip below) to
        .wave-test-failures/NAME/ and names them, and .wave-test-failures/index.html
        shows them side by side with a box blinking between expected and actual.
        A missing golden fails too. --junit FILE also writes the results as JUnit XML: a
        testsuite per script, a testcase per golden frame, a failure with its message.
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
    @Option(help: "Also write the results as JUnit XML to this file (a testcase per golden frame), for CI test pages.") var junit: String?

    func validate() throws {
        guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0 to 255") }
    }

    func run() throws {
        var suite = GoldenSuite(paths: paths)
        suite.record = record
        suite.tolerance = tolerance
        suite.goldens = goldens
        suite.failures = failures
        suite.junit = junit
        try suite.run(line: { print($0) })
    }
}
