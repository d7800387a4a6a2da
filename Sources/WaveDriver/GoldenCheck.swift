import Foundation
import WaveSinks
import WaveCodecs
import WaveCompiler
import WaveGeometry
import WaveGraphics
import WaveRuntime

/// Golden-frame checks of one script: renders the chosen ticks at the scene's size and
/// compares each with `goldens/NAME/TTTT.png`, or (recording) writes those files.
///
/// On a mismatch it writes `TTTT-expected.png`, `TTTT-actual.png` and `TTTT-diff.png` into
/// `failures` (for a missing golden, just `TTTT-actual.png`).
public struct GoldenCheck: Sendable {
    public var program: Program
    public var ticks: [Int]
    /// `goldens/NAME`.
    public var goldens: String
    /// `.wave-test-failures/NAME`.
    public var failures: String
    public var tolerance: Int

    public init(program: Program, ticks: [Int], goldens: String, failures: String, tolerance: Int) {
        self.program = program
        self.ticks = Array(Set(ticks)).sorted()
        self.goldens = goldens
        self.failures = failures
        self.tolerance = tolerance
    }

    public enum Outcome: Equatable, Sendable {
        case passed(tick: Int, maxDifference: Int)
        case recorded(tick: Int, path: String)
        case missing(tick: Int, golden: String, actual: String)
        /// `files`: expected, actual and (when the sizes match) diff.
        case mismatch(tick: Int, comparison: GoldenComparison, files: [String])
        case unreadable(tick: Int, golden: String, reason: String, actual: String)

        public var failed: Bool {
            switch self {
            case .passed, .recorded: return false
            case .missing, .mismatch, .unreadable: return true
            }
        }
    }

    /// File name of a tick's golden: `0060.png`.
    public static func fileName(_ tick: Int) -> String { String(format: "%04d.png", tick) }

    /// Renders every tick (one pipeline run) and checks or records it.
    /// Throws `RuntimeError`, `IOError` or `CodecError`; `Interrupted` if `shouldStop`.
    public func run(record: Bool, shouldStop: () -> Bool = { Interrupts.isInterrupted }) throws -> [Outcome] {
        try clearOldFailures()
        var runtime = try SceneRuntime(program: program)
        var outcomes: [Outcome] = []
        // Recording writes nothing until every tick has rendered: a script that fails part
        // way keeps its old goldens whole, not a mix of old and new.
        var rendered: [(tick: Int, image: DecodedImage)] = []
        try FramePipeline().run(&runtime, ticks: ticks, shouldStop: shouldStop) { tick, pixmap in
            let actual = DecodedImage(width: pixmap.width, height: pixmap.height, rgba: pixmap.unpremultipliedRGBA())
            if record { rendered.append((tick, actual)) } else { outcomes.append(try check(tick, actual)) }
        }
        if shouldStop() { throw Interrupted(signal: Interrupts.signalNumber) }
        if record {
            try makeDirectory(goldens)
            for (tick, image) in rendered { outcomes.append(try self.record(tick, image)) }
            removeStaleGoldens()
        }
        return outcomes
    }

    private func record(_ tick: Int, _ actual: DecodedImage) throws -> Outcome {
        let path = goldens + "/" + GoldenCheck.fileName(tick)
        try AtomicFile.write(try png(actual), to: path)
        return .recorded(tick: tick, path: path)
    }

    private func check(_ tick: Int, _ actual: DecodedImage) throws -> Outcome {
        let path = goldens + "/" + GoldenCheck.fileName(tick)
        let stem = failures + "/" + String(format: "%04d", tick)
        let expected: DecodedImage
        do { expected = try PNGDecoder.decode(try FileBytes.readRegular(path, limit: 1 << 30)) } catch {
            try writeFailure(stem + "-actual.png", actual)
            if let e = error as? FileReadError, e.missing { return .missing(tick: tick, golden: path, actual: stem + "-actual.png") }
            let reason = (error as? FileReadError)?.reason ?? (error as? CodecError)?.message ?? "\(error)"
            return .unreadable(tick: tick, golden: path, reason: reason, actual: stem + "-actual.png")
        }
        let comparison = GoldenComparison(expected: expected, actual: actual, tolerance: tolerance)
        if comparison.passed { return .passed(tick: tick, maxDifference: comparison.maxDifference) }
        var files = [stem + "-expected.png", stem + "-actual.png"]
        try writeFailure(files[0], expected)
        try writeFailure(files[1], actual)
        if let diff = GoldenComparison.diffImage(expected: expected, actual: actual, tolerance: tolerance) {
            files.append(stem + "-diff.png")
            try writeFailure(files[2], diff)
        }
        return .mismatch(tick: tick, comparison: comparison, files: files)
    }

    private func png(_ image: DecodedImage) throws -> [UInt8] {
        try PNGEncoder.encode(width: image.width, height: image.height, rgba: image.rgba, compression: 9)
    }

    private func writeFailure(_ path: String, _ image: DecodedImage) throws {
        try makeDirectory(failures)
        try AtomicFile.write(try png(image), to: path)
    }

    private func makeDirectory(_ path: String) throws {
        try AtomicFile.makeDirectory(path)
    }

    /// Removes this script's failure images from an earlier run, so none are stale.
    private func clearOldFailures() throws {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: failures) else { return }
        for n in names where n.range(of: #"^[0-9]+-(expected|actual|diff)\.png$"#, options: .regularExpression) != nil {
            try? FileManager.default.removeItem(atPath: failures + "/" + n)
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: failures))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: failures)
        }
    }

    /// Removes goldens of ticks the script no longer checks.
    private func removeStaleGoldens() {
        let keep = Set(ticks.map(GoldenCheck.fileName))
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: goldens) else { return }
        for n in names where !keep.contains(n) && n.range(of: #"^[0-9]+\.png$"#, options: .regularExpression) != nil {
            try? FileManager.default.removeItem(atPath: goldens + "/" + n)
        }
    }
}
