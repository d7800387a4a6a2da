import ArgumentParser
import WaveDriver
import WaveSinks

struct Join: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join the part files of a sharded render into the file a whole render writes, byte for byte.",
        discussion: """
        Render an animation in shards, anywhere, then join the parts:
          wave render s.wave -o out.gif --shard 0/4   (out.gif.0-75.part)
          …
          wave render s.wave -o out.gif --shard 3/4   (out.gif.225-300.part)
          wave join out.gif                (finds out.gif.*.part beside it)
          wave join out.gif parts/*.part   (or name the parts)

        APNG, GIF, Y4M, WebP, MP4, WebM and asciicast parts join into exactly the bytes of
        rendering the whole range at once (WebP, MP4 and WebM parts hold their frames,
        and the join encodes them). A PNG sequence needs no join: each shard writes its frames
        under their tick numbers in the whole range. The parts must come from the
        same script, size, range and encoder settings, and tile the range with no
        gap or overlap; otherwise nothing is written. Each part ends with its frames'
        length and checksum, so a part cut short or damaged in transit is refused too.
        The part files are kept.
        Exit codes: 0 ok, 64 usage, 65 parts that do not join (bad head, another
        render's part, a gap, an overlap, a cut or damaged part), 74 I/O error.
        """)

    @Argument(help: "The file to write (.apng, .gif or .y4m).") var output: String
    @Argument(help: "The part files (default: OUTPUT.A-B.part beside OUTPUT).") var parts: [String] = []
    @Flag(name: .shortAndLong, help: "Print nothing but errors.") var quiet = false

    func validate() throws {
        if output == "-" { throw ValidationError("give a file to write; the join is written atomically, not to standard output") }
        if ImageFormat.fromExtension(output) == .png || RenderDestination.isPattern(output) {
            throw ValidationError("a PNG sequence needs no join: each shard writes its frames under their tick numbers")
        }
        if output.hasSuffix(".part") {
            // `wave join out.gif.*.part`: the output name was left out, and the first part
            // would be written over.
            throw ValidationError("the first name is the file to write, not a part: 'wave join OUT.gif [PARTS…]' (here '\(output)')")
        }
        if !(ImageFormat.fromExtension(output)?.isAnimated ?? false) {
            throw ValidationError("'\(output)' is no animation to join into: name a .apng, .gif or .y4m file")
        }
        if let same = FileIdentity.input(among: parts, sameAs: output) {
            throw ValidationError("'\(same)' is both a part and the file to write: name another output")
        }
    }

    func run() throws {
        try JoinJob(output: output, parts: parts).run(quiet: quiet)
    }
}
