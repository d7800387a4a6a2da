import ArgumentParser
import Foundation
import WaveDriver
import WaveSyntax

struct Fmt: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Rewrite scripts in canonical layout, keeping every comment.",
        discussion: """
        Canonical layout (grammar.md §9, "Canonical layout"): two spaces of indentation per \
        block and one statement per line; '}' on its own line, unless the block was written \
        on one line and that line fits in \(ScriptFormatter.maxLineWidth) columns; one space around operators and \
        after commas; 'sin(x)' but 'center (1, 2)'; two spaces between layer properties \
        where the author used two or more, and wider runs where they line up a table. The \
        author's line breaks between properties, every comment, and the spelling of numbers, \
        colours and strings are kept; blank lines shrink to at most one. Formatting never \
        changes what a script means, and formatting a formatted file changes nothing.

        Each file that changes is rewritten in place, atomically (a temporary file beside it \
        is renamed over it), and 'formatted FILE' is printed; files already formatted are \
        left alone, silently. '-' reads a script from standard input and prints it \
        formatted on standard output (an editor's filter: wave fmt - < in.wave > out.wave).

        With --check nothing is written: for each file that is not formatted, a diff of what \
        would change is printed and the exit status is 1. Use it in CI:
          wave fmt --check examples/*.wave

        A script with syntax errors is not formatted; its errors are printed as 'wave check' \
        prints them.

        Exit codes: 0 formatted (or nothing to do), 1 --check found a file to reformat, \
        64 usage, 65 syntax error, 74 I/O error.
        """)

    @Argument(help: "Scripts to format.") var files: [String]
    @Flag(help: "Write nothing; print a diff of what would change and exit 1 if any file would change.") var check = false

    func run() throws {
        try Reformat(files: files, check: check).run(write: { print($0, terminator: "") })
    }
}
